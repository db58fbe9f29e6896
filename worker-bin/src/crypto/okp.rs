//! Ed25519 (RFC 8032, `ed25519-dalek`), X25519 (RFC 7748,
//! `x25519-dalek`), Ed448 and X448 (RustCrypto's `ed448-goldilocks` and
//! `x448`): the "secure curves" of the API. The 448 curves' keys, formats
//! and checks are in `okp448.rs`.

use ed25519_dalek::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePublicKey};
use ed25519_dalek::{Signer, SigningKey, VerifyingKey};
use x25519_dalek::{PublicKey, StaticSecret};

use super::okp448::{Ed448Key, X448Key};
use super::{CryptoError, Result, access, data, operation};

/// An Ed25519, X25519, Ed448 or X448 key: the public key, and the secret
/// for a private key. (A signing key is large; a key lives once, in an
/// `Arc`.)
#[allow(clippy::large_enum_variant)]
pub enum OkpKey {
    Ed25519(Option<SigningKey>, VerifyingKey),
    X25519(Option<StaticSecret>, PublicKey),
    Ed448(Ed448Key),
    X448(X448Key),
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

pub(super) fn unknown(name: &str) -> CryptoError {
    CryptoError::NotSupported(format!("unknown algorithm {name}"))
}

impl OkpKey {
    pub fn name(&self) -> &'static str {
        match self {
            OkpKey::Ed25519(..) => "Ed25519",
            OkpKey::X25519(..) => "X25519",
            OkpKey::Ed448(_) => "Ed448",
            OkpKey::X448(_) => "X448",
        }
    }

    pub fn is_private(&self) -> bool {
        match self {
            OkpKey::Ed25519(sk, _) => sk.is_some(),
            OkpKey::X25519(sk, _) => sk.is_some(),
            OkpKey::Ed448(k) => k.is_private(),
            OkpKey::X448(k) => k.is_private(),
        }
    }

    pub fn generate(name: &str) -> Result<OkpKey> {
        match name {
            "Ed448" => Ok(OkpKey::Ed448(Ed448Key::generate()?)),
            "X448" => Ok(OkpKey::X448(X448Key::generate()?)),
            _ => Self::from_seed(name, &key32(&super::random(32)?, "seed")?),
        }
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

    /// A public key from its bytes (32, or 57 for Ed448 and 56 for X448).
    pub fn from_raw(name: &str, bytes: &[u8]) -> Result<OkpKey> {
        match name {
            "Ed448" => return Ed448Key::from_raw(bytes).map(OkpKey::Ed448),
            "X448" => return X448Key::from_raw(bytes).map(OkpKey::X448),
            _ => {}
        }
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
            "Ed448" => Ed448Key::from_spki(der).map(OkpKey::Ed448),
            "X448" => X448Key::from_spki(der).map(OkpKey::X448),
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
            "Ed448" => Ed448Key::from_pkcs8(der).map(OkpKey::Ed448),
            "X448" => X448Key::from_pkcs8(der).map(OkpKey::X448),
            other => Err(unknown(other)),
        }
    }

    /// From JWK's `x` and, for a private key, `d`, which must match.
    pub fn from_parts(name: &str, x: &[u8], d: Option<&[u8]>) -> Result<OkpKey> {
        let public = Self::from_raw(name, x)?;
        let Some(d) = d else { return Ok(public) };
        let private = match name {
            "Ed448" => OkpKey::Ed448(Ed448Key::from_secret(d)?),
            "X448" => OkpKey::X448(X448Key::from_secret(d)?),
            _ => Self::from_seed(name, &key32(d, "the JWK's d")?)?,
        };
        if private.to_raw() != public.to_raw() {
            return Err(data("the JWK's d does not match its x"));
        }
        Ok(private)
    }

    pub fn to_raw(&self) -> Vec<u8> {
        match self {
            OkpKey::Ed25519(_, vk) => vk.to_bytes().to_vec(),
            OkpKey::X25519(_, pk) => pk.to_bytes().to_vec(),
            OkpKey::Ed448(k) => k.to_raw(),
            OkpKey::X448(k) => k.to_raw(),
        }
    }

    /// The private key's bytes (JWK's `d`).
    pub fn secret_bytes(&self) -> Option<Vec<u8>> {
        match self {
            OkpKey::Ed25519(sk, _) => sk.as_ref().map(|k| k.to_bytes().to_vec()),
            OkpKey::X25519(sk, _) => sk.as_ref().map(|k| k.to_bytes().to_vec()),
            OkpKey::Ed448(k) => k.secret_bytes(),
            OkpKey::X448(k) => k.secret_bytes(),
        }
    }

    pub fn to_spki(&self) -> Result<Vec<u8>> {
        match self {
            OkpKey::Ed25519(_, vk) => vk
                .to_public_key_der()
                .map(|d| d.as_bytes().to_vec())
                .map_err(|e| operation(format!("cannot encode the key: {e}"))),
            OkpKey::X25519(_, pk) => Ok([&X25519_SPKI_PREFIX[..], pk.as_bytes()].concat()),
            OkpKey::Ed448(k) => Ok(k.to_spki()),
            OkpKey::X448(k) => Ok(k.to_spki()),
        }
    }

    pub fn to_pkcs8(&self) -> Result<Vec<u8>> {
        match self {
            OkpKey::Ed25519(Some(sk), _) => Ok([&ED25519_PKCS8_PREFIX[..], sk.as_bytes()].concat()),
            OkpKey::X25519(Some(sk), _) => Ok([&X25519_PKCS8_PREFIX[..], sk.as_bytes()].concat()),
            OkpKey::Ed448(k) => k.to_pkcs8(),
            OkpKey::X448(k) => k.to_pkcs8(),
            _ => Err(access("not a private key")),
        }
    }

    /// An Ed25519 or Ed448 signature of `msg` (Ed448 with an empty
    /// context).
    pub fn sign(&self, msg: &[u8]) -> Result<Vec<u8>> {
        match self {
            OkpKey::Ed25519(Some(sk), _) => Ok(sk.sign(msg).to_bytes().to_vec()),
            OkpKey::Ed448(k) => k.sign(msg),
            _ => Err(access("the key cannot sign")),
        }
    }

    /// Whether `sig` is an Ed25519 signature of `msg` (RFC 8032's checks,
    /// with a canonical S and no small-order points), or an Ed448 one.
    pub fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        let vk = match self {
            OkpKey::Ed25519(_, vk) => vk,
            OkpKey::Ed448(k) => return k.verify(msg, sig),
            _ => return false,
        };
        ed25519_dalek::Signature::from_slice(sig)
            .is_ok_and(|sig| vk.verify_strict(msg, &sig).is_ok())
    }

    /// X25519 or X448: the shared secret with `public`.
    pub fn agree(&self, public: &OkpKey) -> Result<Vec<u8>> {
        if let (OkpKey::X448(k), OkpKey::X448(p)) = (self, public) {
            return k.agree(p);
        }
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
