//! Ed448 (RFC 8032) and X448 (RFC 7748) keys, on RustCrypto's
//! `ed448-goldilocks` and `x448`: constant-time field and scalar
//! arithmetic (`crypto-bigint` underneath, as the NIST curves here), no
//! `unsafe`. Both crates are 0.14 prereleases of the `elliptic-curves`
//! workspace whose 0.14 releases (`p256`, `p384`, `p521`, `elliptic-curve`)
//! the tree already uses; they depend on those releases, so they bring no
//! second copy of the stack. `ed448-goldilocks` 0.9, the last release
//! before the crate moved into RustCrypto, is unmaintained.
//!
//! The key formats are RFC 8410's: an Ed448 key's 57 bytes, an X448 key's
//! 56, in the one PKCS #8 and SPKI shape each (v1 PKCS #8, as OpenSSL and
//! so Node write it). An X448 private key keeps the bytes it was given
//! (JWK's `d`, PKCS #8), unclamped, as Node exports them; `x448` clamps
//! them for each use.

use ed448_goldilocks::pkcs8::{DecodePrivateKey as _, DecodePublicKey as _};
use ed448_goldilocks::{SigningKey, VerifyingKey};
use zeroize::Zeroizing;

use super::{Result, access, data, operation};

const ED448_LEN: usize = 57;
const X448_LEN: usize = 56;

/// RFC 8410's PKCS #8 (v1) and SPKI headers, before the key's bytes.
const ED448_PKCS8_PREFIX: [u8; 16] = [
    0x30, 0x47, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x71, 0x04, 0x3b, 0x04, 0x39,
];
const ED448_SPKI_PREFIX: [u8; 12] = [
    0x30, 0x43, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x71, 0x03, 0x3a, 0x00,
];
const X448_PKCS8_PREFIX: [u8; 16] = [
    0x30, 0x46, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6f, 0x04, 0x3a, 0x04, 0x38,
];
const X448_SPKI_PREFIX: [u8; 12] = [
    0x30, 0x42, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6f, 0x03, 0x39, 0x00,
];

fn exact<const N: usize>(bytes: &[u8], what: &str) -> Result<[u8; N]> {
    bytes
        .try_into()
        .map_err(|_| data(format!("{what} must be {N} bytes, not {}", bytes.len())))
}

/// An Ed448 key: the verifying key, and the signing key of a private one
/// (boxed: it is large, and wiped when dropped).
pub struct Ed448Key {
    secret: Option<Box<SigningKey>>,
    public: VerifyingKey,
}

impl std::fmt::Debug for Ed448Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the secret.
        write!(f, "Ed448Key(private: {})", self.is_private())
    }
}

impl Ed448Key {
    pub fn is_private(&self) -> bool {
        self.secret.is_some()
    }

    fn private(sk: SigningKey) -> Ed448Key {
        let public = sk.verifying_key();
        Ed448Key {
            secret: Some(Box::new(sk)),
            public,
        }
    }

    pub fn generate() -> Result<Ed448Key> {
        Self::from_secret(&Zeroizing::new(super::random(ED448_LEN)?))
    }

    /// A private key from its 57-byte seed (RFC 8032's secret key).
    pub fn from_secret(seed: &[u8]) -> Result<Ed448Key> {
        let seed = Zeroizing::new(exact::<ED448_LEN>(seed, "an Ed448 private key")?);
        let sk =
            SigningKey::try_from(&seed[..]).map_err(|e| data(format!("invalid Ed448 key: {e}")))?;
        Ok(Self::private(sk))
    }

    /// A public key from its 57 bytes: a point on the curve, not the
    /// neutral element.
    pub fn from_raw(bytes: &[u8]) -> Result<Ed448Key> {
        let raw = exact::<ED448_LEN>(bytes, "an Ed448 public key")?;
        let public =
            VerifyingKey::from_bytes(&raw).map_err(|_| data("invalid Ed448 public key"))?;
        Ok(Ed448Key {
            secret: None,
            public,
        })
    }

    pub fn from_spki(der: &[u8]) -> Result<Ed448Key> {
        let public = VerifyingKey::from_public_key_der(der)
            .map_err(|e| data(format!("invalid Ed448 SubjectPublicKeyInfo: {e}")))?;
        Ok(Ed448Key {
            secret: None,
            public,
        })
    }

    pub fn from_pkcs8(der: &[u8]) -> Result<Ed448Key> {
        let sk = SigningKey::from_pkcs8_der(der)
            .map_err(|e| data(format!("invalid Ed448 PKCS #8 key: {e}")))?;
        Ok(Self::private(sk))
    }

    pub fn to_raw(&self) -> Vec<u8> {
        self.public.to_bytes().to_vec()
    }

    pub fn secret_bytes(&self) -> Option<Vec<u8>> {
        self.secret.as_ref().map(|sk| sk.to_bytes().to_vec())
    }

    pub fn to_spki(&self) -> Vec<u8> {
        [&ED448_SPKI_PREFIX[..], self.public.as_bytes()].concat()
    }

    pub fn to_pkcs8(&self) -> Result<Vec<u8>> {
        let sk = self
            .secret
            .as_ref()
            .ok_or_else(|| access("not a private key"))?;
        Ok([&ED448_PKCS8_PREFIX[..], &sk.to_bytes()[..]].concat())
    }

    /// The RFC 8032 Ed448 signature of `msg`, with an empty context
    /// (deterministic: the same key and message give the same bytes).
    pub fn sign(&self, msg: &[u8]) -> Result<Vec<u8>> {
        let sk = self
            .secret
            .as_ref()
            .ok_or_else(|| access("the key cannot sign"))?;
        Ok(sk.sign_raw(msg).to_bytes().to_vec())
    }

    /// Whether `sig` is an Ed448 signature of `msg` with an empty context
    /// (a canonical S, R and the key on the curve and not neutral).
    pub fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        ed448_goldilocks::Signature::try_from(sig)
            .is_ok_and(|sig| self.public.verify_raw(&sig, msg).is_ok())
    }
}

/// An X448 key: the public u-coordinate, and the private key's bytes as
/// given.
pub struct X448Key {
    secret: Option<Zeroizing<[u8; X448_LEN]>>,
    public: [u8; X448_LEN],
}

impl std::fmt::Debug for X448Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "X448Key(private: {})", self.is_private())
    }
}

impl X448Key {
    pub fn is_private(&self) -> bool {
        self.secret.is_some()
    }

    pub fn generate() -> Result<X448Key> {
        Self::from_secret(&Zeroizing::new(super::random(X448_LEN)?))
    }

    /// A private key from its 56 bytes; its public key is their product
    /// with the base point.
    pub fn from_secret(bytes: &[u8]) -> Result<X448Key> {
        let secret = Zeroizing::new(exact::<X448_LEN>(bytes, "an X448 private key")?);
        let public = x448::x448_unchecked(*secret, x448::X448_BASEPOINT_BYTES);
        Ok(X448Key {
            secret: Some(secret),
            public,
        })
    }

    /// A public key from its 56 bytes. Any u-coordinate is taken, as
    /// RFC 7748 asks; one of small order fails at `agree`, where the spec
    /// puts that check.
    pub fn from_raw(bytes: &[u8]) -> Result<X448Key> {
        Ok(X448Key {
            secret: None,
            public: exact::<X448_LEN>(bytes, "an X448 public key")?,
        })
    }

    pub fn from_spki(der: &[u8]) -> Result<X448Key> {
        Self::from_raw(after(
            der,
            &X448_SPKI_PREFIX,
            X448_LEN,
            "X448 SubjectPublicKeyInfo",
        )?)
    }

    pub fn from_pkcs8(der: &[u8]) -> Result<X448Key> {
        Self::from_secret(after(
            der,
            &X448_PKCS8_PREFIX,
            X448_LEN,
            "X448 PKCS #8 key",
        )?)
    }

    pub fn to_raw(&self) -> Vec<u8> {
        self.public.to_vec()
    }

    pub fn secret_bytes(&self) -> Option<Vec<u8>> {
        self.secret.as_ref().map(|s| s.to_vec())
    }

    pub fn to_spki(&self) -> Vec<u8> {
        [&X448_SPKI_PREFIX[..], &self.public[..]].concat()
    }

    pub fn to_pkcs8(&self) -> Result<Vec<u8>> {
        let secret = self
            .secret
            .as_ref()
            .ok_or_else(|| access("not a private key"))?;
        Ok([&X448_PKCS8_PREFIX[..], &secret[..]].concat())
    }

    /// The shared secret with `public`: an all-zero one (a public key of
    /// small order) is an OperationError, as the spec says.
    pub fn agree(&self, public: &X448Key) -> Result<Vec<u8>> {
        let secret = self
            .secret
            .as_ref()
            .ok_or_else(|| access("X448 needs a private key"))?;
        let shared = Zeroizing::new(x448::x448_unchecked(**secret, public.public));
        if shared.iter().all(|&b| b == 0) {
            return Err(operation("X448: the public key is of small order"));
        }
        Ok(shared.to_vec())
    }
}

fn after<'a>(der: &'a [u8], prefix: &[u8], len: usize, what: &str) -> Result<&'a [u8]> {
    der.strip_prefix(prefix)
        .filter(|rest| rest.len() == len)
        .ok_or_else(|| data(format!("invalid {what}")))
}

#[cfg(test)]
#[path = "okp448_tests.rs"]
mod tests;
