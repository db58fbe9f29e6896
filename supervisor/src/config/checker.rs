//! The tools every section's checks use: the [`Checker`] that collects
//! problems with their lines, a pool's section with its place in the file
//! ([`Named`]), key paths and relative file paths. `validate` runs the
//! checks; each section's rules are in a file of their own.

use std::fmt::Display;
use std::path::{Path, PathBuf};

use super::shapes::line_near;
use super::{Host, PoolSection, Problem};

/// Collects problems, each with its line.
pub(super) struct Checker<'a> {
    pub(super) source: &'a str,
    pub(super) problems: Vec<Problem>,
    /// Where the config is to run: what may be checked on this machine.
    pub(super) host: Host,
}

impl Checker<'_> {
    /// Reports a problem with the key at `path`; `value` is what it holds.
    pub(super) fn report(&mut self, path: &[&str], value: Option<String>, message: String) {
        self.problems.push(Problem {
            line: line_near(self.source, path),
            key: path.join("."),
            value,
            message,
        });
    }

    /// Reports `message` about the key at `path` holding `value` unless `ok`.
    pub(super) fn rule(
        &mut self,
        ok: bool,
        path: &[&str],
        value: impl Display,
        message: impl FnOnce() -> String,
    ) {
        if !ok {
            self.report(path, Some(value.to_string()), message());
        }
    }
}

/// `p` relative to `base` unless it is absolute.
pub(super) fn resolve(base: &Path, p: &str) -> PathBuf {
    let p = Path::new(p);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        base.join(p)
    }
}

/// A pool's section and where it is in the file.
pub(super) struct Named<'a> {
    pub(super) name: String,
    pub(super) prefix: Vec<&'a str>,
    pub(super) section: &'a PoolSection,
}

/// Builds the full path of a key of a pool (`pools.api.lifecycle.x`).
pub(super) fn path<'a>(prefix: &[&'a str], rest: &[&'a str]) -> Vec<&'a str> {
    let mut v = prefix.to_vec();
    v.extend_from_slice(rest);
    v
}
