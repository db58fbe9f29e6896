//! What `node:os` says of the machine, read by the worker itself: the
//! kernel (`uname`, `sysinfo`, `/proc`) and the container's cgroup, so
//! `os.cpus()` and `os.availableParallelism()` count the CPUs the
//! container may use, as bextd's `jsc_workers = "auto"` does, and
//! `os.totalmem()`/`os.freemem()` are the cgroup's memory limit and what
//! is left of it where one is set.
//!
//! Everything reaches JavaScript through one host function, `os(what)`,
//! so the built-ins' `host` grows by one property, not fifteen.

use std::path::{Path, PathBuf};

use rquickjs::{Ctx, Function, IntoJs, Object, Result, Value};

/// The CPU quota (in CPUs) and memory limit of the cgroup this process is
/// in, and the memory its cgroup uses now; `None`: not limited, or not
/// known. The tightest limit from the cgroup up to the root wins.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Cgroup {
    pub cpus: Option<f64>,
    pub memory_max: Option<u64>,
    pub memory_used: Option<u64>,
}

/// The cgroup limits of this process (`BEXT_CGROUP_ROOT` and
/// `BEXT_CGROUP_SELF` stand for `/sys/fs/cgroup` and `/proc/self/cgroup`
/// when set, as for bextd).
pub fn cgroup() -> Cgroup {
    let root = std::env::var_os("BEXT_CGROUP_ROOT")
        .map_or_else(|| PathBuf::from("/sys/fs/cgroup"), PathBuf::from);
    let own = std::env::var("BEXT_CGROUP_SELF")
        .ok()
        .or_else(|| std::fs::read_to_string("/proc/self/cgroup").ok())
        .unwrap_or_default();
    cgroup_at(&root, &own)
}

/// The limits under `root` for the memberships `own` (the format of
/// `/proc/self/cgroup`): cgroup v2, else v1.
pub fn cgroup_at(root: &Path, own: &str) -> Cgroup {
    let rel = |p: &str| p.trim().trim_start_matches('/').to_owned();
    if let Some(path) = own.lines().find_map(|l| l.strip_prefix("0::"))
        && root.join("cgroup.controllers").exists()
    {
        let dir = root.join(rel(path));
        return Cgroup {
            cpus: tightest(&dir, root, |d| read(d, "cpu.max").and_then(|s| quota(&s))),
            memory_max: tightest(&dir, root, |d| {
                read(d, "memory.max").and_then(|s| s.trim().parse().ok())
            }),
            memory_used: read(&dir, "memory.current").and_then(|s| s.trim().parse().ok()),
        };
    }
    let v1 = |controller: &str| {
        own.lines().find_map(|l| {
            let mut f = l.splitn(3, ':');
            let (_, list, path) = (f.next()?, f.next()?, f.next()?);
            let base = root.join(list);
            list.split(',')
                .any(|c| c == controller)
                .then(|| (base.join(rel(path)), base))
        })
    };
    let mut out = Cgroup::default();
    if let Some((dir, base)) = v1("cpu") {
        out.cpus = tightest(&dir, &base, |d| {
            let q: f64 = read(d, "cpu.cfs_quota_us")?.trim().parse().ok()?;
            let p: f64 = read(d, "cpu.cfs_period_us")?.trim().parse().ok()?;
            (q > 0.0 && p > 0.0).then(|| q / p)
        });
    }
    if let Some((dir, base)) = v1("memory") {
        // v1 says "no limit" with a number near 2^63.
        out.memory_max = tightest(&dir, &base, |d| {
            read(d, "memory.limit_in_bytes")
                .and_then(|s| s.trim().parse::<u64>().ok())
                .filter(|&b| b < 1 << 60)
        });
        out.memory_used = read(&dir, "memory.usage_in_bytes").and_then(|s| s.trim().parse().ok());
    }
    out
}

/// The smallest value `at` finds from `dir` up to `root`.
fn tightest<T: PartialOrd>(dir: &Path, root: &Path, at: impl Fn(&Path) -> Option<T>) -> Option<T> {
    let mut out: Option<T> = None;
    let mut d = Some(dir);
    while let Some(dir) = d {
        if let Some(v) = at(dir)
            && out.as_ref().is_none_or(|o| v < *o)
        {
            out = Some(v);
        }
        if dir == root {
            break;
        }
        d = dir.parent().filter(|p| p.starts_with(root));
    }
    out
}

fn read(dir: &Path, file: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(file)).ok()
}

/// `cpu.max`: "QUOTA PERIOD", or "max PERIOD" for none.
fn quota(text: &str) -> Option<f64> {
    let mut f = text.split_whitespace();
    let q: f64 = f.next()?.parse().ok()?;
    let p: f64 = f.next().unwrap_or("100000").parse().ok()?;
    (q > 0.0 && p > 0.0).then(|| q / p)
}

/// CPUs this process may use: the cgroup quota rounded up (at least one,
/// at most the CPUs it may run on), else the CPUs it may run on. The
/// number bextd's `jsc_workers = "auto"` sizes a pool by.
pub fn cpus_available(limits: &Cgroup) -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    match limits.cpus {
        Some(q) => (q.ceil() as u32).clamp(1, cores.max(1)),
        None => cores.max(1),
    }
}

/// The machine's memory (`sysinfo`): total and available bytes.
fn machine_memory() -> (u64, u64) {
    // `totalram` is a C unsigned long: u64 here, narrower elsewhere.
    #[allow(clippy::useless_conversion)]
    let total = sysinfo().map_or(0, |s| u64::from(s.totalram) * u64::from(s.mem_unit));
    // Node's freemem is MemAvailable (libuv's uv_get_free_memory).
    let available = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix("MemAvailable:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024);
    (total, available)
}

/// `(total, free)` as node:os says them: the cgroup's limit and what is
/// left of it when that is tighter than the machine's.
pub fn memory(limits: &Cgroup) -> (u64, u64) {
    let (total, free) = machine_memory();
    match limits.memory_max {
        Some(max) if max < total || total == 0 => {
            let left = max.saturating_sub(limits.memory_used.unwrap_or(0));
            (max, if free > 0 { left.min(free) } else { left })
        }
        _ => (total, free),
    }
}

fn sysinfo() -> Option<libc::sysinfo> {
    // SAFETY: sysinfo fills the struct it is given; zeroed is a valid start.
    unsafe {
        let mut s: libc::sysinfo = std::mem::zeroed();
        (libc::sysinfo(&mut s) == 0).then_some(s)
    }
}

/// `uname`'s node name, release and version.
fn uname() -> (String, String, String) {
    // SAFETY: uname fills the struct it is given; zeroed is a valid start,
    // and each field it filled is a NUL-terminated string.
    unsafe {
        let mut u: libc::utsname = std::mem::zeroed();
        if libc::uname(&mut u) != 0 {
            return ("localhost".into(), String::new(), String::new());
        }
        let text = |f: &[libc::c_char]| {
            std::ffi::CStr::from_ptr(f.as_ptr())
                .to_string_lossy()
                .into_owned()
        };
        (text(&u.nodename), text(&u.release), text(&u.version))
    }
}

/// The CPU model and MHz `/proc/cpuinfo` gives for its first CPU.
fn cpu_model() -> (String, f64) {
    let text = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        text.lines()
            .filter(|l| l.starts_with(name))
            .find_map(|l| l.split_once(':').map(|(_, v)| v.trim().to_owned()))
    };
    let model = field("model name").unwrap_or_else(|| "unknown".into());
    let mhz: f64 = field("cpu MHz").and_then(|v| v.parse().ok()).unwrap_or(0.0);
    (model, mhz.floor())
}

/// The user this process runs as: `(uid, gid, name, home, shell)` from the
/// password database, `$HOME` first for the home as Node's homedir() does.
fn user() -> (u32, u32, String, String, String) {
    let uid = nix::unistd::getuid();
    let gid = nix::unistd::getgid().as_raw();
    let entry = nix::unistd::User::from_uid(uid).ok().flatten();
    let name = entry
        .as_ref()
        .map_or_else(|| uid.to_string(), |u| u.name.clone());
    let home_db = entry.as_ref().map(|u| u.dir.to_string_lossy().into_owned());
    let home = std::env::var("HOME")
        .ok()
        .filter(|h| !h.is_empty())
        .or(home_db)
        .unwrap_or_else(|| "/".into());
    let shell = entry.map_or_else(String::new, |u| u.shell.to_string_lossy().into_owned());
    (uid.as_raw(), gid, name, home, shell)
}

/// The folder `os.tmpdir()` names: the worker's own temporary folder,
/// where node:fs writes ([`crate::fs`]), made when first used.
pub fn tmpdir() -> String {
    crate::fs::tmpdir()
}

/// The answer to `host.os(what)`.
fn answer<'js>(ctx: &Ctx<'js>, what: &str) -> Result<Value<'js>> {
    let ctx = ctx.clone();
    match what {
        "hostname" => uname().0.into_js(&ctx),
        "release" => uname().1.into_js(&ctx),
        "version" => uname().2.into_js(&ctx),
        "tmpdir" => tmpdir().into_js(&ctx),
        "cpus" => {
            let (model, speed) = cpu_model();
            let o = Object::new(ctx.clone())?;
            o.set("count", cpus_available(&cgroup()))?;
            o.set("model", model)?;
            o.set("speed", speed)?;
            o.into_js(&ctx)
        }
        "memory" => {
            let (total, free) = memory(&cgroup());
            vec![total as f64, free as f64].into_js(&ctx)
        }
        "uptime" => sysinfo().map_or(0.0, |s| s.uptime as f64).into_js(&ctx),
        "loadavg" => {
            let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
            let mut f = text.split_whitespace().map(|v| v.parse().unwrap_or(0.0));
            let mut next = || f.next().unwrap_or(0.0);
            vec![next(), next(), next()].into_js(&ctx)
        }
        "user" => {
            let (uid, gid, name, home, shell) = user();
            let o = Object::new(ctx.clone())?;
            o.set("uid", uid)?;
            o.set("gid", gid)?;
            o.set("username", name)?;
            o.set("homedir", home)?;
            o.set("shell", shell)?;
            o.into_js(&ctx)
        }
        "ppid" => nix::unistd::getppid().as_raw().into_js(&ctx),
        "umask" => {
            // SAFETY: umask cannot fail; the mask read is put straight back
            // (one JavaScript thread per worker: nothing creates files
            // between the two calls on its behalf).
            let mask = unsafe {
                let mask = libc::umask(0o022);
                libc::umask(mask);
                mask
            };
            (mask as u32).into_js(&ctx)
        }
        "bext" => env!("CARGO_PKG_VERSION").into_js(&ctx),
        _ => Ok(Value::new_undefined(ctx)),
    }
}

/// Adds `os(what)` to the built-ins' `host`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "os",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, what: String| {
            answer(&ctx, &what)
        })?,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A throwaway cgroup file system.
    fn tree(files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "bext-os-{}-{}",
            std::process::id(),
            rand::random::<u64>()
        ));
        for (path, text) in files {
            let p = dir.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    #[test]
    fn v2_the_tightest_quota_and_limit_up_the_tree() {
        let d = tree(&[
            ("cgroup.controllers", "cpu memory"),
            ("a/cpu.max", "150000 100000"),
            ("a/memory.max", "max"),
            ("a/b/cpu.max", "max 100000"),
            ("a/b/memory.max", "536870912"),
            ("a/b/memory.current", "1000"),
        ]);
        let c = cgroup_at(&d, "0::/a/b\n");
        assert_eq!(c.cpus, Some(1.5));
        assert_eq!(c.memory_max, Some(512 << 20));
        assert_eq!(c.memory_used, Some(1000));
        let cores = std::thread::available_parallelism().unwrap().get() as u32;
        assert_eq!(cpus_available(&c), 2.min(cores));
        let (total, free) = memory(&c);
        assert_eq!(total, 512 << 20);
        assert!(free <= (512 << 20) - 1000);
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn v1_and_no_limit() {
        let d = tree(&[
            ("cpu,cpuacct/x/cpu.cfs_quota_us", "-1"),
            ("cpu,cpuacct/x/cpu.cfs_period_us", "100000"),
            ("memory/x/memory.limit_in_bytes", "9223372036854771712"),
        ]);
        let c = cgroup_at(&d, "4:cpu,cpuacct:/x\n3:memory:/x\n");
        assert_eq!(c.cpus, None);
        assert_eq!(c.memory_max, None);
        let cores = std::thread::available_parallelism().unwrap().get() as u32;
        assert_eq!(cpus_available(&c), cores);
        assert_eq!(quota("max 100000"), None);
        assert_eq!(quota("50000 100000"), Some(0.5));
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn tmpdir_is_the_worker_s_own_folder() {
        let t = tmpdir();
        assert!(!t.ends_with('/') && t.contains("bext-fs-"), "{t}");
    }
}
