//! The Rust side of the built-ins: the `host` object their sources get.
//! Everything here is synchronous, as the Node APIs it serves are
//! (`createHash().digest()`, `process.hrtime()`, …).

use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

use hmac::{Hmac, KeyInit, Mac};
use rquickjs::{BigInt, Ctx, Exception, Function, Object, Result, TypedArray, Value};
use sha2::Digest;

use crate::host::bytes::bytes_of;

/// The hash functions `createHash` and `createHmac` know, by Node's names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Algorithm {
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
}

impl Algorithm {
    fn from_name(name: &str) -> Option<Algorithm> {
        Some(match name.to_ascii_lowercase().replace('-', "").as_str() {
            "md5" => Algorithm::Md5,
            "sha1" => Algorithm::Sha1,
            "sha224" => Algorithm::Sha224,
            "sha256" => Algorithm::Sha256,
            "sha384" => Algorithm::Sha384,
            "sha512" => Algorithm::Sha512,
            _ => return None,
        })
    }
}

/// Runs `$body` with `$h` the hash type of `$alg`.
macro_rules! with_algorithm {
    ($alg:expr, $h:ident => $body:expr) => {
        match $alg {
            Algorithm::Md5 => {
                type $h = md5::Md5;
                $body
            }
            Algorithm::Sha1 => {
                type $h = sha1::Sha1;
                $body
            }
            Algorithm::Sha224 => {
                type $h = sha2::Sha224;
                $body
            }
            Algorithm::Sha256 => {
                type $h = sha2::Sha256;
                $body
            }
            Algorithm::Sha384 => {
                type $h = sha2::Sha384;
                $body
            }
            Algorithm::Sha512 => {
                type $h = sha2::Sha512;
                $body
            }
        }
    };
}

fn digest(alg: Algorithm, data: &[u8]) -> Vec<u8> {
    with_algorithm!(alg, H => H::digest(data).to_vec())
}

fn hmac(alg: Algorithm, key: &[u8], data: &[u8]) -> Vec<u8> {
    with_algorithm!(alg, H => {
        let mut mac = <Hmac<H> as KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
        mac.update(data);
        mac.finalize().into_bytes().to_vec()
    })
}

fn algorithm(ctx: &Ctx<'_>, name: &str) -> Result<Algorithm> {
    Algorithm::from_name(name).ok_or_else(|| {
        Exception::throw_type(
            ctx,
            &format!(
                "Digest method not supported: {name} (bext has md5, sha1, sha224, sha256, \
                 sha384, sha512)"
            ),
        )
    })
}

/// The origin of `process.hrtime()`: the first time it is asked.
fn origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

thread_local! {
    /// The pool's app root (see [`super::set_app_root`]).
    static APP_ROOT: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
}

/// Makes `dir` what `process.cwd()` answers.
pub(super) fn set_app_root(dir: PathBuf) {
    APP_ROOT.with(|r| *r.borrow_mut() = Some(dir));
}

/// The pool's app root, else the process's working folder.
fn app_root() -> String {
    APP_ROOT
        .with(|r| r.borrow().clone())
        .or_else(|| std::env::current_dir().ok())
        .map_or_else(|| "/".into(), |d| d.to_string_lossy().into_owned())
}

/// `[used, total]` bytes of this context's QuickJS heap.
fn heap(ctx: &Ctx<'_>) -> Vec<f64> {
    // SAFETY: the context (and so its runtime) is alive for the call;
    // JS_ComputeMemoryUsage only reads the runtime and fills `usage`.
    let usage = unsafe {
        let mut usage: rquickjs::qjs::JSMemoryUsage = std::mem::zeroed();
        let rt = rquickjs::qjs::JS_GetRuntime(ctx.as_raw().as_ptr());
        rquickjs::qjs::JS_ComputeMemoryUsage(rt, &mut usage);
        usage
    };
    vec![usage.memory_used_size as f64, usage.malloc_size as f64]
}

/// Environment variables the worker's own machinery sets: not the pool's.
const INTERNAL_ENV: &[&str] = &[
    "BEXT_WORKER_FD",
    "BEXT_MASTER_PID",
    "BEXT_TEMPLATE",
    "BEXT_TEST_FAULTS",
    "BEXT_JOB_LEASE_MS",
];

/// The `host` object of the built-ins.
pub(super) fn object<'js>(ctx: &Ctx<'js>) -> Result<Object<'js>> {
    let host = Object::new(ctx.clone())?;
    host.set(
        "source",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, name: String| {
            super::compile(&ctx, &name)
        })?,
    )?;
    host.set(
        "builtins",
        Function::new(ctx.clone(), || super::BUILTINS.to_vec())?,
    )?;
    host.set(
        "advice",
        Function::new(ctx.clone(), |name: String| {
            super::catalogue::refused_at_call(&name).unwrap_or("")
        })?,
    )?;
    install_crypto(ctx, &host)?;
    super::crypto::install(ctx, &host)?;
    install_process(ctx, &host)?;
    crate::host::zlib::install(ctx, &host)?;
    crate::intl::install(ctx, &host)?;
    crate::host::fs::install(ctx, &host)?;
    super::context::install(ctx, &host)?;
    super::os::install(ctx, &host)?;
    super::ticks::install(ctx, &host)?;
    Ok(host)
}

/// `digest`, `hmac` and `timingSafeEqual`, for node:crypto.
fn install_crypto<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "digest",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, name: String, data: Value<'js>| {
                let out = digest(algorithm(&ctx, &name)?, &bytes_of(&data)?);
                TypedArray::<u8>::new(ctx, out)
            },
        )?,
    )?;
    host.set(
        "hmac",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, name: String, key: Value<'js>, data: Value<'js>| {
                let out = hmac(algorithm(&ctx, &name)?, &bytes_of(&key)?, &bytes_of(&data)?);
                TypedArray::<u8>::new(ctx, out)
            },
        )?,
    )?;
    host.set(
        "timingSafeEqual",
        Function::new(ctx.clone(), |a: Value<'js>, b: Value<'js>| {
            Ok::<_, rquickjs::Error>(crate::crypto::mac::timing_safe_equal(
                &bytes_of(&a)?,
                &bytes_of(&b)?,
            ))
        })?,
    )
}

/// `hrtime`, `env`, `cwd`, `heap`, `pid`, `arch` and `rss`, for node:process.
fn install_process<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "hrtime",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| {
            let ns = origin().elapsed().as_nanos().min(i64::MAX as u128) as i64;
            BigInt::from_i64(ctx, ns)
        })?,
    )?;
    host.set(
        "env",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| {
            let env = Object::new(ctx)?;
            for (k, v) in std::env::vars_os() {
                let (Some(k), Some(v)) = (k.to_str(), v.to_str()) else {
                    continue;
                };
                if !INTERNAL_ENV.contains(&k) {
                    env.set(k, v)?;
                }
            }
            Ok::<_, rquickjs::Error>(env)
        })?,
    )?;
    host.set("cwd", Function::new(ctx.clone(), app_root)?)?;
    host.set(
        "heap",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| heap(&ctx))?,
    )?;
    host.set("pid", std::process::id())?;
    let arch = match std::env::consts::ARCH {
        "x86_64" => "x64",
        "aarch64" => "arm64",
        other => other,
    };
    host.set("arch", arch)?;
    host.set(
        "rss",
        Function::new(ctx.clone(), || {
            memory_stats::memory_stats().map_or(0.0, |m| m.physical_mem as f64)
        })?,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    #[test]
    fn digests_and_hmacs_match_known_answers() {
        let md5 = Algorithm::from_name("MD5").unwrap();
        assert_eq!(
            hex(&digest(md5, b"abc")),
            "900150983cd24fb0d6963f7d28e17f72"
        );
        let sha = Algorithm::from_name("sha-256").unwrap();
        assert_eq!(
            hex(&hmac(
                sha,
                b"key",
                b"The quick brown fox jumps over the lazy dog"
            )),
            "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
        );
        assert!(Algorithm::from_name("whirlpool").is_none());
    }
}
