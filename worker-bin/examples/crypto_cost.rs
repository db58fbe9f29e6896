//! What `crypto.subtle`'s operations cost in Rust, against what a hand-off
//! to the blocking pool and back costs: the numbers behind
//! `crypto::Job::is_long` (which operations leave the JS thread).
//!
//!   cargo run --release -p bext-worker --example crypto_cost

use std::sync::Arc;
use std::time::{Duration, Instant};

use bext_worker::crypto::job::{Job, KeyKind};
use bext_worker::crypto::kdf::Kdf;
use bext_worker::crypto::{Hash, Key, Output};

/// The median of `n` runs of `f`.
fn median(n: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[n / 2]
}

fn secret() -> Arc<Key> {
    match (Job::Generate {
        kind: KeyKind::Secret { bytes: 32 },
    })
    .run()
    .unwrap()
    {
        Output::Key(k) => Arc::new(k),
        _ => unreachable!(),
    }
}

fn main() {
    let key = secret();
    let hmac = || Job::Sign {
        alg: bext_worker::crypto::job::SignAlg::Hmac(Hash::Sha256),
        key: key.clone(),
        data: vec![7; 64],
    };
    let digest = |n: usize| Job::Digest {
        hash: Hash::Sha256,
        data: vec![7; n],
    };
    let pbkdf2 = |iterations| Job::Derive {
        kdf: Kdf::Pbkdf2 {
            hash: Hash::Sha256,
            salt: vec![1; 16],
            iterations,
        },
        key: key.clone(),
        bits: 256,
    };
    println!("inline, median:");
    println!(
        "  HMAC-SHA256 of 64 B      {:?}",
        median(2001, || drop(hmac().run()))
    );
    for n in [64 << 10, 512 << 10, 1 << 20] {
        println!(
            "  SHA-256 of {:>4} KiB      {:?}",
            n >> 10,
            median(51, || drop(digest(n).run()))
        );
    }
    for i in [1_000, 2_000, 100_000] {
        println!(
            "  PBKDF2-SHA256 x{i:<7}    {:?}",
            median(11, || drop(pbkdf2(i).run()))
        );
    }
    // The hand-off: the worker's runtime (current-thread), the job on the
    // blocking pool, its result back on a channel, as serve/offload.rs does.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let handoff = median(2001, || {
        rt.block_on(async {
            let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
            let job = hmac();
            tokio::task::spawn_blocking(move || {
                let _ = tx.send(job.run());
            });
            rx.recv().await.unwrap().unwrap();
        })
    });
    println!("off the JS thread, HMAC-SHA256 of 64 B round trip: {handoff:?}");
}
