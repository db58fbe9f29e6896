//! TEST ONLY: faults a test can make the real bextd commit, so the paths
//! that handle them run against the real binary.
//!
//! Off unless bextd's environment has `BEXTD_TEST_FAULTS`, a comma list:
//! * `panic-pool`: a pool actor panics when it is asked for a restart
//!   (SIGHUP, `bext workers restart`), to test the panic policy.
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
    panic_pool: bool,
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
            match item.split_once('=') {
                None if item == "panic-pool" => f.panic_pool = true,
                Some(("spawn-emfile", n)) => {
                    f.spawn_emfile = AtomicU32::new(n.parse().unwrap_or(0));
                }
                _ => {}
            }
        }
        if f.panic_pool || f.spawn_emfile.load(Ordering::Relaxed) > 0 {
            tracing::warn!("{ENV} is set: test faults are on ({v})");
        }
        f
    })
}

/// Panics if the `panic-pool` fault is on (called by a pool actor when it
/// is asked for a restart).
pub fn pool_restart() {
    if faults().panic_pool {
        panic!("test fault panic-pool: the pool actor panics on a restart");
    }
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
