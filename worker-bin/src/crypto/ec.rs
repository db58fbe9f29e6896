//! ECDSA and ECDH on the NIST curves P-256, P-384 and P-521 (RustCrypto's
//! `p256`, `p384`, `p521`: constant-time field and scalar arithmetic).
//!
//! A key is the curve's `ecdsa::SigningKey` (which keeps its public point,
//! so a signature costs one scalar multiplication, not two) and its
//! `VerifyingKey`; ECDH uses the same scalar. The code for each curve is the
//! same text, written once inside the macros `with_curve!` and `with_key!`.

use super::mac::Hash;
use super::{CryptoError, Result, data, operation};

/// An EC key: a public point, and its secret scalar for a private key.
/// The third member is the public key as `aws-lc-rs` verifies with it,
/// parsed on first use.
pub enum EcKey {
    P256(
        Option<p256::ecdsa::SigningKey>,
        p256::ecdsa::VerifyingKey,
        LcVerifier,
    ),
    P384(
        Option<p384::ecdsa::SigningKey>,
        p384::ecdsa::VerifyingKey,
        LcVerifier,
    ),
    P521(
        Option<p521::ecdsa::SigningKey>,
        p521::ecdsa::VerifyingKey,
        LcVerifier,
    ),
}

/// An ECDSA public key parsed by `aws-lc-rs` for the curve's own hash
/// (`None` if it refused the point: RustCrypto answers then).
pub type LcVerifier = std::sync::OnceLock<Option<aws_lc_rs::signature::ParsedPublicKey>>;

/// The public point's coordinates and the secret scalar, as JWK has them.
#[derive(Debug, Clone, Default)]
pub struct EcParts {
    pub x: Vec<u8>,
    pub y: Vec<u8>,
    pub d: Option<Vec<u8>>,
}

/// Runs `$body` with `c` the crate of the curve named `$curve` and `$make`
/// its `EcKey` variant.
macro_rules! with_curve {
    ($curve:expr, $make:ident => $body:expr) => {
        match $curve {
            "P-256" => {
                use p256 as c;
                let $make = |sk, vk| EcKey::P256(sk, vk, LcVerifier::new());
                $body
            }
            "P-384" => {
                use p384 as c;
                let $make = |sk, vk| EcKey::P384(sk, vk, LcVerifier::new());
                $body
            }
            "P-521" => {
                use p521 as c;
                let $make = |sk, vk| EcKey::P521(sk, vk, LcVerifier::new());
                $body
            }
            other => Err(CryptoError::NotSupported(format!("unknown curve {other}"))),
        }
    };
}

/// Runs `$body` with `$sk`, `$vk` the key's halves and `c` its crate.
macro_rules! with_key {
    ($key:expr, $sk:ident, $vk:ident => $body:expr) => {
        match $key {
            EcKey::P256($sk, $vk, _) => {
                #[allow(unused_imports)]
                use p256 as c;
                $body
            }
            EcKey::P384($sk, $vk, _) => {
                #[allow(unused_imports)]
                use p384 as c;
                $body
            }
            EcKey::P521($sk, $vk, _) => {
                #[allow(unused_imports)]
                use p521 as c;
                $body
            }
        }
    };
}

impl std::fmt::Debug for EcKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the scalar.
        write!(f, "EcKey({}, private: {})", self.curve(), self.is_private())
    }
}

fn bad_key(what: &str) -> CryptoError {
    data(format!("invalid {what}"))
}

impl EcKey {
    pub fn curve(&self) -> &'static str {
        match self {
            EcKey::P256(..) => "P-256",
            EcKey::P384(..) => "P-384",
            EcKey::P521(..) => "P-521",
        }
    }

    pub fn is_private(&self) -> bool {
        with_key!(self, sk, _vk => sk.is_some())
    }

    /// A new private key on `curve`.
    pub fn generate(curve: &str) -> Result<EcKey> {
        with_curve!(curve, make => {
            use c::elliptic_curve::Generate;
            let sk = c::ecdsa::SigningKey::generate();
            let vk = *sk.verifying_key();
            Ok(make(Some(sk), vk))
        })
    }

    /// A public key from a SEC 1 point (the `raw` format), compressed or not.
    pub fn from_raw(curve: &str, bytes: &[u8]) -> Result<EcKey> {
        with_curve!(curve, make => {
            let vk = c::ecdsa::VerifyingKey::from_sec1_bytes(bytes)
                .map_err(|_| bad_key("EC point"))?;
            Ok(make(None, vk))
        })
    }

    /// A public key from a SubjectPublicKeyInfo (`spki`); the curve in it
    /// must be `curve`.
    pub fn from_spki(curve: &str, der: &[u8]) -> Result<EcKey> {
        with_curve!(curve, make => {
            use c::pkcs8::DecodePublicKey;
            let vk = c::ecdsa::VerifyingKey::from_public_key_der(der)
                .map_err(|e| data(format!("invalid {curve} SubjectPublicKeyInfo: {e}")))?;
            Ok(make(None, vk))
        })
    }

    /// A private key from a PrivateKeyInfo (`pkcs8`) of `curve`.
    pub fn from_pkcs8(curve: &str, der: &[u8]) -> Result<EcKey> {
        with_curve!(curve, make => {
            use c::pkcs8::DecodePrivateKey;
            let sk = c::ecdsa::SigningKey::from_pkcs8_der(der)
                .map_err(|e| data(format!("invalid {curve} PKCS #8 key: {e}")))?;
            let vk = *sk.verifying_key();
            Ok(make(Some(sk), vk))
        })
    }

    /// A key from its JWK coordinates (and scalar, for a private key); the
    /// scalar must belong to the point.
    pub fn from_parts(curve: &str, parts: &EcParts) -> Result<EcKey> {
        with_curve!(curve, make => {
            let size = c::FieldBytes::default().len();
            if parts.x.len() != size || parts.y.len() != size {
                return Err(bad_key("JWK coordinates"));
            }
            let mut point = vec![4u8];
            point.extend_from_slice(&parts.x);
            point.extend_from_slice(&parts.y);
            let vk = c::ecdsa::VerifyingKey::from_sec1_bytes(&point)
                .map_err(|_| bad_key("JWK point"))?;
            let sk = match &parts.d {
                None => None,
                Some(d) if d.len() != size => return Err(bad_key("JWK d")),
                Some(d) => {
                    let sk = c::ecdsa::SigningKey::from_slice(d).map_err(|_| bad_key("JWK d"))?;
                    if *sk.verifying_key() != vk {
                        return Err(data("the JWK's d does not match its x and y"));
                    }
                    Some(sk)
                }
            };
            Ok(make(sk, vk))
        })
    }

    /// The uncompressed SEC 1 point.
    pub fn to_raw(&self) -> Vec<u8> {
        with_key!(self, _sk, vk => vk.to_sec1_point(false).as_bytes().to_vec())
    }

    pub fn to_spki(&self) -> Result<Vec<u8>> {
        with_key!(self, _sk, vk => {
            use c::pkcs8::EncodePublicKey;
            vk.to_public_key_der()
                .map(|d| d.as_bytes().to_vec())
                .map_err(|e| operation(format!("cannot encode the key: {e}")))
        })
    }

    pub fn to_pkcs8(&self) -> Result<Vec<u8>> {
        with_key!(self, sk, _vk => {
            use c::pkcs8::EncodePrivateKey;
            let sk = sk.as_ref().ok_or_else(|| super::access("not a private key"))?;
            sk.to_pkcs8_der()
                .map(|d| d.as_bytes().to_vec())
                .map_err(|e| operation(format!("cannot encode the key: {e}")))
        })
    }

    pub fn to_parts(&self) -> EcParts {
        let raw = self.to_raw();
        let size = (raw.len() - 1) / 2;
        let d = with_key!(self, sk, _vk => sk.as_ref().map(|k| k.to_bytes().to_vec()));
        EcParts {
            x: raw[1..=size].to_vec(),
            y: raw[1 + size..].to_vec(),
            d,
        }
    }

    /// The signature (r ‖ s, as the API has it) of a message whose hash is
    /// `prehash`; deterministic (RFC 6979).
    pub fn sign(&self, prehash: &[u8]) -> Result<Vec<u8>> {
        with_key!(self, sk, _vk => {
            use c::ecdsa::signature::hazmat::PrehashSigner;
            let sk = sk.as_ref().ok_or_else(|| super::access("not a private key"))?;
            let sig: c::ecdsa::Signature = sk
                .sign_prehash(prehash)
                .map_err(|e| operation(format!("ECDSA: {e}")))?;
            Ok(sig.to_bytes().to_vec())
        })
    }

    /// Whether `sig` (r ‖ s) signs the message whose hash is `prehash`. A
    /// signature of the wrong length is not valid, not an error.
    /// Whether `sig` (r and s, fixed-length) signs `msg` with `hash`. The
    /// curve's own hash (P-256 with SHA-256, P-384 with SHA-384, P-521
    /// with SHA-512: ES256, ES384, ES512) runs on `aws-lc-rs`, 4-6 times
    /// RustCrypto's rate here; other pairs on the prehash.
    pub fn verify_message(&self, hash: Hash, msg: &[u8], sig: &[u8]) -> bool {
        use aws_lc_rs::signature::{
            ECDSA_P256_SHA256_FIXED, ECDSA_P384_SHA384_FIXED, ECDSA_P521_SHA512_FIXED,
            EcdsaVerificationAlgorithm, ParsedPublicKey,
        };
        let (alg, slot): (&'static EcdsaVerificationAlgorithm, _) = match (self, hash) {
            (EcKey::P256(_, _, l), Hash::Sha256) => (&ECDSA_P256_SHA256_FIXED, l),
            (EcKey::P384(_, _, l), Hash::Sha384) => (&ECDSA_P384_SHA384_FIXED, l),
            (EcKey::P521(_, _, l), Hash::Sha512) => (&ECDSA_P521_SHA512_FIXED, l),
            _ => return self.verify(&hash.digest(msg), sig),
        };
        match slot.get_or_init(|| ParsedPublicKey::new(alg, self.to_raw()).ok()) {
            Some(key) => key.verify_sig(msg, sig).is_ok(),
            None => self.verify(&hash.digest(msg), sig),
        }
    }

    pub fn verify(&self, prehash: &[u8], sig: &[u8]) -> bool {
        with_key!(self, _sk, vk => {
            use c::ecdsa::signature::hazmat::PrehashVerifier;
            c::ecdsa::Signature::from_slice(sig)
                .is_ok_and(|sig| vk.verify_prehash(prehash, &sig).is_ok())
        })
    }

    /// ECDH: the x coordinate of our scalar times their point.
    pub fn agree(&self, public: &EcKey) -> Result<Vec<u8>> {
        let mismatch = || super::access("the public key is on another curve");
        with_key!(self, sk, _vk => {
            let sk = sk.as_ref().ok_or_else(|| super::access("not a private key"))?;
            let theirs = match (self, public) {
                (EcKey::P256(..), EcKey::P256(_, v, _)) => v.to_sec1_point(false).as_bytes().to_vec(),
                (EcKey::P384(..), EcKey::P384(_, v, _)) => v.to_sec1_point(false).as_bytes().to_vec(),
                (EcKey::P521(..), EcKey::P521(_, v, _)) => v.to_sec1_point(false).as_bytes().to_vec(),
                _ => return Err(mismatch()),
            };
            let theirs = c::PublicKey::from_sec1_bytes(&theirs).map_err(|_| bad_key("EC point"))?;
            let shared = c::elliptic_curve::ecdh::diffie_hellman(sk.as_nonzero_scalar(), theirs.as_affine());
            Ok(shared.raw_secret_bytes().to_vec())
        })
    }
}
