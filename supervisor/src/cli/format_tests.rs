//! Tests of `format`: the tables and texts of `bext`.

use super::*;

fn w(
    id: u32,
    pool: &str,
    state: WorkerState,
    served: u64,
    mb: u64,
    reason: Option<&str>,
) -> WorkerStatus {
    WorkerStatus {
        id,
        pool: pool.into(),
        pid: Some(1000 + id),
        generation: 1,
        state,
        requests_served: served,
        requests_failed: 0,
        in_flight: 0,
        total_render_time_ms: served as f64 * 4.2,
        avg_render_time_ms: 4.2,
        current_memory_bytes: mb * 1024 * 1024,
        peak_memory_bytes: mb * 1024 * 1024,
        js_heap_bytes: 0,
        started_at: 0,
        uptime_ms: (2 * 3600 + 15 * 60) * 1000,
        last_request_at: None,
        restarts: 0,
        consecutive_failures: 0,
        rotation_reason: reason.map(|r| r.parse::<RotationReason>().unwrap()),
        last_error: None,
        messages_sent: 0,
        last_exit: None,
        swaps: 0,
        version: None,
        deploy: None,
        overstaying: None,
        sockets: Default::default(),
        census: None,
        heap_growth: None,
    }
}

#[test]
fn ps_shows_versions_overstaying_workers_and_a_failed_deploy() {
    let mut a = w(0, "render", WorkerState::Active, 2400, 40, Some("requests"));
    a.overstaying = Some("requests".into());
    a.version = Some("v1a2b3c4d".into());
    a.deploy = Some("deploy of v99999999 failed: Error: boom".into());
    let mut b = w(1, "render", WorkerState::Active, 10, 40, None);
    b.version = Some("v1a2b3c4d".into());
    b.deploy = a.deploy.clone();
    let mut c = w(2, "render", WorkerState::Active, 10, 40, None);
    c.version = Some("v55555555".into());
    let t = ps_table(&[a.clone(), b.clone()]);
    let lines: Vec<&str> = t.lines().collect();
    assert!(lines[1].ends_with("Avg Render"), "seed 000's columns: {t}");
    assert!(
        lines[2].ends_with("(serving past its limit: requests; its replacement could not start)"),
        "{t}"
    );
    assert_eq!(lines[4], "render: version v1a2b3c4d", "{t}");
    assert_eq!(
        lines[5], "render: deploy of v99999999 failed: Error: boom",
        "{t}"
    );
    assert_eq!(lines.len(), 6, "the failure is shown once: {t}");
    let t = ps_table(&[a, b, c]);
    assert!(
        t.contains("render: version v1a2b3c4d on 0, 1; v55555555 on 2\n"),
        "{t}"
    );
}

#[test]
fn ps_matches_the_seed_layout() {
    let rows = [
        w(0, "render", WorkerState::Active, 3421, 142, None),
        w(1, "render", WorkerState::Active, 3380, 138, None),
        w(
            2,
            "render",
            WorkerState::Draining,
            3412,
            256,
            Some("memory"),
        ),
        w(3, "render", WorkerState::Active, 3399, 145, None),
    ];
    let want = "\
Workers (3/4 active)
  ID  PID   State     Requests  Memory  Uptime  Avg Render
  0   1000  ACTIVE    3,421     142 MB  2h 15m  4.2ms
  1   1001  ACTIVE    3,380     138 MB  2h 15m  4.2ms
  2   1002  DRAINING  3,412     256 MB  2h 15m  4.2ms  (rotating: memory)
  3   1003  ACTIVE    3,399     145 MB  2h 15m  4.2ms
";
    assert_eq!(ps_table(&rows), want);
}

#[test]
fn ps_shows_a_pool_column_for_several_pools() {
    let rows = [
        w(0, "render", WorkerState::Active, 1, 4, None),
        w(0, "api", WorkerState::Booting, 0, 3, None),
    ];
    let t = ps_table(&rows);
    assert!(
        t.starts_with("Workers (1/2 active)\n  ID  POOL    PID"),
        "{t}"
    );
    assert!(t.contains("  0   api     1000  BOOTING"), "{t}");
}

#[test]
fn units() {
    assert_eq!(thousands(0), "0");
    assert_eq!(thousands(1_234_567), "1,234,567");
    assert_eq!(megabytes(4_700_000), "4.5 MB");
    assert_eq!(duration(45_000), "45s");
    assert_eq!(duration(200_000), "3m 20s");
    assert_eq!(duration(90_000_000), "1d 1h");
}

#[test]
fn a_slot_that_gave_up_says_why() {
    let mut s = w(1, "render", WorkerState::Failed, 0, 0, Some("gave up"));
    s.pid = None;
    s.last_error = Some("boot failed: SyntaxError".into());
    assert_eq!(reason(&s), "(gave up: boot failed: SyntaxError)");
}

#[test]
fn worker_text_cannot_rewrite_the_terminal() {
    let mut s = w(1, "render", WorkerState::Failed, 0, 0, None);
    s.pid = None;
    s.last_error = Some("boom\u{1b}[2J\nfake line".into());
    let note = reason(&s);
    assert!(!note.contains('\u{1b}') && !note.contains('\n'), "{note}");
}

#[test]
fn the_container_limits_line_shows_what_is_known() {
    let l = |cpus, memory_bytes| limits_line(&ContainerLimits { cpus, memory_bytes });
    assert_eq!(
        l(Some(1.5), Some(512 << 20)),
        "Container limits: 1.5 CPUs, 512 MB memory\n"
    );
    assert_eq!(l(Some(1.0), None), "Container limits: 1 CPU\n");
    assert_eq!(l(None, Some(3 << 29)), "Container limits: 1.5 GB memory\n");
    assert_eq!(l(None, None), "");
}

#[test]
fn ps_shows_open_sockets_once_a_pool_serves_websockets() {
    let mut rows = [
        w(0, "render", WorkerState::Active, 3421, 142, None),
        w(1, "render", WorkerState::Active, 3380, 138, None),
    ];
    assert!(!ps_table(&rows).contains("Sockets"));
    rows[1].sockets.open = 1200;
    let table = ps_table(&rows);
    assert!(
        table.contains("  ID  PID   State   Requests  Sockets  Memory"),
        "{table}"
    );
    assert!(
        table.contains("  1   1001  ACTIVE  3,380     1,200    138 MB"),
        "{table}"
    );
}
