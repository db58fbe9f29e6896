//! The CPU and memory limits of the container bextd runs in, read from its
//! cgroup and every ancestor of it (the tightest limit wins: a parent's
//! limit bounds its children even when their own files say `max`), cgroup
//! v2 first and v1 as a fallback.
//!
//! For tests, `BEXT_CGROUP_ROOT` names another cgroup file system root
//! (default `/sys/fs/cgroup`) and `BEXT_CGROUP_SELF` the content of
//! `/proc/self/cgroup` to use.

use std::path::{Path, PathBuf};

/// What the cgroups allow; `None`: no limit found. The control socket
/// carries the same value.
pub type Limits = protocol::control::ContainerLimits;

/// The limits of this process's cgroup.
pub fn read() -> Limits {
    let root = std::env::var_os("BEXT_CGROUP_ROOT")
        .map_or_else(|| PathBuf::from("/sys/fs/cgroup"), PathBuf::from);
    let own = std::env::var("BEXT_CGROUP_SELF")
        .ok()
        .or_else(|| std::fs::read_to_string("/proc/self/cgroup").ok())
        .unwrap_or_default();
    read_at(&root, &own)
}

/// The limits under `root` for the cgroup memberships in `own` (the
/// format of `/proc/self/cgroup`).
pub fn read_at(root: &Path, own: &str) -> Limits {
    let v2 = own.lines().find_map(|l| l.strip_prefix("0::"));
    if let Some(path) = v2
        && root.join("cgroup.controllers").exists()
    {
        return tightest(&root.join(rel(path)), root, |dir| Limits {
            cpus: file(dir, "cpu.max").and_then(|s| cpu_max(&s)),
            memory_bytes: file(dir, "memory.max").and_then(|s| s.trim().parse().ok()),
        });
    }
    let v1 = |controller: &str| {
        own.lines().find_map(|l| {
            let mut f = l.splitn(3, ':');
            let (_, list, path) = (f.next()?, f.next()?, f.next()?);
            list.split(',')
                .any(|c| c == controller)
                .then(|| (root.join(list), path.to_owned()))
        })
    };
    let mut limits = Limits::default();
    if let Some((base, path)) = v1("cpu") {
        limits.cpus = tightest(&base.join(rel(&path)), &base, |dir| Limits {
            cpus: cfs_quota(dir),
            memory_bytes: None,
        })
        .cpus;
    }
    if let Some((base, path)) = v1("memory") {
        limits.memory_bytes = tightest(&base.join(rel(&path)), &base, |dir| Limits {
            cpus: None,
            // v1 says "no limit" with a number near 2^63.
            memory_bytes: file(dir, "memory.limit_in_bytes")
                .and_then(|s| s.trim().parse::<u64>().ok())
                .filter(|&b| b < 1 << 60),
        })
        .memory_bytes;
    }
    limits
}

/// The smallest of each limit from `dir` up to `root`.
fn tightest(dir: &Path, root: &Path, at: impl Fn(&Path) -> Limits) -> Limits {
    let mut out = Limits::default();
    let mut d = Some(dir);
    while let Some(dir) = d {
        let l = at(dir);
        out.cpus = min(out.cpus, l.cpus, f64::min);
        out.memory_bytes = min(out.memory_bytes, l.memory_bytes, u64::min);
        if dir == root {
            break;
        }
        d = dir.parent().filter(|p| p.starts_with(root));
    }
    out
}

fn min<T>(a: Option<T>, b: Option<T>, f: impl Fn(T, T) -> T) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(f(a, b)),
        (a, b) => a.or(b),
    }
}

fn rel(path: &str) -> &str {
    path.trim().trim_start_matches('/')
}

fn file(dir: &Path, file: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(file)).ok()
}

/// `cpu.max`: "QUOTA PERIOD", or "max PERIOD" for none.
fn cpu_max(text: &str) -> Option<f64> {
    let mut f = text.split_whitespace();
    let quota: f64 = f.next()?.parse().ok()?;
    let period: f64 = f.next().unwrap_or("100000").parse().ok()?;
    (quota > 0.0 && period > 0.0).then(|| quota / period)
}

/// v1's `cpu.cfs_quota_us` (-1: none) over `cpu.cfs_period_us`.
fn cfs_quota(dir: &Path) -> Option<f64> {
    let quota: f64 = file(dir, "cpu.cfs_quota_us")?.trim().parse().ok()?;
    let period: f64 = file(dir, "cpu.cfs_period_us")?.trim().parse().ok()?;
    (quota > 0.0 && period > 0.0).then(|| quota / period)
}

/// CPUs this process may use: the cgroup quota rounded up, or, without a
/// quota, the CPUs it may run on. What `jsc_workers = "auto"` sizes a pool by.
pub fn cpus_available() -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    match read().cpus {
        Some(q) => (q.ceil() as u32).clamp(1, cores.max(1)),
        None => cores.max(1),
    }
}

/// The warning a config deserves in a container of `limits`, if any.
pub fn memory_warning(limits: Limits, planned: Option<u64>) -> Option<String> {
    let (limit, planned) = (limits.memory_bytes?, planned?);
    (planned > limit).then(|| {
        format!(
            "the pools' max_memory_mb times their most workers plus the jobs' memory_budget_mb come to {}, more than the container's memory limit of {}: the kernel's OOM killer may act before bextd rotates a worker",
            protocol::size::format_size(planned),
            protocol::size::format_size(limit)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
        let d = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let p = d.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        d
    }

    #[test]
    fn v2_quota_and_memory_of_its_own_cgroup() {
        let t = tree(&[
            ("cgroup.controllers", "cpu memory"),
            ("kubepods/pod1/c1/cpu.max", "150000 100000\n"),
            ("kubepods/pod1/c1/memory.max", "536870912\n"),
        ]);
        let l = read_at(t.path(), "0::/kubepods/pod1/c1\n");
        assert_eq!(l.cpus, Some(1.5));
        assert_eq!(l.memory_bytes, Some(512 << 20));
    }

    #[test]
    fn v2_no_limit_anywhere() {
        let t = tree(&[
            ("cgroup.controllers", "cpu memory"),
            ("a/cpu.max", "max 100000\n"),
            ("a/memory.max", "max\n"),
        ]);
        assert_eq!(read_at(t.path(), "0::/a\n"), Limits::default());
    }

    #[test]
    fn a_tighter_parent_wins_over_its_child() {
        let t = tree(&[
            ("cgroup.controllers", "cpu memory"),
            ("pod/cpu.max", "50000 100000\n"),
            ("pod/memory.max", "268435456\n"),
            ("pod/c/cpu.max", "max 100000\n"),
            ("pod/c/memory.max", "1073741824\n"),
        ]);
        let l = read_at(t.path(), "0::/pod/c\n");
        assert_eq!(l.cpus, Some(0.5));
        assert_eq!(l.memory_bytes, Some(256 << 20));
    }

    #[test]
    fn v1_as_a_fallback() {
        let t = tree(&[
            ("cpu,cpuacct/docker/x/cpu.cfs_quota_us", "200000\n"),
            ("cpu,cpuacct/docker/x/cpu.cfs_period_us", "100000\n"),
            ("memory/docker/x/memory.limit_in_bytes", "1073741824\n"),
            ("memory/memory.limit_in_bytes", "9223372036854771712\n"),
        ]);
        let own = "12:memory:/docker/x\n4:cpu,cpuacct:/docker/x\n1:name=systemd:/docker/x\n";
        let l = read_at(t.path(), own);
        assert_eq!(l.cpus, Some(2.0));
        assert_eq!(l.memory_bytes, Some(1 << 30));
        let t = tree(&[("cpu,cpuacct/cpu.cfs_quota_us", "-1\n")]);
        assert_eq!(read_at(t.path(), "4:cpu,cpuacct:/\n").cpus, None);
    }

    #[test]
    fn the_warning_names_both_sizes() {
        let l = Limits {
            cpus: None,
            memory_bytes: Some(1 << 30),
        };
        assert!(memory_warning(l, Some(1 << 29)).is_none());
        let w = memory_warning(l, Some(2 << 30)).unwrap();
        assert!(w.contains("2 GB") && w.contains("1 GB"), "{w}");
        assert!(memory_warning(Limits::default(), Some(2 << 30)).is_none());
    }
}
