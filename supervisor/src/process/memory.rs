//! Real memory use of a worker, read by the master from /proc.

use nix::unistd::Pid;

/// Resident set size of `pid` in bytes (`/proc/PID/statm`, ~2 µs).
pub fn rss_bytes(pid: Pid) -> Option<u64> {
    let p = procfs::process::Process::new(pid.as_raw()).ok()?;
    let statm = p.statm().ok()?;
    Some(statm.resident * procfs::page_size())
}

/// Milliseconds since the Unix epoch.
pub fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
