//! One operation of `crypto.subtle`, its inputs copied out of JS, and what
//! it produces. [`Job::run`] is pure: bytes and keys in, bytes or keys out.

use std::sync::Arc;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use zeroize::Zeroizing;

use super::aes::{self, Mode};
use super::ec::{EcKey, EcParts};
use super::kdf::{self, Kdf};
use super::mac::{self, Hash};
use super::okp::OkpKey;
use super::rsa::{RsaKey, RsaPadding, RsaParts, RsaPrivateParts};
use super::{CryptoError, Key, Result, Secret, access, data, operation};

/// Inputs at least this long leave the JS thread: a SHA-256 of them takes
/// 0.36 ms in Rust and about 1.7 ms with the copies in and out of JS, in a
/// release build on the 2-core VM (the `crypto_cost` example).
pub const LONG_INPUT_BYTES: usize = 512 * 1024;

/// A key format of `importKey`/`exportKey`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Raw,
    Pkcs8,
    Spki,
    Jwk,
}

impl Format {
    pub fn from_name(name: &str) -> Result<Format> {
        Ok(match name {
            "raw" => Format::Raw,
            "pkcs8" => Format::Pkcs8,
            "spki" => Format::Spki,
            "jwk" => Format::Jwk,
            _ => {
                return Err(CryptoError::NotSupported(format!(
                    "unknown key format {name}"
                )));
            }
        })
    }
}

/// What kind of key to make: secret bytes, an EC key on a curve, an
/// Ed25519/X25519/Ed448/X448 key, or an RSA key (its size and exponent matter only to
/// a new key).
#[derive(Debug, Clone)]
pub enum KeyKind {
    Secret { bytes: usize },
    Ec { curve: String },
    Okp { name: String },
    Rsa { bits: u32, exponent: Vec<u8> },
}

/// The JWK members that carry key material (base64url text).
#[derive(Debug, Clone, Default)]
pub struct JwkText {
    pub k: Option<String>,
    pub x: Option<String>,
    pub y: Option<String>,
    pub d: Option<String>,
    pub n: Option<String>,
    pub e: Option<String>,
    pub p: Option<String>,
    pub q: Option<String>,
    pub dp: Option<String>,
    pub dq: Option<String>,
    pub qi: Option<String>,
}

/// What signs or verifies.
#[derive(Debug, Clone, Copy)]
pub enum SignAlg {
    Hmac(Hash),
    Ecdsa(Hash),
    /// Ed25519 or Ed448, by the key.
    EdDsa,
    Rsa(RsaPadding, Hash),
}

/// One operation.
#[derive(Debug)]
pub enum Job {
    Digest {
        hash: Hash,
        data: Vec<u8>,
    },
    Sign {
        alg: SignAlg,
        key: Arc<Key>,
        data: Vec<u8>,
    },
    Verify {
        alg: SignAlg,
        key: Arc<Key>,
        data: Vec<u8>,
        sig: Vec<u8>,
    },
    Cipher {
        mode: Mode,
        key: Arc<Key>,
        data: Vec<u8>,
        decrypt: bool,
    },
    /// RSA-OAEP with `hash` for the label's digest and MGF1.
    Oaep {
        hash: Hash,
        label: Vec<u8>,
        key: Arc<Key>,
        data: Vec<u8>,
        decrypt: bool,
    },
    Derive {
        kdf: Kdf,
        key: Arc<Key>,
        bits: u32,
    },
    Agree {
        key: Arc<Key>,
        public: Arc<Key>,
        bits: Option<u32>,
    },
    Generate {
        kind: KeyKind,
    },
    /// Whether a generate job of these parameters could run (true), or
    /// the error it would fail with, without making the key.
    CheckGenerate {
        kind: KeyKind,
    },
    Import {
        kind: KeyKind,
        format: Format,
        data: Vec<u8>,
        /// Boxed: eleven members would make every job as large.
        jwk: Box<JwkText>,
    },
    Export {
        key: Arc<Key>,
        format: Format,
    },
}

/// What a job produces. (Short-lived: its size does not matter.)
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Output {
    Bytes(Vec<u8>),
    Bool(bool),
    Key(Key),
    /// A generated key pair: private, public.
    Pair(Key, Key),
    /// A JWK's key members, base64url.
    Jwk(Vec<(&'static str, String)>),
}

impl Job {
    /// Whether it may take long enough to hold up other requests: then it
    /// runs off the JS thread.
    pub fn is_long(&self) -> bool {
        match self {
            Job::Derive {
                kdf: Kdf::Pbkdf2 { iterations, .. },
                ..
            } => *iterations >= kdf::LONG_PBKDF2_ITERATIONS,
            // An RSA-2048 private-key operation takes about 1.4 ms on
            // AWS-LC (release; 9 ms on the `rsa` crate, which still runs
            // keys under 2048 bits); the hand-off costs 19 µs.
            Job::Sign {
                alg: SignAlg::Rsa(..),
                ..
            }
            | Job::Oaep { decrypt: true, .. } => true,
            Job::Digest { data, .. } | Job::Sign { data, .. } | Job::Verify { data, .. } => {
                data.len() >= LONG_INPUT_BYTES
            }
            Job::Cipher { data, .. } => data.len() >= LONG_INPUT_BYTES,
            // 2048 bits takes 50 ms to seconds (a random search for primes).
            Job::Generate {
                kind: KeyKind::Rsa { .. },
            } => true,
            _ => false,
        }
    }

    pub fn run(self) -> Result<Output> {
        match self {
            Job::Digest { hash, data } => Ok(Output::Bytes(hash.digest(&data))),
            Job::Sign { alg, key, data } => sign(alg, &key, &data).map(Output::Bytes),
            Job::Verify {
                alg,
                key,
                data,
                sig,
            } => verify(alg, &key, &data, &sig).map(Output::Bool),
            Job::Cipher {
                mode,
                key,
                data,
                decrypt,
            } => aes::run(&mode, key.secret()?, &data, decrypt).map(Output::Bytes),
            Job::Oaep {
                hash,
                label,
                key,
                data,
                decrypt,
            } => oaep(hash, &label, &key, &data, decrypt).map(Output::Bytes),
            Job::Derive { kdf, key, bits } => {
                kdf::derive(&kdf, key.secret()?, bits).map(Output::Bytes)
            }
            Job::Agree { key, public, bits } => agree(&key, &public, bits).map(Output::Bytes),
            Job::Generate { kind } => generate(&kind),
            Job::CheckGenerate { kind } => match kind {
                KeyKind::Rsa { bits, exponent } => {
                    RsaKey::check(bits, &exponent).map(|_| Output::Bool(true))
                }
                _ => Ok(Output::Bool(true)),
            },
            Job::Import {
                kind,
                format,
                data,
                jwk,
            } => import(&kind, format, &data, &jwk).map(Output::Key),
            Job::Export { key, format } => export(&key, format),
        }
    }
}

fn sign(alg: SignAlg, key: &Key, data: &[u8]) -> Result<Vec<u8>> {
    match (alg, key) {
        (SignAlg::Hmac(hash), Key::Secret(k)) => Ok(mac::hmac_sign(hash, &k.0, data)),
        (SignAlg::Ecdsa(hash), Key::Ec(k)) => k.sign(&hash.digest(data)),
        (SignAlg::EdDsa, Key::Okp(k)) => k.sign(data),
        (SignAlg::Rsa(padding, hash), Key::Rsa(k)) => k.sign(padding, hash, data),
        _ => Err(access("the key does not fit the algorithm")),
    }
}

fn verify(alg: SignAlg, key: &Key, data: &[u8], sig: &[u8]) -> Result<bool> {
    match (alg, key) {
        (SignAlg::Hmac(hash), Key::Secret(k)) => Ok(mac::hmac_verify(hash, &k.0, data, sig)),
        (SignAlg::Ecdsa(hash), Key::Ec(k)) => Ok(k.verify_message(hash, data, sig)),
        (SignAlg::EdDsa, Key::Okp(k)) => Ok(k.verify(data, sig)),
        (SignAlg::Rsa(padding, hash), Key::Rsa(k)) => Ok(k.verify(padding, hash, data, sig)),
        _ => Err(access("the key does not fit the algorithm")),
    }
}

fn oaep(hash: Hash, label: &[u8], key: &Key, data: &[u8], decrypt: bool) -> Result<Vec<u8>> {
    let Key::Rsa(k) = key else {
        return Err(access("RSA-OAEP needs an RSA key"));
    };
    if decrypt {
        k.decrypt(hash, label, data)
    } else {
        k.encrypt(hash, label, data)
    }
}

/// ECDH, X25519 or X448, cut to `bits` (all of the secret when `None`).
fn agree(key: &Key, public: &Key, bits: Option<u32>) -> Result<Vec<u8>> {
    let mut secret = match (key, public) {
        (Key::Ec(k), Key::Ec(p)) => k.agree(p)?,
        (Key::Okp(k), Key::Okp(p)) => k.agree(p)?,
        _ => return Err(access("the public key is not of the same algorithm")),
    };
    let Some(bits) = bits else { return Ok(secret) };
    let bits = bits as usize;
    if bits > secret.len() * 8 {
        return Err(operation(format!(
            "asked for {bits} bits; the shared secret has {}",
            secret.len() * 8
        )));
    }
    secret.truncate(bits.div_ceil(8));
    if bits % 8 != 0 {
        let last = secret.len() - 1;
        secret[last] &= 0xffu8 << (8 - bits % 8);
    }
    Ok(secret)
}

fn generate(kind: &KeyKind) -> Result<Output> {
    match kind {
        KeyKind::Secret { bytes } => Ok(Output::Key(Key::Secret(Secret(Zeroizing::new(
            super::random(*bytes)?,
        ))))),
        KeyKind::Ec { curve } => {
            let private = EcKey::generate(curve)?;
            let public = EcKey::from_raw(curve, &private.to_raw())?;
            Ok(Output::Pair(Key::Ec(private), Key::Ec(public)))
        }
        KeyKind::Okp { name } => {
            let private = OkpKey::generate(name)?;
            let public = OkpKey::from_raw(name, &private.to_raw())?;
            Ok(Output::Pair(Key::Okp(private), Key::Okp(public)))
        }
        KeyKind::Rsa { bits, exponent } => {
            let (private, public) = RsaKey::generate(*bits, exponent)?;
            Ok(Output::Pair(Key::Rsa(private), Key::Rsa(public)))
        }
    }
}

fn b64(field: &Option<String>, name: &str) -> Result<Option<Vec<u8>>> {
    field
        .as_deref()
        .map(|s| {
            URL_SAFE_NO_PAD
                .decode(s.trim_end_matches('='))
                .map_err(|_| data(format!("the JWK's {name} is not base64url")))
        })
        .transpose()
}

fn need(v: Option<Vec<u8>>, name: &str) -> Result<Vec<u8>> {
    v.ok_or_else(|| data(format!("the JWK has no {name}")))
}

fn import(kind: &KeyKind, format: Format, bytes: &[u8], jwk: &JwkText) -> Result<Key> {
    let unsupported = || {
        CryptoError::NotSupported(
            format!("this key cannot be imported as {format:?}").to_lowercase(),
        )
    };
    match (kind, format) {
        (KeyKind::Secret { .. }, Format::Raw) => {
            Ok(Key::Secret(Secret(Zeroizing::new(bytes.to_vec()))))
        }
        (KeyKind::Secret { .. }, Format::Jwk) => Ok(Key::Secret(Secret(Zeroizing::new(need(
            b64(&jwk.k, "k")?,
            "k",
        )?)))),
        (KeyKind::Ec { curve }, f) => Ok(Key::Ec(match f {
            Format::Raw => EcKey::from_raw(curve, bytes)?,
            Format::Spki => EcKey::from_spki(curve, bytes)?,
            Format::Pkcs8 => EcKey::from_pkcs8(curve, bytes)?,
            Format::Jwk => EcKey::from_parts(
                curve,
                &EcParts {
                    x: need(b64(&jwk.x, "x")?, "x")?,
                    y: need(b64(&jwk.y, "y")?, "y")?,
                    d: b64(&jwk.d, "d")?,
                },
            )?,
        })),
        (KeyKind::Okp { name }, f) => Ok(Key::Okp(match f {
            Format::Raw => OkpKey::from_raw(name, bytes)?,
            Format::Spki => OkpKey::from_spki(name, bytes)?,
            Format::Pkcs8 => OkpKey::from_pkcs8(name, bytes)?,
            Format::Jwk => {
                let d = b64(&jwk.d, "d")?;
                OkpKey::from_parts(name, &need(b64(&jwk.x, "x")?, "x")?, d.as_deref())?
            }
        })),
        (KeyKind::Rsa { .. }, Format::Spki) => Ok(Key::Rsa(RsaKey::from_spki(bytes)?)),
        (KeyKind::Rsa { .. }, Format::Pkcs8) => Ok(Key::Rsa(RsaKey::from_pkcs8(bytes)?)),
        (KeyKind::Rsa { .. }, Format::Jwk) => Ok(Key::Rsa(RsaKey::from_parts(&rsa_parts(jwk)?)?)),
        _ => Err(unsupported()),
    }
}

/// An RSA JWK's numbers. A private key must have all of `d`, `p`, `q`,
/// `dp`, `dq` and `qi` (a key of `d` alone, which JWA allows, is refused).
fn rsa_parts(jwk: &JwkText) -> Result<RsaParts> {
    let n = need(b64(&jwk.n, "n")?, "n")?;
    let e = need(b64(&jwk.e, "e")?, "e")?;
    let Some(d) = b64(&jwk.d, "d")? else {
        return Ok(RsaParts {
            n,
            e,
            private: None,
        });
    };
    let private = RsaPrivateParts {
        d,
        p: need(b64(&jwk.p, "p")?, "p")?,
        q: need(b64(&jwk.q, "q")?, "q")?,
        dp: need(b64(&jwk.dp, "dp")?, "dp")?,
        dq: need(b64(&jwk.dq, "dq")?, "dq")?,
        qi: need(b64(&jwk.qi, "qi")?, "qi")?,
    };
    Ok(RsaParts {
        n,
        e,
        private: Some(private),
    })
}

fn export(key: &Key, format: Format) -> Result<Output> {
    let enc = |b: &[u8]| URL_SAFE_NO_PAD.encode(b);
    let bytes = match (key, format) {
        (Key::Secret(k), Format::Raw) => k.0.to_vec(),
        (Key::Secret(k), Format::Jwk) => return Ok(Output::Jwk(vec![("k", enc(&k.0))])),
        (Key::Ec(k), Format::Raw) if !k.is_private() => k.to_raw(),
        (Key::Ec(k), Format::Spki) if !k.is_private() => k.to_spki()?,
        (Key::Ec(k), Format::Pkcs8) if k.is_private() => k.to_pkcs8()?,
        (Key::Ec(k), Format::Jwk) => {
            let p = k.to_parts();
            let mut out = vec![("x", enc(&p.x)), ("y", enc(&p.y))];
            out.extend(p.d.map(|d| ("d", enc(&d))));
            return Ok(Output::Jwk(out));
        }
        (Key::Okp(k), Format::Raw) if !k.is_private() => k.to_raw(),
        (Key::Okp(k), Format::Spki) if !k.is_private() => k.to_spki()?,
        (Key::Okp(k), Format::Pkcs8) if k.is_private() => k.to_pkcs8()?,
        (Key::Okp(k), Format::Jwk) => {
            let mut out = vec![("x", enc(&k.to_raw()))];
            out.extend(k.secret_bytes().map(|d| ("d", enc(&d))));
            return Ok(Output::Jwk(out));
        }
        (Key::Rsa(k), Format::Spki) if !k.is_private() => k.to_spki()?,
        (Key::Rsa(k), Format::Pkcs8) if k.is_private() => k.to_pkcs8()?,
        (Key::Rsa(k), Format::Jwk) => return Ok(Output::Jwk(rsa_jwk(&k.to_parts()?))),
        _ => {
            return Err(access(format!(
                "a {} key cannot be exported as {}",
                key.kind(),
                format!("{format:?}").to_lowercase()
            )));
        }
    };
    Ok(Output::Bytes(bytes))
}

/// An RSA key's JWK members, in the order JWA lists them.
fn rsa_jwk(parts: &RsaParts) -> Vec<(&'static str, String)> {
    let enc = |b: &[u8]| URL_SAFE_NO_PAD.encode(b);
    let mut out = vec![("n", enc(&parts.n)), ("e", enc(&parts.e))];
    if let Some(p) = &parts.private {
        out.extend([
            ("d", enc(&p.d)),
            ("p", enc(&p.p)),
            ("q", enc(&p.q)),
            ("dp", enc(&p.dp)),
            ("dq", enc(&p.dq)),
            ("qi", enc(&p.qi)),
        ]);
    }
    out
}
