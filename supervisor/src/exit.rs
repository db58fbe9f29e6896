//! bextd's exit codes and fatal errors, in one place (documented in
//! `man/bextd.8`).

/// Clean exit, also after a graceful shutdown.
pub const OK: u8 = 0;
/// Any other fatal error (cannot bind, cannot start workers, …).
pub const FATAL: u8 = 1;
/// The configuration is invalid (EX_CONFIG from sysexits.h).
pub const CONFIG: u8 = 78;

/// Why bextd stopped short. Each says what bextd was doing, and keeps the
/// OS error that says why ("cannot listen on 127.0.0.1:3000: Address
/// already in use (os error 98)").
#[derive(Debug, thiserror::Error)]
pub enum Fatal {
    #[error("{0}")]
    Config(#[from] crate::config::ConfigError),
    /// A bad `OTEL_*` variable: a configuration error too.
    #[error("invalid configuration: {0}")]
    Env(#[from] crate::config::EnvError),
    #[error("{what}: {source}")]
    Io {
        what: String,
        #[source]
        source: std::io::Error,
    },
    /// A problem with no OS error behind it (bext-worker missing, a user
    /// bextd cannot switch to, ...).
    #[error("{0}")]
    Setup(String),
    #[error(transparent)]
    Credentials(#[from] crate::config::CredentialsProblem),
    /// A part of bextd that could not start (a file watcher), with its
    /// own error: this module sits below the parts and names none.
    #[error(transparent)]
    Part(Box<dyn std::error::Error + Send + Sync>),
}

impl Fatal {
    pub fn code(&self) -> u8 {
        match self {
            Fatal::Config(_) | Fatal::Env(_) => CONFIG,
            Fatal::Io { .. } | Fatal::Setup(_) | Fatal::Credentials(_) | Fatal::Part(_) => FATAL,
        }
    }
}

/// Turns an I/O error into a [`Fatal`] that says what was being done.
pub trait OrFatal<T> {
    fn or_fatal(self, what: impl FnOnce() -> String) -> Result<T, Fatal>;
}

impl<T> OrFatal<T> for std::io::Result<T> {
    fn or_fatal(self, what: impl FnOnce() -> String) -> Result<T, Fatal> {
        self.map_err(|source| Fatal::Io {
            what: what(),
            source,
        })
    }
}
