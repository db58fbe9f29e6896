//! A request worker's CPU scheduling policy (the pool's `scheduling`).
//!
//! A Linux thread that wakes under `SCHED_OTHER` may preempt the thread
//! running on its CPU. When bextd hands a worker a request, that thread is
//! often bextd itself, part-way through the batch of requests it read:
//! each preemption is two more context switches and bextd's working set
//! evicted mid-batch. Under `SCHED_BATCH` a woken worker waits for the
//! running thread to block or use up its slice instead, so bextd finishes
//! its batch and the worker then finds several requests queued. Measured
//! with 8 workers on 2 busy CPUs (8 alternating rounds): about 7% more
//! hello requests per second and 10% less worker CPU per request, but a
//! p99 about a fifth longer, since a woken worker may wait out a slice.
//! So it is a choice (`scheduling = "batch"`), not the default; a CPU with
//! nothing to do runs a woken worker at once under either policy.
//!
//! The policy is per thread and inherited by the threads a thread starts,
//! so the main thread is set first, then every thread already running.

use std::io;

/// Puts every thread of this process under `SCHED_BATCH` (priority 0,
/// which needs no privilege).
pub fn batch_every_thread() -> io::Result<()> {
    set_batch(0)?;
    for entry in std::fs::read_dir("/proc/self/task")? {
        let Some(tid) = entry?.file_name().to_str().and_then(|s| s.parse().ok()) else {
            continue;
        };
        match set_batch(tid) {
            // A thread that ended since the listing.
            Err(e) if e.raw_os_error() == Some(libc::ESRCH) => {}
            other => other?,
        }
    }
    Ok(())
}

/// The policy of thread `tid` (0: the calling thread), as the kernel
/// reports it.
#[cfg(test)]
fn policy(tid: libc::pid_t) -> io::Result<libc::c_int> {
    // SAFETY: no pointers; an unknown tid is an error return.
    match unsafe { libc::sched_getscheduler(tid) } {
        -1 => Err(io::Error::last_os_error()),
        p => Ok(p),
    }
}

fn set_batch(tid: libc::pid_t) -> io::Result<()> {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: `param` is a valid sched_param that outlives the call.
    match unsafe { libc::sched_setscheduler(tid, libc::SCHED_BATCH, &param) } {
        0 => Ok(()),
        _ => Err(io::Error::last_os_error()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The test process's threads end up under SCHED_BATCH: harmless to the
    // other tests (only when they get a CPU changes, never what they do).
    #[test]
    fn every_thread_and_the_threads_started_after_run_batch() {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let before = std::thread::spawn(move || rx.recv().ok());
        batch_every_thread().unwrap();
        for t in std::fs::read_dir("/proc/self/task").unwrap() {
            let tid = t.unwrap().file_name().to_str().unwrap().parse().unwrap();
            // ESRCH: a harness thread that ended meanwhile.
            if let Ok(p) = policy(tid) {
                assert_eq!(p, libc::SCHED_BATCH, "thread {tid}");
            }
        }
        let after = std::thread::spawn(|| policy(0).unwrap()).join().unwrap();
        assert_eq!(after, libc::SCHED_BATCH);
        tx.send(()).unwrap();
        before.join().unwrap();
    }
}
