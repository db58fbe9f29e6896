//! What /proc says about the processes a test started.

use nix::unistd::Pid;
use std::path::Path;

/// Direct children of `pid`, from /proc.
pub fn children(pid: Pid) -> Vec<Pid> {
    let mut out = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return out;
    };
    for t in tasks.flatten() {
        if let Ok(s) = std::fs::read_to_string(t.path().join("children")) {
            out.extend(
                s.split_whitespace()
                    .filter_map(|p| p.parse().ok())
                    .map(Pid::from_raw),
            );
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether `pid` is a template worker (`bext-worker: template (POOL)`).
pub fn is_template(pid: Pid) -> bool {
    std::fs::read(format!("/proc/{pid}/cmdline"))
        .is_ok_and(|c| c.starts_with(b"bext-worker: template ("))
}

/// The command name of `pid` (`/proc/PID/comm`).
pub fn comm(pid: Pid) -> Option<String> {
    std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .ok()
        .map(|s| s.trim().to_owned())
}

/// Whether `pid` exists at all (zombies included).
pub fn exists(pid: Pid) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}
