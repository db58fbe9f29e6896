//! TEST ONLY: faults a test can make the real bextd commit, so the paths
//! that handle them run against the real binary.
//!
//! Off unless bextd's environment has `BEXTD_TEST_FAULTS`, a comma list:
//! * `spawn-emfile=N`: the first N worker spawns fail with EMFILE ("Too
//!   many open files"), to test that a spawn failing for lack of resources
//!   is retried and not counted against the script.
//!
//! (Workers have their own, `BEXT_TEST_FAULTS`: see `worker-bin/src/fault.rs`.)

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

pub const ENV: &str = "BEXTD_TEST_FAULTS";

#[derive(Debug, Default)]
struct Faults {
    spawn_emfile: AtomicU32,
}

fn faults() -> &'static Faults {
    static FAULTS: OnceLock<Faults> = OnceLock::new();
    FAULTS.get_or_init(|| {
        let Ok(v) = std::env::var(ENV) else {
            return Faults::default();
        };
        let mut f = Faults::default();
        for item in v.split(',').map(str::trim) {
            if let Some(("spawn-emfile", n)) = item.split_once('=') {
                f.spawn_emfile = AtomicU32::new(n.parse().unwrap_or(0));
            }
        }
        if f.spawn_emfile.load(Ordering::Relaxed) > 0 {
            tracing::warn!("{ENV} is set: test faults are on ({v})");
        }
        f
    })
}

/// An EMFILE error while the `spawn-emfile` fault has spawns left to fail.
pub fn spawn() -> std::io::Result<()> {
    let left = &faults().spawn_emfile;
    let took = left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
    match took {
        Ok(_) => Err(std::io::Error::from_raw_os_error(libc::EMFILE)),
        Err(_) => Ok(()),
    }
}
