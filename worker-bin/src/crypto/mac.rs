//! Digests (SHA-1, SHA-2), HMAC, and the comparison of secrets in constant
//! time.

use hmac::{Hmac, KeyInit, Mac};
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha384, Sha512};
use subtle::ConstantTimeEq;

use super::{CryptoError, Result};

/// A hash function the API names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hash {
    Sha1,
    Sha256,
    Sha384,
    Sha512,
}

/// Runs `$body` with `$h` the hash type of `$hash`.
macro_rules! with_hash {
    ($hash:expr, $h:ident => $body:expr) => {
        match $hash {
            Hash::Sha1 => {
                type $h = sha1::Sha1;
                $body
            }
            Hash::Sha256 => {
                type $h = sha2::Sha256;
                $body
            }
            Hash::Sha384 => {
                type $h = sha2::Sha384;
                $body
            }
            Hash::Sha512 => {
                type $h = sha2::Sha512;
                $body
            }
        }
    };
}
pub(super) use with_hash;

impl Hash {
    /// From the name JS normalized (`"SHA-256"`, …).
    pub fn from_name(name: &str) -> Result<Hash> {
        Ok(match name {
            "SHA-1" => Hash::Sha1,
            "SHA-256" => Hash::Sha256,
            "SHA-384" => Hash::Sha384,
            "SHA-512" => Hash::Sha512,
            _ => return Err(CryptoError::NotSupported(format!("unknown hash {name}"))),
        })
    }

    /// The digest's length in bytes.
    pub fn output_len(self) -> usize {
        match self {
            Hash::Sha1 => 20,
            Hash::Sha256 => 32,
            Hash::Sha384 => 48,
            Hash::Sha512 => 64,
        }
    }

    /// The hash's block size in bytes: HMAC's default key length.
    pub fn block_len(self) -> usize {
        match self {
            Hash::Sha1 | Hash::Sha256 => 64,
            Hash::Sha384 | Hash::Sha512 => 128,
        }
    }

    pub fn digest(self, data: &[u8]) -> Vec<u8> {
        match self {
            Hash::Sha1 => Sha1::digest(data).to_vec(),
            Hash::Sha256 => Sha256::digest(data).to_vec(),
            Hash::Sha384 => Sha384::digest(data).to_vec(),
            Hash::Sha512 => Sha512::digest(data).to_vec(),
        }
    }
}

/// HMAC of `data` under `key`.
pub fn hmac_sign(hash: Hash, key: &[u8], data: &[u8]) -> Vec<u8> {
    with_hash!(hash, H => {
        // Any key length is valid for HMAC.
        let mut mac = <Hmac<H> as KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
        mac.update(data);
        mac.finalize().into_bytes().to_vec()
    })
}

/// Whether `sig` is the HMAC of `data`, compared in constant time.
pub fn hmac_verify(hash: Hash, key: &[u8], data: &[u8], sig: &[u8]) -> bool {
    with_hash!(hash, H => {
        let mut mac = <Hmac<H> as KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
        mac.update(data);
        mac.verify_slice(sig).is_ok()
    })
}

/// Whether two byte strings are equal, in time that depends only on their
/// length (Workers' `crypto.subtle.timingSafeEqual`, Node's
/// `crypto.timingSafeEqual`; both refuse different lengths, as the caller
/// does before this).
pub fn timing_safe_equal(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && bool::from(a.ct_eq(b))
}
