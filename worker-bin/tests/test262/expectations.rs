//! The expectations files: one line per failing test file, `PATH  REASON`
//! (PATH relative to intl402/, two spaces, the first failing run's reason),
//! after `#` comment lines. intl402.expected lists what bext fails,
//! intl402.node.expected what Node fails (for its counts beside bext's).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// Each file's outcome, by path relative to intl402/.
pub type Results = BTreeMap<String, Result<(), String>>;

/// The failing files a file lists, with their reasons; none when it does
/// not exist.
pub fn read(file: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| match l.split_once("  ") {
            Some((path, reason)) => (path.to_string(), reason.trim().to_string()),
            None => (l.trim().to_string(), String::new()),
        })
        .collect()
}

/// The first `#` lines of a file (its header), to keep when rewriting it.
pub fn header(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// `old` with the files that ran brought up to date: the ones of `results`
/// that failed are listed with their reason, the others are dropped; files
/// that did not run keep their line unless they no longer exist.
pub fn blessed(
    old: &BTreeMap<String, String>,
    results: &Results,
    exists: impl Fn(&str) -> bool,
) -> BTreeMap<String, String> {
    let mut new: BTreeMap<String, String> = old
        .iter()
        .filter(|(path, _)| !results.contains_key(*path) && exists(path))
        .map(|(p, r)| (p.clone(), r.clone()))
        .collect();
    for (path, outcome) in results {
        if let Err(reason) = outcome {
            new.insert(path.clone(), one_line(reason));
        }
    }
    new
}

pub fn write(file: &Path, header: &[String], failing: &BTreeMap<String, String>) {
    let mut text = String::new();
    for line in header {
        text.push_str(line);
        text.push('\n');
    }
    for (path, reason) in failing {
        let _ = writeln!(text, "{path}  {reason}");
    }
    std::fs::write(file, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", file.display()));
}

/// A reason on one line of at most 160 characters.
pub fn one_line(reason: &str) -> String {
    let flat = reason.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(160) {
        Some((cut, _)) => format!("{}…", &flat[..cut]),
        None => flat,
    }
}

/// The folder a file counts under: its first path component, or
/// `intl402` for the files at the top.
pub fn dir_of(path: &str) -> &str {
    path.split_once('/').map_or("intl402", |(dir, _)| dir)
}

/// (passed, total) per folder, for the files of `paths` that are not in
/// `failing`.
pub fn counts<'a>(
    paths: impl Iterator<Item = &'a String>,
    failing: impl Fn(&str) -> bool,
) -> BTreeMap<String, (usize, usize)> {
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for path in paths {
        let entry = counts.entry(dir_of(path).to_string()).or_default();
        entry.1 += 1;
        if !failing(path) {
            entry.0 += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blessing_keeps_what_did_not_run_and_drops_what_is_gone() {
        let old: BTreeMap<String, String> = [
            ("A/x.js", "old"),
            ("A/y.js", "old"),
            ("B/z.js", "old"),
            ("B/gone.js", "old"),
        ]
        .map(|(p, r)| (p.to_string(), r.to_string()))
        .into();
        let results: Results = [
            ("A/x.js".to_string(), Ok(())),
            ("A/y.js".to_string(), Err("new\nreason".to_string())),
            ("A/w.js".to_string(), Err("fresh".to_string())),
        ]
        .into();
        let new = blessed(&old, &results, |p| p != "B/gone.js");
        let lines: Vec<_> = new.iter().map(|(p, r)| format!("{p} {r}")).collect();
        assert_eq!(lines, ["A/w.js fresh", "A/y.js new reason", "B/z.js old"]);
        let paths = ["A/x.js", "A/y.js", "top.js"].map(String::from);
        let c = counts(paths.iter(), |p| new.contains_key(p));
        assert_eq!(c["A"], (1, 2));
        assert_eq!(c["intl402"], (1, 1));
    }
}
