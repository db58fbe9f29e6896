//! Key derivation: PBKDF2 (RFC 8018) and HKDF (RFC 5869), both over HMAC.

use hkdf::Hkdf;

use super::mac::{Hash, with_hash};
use super::{Result, operation};

/// The parameters of a derivation, besides the base key and the length.
#[derive(Debug, Clone)]
pub enum Kdf {
    Pbkdf2 {
        hash: Hash,
        salt: Vec<u8>,
        iterations: u32,
    },
    Hkdf {
        hash: Hash,
        salt: Vec<u8>,
        info: Vec<u8>,
    },
}

/// Iterations from which PBKDF2 leaves the JS thread: 0.27 ms of
/// PBKDF2-SHA256 in a release build on the 2-core VM, against 19 µs for the
/// hand-off (the `crypto_cost` example); real password hashing asks for
/// 100,000 and more (14 ms).
pub const LONG_PBKDF2_ITERATIONS: u32 = 2_000;

/// `bits` bits derived from `secret`.
pub fn derive(kdf: &Kdf, secret: &[u8], bits: u32) -> Result<Vec<u8>> {
    if bits % 8 != 0 {
        return Err(operation("the length must be a multiple of 8 bits"));
    }
    let mut out = vec![0u8; (bits / 8) as usize];
    match kdf {
        Kdf::Pbkdf2 {
            hash,
            salt,
            iterations,
        } => {
            if *iterations == 0 {
                return Err(operation("PBKDF2: iterations must be at least 1"));
            }
            pbkdf2(*hash, secret, salt, *iterations, &mut out);
        }
        Kdf::Hkdf { hash, salt, info } => {
            if out.len() > 255 * hash.output_len() {
                return Err(operation(
                    "HKDF: the length is more than 255 times the hash's",
                ));
            }
            with_hash!(*hash, H => Hkdf::<H>::new(Some(salt), secret)
                .expand(info, &mut out)
                .map_err(|_| operation("HKDF: bad length"))?);
        }
    }
    Ok(out)
}

/// PBKDF2-HMAC on AWS-LC (aws-lc-rs): its loop is C, built optimized in
/// every profile, where RustCrypto's generic one is compiled into this
/// crate, unoptimized in a debug build (WPT's pbkdf2.https.any.js, hundreds
/// of derivations with 100,000 iterations, took 305 s there against 34 s on
/// AWS-LC). `iterations` is at least 1 (checked by the caller).
fn pbkdf2(hash: Hash, secret: &[u8], salt: &[u8], iterations: u32, out: &mut [u8]) {
    use aws_lc_rs::pbkdf2::{
        PBKDF2_HMAC_SHA1, PBKDF2_HMAC_SHA256, PBKDF2_HMAC_SHA384, PBKDF2_HMAC_SHA512,
    };
    let (Some(iterations), false) = (std::num::NonZeroU32::new(iterations), out.is_empty()) else {
        return;
    };
    let algorithm = match hash {
        Hash::Sha1 => PBKDF2_HMAC_SHA1,
        Hash::Sha256 => PBKDF2_HMAC_SHA256,
        Hash::Sha384 => PBKDF2_HMAC_SHA384,
        Hash::Sha512 => PBKDF2_HMAC_SHA512,
    };
    aws_lc_rs::pbkdf2::derive(algorithm, iterations, salt, secret, out);
}

/// scrypt (RFC 7914) with Node's parameters: cost `n` (a power of 2),
/// block size `r`, parallelism `p`, and `maxmem`, the most memory
/// (128 · n · r bytes, and 128 · p · r) it may take.
pub fn scrypt(
    password: &[u8],
    salt: &[u8],
    n: u64,
    r: u32,
    p: u32,
    maxmem: u64,
    len: usize,
) -> Result<Vec<u8>> {
    if n < 2 || !n.is_power_of_two() {
        return Err(super::data(
            "Invalid scrypt params: N must be a power of 2 greater than 1",
        ));
    }
    let need = 128u64
        .saturating_mul(u64::from(r))
        .saturating_mul(n.saturating_add(u64::from(p)).saturating_add(2));
    if need > maxmem {
        return Err(super::data("Invalid scrypt params: memory limit exceeded"));
    }
    let params = scrypt::Params::new(n.trailing_zeros() as u8, r, p)
        .map_err(|_| super::data("Invalid scrypt params"))?;
    let mut out = vec![0u8; len];
    if len > 0 {
        scrypt::scrypt(password, salt, &params, &mut out)
            .map_err(|_| super::data("Invalid scrypt params"))?;
    }
    Ok(out)
}
