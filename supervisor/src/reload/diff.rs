//! The difference between the running configuration and a reloaded one,
//! and what to do about it, as data (pure, tested below).
//!
//! Keys are compared as the file gives them (with defaults filled in), so
//! the log names exactly the keys that changed. A pool key either applies
//! to running workers ([`LIVE_POOL_KEYS`]: size, autoscaling, admission,
//! route, quarantine, maintenance, watching, swapping, warm-up and canary) or needs new
//! workers (everything else: the pool is rolled). Of `[server]`, only the
//! signal file applies live; the rest (the listen address, the control
//! socket, ...) needs a restart of bextd and is left as it is.

use std::collections::BTreeMap;

use crate::config::{Config, PoolSection, RawConfig};

/// Pool keys a running pool takes without new workers.
pub const LIVE_POOL_KEYS: &[&str] = &[
    "jsc_workers",
    "min_workers",
    "max_workers",
    "route",
    "max_concurrent_requests",
    "max_queue_size",
    "quarantine_ms",
    "busy_factor",
    "headroom_pct",
    "cooldown_ms",
    "max_concurrent_launches",
    "auto_maint",
    "maint_method",
    "maint_requests",
    "maint_time_ms",
    "max_concurrent_maint",
    "swap_globs",
    "swap_timeout_ms",
    // Read by the job manager at each spawn.
    "job_max_attempts",
    "job_retry_backoff_ms",
    "isolate",
    "job_worker_max_jobs",
    // The job manager takes a reload's schedules as they are.
    "schedules",
    "lifecycle.watch_dirs",
    "lifecycle.watch_debounce_ms",
    // How the next deploy goes, and what the next new worker is warmed with.
    "deploy.warmup",
    "deploy.canary",
    "deploy.canary_workers",
    "deploy.canary_ms",
    "deploy.canary_requests",
    "deploy.max_error_rate_increase",
    "deploy.max_p99_ratio",
];

/// `[server]` keys a running bextd takes.
pub const LIVE_SERVER_KEYS: &[&str] = &["restart_signal_file", "signal_stale_s"];

/// What changed in one pool that exists before and after.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PoolChange {
    pub name: String,
    /// Keys that apply to the running workers.
    pub live: Vec<String>,
    /// Keys that need new workers: the pool is rolled.
    pub roll: Vec<String>,
}

/// A reload, as data.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Plan {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub changed: Vec<PoolChange>,
    /// `[server]` keys that apply now.
    pub server_live: Vec<String>,
    /// `[server]` keys that need a restart of bextd (left as they are).
    pub needs_restart: Vec<String>,
    /// `[jobs]` keys changed: they need a restart of bextd too (the job
    /// manager keeps the limits and the state file it started with).
    pub jobs_restart: Vec<String>,
    /// The order of routes changed.
    pub reordered: bool,
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.changed.is_empty()
            && self.server_live.is_empty()
            && self.needs_restart.is_empty()
            && self.jobs_restart.is_empty()
            && !self.reordered
    }

    /// Whether the reload does anything to the running bextd (keys that
    /// need a restart are only reported).
    pub fn applies_anything(&self) -> bool {
        !(self.added.is_empty()
            && self.removed.is_empty()
            && self.changed.is_empty()
            && self.server_live.is_empty()
            && !self.reordered)
    }

    /// One line per change and what is done about it, for the log and for
    /// `bext reload`.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for n in &self.added {
            out.push(format!("pool {n} added: starting its workers"));
        }
        for n in &self.removed {
            out.push(format!(
                "pool {n} removed: no longer routed; draining its workers"
            ));
        }
        for c in &self.changed {
            if !c.roll.is_empty() {
                out.push(format!(
                    "pool {}: {} changed: rolling restart",
                    c.name,
                    c.roll.join(", ")
                ));
            }
            if !c.live.is_empty() {
                out.push(format!(
                    "pool {}: {} changed: applied without restarting workers",
                    c.name,
                    c.live.join(", ")
                ));
            }
        }
        if self.reordered {
            out.push("route order changed: applied".into());
        }
        for k in &self.server_live {
            out.push(format!("server.{k} changed: applied"));
        }
        for k in &self.needs_restart {
            out.push(format!(
                "server.{k} changed: needs a restart of bextd to take effect; left as it is"
            ));
        }
        for k in &self.jobs_restart {
            out.push(format!(
                "jobs.{k} changed: needs a restart of bextd to take effect; left as it is"
            ));
        }
        if out.is_empty() {
            out.push("no change".into());
        }
        out
    }
}

/// What to do to go from `old` to `new`.
pub fn plan(old: &Config, new: &Config) -> Plan {
    let names = |c: &Config| c.pools.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
    let (before, after) = (names(old), names(new));
    let mut plan = Plan {
        added: after
            .iter()
            .filter(|n| !before.contains(n))
            .cloned()
            .collect(),
        removed: before
            .iter()
            .filter(|n| !after.contains(n))
            .cloned()
            .collect(),
        ..Plan::default()
    };
    for name in after.iter().filter(|n| before.contains(n)) {
        let (Some(a), Some(b)) = (section(&old.effective, name), section(&new.effective, name))
        else {
            continue;
        };
        let mut change = PoolChange {
            name: name.clone(),
            ..PoolChange::default()
        };
        for key in changed_keys(&flat(a), &flat(b)) {
            if LIVE_POOL_KEYS.contains(&key.as_str()) {
                change.live.push(key);
            } else {
                change.roll.push(key);
            }
        }
        // A key that names a file (`script`) may be the same text and yet
        // resolve elsewhere only if the config moved; compare resolved too.
        let (pa, pb) = (old.pool(name), new.pool(name));
        if let (Some(pa), Some(pb)) = (pa, pb)
            && pa.script != pb.script
            && !change.roll.iter().any(|k| k == "script")
        {
            change.roll.push("script".into());
        }
        if !change.live.is_empty() || !change.roll.is_empty() {
            plan.changed.push(change);
        }
    }
    let kept = |list: &[String], other: &[String]| -> Vec<String> {
        list.iter().filter(|n| other.contains(n)).cloned().collect()
    };
    plan.reordered = kept(&before, &after) != kept(&after, &before);
    let server = |r: &RawConfig| flat_value(toml::Value::try_from(&r.server).ok());
    for key in changed_keys(&server(&old.effective), &server(&new.effective)) {
        if LIVE_SERVER_KEYS.contains(&key.as_str()) {
            plan.server_live.push(key);
        } else {
            plan.needs_restart.push(key);
        }
    }
    let jobs = |r: &RawConfig| flat_value(toml::Value::try_from(&r.jobs).ok());
    plan.jobs_restart = changed_keys(&jobs(&old.effective), &jobs(&new.effective));
    plan
}

fn section<'a>(raw: &'a RawConfig, name: &str) -> Option<&'a PoolSection> {
    if name == "render" && raw.render.is_some() {
        raw.render.as_ref()
    } else {
        raw.pools.get(name)
    }
}

/// Dotted key → value, for every leaf of a pool section.
fn flat(p: &PoolSection) -> BTreeMap<String, String> {
    flat_value(toml::Value::try_from(p).ok())
}

fn flat_value(v: Option<toml::Value>) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    if let Some(toml::Value::Table(t)) = v {
        walk("", &t, &mut out);
    }
    out
}

fn walk(prefix: &str, t: &toml::Table, out: &mut BTreeMap<String, String>) {
    for (k, v) in t {
        let key = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match v {
            // `env` is compared whole: one key.
            toml::Value::Table(inner) if k != "env" => walk(&key, inner, out),
            other => {
                out.insert(key, other.to_string());
            }
        }
    }
}

/// Keys whose value differs, or that one side lacks, in key order.
fn changed_keys(a: &BTreeMap<String, String>, b: &BTreeMap<String, String>) -> Vec<String> {
    let mut keys: Vec<String> = a
        .iter()
        .filter(|(k, v)| b.get(*k) != Some(*v))
        .map(|(k, _)| k.clone())
        .collect();
    for k in b.keys() {
        if !a.contains_key(k) {
            keys.push(k.clone());
        }
    }
    keys.sort();
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(text: &str) -> Config {
        let dir = std::env::temp_dir().join(format!("bext-diff-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for f in ["a.js", "b.js"] {
            std::fs::write(dir.join(f), "export function handler() {}").unwrap();
        }
        crate::config::parse(text, &dir.join("bext.toml")).unwrap()
    }

    const BASE: &str = r#"
[server]
listen = "127.0.0.1:0"
control_socket = "s.sock"
[render]
script = "a.js"
jsc_workers = 2
[render.lifecycle]
max_requests = 100
"#;

    #[test]
    fn size_only_is_live_and_a_worker_key_rolls() {
        let old = config(BASE);
        let new = config(&BASE.replace("jsc_workers = 2", "jsc_workers = 3"));
        let p = plan(&old, &new);
        assert_eq!(p.changed.len(), 1);
        assert!(p.changed[0].roll.is_empty());
        assert!(
            p.changed[0]
                .live
                .iter()
                .any(|k| k == "min_workers" || k == "jsc_workers")
        );
        let new = config(&BASE.replace("max_requests = 100", "max_requests = 200"));
        let p = plan(&old, &new);
        assert_eq!(
            p.changed[0].roll,
            vec!["lifecycle.max_requests".to_string()]
        );
        assert!(plan(&old, &old).is_empty());
        assert_eq!(plan(&old, &old).lines(), vec!["no change".to_string()]);
    }

    #[test]
    fn pools_added_removed_and_server_keys_that_need_a_restart() {
        let old = config(BASE);
        let text = BASE.replace("127.0.0.1:0", "127.0.0.1:1").replacen(
            "[render]",
            "[pools.api0]\nscript = \"b.js\"\nroute = \"^/x\"\n[pools.api]\nscript = \"b.js\"\nroute = \"^/api\"\n[render]",
            1,
        );
        let new = config(&text);
        let p = plan(&old, &new);
        assert_eq!(p.added, vec!["api0".to_string(), "api".to_string()]);
        assert!(p.removed.is_empty());
        assert_eq!(p.needs_restart, vec!["listen".to_string()]);
        let listen_only = config(&BASE.replace("127.0.0.1:0", "127.0.0.1:1"));
        let q = plan(&old, &listen_only);
        assert!(!q.is_empty() && !q.applies_anything());
        let back = plan(&new, &old);
        assert_eq!(back.removed, vec!["api0".to_string(), "api".to_string()]);
        assert!(back.lines().iter().any(|l| l.contains("needs a restart")));
    }

    #[test]
    fn the_signal_file_applies_live() {
        let old = config(BASE);
        let new = config(&BASE.replace(
            "control_socket = \"s.sock\"",
            "control_socket = \"s.sock\"\nrestart_signal_file = \"sig.json\"",
        ));
        let p = plan(&old, &new);
        assert_eq!(p.server_live, vec!["restart_signal_file".to_string()]);
        assert!(p.needs_restart.is_empty());
    }
}
