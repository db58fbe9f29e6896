//! bextd's exit codes, in one place (documented in `man/bextd.8`).

/// Clean exit, also after a graceful shutdown.
pub const OK: u8 = 0;
/// Any other fatal error (cannot bind, cannot start workers, …).
pub const FATAL: u8 = 1;
/// The configuration is invalid (EX_CONFIG from sysexits.h).
pub const CONFIG: u8 = 78;

/// Why bextd stopped short.
#[derive(Debug, thiserror::Error)]
pub enum Fatal {
    #[error("{0}")]
    Config(#[from] crate::config::ConfigError),
    /// Printed with its whole chain of causes (`{:#}`), so the OS error
    /// that says why (e.g. "Address already in use (os error 98)") is kept.
    #[error("{0:#}")]
    Other(#[from] anyhow::Error),
}

impl Fatal {
    pub fn code(&self) -> u8 {
        match self {
            Fatal::Config(_) => CONFIG,
            Fatal::Other(_) => FATAL,
        }
    }
}
