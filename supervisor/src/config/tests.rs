use std::path::Path;

use super::*;

mod deploy;
mod intl;
mod limits;
mod read_roots;
mod schedules;
mod tracing_keys;

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
    assert_eq!(p.settings.recovery.backoff_multiplier, 3.0);
    assert_eq!(c.server.listen.to_string(), "127.0.0.1:3000");
    assert_eq!(c.server.control_socket, default_control_socket());
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

[pools.api]
script = "w.js"
route = "^/api"
min_workers = 1
max_workers = 3

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

"#;
    let c = parse_in(d.path(), src).unwrap();
    assert_eq!(c.pools.len(), 2);
    assert_eq!(c.pools[0].name, "api");
    assert_eq!((c.pools[0].min_workers, c.pools[0].max_workers), (1, 3));
}

fn problems(src: &str) -> Vec<Problem> {
    let d = dir_with_script();
    parse_in(d.path(), src).unwrap_err().problems
}

#[test]
fn unknown_key_names_the_full_key_and_line() {
    let p = problems("[render]\nscript = \"w.js\"\njsc_workerz = 2\n");
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].line, Some(3));
    assert_eq!(p[0].key, "render.jsc_workerz");
    assert_eq!(p[0].message, "unknown key; did you mean `jsc_workers`?");
}

#[test]
fn wrong_type_names_key_line_value_and_rule_in_words() {
    let d = dir_with_script();
    let e = parse_in(
        d.path(),
        "[render]\nscript = \"w.js\"\njsc_workers = \"two\"\n",
    )
    .unwrap_err();
    assert!(
        e.to_string().ends_with(
            "bext.toml:3: render.jsc_workers = \"two\": must be a whole number of workers from 1 to 4096, or \"auto\""
        ),
        "{e}"
    );
}

#[test]
fn every_problem_of_a_file_is_reported_in_one_run() {
    let p = problems(
        "[server]\nlisten = \"nowhere\"\nshutdown_timeout_ms = \"x\"\ntypo = 1\n[render]\nscript = \"w.js\"\nwat = 1\nheartbeat_timeout_ms = 500\n[pools.api]\nscript = \"w.js\"\nroute = \"^/api/\"\n[pools.api.lifecycle]\ndrain_timeout_ms = 40000\nmax_requestz = 3\n",
    );
    let keys: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    assert_eq!(
        keys,
        vec![
            ("server.listen", Some(2)),
            ("server.shutdown_timeout_ms", Some(3)),
            ("server.typo", Some(4)),
            ("render.wat", Some(7)),
            ("render.heartbeat_timeout_ms", Some(8)),
            ("pools.api.route", Some(11)),
            // Checked against the default shutdown timeout, since the
            // file's own is not a number.
            ("pools.api.lifecycle.drain_timeout_ms", Some(13)),
            ("pools.api.lifecycle.max_requestz", Some(14)),
        ]
    );
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
            ("render.jsc_workers", Some(5)),
            ("render.heartbeat_timeout_ms", Some(7)),
            ("render.route", Some(8)),
            ("render.lifecycle.drain_timeout_ms", Some(10)),
            ("render.lifecycle.recovery.backoff_multiplier", Some(12)),
            ("render.lifecycle.recovery.backoff_initial_ms", Some(13)),
        ]
    );
    assert_eq!(
        p[2].to_string(),
        "7: render.heartbeat_timeout_ms = 1000: must be greater than heartbeat_interval_ms (5000), or healthy workers are killed between two heartbeats"
    );
}

#[test]
fn error_display_has_file_line_key_value_and_rule() {
    let d = dir_with_script();
    let e = parse_in(d.path(), "[render]\nscript = \"w.js\"\njsc_workers = 0\n").unwrap_err();
    let text = e.to_string();
    assert!(
        text.ends_with(
            "bext.toml:3: render.jsc_workers = 0: must be a whole number of workers from 1 to 4096, or \"auto\""
        ),
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
fn a_value_that_passes_cannot_overflow() {
    let p = problems("[render]\nscript = \"w.js\"\n[render.lifecycle]\nmax_uptime_hours = 1e16\n");
    assert_eq!(p[0].key, "render.lifecycle.max_uptime_hours");
    assert_eq!(p[0].value.as_deref(), Some("10000000000000000.0"));
}

/// TOML integers are 64 bits: a wider one is out of range for its key,
/// said as for any other value, and the rest of the file is still checked.
#[test]
fn an_integer_wider_than_64_bits_names_its_key_and_bounds() {
    let d = dir_with_script();
    let e = parse_in(
        d.path(),
        "[render]\nscript = \"w.js\"\njsc_workers = 0\n[render.lifecycle]\nmax_requests = 99999999999999999999\n",
    )
    .unwrap_err();
    let lines: Vec<String> = e.to_string().lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{e}");
    assert!(
        lines[0].ends_with(
            "bext.toml:3: render.jsc_workers = 0: must be a whole number of workers from 1 to 4096, or \"auto\""
        ),
        "{e}"
    );
    assert!(
        lines[1].ends_with(
            "bext.toml:5: render.lifecycle.max_requests = 99999999999999999999: must be a whole number of requests from 0 to 1000000000000"
        ),
        "{e}"
    );
    assert!(!e.to_string().contains("not valid TOML"), "{e}");
}

#[test]
fn routes_are_tried_in_file_order_render_included() {
    let d = dir_with_script();
    let c = parse_in(
        d.path(),
        "[pools.api]\nscript = \"w.js\"\nroute = \"^/api/\"\n[render]\nscript = \"w.js\"\nroute = \"^/app/\"\n[pools.static]\nscript = \"w.js\"\nroute = \"^/static/\"\n",
    )
    .unwrap();
    let names: Vec<&str> = c.pools.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, vec!["api", "render", "static"]);
}

#[test]
fn a_route_an_earlier_pool_covers_is_an_error() {
    let p = problems(
        "[render]\nscript = \"w.js\"\nroute = \"^/\"\n[pools.api]\nscript = \"w.js\"\nroute = \"^/api/\"\n",
    );
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].key, "pools.api.route");
    assert_eq!(p[0].line, Some(6));
    assert!(
        p[0].message.starts_with(
            "can never match: [render] (route \"^/\") comes first in the file and matches every path this route would; declare [pools.api] before [render]"
        ),
        "{}",
        p[0].message
    );
}

#[test]
fn the_effective_settings_are_a_valid_config_with_the_same_meaning() {
    let d = dir_with_script();
    let src = "[pools.api]\nscript = \"w.js\"\nroute = \"^/api/\"\nmin_workers = 1\nmax_workers = 3\n[render]\nscript = \"w.js\"\nroute = \"^/app\"\njsc_workers = 2\nenv = { A = \"1\" }\n[render.lifecycle]\nmax_uptime_hours = 1.5\n[pools.zz]\nscript = \"w.js\"\nroute = \"^/zz\"\n";
    let first = parse_in(d.path(), src).unwrap();
    let text = first.effective_toml().unwrap();
    let again = parse_in(d.path(), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let shape = |c: &Config| {
        c.pools
            .iter()
            .map(|p| {
                (
                    p.name.clone(),
                    p.route.as_str().to_string(),
                    p.min_workers,
                    p.max_workers,
                    p.settings.lifecycle.max_uptime,
                    p.settings.env.clone(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(&first), shape(&again), "{text}");
    assert_eq!(first.server.control_socket, again.server.control_socket);
    assert_eq!(again.effective_toml().unwrap(), text, "a fixed point");
    assert!(!text.contains("jsc_workers"), "{text}");
}

#[test]
fn the_control_socket_defaults_to_a_shared_place() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    assert_eq!(c.server.control_socket, default_control_socket());
    assert!(
        c.server.control_socket.ends_with("bext/bext.sock")
            || c.server
                .control_socket
                .to_string_lossy()
                .contains("/tmp/bext-")
    );
    let c = parse_in(
        d.path(),
        "[server]\ncontrol_socket = \"x.sock\"\n[render]\nscript = \"w.js\"\n",
    )
    .unwrap();
    assert_eq!(c.server.control_socket, d.path().join("x.sock"));
    std::fs::write(
        d.path().join("bext.toml"),
        "[server]\ncontrol_socket = \"y.sock\"\n",
    )
    .unwrap();
    assert_eq!(
        control_socket_of(&d.path().join("bext.toml")).unwrap(),
        d.path().join("y.sock")
    );
}

#[test]
fn io_threads_zero_is_one_per_two_cpus_and_a_number_is_taken_as_it_is() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    let threads: Vec<usize> = [1, 2, 3, 8].map(|n| c.server.runtime_threads(n)).to_vec();
    assert_eq!(threads, [1, 1, 1, 4]);
    let c = parse_in(
        d.path(),
        "[server]\nio_threads = 3\n[render]\nscript = \"w.js\"\n",
    )
    .unwrap();
    assert_eq!(c.server.runtime_threads(2), 3);
    let p = problems("[server]\nio_threads = 2000\n[render]\nscript = \"w.js\"\n");
    assert_eq!(p[0].key, "server.io_threads", "{p:?}");
}

#[test]
fn shutdown_delay_defaults_to_five_seconds_under_kubernetes_only() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    assert_eq!(c.server.shutdown_delay(false), Duration::ZERO);
    assert_eq!(c.server.shutdown_delay(true), Duration::from_secs(5));
    // Never more than half of a short shutdown_timeout_ms.
    let c = parse_in(
        d.path(),
        "[server]\nshutdown_timeout_ms = 6000\n[render]\nscript = \"w.js\"\n",
    )
    .unwrap();
    assert_eq!(c.server.shutdown_delay(true), Duration::from_secs(3));
    let c = parse_in(
        d.path(),
        "[server]\nshutdown_delay_ms = 700\n[render]\nscript = \"w.js\"\n",
    )
    .unwrap();
    assert_eq!(c.server.shutdown_delay(false), Duration::from_millis(700));
    assert_eq!(c.server.shutdown_delay(true), Duration::from_millis(700));
    let p = problems(
        "[server]\nshutdown_delay_ms = 30000\nshutdown_timeout_ms = 30000\n[render]\nscript = \"w.js\"\n",
    );
    assert_eq!(p[0].key, "server.shutdown_delay_ms", "{p:?}");
    assert!(
        p[0].message.contains("less than shutdown_timeout_ms"),
        "{p:?}"
    );
}

#[test]
fn jsc_workers_auto_is_one_per_cpu_the_process_may_use() {
    let d = dir_with_script();
    let c = parse_in(
        d.path(),
        "[render]\nscript = \"w.js\"\njsc_workers = \"auto\"\n",
    )
    .unwrap();
    let n = crate::cgroup::cpus_available();
    assert!(n >= 1);
    assert_eq!((c.pools[0].min_workers, c.pools[0].max_workers), (n, n));
    let p = problems("[render]\nscript = \"w.js\"\njsc_workers = \"many\"\n");
    assert_eq!(p[0].key, "render.jsc_workers", "{p:?}");
}

#[test]
fn planned_memory_is_every_worker_at_its_bound_plus_the_jobs_budget() {
    let d = dir_with_script();
    let c = parse_in(
        d.path(),
        "[render]\nscript = \"w.js\"\njsc_workers = 3\n[render.lifecycle]\nmax_memory_mb = 100\n[jobs]\nmemory_budget_mb = 50\ndefault_memory_mb = 50\n",
    )
    .unwrap();
    assert_eq!(c.planned_memory_bytes(), Some(350 << 20));
    let c = parse_in(
        d.path(),
        "[render]\nscript = \"w.js\"\n[render.lifecycle]\nmax_memory_mb = 0\n",
    )
    .unwrap();
    assert_eq!(c.planned_memory_bytes(), None);
}

#[test]
fn admin_hosts_are_names_kept_lower_case_and_the_rest_is_refused() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    assert_eq!(c.server.admin_hosts, ["localhost"]);
    let src =
        "[server]\nadmin_hosts = [\"Bext.Internal.\", \"ops-1\"]\n[render]\nscript = \"w.js\"\n";
    let c = parse_in(d.path(), src).unwrap();
    assert_eq!(c.server.admin_hosts, ["bext.internal", "ops-1"]);
    let p = problems(
        "[server]\nadmin_hosts = [\"bext.internal:3000\", \"*.example\", \"\"]\n[render]\nscript = \"w.js\"\n",
    );
    assert_eq!(p.len(), 3, "{p:?}");
    assert_eq!(p[0].key, "server.admin_hosts");
    assert_eq!(p[0].line, Some(2));
    assert!(
        p[0].message.starts_with("each entry must be a host name"),
        "{}",
        p[0].message
    );
}

#[test]
fn a_bad_pick_and_a_cache_route_that_is_no_regex_are_named() {
    let p = problems(
        "[render]\nscript = \"w.js\"\npick = \"fastest\"\n[render.cache]\nmax_bytes = 1024\nroutes = [\"^/(\"]\n",
    );
    let keys: Vec<&str> = p.iter().map(|p| p.key.as_str()).collect();
    assert_eq!(keys, ["render.pick", "render.cache.routes"], "{p:?}");
    assert!(
        p[0].message.contains("least_busy_recent"),
        "{}",
        p[0].message
    );
    assert!(p[1].message.contains("regex"), "{}", p[1].message);
}

#[test]
fn scheduling_is_normal_unless_batch_is_asked_and_nothing_else_is_taken() {
    let d = dir_with_script();
    let pool = |extra: &str| {
        let c = parse_in(d.path(), &format!("[render]\nscript = \"w.js\"\n{extra}")).unwrap();
        c.pools[0].settings.batch_scheduling
    };
    assert!(!pool(""));
    assert!(pool("scheduling = \"batch\"\n"));
    assert!(!pool("scheduling = \"normal\"\n"));
    let p = problems("[render]\nscript = \"w.js\"\nscheduling = \"idle\"\n");
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(
        (p[0].key.as_str(), p[0].line),
        ("render.scheduling", Some(3))
    );
    assert!(
        p[0].message.contains("\"batch\" or \"normal\""),
        "{}",
        p[0].message
    );
}
