//! Real memory use of a worker, read by the master from /proc.

use nix::unistd::Pid;

/// Resident set size of `pid` in bytes: the second field of
/// `/proc/PID/statm`, in pages. Read with one open and one read into a
/// stack buffer: going through `procfs::process::Process` (a stat and an
/// open of the folder first, then a `String`) cost 3x as much, and pooled
/// job workers are measured after every job.
pub fn rss_bytes(pid: Pid) -> Option<u64> {
    use std::io::Read;
    let mut buf = [0u8; 128];
    let mut f = std::fs::File::open(format!("/proc/{}/statm", pid.as_raw())).ok()?;
    let n = f.read(&mut buf).ok()?;
    let text = std::str::from_utf8(&buf[..n]).ok()?;
    let pages: u64 = text.split_ascii_whitespace().nth(1)?.parse().ok()?;
    Some(pages * procfs::page_size())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rss_is_what_procfs_reads_and_none_for_a_pid_that_is_gone() {
        let statm = || {
            let text = std::fs::read_to_string("/proc/self/statm").unwrap();
            let pages: u64 = text.split_whitespace().nth(1).unwrap().parse().unwrap();
            pages * procfs::page_size()
        };
        let before = statm();
        let ours = rss_bytes(Pid::this()).unwrap();
        let after = statm();
        assert!(ours > 1 << 20, "{ours}");
        // The reads are moments apart and the test's own allocations (and
        // the kernel's lazy RSS counters) move the figure a little; the
        // size field (VSZ), misread, would be tens of MiB away.
        let slack = 1 << 20;
        assert!(
            ours + slack >= before.min(after) && ours <= before.max(after) + slack,
            "{before} <= {ours} <= {after}"
        );
        assert_eq!(rss_bytes(Pid::from_raw(i32::MAX)), None);
    }
}
