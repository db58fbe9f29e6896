//! `[POOL.deploy]`: how a new version of a pool's code reaches its workers.
//! Warm-up paths each new worker answers before it takes traffic, and the
//! canary: its window and the thresholds its figures are judged by
//! (`pool::core::canary`).

use std::time::Duration;

use super::checker::{Checker, Named, path};
use super::schema::DeploySection;

/// A pool's deploy settings, as the pool uses them.
#[derive(Debug, Clone, PartialEq)]
pub struct Deploy {
    /// Paths GET on each new worker, in order, before it is ACTIVE.
    pub warmup: Vec<String>,
    /// `Some` when a new version goes to a canary first.
    pub canary: Option<Canary>,
}

/// The canary's size, window and thresholds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Canary {
    pub workers: u32,
    /// The window lasts at least this long…
    pub min_time: Duration,
    /// …and until the canary answered at least this many requests.
    pub min_requests: u64,
    /// Percentage points of 5xx the canary may add to the old version's.
    pub max_error_rate_increase: f64,
    /// How many times the old version's p99 latency the canary's may be.
    pub max_p99_ratio: f64,
}

impl Deploy {
    pub fn from_section(d: &DeploySection) -> Deploy {
        Deploy {
            warmup: d.warmup.clone(),
            canary: d.canary.then_some(Canary {
                workers: d.canary_workers,
                min_time: Duration::from_millis(d.canary_ms),
                min_requests: d.canary_requests,
                max_error_rate_increase: d.max_error_rate_increase,
                max_p99_ratio: d.max_p99_ratio,
            }),
        }
    }
}

impl Default for Deploy {
    fn default() -> Deploy {
        Deploy::from_section(&DeploySection::default())
    }
}

/// Warm-up paths are paths; a canary leaves old workers to compare with.
pub(super) fn check_deploy(c: &mut Checker<'_>, n: &Named<'_>, min_workers: u32) {
    let d = &n.section.deploy;
    for p in &d.warmup {
        c.rule(
            p.starts_with('/') && !p.chars().any(|ch| ch.is_whitespace() || ch.is_control()),
            &path(&n.prefix, &["deploy", "warmup"]),
            format!("{p:?}"),
            || "each entry must be a path starting with `/`, without spaces, such as \"/products/1\"".into(),
        );
    }
    if d.canary {
        c.rule(
            d.canary_workers < min_workers,
            &path(&n.prefix, &["deploy", "canary_workers"]),
            d.canary_workers,
            || format!("must be less than the pool's workers ({min_workers}) when canary is on: the canary is judged against workers still running the old version"),
        );
    }
}
