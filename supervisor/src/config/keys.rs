//! The catalogue of `bext.toml`: every table, every key, the kind of value it
//! takes and its bounds, said in words a user can act on. `shapes` walks a
//! file against it.
//!
//! The bounds are what makes a value that passes `--check-config` safe to
//! use at run time: no duration, size or count here can overflow the
//! arithmetic that uses it.

use toml::Value;

/// Longest duration any `_ms` key accepts: 30 days.
pub const MAX_MS: u64 = 30 * 24 * 3600 * 1000;
/// Largest `_mb` key: 1 TiB.
pub const MAX_MB: u64 = 1024 * 1024;
/// Most workers per pool.
pub const MAX_WORKERS: u64 = 4096;
/// Largest request count (`max_requests`, `maint_requests`).
pub const MAX_REQUESTS: u64 = 1_000_000_000_000;
/// Largest request body (the worker protocol's frame limit leaves room for
/// the request's head).
pub const MAX_BODY_BYTES: u64 = 32 * 1024 * 1024;

/// What a key takes.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A string.
    Text,
    Bool,
    /// A whole number from `min` to `max`; `unit` names what it counts.
    Whole {
        min: u64,
        max: u64,
        unit: &'static str,
    },
    /// A number (whole or not) from `min` to `max`.
    Number {
        min: f64,
        max: f64,
        unit: &'static str,
    },
    /// A whole number of workers from 1 to `max`, or `"auto"`.
    Workers {
        max: u64,
    },
    /// An array of strings.
    TextList,
    /// A table of string values (`env`).
    TextMap,
    /// A table with its own keys.
    Table(&'static [Key]),
    /// An array of such tables (`[[render.schedules]]`).
    Tables(&'static [Key]),
    /// Any value (a job's `data`).
    Any,
}

/// One key of a table.
#[derive(Debug, Clone, Copy)]
pub struct Key {
    pub name: &'static str,
    pub kind: Kind,
}

const fn key(name: &'static str, kind: Kind) -> Key {
    Key { name, kind }
}

const fn ms(min: u64) -> Kind {
    Kind::Whole {
        min,
        max: MAX_MS,
        unit: "milliseconds",
    }
}

const fn whole(min: u64, max: u64, unit: &'static str) -> Kind {
    Kind::Whole { min, max, unit }
}

pub const SERVER: &[Key] = &[
    key("listen", Kind::Text),
    key("control_socket", Kind::Text),
    key("admin_allow", Kind::TextList),
    key("shutdown_timeout_ms", ms(1)),
    key("worker_bin", Kind::Text),
    key("max_body_bytes", whole(1, MAX_BODY_BYTES, "bytes")),
    key(
        "header_read_timeout_ms",
        whole(1, 3_600_000, "milliseconds"),
    ),
    key("idle_timeout_ms", whole(1, 86_400_000, "milliseconds")),
    key("max_connections", whole(1, 1 << 20, "connections")),
    key("body_timeout_ms", whole(1, 3_600_000, "milliseconds")),
    key("write_timeout_ms", whole(1, 3_600_000, "milliseconds")),
    key("max_buffered_body_bytes", whole(1 << 20, 1 << 40, "bytes")),
    key("io_threads", whole(0, 1024, "threads")),
    key("shutdown_delay_ms", whole(0, 600_000, "milliseconds")),
    key("restart_signal_file", Kind::Text),
    key("signal_stale_s", whole(1, 30 * 24 * 3600, "seconds")),
    key("admin_token", Kind::Text),
    key("admin_hosts", Kind::TextList),
    key("forwarded_allow_ips", Kind::TextList),
    key("allowed_hosts", Kind::TextList),
    key("tls", Kind::Table(TLS)),
];

/// `[server.tls]`.
pub const TLS: &[Key] = &[
    key("listen", Kind::Text),
    key("cert", Kind::Text),
    key("key", Kind::Text),
    key("client_ca", Kind::Text),
    key("redirect_to_https", Kind::Bool),
    key("sni", Kind::Tables(TLS_SNI)),
];

/// `[[server.tls.sni]]`.
pub const TLS_SNI: &[Key] = &[
    key("names", Kind::TextList),
    key("cert", Kind::Text),
    key("key", Kind::Text),
];

pub const RECOVERY: &[Key] = &[
    key("max_consecutive_failures", whole(1, 1_000_000, "failures")),
    key("backoff_initial_ms", ms(0)),
    key("backoff_max_ms", ms(0)),
    key(
        "backoff_multiplier",
        Kind::Number {
            min: 1.0,
            max: 1000.0,
            unit: "a factor",
        },
    ),
    key("healthy_reset_ms", ms(0)),
];

pub const LIFECYCLE: &[Key] = &[
    key("max_requests", whole(0, MAX_REQUESTS, "requests")),
    key("max_memory_mb", whole(0, MAX_MB, "megabytes")),
    key(
        "max_heap_growth_kb_per_1k",
        whole(0, MAX_MB * 1024, "kilobytes per 1,000 requests"),
    ),
    key(
        "max_uptime_hours",
        Kind::Number {
            min: 0.0,
            max: 8760.0,
            unit: "hours",
        },
    ),
    key("drain_timeout_ms", ms(1)),
    key("max_concurrent_rotations", whole(1, MAX_WORKERS, "workers")),
    key("memory_check_interval_ms", ms(0)),
    key("watch_dirs", Kind::TextList),
    key("watch_debounce_ms", ms(0)),
    key("recovery", Kind::Table(RECOVERY)),
];

pub const DEPLOY: &[Key] = &[
    key("warmup", Kind::TextList),
    key("canary", Kind::Bool),
    key("canary_workers", whole(1, MAX_WORKERS, "workers")),
    key("canary_ms", ms(0)),
    key("canary_requests", whole(0, MAX_REQUESTS, "requests")),
    key(
        "max_error_rate_increase",
        Kind::Number {
            min: 0.0,
            max: 100.0,
            unit: "percentage points",
        },
    ),
    key(
        "max_p99_ratio",
        Kind::Number {
            min: 1.0,
            max: 1000.0,
            unit: "a factor",
        },
    ),
];

pub const POOL: &[Key] = &[
    key("script", Kind::Text),
    key("root", Kind::Text),
    key("read_roots", Kind::TextList),
    key("tmp_max_bytes", whole(0, 1 << 40, "bytes")),
    key("jsc_workers", Kind::Workers { max: MAX_WORKERS }),
    key("min_workers", whole(1, MAX_WORKERS, "workers")),
    key("max_workers", whole(1, MAX_WORKERS, "workers")),
    key("route", Kind::Text),
    key("request_timeout_ms", ms(0)),
    key("startup_timeout_ms", ms(1)),
    key("heartbeat_interval_ms", ms(1)),
    key("heartbeat_timeout_ms", ms(1)),
    key("js_memory_limit_mb", whole(0, MAX_MB, "megabytes")),
    key("max_concurrent_requests", whole(0, 1_000_000, "requests")),
    key("max_queue_size", whole(0, 1_000_000, "requests")),
    key("worker_concurrency", whole(1, 10_000, "requests")),
    key("quarantine_ms", ms(0)),
    key("busy_factor", whole(1, 1_000_000, "requests")),
    key("headroom_pct", whole(0, 1000, "percent")),
    key("cooldown_ms", ms(0)),
    key("max_concurrent_launches", whole(1, MAX_WORKERS, "workers")),
    key("auto_maint", Kind::Bool),
    key("maint_method", Kind::Text),
    key("maint_requests", whole(0, MAX_REQUESTS, "requests")),
    key("maint_time_ms", ms(0)),
    key("max_concurrent_maint", whole(1, MAX_WORKERS, "workers")),
    key("spawn", Kind::Text),
    key("user", Kind::Text),
    key("group", Kind::Text),
    key("env", Kind::TextMap),
    key("env_pass", Kind::TextList),
    key("locale", Kind::Text),
    key("timezone", Kind::Text),
    key("compress", Kind::Bool),
    key("compress_regex", Kind::Text),
    key("swap_globs", Kind::TextList),
    key("swap_timeout_ms", ms(1)),
    key("fetch_allow", Kind::TextList),
    key("fetch_timeout_ms", ms(1)),
    key("job_max_attempts", whole(0, 1_000, "attempts")),
    key("job_retry_backoff_ms", whole(0, MAX_MS, "milliseconds")),
    key("isolate", Kind::Text),
    key("job_worker_max_jobs", whole(1, 1_000_000, "jobs")),
    key("fetch_max_response_bytes", whole(1, 1 << 40, "bytes")),
    key(
        "ws_max_message_bytes",
        whole(125, 16 * 1024 * 1024, "bytes"),
    ),
    key("ws_max_buffered_bytes", whole(1024, 1 << 30, "bytes")),
    key("ws_compression", Kind::Bool),
    key("ws_ping_interval_ms", ms(0)),
    key("ws_idle_timeout_ms", ms(0)),
    key("ws_drain_ms", ms(0)),
    key("max_sockets", whole(0, 10_000_000, "WebSockets")),
    key("max_pool_sockets", whole(0, 100_000_000, "WebSockets")),
    key("ws_max_client_sockets", whole(0, 10_000_000, "WebSockets")),
    key("ws_allowed_origins", Kind::TextList),
    key("schedules", Kind::Tables(SCHEDULE)),
    key("pick", Kind::Text),
    key("scheduling", Kind::Text),
    key("lifecycle", Kind::Table(LIFECYCLE)),
    key("deploy", Kind::Table(DEPLOY)),
    key("cache", Kind::Table(CACHE)),
];

pub const CACHE: &[Key] = &[
    key("max_bytes", whole(0, 1 << 40, "bytes")),
    key("routes", Kind::TextList),
    key("ttl_ms", ms(1)),
    key("with_credentials", Kind::Bool),
    key("shared_across_hosts", Kind::Bool),
];

/// One `[[POOL.schedules]]` table.
pub const SCHEDULE: &[Key] = &[
    key("cron", Kind::Text),
    key("script", Kind::Text),
    key("data", Kind::Any),
    key("tz", Kind::Text),
    key("missed", Kind::Text),
];

pub const JOBS: &[Key] = &[
    key("state_file", Kind::Text),
    key("store", Kind::Text),
    key("lease_ttl_ms", whole(300, MAX_MS, "milliseconds")),
    key("claim_interval_ms", whole(10, 60_000, "milliseconds")),
    key("max_running", whole(1, 10_000, "jobs")),
    key("max_running_per_pool", whole(1, 10_000, "jobs")),
    key("memory_budget_mb", whole(1, MAX_MB, "megabytes")),
    key("default_memory_mb", whole(1, MAX_MB, "megabytes")),
    key("memory_warn_pct", whole(1, 100, "percent")),
    key("memory_grace_ms", ms(0)),
    key("sample_interval_ms", whole(10, 60_000, "milliseconds")),
    key("cancel_grace_ms", ms(0)),
    key("kill_grace_ms", ms(0)),
    key(
        "max_checkpoint_bytes",
        whole(2, MAX_CHECKPOINT_BYTES, "bytes"),
    ),
    key(
        "daemon_backoff_initial_ms",
        whole(1, MAX_MS, "milliseconds"),
    ),
    key("daemon_backoff_max_ms", whole(1, MAX_MS, "milliseconds")),
    key("daemon_healthy_ms", ms(0)),
    key("max_attempts", whole(1, 1_000, "attempts")),
    key("retry_backoff_ms", whole(1, MAX_MS, "milliseconds")),
    key("retry_backoff_max_ms", whole(1, MAX_MS, "milliseconds")),
    key("keep_finished", whole(0, 1_000_000, "jobs")),
    key("nice", whole(0, 19, "niceness")),
    key("log_bytes", whole(1024, 16 * 1024 * 1024, "bytes")),
];

/// Largest checkpoint: it travels in one frame, with room to spare.
pub const MAX_CHECKPOINT_BYTES: u64 = 16 * 1024 * 1024;

pub const TRACING: &[Key] = &[
    key("enabled", Kind::Bool),
    key("endpoint", Kind::Text),
    key("protocol", Kind::Text),
    key("sampler", Kind::Text),
    key(
        "ratio",
        Kind::Number {
            min: 0.0,
            max: 1.0,
            unit: "a ratio",
        },
    ),
    key("service_name", Kind::Text),
    key("server_timing", Kind::Bool),
    key("export_timeout_ms", whole(1, 600_000, "milliseconds")),
    key("max_queue_size", whole(1, 1_000_000, "spans")),
    key("slow_ms", whole(0, 3_600_000, "milliseconds")),
    key("keep_query_params", Kind::TextList),
];

/// The top of the file. `pools` is handled apart: a table of pools.
pub const TOP: &[Key] = &[
    key("server", Kind::Table(SERVER)),
    key("render", Kind::Table(POOL)),
    key("jobs", Kind::Table(JOBS)),
    key("tracing", Kind::Table(TRACING)),
    key("static", Kind::Tables(STATIC)),
];

/// One `[[static]]` table.
pub const STATIC: &[Key] = &[
    key("prefix", Kind::Text),
    key("dir", Kind::Text),
    key("max_age_s", whole(0, 10 * 365 * 24 * 3600, "seconds")),
    key("immutable", Kind::Bool),
    key("index", Kind::Text),
    key("fallthrough", Kind::Bool),
    key("follow_symlinks", Kind::Bool),
    key("dotfiles", Kind::Bool),
    key("compress", Kind::Bool),
];

/// The rule of a kind, in words.
pub fn rule(kind: Kind) -> String {
    match kind {
        Kind::Text => "must be a string in quotes".into(),
        Kind::Bool => "must be true or false".into(),
        Kind::Whole { min, max, unit } => {
            format!(
                "must be a whole number of {unit} from {min} to {max}{}",
                span(unit, max)
            )
        }
        Kind::Number { min, max, unit } => {
            let what = if unit.starts_with("a ") {
                unit.to_string()
            } else {
                format!("a number of {unit}")
            };
            format!("must be {what} from {min} to {max}")
        }
        Kind::Workers { max } => {
            format!("must be a whole number of workers from 1 to {max}, or \"auto\"")
        }
        Kind::TextList => "must be a list of strings, such as [\"a\", \"b\"]".into(),
        Kind::TextMap => "must be a table of strings, such as { NAME = \"value\" }".into(),
        Kind::Table(_) => "must be a table (a [section])".into(),
        Kind::Tables(_) => "must be an array of tables (each a [[section]])".into(),
        Kind::Any => "may be any value".into(),
    }
}

/// The upper bound of a duration in days, where that reads better.
fn span(unit: &str, max: u64) -> String {
    if unit == "milliseconds" && max == MAX_MS {
        " (30 days)".into()
    } else {
        String::new()
    }
}

/// Whether `v` fits `kind`.
pub(super) fn fits(kind: Kind, v: &Value) -> bool {
    match (kind, v) {
        (Kind::Text, Value::String(_)) | (Kind::Bool, Value::Boolean(_)) => true,
        (Kind::Whole { min, max, .. }, Value::Integer(n)) => {
            u64::try_from(*n).is_ok_and(|n| n >= min && n <= max)
        }
        (Kind::Number { min, max, .. }, Value::Integer(n)) => {
            (*n as f64) >= min && (*n as f64) <= max
        }
        (Kind::Number { min, max, .. }, Value::Float(x)) => x.is_finite() && *x >= min && *x <= max,
        (Kind::Workers { max }, Value::Integer(n)) => {
            u64::try_from(*n).is_ok_and(|n| n >= 1 && n <= max)
        }
        (Kind::Workers { .. }, Value::String(s)) => s == "auto",
        (Kind::TextList, Value::Array(a)) => a.iter().all(Value::is_str),
        (Kind::TextMap, Value::Table(t)) => t.values().all(Value::is_str),
        (Kind::Table(_), Value::Table(_)) | (Kind::Any, _) => true,
        (Kind::Tables(_), Value::Array(a)) => a.iter().all(Value::is_table),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dotted(v: &Value, prefix: &str, out: &mut Vec<String>) {
        for (k, v) in v.as_table().unwrap() {
            match v {
                Value::Table(_) if k != "env" => dotted(v, &format!("{prefix}{k}."), out),
                _ => out.push(format!("{prefix}{k}")),
            }
        }
    }

    fn listed(keys: &[Key], prefix: &str, out: &mut Vec<String>) {
        for k in keys {
            match k.kind {
                Kind::Table(sub) => listed(sub, &format!("{prefix}{}.", k.name), out),
                // An empty array in the default section: the key alone.
                _ => out.push(format!("{prefix}{}", k.name)),
            }
        }
    }

    #[test]
    fn the_catalogue_lists_exactly_the_keys_of_the_schema() {
        use crate::config::{PoolSection, ServerLimits, ServerSection};
        let server = ServerSection {
            control_socket: Some(String::new()),
            worker_bin: Some(String::new()),
            restart_signal_file: Some(String::new()),
            limits: ServerLimits {
                shutdown_delay_ms: Some(0),
                ..ServerLimits::default()
            },
            admin_token: Some(String::new()),
            tls: Some(crate::config::TlsSection {
                client_ca: Some(String::new()),
                ..Default::default()
            }),
            ..ServerSection::default()
        };
        let pool = PoolSection {
            script: Some(String::new()),
            root: Some(String::new()),
            jsc_workers: Some(crate::config::schema::WorkerCount::Count(1)),
            min_workers: Some(1),
            max_workers: Some(1),
            user: Some(String::new()),
            group: Some(String::new()),
            locale: Some(String::new()),
            timezone: Some(String::new()),
            ..PoolSection::default()
        };
        for (value, keys) in [
            (Value::try_from(server).unwrap(), SERVER),
            (Value::try_from(pool).unwrap(), POOL),
            (
                Value::try_from(crate::config::JobsSection::default()).unwrap(),
                JOBS,
            ),
        ] {
            let (mut have, mut want) = (Vec::new(), Vec::new());
            dotted(&value, "", &mut have);
            listed(keys, "", &mut want);
            have.sort();
            want.sort();
            assert_eq!(have, want);
        }
    }
}
