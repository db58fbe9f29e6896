//! The two RSA backends against each other on a 2048-bit key: what one
//! signs or encrypts the other verifies or decrypts, PKCS#1 v1.5
//! signatures are the same bytes, and a key is parsed once per use.

use super::super::rsa::{RsaKey, RsaPadding};
use super::*;
use aws_lc_rs::encoding::AsDer as _;

const HASHES: [Hash; 4] = [Hash::Sha1, Hash::Sha256, Hash::Sha384, Hash::Sha512];

/// A new 2048-bit private key (AWS-LC makes it in milliseconds, where the
/// `rsa` crate takes seconds in a debug build) and its public half.
fn keys() -> (RsaKey, RsaKey) {
    let pair = KeyPair::generate(aws_lc_rs::rsa::KeySize::Rsa2048).unwrap();
    let der = pair.as_der().unwrap();
    let private = RsaKey::from_pkcs8(der.as_ref()).unwrap();
    let public = RsaKey::from_spki(&private.to_spki().unwrap()).unwrap();
    (private, public)
}

#[test]
fn pkcs1_signatures_are_the_rsa_crates_bytes_and_the_key_is_parsed_once() {
    let (key, public) = keys();
    for hash in HASHES {
        let sig = key.sign(RsaPadding::Pkcs1, hash, b"message").unwrap();
        assert_eq!(
            sig,
            key.sign_rc(RsaPadding::Pkcs1, hash, b"message").unwrap()
        );
        assert!(public.verify_rc(RsaPadding::Pkcs1, hash, b"message", &sig));
        assert!(public.verify(RsaPadding::Pkcs1, hash, b"message", &sig));
        assert!(!public.verify(RsaPadding::Pkcs1, hash, b"massage", &sig));
        assert!(!public.verify(RsaPadding::Pkcs1, hash, b"message", &sig[1..]));
    }
    // SHA-1 signs on the `rsa` crate; the others filled the signing slot
    // once, and the public key's verifiers by padding and hash.
    let signer = key.lc_cache().signer.get().unwrap().as_ref().unwrap();
    key.sign(RsaPadding::Pkcs1, Hash::Sha256, b"again").unwrap();
    let again = key.lc_cache().signer.get().unwrap().as_ref().unwrap();
    assert!(std::ptr::eq(signer, again));
    let filled = public
        .lc_cache()
        .verifiers
        .iter()
        .filter(|v| v.get().is_some());
    assert_eq!(filled.count(), 4);
}

#[test]
fn pss_signatures_with_any_salt_verify_on_the_other_backend() {
    let (key, public) = keys();
    for hash in [Hash::Sha256, Hash::Sha384, Hash::Sha512] {
        let max = 256 - hash.output_len() - 2;
        for salt in [0, 20, hash.output_len(), max] {
            let pss = RsaPadding::Pss { salt };
            let sig = key.sign(pss, hash, b"message").unwrap();
            assert!(
                public.verify_rc(pss, hash, b"message", &sig),
                "{hash:?} {salt}"
            );
            assert!(public.verify(pss, hash, b"message", &sig));
            let theirs = key.sign_rc(pss, hash, b"message").unwrap();
            assert!(public.verify(pss, hash, b"message", &theirs));
            assert!(!public.verify(pss, hash, b"massage", &theirs));
        }
        let too_long = RsaPadding::Pss { salt: max + 1 };
        assert!(key.sign(too_long, hash, b"message").is_err());
    }
    // SHA-1 PSS is the `rsa` crate's, both ways.
    let pss = RsaPadding::Pss { salt: 20 };
    let sig = key.sign(pss, Hash::Sha1, b"message").unwrap();
    assert!(public.verify(pss, Hash::Sha1, b"message", &sig));
}

#[test]
fn oaep_with_labels_and_every_hash_decrypts_across_backends() {
    let (key, public) = keys();
    for hash in HASHES {
        for label in [&b""[..], b"a label"] {
            let ours = public.encrypt(hash, label, b"secret").unwrap();
            assert_eq!(key.decrypt_rc(hash, label, &ours).unwrap(), b"secret");
            let theirs = public.encrypt_rc(hash, label, b"secret").unwrap();
            assert_eq!(key.decrypt(hash, label, &theirs).unwrap(), b"secret");
            let err = key.decrypt(hash, b"other", &theirs).unwrap_err();
            assert_eq!(err, key.decrypt_rc(hash, b"other", &theirs).unwrap_err());
        }
    }
    let longest = vec![7u8; 256 - 2 * 32 - 2];
    assert!(public.encrypt(Hash::Sha256, b"", &longest).is_ok());
    let err = public.encrypt(Hash::Sha256, b"", &[longest, vec![7]].concat());
    assert_eq!(err.unwrap_err().dom_name(), "OperationError");
    assert!(key.lc_cache().decrypter.get().unwrap().is_some());
    assert!(public.lc_cache().encrypter.get().unwrap().is_some());
}

#[test]
fn a_new_2048_bit_key_comes_from_aws_lc_with_its_signer_ready() {
    let (private, public) = RsaKey::generate(2048, &[1, 0, 1]).unwrap();
    assert_eq!(public.modulus_bits(), 2048);
    assert_eq!(public.exponent(), vec![1, 0, 1]);
    assert!(private.lc_cache().signer.get().unwrap().is_some());
    let sig = private.sign(RsaPadding::Pkcs1, Hash::Sha256, b"m").unwrap();
    assert_eq!(
        sig,
        private
            .sign_rc(RsaPadding::Pkcs1, Hash::Sha256, b"m")
            .unwrap()
    );
    assert!(public.verify_rc(RsaPadding::Pkcs1, Hash::Sha256, b"m", &sig));
    // Other sizes are the `rsa` crate's to make (and exponent 3: its
    // generation is slow in a debug build, so not tried here).
    let (small, _) = RsaKey::generate(1024, &[1, 0, 1]).unwrap();
    assert!(small.lc_cache().signer.get().is_none());
}
