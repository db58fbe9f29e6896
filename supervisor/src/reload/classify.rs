//! What a changed file means, and what one debounced burst of changes
//! asks for (seed 003's change classification):
//!
//! | kind | files | burst action |
//! |---|---|---|
//! | `config` | the configuration file | reload it |
//! | `module` | the pool's script, the modules its workers loaded, and any `package.json` or `tsconfig.json` (they decide how imports resolve and compile) | rolling restart of the pool |
//! | `rebindable` | files matching the pool's `swap_globs` | hot-swap (`swap(changes)`) |
//! | `other` | anything else under `watch_dirs` | rolling restart of the pool |
//!
//! The most severe kind of a burst decides: config > module, other >
//! rebindable. A config change in a burst that also touched modules or
//! other files reloads and then restarts the pool too (which covers the
//! data); one that touched only data files reloads and swaps, so no change
//! of the burst is left unapplied. Pure functions, tested below.

use std::path::{Path, PathBuf};

use serde::Serialize;

/// What one changed file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    Rebindable,
    Other,
    Module,
    Config,
}

impl ChangeKind {
    /// 1 (swap) to 3 (reload); `other` and `module` both restart.
    pub fn severity(self) -> u8 {
        match self {
            ChangeKind::Rebindable => 1,
            ChangeKind::Other | ChangeKind::Module => 2,
            ChangeKind::Config => 3,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Rebindable => "rebindable",
            ChangeKind::Other => "other",
            ChangeKind::Module => "module",
            ChangeKind::Config => "config",
        }
    }
}

/// What a burst of changes asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BurstAction {
    /// Reload the configuration; `restart`: also roll the pool (a module or
    /// another watched file changed in the same burst); else `swap`: also
    /// hot-swap it (a data file changed in the same burst).
    Reload {
        restart: bool,
        swap: bool,
    },
    Restart,
    Swap,
}

/// What a pool's watcher knows to classify a path.
#[derive(Debug, Clone)]
pub struct Classes<'a> {
    pub config_file: &'a Path,
    /// The folder relative `swap_globs` are matched from.
    pub base: &'a Path,
    pub script: &'a Path,
    /// Files the pool's workers loaded as modules.
    pub modules: &'a [PathBuf],
    pub swap_globs: &'a [String],
}

/// The kind of one changed file.
pub fn classify(path: &Path, c: &Classes<'_>) -> ChangeKind {
    if path == c.config_file {
        return ChangeKind::Config;
    }
    // A package's manifest is code: it decides where imports lead and
    // whether a `.js` file is CommonJS. Never swapped as data.
    if matches!(
        path.file_name().and_then(|n| n.to_str()),
        Some("package.json" | "tsconfig.json")
    ) {
        return ChangeKind::Module;
    }
    let rel = path.strip_prefix(c.base).unwrap_or(path);
    let rel = rel.to_string_lossy();
    let full = path.to_string_lossy();
    if c.swap_globs.iter().any(|g| {
        if g.starts_with('/') {
            glob_match(g, &full)
        } else {
            glob_match(g, &rel)
        }
    }) {
        return ChangeKind::Rebindable;
    }
    if path == c.script || c.modules.iter().any(|m| m == path) {
        return ChangeKind::Module;
    }
    ChangeKind::Other
}

/// The action for a burst whose files are of `kinds`; `None` if empty.
pub fn burst_action(kinds: &[ChangeKind]) -> Option<BurstAction> {
    let top = kinds.iter().copied().max_by_key(|k| k.severity())?;
    Some(match top {
        ChangeKind::Config => {
            let restart = kinds.iter().any(|k| k.severity() == 2);
            let swap = !restart && kinds.contains(&ChangeKind::Rebindable);
            BurstAction::Reload { restart, swap }
        }
        ChangeKind::Module | ChangeKind::Other => BurstAction::Restart,
        ChangeKind::Rebindable => BurstAction::Swap,
    })
}

#[derive(Serialize)]
struct Change<'a> {
    path: &'a str,
    kind: ChangeKind,
}

/// The JSON array `swap(changes)` gets: `[{"path": …, "kind": …}]`.
pub fn changes_json(changes: &[(PathBuf, ChangeKind)]) -> String {
    let list: Vec<Change<'_>> = changes
        .iter()
        .filter_map(|(p, kind)| {
            Some(Change {
                path: p.to_str()?,
                kind: *kind,
            })
        })
        .collect();
    serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())
}

/// The changes of a swap asked for by hand (`bext swap`, a signal file):
/// none in particular.
pub fn manual_changes() -> String {
    "[]".into()
}

/// Whether `text` matches the glob `pat`: `*` is any run of characters but
/// `/`, `**` any run including `/` (`**/` also matches nothing), `?` one
/// character but `/`; everything else matches itself.
pub fn glob_match(pat: &str, text: &str) -> bool {
    let (p, t) = (pat.as_bytes(), text.as_bytes());
    matches_from(p, t)
}

fn matches_from(p: &[u8], t: &[u8]) -> bool {
    match p.first() {
        None => t.is_empty(),
        Some(b'*') if p.get(1) == Some(&b'*') => {
            let mut rest = &p[2..];
            if rest.first() == Some(&b'/') {
                // `**/x` also matches `x` at this level.
                if matches_from(&rest[1..], t) {
                    return true;
                }
                rest = &p[2..];
            }
            (0..=t.len()).any(|i| matches_from(rest, &t[i..]))
        }
        Some(b'*') => {
            let rest = &p[1..];
            for i in 0..=t.len() {
                if matches_from(rest, &t[i..]) {
                    return true;
                }
                if t.get(i) == Some(&b'/') {
                    break;
                }
            }
            false
        }
        Some(b'?') => t.first().is_some_and(|c| *c != b'/') && matches_from(&p[1..], &t[1..]),
        Some(c) => t.first() == Some(c) && matches_from(&p[1..], &t[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_match("data/*.json", "data/items.json"));
        assert!(!glob_match("data/*.json", "data/sub/items.json"));
        assert!(glob_match("data/**/*.json", "data/sub/deep/items.json"));
        assert!(glob_match("data/**/*.json", "data/items.json"));
        assert!(glob_match("**/*.json", "a/b/c.json"));
        assert!(glob_match("**/*.json", "c.json"));
        assert!(glob_match("i18n/**", "i18n/fr/messages.txt"));
        assert!(glob_match("?.txt", "a.txt"));
        assert!(!glob_match("?.txt", "ab.txt"));
        assert!(!glob_match("*.json", "data/x.json"));
        assert!(glob_match("exact.json", "exact.json"));
    }

    fn classes<'a>(modules: &'a [PathBuf], globs: &'a [String]) -> Classes<'a> {
        Classes {
            config_file: Path::new("/srv/bext.toml"),
            base: Path::new("/srv"),
            script: Path::new("/srv/app/worker.js"),
            modules,
            swap_globs: globs,
        }
    }

    #[test]
    fn each_kind_of_file() {
        let modules = vec![PathBuf::from("/srv/app/lib.js")];
        let globs = vec!["data/*.json".to_string()];
        let c = classes(&modules, &globs);
        let kind = |p: &str| classify(Path::new(p), &c);
        assert_eq!(kind("/srv/bext.toml"), ChangeKind::Config);
        assert_eq!(kind("/srv/app/worker.js"), ChangeKind::Module);
        assert_eq!(kind("/srv/app/lib.js"), ChangeKind::Module);
        assert_eq!(kind("/srv/data/items.json"), ChangeKind::Rebindable);
        assert_eq!(kind("/srv/app/README.md"), ChangeKind::Other);
        assert_eq!(kind("/srv/app/package.json"), ChangeKind::Module);
        assert_eq!(
            kind("/srv/app/node_modules/x/package.json"),
            ChangeKind::Module
        );
        let globs = vec!["*.json".to_string()];
        let c = classes(&modules, &globs);
        assert_eq!(
            classify(Path::new("/srv/package.json"), &c),
            ChangeKind::Module
        );
    }

    #[test]
    fn a_swap_glob_wins_over_the_module_graph() {
        // A JSON file the script imports is still hot-swapped.
        let modules = vec![PathBuf::from("/srv/data/items.json")];
        let globs = vec!["data/*.json".to_string()];
        let c = classes(&modules, &globs);
        assert_eq!(
            classify(Path::new("/srv/data/items.json"), &c),
            ChangeKind::Rebindable
        );
    }

    #[test]
    fn the_most_severe_kind_of_a_burst_decides() {
        use ChangeKind::*;
        assert_eq!(burst_action(&[]), None);
        assert_eq!(burst_action(&[Rebindable]), Some(BurstAction::Swap));
        assert_eq!(
            burst_action(&[Rebindable, Rebindable]),
            Some(BurstAction::Swap)
        );
        assert_eq!(
            burst_action(&[Rebindable, Module]),
            Some(BurstAction::Restart)
        );
        assert_eq!(burst_action(&[Other]), Some(BurstAction::Restart));
        assert_eq!(
            burst_action(&[Config]),
            Some(BurstAction::Reload {
                restart: false,
                swap: false
            })
        );
        assert_eq!(
            burst_action(&[Rebindable, Config]),
            Some(BurstAction::Reload {
                restart: false,
                swap: true
            })
        );
        assert_eq!(
            burst_action(&[Config, Module, Rebindable]),
            Some(BurstAction::Reload {
                restart: true,
                swap: false
            })
        );
    }

    #[test]
    fn changes_are_the_json_swap_gets() {
        let json = changes_json(&[(PathBuf::from("/srv/data/a.json"), ChangeKind::Rebindable)]);
        assert_eq!(json, r#"[{"path":"/srv/data/a.json","kind":"rebindable"}]"#);
    }
}
