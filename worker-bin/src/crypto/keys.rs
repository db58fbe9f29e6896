//! The key formats of `node:crypto`'s `KeyObject`: a key from DER in
//! PKCS #8, SPKI, PKCS #1 (RSA) or SEC 1 (EC), with its kind found in the
//! DER itself (where `crypto.subtle` is told the algorithm), and a key back
//! to any of them. The keys are this module's siblings' own
//! ([`RsaKey`], [`EcKey`], [`OkpKey`]), reached through their PKCS #8 and
//! SPKI forms only; PKCS #1 and SEC 1 are translated to and from those with
//! the `pkcs1` and `sec1` encoders of the same crates, so the bytes are what
//! OpenSSL writes (an EC key's SEC 1 names its curve and carries its public
//! point; its PKCS #8 carries the point and no curve inside).

use ::rsa::pkcs1::{DecodeRsaPrivateKey as _, DecodeRsaPublicKey as _};
use ::rsa::pkcs1::{EncodeRsaPrivateKey as _, EncodeRsaPublicKey as _};
use ::rsa::pkcs8::{DecodePublicKey as _, EncodePublicKey as _};
use p256::pkcs8::der::Decode as _;
use p256::pkcs8::{DecodePrivateKey as _, EncodePrivateKey as _};
use p256::pkcs8::{ObjectIdentifier, PrivateKeyInfoRef};

use super::ec::EcKey;
use super::mac::{Hash, with_hash};
use super::okp::OkpKey;
use super::rsa::{RsaKey, RsaPadding};
use super::{CryptoError, Key, Result, data};

const RSA: &str = "1.2.840.113549.1.1.1";
const EC: &str = "1.2.840.10045.2.1";
const ED25519: &str = "1.3.101.112";
const X25519: &str = "1.3.101.110";
const ED448: &str = "1.3.101.113";
const X448: &str = "1.3.101.111";

/// A curve's name by its OID.
fn curve_of(oid: Option<ObjectIdentifier>) -> Result<&'static str> {
    Ok(match oid.map(|o| o.to_string()).as_deref() {
        Some("1.2.840.10045.3.1.7") => "P-256",
        Some("1.3.132.0.34") => "P-384",
        Some("1.3.132.0.35") => "P-521",
        _ => return Err(unsupported()),
    })
}

fn unsupported() -> CryptoError {
    CryptoError::NotSupported("unsupported key type".into())
}

fn bad(e: impl std::fmt::Display) -> CryptoError {
    data(format!("invalid key: {e}"))
}

/// The algorithm OID of a PKCS #8 or SPKI document, and its parameters'
/// OID when they are one (an EC key's curve).
fn algorithm(der: &[u8], private: bool) -> Result<(String, Option<ObjectIdentifier>)> {
    let alg = if private {
        PrivateKeyInfoRef::from_der(der).map_err(bad)?.algorithm
    } else {
        p256::pkcs8::spki::SubjectPublicKeyInfoRef::from_der(der)
            .map_err(bad)?
            .algorithm
    };
    Ok((alg.oid.to_string(), alg.parameters_oid().ok()))
}

/// A private key from DER in `format` (`pkcs8`, `pkcs1` or `sec1`).
pub fn private_key(der: &[u8], format: &str) -> Result<Key> {
    match format {
        "pkcs8" => {
            let (oid, params) = algorithm(der, true)?;
            Ok(match oid.as_str() {
                RSA => Key::Rsa(RsaKey::from_pkcs8(der)?),
                EC => Key::Ec(EcKey::from_pkcs8(curve_of(params)?, der)?),
                ED25519 => Key::Okp(OkpKey::from_pkcs8("Ed25519", der)?),
                X25519 => Key::Okp(OkpKey::from_pkcs8("X25519", der)?),
                ED448 => Key::Okp(OkpKey::from_pkcs8("Ed448", der)?),
                X448 => Key::Okp(OkpKey::from_pkcs8("X448", der)?),
                _ => return Err(unsupported()),
            })
        }
        "pkcs1" => {
            let k = ::rsa::PrivateKey::from_pkcs1_der(der).map_err(bad)?;
            let pkcs8 = k.to_pkcs8_der().map_err(bad)?;
            Ok(Key::Rsa(RsaKey::from_pkcs8(pkcs8.as_bytes())?))
        }
        "sec1" => {
            macro_rules! try_curve {
                ($c:ident, $name:literal) => {
                    if let Ok(k) = $c::SecretKey::from_sec1_der(der) {
                        let pkcs8 = k.to_pkcs8_der().map_err(bad)?;
                        return Ok(Key::Ec(EcKey::from_pkcs8($name, pkcs8.as_bytes())?));
                    }
                };
            }
            try_curve!(p256, "P-256");
            try_curve!(p384, "P-384");
            try_curve!(p521, "P-521");
            Err(data("invalid SEC 1 EC private key"))
        }
        other => Err(CryptoError::NotSupported(format!("unknown format {other}"))),
    }
}

/// A public key from DER in `format` (`spki` or `pkcs1`).
pub fn public_key(der: &[u8], format: &str) -> Result<Key> {
    match format {
        "spki" => {
            let (oid, params) = algorithm(der, false)?;
            Ok(match oid.as_str() {
                RSA => Key::Rsa(RsaKey::from_spki(der)?),
                EC => Key::Ec(EcKey::from_spki(curve_of(params)?, der)?),
                ED25519 => Key::Okp(OkpKey::from_spki("Ed25519", der)?),
                X25519 => Key::Okp(OkpKey::from_spki("X25519", der)?),
                ED448 => Key::Okp(OkpKey::from_spki("Ed448", der)?),
                X448 => Key::Okp(OkpKey::from_spki("X448", der)?),
                _ => return Err(unsupported()),
            })
        }
        "pkcs1" => {
            let k = ::rsa::PublicKey::from_pkcs1_der(der).map_err(bad)?;
            let spki = k.to_public_key_der().map_err(bad)?;
            Ok(Key::Rsa(RsaKey::from_spki(spki.as_bytes())?))
        }
        other => Err(CryptoError::NotSupported(format!("unknown format {other}"))),
    }
}

/// The public half of `key` (itself, for a public key).
pub fn public_of(key: &Key) -> Result<Key> {
    public_key(&encode(key, "spki")?, "spki")
}

/// `key` as DER in `format`: `pkcs8`, `pkcs1` or `sec1` for a private key,
/// `spki` or `pkcs1` for a public one (a private key's `spki` is its public
/// half's).
pub fn encode(key: &Key, format: &str) -> Result<Vec<u8>> {
    let private = key.kind() == "private";
    let wrong = || {
        CryptoError::InvalidAccess(format!(
            "a {} {} key cannot be exported as {format}",
            asymmetric_type(key),
            key.kind()
        ))
    };
    match (key, format) {
        (Key::Rsa(k), "pkcs8") if private => k.to_pkcs8(),
        (Key::Ec(k), "pkcs8") if private => k.to_pkcs8(),
        (Key::Okp(k), "pkcs8") if private => k.to_pkcs8(),
        (Key::Rsa(k), "spki") => k.to_spki(),
        (Key::Ec(k), "spki") => k.to_spki(),
        (Key::Okp(k), "spki") => k.to_spki(),
        (Key::Rsa(k), "pkcs1") if private => {
            let pk = ::rsa::PrivateKey::from_pkcs8_der(&k.to_pkcs8()?).map_err(bad)?;
            Ok(pk.to_pkcs1_der().map_err(bad)?.as_bytes().to_vec())
        }
        (Key::Rsa(k), "pkcs1") => {
            let pk = ::rsa::PublicKey::from_public_key_der(&k.to_spki()?).map_err(bad)?;
            Ok(pk.to_pkcs1_der().map_err(bad)?.as_bytes().to_vec())
        }
        (Key::Ec(k), "sec1") if private => {
            let pkcs8 = k.to_pkcs8()?;
            let out = match k.curve() {
                "P-256" => p256::SecretKey::from_pkcs8_der(&pkcs8)
                    .map_err(bad)?
                    .to_sec1_der(),
                "P-384" => p384::SecretKey::from_pkcs8_der(&pkcs8)
                    .map_err(bad)?
                    .to_sec1_der(),
                _ => p521::SecretKey::from_pkcs8_der(&pkcs8)
                    .map_err(bad)?
                    .to_sec1_der(),
            };
            Ok(out.map_err(bad)?.to_vec())
        }
        _ => Err(wrong()),
    }
}

/// Node's `asymmetricKeyType`: `rsa`, `ec`, `ed25519`, `x25519`, `ed448`
/// or `x448` (empty for a secret key).
pub fn asymmetric_type(key: &Key) -> &'static str {
    match key {
        Key::Rsa(_) => "rsa",
        Key::Ec(_) => "ec",
        Key::Okp(k) => match k.name() {
            "Ed25519" => "ed25519",
            "X25519" => "x25519",
            "Ed448" => "ed448",
            _ => "x448",
        },
        Key::Secret(_) => "",
    }
}

/// How `sign`/`verify` use a key: the hash (none for Ed25519 and Ed448), RSA's
/// padding, and an ECDSA signature's shape.
#[derive(Debug, Clone, Copy)]
pub struct SignOptions {
    pub hash: Option<Hash>,
    /// RSA-PSS with this salt length: `Some(n)`; Node's
    /// `RSA_PSS_SALTLEN_DIGEST` (-1) and `_MAX_SIGN`/`_AUTO` (-2) are
    /// resolved by [`pss_salt`].
    pub pss: Option<i32>,
    /// ECDSA as r ‖ s (`ieee-p1363`) rather than DER.
    pub p1363: bool,
}

/// A PSS salt length in bytes; `None` on verify means "any" (Node's
/// `RSA_PSS_SALTLEN_AUTO`).
fn pss_salt(key: &RsaKey, hash: Hash, salt: i32, signing: bool) -> Result<Option<usize>> {
    let em_len = (key.modulus_bits() as usize - 1).div_ceil(8);
    let max = em_len
        .checked_sub(hash.output_len() + 2)
        .ok_or_else(|| data("the key is too small for the digest"))?;
    Ok(match salt {
        -1 => Some(hash.output_len()),
        -2 if signing => Some(max),
        -2 => None,
        n if n >= 0 && (n as usize) <= max => Some(n as usize),
        _ => return Err(data("invalid salt length")),
    })
}

fn need_hash(o: &SignOptions) -> Result<Hash> {
    o.hash
        .ok_or_else(|| CryptoError::Operation("the algorithm needs a digest".into()))
}

/// Runs `$body` with `c` the crate of the EC key `$k`'s curve.
macro_rules! with_ec_crate {
    ($k:expr, $body:expr) => {
        match $k.curve() {
            "P-256" => {
                use p256 as c;
                $body
            }
            "P-384" => {
                use p384 as c;
                $body
            }
            _ => {
                use p521 as c;
                $body
            }
        }
    };
}

/// `data` signed with the private `key`.
pub fn sign(key: &Key, o: &SignOptions, data_in: &[u8]) -> Result<Vec<u8>> {
    match key {
        Key::Rsa(k) => {
            let hash = need_hash(o)?;
            let padding = match o.pss {
                None => RsaPadding::Pkcs1,
                Some(s) => RsaPadding::Pss {
                    salt: pss_salt(k, hash, s, true)?.unwrap_or(0),
                },
            };
            k.sign(padding, hash, data_in)
        }
        Key::Ec(k) => {
            let rs = k.sign(&need_hash(o)?.digest(data_in))?;
            if o.p1363 {
                return Ok(rs);
            }
            with_ec_crate!(k, {
                let sig = c::ecdsa::Signature::from_slice(&rs).map_err(bad)?;
                Ok(sig.to_der().as_bytes().to_vec())
            })
        }
        Key::Okp(k) if k.name().starts_with("Ed") => k.sign(data_in),
        _ => Err(CryptoError::InvalidAccess(
            "operation not supported for this keytype".into(),
        )),
    }
}

/// Whether `sig` signs `data` under `key` (private or public).
pub fn verify(key: &Key, o: &SignOptions, data_in: &[u8], sig: &[u8]) -> Result<bool> {
    match key {
        Key::Rsa(k) => {
            let hash = need_hash(o)?;
            let Some(salt) = o.pss else {
                return Ok(k.verify(RsaPadding::Pkcs1, hash, data_in, sig));
            };
            if let Some(salt) = pss_salt(k, hash, salt, false)? {
                return Ok(k.verify(RsaPadding::Pss { salt }, hash, data_in, sig));
            }
            // Any salt length: the crate finds it in the padding.
            let public = ::rsa::PublicKey::from_public_key_der(&k.to_spki()?).map_err(bad)?;
            let Ok(sig) = ::rsa::pss::Signature::try_from(sig) else {
                return Ok(false);
            };
            Ok(with_hash!(hash, H => {
                use ::rsa::signature::hazmat::PrehashVerifier as _;
                let digest = <H as sha2::Digest>::digest(data_in);
                ::rsa::pss::VerifyingKey::<H>::new_with_auto_salt_len(public.clone())
                    .verify_prehash(&digest, &sig)
            })
            .is_ok())
        }
        Key::Ec(k) => {
            let rs = if o.p1363 {
                sig.to_vec()
            } else {
                let parsed: Option<Vec<u8>> = with_ec_crate!(k, {
                    c::ecdsa::Signature::from_der(sig)
                        .ok()
                        .map(|s| s.to_bytes().to_vec())
                });
                match parsed {
                    Some(rs) => rs,
                    None => return Ok(false),
                }
            };
            Ok(k.verify_message(need_hash(o)?, data_in, &rs))
        }
        Key::Okp(k) if k.name().starts_with("Ed") => Ok(k.verify(data_in, sig)),
        _ => Err(CryptoError::InvalidAccess(
            "operation not supported for this keytype".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_round_trips_and_sec1_names_its_curve() {
        for curve in ["P-256", "P-384", "P-521"] {
            let key = Key::Ec(EcKey::generate(curve).unwrap());
            let sec1 = encode(&key, "sec1").unwrap();
            let back = private_key(&sec1, "sec1").unwrap();
            assert_eq!(
                encode(&back, "pkcs8").unwrap(),
                encode(&key, "pkcs8").unwrap()
            );
            let spki = encode(&key, "spki").unwrap();
            let public = public_key(&spki, "spki").unwrap();
            assert_eq!(public.kind(), "public");
            assert_eq!(asymmetric_type(&public), "ec");
            assert!(encode(&public, "sec1").is_err());
        }
        let key = Key::Okp(OkpKey::generate("Ed25519").unwrap());
        let pkcs8 = encode(&key, "pkcs8").unwrap();
        assert_eq!(
            asymmetric_type(&private_key(&pkcs8, "pkcs8").unwrap()),
            "ed25519"
        );
        assert_eq!(public_of(&key).unwrap().kind(), "public");
        assert!(private_key(b"\x30\x00", "pkcs8").is_err());
    }
}
