use std::path::Path;

use super::*;

fn dir_with_script() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("w.js"), "export const handler = () => 1;").unwrap();
    d
}

fn parse_in(dir: &Path, src: &str) -> Result<Config, ConfigError> {
    parse(src, &dir.join("bext.toml"))
}

#[test]
fn minimal_config_gets_the_seed_defaults() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\njsc_workers = 2\n").unwrap();
    assert_eq!(c.pools.len(), 1);
    let p = &c.pools[0];
    assert_eq!(
        (p.name.as_str(), p.min_workers, p.max_workers),
        ("render", 2, 2)
    );
    assert_eq!(p.script, d.path().join("w.js"));
    assert_eq!(p.settings.lifecycle.max_requests, 10_000);
    assert_eq!(p.settings.lifecycle.recovery.backoff_multiplier, 3.0);
    assert_eq!(c.server.listen.to_string(), "127.0.0.1:3000");
    assert_eq!(c.server.control_socket, d.path().join("bext.sock"));
}

#[test]
fn the_full_seed_example_is_accepted() {
    let d = dir_with_script();
    std::fs::create_dir(d.path().join("src")).unwrap();
    let src = r#"
[server]
listen = "127.0.0.1:0"
control_socket = "bext.sock"
admin_allow = ["127.0.0.1/32", "::1/128"]
shutdown_timeout_ms = 30000

[render]
script = "w.js"
jsc_workers = 4
route = "^/"
request_timeout_ms = 30000
startup_timeout_ms = 10000
heartbeat_interval_ms = 1000
heartbeat_timeout_ms = 10000
js_memory_limit_mb = 0
max_concurrent_requests = 0
max_queue_size = 0

[render.lifecycle]
max_requests = 10000
max_memory_mb = 512
max_uptime_hours = 24
drain_timeout_ms = 5000
max_concurrent_rotations = 1
memory_check_interval_ms = 10000
watch_dirs = ["src/"]
watch_debounce_ms = 500

[render.lifecycle.recovery]
max_consecutive_failures = 10
backoff_initial_ms = 100
backoff_max_ms = 60000
backoff_multiplier = 3.0
healthy_reset_ms = 60000

[pools.api]
script = "w.js"
route = "^/api"
min_workers = 1
max_workers = 3
"#;
    let c = parse_in(d.path(), src).unwrap();
    assert_eq!(c.pools.len(), 2);
    assert_eq!(c.pools[1].name, "api");
    assert_eq!((c.pools[1].min_workers, c.pools[1].max_workers), (1, 3));
}

fn problems(src: &str) -> Vec<Problem> {
    let d = dir_with_script();
    parse_in(d.path(), src).unwrap_err().problems
}

#[test]
fn unknown_key_names_the_key_and_line() {
    let p = problems("[render]\nscript = \"w.js\"\njsc_workerz = 2\n");
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].line, Some(3));
    assert_eq!(p[0].key, "jsc_workerz");
    assert!(p[0].message.contains("unknown key"), "{:?}", p[0]);
}

#[test]
fn wrong_type_names_the_line() {
    let p = problems("[render]\nscript = \"w.js\"\njsc_workers = \"four\"\n");
    assert_eq!(p[0].line, Some(3));
    assert!(p[0].message.contains("invalid type"), "{:?}", p[0]);
}

#[test]
fn every_broken_rule_is_reported_at_once() {
    let p = problems(
        "[server]\nshutdown_timeout_ms = 1000\n[render]\nscript = \"missing.js\"\njsc_workers = 0\nheartbeat_interval_ms = 5000\nheartbeat_timeout_ms = 1000\nroute = \"(\"\n[render.lifecycle]\ndrain_timeout_ms = 2000\n[render.lifecycle.recovery]\nbackoff_multiplier = 0.5\nbackoff_initial_ms = 10\nbackoff_max_ms = 5\n",
    );
    let keys: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    assert_eq!(
        keys,
        vec![
            ("render.script", Some(4)),
            ("render.route", Some(8)),
            ("render.jsc_workers", Some(5)),
            ("render.heartbeat_timeout_ms", Some(7)),
            ("render.lifecycle.drain_timeout_ms", Some(10)),
            ("render.lifecycle.recovery.backoff_initial_ms", Some(13)),
            ("render.lifecycle.recovery.backoff_multiplier", Some(12)),
        ]
    );
    assert!(
        p[3].message.contains("heartbeat_interval_ms (5000)"),
        "{}",
        p[3].message
    );
}

#[test]
fn error_display_has_file_line_key_and_rule() {
    let d = dir_with_script();
    let e = parse_in(d.path(), "[render]\nscript = \"w.js\"\njsc_workers = 0\n").unwrap_err();
    let text = e.to_string();
    assert!(
        text.ends_with("bext.toml:3: render.jsc_workers: 0: a pool needs at least 1 worker"),
        "{text}"
    );
}

#[test]
fn no_pool_and_bad_listen_are_errors() {
    let p = problems("[server]\nlisten = \"nowhere\"\n");
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].key, "server.listen");
    assert_eq!(p[1].key, "render");
}

#[test]
fn connection_limits_have_defaults_and_bounds() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    assert_eq!(
        (
            c.server.header_read_timeout_ms,
            c.server.idle_timeout_ms,
            c.server.max_connections
        ),
        (10_000, 60_000, 4096)
    );
    let p = problems(
        "[server]\nheader_read_timeout_ms = 0\nidle_timeout_ms = 86400001\nmax_connections = 0\n[render]\nscript = \"w.js\"\n",
    );
    let keys: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    assert_eq!(
        keys,
        vec![
            ("server.header_read_timeout_ms", Some(2)),
            ("server.idle_timeout_ms", Some(3)),
            ("server.max_connections", Some(4)),
        ]
    );
    assert!(
        p[1].message.contains("must be from 1 to 86400000 (1 day)"),
        "{}",
        p[1].message
    );
}

#[test]
fn an_uptime_of_1e16_hours_is_refused() {
    let p = problems("[render]\nscript = \"w.js\"\n[render.lifecycle]\nmax_uptime_hours = 1e16\n");
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].key, "render.lifecycle.max_uptime_hours");
    assert!(p[0].message.contains("at most 87600"), "{}", p[0].message);
}

/// Property: whatever numbers validation accepts, the pool's arithmetic on
/// them (backoff, thresholds, deadlines, limits) does not panic.
#[test]
fn values_that_pass_validation_never_panic_the_pool_arithmetic() {
    use rand::{Rng, SeedableRng};
    use std::time::Instant;
    let d = dir_with_script();
    let mut rng = rand::rngs::StdRng::seed_from_u64(10);
    // Small, large and extreme numbers (TOML integers are i64).
    let int = |rng: &mut rand::rngs::StdRng| -> i64 {
        match rng.random_range(0..5) {
            0 => 0,
            1 => rng.random_range(1..100),
            2 => rng.random_range(0..i64::MAX),
            3 => i64::MAX,
            _ => 1 << rng.random_range(0..62),
        }
    };
    let float = |rng: &mut rand::rngs::StdRng| -> f64 {
        [0.0, 0.5, 1.0, 3.0, 87_600.0, 87_600.5, 1e16, 1e300][rng.random_range(0..8)]
            * rng.random_range(0.5..2.0)
    };
    // Within a bound most of the time, anything otherwise.
    let upto = |rng: &mut rand::rngs::StdRng, bound: i64| -> i64 {
        if rng.random_bool(0.8) {
            rng.random_range(0..=bound)
        } else {
            int(rng)
        }
    };
    let mut accepted = 0;
    for _ in 0..400 {
        // Mostly consistent orderings, so that many files pass.
        let shutdown = int(&mut rng).max(1);
        let drain = rng.random_range(1..=shutdown);
        let initial = int(&mut rng);
        let max = initial.saturating_add(int(&mut rng));
        let src = format!(
            "[server]\nshutdown_timeout_ms = {shutdown}\n[render]\nscript = \"w.js\"\njs_memory_limit_mb = {}\nmaint_requests = {}\n\
             [render.lifecycle]\nmax_requests = {}\nmax_memory_mb = {}\nmax_uptime_hours = {:?}\ndrain_timeout_ms = {drain}\n\
             [render.lifecycle.recovery]\nmax_consecutive_failures = {}\nbackoff_initial_ms = {initial}\nbackoff_max_ms = {max}\nbackoff_multiplier = {:?}\nhealthy_reset_ms = {}\n",
            upto(&mut rng, 1 << 20),
            upto(&mut rng, 1_000_000_000_000),
            upto(&mut rng, 1_000_000_000_000),
            upto(&mut rng, 1 << 20),
            float(&mut rng),
            int(&mut rng).clamp(1, u32::MAX as i64),
            1.0 + float(&mut rng),
            int(&mut rng),
        );
        let Ok(c) = parse_in(d.path(), &src) else {
            continue;
        };
        accepted += 1;
        let s = &c.pools[0].settings;
        let l = &s.lifecycle;
        let now = Instant::now();
        let _ = now + crate::policy::hours(l.max_uptime_hours);
        let _ = now + std::time::Duration::from_millis(l.drain_timeout_ms);
        let _ = now + std::time::Duration::from_millis(c.server.shutdown_timeout_ms);
        let _ = now + std::time::Duration::from_millis(l.recovery.healthy_reset_ms);
        let _ = crate::policy::memory_limit_bytes(l.max_memory_mb);
        let _ = crate::policy::max_requests_threshold(l.max_requests, 4095, 4096);
        let n = l.recovery.max_consecutive_failures;
        for failures in [0, 1, 2, 3, 40, n.saturating_sub(1), n, u32::MAX] {
            if let Some(delay) = crate::policy::restart_delay(failures, &l.recovery) {
                let _ = now + delay;
            }
        }
    }
    assert!(
        accepted > 20,
        "only {accepted} random configs were accepted"
    );
}
