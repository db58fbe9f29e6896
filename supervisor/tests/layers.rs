//! The top-level modules of `supervisor/src` form layers: each may use
//! the ones below it, never one above (see ARCHITECTURE.md, "Layers").
//! This test reads every `crate::x` path (in `use` lines and in code) of
//! each top-level module and fails on any cycle between them and on any
//! edge the table of ARCHITECTURE.md's "Layers" does not allow, naming
//! the files that make each; and on any cycle between the files of one
//! folder (`super::`, `self::` and `crate::` paths, resolved).

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
fn every_edge_is_one_architecture_allows() {
    let (tops, g) = graph(&src());
    let table = layers_table(&architecture());
    let named: BTreeSet<String> = table.keys().cloned().collect();
    assert_eq!(
        named, tops,
        "ARCHITECTURE.md's layers table names exactly the top-level modules"
    );
    let bad = violations(&table, &g);
    assert!(
        bad.is_empty(),
        "edges ARCHITECTURE.md (\"Layers\") does not allow:\n{}",
        bad.join("\n")
    );
}

/// Folders whose circles are being taken apart by work under way: a
/// circle in any other folder fails. None is left (the last, `jobs/core` ↔
/// `jobs/record`, went with the job stores behind one trait); add a name
/// only while such work is under way, and remove it once its folder is
/// clean.
const CIRCLES_BEING_BROKEN: &[&str] = &[];

#[test]
fn no_folder_has_a_cycle_between_its_files() {
    let found = folder_cycles(&src());
    let new: Vec<&String> = found
        .iter()
        .filter(|c| {
            let folder = c.split('/').next().unwrap_or_default();
            !c.starts_with(' ') && !CIRCLES_BEING_BROKEN.contains(&folder)
        })
        .collect();
    assert!(
        new.is_empty(),
        "files of one folder use each other in a cycle:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_layers_table_is_read_and_judged() {
    let text = "x\n<!-- layers -->\n| layer | module | may use |\n|---|---|---|\n\
                | 1 | top | below |\n| 2 | mid | low |\n| 3 | low | |\n| 3 | leaf | |\n\
                | - | tool | low |\n\nafter\n";
    let t = layers_table(text);
    assert_eq!(t.len(), 5);
    let mut g: Graph = BTreeMap::new();
    for (from, to) in [
        ("top", "leaf"),
        ("mid", "low"),
        ("mid", "leaf"),
        ("low", "mid"),
        ("tool", "top"),
    ] {
        g.entry(from.into())
            .or_default()
            .entry(to.into())
            .or_default()
            .insert("f.rs".into());
    }
    let bad = violations(&t, &g);
    assert_eq!(bad.len(), 3, "{bad:?}");
    assert!(bad[0].starts_with("low -> mid"), "{bad:?}");
    assert!(bad[1].starts_with("mid -> leaf"), "{bad:?}");
    assert!(bad[2].starts_with("tool -> top"), "{bad:?}");
}

#[test]
fn paths_are_resolved_from_the_file_they_are_in() {
    let at = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let children = BTreeSet::from(["client".to_string()]);
    let text = "use super::format;\nuse self::x::Y;\nuse crate::cli::z;\n\
                use client::run;\nlet a = super::super::q();\n";
    assert_eq!(
        module_paths(text, &at(&["cli", "check"]), &children, false),
        [
            at(&["cli", "format"]),
            at(&["cli", "check", "x", "Y"]),
            at(&["cli", "z"]),
            at(&["q"])
        ]
    );
    // In a mod.rs, a bare path to a child module is one too.
    assert_eq!(
        module_paths("use client::{self, run};\n", &at(&["cli"]), &children, true),
        [at(&["cli", "client"]), at(&["cli", "client", "run"])]
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

fn architecture() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ARCHITECTURE.md");
    std::fs::read_to_string(path).unwrap()
}

/// What a module may use: every module of a lower layer, or only those
/// named.
#[derive(Debug)]
enum MayUse {
    Below(u32),
    Only(Option<u32>, BTreeSet<String>),
}

/// The table after `<!-- layers -->` in ARCHITECTURE.md: `| layer |
/// module | may use |`, the layer a number (1 the top) or `-` for none,
/// "may use" either `below` or the modules it may use (`a, b`).
fn layers_table(md: &str) -> BTreeMap<String, MayUse> {
    let start = md
        .find("<!-- layers -->")
        .expect("ARCHITECTURE.md has <!-- layers -->");
    let mut out = BTreeMap::new();
    for line in md[start..].lines().skip(1) {
        let line = line.trim();
        if !line.starts_with('|') {
            if out.is_empty() {
                continue;
            }
            break;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let [layer, module, uses] = cells[..] else {
            panic!("a layers row has three cells: {line}")
        };
        if layer == "layer" || layer.starts_with('-') && layer.len() > 1 {
            continue;
        }
        let rank = layer.parse::<u32>().ok();
        let module = module.trim_matches('`').to_string();
        let may = match (rank, uses) {
            (Some(r), "below") => MayUse::Below(r),
            (_, "below") => panic!("{module} has no layer to be below"),
            (r, list) => MayUse::Only(
                r,
                list.split(',')
                    .map(|m| m.trim().trim_matches('`').to_string())
                    .filter(|m| !m.is_empty())
                    .collect(),
            ),
        };
        out.insert(module, may);
    }
    out
}

/// The edges of `g` the table does not allow, each with its files.
fn violations(table: &BTreeMap<String, MayUse>, g: &Graph) -> Vec<String> {
    let rank = |m: &str| match table.get(m) {
        Some(MayUse::Below(r)) | Some(MayUse::Only(Some(r), _)) => Some(*r),
        _ => None,
    };
    let mut out = Vec::new();
    for (from, tos) in g {
        for (to, files) in tos {
            let ok = match table.get(from) {
                Some(MayUse::Below(r)) => rank(to).is_some_and(|t| t > *r),
                Some(MayUse::Only(_, list)) => list.contains(to),
                None => false,
            };
            if !ok {
                let files: Vec<&str> = files.iter().map(String::as_str).collect();
                out.push(format!("{from} -> {to}: {}", files.join(", ")));
            }
        }
    }
    out
}

/// A file's module path: `cli/check/mod.rs` is `cli::check`,
/// `cli/client.rs` is `cli::client`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// The modules (and items) the paths of `code` name, whole and resolved
/// from `module` (the file's module path): `crate::`, `self::` and
/// `super::` paths, and in a file with modules of its own (`is_mod`) a
/// path that starts with one of its `children`.
fn module_paths(
    code: &str,
    module: &[String],
    children: &BTreeSet<String>,
    is_mod: bool,
) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let before = code[..i].chars().next_back();
        let at_start = !before.is_some_and(|c| is_ident(c) || c == '$' || c == ':');
        if !at_start || !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
            i += rest.chars().next().unwrap().len_utf8();
            continue;
        }
        let word: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        let after = &rest[word.len()..];
        let mut base: Option<Vec<String>> = None;
        let mut tail = after;
        if let Some(path) = after.strip_prefix("::") {
            match word.as_str() {
                "crate" => {
                    base = Some(Vec::new());
                    tail = path;
                }
                "self" => {
                    base = Some(module.to_vec());
                    tail = path;
                }
                "super" => {
                    let mut m = module.to_vec();
                    m.pop();
                    tail = path;
                    while let Some(t) = tail.strip_prefix("super::") {
                        m.pop();
                        tail = t;
                    }
                    base = Some(m);
                }
                w if is_mod && children.contains(w) => {
                    let mut m = module.to_vec();
                    m.push(w.to_string());
                    base = Some(m);
                    tail = path;
                }
                _ => {}
            }
        }
        if let Some(mut m) = base {
            // The rest of the path: `a::b::c`, or `a::{b, c}`.
            loop {
                if let Some(group) = tail.strip_prefix('{') {
                    for head in group_heads(group) {
                        let mut one = m.clone();
                        if head != "self" {
                            one.push(head);
                        }
                        out.push(one);
                    }
                    break;
                }
                let name: String = tail.chars().take_while(|&c| is_ident(c)).collect();
                match tail[name.len()..].strip_prefix("::") {
                    Some(t) if !name.is_empty() => {
                        m.push(name);
                        tail = t;
                    }
                    _ => {
                        if !name.is_empty() {
                            m.push(name);
                        }
                        out.push(m);
                        break;
                    }
                }
            }
        }
        i += word.len().max(1);
    }
    out
}

/// Within each folder, the files (and subfolders) as nodes, an edge where
/// one's code names the other; the cycles, each with the files that make
/// its edges.
fn folder_cycles(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    // folder (module path) → graph of its children
    let mut folders: BTreeMap<Vec<String>, Graph> = BTreeMap::new();
    // which modules have children, and what they are
    let mut kids: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        let rel = f.strip_prefix(src).unwrap();
        let m = module_of(rel);
        if let Some((last, parent)) = m.split_last() {
            kids.entry(parent.to_vec())
                .or_default()
                .insert(last.clone());
        }
    }
    for f in &files {
        let rel = f.strip_prefix(src).unwrap();
        let m = module_of(rel);
        // The crate root and the binaries: the top-level test's. Tests
        // may reach across a folder.
        let test = rel.components().any(|c| c.as_os_str() == "tests")
            || rel.to_string_lossy().ends_with("tests.rs");
        if m.len() < 2 || rel.starts_with("bin") || test {
            continue;
        }
        let children = kids.get(&m).cloned().unwrap_or_default();
        let text = std::fs::read_to_string(f).unwrap();
        for target in module_paths(&code(&text), &m, &children, true) {
            // The deepest folder holding both, and the child of it each is in.
            let common = m.iter().zip(&target).take_while(|(a, b)| a == b).count();
            if common == m.len() || common == target.len() {
                continue; // one holds the other: a folder's root and its own file
            }
            if common == 0 {
                continue; // between top-level modules: the other tests'
            }
            let folder = m[..common].to_vec();
            if !kids
                .get(&folder)
                .is_some_and(|k| k.contains(&target[common]))
            {
                continue; // not a module of the folder (an item of its mod.rs)
            }
            folders
                .entry(folder)
                .or_default()
                .entry(m[common].clone())
                .or_default()
                .entry(target[common].clone())
                .or_default()
                .insert(rel.display().to_string());
        }
    }
    let mut out = Vec::new();
    for (folder, mut g) in folders {
        let nodes: Vec<String> = g.values().flat_map(|t| t.keys().cloned()).collect();
        for n in nodes {
            g.entry(n).or_default();
        }
        for comp in cycles(&g) {
            out.push(format!("{}/: {}", folder.join("/"), comp.join(", ")));
            for from in &comp {
                for (to, files) in &g[from] {
                    if comp.contains(to) {
                        let files: Vec<&str> = files.iter().map(String::as_str).collect();
                        out.push(format!("  {from} -> {to}: {}", files.join(", ")));
                    }
                }
            }
        }
    }
    out
}
