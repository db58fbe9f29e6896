//! `[jobs]` checked and typed: durations as `Duration`, sizes in bytes, the
//! state file as a path.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::checker::{Checker, resolve};
use super::schema::JobsSection;
use super::store_url::{Secret, StoreUrl, redact};

/// The settings of background jobs (seed 002).
#[derive(Debug, Clone, PartialEq)]
pub struct Jobs {
    pub state_file: PathBuf,
    /// `[jobs] store`: a PostgreSQL URL shared by every bextd naming it;
    /// None: the SQLite `state_file`.
    /// Its `Debug` hides the password.
    pub store: Option<Secret>,
    pub lease_ttl: Duration,
    pub claim_interval: Duration,
    pub max_running: u32,
    pub max_running_per_pool: u32,
    pub budget_bytes: u64,
    pub default_memory_bytes: u64,
    pub memory_warn_pct: u32,
    pub memory_grace: Duration,
    pub sample_interval: Duration,
    pub cancel_grace: Duration,
    pub kill_grace: Duration,
    pub max_checkpoint_bytes: u32,
    pub daemon_backoff_initial: Duration,
    pub daemon_backoff_max: Duration,
    pub daemon_healthy: Duration,
    pub max_attempts: u32,
    pub retry_backoff: Duration,
    pub retry_backoff_max: Duration,
    pub keep_finished: u32,
    pub log_bytes: usize,
    /// The CPU niceness of job processes (0 to 19).
    pub nice: u32,
}

const MB: u64 = 1024 * 1024;

impl Jobs {
    fn from_section(s: &JobsSection, base: &Path) -> Jobs {
        let ms = Duration::from_millis;
        Jobs {
            state_file: resolve(base, &s.state_file),
            store: Some(s.store.trim().to_owned())
                .filter(|u| !u.is_empty())
                .map(Secret::new),
            lease_ttl: ms(s.lease_ttl_ms),
            claim_interval: ms(s.claim_interval_ms),
            max_running: s.max_running,
            max_running_per_pool: s.max_running_per_pool,
            budget_bytes: s.memory_budget_mb * MB,
            default_memory_bytes: s.default_memory_mb * MB,
            memory_warn_pct: s.memory_warn_pct,
            memory_grace: ms(s.memory_grace_ms),
            sample_interval: ms(s.sample_interval_ms),
            cancel_grace: ms(s.cancel_grace_ms),
            kill_grace: ms(s.kill_grace_ms),
            max_checkpoint_bytes: s.max_checkpoint_bytes as u32,
            daemon_backoff_initial: ms(s.daemon_backoff_initial_ms),
            daemon_backoff_max: ms(s.daemon_backoff_max_ms),
            daemon_healthy: ms(s.daemon_healthy_ms),
            max_attempts: s.max_attempts,
            retry_backoff: ms(s.retry_backoff_ms),
            retry_backoff_max: ms(s.retry_backoff_max_ms),
            keep_finished: s.keep_finished,
            log_bytes: s.log_bytes as usize,
            nice: s.nice,
        }
    }
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs::from_section(&JobsSection::default(), Path::new("."))
    }
}

/// The rules between `[jobs]` keys; the ranges are the catalogue's.
pub(super) fn check(c: &mut Checker<'_>, s: &JobsSection, base: &Path) -> Jobs {
    c.rule(
        !s.state_file.trim().is_empty(),
        &["jobs", "state_file"],
        format!("{:?}", s.state_file),
        || "must be the path of the jobs database (relative to this file's folder)".into(),
    );
    let store = s.store.trim();
    c.rule(
        store.is_empty() || url_problem(store).is_none(),
        &["jobs", "store"],
        format!("{:?}", redact(store)),
        || {
            let why = url_problem(store).unwrap_or_default();
            format!("must be a PostgreSQL URL, postgres://user:password@host:port/database[?sslmode=…&sslrootcert=…] ({why})")
        },
    );
    c.rule(
        s.claim_interval_ms < s.lease_ttl_ms,
        &["jobs", "claim_interval_ms"],
        s.claim_interval_ms,
        || {
            format!(
                "must be less than jobs.lease_ttl_ms ({}): a node looks for expired leases more often than they last",
                s.lease_ttl_ms
            )
        },
    );
    c.rule(
        s.default_memory_mb <= s.memory_budget_mb,
        &["jobs", "default_memory_mb"],
        s.default_memory_mb,
        || {
            format!(
                "must be at most jobs.memory_budget_mb ({}): a job that takes the default must fit the budget",
                s.memory_budget_mb
            )
        },
    );
    c.rule(
        s.daemon_backoff_initial_ms <= s.daemon_backoff_max_ms,
        &["jobs", "daemon_backoff_initial_ms"],
        s.daemon_backoff_initial_ms,
        || {
            format!(
                "must be at most jobs.daemon_backoff_max_ms ({})",
                s.daemon_backoff_max_ms
            )
        },
    );
    c.rule(
        s.retry_backoff_ms <= s.retry_backoff_max_ms,
        &["jobs", "retry_backoff_ms"],
        s.retry_backoff_ms,
        || {
            format!(
                "must be at most jobs.retry_backoff_max_ms ({})",
                s.retry_backoff_max_ms
            )
        },
    );
    c.rule(
        s.max_running_per_pool <= s.max_running,
        &["jobs", "max_running_per_pool"],
        s.max_running_per_pool,
        || {
            format!(
                "must be at most jobs.max_running ({}), the limit over every pool",
                s.max_running
            )
        },
    );
    Jobs::from_section(s, base)
}

/// What is wrong with a `[jobs] store` URL, if anything.
pub fn url_problem(url: &str) -> Option<String> {
    StoreUrl::parse(url).err().map(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_urls_are_checked_and_their_password_hidden() {
        assert_eq!(url_problem("postgres://u:p@db:5432/jobs"), None);
        assert_eq!(url_problem("postgresql:///jobs"), None);
        assert!(url_problem("mysql://db/jobs").is_some());
        assert!(url_problem("postgres://db:notaport/jobs").is_some());
        assert!(
            url_problem("postgres://db/jobs?sslmode=verify")
                .is_some_and(|e| e.contains("sslmode") && e.contains("verify-full"))
        );
        assert_eq!(url_problem("postgres://db/jobs?sslmode=verify-ca"), None);
    }
}
