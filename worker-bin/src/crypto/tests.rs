//! The pure parts, on their own: the AES-CTR counter wrap, the truncation of
//! shared secrets, what `Debug` shows of a key, and which jobs leave the JS
//! thread.

use std::sync::Arc;

use super::aes::{Mode, run};
use super::job::{Job, KeyKind, Output, SignAlg};
use super::kdf::Kdf;
use super::rsa::RsaPadding;
use super::{CryptoError, Hash, Key, timing_safe_equal};

fn ctr(counter: [u8; 16], length: u32, data: &[u8]) -> Result<Vec<u8>, CryptoError> {
    let mode = Mode::Ctr {
        counter: counter.to_vec(),
        length,
    };
    run(&mode, &[7u8; 16], data, false)
}

#[test]
fn ctr_wraps_the_counter_bits_without_carrying() {
    // An 8-bit counter at 0xff: the second block's counter is ...00 with
    // the rest unchanged, not the carried ...0100.
    let mut start = [0u8; 16];
    start[14] = 0x01;
    start[15] = 0xff;
    let both = ctr(start, 8, &[0u8; 32]).unwrap();
    let mut wrapped = start;
    wrapped[15] = 0x00;
    assert_eq!(&both[16..], &ctr(wrapped, 8, &[0u8; 16]).unwrap()[..]);
    let mut carried = start;
    carried[14] = 0x02;
    carried[15] = 0x00;
    assert_ne!(&both[16..], &ctr(carried, 8, &[0u8; 16]).unwrap()[..]);
    // With 128 bits it carries.
    assert_eq!(
        &ctr(start, 128, &[0u8; 32]).unwrap()[16..],
        &ctr(carried, 128, &[0u8; 16]).unwrap()[..]
    );
}

#[test]
fn ctr_refuses_more_blocks_than_counter_values() {
    // A 1-bit counter has two values: two blocks pass, three do not.
    assert!(ctr([0; 16], 1, &[0u8; 32]).is_ok());
    assert!(matches!(
        ctr([0; 16], 1, &[0u8; 33]),
        Err(CryptoError::Operation(_))
    ));
}

fn generate(kind: KeyKind) -> (Arc<Key>, Arc<Key>) {
    match (Job::Generate { kind }).run().unwrap() {
        Output::Pair(private, public) => (Arc::new(private), Arc::new(public)),
        other => panic!("not a pair: {other:?}"),
    }
}

#[test]
fn shared_secrets_are_cut_to_the_bits_asked_for() {
    let (a, _) = generate(KeyKind::Ec {
        curve: "P-256".into(),
    });
    let (_, b) = generate(KeyKind::Ec {
        curve: "P-256".into(),
    });
    let agree = |bits| {
        Job::Agree {
            key: a.clone(),
            public: b.clone(),
            bits,
        }
        .run()
    };
    let Ok(Output::Bytes(all)) = agree(None) else {
        panic!()
    };
    assert_eq!(all.len(), 32);
    let Ok(Output::Bytes(cut)) = agree(Some(12)) else {
        panic!()
    };
    assert_eq!(cut, vec![all[0], all[1] & 0xf0]);
    assert!(matches!(agree(Some(264)), Err(CryptoError::Operation(_))));
    let (_, other_curve) = generate(KeyKind::Ec {
        curve: "P-384".into(),
    });
    let mixed = Job::Agree {
        key: a.clone(),
        public: other_curve,
        bits: None,
    };
    assert!(matches!(mixed.run(), Err(CryptoError::InvalidAccess(_))));
}

#[test]
fn debug_shows_no_key_material() {
    let (private, _) = generate(KeyKind::Okp {
        name: "Ed25519".into(),
    });
    let shown = format!("{private:?}");
    assert_eq!(shown, "Okp(OkpKey(Ed25519, private: true))");
    let Output::Key(secret) = (Job::Generate {
        kind: KeyKind::Secret { bytes: 16 },
    })
    .run()
    .unwrap() else {
        panic!()
    };
    assert_eq!(format!("{secret:?}"), "Secret(Secret(16 bytes))");
}

#[test]
fn long_jobs_are_many_iterations_or_large_inputs() {
    let key = Arc::new(Key::Secret(super::Secret(vec![1u8; 8].into())));
    let pbkdf2 = |iterations| Job::Derive {
        kdf: Kdf::Pbkdf2 {
            hash: Hash::Sha256,
            salt: vec![],
            iterations,
        },
        key: key.clone(),
        bits: 256,
    };
    assert!(!pbkdf2(1000).is_long());
    assert!(pbkdf2(100_000).is_long());
    let digest = |n| Job::Digest {
        hash: Hash::Sha256,
        data: vec![0; n],
    };
    assert!(!digest(1024).is_long());
    assert!(digest(4 << 20).is_long());
    // RSA key generation, however small the key: a search for primes.
    let rsa = Job::Generate {
        kind: KeyKind::Rsa {
            bits: 1024,
            exponent: vec![1, 0, 1],
        },
    };
    assert!(rsa.is_long());
    let ec = Job::Generate {
        kind: KeyKind::Ec {
            curve: "P-256".into(),
        },
    };
    assert!(!ec.is_long());
    // An RSA private-key operation; the public ones stay inline.
    let rsa = Arc::new(Key::Rsa(
        super::rsa::RsaKey::generate(1024, &[1, 0, 1]).unwrap().0,
    ));
    let sign = Job::Sign {
        alg: SignAlg::Rsa(RsaPadding::Pkcs1, Hash::Sha256),
        key: rsa.clone(),
        data: vec![1],
    };
    assert!(sign.is_long());
    let oaep = |decrypt| Job::Oaep {
        hash: Hash::Sha256,
        label: vec![],
        key: rsa.clone(),
        data: vec![1],
        decrypt,
    };
    assert!(oaep(true).is_long());
    assert!(!oaep(false).is_long());
}

#[test]
fn timing_safe_equal_compares_whole_buffers() {
    assert!(timing_safe_equal(b"abc", b"abc"));
    assert!(!timing_safe_equal(b"abc", b"abd"));
    assert!(!timing_safe_equal(b"abc", b"ab"));
}
