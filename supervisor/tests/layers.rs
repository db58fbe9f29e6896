//! The top-level modules of `supervisor/src` form layers: each may use
//! the ones below it, never one above (see ARCHITECTURE.md, "Layers").
//! This test reads every `crate::x` path (in `use` lines and in code) of
//! each top-level module and fails on any cycle between them, naming the
//! files that make each edge of it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// `from → to → files of `from` that use `to``.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The top-level modules: `src/x.rs` and `src/x/`, but not the crate
/// root nor the binaries.
fn top_level(src: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let module = if path.is_dir() {
            path.join("mod.rs").exists()
        } else {
            path.extension().is_some_and(|e| e == "rs")
        };
        if module && name != "lib" && name != "main" {
            out.insert(name);
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text with `//` comments (and doc comments) left out.
fn code(text: &str) -> String {
    text.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The first segment of every `crate::` path in `code`: `crate::pool::X`
/// gives `pool`; `crate::{pool::X, hub::{A, B}}` gives `pool` and `hub`.
fn crate_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let before = rest[..i].chars().next_back();
        rest = &rest[i + "crate::".len()..];
        if before.is_some_and(|c| is_ident(c) || c == '$') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            out.extend(group_heads(group));
        } else {
            let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            out.push(name);
        }
    }
    out
}

/// The first segment of each item of a `{a::b, c, d::{e, f}}` group (the
/// text after its `{`).
fn group_heads(group: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 1;
    let mut at_item = true;
    let mut chars = group.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => at_item = true,
            c if at_item && depth == 1 && is_ident(c) => {
                let name: String = group[i..].chars().take_while(|&c| is_ident(c)).collect();
                for _ in 1..name.len() {
                    chars.next();
                }
                out.push(name);
                at_item = false;
            }
            _ => {}
        }
    }
    out
}

fn graph(src: &Path) -> (BTreeSet<String>, Graph) {
    let tops = top_level(src);
    let mut g: Graph = tops.iter().map(|t| (t.clone(), BTreeMap::new())).collect();
    let mut files = Vec::new();
    rust_files(src, &mut files);
    for file in files {
        let rel = file.strip_prefix(src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let from = first.trim_end_matches(".rs").to_string();
        if !tops.contains(&from) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for to in crate_paths(&code(&text)) {
            if to != from && tops.contains(&to) {
                g.get_mut(&from)
                    .unwrap()
                    .entry(to)
                    .or_default()
                    .insert(rel.display().to_string());
            }
        }
    }
    (tops, g)
}

/// The strongly connected components of more than one module (Tarjan).
fn cycles(g: &Graph) -> Vec<Vec<String>> {
    struct Walk<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        out: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.g[v].keys() {
                if !self.index.contains_key(w.as_str()) {
                    self.visit(w);
                    let lw = self.low[w.as_str()];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.stack.contains(&w.as_str()) {
                    let iw = self.index[w.as_str()];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut comp = Vec::new();
                while let Some(w) = self.stack.pop() {
                    comp.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    self.out.push(comp);
                }
            }
        }
    }
    let mut walk = Walk {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out
}

#[test]
fn top_level_modules_form_no_cycle() {
    let (tops, g) = graph(&src());
    // The reading works: the daemon is seen to use the pools.
    assert!(tops.len() >= 10, "top-level modules: {tops:?}");
    assert!(g["daemon"].contains_key("pool"), "{g:?}");
    let found = cycles(&g);
    let mut report = String::new();
    for comp in &found {
        report.push_str(&format!(
            "\n{} modules in one cycle: {}\n",
            comp.len(),
            comp.join(", ")
        ));
        for from in comp {
            for (to, files) in &g[from] {
                if comp.contains(to) {
                    let files: Vec<&str> = files.iter().map(String::as_str).collect();
                    report.push_str(&format!("  {from} -> {to}: {}\n", files.join(", ")));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the top-level modules of supervisor/src must form layers (ARCHITECTURE.md, \"Layers\"); a module uses one above it:{report}"
    );
}

#[test]
fn crate_paths_are_read_in_groups_and_in_code() {
    let text = "use crate::pool::{self, Pools};\nuse crate::{hub::Hub, jobs::{A, B}, metrics};\n\
                let x = crate::front::accept::run(); $crate::no; notcrate::no;\n";
    assert_eq!(
        crate_paths(text),
        ["pool", "hub", "jobs", "metrics", "front"]
    );
    assert_eq!(code("a // crate::x\n/// crate::y\nb"), "a \n\nb");
}

#[test]
fn a_cycle_is_found() {
    let mut g: Graph = BTreeMap::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "d")] {
        g.entry(from.into())
            .or_default()
            .entry(to.into())
            .or_default()
            .insert("f.rs".into());
        g.entry(to.into()).or_default();
    }
    assert_eq!(cycles(&g), [["a", "b", "c"]]);
}
