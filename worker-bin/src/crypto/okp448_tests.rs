//! Ed448 against RFC 8032's first test vector, X448 against RFC 7748's
//! Alice and Bob, and the checks the spec asks of each.

use super::*;

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

// RFC 8032 section 7.4, "Blank".
const ED_SECRET: &str = "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b";
const ED_PUBLIC: &str = "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180";
const ED_SIG: &str = "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4dbb61149f05a7363268c71d95808ff2e652600";

// RFC 7748 section 6.2.
const X_ALICE: &str = "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b";
const X_ALICE_PUB: &str = "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0";
const X_BOB: &str = "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d";
const X_BOB_PUB: &str = "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609";
const X_SHARED: &str = "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d";

#[test]
fn ed448_signs_as_rfc_8032_says_and_verifies() {
    let key = Ed448Key::from_secret(&hex(ED_SECRET)).unwrap();
    assert_eq!(key.to_raw(), hex(ED_PUBLIC));
    let sig = key.sign(b"").unwrap();
    assert_eq!(sig, hex(ED_SIG));
    let public = Ed448Key::from_raw(&hex(ED_PUBLIC)).unwrap();
    assert!(public.verify(b"", &sig));
    assert!(!public.verify(b"x", &sig));
    let mut bad = sig.clone();
    bad[0] ^= 1;
    assert!(!public.verify(b"", &bad));
    assert!(!public.verify(b"", &sig[..113]));
    assert!(public.sign(b"").is_err());
}

#[test]
fn ed448_formats_round_trip() {
    let key = Ed448Key::from_secret(&hex(ED_SECRET)).unwrap();
    let pkcs8 = key.to_pkcs8().unwrap();
    assert_eq!(pkcs8.len(), 73);
    let back = Ed448Key::from_pkcs8(&pkcs8).unwrap();
    assert_eq!(back.secret_bytes(), Some(hex(ED_SECRET)));
    let spki = key.to_spki();
    assert_eq!(Ed448Key::from_spki(&spki).unwrap().to_raw(), hex(ED_PUBLIC));
    assert!(Ed448Key::from_raw(&hex(ED_PUBLIC)[..56]).is_err());
    assert!(Ed448Key::from_spki(&pkcs8).is_err());
}

#[test]
fn x448_agrees_as_rfc_7748_says() {
    let alice = X448Key::from_secret(&hex(X_ALICE)).unwrap();
    let bob = X448Key::from_secret(&hex(X_BOB)).unwrap();
    assert_eq!(alice.to_raw(), hex(X_ALICE_PUB));
    assert_eq!(bob.to_raw(), hex(X_BOB_PUB));
    let bob_public = X448Key::from_raw(&hex(X_BOB_PUB)).unwrap();
    assert_eq!(alice.agree(&bob_public).unwrap(), hex(X_SHARED));
    assert_eq!(bob.agree(&alice).unwrap(), hex(X_SHARED));
    // The key's bytes as given, unclamped (clamping clears a bit of Alice's first byte).
    let pkcs8 = alice.to_pkcs8().unwrap();
    assert_eq!(
        X448Key::from_pkcs8(&pkcs8).unwrap().secret_bytes(),
        Some(hex(X_ALICE))
    );
    let spki = alice.to_spki();
    assert_eq!(
        X448Key::from_spki(&spki).unwrap().to_raw(),
        hex(X_ALICE_PUB)
    );
}

#[test]
fn x448_refuses_a_public_key_of_small_order() {
    let alice = X448Key::from_secret(&hex(X_ALICE)).unwrap();
    for small in [[0u8; 56], {
        let mut one = [0u8; 56];
        one[0] = 1;
        one
    }] {
        let e = alice
            .agree(&X448Key::from_raw(&small).unwrap())
            .unwrap_err();
        assert_eq!(e.dom_name(), "OperationError");
    }
}
