//! The Rust side of `node:crypto` beyond hashes: keys (`KeyObject`'s
//! formats), signatures, key generation, the KDFs and the cipher pieces,
//! each a synchronous function on the built-ins' `host` over
//! [`crate::crypto`].
//!
//! A `KeyObject` keeps its material in JS as canonical DER (PKCS #8 for a
//! private key, SPKI for a public one, the bytes of a secret one), as Node
//! keeps it in its own memory and gives it out on `export()`; each call
//! here parses what it is given. A failure throws an `Error` whose message
//! is the operation's; the JS side (`js/crypto_keys.js` and its siblings)
//! turns it into Node's error codes.

use rquickjs::{Ctx, Exception, Function, Object, Result, TypedArray, Value};

use crate::crypto::cipher::{self, Stream};
use crate::crypto::job::{Format, JwkText, KeyKind};
use crate::crypto::keys::{self, SignOptions};
use crate::crypto::{CryptoError, Hash, Job, Key, Output, kdf};
use crate::host::bytes::bytes_of;

fn fail(ctx: &Ctx<'_>, e: &CryptoError) -> rquickjs::Error {
    Exception::throw_message(ctx, &e.to_string())
}

/// A key from canonical DER: PKCS #8 when `private`, else SPKI.
fn key_of(der: &[u8], private: bool) -> std::result::Result<Key, CryptoError> {
    if private {
        keys::private_key(der, "pkcs8")
    } else {
        keys::public_key(der, "spki")
    }
}

/// What JS learns of a key: its canonical DER and Node's details.
fn info<'js>(ctx: &Ctx<'js>, key: &Key) -> std::result::Result<Object<'js>, CryptoError> {
    let build = || -> Result<Object<'js>> {
        let o = Object::new(ctx.clone())?;
        let private = key.kind() == "private";
        let der = keys::encode(key, if private { "pkcs8" } else { "spki" });
        let der = der.map_err(|e| fail(ctx, &e))?;
        o.set("der", TypedArray::<u8>::new(ctx.clone(), der)?)?;
        o.set("type", key.kind())?;
        o.set("asym", keys::asymmetric_type(key))?;
        match key {
            Key::Rsa(k) => {
                o.set("bits", k.modulus_bits())?;
                o.set(
                    "exponent",
                    TypedArray::<u8>::new(ctx.clone(), k.exponent())?,
                )?;
            }
            Key::Ec(k) => o.set("curve", k.curve())?,
            _ => {}
        }
        Ok(o)
    };
    build().map_err(|e| CryptoError::Operation(e.to_string()))
}

fn hash_of(name: Option<String>) -> std::result::Result<Option<Hash>, CryptoError> {
    name.map(|n| Hash::from_name(&n)).transpose()
}

/// The JWK members that carry material, read from `jwk`.
fn jwk_text(jwk: &Object<'_>) -> Result<JwkText> {
    let t = |k: &str| jwk.get::<_, Option<String>>(k);
    Ok(JwkText {
        k: t("k")?,
        x: t("x")?,
        y: t("y")?,
        d: t("d")?,
        n: t("n")?,
        e: t("e")?,
        p: t("p")?,
        q: t("q")?,
        dp: t("dp")?,
        dq: t("dq")?,
        qi: t("qi")?,
    })
}

/// Adds the key, signature, KDF and cipher functions to `host`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    install_keys(ctx, host)?;
    install_sign(ctx, host)?;
    install_kdf(ctx, host)?;
    install_cipher(ctx, host)
}

fn install_keys<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    // keyParse(der, format, type, wantPublic): a key's info.
    host.set(
        "keyParse",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, der: Value<'js>, format: String, kind: String, public: bool| {
                let der = bytes_of(&der)?;
                let key = if kind == "private" {
                    keys::private_key(&der, &format)
                } else {
                    keys::public_key(&der, &format)
                };
                let key = key
                    .and_then(|k| if public { keys::public_of(&k) } else { Ok(k) })
                    .map_err(|e| fail(&ctx, &e))?;
                info(&ctx, &key).map_err(|e| fail(&ctx, &e))
            },
        )?,
    )?;
    // keyFromJwk(jwk, kind, name, wantPublic): kind "ec" (name the curve),
    // "okp" (Ed25519/X25519) or "rsa".
    host.set(
        "keyFromJwk",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, jwk: Object<'js>, kind: String, name: String, public: bool| {
                let kind = match kind.as_str() {
                    "ec" => KeyKind::Ec { curve: name },
                    "okp" => KeyKind::Okp { name },
                    _ => KeyKind::Rsa {
                        bits: 0,
                        exponent: Vec::new(),
                    },
                };
                let job = Job::Import {
                    kind,
                    format: Format::Jwk,
                    data: Vec::new(),
                    jwk: Box::new(jwk_text(&jwk)?),
                };
                let key = match job.run() {
                    Ok(Output::Key(k)) if public => keys::public_of(&k),
                    Ok(Output::Key(k)) => Ok(k),
                    Ok(_) => Err(CryptoError::Operation("not a key".into())),
                    Err(e) => Err(e),
                };
                let key = key.map_err(|e| fail(&ctx, &e))?;
                info(&ctx, &key).map_err(|e| fail(&ctx, &e))
            },
        )?,
    )?;
    host.set(
        "keyExport",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, der: Value<'js>, private: bool, format: String| {
                let out = key_of(&bytes_of(&der)?, private).and_then(|k| keys::encode(&k, &format));
                TypedArray::<u8>::new(ctx.clone(), out.map_err(|e| fail(&ctx, &e))?)
            },
        )?,
    )?;
    host.set(
        "keyJwk",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, der: Value<'js>, private: bool| -> Result<Object<'js>> {
                let key = key_of(&bytes_of(&der)?, private).map_err(|e| fail(&ctx, &e))?;
                let job = Job::Export {
                    key: std::sync::Arc::new(key),
                    format: Format::Jwk,
                };
                let o = Object::new(ctx.clone())?;
                if let Ok(Output::Jwk(members)) = job.run() {
                    for (k, v) in members {
                        o.set(k, v)?;
                    }
                }
                Ok(o)
            },
        )?,
    )?;
    // keyGenerate(kind, bits|curve, exponent): [pkcs8, spki].
    host.set(
        "keyGenerate",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, kind: String, size: Value<'js>, exponent: Option<f64>| {
                let kind = match kind.as_str() {
                    "rsa" => KeyKind::Rsa {
                        bits: size.as_number().unwrap_or(0.0) as u32,
                        exponent: (exponent.unwrap_or(65537.0) as u64).to_be_bytes().to_vec(),
                    },
                    "ec" => KeyKind::Ec {
                        curve: size
                            .as_string()
                            .map(|s| s.to_string())
                            .transpose()?
                            .unwrap_or_default(),
                    },
                    "ed25519" => KeyKind::Okp {
                        name: "Ed25519".into(),
                    },
                    "ed448" => KeyKind::Okp {
                        name: "Ed448".into(),
                    },
                    "x448" => KeyKind::Okp {
                        name: "X448".into(),
                    },
                    _ => KeyKind::Okp {
                        name: "X25519".into(),
                    },
                };
                let pair = match (Job::Generate { kind }).run() {
                    Ok(Output::Pair(private, public)) => keys::encode(&private, "pkcs8")
                        .and_then(|p| Ok(vec![p, keys::encode(&public, "spki")?])),
                    Ok(_) => Err(CryptoError::Operation("not a pair".into())),
                    Err(e) => Err(e),
                };
                let pair = pair.map_err(|e| fail(&ctx, &e))?;
                pair.into_iter()
                    .map(|b| TypedArray::<u8>::new(ctx.clone(), b))
                    .collect::<Result<Vec<_>>>()
            },
        )?,
    )
}

/// `{hash, pss, p1363}` as JS gives them.
fn sign_options(o: &Object<'_>) -> std::result::Result<SignOptions, CryptoError> {
    Ok(SignOptions {
        hash: hash_of(o.get("hash")?)?,
        pss: o.get("pss")?,
        p1363: o.get::<_, Option<bool>>("p1363")?.unwrap_or(false),
    })
}

fn install_sign<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    // keySign(pkcs8, {hash, pss, p1363}, data).
    host.set(
        "keySign",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, der: Value<'js>, o: Object<'js>, data: Value<'js>| {
                let out = sign_options(&o).and_then(|o| {
                    keys::sign(&key_of(&bytes_of(&der)?, true)?, &o, &bytes_of(&data)?)
                });
                TypedArray::<u8>::new(ctx.clone(), out.map_err(|e| fail(&ctx, &e))?)
            },
        )?,
    )?;
    // keyAgree(pkcs8, spki): diffieHellman's shared secret (ECDH, X25519,
    // X448).
    host.set(
        "keyAgree",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, private: Value<'js>, public: Value<'js>| {
                let job = key_of(&bytes_of(&private)?, true).and_then(|k| {
                    Ok(Job::Agree {
                        key: std::sync::Arc::new(k),
                        public: std::sync::Arc::new(key_of(&bytes_of(&public)?, false)?),
                        bits: None,
                    })
                });
                let out = match job.and_then(Job::run) {
                    Ok(Output::Bytes(b)) => Ok(b),
                    Ok(_) => Err(CryptoError::Operation("not a secret".into())),
                    Err(e) => Err(e),
                };
                TypedArray::<u8>::new(ctx.clone(), out.map_err(|e| fail(&ctx, &e))?)
            },
        )?,
    )?;
    // keyVerify(der, private, {hash, pss, p1363}, data, sig).
    host.set(
        "keyVerify",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             der: Value<'js>,
             private: bool,
             o: Object<'js>,
             data: Value<'js>,
             sig: Value<'js>| {
                sign_options(&o)
                    .and_then(|o| {
                        let key = key_of(&bytes_of(&der)?, private)?;
                        keys::verify(&key, &o, &bytes_of(&data)?, &bytes_of(&sig)?)
                    })
                    .map_err(|e| fail(&ctx, &e))
            },
        )?,
    )
}

impl From<rquickjs::Error> for CryptoError {
    fn from(e: rquickjs::Error) -> Self {
        CryptoError::Data(e.to_string())
    }
}

fn install_kdf<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    // pbkdf2(password, salt, iterations, keylen, hash).
    host.set(
        "pbkdf2",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             pw: Value<'js>,
             salt: Value<'js>,
             iterations: u32,
             len: u32,
             hash: String| {
                let kdf = Hash::from_name(&hash).map(|hash| kdf::Kdf::Pbkdf2 {
                    hash,
                    salt: bytes_of(&salt).unwrap_or_default(),
                    iterations,
                });
                let out = kdf.and_then(|k| kdf::derive(&k, &bytes_of(&pw)?, len * 8));
                TypedArray::<u8>::new(ctx.clone(), out.map_err(|e| fail(&ctx, &e))?)
            },
        )?,
    )?;
    // hkdf(hash, ikm, salt, info, keylen).
    host.set(
        "hkdf",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             hash: String,
             ikm: Value<'js>,
             salt: Value<'js>,
             info: Value<'js>,
             len: u32| {
                let out = Hash::from_name(&hash).and_then(|hash| {
                    let k = kdf::Kdf::Hkdf {
                        hash,
                        salt: bytes_of(&salt)?,
                        info: bytes_of(&info)?,
                    };
                    kdf::derive(&k, &bytes_of(&ikm)?, len * 8)
                });
                TypedArray::<u8>::new(ctx.clone(), out.map_err(|e| fail(&ctx, &e))?)
            },
        )?,
    )?;
    // scrypt(password, salt, {N, r, p, maxmem}, keylen).
    host.set(
        "scrypt",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, pw: Value<'js>, salt: Value<'js>, o: Object<'js>, len: u32| {
                let n: f64 = o.get("N")?;
                let maxmem: f64 = o.get("maxmem")?;
                let out = kdf::scrypt(
                    &bytes_of(&pw)?,
                    &bytes_of(&salt)?,
                    n as u64,
                    o.get("r")?,
                    o.get("p")?,
                    maxmem as u64,
                    len as usize,
                );
                TypedArray::<u8>::new(ctx.clone(), out.map_err(|e| fail(&ctx, &e))?)
            },
        )?,
    )
}

fn stream_of(name: &str) -> Stream {
    match name {
        "gcm" => Stream::Gcm,
        "chacha20-poly1305" => Stream::ChaCha20Poly1305,
        _ => Stream::Ctr,
    }
}

fn install_cipher<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    // cipherBlocks(key, iv|null, data, decrypt): ECB or CBC, whole blocks.
    host.set(
        "cipherBlocks",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             key: Value<'js>,
             iv: Option<Value<'js>>,
             data: Value<'js>,
             decrypt: bool| {
                let iv = iv.map(|v| bytes_of(&v)).transpose()?;
                let out =
                    cipher::blocks(&bytes_of(&key)?, iv.as_deref(), &bytes_of(&data)?, decrypt);
                TypedArray::<u8>::new(ctx.clone(), out.map_err(|e| fail(&ctx, &e))?)
            },
        )?,
    )?;
    // cipherStream(mode, key, iv, offset, data).
    host.set(
        "cipherStream",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             mode: String,
             key: Value<'js>,
             iv: Value<'js>,
             offset: f64,
             data: Value<'js>| {
                let out = cipher::keystream(
                    stream_of(&mode),
                    &bytes_of(&key)?,
                    &bytes_of(&iv)?,
                    offset as u64,
                    &bytes_of(&data)?,
                );
                TypedArray::<u8>::new(ctx.clone(), out.map_err(|e| fail(&ctx, &e))?)
            },
        )?,
    )?;
    // cipherTag(mode, key, iv, aad, ciphertext).
    host.set(
        "cipherTag",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             mode: String,
             key: Value<'js>,
             iv: Value<'js>,
             aad: Value<'js>,
             ct: Value<'js>| {
                let out = cipher::tag(
                    stream_of(&mode),
                    &bytes_of(&key)?,
                    &bytes_of(&iv)?,
                    &bytes_of(&aad)?,
                    &bytes_of(&ct)?,
                );
                TypedArray::<u8>::new(ctx.clone(), out.map_err(|e| fail(&ctx, &e))?)
            },
        )?,
    )
}
