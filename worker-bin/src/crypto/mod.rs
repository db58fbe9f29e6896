//! The cryptography behind `crypto.subtle`: pure Rust over bytes and key
//! material, with no knowledge of JavaScript, so `node:crypto` sits on the
//! same functions.
//!
//! Theory of operation. The JS side (`js/subtle.js`) does what the Web
//! Cryptography API calls normalizing an algorithm and the argument checks
//! (names, usages, lengths, key types), because those are about JS values
//! and their error names are the spec's. What reaches Rust is a [`Job`]:
//! an operation with its inputs copied out of JS and the keys it needs as
//! `Arc<Key>`, so a job is `Send` and can run on any thread. Key material
//! lives only here: JS holds a handle into the host's key table
//! (`host/crypto.rs`), and the bytes of a key cross into JS only through an
//! export, which JS allows only for an extractable key.
//!
//! A job runs inline on the JS thread when it is short, or on tokio's
//! blocking pool when it may be long ([`Job::is_long`]: RSA key generation
//! and private-key operations, PBKDF2 with many iterations, a digest or
//! cipher over a large input): the serve loop hands
//! it over and gives the result back to JS as an event, as it does for
//! `fetch()`, so other requests keep running meanwhile.
//!
//! The crates are RustCrypto's: pure Rust, constant-time arithmetic for
//! the curves (`crypto-bigint`/`primefield`), and every algorithm and key
//! format the API names, which `ring` (already in the tree through rustls)
//! does not offer (P-521, importable ECDH keys, AES-CBC/CTR/KW). Where
//! `aws-lc-rs` (AWS-LC's assembly) measured faster, the operation runs on
//! it and the RustCrypto code stays for the shapes it does not take: RSA
//! (`rsa_lc`: signing, OAEP, verification, common key generation; `rsa.rs`
//! says what stays on RustCrypto's `rsa` 0.10), AES-GCM with a 12-byte iv
//! and a 128-bit tag and AES-CBC (`aes_lc`), ECDSA verification with the
//! curve's own hash (`ec`). Digests, HMAC and AES-CTR measured as fast or
//! faster on RustCrypto (SHA-NI and AES-NI are detected at run time) and
//! stay there.
//!
//! Parts: `mac` (digests, HMAC, comparison), `aes` (the AES modes), `kdf`
//! (PBKDF2, HKDF), `ec` (ECDSA and ECDH on the NIST curves), `okp` (Ed25519,
//! X25519, and through `okp448` Ed448 and X448), `rsa` (RSASSA-PKCS1-v1_5, RSA-PSS, RSA-OAEP; `rsa_lc` its AWS-LC side), `aes_lc` (AES-GCM and CBC on AWS-LC), `job` (the
//! operations and their dispatch); for `node:crypto` (`node/crypto.rs`),
//! `keys` (a key from PKCS #8, SPKI, PKCS #1 or SEC 1 DER with its kind
//! read from the DER, and back; Node's sign/verify options) and `cipher`
//! (AES-ECB/CBC blocks, the CTR/GCM/ChaCha20 keystreams at an offset, the
//! GCM and Poly1305 tags: the pieces a streaming cipher is made of);
//! `kdf` has scrypt for it too.

pub mod aes;
mod aes_lc;
pub mod cipher;
mod ec;
pub mod job;
pub mod kdf;
pub mod keys;
pub(crate) mod mac;
mod okp;
mod okp448;
pub mod rsa;
mod rsa_lc;

pub use job::{Job, Output};
pub use mac::{Hash, timing_safe_equal};

use zeroize::Zeroizing;

/// Why an operation failed, by the DOMException name the spec gives it.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum CryptoError {
    /// An algorithm, curve or format this implementation does not offer.
    #[error("{0}")]
    NotSupported(String),
    /// The key does not fit the operation (its type, its algorithm).
    #[error("{0}")]
    InvalidAccess(String),
    /// Key data or a parameter that does not parse or has a bad length.
    #[error("{0}")]
    Data(String),
    /// The operation itself failed (a tag that does not match, a bad
    /// padding, an invalid point).
    #[error("{0}")]
    Operation(String),
}

impl CryptoError {
    /// The DOMException name JS throws it as.
    pub fn dom_name(&self) -> &'static str {
        match self {
            CryptoError::NotSupported(_) => "NotSupportedError",
            CryptoError::InvalidAccess(_) => "InvalidAccessError",
            CryptoError::Data(_) => "DataError",
            CryptoError::Operation(_) => "OperationError",
        }
    }
}

pub type Result<T> = std::result::Result<T, CryptoError>;

fn data(msg: impl Into<String>) -> CryptoError {
    CryptoError::Data(msg.into())
}

fn operation(msg: impl Into<String>) -> CryptoError {
    CryptoError::Operation(msg.into())
}

fn access(msg: impl Into<String>) -> CryptoError {
    CryptoError::InvalidAccess(msg.into())
}

/// Key material. Which algorithm a key is for is the JS side's
/// business (its `algorithm` and `usages`); the material only knows its
/// shape, and every operation checks the shape it needs. Its `Debug`
/// shows no material.
#[derive(Debug)]
pub enum Key {
    /// HMAC, AES, PBKDF2 and HKDF keys: bytes.
    Secret(Secret),
    /// ECDSA and ECDH keys on P-256, P-384, P-521.
    Ec(ec::EcKey),
    /// Ed25519, X25519, Ed448 and X448 keys.
    Okp(okp::OkpKey),
    /// RSASSA-PKCS1-v1_5, RSA-PSS and RSA-OAEP keys.
    Rsa(rsa::RsaKey),
}

/// Secret key bytes, wiped when dropped; `Debug` shows only the length.
pub struct Secret(pub Zeroizing<Vec<u8>>);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Secret({} bytes)", self.0.len())
    }
}

impl Key {
    /// `"secret"`, `"private"` or `"public"`: the `CryptoKey.type`.
    pub fn kind(&self) -> &'static str {
        match self {
            Key::Secret(_) => "secret",
            Key::Ec(k) if k.is_private() => "private",
            Key::Okp(k) if k.is_private() => "private",
            Key::Rsa(k) if k.is_private() => "private",
            _ => "public",
        }
    }

    fn secret(&self) -> Result<&[u8]> {
        match self {
            Key::Secret(s) => Ok(&s.0),
            _ => Err(access("the operation needs a secret key")),
        }
    }
}

/// Random bytes from the system.
fn random(n: usize) -> Result<Vec<u8>> {
    let mut buf = vec![0u8; n];
    getrandom::fill(&mut buf).map_err(|e| operation(format!("no randomness: {e}")))?;
    Ok(buf)
}

#[cfg(test)]
mod tests;
