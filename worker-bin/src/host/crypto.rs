//! The JS side's door to [`crate::crypto`]: `subtle(op, params, id)` turns
//! an operation `js/subtle.js` has checked into a [`Job`] and runs it now,
//! returning its result, or (a long one) queues it for the serve loop and
//! returns `undefined`; the result then comes back through the glue's
//! `cryptoDone`. The key table maps the handles JS holds to the material;
//! `keyDrop` (from a FinalizationRegistry) forgets a collected key.
//!
//! A failed operation throws (or rejects with) a DOMException named by
//! [`crate::crypto::CryptoError::dom_name`].

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use rquickjs::{Array, ArrayBuffer, Ctx, Exception, FromJs, Function, Object, Result, Value};

use super::text::Text;
use super::{HostEvent, HostState, bytes_of};
use crate::crypto::aes::Mode;
use crate::crypto::job::Format;
use crate::crypto::job::{JwkText, KeyKind, SignAlg};
use crate::crypto::kdf::Kdf;
use crate::crypto::rsa::RsaPadding;
use crate::crypto::{CryptoError, Hash, Job, Key, Output};

/// The keys JS holds, by handle. Handles are never reused.
#[derive(Debug, Default)]
pub struct KeyTable {
    next: u32,
    keys: HashMap<u32, Arc<Key>>,
}

impl KeyTable {
    fn add(&mut self, key: Key) -> u32 {
        self.next += 1;
        self.keys.insert(self.next, Arc::new(key));
        self.next
    }

    fn get(&self, handle: u32) -> std::result::Result<Arc<Key>, CryptoError> {
        self.keys
            .get(&handle)
            .cloned()
            .ok_or_else(|| CryptoError::InvalidAccess("the key is gone".into()))
    }

    /// How many keys JS holds (for tests of the table's upkeep).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// Adds `subtle`, `keyDrop`, `keyBits`, `keyExponent` and `timingSafeEqual`
/// to `host`.
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    state: &Rc<HostState>,
) -> Result<()> {
    let s = state.clone();
    host.set(
        "subtle",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, op: Text, p: Object<'js>, id: u32| {
                let job = job_of(&s, &op, &p).map_err(|e| throw(&ctx, e))?;
                if s.crypto_offload.get() && job.is_long() {
                    s.push(HostEvent::CryptoStart { id, job });
                    return Ok(Value::new_undefined(ctx));
                }
                let out = job.run().map_err(|e| throw(&ctx, &e))?;
                to_js(&ctx, &s, out)
            },
        )?,
    )?;
    let s = state.clone();
    host.set(
        "keyDrop",
        Function::new(ctx.clone(), move |handle: u32| {
            s.keys.borrow_mut().keys.remove(&handle);
        })?,
    )?;
    let s = state.clone();
    host.set(
        "keyBits",
        Function::new(ctx.clone(), move |handle: u32| -> u32 {
            match s.keys.borrow().keys.get(&handle).map(|k| &**k) {
                Some(Key::Secret(b)) => (b.0.len() * 8) as u32,
                Some(Key::Rsa(k)) => k.modulus_bits(),
                _ => 0,
            }
        })?,
    )?;
    // An RSA key's public exponent, for its `algorithm.publicExponent`.
    let s = state.clone();
    host.set(
        "keyExponent",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, handle: u32| -> Result<Value<'js>> {
                let e = match s.keys.borrow().keys.get(&handle).map(|k| &**k) {
                    Some(Key::Rsa(k)) => k.exponent(),
                    _ => Vec::new(),
                };
                Ok(ArrayBuffer::new(ctx, e)?.into_value())
            },
        )?,
    )?;
    host.set(
        "timingSafeEqual",
        Function::new(
            ctx.clone(),
            |a: Value<'js>, b: Value<'js>| -> Result<bool> {
                Ok(crate::crypto::timing_safe_equal(
                    &bytes_of(&a)?,
                    &bytes_of(&b)?,
                ))
            },
        )?,
    )?;
    Ok(())
}

/// Throws `e` as the DOMException the spec names.
fn throw(ctx: &Ctx<'_>, e: impl std::borrow::Borrow<CryptoError>) -> rquickjs::Error {
    let e = e.borrow();
    Exception::throw_dom(ctx, e.dom_name(), &e.to_string())
}

/// A job's result as JS sees it: an ArrayBuffer, a boolean, a key's
/// handle, a pair of handles (private, public), or a JWK's members.
pub fn to_js<'js>(ctx: &Ctx<'js>, state: &HostState, out: Output) -> Result<Value<'js>> {
    Ok(match out {
        Output::Bytes(b) => ArrayBuffer::new(ctx.clone(), b)?.into_value(),
        Output::Bool(b) => Value::new_bool(ctx.clone(), b),
        Output::Key(k) => Value::new_int(ctx.clone(), state.keys.borrow_mut().add(k) as i32),
        Output::Pair(private, public) => {
            let mut keys = state.keys.borrow_mut();
            let pair = Array::new(ctx.clone())?;
            pair.set(0, keys.add(private))?;
            pair.set(1, keys.add(public))?;
            pair.into_value()
        }
        Output::Jwk(members) => {
            let o = Object::new(ctx.clone())?;
            for (k, v) in members {
                o.set(k, v)?;
            }
            o.into_value()
        }
    })
}

type Built<T> = std::result::Result<T, CryptoError>;

/// What JS passed. A member that is missing or of the wrong type is a bug
/// of the JS side, reported as an OperationError naming the member.
struct Params<'a, 'js> {
    p: &'a Object<'js>,
    state: &'a HostState,
}

impl<'js> Params<'_, 'js> {
    fn get<T: FromJs<'js>>(&self, name: &str) -> Built<T> {
        self.p
            .get(name)
            .map_err(|e| CryptoError::Operation(format!("bad parameter {name}: {e}")))
    }
    fn text(&self, name: &str) -> Built<String> {
        Ok(self.get::<Text>(name)?.0)
    }
    fn opt_text(&self, name: &str) -> Built<Option<String>> {
        Ok(self.get::<Option<Text>>(name)?.map(|t| t.0))
    }
    fn bytes(&self, name: &str) -> Built<Vec<u8>> {
        bytes_of(&self.get::<Value>(name)?)
            .map_err(|e| CryptoError::Operation(format!("bad parameter {name}: {e}")))
    }
    fn hash(&self) -> Built<Hash> {
        Hash::from_name(&self.text("hash")?)
    }
    fn key(&self, name: &str) -> Built<Arc<Key>> {
        self.state.keys.borrow().get(self.get::<u32>(name)?)
    }
}

/// Reads the job `op` from `p`.
fn job_of<'js>(state: &HostState, op: &str, p: &Object<'js>) -> Built<Job> {
    let p = Params { p, state };
    Ok(match op {
        "digest" => Job::Digest {
            hash: p.hash()?,
            data: p.bytes("data")?,
        },
        "sign" => Job::Sign {
            alg: sign_alg(&p)?,
            key: p.key("key")?,
            data: p.bytes("data")?,
        },
        "verify" => Job::Verify {
            alg: sign_alg(&p)?,
            key: p.key("key")?,
            data: p.bytes("data")?,
            sig: p.bytes("sig")?,
        },
        "encrypt" | "decrypt" if p.text("alg")? == "RSA-OAEP" => Job::Oaep {
            hash: p.hash()?,
            label: p.bytes("label")?,
            key: p.key("key")?,
            data: p.bytes("data")?,
            decrypt: op == "decrypt",
        },
        "encrypt" | "decrypt" => Job::Cipher {
            mode: mode(&p)?,
            key: p.key("key")?,
            data: p.bytes("data")?,
            decrypt: op == "decrypt",
        },
        "deriveBits" => derive(&p)?,
        "generate" => Job::Generate { kind: kind(&p)? },
        "checkGenerate" => Job::CheckGenerate { kind: kind(&p)? },
        "import" => Job::Import {
            kind: kind(&p)?,
            format: Format::from_name(&p.text("format")?)?,
            data: match p.get::<Option<Value>>("data")? {
                Some(v) if !v.is_undefined() => p.bytes("data")?,
                _ => Vec::new(),
            },
            jwk: Box::new(JwkText {
                k: p.opt_text("k")?,
                x: p.opt_text("x")?,
                y: p.opt_text("y")?,
                d: p.opt_text("d")?,
                n: p.opt_text("n")?,
                e: p.opt_text("e")?,
                p: p.opt_text("p")?,
                q: p.opt_text("q")?,
                dp: p.opt_text("dp")?,
                dq: p.opt_text("dq")?,
                qi: p.opt_text("qi")?,
            }),
        },
        "export" => Job::Export {
            key: p.key("key")?,
            format: Format::from_name(&p.text("format")?)?,
        },
        other => {
            return Err(CryptoError::NotSupported(format!(
                "unknown operation {other}"
            )));
        }
    })
}

fn sign_alg(p: &Params<'_, '_>) -> Built<SignAlg> {
    Ok(match p.text("alg")?.as_str() {
        "HMAC" => SignAlg::Hmac(p.hash()?),
        "ECDSA" => SignAlg::Ecdsa(p.hash()?),
        "Ed25519" | "Ed448" => SignAlg::EdDsa,
        "RSASSA-PKCS1-v1_5" => SignAlg::Rsa(RsaPadding::Pkcs1, p.hash()?),
        "RSA-PSS" => SignAlg::Rsa(
            RsaPadding::Pss {
                salt: p.get::<u32>("saltLength")? as usize,
            },
            p.hash()?,
        ),
        other => return Err(CryptoError::NotSupported(format!("{other} does not sign"))),
    })
}

fn mode(p: &Params<'_, '_>) -> Built<Mode> {
    Ok(match p.text("alg")?.as_str() {
        "AES-GCM" => Mode::Gcm {
            iv: p.bytes("iv")?,
            additional: p.bytes("additionalData")?,
            tag_bits: p.get("tagLength")?,
        },
        "AES-CBC" => Mode::Cbc { iv: p.bytes("iv")? },
        "AES-CTR" => Mode::Ctr {
            counter: p.bytes("counter")?,
            length: p.get("length")?,
        },
        "AES-KW" => Mode::Kw,
        other => {
            return Err(CryptoError::NotSupported(format!(
                "{other} does not encrypt"
            )));
        }
    })
}

fn derive(p: &Params<'_, '_>) -> Built<Job> {
    let key = p.key("key")?;
    let bits: Option<u32> = p.get("length")?;
    let alg = p.text("alg")?;
    let kdf = match alg.as_str() {
        "ECDH" | "X25519" | "X448" => {
            return Ok(Job::Agree {
                key,
                public: p.key("public")?,
                bits,
            });
        }
        "PBKDF2" => Kdf::Pbkdf2 {
            hash: p.hash()?,
            salt: p.bytes("salt")?,
            iterations: p.get("iterations")?,
        },
        "HKDF" => Kdf::Hkdf {
            hash: p.hash()?,
            salt: p.bytes("salt")?,
            info: p.bytes("info")?,
        },
        other => {
            return Err(CryptoError::NotSupported(format!(
                "{other} does not derive"
            )));
        }
    };
    let bits = bits.ok_or_else(|| CryptoError::Operation(format!("{alg}: length is required")))?;
    Ok(Job::Derive { kdf, key, bits })
}

fn kind(p: &Params<'_, '_>) -> Built<KeyKind> {
    Ok(match p.text("kind")?.as_str() {
        "secret" => KeyKind::Secret {
            bytes: p.get::<Option<u32>>("bytes")?.unwrap_or(0) as usize,
        },
        "ec" => KeyKind::Ec {
            curve: p.text("curve")?,
        },
        "okp" => KeyKind::Okp {
            name: p.text("name")?,
        },
        "rsa" => KeyKind::Rsa {
            bits: p.get::<Option<u32>>("modulusLength")?.unwrap_or(0),
            exponent: match p.get::<Option<Value>>("publicExponent")? {
                Some(v) if !v.is_undefined() => p.bytes("publicExponent")?,
                _ => Vec::new(),
            },
        },
        other => {
            return Err(CryptoError::NotSupported(format!(
                "unknown key kind {other}"
            )));
        }
    })
}
