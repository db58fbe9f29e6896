//! Ed25519 (RFC 8032, `ed25519-dalek`) and X25519 (RFC 7748,
//! `x25519-dalek`): the "secure curves" of the API.

use ed25519_dalek::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePublicKey};
use ed25519_dalek::{Signer, SigningKey, VerifyingKey};
use x25519_dalek::{PublicKey, StaticSecret};

use super::{CryptoError, Result, access, data, operation};

/// An Ed25519 or X25519 key: the public key, and the secret for a private
/// key. (An Ed25519 signing key is large; a key lives once, in an `Arc`.)
#[allow(clippy::large_enum_variant)]
pub enum OkpKey {
    Ed25519(Option<SigningKey>, VerifyingKey),
    X25519(Option<StaticSecret>, PublicKey),
}

/// A PKCS #8 key of RFC 8410 is one shape: this prefix and the 32 bytes.
/// Exports use it (the v1 form browsers and Node write; `ed25519-dalek`'s
/// own encoder adds the public key, v2), and X25519 imports too
/// (`x25519-dalek` has no PKCS #8 of its own).
const ED25519_PKCS8_PREFIX: [u8; 16] = [
    0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
];
const X25519_PKCS8_PREFIX: [u8; 16] = [
    0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20,
];
const X25519_SPKI_PREFIX: [u8; 12] = [
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00,
];

impl std::fmt::Debug for OkpKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the secret.
        write!(f, "OkpKey({}, private: {})", self.name(), self.is_private())
    }
}

fn key32(bytes: &[u8], what: &str) -> Result<[u8; 32]> {
    bytes
        .try_into()
        .map_err(|_| data(format!("{what} must be 32 bytes, not {}", bytes.len())))
}

fn after_prefix<'a>(der: &'a [u8], prefix: &[u8], what: &str) -> Result<&'a [u8]> {
    der.strip_prefix(prefix)
        .filter(|rest| rest.len() == 32)
        .ok_or_else(|| data(format!("invalid X25519 {what}")))
}

fn unknown(name: &str) -> CryptoError {
    CryptoError::NotSupported(format!("unknown algorithm {name}"))
}

impl OkpKey {
    pub fn name(&self) -> &'static str {
        match self {
            OkpKey::Ed25519(..) => "Ed25519",
            OkpKey::X25519(..) => "X25519",
        }
    }

    pub fn is_private(&self) -> bool {
        match self {
            OkpKey::Ed25519(sk, _) => sk.is_some(),
            OkpKey::X25519(sk, _) => sk.is_some(),
        }
    }

    pub fn generate(name: &str) -> Result<OkpKey> {
        Self::from_seed(name, &key32(&super::random(32)?, "seed")?)
    }

    fn from_seed(name: &str, seed: &[u8; 32]) -> Result<OkpKey> {
        match name {
            "Ed25519" => {
                let sk = SigningKey::from_bytes(seed);
                let vk = sk.verifying_key();
                Ok(OkpKey::Ed25519(Some(sk), vk))
            }
            "X25519" => {
                let sk = StaticSecret::from(*seed);
                let pk = PublicKey::from(&sk);
                Ok(OkpKey::X25519(Some(sk), pk))
            }
            other => Err(unknown(other)),
        }
    }

    /// A public key from its 32 bytes.
    pub fn from_raw(name: &str, bytes: &[u8]) -> Result<OkpKey> {
        let raw = key32(bytes, "the public key")?;
        match name {
            "Ed25519" => VerifyingKey::from_bytes(&raw)
                .map(|vk| OkpKey::Ed25519(None, vk))
                .map_err(|_| data("invalid Ed25519 public key")),
            "X25519" => Ok(OkpKey::X25519(None, PublicKey::from(raw))),
            other => Err(unknown(other)),
        }
    }

    pub fn from_spki(name: &str, der: &[u8]) -> Result<OkpKey> {
        match name {
            "Ed25519" => VerifyingKey::from_public_key_der(der)
                .map(|vk| OkpKey::Ed25519(None, vk))
                .map_err(|e| data(format!("invalid Ed25519 SubjectPublicKeyInfo: {e}"))),
            "X25519" => Self::from_raw(
                name,
                after_prefix(der, &X25519_SPKI_PREFIX, "SubjectPublicKeyInfo")?,
            ),
            other => Err(unknown(other)),
        }
    }

    pub fn from_pkcs8(name: &str, der: &[u8]) -> Result<OkpKey> {
        match name {
            "Ed25519" => {
                let sk = SigningKey::from_pkcs8_der(der)
                    .map_err(|e| data(format!("invalid Ed25519 PKCS #8 key: {e}")))?;
                let vk = sk.verifying_key();
                Ok(OkpKey::Ed25519(Some(sk), vk))
            }
            "X25519" => {
                let seed = key32(
                    after_prefix(der, &X25519_PKCS8_PREFIX, "PKCS #8 key")?,
                    "the key",
                )?;
                Self::from_seed(name, &seed)
            }
            other => Err(unknown(other)),
        }
    }

    /// From JWK's `x` and, for a private key, `d`, which must match.
    pub fn from_parts(name: &str, x: &[u8], d: Option<&[u8]>) -> Result<OkpKey> {
        let public = Self::from_raw(name, x)?;
        let Some(d) = d else { return Ok(public) };
        let private = Self::from_seed(name, &key32(d, "the JWK's d")?)?;
        if private.to_raw() != public.to_raw() {
            return Err(data("the JWK's d does not match its x"));
        }
        Ok(private)
    }

    pub fn to_raw(&self) -> Vec<u8> {
        match self {
            OkpKey::Ed25519(_, vk) => vk.to_bytes().to_vec(),
            OkpKey::X25519(_, pk) => pk.to_bytes().to_vec(),
        }
    }

    /// The private key's 32 bytes (JWK's `d`).
    pub fn secret_bytes(&self) -> Option<Vec<u8>> {
        match self {
            OkpKey::Ed25519(sk, _) => sk.as_ref().map(|k| k.to_bytes().to_vec()),
            OkpKey::X25519(sk, _) => sk.as_ref().map(|k| k.to_bytes().to_vec()),
        }
    }

    pub fn to_spki(&self) -> Result<Vec<u8>> {
        match self {
            OkpKey::Ed25519(_, vk) => vk
                .to_public_key_der()
                .map(|d| d.as_bytes().to_vec())
                .map_err(|e| operation(format!("cannot encode the key: {e}"))),
            OkpKey::X25519(_, pk) => Ok([&X25519_SPKI_PREFIX[..], pk.as_bytes()].concat()),
        }
    }

    pub fn to_pkcs8(&self) -> Result<Vec<u8>> {
        match self {
            OkpKey::Ed25519(Some(sk), _) => Ok([&ED25519_PKCS8_PREFIX[..], sk.as_bytes()].concat()),
            OkpKey::X25519(Some(sk), _) => Ok([&X25519_PKCS8_PREFIX[..], sk.as_bytes()].concat()),
            _ => Err(access("not a private key")),
        }
    }

    /// An Ed25519 signature of `msg`.
    pub fn sign(&self, msg: &[u8]) -> Result<Vec<u8>> {
        match self {
            OkpKey::Ed25519(Some(sk), _) => Ok(sk.sign(msg).to_bytes().to_vec()),
            _ => Err(access("the key cannot sign")),
        }
    }

    /// Whether `sig` is an Ed25519 signature of `msg` (RFC 8032's checks,
    /// with a canonical S and no small-order points).
    pub fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        let OkpKey::Ed25519(_, vk) = self else {
            return false;
        };
        ed25519_dalek::Signature::from_slice(sig)
            .is_ok_and(|sig| vk.verify_strict(msg, &sig).is_ok())
    }

    /// X25519: the shared secret with `public`.
    pub fn agree(&self, public: &OkpKey) -> Result<Vec<u8>> {
        let (OkpKey::X25519(Some(sk), _), OkpKey::X25519(_, pk)) = (self, public) else {
            return Err(access("X25519 needs an X25519 private key and public key"));
        };
        let shared = sk.diffie_hellman(pk);
        if !shared.was_contributory() {
            return Err(operation("X25519: the public key is of small order"));
        }
        Ok(shared.as_bytes().to_vec())
    }
}
