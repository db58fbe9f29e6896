//! The RSA operations that run on `aws-lc-rs` (AWS-LC, BoringSSL's
//! assembly: constant-time, private-key operations blinded), with each
//! key's parsed forms kept beside it so a signature or a decryption does
//! not parse the key again.
//!
//! A key is parsed from the DER `rsa.rs` already produces (PKCS #8 for a
//! private key, SPKI for a public one), once per use (signing, OAEP
//! decryption, OAEP encryption, verification per padding and hash), the
//! first time that use comes: a key only imported and exported costs
//! nothing here. Where `aws-lc-rs` cannot do a parameter the slot holds
//! `None` or the function answers `None`, and `rsa.rs` runs the `rsa`
//! crate instead:
//! - keys under 2048 bits (`aws-lc-rs` refuses them);
//! - SHA-1 signatures (it signs only with SHA-2), and RSA-PSS
//!   verification with SHA-1;
//! - RSA-PSS verification with a salt other than the digest's length (its
//!   verification parameters are `'static` values; the `rsa` crate verifies
//!   those as fast as Node does).
//!
//! RSA-PSS *signing* takes any salt: an encoding with a caller's salt is
//! made once per (hash, salt) and kept for the process (at most 3 × 1,024
//! small values: a salt is shorter than an 8192-bit modulus).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use aws_lc_rs::rsa::{
    KeyPair, OAEP_SHA1_MGF1SHA1, OAEP_SHA256_MGF1SHA256, OAEP_SHA384_MGF1SHA384,
    OAEP_SHA512_MGF1SHA512, OaepAlgorithm, OaepPrivateDecryptingKey, OaepPublicEncryptingKey,
    PrivateDecryptingKey, PublicEncryptingKey,
};
use aws_lc_rs::signature::{self, ParsedPublicKey, RsaParameters, RsaSignatureEncoding};
use zeroize::Zeroizing;

use super::mac::Hash;
use super::rsa::RsaPadding;

/// The smallest modulus `aws-lc-rs` takes, in bits.
pub const MIN_BITS: u32 = 2048;

/// A key's parsed `aws-lc-rs` forms, each made on first use. `None` in a
/// slot: `aws-lc-rs` refused the key, and the `rsa` crate does that use.
#[derive(Default)]
pub struct LcRsa {
    signer: OnceLock<Option<KeyPair>>,
    decrypter: OnceLock<Option<OaepPrivateDecryptingKey>>,
    encrypter: OnceLock<Option<OaepPublicEncryptingKey>>,
    /// PKCS#1 v1.5 with SHA-1, SHA-256, SHA-384, SHA-512, then RSA-PSS
    /// (salt of the digest's length) with SHA-256, SHA-384, SHA-512.
    verifiers: [OnceLock<Option<ParsedPublicKey>>; 7],
}

/// Where a key's DER comes from when a slot is first filled: PKCS #8 for
/// the private slots, SPKI for the public ones. `None` if it cannot be
/// encoded (a public key asked for its PKCS #8).
pub trait Der {
    fn pkcs8(&self) -> Option<Zeroizing<Vec<u8>>>;
    fn spki(&self) -> Option<Vec<u8>>;
}

fn oaep_alg(hash: Hash) -> &'static OaepAlgorithm {
    match hash {
        Hash::Sha1 => &OAEP_SHA1_MGF1SHA1,
        Hash::Sha256 => &OAEP_SHA256_MGF1SHA256,
        Hash::Sha384 => &OAEP_SHA384_MGF1SHA384,
        Hash::Sha512 => &OAEP_SHA512_MGF1SHA512,
    }
}

/// The signing encoding for `padding` and `hash`; `None` for SHA-1.
fn sign_encoding(padding: RsaPadding, hash: Hash) -> Option<&'static RsaSignatureEncoding> {
    Some(match (padding, hash) {
        (_, Hash::Sha1) => return None,
        (RsaPadding::Pkcs1, Hash::Sha256) => &signature::RSA_PKCS1_SHA256,
        (RsaPadding::Pkcs1, Hash::Sha384) => &signature::RSA_PKCS1_SHA384,
        (RsaPadding::Pkcs1, Hash::Sha512) => &signature::RSA_PKCS1_SHA512,
        (RsaPadding::Pss { salt }, _) if salt == hash.output_len() => match hash {
            Hash::Sha384 => &signature::RSA_PSS_SHA384,
            Hash::Sha512 => &signature::RSA_PSS_SHA512,
            _ => &signature::RSA_PSS_SHA256,
        },
        (RsaPadding::Pss { salt }, _) => pss_with_salt(hash, salt)?,
    })
}

/// An RSA-PSS encoding with a caller's salt, made once per (hash, salt):
/// `aws-lc-rs` signs only with `'static` encodings.
fn pss_with_salt(hash: Hash, salt: usize) -> Option<&'static RsaSignatureEncoding> {
    use aws_lc_rs::rsa::RsaPssSaltLength;
    // Longer than any 8192-bit key's room for a salt: the key refuses it
    // anyway, and the table stays small.
    let salt = u16::try_from(salt).ok().filter(|s| *s < 1024)?;
    // Keyed by the digest's length and the salt.
    static MADE: OnceLock<Mutex<HashMap<(usize, u16), &'static RsaSignatureEncoding>>> =
        OnceLock::new();
    let mut made = MADE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let encoding = made.entry((hash.output_len(), salt)).or_insert_with(|| {
        let base = match hash {
            Hash::Sha384 => signature::RSA_PSS_SHA384,
            Hash::Sha512 => signature::RSA_PSS_SHA512,
            _ => signature::RSA_PSS_SHA256,
        };
        Box::leak(Box::new(
            base.with_pss_salt_length(RsaPssSaltLength::Custom(salt)),
        ))
    });
    Some(*encoding)
}

/// The verifier's slot and parameters for `padding` and `hash`.
fn verify_params(padding: RsaPadding, hash: Hash) -> Option<(usize, &'static RsaParameters)> {
    Some(match (padding, hash) {
        (RsaPadding::Pkcs1, Hash::Sha1) => {
            (0, &signature::RSA_PKCS1_2048_8192_SHA1_FOR_LEGACY_USE_ONLY)
        }
        (RsaPadding::Pkcs1, Hash::Sha256) => (1, &signature::RSA_PKCS1_2048_8192_SHA256),
        (RsaPadding::Pkcs1, Hash::Sha384) => (2, &signature::RSA_PKCS1_2048_8192_SHA384),
        (RsaPadding::Pkcs1, Hash::Sha512) => (3, &signature::RSA_PKCS1_2048_8192_SHA512),
        (RsaPadding::Pss { salt }, h) if salt == h.output_len() => match h {
            Hash::Sha256 => (4, &signature::RSA_PSS_2048_8192_SHA256),
            Hash::Sha384 => (5, &signature::RSA_PSS_2048_8192_SHA384),
            Hash::Sha512 => (6, &signature::RSA_PSS_2048_8192_SHA512),
            Hash::Sha1 => return None,
        },
        (RsaPadding::Pss { .. }, _) => return None,
    })
}

/// A new key of `bits` with exponent `e`, for the sizes and exponent
/// AWS-LC generates (2048, 3072, 4096, 8192 bits; 65537): its PKCS #8, and
/// the cache with the signing key already in it. `None` for the others
/// (the `rsa` crate makes them).
pub fn generate(bits: u32, e: u64) -> Option<(Zeroizing<Vec<u8>>, LcRsa)> {
    use aws_lc_rs::encoding::AsDer as _;
    use aws_lc_rs::rsa::KeySize;
    let size = match (bits, e) {
        (2048, 65537) => KeySize::Rsa2048,
        (3072, 65537) => KeySize::Rsa3072,
        (4096, 65537) => KeySize::Rsa4096,
        (8192, 65537) => KeySize::Rsa8192,
        _ => return None,
    };
    let pair = KeyPair::generate(size).ok()?;
    let der = Zeroizing::new(pair.as_der().ok()?.as_ref().to_vec());
    let lc = LcRsa {
        signer: OnceLock::from(Some(pair)),
        ..LcRsa::default()
    };
    Some((der, lc))
}

impl LcRsa {
    /// `msg` signed; `None` when `aws-lc-rs` does not take the key or the
    /// parameters, `Some(Err)` when it takes them and signing fails (a
    /// salt too long for the key).
    pub fn sign(
        &self,
        der: &dyn Der,
        padding: RsaPadding,
        hash: Hash,
        msg: &[u8],
    ) -> Option<Result<Vec<u8>, ()>> {
        let encoding = sign_encoding(padding, hash)?;
        let key = self
            .signer
            .get_or_init(|| KeyPair::from_pkcs8(&der.pkcs8()?).ok())
            .as_ref()?;
        let mut out = vec![0u8; key.public_modulus_len()];
        let rng = aws_lc_rs::rand::SystemRandom::new();
        Some(
            key.sign(encoding, &rng, msg, &mut out)
                .map(|()| out)
                .map_err(|_| ()),
        )
    }

    /// Whether `sig` signs `msg`; `None` when `rsa.rs` must answer.
    pub fn verify(
        &self,
        der: &dyn Der,
        padding: RsaPadding,
        hash: Hash,
        msg: &[u8],
        sig: &[u8],
    ) -> Option<bool> {
        let (slot, params) = verify_params(padding, hash)?;
        let key = self.verifiers[slot]
            .get_or_init(|| ParsedPublicKey::new(params, der.spki()?).ok())
            .as_ref()?;
        Some(key.verify_sig(msg, sig).is_ok())
    }

    /// RSA-OAEP encryption; `None` when `aws-lc-rs` does not take the key.
    pub fn encrypt(
        &self,
        der: &dyn Der,
        hash: Hash,
        label: &[u8],
        msg: &[u8],
    ) -> Option<Result<Vec<u8>, ()>> {
        let key = self
            .encrypter
            .get_or_init(|| {
                let public = PublicEncryptingKey::from_der(&der.spki()?).ok()?;
                OaepPublicEncryptingKey::new(public).ok()
            })
            .as_ref()?;
        let mut out = vec![0u8; key.ciphertext_size()];
        let label = (!label.is_empty()).then_some(label);
        Some(
            key.encrypt(oaep_alg(hash), msg, &mut out, label)
                .map(|c| c.len())
                .map(|n| {
                    out.truncate(n);
                    out
                })
                .map_err(|_| ()),
        )
    }

    /// RSA-OAEP decryption; `None` when `aws-lc-rs` does not take the key.
    pub fn decrypt(
        &self,
        der: &dyn Der,
        hash: Hash,
        label: &[u8],
        ciphertext: &[u8],
    ) -> Option<Result<Vec<u8>, ()>> {
        let key = self
            .decrypter
            .get_or_init(|| {
                let private = PrivateDecryptingKey::from_pkcs8(&der.pkcs8()?).ok()?;
                OaepPrivateDecryptingKey::new(private).ok()
            })
            .as_ref()?;
        let mut out = Zeroizing::new(vec![0u8; key.min_output_size()]);
        let label = (!label.is_empty()).then_some(label);
        Some(
            key.decrypt(oaep_alg(hash), ciphertext, &mut out, label)
                .map(|p| p.to_vec())
                .map_err(|_| ()),
        )
    }
}

#[cfg(test)]
#[path = "rsa_lc_tests.rs"]
mod tests;
