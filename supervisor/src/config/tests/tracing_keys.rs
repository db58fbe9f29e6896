//! `[tracing]`: defaults, every bad key reported with its line, and the
//! effective config printing the section back.

use super::*;

const POOL: &str = "[render]\nscript = \"w.js\"\n";

#[test]
fn tracing_is_unset_by_default_and_printed_back() {
    let d = dir_with_script();
    let c = parse_in(d.path(), POOL).unwrap();
    assert_eq!(c.tracing, TracingSection::default());
    assert_eq!(c.tracing.enabled, None);
    assert!(c.tracing.keep_query_params.is_empty());
    let src = format!(
        "{POOL}[tracing]\nenabled = true\nratio = 0.25\nserver_timing = true\nkeep_query_params = [\"page\", \"sort\"]\n"
    );
    let c = parse_in(d.path(), &src).unwrap();
    assert_eq!(c.tracing.ratio, Some(0.25));
    assert_eq!(c.tracing.keep_query_params, ["page", "sort"]);
    let effective = c.effective_toml().unwrap();
    let again = parse_in(d.path(), &effective).unwrap();
    assert_eq!(again.tracing, c.tracing, "{effective}");
}

#[test]
fn bad_tracing_keys_are_named_with_their_lines() {
    let src = format!(
        "{POOL}[tracing]\nsampler = \"sometimes\"\nprotocol = \"grpc\"\nendpoint = \"collector:4318\"\nratio = 2\nspeed = 1\nkeep_query_params = [\"page=2\"]\n"
    );
    let p = problems(&src);
    let keys: Vec<(&str, Option<usize>)> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    for (key, line) in [
        ("tracing.sampler", 4),
        ("tracing.protocol", 5),
        ("tracing.endpoint", 6),
        ("tracing.ratio", 7),
        ("tracing.speed", 8),
        ("tracing.keep_query_params", 9),
    ] {
        assert!(keys.contains(&(key, Some(line))), "{key} in {p:#?}");
    }
}
