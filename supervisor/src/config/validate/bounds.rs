//! Upper bounds of numeric values, so that a file `--check-config` accepts
//! cannot make bextd overflow or panic at run time (a `max_uptime_hours`
//! of 1e16 once did), and lower bounds where 0 would make no sense.

use super::super::{PoolSection, ServerSection};
use super::Checker;

/// 1 TiB in MiB: the largest memory limit.
const MAX_MB: u64 = 1 << 20;
/// The largest request count (`max_requests`, `maint_requests`).
const MAX_COUNT: u64 = 1_000_000_000_000;
/// Ten years: the largest `max_uptime_hours`.
const MAX_HOURS: f64 = 87_600.0;

/// `header_read_timeout_ms`, `idle_timeout_ms`, `max_connections`: each
/// greater than 0 and at most a sane bound.
pub(super) fn check_server(c: &mut Checker<'_>, s: &ServerSection) {
    let limits: [(&str, u64, u64, &str); 3] = [
        (
            "header_read_timeout_ms",
            s.header_read_timeout_ms,
            3_600_000,
            " (1 hour)",
        ),
        ("idle_timeout_ms", s.idle_timeout_ms, 86_400_000, " (1 day)"),
        ("max_connections", s.max_connections.into(), 1 << 20, ""),
    ];
    for (key, value, max, what) in limits {
        c.rule((1..=max).contains(&value), &["server", key], || {
            format!("{value}: must be from 1 to {max}{what}")
        });
    }
}

/// Sizes and counts of a pool that feed run-time arithmetic.
pub(super) fn check_pool(c: &mut Checker<'_>, prefix: &[&str], p: &PoolSection) {
    let at = |keys: &[&'static str]| -> Vec<&str> {
        let mut v = prefix.to_vec();
        v.extend_from_slice(keys);
        v
    };
    let l = &p.lifecycle;
    let limits: [(&[&'static str], u64, u64, &str); 4] = [
        (
            &["js_memory_limit_mb"],
            p.js_memory_limit_mb,
            MAX_MB,
            " (1 TiB)",
        ),
        (
            &["lifecycle", "max_memory_mb"],
            l.max_memory_mb,
            MAX_MB,
            " (1 TiB)",
        ),
        (&["maint_requests"], p.maint_requests, MAX_COUNT, ""),
        (
            &["lifecycle", "max_requests"],
            l.max_requests,
            MAX_COUNT,
            "",
        ),
    ];
    for (keys, value, max, what) in limits {
        c.rule(value <= max, &at(keys), || {
            format!("{value}: must be at most {max}{what}")
        });
    }
    c.rule(
        l.max_uptime_hours <= MAX_HOURS || !l.max_uptime_hours.is_finite(),
        &at(&["lifecycle", "max_uptime_hours"]),
        || {
            format!(
                "{}: must be at most {MAX_HOURS} (10 years)",
                l.max_uptime_hours
            )
        },
    );
}
