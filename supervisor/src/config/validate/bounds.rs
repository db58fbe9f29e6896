//! Ranges of numeric values: lower bounds where 0 would make no sense,
//! upper bounds that keep values sane.

use super::super::ServerSection;
use super::Checker;

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
