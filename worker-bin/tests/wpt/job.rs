//! One WPT test file as a host.mjs job: the scripts a worker would run and
//! the files its `importScripts` calls name.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

/// What the `// META:` lines at the top of an `.any.js` file ask for.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// `script=` paths, in order, as written.
    pub scripts: Vec<String>,
    /// `timeout=long`.
    pub long: bool,
    /// `variant=` queries (`?1-1000`), in order: WPT runs the file once
    /// per variant, with that `location.search`.
    pub variants: Vec<String>,
}

pub fn meta(source: &str) -> Meta {
    let mut meta = Meta::default();
    for line in source.lines() {
        let Some(rest) = line.trim().strip_prefix("// META:") else {
            if line.trim().is_empty() || line.trim_start().starts_with("//") {
                continue;
            }
            break;
        };
        match rest.trim().split_once('=') {
            Some(("script", path)) => meta.scripts.push(path.trim().to_string()),
            Some(("timeout", "long")) => meta.long = true,
            Some(("variant", query)) => meta.variants.push(query.trim().to_string()),
            _ => {}
        }
    }
    meta
}

/// Where a path a test names (absolute from the WPT root, or relative to
/// the test's folder) is in the suite at `root`.
pub fn resolve(root: &Path, test: &Path, path: &str) -> PathBuf {
    match path.strip_prefix('/') {
        Some(abs) => root.join(abs),
        None => test.parent().unwrap_or(root).join(path),
    }
}

/// The string literals of the `importScripts(...)` calls in `source`.
pub fn imported(source: &str) -> Vec<String> {
    let mut out = vec![];
    for (at, _) in source.match_indices("importScripts(") {
        let args = &source[at + "importScripts(".len()..];
        let end = args.find(')').unwrap_or(args.len());
        for part in args[..end].split(',') {
            let p = part.trim();
            if let Some(lit) = p
                .strip_prefix('"')
                .and_then(|p| p.strip_suffix('"'))
                .or_else(|| p.strip_prefix('\'').and_then(|p| p.strip_suffix('\'')))
            {
                out.push(lit.to_string());
            }
        }
    }
    out
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{} missing ({e})", path.display()))
}

/// The job for the test at `test` (under the suite at `root`) in one of
/// its variants (`search`, the query its `location` has, or ""): an
/// `.any.js` file gets testharness.js, its META scripts, itself, and
/// `done()`; another (a `.worker.js` file) runs as written, its
/// `importScripts` served from `files` (one level of imports).
pub fn job(root: &Path, test: &Path, source: &str, search: &str) -> Result<Value, String> {
    let name = |p: &Path| {
        p.strip_prefix(root)
            .unwrap_or(p)
            .to_string_lossy()
            .into_owned()
    };
    let mut scripts = vec![];
    let mut files = Map::new();
    let any = test.to_string_lossy().ends_with(".any.js");
    if any {
        let harness = root.join("resources/testharness.js");
        scripts.push(json!({ "name": "resources/testharness.js", "text": read(&harness)? }));
        for script in meta(source).scripts {
            let path = resolve(root, test, &script);
            scripts.push(json!({ "name": name(&path), "text": read(&path)? }));
        }
    } else {
        for import in imported(source) {
            let path = resolve(root, test, &import);
            files.insert(import, Value::String(read(&path)?));
        }
    }
    scripts.push(json!({ "name": name(test), "text": source }));
    Ok(json!({ "scripts": scripts, "files": files, "done": any, "search": search }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_lines_and_imports_are_read() {
        let src = "// META: title=x\n// META: script=a.js\n// META: timeout=long\n\
                   // META: variant=?1-10\n// META: variant=?11-last\n\
                   // META: script=/common/b.js\n\nrun_test();\n// META: script=late.js\n";
        let m = meta(src);
        assert_eq!(m.scripts, ["a.js", "/common/b.js"]);
        assert!(m.long);
        assert_eq!(m.variants, ["?1-10", "?11-last"]);
        let w = "importScripts(\"/resources/testharness.js\");\nimportScripts('x.js', \"y.js\");\n";
        assert_eq!(imported(w), ["/resources/testharness.js", "x.js", "y.js"]);
        let root = Path::new("/w");
        let test = Path::new("/w/A/t.any.js");
        assert_eq!(resolve(root, test, "v.js"), Path::new("/w/A/v.js"));
        assert_eq!(resolve(root, test, "/r/h.js"), Path::new("/w/r/h.js"));
    }
}
