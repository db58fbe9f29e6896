//! Integers too wide for TOML. A TOML integer is 64 bits, and the parser
//! refuses a file holding a wider one as a whole, naming no key. To report
//! such a value like any other out-of-range one (its key, line, value and
//! the key's bounds), the file is first read without converting integers
//! (`DeTable` keeps their digits); each wide integer is then replaced by `0`
//! in a copy of the text, which the parser accepts, and the key that holds
//! it is reported and dropped, as `shapes` does with a bad value.

use std::ops::Range;

use toml::Table;
use toml::de::{DeTable, DeValue};

use super::keys::{Key, Kind, POOL, TOP, rule};
use super::shapes::{line_near, shorten};
use super::{Problem, syntax_problem};

/// What the wide integers of a file ask for.
#[derive(Debug, Default)]
pub(super) struct Wide {
    /// The text with each wide integer replaced by `0`; `None` when the
    /// file has none.
    pub(super) text: Option<String>,
    /// The keys holding one, known to the catalogue: reported and dropped.
    known: Vec<(Vec<String>, Problem)>,
}

impl Wide {
    /// Finds the wide integers of `source`; a file the parser cannot read
    /// anyway has none (its syntax error is reported as it is).
    pub(super) fn find(source: &str) -> Wide {
        let Ok(doc) = DeTable::parse(source) else {
            return Wide::default();
        };
        let mut found = Vec::new();
        walk_table(doc.get_ref(), &mut Vec::new(), &mut found);
        if found.is_empty() {
            return Wide::default();
        }
        let mut text = source.to_string();
        // From the end, so earlier spans stay where they are.
        let mut spans: Vec<_> = found.iter().map(|f| f.literal.clone()).collect();
        spans.sort_by_key(|s| std::cmp::Reverse(s.start));
        for s in spans {
            text.replace_range(s, "0");
        }
        let mut known: Vec<(Vec<String>, Problem)> = Vec::new();
        for f in found {
            let names: Vec<String> = f.path.iter().map(|(k, _)| k.clone()).collect();
            let Some((holder, kind)) = holder(&names) else {
                // An unknown key: `shapes` reports it as such.
                continue;
            };
            if known.iter().any(|(k, _)| *k == holder) {
                continue;
            }
            let parts: Vec<&str> = holder.iter().map(String::as_str).collect();
            let value = source[f.path[holder.len() - 1].1.clone()].trim();
            let problem = Problem {
                line: line_near(source, &parts),
                key: holder.join("."),
                value: Some(shorten(value)),
                message: rule_of(kind),
            };
            known.push((holder, problem));
        }
        Wide {
            text: Some(text),
            known,
        }
    }

    /// Parses the file, wide integers replaced; drops the keys that held
    /// them and returns their problems.
    pub(super) fn parse(self, source: &str) -> Result<(Table, Vec<Problem>), Problem> {
        let text = self.text.as_deref().unwrap_or(source);
        let mut doc: Table = toml::from_str(text).map_err(|e| syntax_problem(source, &e))?;
        let mut problems = Vec::new();
        for (path, problem) in self.known {
            remove(&mut doc, &path);
            problems.push(problem);
        }
        Ok((doc, problems))
    }
}

/// A rule in the catalogue's words; `pools` itself holds pool sections.
fn rule_of(kind: Option<Kind>) -> String {
    match kind {
        Some(k) => rule(k),
        None => "must hold pool sections such as [pools.api]".into(),
    }
}

/// One wide integer: where it is, and the keys down to it.
struct Found {
    /// Each key down to it (tables only; an array ends the path) with the
    /// span of its value.
    path: Vec<(String, Range<usize>)>,
    literal: Range<usize>,
}

fn walk_table(t: &DeTable<'_>, path: &mut Vec<(String, Range<usize>)>, found: &mut Vec<Found>) {
    for (k, v) in t.iter() {
        path.push((k.get_ref().to_string(), v.span()));
        walk_value(v, path, found);
        path.pop();
    }
}

fn walk_value(
    v: &toml::Spanned<DeValue<'_>>,
    path: &mut Vec<(String, Range<usize>)>,
    found: &mut Vec<Found>,
) {
    match v.get_ref() {
        DeValue::Integer(n) if i64::from_str_radix(n.as_str(), n.radix()).is_err() => {
            found.push(Found {
                path: path.clone(),
                literal: v.span(),
            });
        }
        DeValue::Array(a) => {
            for x in a.iter() {
                walk_value(x, path, found);
            }
        }
        DeValue::Table(t) => walk_table(t, path, found),
        _ => {}
    }
}

/// The key of the catalogue that holds the value at `path`, and its kind
/// (`None` for `pools` itself); `None` when the path leaves the catalogue.
fn holder(path: &[String]) -> Option<(Vec<String>, Option<Kind>)> {
    let mut keys: &[Key] = TOP;
    let mut at = 0;
    if path.first().map(String::as_str) == Some("pools") {
        match path.len() {
            1 => return Some((path.to_vec(), None)),
            2 => return Some((path.to_vec(), Some(Kind::Table(POOL)))),
            _ => (keys, at) = (POOL, 2),
        }
    }
    while at < path.len() {
        let k = keys.iter().find(|k| k.name == path[at])?;
        match k.kind {
            Kind::Table(sub) if at + 1 < path.len() => keys = sub,
            kind => return Some((path[..=at].to_vec(), Some(kind))),
        }
        at += 1;
    }
    None
}

/// Removes the key at `path` from `doc`, if it is there.
fn remove(doc: &mut Table, path: &[String]) {
    let Some((last, tables)) = path.split_last() else {
        return;
    };
    let mut t = doc;
    for name in tables {
        match t.get_mut(name).and_then(toml::Value::as_table_mut) {
            Some(inner) => t = inner,
            None => return,
        }
    }
    t.remove(last);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide(src: &str) -> (Table, Vec<Problem>) {
        Wide::find(src).parse(src).unwrap()
    }

    #[test]
    fn a_wide_integer_is_an_out_of_range_value_of_its_key() {
        let (doc, p) = wide(
            "[render]\nscript = \"w.js\"\n[render.lifecycle]\nmax_requests = 99999999999999999999\n",
        );
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].key, "render.lifecycle.max_requests");
        assert_eq!(p[0].line, Some(4));
        assert_eq!(p[0].value.as_deref(), Some("99999999999999999999"));
        assert_eq!(
            p[0].message,
            "must be a whole number of requests from 0 to 1000000000000"
        );
        assert!(doc["render"]["lifecycle"].get("max_requests").is_none());
        assert_eq!(doc["render"]["script"].as_str(), Some("w.js"));
    }

    #[test]
    fn negative_hex_in_pools_and_in_lists_are_found_too() {
        let (_, p) = wide(
            "[pools.api]\nscript = \"a.js\"\nmin_workers = -99_999_999_999_999_999_999\nfetch_allow = [\"x\", 0xffffffffffffffffff]\n[server]\nshutdown_timeout_ms = 0x1ffffffffffffffff\n",
        );
        let got: Vec<(&str, Option<usize>, Option<&str>)> = p
            .iter()
            .map(|p| (p.key.as_str(), p.line, p.value.as_deref()))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "pools.api.min_workers",
                    Some(3),
                    Some("-99_999_999_999_999_999_999")
                ),
                (
                    "pools.api.fetch_allow",
                    Some(4),
                    Some("[\"x\", 0xffffffffffffffffff]")
                ),
                (
                    "server.shutdown_timeout_ms",
                    Some(6),
                    Some("0x1ffffffffffffffff")
                ),
            ]
        );
        assert_eq!(p[1].message, rule(Kind::TextList));
    }

    #[test]
    fn a_wide_integer_under_an_unknown_key_is_left_for_the_unknown_key_report() {
        let (doc, p) = wide("[render]\nmax_requestz = 99999999999999999999\n");
        assert!(p.is_empty());
        assert_eq!(doc["render"]["max_requestz"].as_integer(), Some(0));
    }

    #[test]
    fn a_file_without_wide_integers_is_read_as_it_is() {
        let w = Wide::find("[render]\nmax_requests = 9223372036854775807\n");
        assert!(w.text.is_none());
    }
}
