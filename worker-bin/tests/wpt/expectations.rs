//! The expectations files: one line per failing subtest, `FILE<TAB>SUBTEST
//! <TAB>REASON` (FILE relative to the suite's folder, the subtest's name
//! with tabs and line breaks escaped, a one-line reason), after `#` comment
//! lines. A file whose run failed as a whole lists the subtest `(file)`; a
//! harness that ended in error, `(harness)`. `*.expected` lists what bext
//! fails, `*.node.expected` what Node fails, with Node's per-group counts
//! in its header (`# counts GROUP PASSED TOTAL`) for bext's run to print.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// A subtest's outcome: passed, or why not.
pub type Outcome = Result<(), String>;
/// Each file's subtests, by path relative to the suite's folder.
pub type Results = BTreeMap<String, Vec<(String, Outcome)>>;
/// The failing subtests a file lists: (file, subtest) → reason.
pub type Listed = BTreeMap<(String, String), String>;

fn escape(name: &str) -> String {
    name.replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
        .replace('\r', "\\r")
}

pub fn read(file: &Path) -> Listed {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut parts = l.splitn(3, '\t');
            let file = parts.next()?.to_string();
            let subtest = parts.next()?.to_string();
            let reason = parts.next().unwrap_or("").to_string();
            Some(((file, subtest), reason))
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

/// The per-group (passed, total) counts a header holds.
pub fn header_counts(header: &[String]) -> BTreeMap<String, (usize, usize)> {
    header
        .iter()
        .filter_map(|l| {
            let mut w = l.strip_prefix("# counts ")?.split_whitespace();
            let group = w.next()?.to_string();
            Some((group, (w.next()?.parse().ok()?, w.next()?.parse().ok()?)))
        })
        .collect()
}

/// The key a subtest is listed under.
pub fn key(file: &str, subtest: &str) -> (String, String) {
    (file.to_string(), escape(subtest))
}

/// `old` with the files that ran brought up to date: their failing
/// subtests listed with their reason, the rest dropped; files that did not
/// run keep their lines unless they no longer exist.
pub fn blessed(old: &Listed, results: &Results, exists: impl Fn(&str) -> bool) -> Listed {
    let mut new: Listed = old
        .iter()
        .filter(|((file, _), _)| !results.contains_key(file) && exists(file))
        .map(|(k, r)| (k.clone(), r.clone()))
        .collect();
    for (file, subtests) in results {
        for (name, outcome) in subtests {
            if let Err(reason) = outcome {
                new.insert(key(file, name), one_line(reason));
            }
        }
    }
    new
}

pub fn write(file: &Path, header: &[String], listed: &Listed) {
    let mut text = String::new();
    for line in header {
        text.push_str(line);
        text.push('\n');
    }
    for ((path, subtest), reason) in listed {
        let _ = writeln!(text, "{path}\t{subtest}\t{reason}");
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

/// The group a file counts under: its first folder, or `(top)`.
pub fn group_of(path: &str) -> &str {
    path.split_once('/').map_or("(top)", |(dir, _)| dir)
}

/// (passed, total) subtests per group.
pub fn counts(results: &Results) -> BTreeMap<String, (usize, usize)> {
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (file, subtests) in results {
        let entry = counts.entry(group_of(file).to_string()).or_default();
        entry.1 += subtests.len();
        entry.0 += subtests.iter().filter(|(_, o)| o.is_ok()).count();
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blessing_keeps_what_did_not_run_and_escapes_names() {
        let old: Listed = [
            (key("A/x.js", "one"), "old".to_string()),
            (key("B/z.js", "two"), "old".to_string()),
            (key("B/gone.js", "three"), "old".to_string()),
        ]
        .into();
        let results: Results = [(
            "A/x.js".to_string(),
            vec![
                ("one".to_string(), Ok(())),
                ("tab\there".to_string(), Err("why\nnot".to_string())),
            ],
        )]
        .into();
        let new = blessed(&old, &results, |p| p != "B/gone.js");
        let lines: Vec<_> = new
            .iter()
            .map(|((f, s), r)| format!("{f}|{s}|{r}"))
            .collect();
        assert_eq!(lines, ["A/x.js|tab\\there|why not", "B/z.js|two|old"]);
        let dir = std::env::temp_dir().join(format!("bext-wpt-exp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("x.expected");
        write(&file, &["# counts A 1 2".to_string()], &new);
        assert_eq!(read(&file), new);
        assert_eq!(header_counts(&header(&file))["A"], (1, 2));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(counts(&results)["A"], (1, 2));
    }
}
