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

/// How many processes the kernel's OOM killer has killed in bextd's memory
/// cgroup (its workers' too), if the cgroup says: `oom_kill` of
/// `memory.events` (cgroup v2) or `memory.oom_control` (v1). An exit by
/// SIGKILL while this count rose was the OOM killer's.
pub fn oom_kills() -> Option<u64> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut files = Vec::new();
    for line in groups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        if controllers.is_empty() {
            files.push(format!("/sys/fs/cgroup{path}/memory.events"));
        } else if controllers.split(',').any(|c| c == "memory") {
            files.push(format!("/sys/fs/cgroup/memory{path}/memory.oom_control"));
        }
    }
    files.iter().find_map(|f| {
        let text = std::fs::read_to_string(f).ok()?;
        text.lines()
            .find_map(|l| l.strip_prefix("oom_kill "))
            .and_then(|n| n.trim().parse().ok())
    })
}
