//! The first pass over `bext.toml`: the file is walked against the
//! catalogue of `keys` (`check_shapes`): an unknown key, a value of the
//! wrong type or out of bounds is a problem with its full key, line and
//! value, and the key is dropped so the rest of the file can still be read
//! with defaults in its place. That way one run reports every problem, and
//! the relationship checks of `validate` always run.

use toml::{Table, Value};

use super::keys::{Key, Kind, POOL, TOP, fits, rule};
use super::{Problem, key_line};

/// Walks the file against the catalogue. Each problem is reported and the
/// offending key removed from `doc`, so what is left can be read.
pub fn check_shapes(doc: &mut Table, source: &str) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut walk = Walk {
        source,
        problems: &mut problems,
    };
    let pools = doc.remove("pools");
    walk.table(doc, TOP, &mut Vec::new(), Some("pools"));
    if let Some(mut pools) = pools {
        match pools.as_table_mut() {
            Some(t) => {
                for (name, pool) in t.iter_mut() {
                    let mut path = vec!["pools".to_string(), name.clone()];
                    match pool.as_table_mut() {
                        Some(p) => walk.table(p, POOL, &mut path, None),
                        None => walk.problem(&path, Some(pool), rule(Kind::Table(POOL))),
                    }
                }
                t.retain(|_, p| p.is_table());
            }
            None => {
                walk.problem(
                    &["pools".to_string()],
                    Some(&pools),
                    "must hold pool sections such as [pools.api]".into(),
                );
                pools = Value::Table(Table::new());
            }
        }
        doc.insert("pools".into(), pools);
    }
    problems
}

struct Walk<'a> {
    source: &'a str,
    problems: &'a mut Vec<Problem>,
}

impl Walk<'_> {
    fn problem(&mut self, path: &[String], value: Option<&Value>, message: String) {
        let parts: Vec<&str> = path.iter().map(String::as_str).collect();
        self.problems.push(Problem {
            line: line_near(self.source, &parts),
            key: path.join("."),
            value: value.filter(|v| !v.is_table()).map(show),
            message,
        });
    }

    /// Checks the keys of one table; `also` is a key handled elsewhere.
    fn table(&mut self, t: &mut Table, keys: &[Key], path: &mut Vec<String>, also: Option<&str>) {
        let mut drop = Vec::new();
        for (name, value) in t.iter_mut() {
            path.push(name.clone());
            match keys.iter().find(|k| k.name == name) {
                None if also == Some(name.as_str()) => {}
                None => {
                    let message = unknown(name, keys, path);
                    self.problem(path, None, message);
                    drop.push(name.clone());
                }
                Some(k) if !fits(k.kind, value) => {
                    self.problem(path, Some(value), rule(k.kind));
                    drop.push(name.clone());
                }
                Some(Key {
                    kind: Kind::Table(sub),
                    ..
                }) => {
                    if let Some(inner) = value.as_table_mut() {
                        self.table(inner, sub, path, None);
                    }
                }
                Some(Key {
                    kind: Kind::Tables(sub),
                    ..
                }) => {
                    // Each table is checked, and named by its index.
                    let items = value.as_array_mut().into_iter().flatten();
                    for (i, item) in items.enumerate() {
                        path.push(i.to_string());
                        if let Some(inner) = item.as_table_mut() {
                            self.table(inner, sub, path, None);
                        }
                        path.pop();
                    }
                }
                Some(_) => {}
            }
            path.pop();
        }
        for name in drop {
            t.remove(&name);
        }
    }
}

/// "unknown key", with the likeliest intended key or the list of keys.
fn unknown(name: &str, keys: &[Key], path: &[String]) -> String {
    let near = keys
        .iter()
        .map(|k| (distance(name, k.name), k.name))
        .min()
        .filter(|(d, k)| *d <= 2.max(k.len() / 4));
    match near {
        Some((_, k)) => format!("unknown key; did you mean `{k}`?"),
        None => {
            let table = if path.len() > 1 {
                format!("[{}]", path[..path.len() - 1].join("."))
            } else {
                "the top level".into()
            };
            let mut names: Vec<&str> = keys.iter().map(|k| k.name).collect();
            if path.len() == 1 {
                names.push("pools");
            }
            format!("unknown key; {table} takes {}", names.join(", "))
        }
    }
}

/// Edit distance (insertions, deletions, substitutions).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The value as written in TOML (shortened if long).
pub fn show(v: &Value) -> String {
    shorten(&v.to_string())
}

/// `s`, cut to 60 characters.
pub(super) fn shorten(s: &str) -> String {
    if s.chars().count() > 60 {
        let cut: String = s.chars().take(57).collect();
        format!("{cut}...")
    } else {
        s.to_string()
    }
}

/// The line of the key at `path`, or of the nearest table that holds it.
pub fn line_near(source: &str, path: &[&str]) -> Option<usize> {
    (1..=path.len())
        .rev()
        .find_map(|n| key_line(source, &path[..n]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shapes(src: &str) -> (Vec<Problem>, Table) {
        let mut doc: Table = toml::from_str(src).unwrap();
        let p = check_shapes(&mut doc, src);
        (p, doc)
    }

    #[test]
    fn every_bad_key_is_reported_and_dropped() {
        let src = "[server]\nlisten = 3000\nbogus = 1\n\n[render]\nscript = \"w.js\"\njsc_workers = \"two\"\n\n[render.lifecycle]\nmax_request = 5\n";
        let (p, doc) = shapes(src);
        let got: Vec<(Option<usize>, &str)> = p.iter().map(|p| (p.line, p.key.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (Some(2), "server.listen"),
                (Some(3), "server.bogus"),
                (Some(7), "render.jsc_workers"),
                (Some(10), "render.lifecycle.max_request"),
            ]
        );
        assert_eq!(p[2].value.as_deref(), Some("\"two\""));
        assert_eq!(
            p[2].message,
            "must be a whole number of workers from 1 to 4096, or \"auto\""
        );
        assert_eq!(p[3].message, "unknown key; did you mean `max_requests`?");
        assert!(
            p[1].message
                .contains("[server] takes listen, control_socket")
        );
        assert!(doc["server"].as_table().unwrap().is_empty());
        assert!(doc["render"].get("jsc_workers").is_none());
        assert!(doc["render"].get("script").is_some());
    }

    #[test]
    fn bounds_are_checked_in_words() {
        let (p, _) = shapes(
            "[render]\nrequest_timeout_ms = -1\n[render.lifecycle]\nmax_uptime_hours = 1e16\n[render.lifecycle.recovery]\nbackoff_multiplier = 0.5\n",
        );
        let msgs: Vec<&str> = p.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(
            msgs,
            vec![
                "must be a whole number of milliseconds from 0 to 2592000000 (30 days)",
                "must be a number of hours from 0 to 8760",
                "must be a factor from 1 to 1000",
            ]
        );
        assert!(!msgs.iter().any(|m| m.contains("u64") || m.contains("u32")));
    }

    #[test]
    fn pools_are_walked_one_by_one() {
        let (p, doc) =
            shapes("[pools.api]\nscript = \"a.js\"\nroute = 5\n[pools.web]\nscritp = \"w.js\"\n");
        let keys: Vec<&str> = p.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(keys, vec!["pools.api.route", "pools.web.scritp"]);
        assert_eq!(p[1].message, "unknown key; did you mean `script`?");
        assert!(doc["pools"]["api"].get("script").is_some());
    }

    #[test]
    fn a_pool_that_is_not_a_table_is_a_problem() {
        let (p, _) = shapes("pools = 3\n");
        assert_eq!(p[0].key, "pools");
        let (p, _) = shapes("[pools]\napi = 3\n");
        assert_eq!(p[0].key, "pools.api");
        assert_eq!(p[0].message, "must be a table (a [section])");
    }

    #[test]
    fn edit_distance() {
        assert_eq!(distance("max_request", "max_requests"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
