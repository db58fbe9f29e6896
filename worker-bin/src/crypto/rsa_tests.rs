//! RSA on its own: known answers made by another implementation (OpenSSL
//! 3, the library under Node), the formats both ways, and the checks on
//! what a new key may be.
//!
//! The vectors: a 1024-bit key (pkcs8), the message
//! `"bext RSA known answer"`, its RSASSA-PKCS1-v1_5/SHA-256 signature (the
//! padding is deterministic, so ours must be byte for byte the same), an
//! RSA-PSS/SHA-256 signature with a 32-byte salt (randomized: verify only),
//! and the RSA-OAEP/SHA-256 encryption of `"secret"` under the label
//! `"label"` (decrypt only). Made with `openssl genpkey`, `openssl dgst`
//! and `openssl pkeyutl`.

use super::*;

const MESSAGE: &[u8] = b"bext RSA known answer";
const KEY_PKCS8: &[&str] = &[
    "30820277020100300d06092a864886f70d0101010500048202613082025d02010002818100eca088474a9771d151c8cd",
    "844780dbda90cb788caa47a9d7af3f8aec78dd421586740e49860b7d4b742c029fc14d45c8d23e3fba25de6ee0729964",
    "d8168da6c65c9819e8855cda6f238403a5183989e5f829bd9adaec5ce56053fa5cb9739b7f441f05b0607c0f22544f6b",
    "1547042d65639e435ef2758e0927ace09767d0258b0203010001028180381bc8b4bee73241e416ad44d47fa5a229fb55",
    "56657a20b7d802453ad55e01b180f43bff0b1de653e1f41d9b2c06daa947d122e34cdf75831b296c5420e4edca5e9e62",
    "f7fb9c376c3cb116908098582b645af401ad2b830487576e2dfd8b5b4891dbce8d346294fbc03df9e942379ce1e52322",
    "2c9b3a714f4b646f49785d96e1024100fcee9a17357a9b4d9fe4de760e9db8313057981ecdb90a0bbe40cc82fc2b333e",
    "bff308e3d9030e3715f7f7bcc7836b2b815490337b96876e2af6e4c73e6a453f024100ef7f4cf95559881190d838dc27",
    "f8d97c6ea0859d3e34d60b9baf0f73257096d732b85600ddee027642ba637a4cbff760cb56f4bd3325b8c1645e094a45",
    "16d0b50241009e61929fe1df0a8ccb08f7bc995e6dce6f650a5e8f97c510a16bd624575f7dd157450a5612b7f518cd6a",
    "def8993e53c7844ebd955f585d29c141a4f496c2d8e5024100889e7cc16aafa51028293fde4eab051d9759d87e8782ca",
    "6b5ac6f530413645c5c2b826cf5dca2cfb5b3b4a0df50438d0ad8e101471bdddf3ec163c84727efe5502406684137e76",
    "8e6fe99ee8cc9a5868ab4c003fe09aa651bd311ba55b808e4f96d706e398f51ead16a8b1e2735605b1a63a765632c56f",
    "338ff44ea5e763d1fb759d",
];
const SIG_PKCS1: &[&str] = &[
    "a7154ee6442c3c43ec1b3bca32f410b3a21dcf3060f5eb8356903f38b2754c72c8064f8dbe5c91f06fe62645ef8e3572",
    "e49a9eedde172bc35f6ed2cf314901ee5c4e3487a24ecdb2fd71ff306509ad79e1d9d2ef1904e5bd635ad8ae7eeea9b8",
    "85adb49860ebad19908993fe1ae5b3dceb46f058655e7fd6fca358bfaffe853a",
];
const SIG_PSS: &[&str] = &[
    "58c702a8ada63930521bc6da906f72fb58f3d3c9f86847c3d63d74b5cb9c2b497d51f58b96153820622df53a0f1ef0cf",
    "521e9b7810425971a3d64d3631a4d8efac4ec56332553a83e066c327b5ed56e0ca57dd7d10924edc50515837e93b15fd",
    "41e2dea2e6b86649a5eee250930c31577a75878c87cb2b9ee0e1dd6913695260",
];
const OAEP_CT: &[&str] = &[
    "1671852e9d8b8f0ab75ef6dafc7150a44581b9ce4fb05fa8e9740fc3e00e264bd1559a66f45b5a796b728b2fc7a1f2fc",
    "b2d95e5f0569628e81869acfb9b4b6b922eaeb6158687d28a3d4739b4bb43274c919d6f0bd54e9f7d80f54830c10d85a",
    "d6bb3093296977f9411b3c77ee32c92f4e135375205f932f2873df4642471cf7",
];

fn unhex(lines: &[&str]) -> Vec<u8> {
    let text: String = lines.concat();
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

fn key() -> RsaKey {
    RsaKey::from_pkcs8(&unhex(KEY_PKCS8)).unwrap()
}

fn public(key: &RsaKey) -> RsaKey {
    RsaKey::from_spki(&key.to_spki().unwrap()).unwrap()
}

#[test]
fn pkcs1_signs_as_openssl_does() {
    let key = key();
    let sig = key.sign(RsaPadding::Pkcs1, Hash::Sha256, MESSAGE).unwrap();
    assert_eq!(sig, unhex(SIG_PKCS1));
    let public = public(&key);
    assert!(public.verify(RsaPadding::Pkcs1, Hash::Sha256, MESSAGE, &sig));
    assert!(!public.verify(RsaPadding::Pkcs1, Hash::Sha256, b"other", &sig));
    assert!(!public.verify(RsaPadding::Pkcs1, Hash::Sha384, MESSAGE, &sig));
    assert!(!public.verify(RsaPadding::Pkcs1, Hash::Sha256, MESSAGE, &sig[1..]));
}

#[test]
fn pss_verifies_openssls_signature_with_its_salt_length() {
    let public = public(&key());
    let sig = unhex(SIG_PSS);
    let pss = |salt| RsaPadding::Pss { salt };
    assert!(public.verify(pss(32), Hash::Sha256, MESSAGE, &sig));
    assert!(!public.verify(pss(20), Hash::Sha256, MESSAGE, &sig));
    assert!(!public.verify(pss(32), Hash::Sha256, b"other", &sig));
    // Ours, both ways, with another salt length.
    let ours = key().sign(pss(0), Hash::Sha512, MESSAGE).unwrap();
    assert!(public.verify(pss(0), Hash::Sha512, MESSAGE, &ours));
}

#[test]
fn oaep_decrypts_openssls_ciphertext_with_its_label() {
    let key = key();
    let ct = unhex(OAEP_CT);
    assert_eq!(key.decrypt(Hash::Sha256, b"label", &ct).unwrap(), b"secret");
    let wrong = key.decrypt(Hash::Sha256, b"other", &ct).unwrap_err();
    assert_eq!(wrong.dom_name(), "OperationError");
    assert!(key.decrypt(Hash::Sha1, b"label", &ct).is_err());
    let again = public(&key).encrypt(Hash::Sha1, b"", b"x").unwrap();
    assert_eq!(key.decrypt(Hash::Sha1, b"", &again).unwrap(), b"x");
    // A public key cannot decrypt.
    let e = public(&key).decrypt(Hash::Sha1, b"", &again).unwrap_err();
    assert_eq!(e.dom_name(), "InvalidAccessError");
}

#[test]
fn the_formats_go_round() {
    let key = key();
    assert_eq!(key.modulus_bits(), 1024);
    assert_eq!(key.exponent(), vec![1, 0, 1]);
    assert_eq!(key.to_pkcs8().unwrap(), unhex(KEY_PKCS8));
    let parts = key.to_parts().unwrap();
    let again = RsaKey::from_parts(&parts).unwrap();
    assert!(again.is_private());
    assert_eq!(again.to_pkcs8().unwrap(), unhex(KEY_PKCS8));
    let pub_parts = RsaParts {
        private: None,
        ..parts.clone()
    };
    let public = RsaKey::from_parts(&pub_parts).unwrap();
    assert!(!public.is_private());
    assert_eq!(public.to_spki().unwrap(), key.to_spki().unwrap());
    // A prime that does not divide the modulus is refused. (The CRT values
    // are computed again from the primes, so a wrong one does no harm.)
    let mut bad = parts;
    bad.private.as_mut().unwrap().p[0] ^= 2;
    assert_eq!(
        RsaKey::from_parts(&bad).unwrap_err().dom_name(),
        "DataError"
    );
    assert!(RsaKey::from_spki(b"\x30\x00").is_err());
    assert!(RsaKey::from_pkcs8(&key.to_spki().unwrap()).is_err());
}

#[test]
fn a_new_key_has_the_size_and_exponent_asked_for() {
    let (private, public) = RsaKey::generate(1024, &[0, 1, 0, 1]).unwrap();
    assert_eq!(public.modulus_bits(), 1024);
    assert_eq!(public.exponent(), vec![1, 0, 1]);
    let sig = private.sign(RsaPadding::Pkcs1, Hash::Sha1, b"m").unwrap();
    assert!(public.verify(RsaPadding::Pkcs1, Hash::Sha1, b"m", &sig));
    let (_, three) = RsaKey::generate(1024, &[3]).unwrap();
    assert_eq!(three.exponent(), vec![3]);
    for (bits, e) in [
        (1024, &[1, 0, 0][..]),
        (512, &[1, 0, 1][..]),
        (8200, &[3][..]),
    ] {
        let err = RsaKey::generate(bits, e).unwrap_err();
        assert_eq!(err.dom_name(), "OperationError", "{bits} bits, e {e:?}");
    }
}
