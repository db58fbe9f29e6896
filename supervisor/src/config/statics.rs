//! `[[static]]`: folders of files the front serves itself, never through a
//! worker, each under a URL `prefix`, tried before the pools' routes in
//! the order of the file. Checked here: a prefix that starts with `/`, a
//! `dir` that is a folder (on this machine), an `index` that is a plain
//! file name; a bad entry stops bextd (exit 78) naming file, key and line.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Host;
use super::checker::{Checker, resolve};

/// One `[[static]]` table, as written.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct StaticSection {
    /// The URL prefix (`"/assets"`); `"/"` takes every path.
    pub prefix: String,
    /// The folder served, relative to the config's folder.
    pub dir: String,
    /// `Cache-Control: max-age` in seconds (0: `no-cache`).
    pub max_age_s: u64,
    /// `Cache-Control: immutable`, for fingerprinted names.
    pub immutable: bool,
    /// The file served for a folder's URL; `""`: none (404).
    pub index: String,
    /// A missing file goes on to the pools instead of a 404.
    pub fallthrough: bool,
    /// Symbolic links that leave `dir` are followed instead of refused.
    pub follow_symlinks: bool,
    /// Names starting with `.` are served instead of hidden.
    pub dotfiles: bool,
    /// Text files without precompressed siblings are compressed (br or
    /// gzip, by `Accept-Encoding`) and the result kept in memory.
    pub compress: bool,
}

impl Default for StaticSection {
    fn default() -> Self {
        StaticSection {
            prefix: String::new(),
            dir: String::new(),
            max_age_s: 0,
            immutable: false,
            index: "index.html".into(),
            fallthrough: false,
            follow_symlinks: false,
            dotfiles: false,
            compress: false,
        }
    }
}

/// A checked `[[static]]` entry.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticEntry {
    /// Without a trailing `/` (`""` for `"/"`).
    pub prefix: String,
    /// `dir`, resolved (symbolic links too, when it exists here).
    pub dir: PathBuf,
    pub max_age_s: u64,
    pub immutable: bool,
    /// `None`: a folder's URL is a missing file.
    pub index: Option<String>,
    pub fallthrough: bool,
    pub follow_symlinks: bool,
    pub dotfiles: bool,
    pub compress: bool,
}

/// Every `[[static]]` entry, in file order.
pub(super) fn check(
    c: &mut Checker<'_>,
    entries: &[StaticSection],
    base: &Path,
) -> Vec<StaticEntry> {
    let mut out = Vec::new();
    for (i, s) in entries.iter().enumerate() {
        let index = i.to_string();
        let at = |key: &'static str| vec!["static", index.as_str(), key];
        let prefix_ok = s.prefix.starts_with('/')
            && !s.prefix.contains("//")
            && !s.prefix.split('/').any(|p| p == "." || p == "..")
            && !s.prefix.contains(['%', '?', '#', '\\', '\0'])
            && !super::is_admin_path(&s.prefix);
        c.rule(prefix_ok, &at("prefix"), format!("{:?}", s.prefix), || {
            "must be a URL path starting with `/` (such as \"/assets\"), without `//`, `.` or `..` segments, `%`, `?`, `#` or `\\`, outside /__bext/".into()
        });
        let dir = resolve(base, &s.dir);
        let found = c.host != Host::This || dir.is_dir();
        c.rule(
            !s.dir.trim().is_empty() && found,
            &at("dir"),
            format!("{:?}", s.dir),
            || {
                format!(
                    "must be a folder that exists (relative to the folder of the config, {})",
                    base.display()
                )
            },
        );
        let index_ok = s.index.is_empty()
            || (!s.index.contains(['/', '\\', '\0']) && s.index != "." && s.index != "..");
        c.rule(index_ok, &at("index"), format!("{:?}", s.index), || {
            "must be a file name such as \"index.html\" (no `/`), or \"\" for none".into()
        });
        let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
        out.push(StaticEntry {
            prefix: s.prefix.trim_end_matches('/').to_owned(),
            dir,
            max_age_s: s.max_age_s,
            immutable: s.immutable,
            index: (!s.index.is_empty()).then(|| s.index.clone()),
            fallthrough: s.fallthrough,
            follow_symlinks: s.follow_symlinks,
            dotfiles: s.dotfiles,
            compress: s.compress,
        });
    }
    out
}
