//! Why the job manager did not do what it was asked ([`JobsError`]), and
//! why a store failed ([`StoreError`]): kinds a caller can act on, carried
//! whole from the core and the stores to the edge that turns them into
//! text (the hub's operations, the answer to a worker's `bext.jobs` call).
//! Each variant prints what the control socket and the workers were
//! always answered.

use std::path::PathBuf;
use std::sync::Arc;

use protocol::control::JobState;
use protocol::size::format_size;

/// Why the job manager did not do what it was asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum JobsError {
    #[error("the job manager has stopped (bextd is shutting down)")]
    Stopped,
    /// bextd is stopping: nothing new is started.
    #[error("bextd is shutting down: no new jobs")]
    ShuttingDown,
    /// No job of that id is kept (here, or in the shared store).
    #[error("no job {0}")]
    NoJob(String),
    /// A spawn named no pool, and none is configured.
    #[error("no pool is configured")]
    NoPools,
    #[error("no pool named {name:?} (pools: {})", .pools.join(", "))]
    NoPool { name: String, pools: Vec<String> },
    /// The job's state does not allow the move (`rule` says which do).
    #[error("job {id} is {was}: {rule}")]
    State {
        id: String,
        was: JobState,
        rule: Rule,
    },
    /// The job table refused to queue the job again (a bug if ever seen).
    #[error("job {id} cannot be queued again from {was}")]
    NotRequeued { id: String, was: JobState },
    /// What the job was spawned with is refused.
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The core gave no answer to a question (a bug if ever seen).
    #[error("{0}")]
    Unanswered(Question),
    /// The answer to a worker's `bext.jobs` call could not be put in JSON
    /// (serde_json's words, kept as text: its error has no clone).
    #[error("{0}")]
    Encode(String),
}

/// Which states a move by hand allows, as the core or the shared store
/// words it (the store does not look at whether the job is a daemon).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Rule {
    #[error("only a one-off job that failed, was discarded or was cancelled is retried")]
    Retry,
    #[error("only a queued or retryable job is discarded (cancel a running one)")]
    Discard,
    #[error("it has not ended (only a failed, discarded or cancelled job is retried)")]
    StoreRetry,
    #[error(
        "it is not waiting (only a queued or retryable job is discarded; cancel a running one)"
    )]
    StoreDiscard,
}

/// A question the core is asked, for [`JobsError::Unanswered`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Question {
    #[error("the job was not queued")]
    Queue,
    #[error("the cancel was not answered")]
    Cancel,
    #[error("the request was not answered")]
    Move,
}

/// Why a spawn's job is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("memory must be more than 0 bytes")]
    NoMemory,
    #[error(
        "the job asks for {} of memory, more than the whole job budget of {} ([jobs] memory_budget_mb): it could never run",
        format_size(*.asks),
        format_size(*.budget)
    )]
    OverBudget { asks: u64, budget: u64 },
    #[error("{0:?} is not a valid job id")]
    BadId(String),
    #[error("a job with id {0} already exists")]
    IdTaken(String),
    #[error("the job's script path is empty")]
    EmptyScript,
    /// Its script is in none of the places a relative path is taken from.
    #[error(
        "no job script {script:?} (looked for {}; a relative path is taken from the folder of pool {pool}'s script)",
        looked(.tried)
    )]
    NoScript {
        script: String,
        tried: Vec<PathBuf>,
        pool: String,
    },
}

fn looked(tried: &[PathBuf]) -> String {
    let looked: Vec<String> = tried.iter().map(|t| t.display().to_string()).collect();
    looked.join(" and ")
}

/// Why a store failed, with what it was doing. The errors it wraps are
/// shared (`Arc`) so that an answer can be cloned.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The SQLite state file at `path` could not be opened or set up.
    #[error("jobs state file {}: {source}", .path.display())]
    File {
        path: PathBuf,
        source: Arc<rusqlite::Error>,
    },
    #[error(
        "jobs state file {}: cannot use write-ahead logging (journal mode is {mode})",
        .path.display()
    )]
    NoWal { path: PathBuf, mode: String },
    #[error(
        "jobs state file {}: written by a newer bextd (schema {version}; this one knows up to {known})",
        .path.display()
    )]
    FileNewer {
        path: PathBuf,
        version: usize,
        known: usize,
    },
    #[error("jobs state file {}: migration {n}: {source}", .path.display())]
    FileMigration {
        path: PathBuf,
        n: usize,
        source: Arc<rusqlite::Error>,
    },
    /// The state file could not be made at the first spawn.
    #[error("{0} (set [jobs] state_file to a writable path)")]
    NotCreated(Box<StoreError>),
    #[error("cannot start the writer thread: {0}")]
    WriterThread(Arc<std::io::Error>),
    /// The shared store's schema is not in place yet.
    #[error(
        "the jobs store is not ready: its tables are not in place after {secs} s (is PostgreSQL reachable?)"
    )]
    NotReady { secs: u64 },
    /// No connection to the shared store.
    #[error("{}", explain(.0))]
    Pool(Arc<deadpool_postgres::PoolError>),
    /// A statement to the shared store failed.
    #[error("{}", explain(.0))]
    Postgres(Arc<tokio_postgres::Error>),
    #[error(
        "the jobs store was written by a newer bextd (schema {version}; this one knows up to {known})"
    )]
    Newer { version: usize, known: usize },
    #[error("migration {n}: {source}")]
    Migration {
        n: usize,
        source: Arc<tokio_postgres::Error>,
    },
    /// The store could not be opened at start: jobs run, nothing new is
    /// started.
    #[error(
        "the jobs state file cannot be used ({0}); no job is started whose state could not be kept"
    )]
    Unusable(Arc<dyn std::error::Error + Send + Sync>),
}

impl StoreError {
    pub fn postgres(e: tokio_postgres::Error) -> StoreError {
        StoreError::Postgres(Arc::new(e))
    }

    pub fn pool(e: deadpool_postgres::PoolError) -> StoreError {
        StoreError::Pool(Arc::new(e))
    }
}

/// Two store errors are equal when they are of one kind and say the same:
/// the errors they wrap have no equality of their own.
impl PartialEq for StoreError {
    fn eq(&self, other: &StoreError) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
            && self.to_string() == other.to_string()
    }
}

/// An error with its causes: tokio-postgres and deadpool leave the cause
/// (e.g. "server does not support TLS", "invalid peer certificate") out of
/// their own text.
pub fn explain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let text = s.to_string();
        if !out.contains(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        source = s.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words the control socket and the workers were answered before
    /// the errors were typed, each from its variant.
    #[test]
    fn each_error_says_what_it_always_said() {
        let cases: Vec<(JobsError, &str)> = vec![
            (
                JobsError::ShuttingDown,
                "bextd is shutting down: no new jobs",
            ),
            (JobsError::NoJob("j1".into()), "no job j1"),
            (JobsError::NoPools, "no pool is configured"),
            (
                JobsError::NoPool {
                    name: "x".into(),
                    pools: vec!["render".into(), "api".into()],
                },
                "no pool named \"x\" (pools: render, api)",
            ),
            (
                JobsError::State {
                    id: "j1".into(),
                    was: JobState::Completed,
                    rule: Rule::Retry,
                },
                "job j1 is completed: only a one-off job that failed, was discarded or was cancelled is retried",
            ),
            (
                JobsError::State {
                    id: "j1".into(),
                    was: JobState::Running,
                    rule: Rule::StoreDiscard,
                },
                "job j1 is running: it is not waiting (only a queued or retryable job is discarded; cancel a running one)",
            ),
            (
                JobsError::Spec(SpecError::OverBudget {
                    asks: 2 << 30,
                    budget: 1 << 30,
                }),
                "the job asks for 2 GB of memory, more than the whole job budget of 1 GB ([jobs] memory_budget_mb): it could never run",
            ),
            (
                SpecError::BadId("a b".into()).into(),
                "\"a b\" is not a valid job id",
            ),
            (
                SpecError::NoScript {
                    script: "c.js".into(),
                    tried: vec!["/app/c.js".into(), "/home/c.js".into()],
                    pool: "render".into(),
                }
                .into(),
                "no job script \"c.js\" (looked for /app/c.js and /home/c.js; a relative path is taken from the folder of pool render's script)",
            ),
            (
                StoreError::NotReady { secs: 10 }.into(),
                "the jobs store is not ready: its tables are not in place after 10 s (is PostgreSQL reachable?)",
            ),
            (
                StoreError::NotCreated(Box::new(StoreError::NoWal {
                    path: "/var/jobs.db".into(),
                    mode: "delete".into(),
                }))
                .into(),
                "jobs state file /var/jobs.db: cannot use write-ahead logging (journal mode is delete) (set [jobs] state_file to a writable path)",
            ),
            (
                StoreError::Unusable(Arc::new(StoreError::Newer {
                    version: 9,
                    known: 4,
                }))
                .into(),
                "the jobs state file cannot be used (the jobs store was written by a newer bextd (schema 9; this one knows up to 4)); no job is started whose state could not be kept",
            ),
        ];
        for (e, text) in cases {
            assert_eq!(e.to_string(), text);
        }
    }
}
