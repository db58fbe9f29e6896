//! A job process whose bextd is frozen (SIGSTOP, a stopped container
//! process, a debugger) stops itself.
//!
//! With a shared job store, a node that cannot renew its leases for their
//! TTL kills its job processes: another node has taken the jobs over. A
//! frozen bextd cannot do that, and its processes would go on computing
//! beside the new copy (their writes are fenced, their other effects are
//! not). So bextd hands a job process the lease TTL (`BEXT_JOB_LEASE_MS`),
//! and a thread of the process watches bextd's state in `/proc`: stopped
//! for a whole TTL, the process exits (75, "temporary failure") at once,
//! whatever its JavaScript is doing.

use std::time::{Duration, Instant};

/// Exit status of a job process that stopped because bextd was frozen.
pub const EXIT_FROZEN: i32 = 75;

/// Starts the watch if bextd asked for it.
pub fn watch() {
    let ttl = std::env::var("BEXT_JOB_LEASE_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|&ms| ms > 0)
        .map(Duration::from_millis);
    let master = std::env::var("BEXT_MASTER_PID")
        .ok()
        .and_then(|p| p.parse::<i32>().ok());
    let (Some(ttl), Some(master)) = (ttl, master) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("frozen-master".into())
        .spawn(move || run(master, ttl));
}

fn run(master: i32, ttl: Duration) {
    let every = (ttl / 8).max(Duration::from_millis(50));
    let mut stopped_since: Option<Instant> = None;
    loop {
        std::thread::sleep(every);
        let now = Instant::now();
        stopped_since = next(stopped_since, is_stopped(master), now);
        if stopped_since.is_some_and(|since| now.duration_since(since) >= ttl) {
            eprintln!(
                "bext-worker: bextd (pid {master}) has been stopped for {} ms, the job's lease time: another node runs it now; exiting",
                ttl.as_millis()
            );
            std::process::exit(EXIT_FROZEN);
        }
    }
}

/// When the master has been stopped since, after a sample at `now`.
fn next(since: Option<Instant>, stopped: bool, now: Instant) -> Option<Instant> {
    stopped.then(|| since.unwrap_or(now))
}

/// Whether process `pid` is stopped (state `T` or `t` in `/proc/PID/stat`).
fn is_stopped(pid: i32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    // The state follows the command name, which is in parentheses and may
    // hold spaces.
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .is_some_and(|s| s == "T" || s == "t")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopped_time_counts_from_the_first_stopped_sample_and_resets() {
        let t0 = Instant::now();
        let at = |ms| t0 + Duration::from_millis(ms);
        let s = next(None, true, at(0));
        assert_eq!(s, Some(t0));
        assert_eq!(next(s, true, at(500)), Some(t0));
        assert_eq!(next(s, false, at(600)), None);
        assert_eq!(next(None, true, at(700)), Some(at(700)));
    }

    #[test]
    fn this_process_is_running() {
        assert!(!is_stopped(std::process::id() as i32));
        assert!(!is_stopped(i32::MAX));
    }
}
