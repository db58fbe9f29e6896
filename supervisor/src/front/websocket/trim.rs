//! Memory given back after a burst of sockets ends.
//!
//! A socket's memory (its connection, its relay's task and buffers, its
//! entry on the worker link) is freed when it ends, but glibc keeps freed
//! blocks in its arenas, one per thread that allocated them, and gives back
//! only what lies at an arena's top: a thousand sockets held at once and
//! closed left bextd's RSS about 7 MiB above where it was
//! (scripts/bench/websockets.sh). Once `BURST` sockets have ended and no
//! more ended for `SETTLE`, bextd calls `malloc_trim(0)` on a blocking
//! thread, which returns the free pages inside every arena to the system.
//! A steady trickle of sockets never adds up to a trim more than every
//! `SETTLE` either.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

/// Sockets ended since the last trim.
static ENDED: AtomicU32 = AtomicU32::new(0);

/// Whether a trim waits for the burst to settle.
static PENDING: AtomicBool = AtomicBool::new(false);

/// Sockets that make a burst.
const BURST: u32 = 256;

/// How long no socket may end before the trim runs.
const SETTLE: Duration = Duration::from_secs(1);

/// A socket ended: a trim follows a burst of them, once it settles.
pub(super) fn socket_ended() {
    if ENDED.fetch_add(1, Ordering::Relaxed) + 1 < BURST || PENDING.swap(true, Ordering::AcqRel) {
        return;
    }
    tokio::spawn(async {
        loop {
            let seen = ENDED.load(Ordering::Relaxed);
            tokio::time::sleep(SETTLE).await;
            if ENDED.load(Ordering::Relaxed) == seen {
                break;
            }
        }
        ENDED.store(0, Ordering::Relaxed);
        let _ = tokio::task::spawn_blocking(trim).await;
        PENDING.store(false, Ordering::Release);
    });
}

fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns glibc's free pages to the system;
    // it takes each arena's lock as it goes.
    unsafe {
        libc::malloc_trim(0);
    }
}
