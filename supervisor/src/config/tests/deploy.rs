//! `[POOL.deploy]`: defaults, values read, and the rules' problems.

use super::{dir_with_script, parse_in, problems};

#[test]
fn there_is_no_warm_up_by_default_and_the_paths_are_read_in_order() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    assert!(c.pools[0].settings.deploy.warmup.is_empty());
    let src =
        "[render]\nscript = \"w.js\"\n[render.deploy]\nwarmup = [\"/\", \"/products/1?x=1\"]\n";
    let c = parse_in(d.path(), src).unwrap();
    assert_eq!(c.pools[0].settings.deploy.warmup, ["/", "/products/1?x=1"]);
}

#[test]
fn a_warm_up_entry_that_is_no_path_names_key_line_and_rule() {
    let p = problems(
        "[render]\nscript = \"w.js\"\n[render.deploy]\nwarmup = [\"/\", \"products\", \"/a b\"]\n",
    );
    let got: Vec<_> = p
        .iter()
        .map(|p| (p.key.as_str(), p.line, p.value.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            ("render.deploy.warmup", Some(4), Some("\"products\"")),
            ("render.deploy.warmup", Some(4), Some("\"/a b\"")),
        ]
    );
    assert!(
        p[0].message.contains("path starting with `/`"),
        "{}",
        p[0].message
    );
    let p = problems("[render]\nscript = \"w.js\"\n[render.deploy]\nwarmup = \"/\"\n");
    assert_eq!(p[0].key, "render.deploy.warmup");
    assert_eq!(
        p[0].message,
        "must be a list of strings, such as [\"a\", \"b\"]"
    );
}
