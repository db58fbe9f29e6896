//! The rules a parsed `bext.toml` must follow. Each check names its key,
//! the value it saw and the rule it broke, and all checks run, so one
//! start reports every problem.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use ipnet::IpNet;
use regex::Regex;

use super::{Config, Pool, PoolSection, Problem, RawConfig, Server, key_line};

mod bounds;

struct Checker<'a> {
    source: &'a str,
    problems: Vec<Problem>,
}

impl Checker<'_> {
    fn report(&mut self, path: &[&str], message: String) {
        // The key itself if it is in the file; otherwise its table.
        let line = key_line(self.source, path).or_else(|| {
            (1..path.len())
                .rev()
                .find_map(|n| key_line(self.source, &path[..n]))
        });
        self.problems.push(Problem {
            line,
            key: path.join("."),
            message,
        });
    }

    fn rule(&mut self, ok: bool, path: &[&str], message: impl FnOnce() -> String) {
        if !ok {
            self.report(path, message());
        }
    }
}

fn resolve(base: &Path, p: &str) -> PathBuf {
    let p = Path::new(p);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        base.join(p)
    }
}

pub(super) fn check(raw: RawConfig, source: &str, base: &Path) -> Result<Config, Vec<Problem>> {
    let mut c = Checker {
        source,
        problems: Vec::new(),
    };
    let server = check_server(&mut c, &raw, base);
    let mut named: Vec<(String, Vec<&str>, &PoolSection)> = Vec::new();
    if let Some(render) = &raw.render {
        named.push(("render".into(), vec!["render"], render));
    }
    for (name, pool) in &raw.pools {
        named.push((name.clone(), vec!["pools", name.as_str()], pool));
    }
    if named.is_empty() {
        c.report(
            &["render"],
            "no pool is configured: add a [render] section with a script".into(),
        );
    }
    let mut pools = Vec::new();
    for (name, prefix, section) in named {
        if name == "render" && prefix[0] == "pools" {
            c.report(
                &prefix,
                "duplicate pool name `render`: [render] already defines it".into(),
            );
        }
        if !name
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '-')
            || name.is_empty()
        {
            c.report(
                &prefix,
                format!("pool name `{name}` may only hold letters, digits, `_` and `-`"),
            );
        }
        if let Some(pool) = check_pool(&mut c, &name, &prefix, section, base, server.as_ref()) {
            pools.push(pool);
        }
    }
    match server {
        Some(server) if c.problems.is_empty() => Ok(Config {
            file: PathBuf::new(),
            server,
            pools,
            effective: effective(raw),
        }),
        _ => Err(c.problems),
    }
}

/// The raw config with the sizes that were derived written out.
fn effective(mut raw: RawConfig) -> RawConfig {
    let fill = |p: &mut PoolSection| {
        if let Some(n) = p.jsc_workers {
            p.min_workers = Some(n);
            p.max_workers = Some(n);
        }
    };
    if let Some(r) = raw.render.as_mut() {
        fill(r);
    }
    raw.pools.values_mut().for_each(fill);
    raw
}

fn check_server(c: &mut Checker<'_>, raw: &RawConfig, base: &Path) -> Option<Server> {
    let s = &raw.server;
    let listen = match s.listen.parse::<SocketAddr>() {
        Ok(a) => Some(a),
        Err(_) => {
            c.report(
                &["server", "listen"],
                format!(
                    "`{}` is not an address and port such as \"127.0.0.1:3000\"",
                    s.listen
                ),
            );
            None
        }
    };
    let mut admin_allow = Vec::new();
    for cidr in &s.admin_allow {
        match cidr
            .parse::<IpNet>()
            .or_else(|_| cidr.parse::<std::net::IpAddr>().map(IpNet::from))
        {
            Ok(net) => admin_allow.push(net),
            Err(_) => c.report(
                &["server", "admin_allow"],
                format!("`{cidr}` is not a CIDR block such as \"127.0.0.1/32\""),
            ),
        }
    }
    c.rule(
        s.shutdown_timeout_ms > 0,
        &["server", "shutdown_timeout_ms"],
        || "must be greater than 0".into(),
    );
    c.rule(s.max_body_bytes > 0, &["server", "max_body_bytes"], || {
        "must be greater than 0".into()
    });
    c.rule(
        s.max_body_bytes <= 32 * 1024 * 1024,
        &["server", "max_body_bytes"],
        || {
            format!(
                "{} is over the 33554432-byte (32 MiB) frame limit of the worker protocol",
                s.max_body_bytes
            )
        },
    );
    bounds::check_server(c, s);
    c.rule(
        !s.control_socket.is_empty(),
        &["server", "control_socket"],
        || "must not be empty".into(),
    );
    let worker_bin = s.worker_bin.as_deref().map(|p| resolve(base, p));
    if let Some(bin) = &worker_bin {
        c.rule(bin.is_file(), &["server", "worker_bin"], || {
            format!("`{}` does not exist", bin.display())
        });
    }
    Some(Server {
        listen: listen?,
        control_socket: resolve(base, &s.control_socket),
        admin_allow,
        shutdown_timeout_ms: s.shutdown_timeout_ms,
        worker_bin,
        max_body_bytes: s.max_body_bytes,
        header_read_timeout_ms: s.header_read_timeout_ms,
        idle_timeout_ms: s.idle_timeout_ms,
        max_connections: s.max_connections,
    })
}

/// A user name or numeric id → (uid, primary gid).
fn resolve_user(u: &str) -> Option<(u32, u32)> {
    let user = match u.parse::<u32>() {
        Ok(id) => nix::unistd::User::from_uid(id.into()).ok()?,
        Err(_) => nix::unistd::User::from_name(u).ok()?,
    };
    user.map(|u| (u.uid.as_raw(), u.gid.as_raw()))
}

/// A group name or numeric id → gid. A number need not name a group.
fn resolve_group(g: &str) -> Option<u32> {
    if let Ok(id) = g.parse::<u32>() {
        return Some(id);
    }
    nix::unistd::Group::from_name(g)
        .ok()?
        .map(|g| g.gid.as_raw())
}

/// Compiles `pattern`, reporting the regex crate's own explanation if it fails.
fn compile_regex(c: &mut Checker<'_>, path: &[&str], pattern: &str) -> Option<Regex> {
    match Regex::new(pattern) {
        Ok(r) => Some(r),
        Err(e) => {
            let why = e
                .to_string()
                .lines()
                .last()
                .unwrap_or("")
                .trim()
                .to_string();
            c.report(
                path,
                format!("`{pattern}` is not a valid regular expression: {why}"),
            );
            None
        }
    }
}

fn check_pool(
    c: &mut Checker<'_>,
    name: &str,
    prefix: &[&str],
    p: &PoolSection,
    base: &Path,
    server: Option<&Server>,
) -> Option<Pool> {
    let key = |k: &'static str| -> Vec<&str> {
        let mut v = prefix.to_vec();
        v.push(k);
        v
    };
    let lkey = |k: &'static str| -> Vec<&str> {
        let mut v = prefix.to_vec();
        v.extend(["lifecycle", k]);
        v
    };
    let rkey = |k: &'static str| -> Vec<&str> {
        let mut v = prefix.to_vec();
        v.extend(["lifecycle", "recovery", k]);
        v
    };

    let script = match &p.script {
        None => {
            c.report(
                prefix,
                format!("pool `{name}` has no `script` (the ES module its workers run)"),
            );
            None
        }
        Some(s) => {
            let path = resolve(base, s);
            if path.is_file() {
                Some(path)
            } else {
                c.report(
                    &key("script"),
                    format!("`{s}` not found (looked for {})", path.display()),
                );
                None
            }
        }
    };

    let route = compile_regex(c, &key("route"), &p.route);

    let (min, max) = match (p.jsc_workers, p.min_workers, p.max_workers) {
        (Some(n), None, None) => (n, n),
        (Some(_), _, _) => {
            c.report(
                &key("jsc_workers"),
                "set either jsc_workers (a fixed size) or min_workers/max_workers, not both".into(),
            );
            (1, 1)
        }
        (None, min, max) => {
            let min = min.unwrap_or(1);
            (min, max.unwrap_or(min.max(1)))
        }
    };
    if p.jsc_workers == Some(0) {
        c.report(
            &key("jsc_workers"),
            "0: a pool needs at least 1 worker".into(),
        );
    } else {
        c.rule(min >= 1, &key("min_workers"), || {
            format!("{min}: must be at least 1")
        });
        c.rule(max >= min, &key("max_workers"), || {
            format!("{max}: must be at least min_workers ({min})")
        });
    }
    c.rule(max <= 4096, &key("max_workers"), || {
        format!("{max}: at most 4096 workers per pool")
    });

    c.rule(p.startup_timeout_ms > 0, &key("startup_timeout_ms"), || {
        "must be greater than 0".into()
    });
    c.rule(
        p.heartbeat_interval_ms > 0,
        &key("heartbeat_interval_ms"),
        || "must be greater than 0".into(),
    );
    c.rule(
        p.heartbeat_interval_ms < p.heartbeat_timeout_ms,
        &key("heartbeat_timeout_ms"),
        || format!(
            "{}: must be greater than heartbeat_interval_ms ({}), or healthy workers are killed between two heartbeats",
            p.heartbeat_timeout_ms, p.heartbeat_interval_ms
        ),
    );
    c.rule(p.busy_factor >= 1, &key("busy_factor"), || {
        "must be at least 1".into()
    });
    c.rule(
        p.max_concurrent_launches >= 1,
        &key("max_concurrent_launches"),
        || "must be at least 1".into(),
    );
    c.rule(
        p.max_concurrent_maint >= 1,
        &key("max_concurrent_maint"),
        || "must be at least 1".into(),
    );
    c.rule(
        p.maint_method == "requests" || p.maint_method == "time",
        &key("maint_method"),
        || format!("`{}`: must be \"requests\" or \"time\"", p.maint_method),
    );
    if p.auto_maint {
        let (k, v) = if p.maint_method == "time" {
            ("maint_time_ms", p.maint_time_ms)
        } else {
            ("maint_requests", p.maint_requests)
        };
        c.rule(v > 0, &key(k), || {
            "must be greater than 0 when auto_maint is on".into()
        });
    }
    c.rule(
        p.max_queue_size == 0 || p.max_concurrent_requests > 0,
        &key("max_queue_size"),
        || {
            "a queue needs max_concurrent_requests > 0 (requests queue once that many are running)"
                .into()
        },
    );
    compile_regex(c, &key("compress_regex"), &p.compress_regex);
    for k in p.env.keys() {
        c.rule(
            !k.is_empty() && !k.contains('=') && !k.contains('\0'),
            &key("env"),
            || format!("`{k}` is not a valid environment variable name"),
        );
    }

    bounds::check_pool(c, prefix, p);
    let l = &p.lifecycle;
    c.rule(
        l.max_uptime_hours >= 0.0 && l.max_uptime_hours.is_finite(),
        &lkey("max_uptime_hours"),
        || {
            format!(
                "{}: must be 0 (never) or a positive number of hours",
                l.max_uptime_hours
            )
        },
    );
    c.rule(l.drain_timeout_ms > 0, &lkey("drain_timeout_ms"), || {
        "must be greater than 0".into()
    });
    if let Some(server) = server {
        c.rule(
            l.drain_timeout_ms <= server.shutdown_timeout_ms,
            &lkey("drain_timeout_ms"),
            || format!(
                "{}: must not exceed server.shutdown_timeout_ms ({}), or a shutdown cannot wait for a drain",
                l.drain_timeout_ms, server.shutdown_timeout_ms
            ),
        );
    }
    c.rule(
        l.max_concurrent_rotations >= 1,
        &lkey("max_concurrent_rotations"),
        || "must be at least 1".into(),
    );
    c.rule(
        l.max_memory_mb == 0 || l.memory_check_interval_ms > 0,
        &lkey("memory_check_interval_ms"),
        || "must be greater than 0 when max_memory_mb is set".into(),
    );
    let mut watch_dirs = Vec::new();
    for d in &l.watch_dirs {
        let path = resolve(base, d);
        if path.is_dir() {
            watch_dirs.push(path);
        } else {
            c.report(
                &lkey("watch_dirs"),
                format!("`{d}` is not a directory (looked for {})", path.display()),
            );
        }
    }

    let r = &l.recovery;
    c.rule(
        r.max_consecutive_failures >= 1,
        &rkey("max_consecutive_failures"),
        || "must be at least 1".into(),
    );
    c.rule(
        r.backoff_initial_ms <= r.backoff_max_ms,
        &rkey("backoff_initial_ms"),
        || {
            format!(
                "{}: must not exceed backoff_max_ms ({})",
                r.backoff_initial_ms, r.backoff_max_ms
            )
        },
    );
    c.rule(
        r.backoff_multiplier >= 1.0 && r.backoff_multiplier.is_finite(),
        &rkey("backoff_multiplier"),
        || {
            format!(
                "{}: must be at least 1.0, or the delays would shrink",
                r.backoff_multiplier
            )
        },
    );

    let (uid, user_gid) = match p.user.as_deref() {
        None => (None, None),
        Some(u) => match resolve_user(u) {
            Some((uid, gid)) => (Some(uid), Some(gid)),
            None => {
                c.report(&key("user"), format!("`{u}` is not a user of this system"));
                (None, None)
            }
        },
    };
    let gid = match p.group.as_deref() {
        None => user_gid,
        Some(g) => match resolve_group(g) {
            Some(gid) => Some(gid),
            None => {
                c.report(
                    &key("group"),
                    format!("`{g}` is not a group of this system"),
                );
                None
            }
        },
    };

    Some(Pool {
        name: name.to_string(),
        uid,
        gid,
        script: script?,
        route: route?,
        min_workers: min,
        max_workers: max,
        watch_dirs,
        settings: p.clone(),
    })
}
