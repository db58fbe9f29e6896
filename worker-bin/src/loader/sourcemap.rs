//! Positions in the user's own source: a stack trace's `file:line:column`
//! in code that was transformed (TypeScript, JSX) or bundled is rewritten to
//! the original file and line through a source map.
//!
//! Maps are found only when an error is formatted, never at load: the map
//! the transform made in this process, else the transform run again on the
//! file (a warm boot loaded bytecode and made none), else the file's last
//! `//# sourceMappingURL=` comment, inline (`data:...;base64,`) or a file
//! next to it. A map found is kept for the process's next errors.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::LazyLock;

use base64::Engine as _;
use oxc_sourcemap::SourceMap;
use regex::Regex;

use super::typescript;

/// A map and its lookup table, or `None` when the file has no map.
type Found = Option<Rc<(SourceMap, PathBuf)>>;

thread_local! {
    static MAPS: RefCell<HashMap<String, Found>> = RefCell::new(HashMap::new());
    static MADE: RefCell<HashMap<String, String>> = RefCell::new(HashMap::new());
}

/// Keeps the map the transform made for `file`, unparsed until needed.
pub fn remember(file: &str, map: String) {
    MADE.with(|m| m.borrow_mut().insert(file.to_string(), map));
    MAPS.with(|m| m.borrow_mut().remove(file));
}

/// An absolute path (anything but blanks and colons, so parentheses in a
/// folder's name are kept) and a line, maybe a column.
static POSITION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(/[^\s:]*):(\d+)(?::(\d+))?").unwrap());

/// `text` (a stack trace, a message) with every position in a mapped file
/// replaced by its original one.
pub fn rewrite(text: &str) -> String {
    if !text.contains('/') {
        return text.to_string();
    }
    POSITION
        .replace_all(text, |c: &regex::Captures<'_>| {
            let line: u32 = c[2].parse().unwrap_or(0);
            let column: u32 = c.get(3).and_then(|m| m.as_str().parse().ok()).unwrap_or(1);
            match original(&c[1], line, column) {
                Some((file, line, column)) => format!("{file}:{line}:{column}"),
                None => c[0].to_string(),
            }
        })
        .into_owned()
}

/// The original `(file, line, column)` of 1-based `line`/`column` in
/// `file`, if it has a map that covers them.
pub fn original(file: &str, line: u32, column: u32) -> Option<(String, u32, u32)> {
    let found = MAPS.with(|m| m.borrow().get(file).cloned());
    let found = match found {
        Some(f) => f,
        None => {
            let f = find(file).map(Rc::new);
            MAPS.with(|m| m.borrow_mut().insert(file.to_string(), f.clone()));
            f
        }
    }?;
    let (map, dir) = &*found;
    let table = map.generate_lookup_table();
    let token = map.lookup_token(&table, line.checked_sub(1)?, column.saturating_sub(1))?;
    let source = map.get_source(token.get_source_id()?)?;
    let root = map.get_source_root().unwrap_or("");
    let path = dir.join(root).join(source);
    Some((
        super::confine::normalize(&path).display().to_string(),
        token.get_src_line() + 1,
        token.get_src_col() + 1,
    ))
}

/// The map of `file` and the folder its sources are relative to.
fn find(file: &str) -> Option<(SourceMap, PathBuf)> {
    // A path in an error's text may name any file: only the pool's are read.
    super::confine::check_read(file).ok()?;
    let dir = Path::new(file).parent()?.to_path_buf();
    let made = MADE.with(|m| m.borrow().get(file).cloned());
    let json = match made {
        Some(json) => json,
        None if typescript::needs_transform(file) => {
            let text = std::fs::read_to_string(file).ok()?;
            typescript::transform(Path::new(file), &text).ok()?.map
        }
        None => linked(file, &dir)?,
    };
    let map = SourceMap::from_json_string(&json).ok()?;
    Some((map, dir))
}

/// The map a `//# sourceMappingURL=` comment at the end of `file` names.
fn linked(file: &str, dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(file).ok()?;
    let url = text
        .lines()
        .rev()
        .take(5)
        .find_map(|l| l.trim().strip_prefix("//# sourceMappingURL="))?
        .trim();
    if let Some(data) = url.strip_prefix("data:") {
        let (_, b64) = data.split_once(";base64,")?;
        let bytes = base64::engine::general_purpose::STANDARD.decode(b64).ok()?;
        return String::from_utf8(bytes).ok();
    }
    let map = dir.join(url);
    super::confine::check_read(&map.to_string_lossy()).ok()?;
    std::fs::read_to_string(map).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transformed_file_points_at_its_typescript_line() {
        let src = "interface A { a: number }\n\ntype B = A;\n\nexport function f(): void {\n  throw new Error('x');\n}\n";
        let out = typescript::transform(Path::new("/app/f.ts"), src).unwrap();
        let line = out.code.lines().position(|l| l.contains("throw")).unwrap() as u32 + 1;
        remember("/app/f.ts", out.map);
        let stack = format!("    at f (/app/f.ts:{line}:3)\n    at <anonymous> (/other.js:1:1)");
        let got = rewrite(&stack);
        assert!(got.contains("at f (/app/f.ts:6:"), "{got}");
        assert!(got.contains("(/other.js:1:1)"), "{got}");
    }
}
