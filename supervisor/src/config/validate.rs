//! The rules a well-shaped `bext.toml` must follow beyond each value's own
//! bounds (those are in `keys`): addresses, paths, users, regexes, and the
//! relationships between keys. Each check names its key, the value it saw
//! and the rule it broke, and all checks run, so one start reports every
//! problem.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use ipnet::IpNet;
use regex::Regex;

use super::checker::{Checker, Named, path, resolve};
use super::pool_rules::{
    check_lifecycle, check_load, check_read, check_recovery, check_sizes, check_timing,
    check_watch_dirs, resolve_credentials,
};
use super::{Config, Host, Pool, Problem, RawConfig, Server, routes};

pub(super) fn check(
    raw: RawConfig,
    source: &str,
    base: &Path,
    host: Host,
) -> Result<Config, Vec<Problem>> {
    let mut c = Checker {
        source,
        problems: Vec::new(),
        host,
    };
    let server = check_server(&mut c, &raw, base);
    let named = pools_in_file_order(&raw, source);
    if named.is_empty() {
        c.report(
            &["render"],
            None,
            "no pool is configured: add a [render] section with a script".into(),
        );
    }
    let mut pools = Vec::new();
    for n in &named {
        check_name(&mut c, n);
        if let Some(pool) = check_pool(&mut c, n, base, &server) {
            pools.push(pool);
        }
    }
    routes::check_shadowing(&mut c, &pools);
    let jobs = super::jobs::check(&mut c, &raw.jobs, base);
    let tracing = super::traces::check(&mut c, &raw.tracing);
    let statics = super::statics::check(&mut c, &raw.statics, base);
    if c.problems.is_empty() {
        Ok(Config {
            file: PathBuf::new(),
            server,
            pools,
            jobs,
            tracing,
            statics,
            effective: raw,
        })
    } else {
        Err(c.problems)
    }
}

/// `[render]` and every `[pools.NAME]`, in the order the file declares
/// them: the order routes are tried in.
fn pools_in_file_order<'a>(raw: &'a RawConfig, source: &str) -> Vec<Named<'a>> {
    let mut named = Vec::new();
    if let Some(render) = &raw.render {
        named.push(Named {
            name: "render".into(),
            prefix: vec!["render"],
            section: render,
        });
    }
    for (name, pool) in &raw.pools {
        named.push(Named {
            name: name.clone(),
            prefix: vec!["pools", name.as_str()],
            section: pool,
        });
    }
    named.sort_by_key(|n| super::key_line(source, &n.prefix).unwrap_or(usize::MAX));
    named
}

fn check_name(c: &mut Checker<'_>, n: &Named<'_>) {
    if n.name == "render" && n.prefix[0] == "pools" {
        c.report(
            &n.prefix,
            None,
            "duplicate pool name `render`: [render] already defines it".into(),
        );
    }
    let ok = !n.name.is_empty()
        && n.name
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '-');
    if !ok {
        c.report(
            &n.prefix,
            None,
            format!(
                "pool name `{}` may only hold letters, digits, `_` and `-`",
                n.name
            ),
        );
    }
}

fn check_server(c: &mut Checker<'_>, raw: &RawConfig, base: &Path) -> Server {
    let s = &raw.server;
    let listen = s.listen.parse::<SocketAddr>().unwrap_or_else(|_| {
        c.report(
            &["server", "listen"],
            Some(format!("{:?}", s.listen)),
            "must be an address and port such as \"127.0.0.1:3000\"".into(),
        );
        SocketAddr::from(([127, 0, 0, 1], 3000))
    });
    let mut admin_allow = Vec::new();
    for cidr in &s.admin_allow {
        match cidr
            .parse::<IpNet>()
            .or_else(|_| cidr.parse::<std::net::IpAddr>().map(IpNet::from))
        {
            Ok(net) => admin_allow.push(net),
            Err(_) => c.report(
                &["server", "admin_allow"],
                Some(format!("{cidr:?}")),
                "each entry must be an address or CIDR block such as \"127.0.0.1/32\"".into(),
            ),
        }
    }
    let admin_hosts = admin_hosts(c, &s.admin_hosts);
    let (forwarded, allowed_hosts) =
        super::edge::check_edge(c, &s.forwarded_allow_ips, &s.allowed_hosts);
    let weak = |t: &String| t.len() < 16 || t.chars().any(|c| !c.is_ascii_graphic());
    if s.admin_token.as_ref().is_some_and(weak) {
        c.report(
            &["server", "admin_token"],
            Some("(hidden)".into()),
            "must be at least 16 printable ASCII characters, without spaces".into(),
        );
    }
    // A body of max_body_bytes must fit the budget, or it could only wait
    // and be refused.
    c.rule(
        s.limits.max_buffered_body_bytes >= s.limits.max_body_bytes,
        &["server", "max_buffered_body_bytes"],
        s.limits.max_buffered_body_bytes,
        || {
            format!(
                "must be at least max_body_bytes ({}): a body that large must fit",
                s.limits.max_body_bytes
            )
        },
    );
    if let Some(delay) = s.limits.shutdown_delay_ms {
        c.rule(
            delay < s.limits.shutdown_timeout_ms,
            &["server", "shutdown_delay_ms"],
            delay,
            || {
                format!(
                    "must be less than shutdown_timeout_ms ({}): the delay is part of the shutdown, and draining needs the rest",
                    s.limits.shutdown_timeout_ms
                )
            },
        );
    }
    let control_socket = match s.control_socket.as_deref() {
        Some("") => {
            c.report(
                &["server", "control_socket"],
                Some("\"\"".into()),
                "must not be empty".into(),
            );
            super::default_control_socket()
        }
        Some(p) => resolve(base, p),
        None => super::default_control_socket(),
    };
    let worker_bin = s.worker_bin.as_deref().map(|p| resolve(base, p));
    if let Some(bin) = &worker_bin {
        c.rule(
            bin.is_file() || c.host != Host::This,
            &["server", "worker_bin"],
            format!("{:?}", bin.display().to_string()),
            || "must be the path of the bext-worker executable: no such file".into(),
        );
    }
    let restart_signal_file = match s.restart_signal_file.as_deref() {
        Some("") => {
            c.report(
                &["server", "restart_signal_file"],
                Some("\"\"".into()),
                "must not be empty (leave it out to turn the signal file off)".into(),
            );
            None
        }
        Some(p) => {
            let file = resolve(base, p);
            c.rule(
                file.parent().is_some_and(Path::is_dir),
                &["server", "restart_signal_file"],
                format!("{p:?}"),
                || "its folder must exist (bextd watches the folder for the file)".into(),
            );
            Some(file)
        }
        None => None,
    };
    let tls = super::tls::check(c, s.tls.as_ref(), base);
    Server {
        tls,
        admin_token: s.admin_token.clone().map(super::Secret),
        admin_hosts,
        forwarded,
        allowed_hosts,
        restart_signal_file,
        signal_stale_s: s.signal_stale_s,
        listen,
        control_socket,
        admin_allow,
        worker_bin,
        limits: s.limits,
    }
}

/// `[server] admin_hosts`: host names (letters, digits, hyphens, dots),
/// kept lower case without a trailing dot, as `Host` headers are compared.
fn admin_hosts(c: &mut Checker<'_>, names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for name in names {
        let trimmed = name.strip_suffix('.').unwrap_or(name);
        let valid = !trimmed.is_empty()
            && trimmed.len() <= 253
            && trimmed.split('.').all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && label
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '-')
            });
        if valid {
            out.push(trimmed.to_ascii_lowercase());
        } else {
            c.report(
                &["server", "admin_hosts"],
                Some(format!("{name:?}")),
                "each entry must be a host name such as \"bext.internal\" (no port, no scheme, no wildcard; IP addresses are always accepted)".into(),
            );
        }
    }
    out
}

fn check_pool(c: &mut Checker<'_>, n: &Named<'_>, base: &Path, server: &Server) -> Option<Pool> {
    let p = n.section;
    let script = check_script(c, n, base);
    let read = check_read(c, n, base, script.as_deref());
    let route = compile_regex(c, &path(&n.prefix, &["route"]), &p.route);
    let (min, max) = check_sizes(c, n);
    check_timing(c, n);
    check_load(c, n);
    compile_regex(c, &path(&n.prefix, &["compress_regex"]), &p.compress_regex);
    for h in &p.fetch_allow {
        let parsed = protocol::fetch_allow::Entry::parse(h);
        c.rule(
            parsed.is_ok(),
            &path(&n.prefix, &["fetch_allow"]),
            format!("{h:?}"),
            || {
                let why = parsed.clone().err().unwrap_or_default();
                format!("{why}: each entry must be `*`, a host name, `*.domain`, an address or a network (`10.0.0.0/8`), with an optional `:port` after a name or a single address")
            },
        );
    }
    for k in p.env.keys() {
        c.rule(
            !k.is_empty() && !k.contains('=') && !k.contains('\0'),
            &path(&n.prefix, &["env"]),
            format!("{k:?}"),
            || "an environment variable name may not be empty or hold `=`".into(),
        );
    }
    for name in &p.env_pass {
        c.rule(
            super::pool_rules::is_env_name(name),
            &path(&n.prefix, &["env_pass"]),
            format!("{name:?}"),
            || "each entry must be the name of a variable of bextd's environment (letters, digits and `_`, not starting with a digit), without a value".into(),
        );
    }
    check_lifecycle(c, n, server);
    let watch_dirs = check_watch_dirs(c, n, base);
    for g in &p.swap_globs {
        c.rule(
            !g.trim().is_empty(),
            &path(&n.prefix, &["swap_globs"]),
            format!("{g:?}"),
            || "each entry must be a non-empty glob such as \"data/*.json\"".into(),
        );
    }
    check_recovery(c, n);
    super::deploy::check_deploy(c, n, min);
    super::schedules::check_schedules(c, n, base);
    super::cache::check_cache(c, n);
    super::intl::check_intl(c, n);
    let (uid, gid) = resolve_credentials(c, n);
    Some(Pool {
        name: n.name.clone(),
        uid,
        gid,
        script: script?,
        read,
        route: route?,
        min_workers: min,
        max_workers: max,
        watch_dirs,
        swap_globs: p.swap_globs.clone(),
        settings: super::Settings::from_section(p),
    })
}

fn check_script(c: &mut Checker<'_>, n: &Named<'_>, base: &Path) -> Option<PathBuf> {
    let Some(s) = &n.section.script else {
        c.report(
            &n.prefix,
            None,
            format!(
                "pool `{}` has no `script` (the ES module its workers run)",
                n.name
            ),
        );
        return None;
    };
    let file = resolve(base, s);
    if file.is_file() || c.host != Host::This {
        return Some(file);
    }
    c.report(
        &path(&n.prefix, &["script"]),
        Some(format!("{s:?}")),
        format!(
            "must name the pool's ES module: no such file ({})",
            file.display()
        ),
    );
    None
}

/// Compiles `pattern`, reporting the regex crate's own explanation if it fails.
fn compile_regex(c: &mut Checker<'_>, path: &[&str], pattern: &str) -> Option<Regex> {
    match Regex::new(pattern) {
        Ok(r) => Some(r),
        Err(e) => {
            let why = e.to_string();
            let why = why.lines().last().unwrap_or("").trim();
            c.report(
                path,
                Some(format!("{pattern:?}")),
                format!("must be a regular expression: {why}"),
            );
            None
        }
    }
}
