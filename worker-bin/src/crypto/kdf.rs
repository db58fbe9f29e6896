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
            with_hash!(*hash, H => pbkdf2::pbkdf2_hmac::<H>(secret, salt, *iterations, &mut out));
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
