//! Loading `bext.toml`: parse the raw keys, then check every rule, and
//! report every problem at once, each with file, line, key, value and rule.
//!
//! Relative paths in the file (`script`, `control_socket`, `watch_dirs`,
//! `worker_bin`) are relative to the folder that holds the file.

mod schema;
mod validate;

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use ipnet::IpNet;
use regex::Regex;

pub use schema::{LifecycleSection, PoolSection, RawConfig, RecoverySection, ServerSection};

/// A checked configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub file: PathBuf,
    pub server: Server,
    /// In route order: the first pool whose route matches a path serves it.
    pub pools: Vec<Pool>,
    /// The file's keys with defaults filled in, as `--check-config` prints them.
    pub effective: RawConfig,
}

#[derive(Debug, Clone)]
pub struct Server {
    pub listen: SocketAddr,
    pub control_socket: PathBuf,
    pub admin_allow: Vec<IpNet>,
    pub shutdown_timeout_ms: u64,
    pub worker_bin: Option<PathBuf>,
    pub max_body_bytes: u64,
    pub header_read_timeout_ms: u64,
    pub idle_timeout_ms: u64,
    pub max_connections: u32,
}

#[derive(Debug, Clone)]
pub struct Pool {
    pub name: String,
    pub script: PathBuf,
    pub route: Regex,
    pub min_workers: u32,
    pub max_workers: u32,
    pub watch_dirs: Vec<PathBuf>,
    /// Credentials the workers run with (`user`, `group`), resolved.
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    /// Every other key, defaults filled in.
    pub settings: PoolSection,
}

/// One broken rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line of the key, when it is in the file.
    pub line: Option<usize>,
    /// Dotted key, e.g. `render.lifecycle.drain_timeout_ms`.
    pub key: String,
    pub message: String,
}

/// Everything wrong with a configuration file.
#[derive(Debug, Clone)]
pub struct ConfigError {
    pub file: PathBuf,
    pub problems: Vec<Problem>,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", self.file.display())?;
            if let Some(line) = p.line {
                write!(f, ":{line}")?;
            }
            if p.key.is_empty() {
                write!(f, ": {}", p.message)?;
            } else {
                write!(f, ": {}: {}", p.key, p.message)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ConfigError {}

/// Reads, parses and checks the file at `path`.
pub fn load(path: &Path) -> Result<Config, ConfigError> {
    let fail = |message: String| ConfigError {
        file: path.to_path_buf(),
        problems: vec![Problem {
            line: None,
            key: String::new(),
            message,
        }],
    };
    let source = std::fs::read_to_string(path)
        .map_err(|e| fail(format!("cannot read the configuration file: {e}")))?;
    let file = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    parse(&source, &file)
}

/// Parses and checks `source` as if it were the file `file`.
pub fn parse(source: &str, file: &Path) -> Result<Config, ConfigError> {
    let raw: RawConfig = toml::from_str(source).map_err(|e| ConfigError {
        file: file.to_path_buf(),
        problems: vec![syntax_problem(source, &e)],
    })?;
    let base = file.parent().unwrap_or(Path::new("."));
    let mut config = validate::check(raw, source, base).map_err(|problems| ConfigError {
        file: file.to_path_buf(),
        problems,
    })?;
    config.file = file.to_path_buf();
    Ok(config)
}

/// Turns a TOML/serde error (bad syntax, unknown key, wrong type) into a
/// problem with its line.
fn syntax_problem(source: &str, e: &toml::de::Error) -> Problem {
    let line = e.span().map(|s| line_of(source, s.start));
    let mut message = e.message().trim().to_string();
    if let Some(rest) = message.strip_prefix("unknown field") {
        message = format!("unknown key{rest}");
    }
    let key = e
        .span()
        .map(|s| source[s].trim().trim_matches('"').to_string())
        .filter(|k| !k.contains('\n') && k.len() < 80)
        .unwrap_or_default();
    Problem { line, key, message }
}

/// 1-based line number of byte offset `at`.
pub(crate) fn line_of(source: &str, at: usize) -> usize {
    source[..at.min(source.len())]
        .bytes()
        .filter(|b| *b == b'\n')
        .count()
        + 1
}

/// 1-based line of the key at `path` (e.g. `["render", "lifecycle", "max_requests"]`).
pub(crate) fn key_line(source: &str, path: &[&str]) -> Option<usize> {
    use toml::de::{DeTable, DeValue};
    let doc = DeTable::parse(source).ok()?;
    let mut table = doc.get_ref();
    for (i, name) in path.iter().enumerate() {
        let (key, value) = table.iter().find(|(k, _)| k.get_ref().as_ref() == *name)?;
        if i + 1 == path.len() {
            return Some(line_of(source, key.span().start));
        }
        match value.get_ref() {
            DeValue::Table(t) => table = t,
            _ => return Some(line_of(source, key.span().start)),
        }
    }
    None
}

#[cfg(test)]
mod tests;
