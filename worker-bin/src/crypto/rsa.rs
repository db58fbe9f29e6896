//! RSA: RSASSA-PKCS1-v1_5 and RSA-PSS signatures, RSA-OAEP encryption,
//! key generation and the key formats (pkcs8, spki, JWK members).
//!
//! Two backends, one key. The formats, the numbers JWK names and what
//! `aws-lc-rs` does not take are RustCrypto's `rsa` 0.10 (constant-time
//! `crypto-bigint` arithmetic, private-key operations blinded; 0.10 is the
//! release that replaced the variable-time big integers behind
//! RUSTSEC-2023-0071, the Marvin timing attack). The operations run on
//! `aws-lc-rs` 1.19 (`rsa_lc.rs`): AWS-LC's RSA is BoringSSL's, constant-
//! time assembly with blinding, at Node's (OpenSSL's) rate where `rsa`
//! managed 0.13-0.15 of it on RSA-2048 private-key operations. An
//! `RsaKey` holds the `rsa` crate's key and, made from its PKCS #8 or SPKI
//! DER on first use, AWS-LC's signing, decrypting, encrypting and
//! verifying keys, so each operation does not parse the key again
//! (parsing is a third of a signature's cost: 2,537 parses/s against 741
//! cached signatures/s, release build). PKCS#1 v1.5 signatures are the
//! same bytes either way (tested). New keys of 2048, 3072, 4096 and 8192
//! bits with exponent 65537 come from AWS-LC too (milliseconds, where the
//! `rsa` crate searches for primes for up to seconds).
//!
//! The `rsa` crate still runs what `aws-lc-rs` refuses (`rsa_lc.rs` lists
//! it): keys under 2048 bits (1024-bit keys and the odd sizes WPT uses),
//! SHA-1 signatures, RSA-PSS verification with a salt other than the
//! digest's length, and new keys of other sizes or exponent 3. PKCS#1 v1.5
//! *encryption*, the padding Marvin and Bleichenbacher attack directly, is
//! not part of the Web Cryptography API and is not used here.
//!
//! What is accepted: moduli of 1024 to 8192 bits (the crate's bounds:
//! smaller keys are refused as too weak, larger ones as a verification
//! cost an attacker could choose), public exponents 3 and 65537 for a new
//! key (what Chromium accepts; any exponent the crate accepts on import).

use ::rsa::pkcs1::der::Decode as _;
use ::rsa::pkcs1::{EncodeRsaPrivateKey as _, RsaPrivateKeyRef, RsaPublicKeyRef, UintRef};
use ::rsa::pkcs8::{DecodePrivateKey as _, DecodePublicKey as _};
use ::rsa::pkcs8::{EncodePrivateKey as _, EncodePublicKey as _};
use ::rsa::traits::PublicKeyParts as _;
use ::rsa::{BoxedUint, Oaep, Pkcs1v15Sign, PrivateKey, Pss, PublicKey};
use sha2::Digest as _;

use super::mac::{Hash, with_hash};
use super::rsa_lc::{self, Der, LcRsa};
use super::{CryptoError, Result, data, operation};

/// The smallest and largest modulus, in bits.
pub const MIN_BITS: u32 = 1024;
pub const MAX_BITS: u32 = 8192;

/// An RSA key: the public half, and the private key for a private one.
pub struct RsaKey {
    private: Option<PrivateKey>,
    public: PublicKey,
    /// The key as `aws-lc-rs` holds it, parsed on first use (boxed: ten
    /// slots would make every `Key` as large).
    lc: Box<LcRsa>,
}

impl std::fmt::Debug for RsaKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if self.is_private() {
            "private"
        } else {
            "public"
        };
        write!(f, "RsaKey({kind}, {} bits)", self.modulus_bits())
    }
}

/// A key's numbers as JWK names them, big-endian without leading zeros.
/// A public key has only `n` and `e`; a private one all of them.
#[derive(Debug, Clone, Default)]
pub struct RsaParts {
    pub n: Vec<u8>,
    pub e: Vec<u8>,
    pub private: Option<RsaPrivateParts>,
}

/// The private members of a JWK: `d`, the primes and the CRT values.
#[derive(Debug, Clone, Default)]
pub struct RsaPrivateParts {
    pub d: Vec<u8>,
    pub p: Vec<u8>,
    pub q: Vec<u8>,
    pub dp: Vec<u8>,
    pub dq: Vec<u8>,
    pub qi: Vec<u8>,
}

/// How a signature is padded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RsaPadding {
    Pkcs1,
    Pss { salt: usize },
}

fn bad_key(e: impl std::fmt::Display) -> CryptoError {
    data(format!("not a valid RSA key: {e}"))
}

/// The exponents a new key may have, as big-endian bytes of any length.
fn exponent_of(bytes: &[u8]) -> Result<u64> {
    let digits: Vec<u8> = bytes.iter().copied().skip_while(|b| *b == 0).collect();
    let e = if digits.len() <= 8 {
        digits
            .iter()
            .fold(0u64, |acc, b| (acc << 8) | u64::from(*b))
    } else {
        0
    };
    match e {
        3 | 65537 => Ok(e),
        _ => Err(operation("the public exponent must be 3 or 65537")),
    }
}

impl RsaKey {
    /// Whether [`RsaKey::generate`] takes these parameters: its
    /// OperationError if not, without the search for primes. The public
    /// exponent, when it does.
    pub fn check(bits: u32, exponent: &[u8]) -> Result<u64> {
        if !(MIN_BITS..=MAX_BITS).contains(&bits) {
            return Err(operation(format!(
                "modulusLength must be between {MIN_BITS} and {MAX_BITS}"
            )));
        }
        exponent_of(exponent)
    }

    /// A new key pair: private, public.
    pub fn generate(bits: u32, exponent: &[u8]) -> Result<(RsaKey, RsaKey)> {
        let e = Self::check(bits, exponent)?;
        let failed =
            |e: &dyn std::fmt::Display| operation(format!("RSA key generation failed: {e}"));
        let (private, lc) = match rsa_lc::generate(bits, e) {
            Some((der, lc)) => (
                PrivateKey::from_pkcs8_der(&der).map_err(|e| failed(&e))?,
                Box::new(lc),
            ),
            None => {
                let mut rng = getrandom04::SysRng;
                let private = PrivateKey::new_with_exp(&mut rng, bits as usize, BoxedUint::from(e))
                    .map_err(|e| failed(&e))?;
                (private, Box::default())
            }
        };
        let public = private.to_public_key();
        Ok((
            RsaKey {
                public: public.clone(),
                private: Some(private),
                lc,
            },
            RsaKey {
                public,
                private: None,
                lc: Box::default(),
            },
        ))
    }

    pub fn is_private(&self) -> bool {
        self.private.is_some()
    }

    /// The modulus's length in bits (`algorithm.modulusLength`).
    pub fn modulus_bits(&self) -> u32 {
        self.public.n().bit_width_vartime()
    }

    /// The public exponent, big-endian (`algorithm.publicExponent`).
    pub fn exponent(&self) -> Vec<u8> {
        self.public.e_bytes().into_vec()
    }

    pub fn from_spki(der: &[u8]) -> Result<RsaKey> {
        let public = PublicKey::from_public_key_der(der).map_err(bad_key)?;
        Ok(RsaKey {
            public,
            private: None,
            lc: Box::default(),
        })
    }

    pub fn from_pkcs8(der: &[u8]) -> Result<RsaKey> {
        let private = PrivateKey::from_pkcs8_der(der).map_err(bad_key)?;
        Ok(RsaKey {
            public: private.to_public_key(),
            private: Some(private),
            lc: Box::default(),
        })
    }

    pub fn from_parts(parts: &RsaParts) -> Result<RsaKey> {
        fn uint(b: &[u8]) -> Result<UintRef<'_>> {
            UintRef::new(b).map_err(bad_key)
        }
        let public = RsaPublicKeyRef {
            modulus: uint(&parts.n)?,
            public_exponent: uint(&parts.e)?,
        };
        let Some(p) = &parts.private else {
            let public = PublicKey::try_from(public).map_err(bad_key)?;
            return Ok(RsaKey {
                public,
                private: None,
                lc: Box::default(),
            });
        };
        let private = PrivateKey::try_from(RsaPrivateKeyRef {
            modulus: public.modulus,
            public_exponent: public.public_exponent,
            private_exponent: uint(&p.d)?,
            prime1: uint(&p.p)?,
            prime2: uint(&p.q)?,
            exponent1: uint(&p.dp)?,
            exponent2: uint(&p.dq)?,
            coefficient: uint(&p.qi)?,
            other_prime_infos: None,
        })
        .map_err(bad_key)?;
        Ok(RsaKey {
            public: private.to_public_key(),
            private: Some(private),
            lc: Box::default(),
        })
    }

    pub fn to_spki(&self) -> Result<Vec<u8>> {
        let doc = self.public.to_public_key_der().map_err(operation_err)?;
        Ok(doc.as_bytes().to_vec())
    }

    pub fn to_pkcs8(&self) -> Result<Vec<u8>> {
        let doc = self.private()?.to_pkcs8_der().map_err(operation_err)?;
        Ok(doc.as_bytes().to_vec())
    }

    pub fn to_parts(&self) -> Result<RsaParts> {
        let mut parts = RsaParts {
            n: self.public.n_bytes().into_vec(),
            e: self.exponent(),
            private: None,
        };
        if let Some(private) = &self.private {
            let doc = private.to_pkcs1_der().map_err(operation_err)?;
            let k = RsaPrivateKeyRef::from_der(doc.as_bytes()).map_err(operation_err)?;
            let v = |u: UintRef<'_>| u.as_bytes().to_vec();
            parts.private = Some(RsaPrivateParts {
                d: v(k.private_exponent),
                p: v(k.prime1),
                q: v(k.prime2),
                dp: v(k.exponent1),
                dq: v(k.exponent2),
                qi: v(k.coefficient),
            });
        }
        Ok(parts)
    }

    fn private(&self) -> Result<&PrivateKey> {
        self.private
            .as_ref()
            .ok_or_else(|| super::access("the operation needs a private key"))
    }

    #[cfg(test)]
    pub(super) fn lc_cache(&self) -> &LcRsa {
        &self.lc
    }

    /// The `aws-lc-rs` side of the key, for a modulus it takes.
    fn lc(&self) -> Option<&LcRsa> {
        (self.modulus_bits() >= rsa_lc::MIN_BITS).then_some(&self.lc)
    }

    pub fn sign(&self, padding: RsaPadding, hash: Hash, msg: &[u8]) -> Result<Vec<u8>> {
        self.private()?;
        match self.lc().and_then(|lc| lc.sign(self, padding, hash, msg)) {
            Some(signed) => signed.map_err(|()| sign_failed(&"the salt is too long for the key")),
            None => self.sign_rc(padding, hash, msg),
        }
    }

    /// Whether `sig` is a valid signature of `msg`; a signature of the
    /// wrong length is simply not valid.
    pub fn verify(&self, padding: RsaPadding, hash: Hash, msg: &[u8], sig: &[u8]) -> bool {
        match self
            .lc()
            .and_then(|lc| lc.verify(self, padding, hash, msg, sig))
        {
            Some(valid) => valid,
            None => self.verify_rc(padding, hash, msg, sig),
        }
    }

    /// RSA-OAEP with `hash` for the label and MGF1.
    pub fn encrypt(&self, hash: Hash, label: &[u8], msg: &[u8]) -> Result<Vec<u8>> {
        match self.lc().and_then(|lc| lc.encrypt(self, hash, label, msg)) {
            Some(out) => out.map_err(|()| encrypt_failed(&"the message is too long for the key")),
            None => self.encrypt_rc(hash, label, msg),
        }
    }

    /// RSA-OAEP decryption. Every failure reads the same (OperationError,
    /// one message), so the error says nothing of where the check failed.
    pub fn decrypt(&self, hash: Hash, label: &[u8], ciphertext: &[u8]) -> Result<Vec<u8>> {
        self.private()?;
        match self
            .lc()
            .and_then(|lc| lc.decrypt(self, hash, label, ciphertext))
        {
            Some(out) => out.map_err(|()| decrypt_failed()),
            None => self.decrypt_rc(hash, label, ciphertext),
        }
    }

    // The same operations on the `rsa` crate, for what `aws-lc-rs` does
    // not take (`rsa_lc.rs` lists it).

    pub(super) fn sign_rc(&self, padding: RsaPadding, hash: Hash, msg: &[u8]) -> Result<Vec<u8>> {
        let key = self.private()?;
        with_hash!(hash, H => {
            let digest = H::digest(msg);
            match padding {
                RsaPadding::Pkcs1 => key.sign(Pkcs1v15Sign::new::<H>(), &digest),
                RsaPadding::Pss { salt } => key.sign(Pss::<H>::new_with_salt(salt), &digest),
            }
        })
        .map_err(|e| sign_failed(&e))
    }

    pub(super) fn verify_rc(
        &self,
        padding: RsaPadding,
        hash: Hash,
        msg: &[u8],
        sig: &[u8],
    ) -> bool {
        with_hash!(hash, H => {
            let digest = H::digest(msg);
            match padding {
                RsaPadding::Pkcs1 => self.public.verify(Pkcs1v15Sign::new::<H>(), &digest, sig),
                RsaPadding::Pss { salt } => {
                    self.public.verify(Pss::<H>::new_with_salt(salt), &digest, sig)
                }
            }
        })
        .is_ok()
    }

    pub(super) fn encrypt_rc(&self, hash: Hash, label: &[u8], msg: &[u8]) -> Result<Vec<u8>> {
        let mut rng = getrandom04::SysRng;
        with_hash!(hash, H => {
            self.public.encrypt(&mut rng, Oaep::<H>::new_with_label(label), msg)
        })
        .map_err(|e| encrypt_failed(&e))
    }

    pub(super) fn decrypt_rc(
        &self,
        hash: Hash,
        label: &[u8],
        ciphertext: &[u8],
    ) -> Result<Vec<u8>> {
        let key = self.private()?;
        with_hash!(hash, H => key.decrypt(Oaep::<H>::new_with_label(label), ciphertext))
            .map_err(|_| decrypt_failed())
    }
}

fn sign_failed(e: &dyn std::fmt::Display) -> CryptoError {
    operation(format!("RSA signing failed: {e}"))
}

fn encrypt_failed(e: &dyn std::fmt::Display) -> CryptoError {
    operation(format!("RSA-OAEP encryption failed: {e}"))
}

fn decrypt_failed() -> CryptoError {
    operation("RSA-OAEP decryption failed")
}

/// The DER `rsa_lc` parses a key from, made only when a slot is filled.
impl Der for RsaKey {
    fn pkcs8(&self) -> Option<zeroize::Zeroizing<Vec<u8>>> {
        self.to_pkcs8().ok().map(zeroize::Zeroizing::new)
    }

    fn spki(&self) -> Option<Vec<u8>> {
        self.to_spki().ok()
    }
}

fn operation_err(e: impl std::fmt::Display) -> CryptoError {
    operation(e.to_string())
}

#[cfg(test)]
#[path = "rsa_tests.rs"]
mod tests;
