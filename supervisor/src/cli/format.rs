//! What `bext` prints: the worker table of seed 000, per-worker stats,
//! last exits and quarantined requests. Pure functions of the status rows.

use protocol::control::{ContainerLimits, Quarantined, RotationReason, WorkerState, WorkerStatus};

use crate::logging::escape;

/// `3421` → `3,421`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Bytes as `142 MB` (MiB), with one decimal under 10.
pub fn megabytes(bytes: u64) -> String {
    let mb = bytes as f64 / (1024.0 * 1024.0);
    if bytes == 0 {
        "-".into()
    } else if mb < 10.0 {
        format!("{mb:.1} MB")
    } else {
        format!("{mb:.0} MB")
    }
}

/// Milliseconds as `2h 15m`, `3m 20s`, `45s`, `1d 4h`.
pub fn duration(ms: u64) -> String {
    let s = ms / 1000;
    let (d, h, m, sec) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if d > 0 {
        format!("{d}d {h}h")
    } else if h > 0 {
        format!("{h}h {m}m")
    } else if m > 0 {
        format!("{m}m {sec}s")
    } else {
        format!("{sec}s")
    }
}

/// The note after a row: why the worker is (being) replaced. Text that came
/// from a worker (an error message) has its control characters escaped, so
/// it cannot rewrite the terminal.
pub fn reason(w: &WorkerStatus) -> String {
    escape(&note(w)).into_owned()
}

fn note(w: &WorkerStatus) -> String {
    if let (WorkerState::Active, Some(limit)) = (w.state, &w.overstaying) {
        return format!("(serving past its limit: {limit}; its replacement could not start)");
    }
    match (w.state, &w.rotation_reason, &w.last_error) {
        (_, Some(RotationReason::GaveUp), e) => {
            format!("(gave up: {})", e.as_deref().unwrap_or("too many failures"))
        }
        (WorkerState::Draining, Some(r), _) => format!("(rotating: {r})"),
        (WorkerState::Active, Some(r), _) => format!("(rotation pending: {r})"),
        (WorkerState::Failed, _, Some(e)) => format!("(failed: {e})"),
        (WorkerState::Booting, _, _) if w.consecutive_failures > 0 => {
            format!("(restart after {} failures)", w.consecutive_failures)
        }
        _ => String::new(),
    }
}

/// The `bext ps` table of seed 000, with a POOL column when there are
/// several pools.
/// `bext ps`'s first line in a container with limits:
/// `Container limits: 1.5 CPUs, 512 MB memory`.
pub fn limits_line(l: &ContainerLimits) -> String {
    let mut parts = Vec::new();
    if let Some(c) = l.cpus {
        parts.push(format!(
            "{} CPU{}",
            trim_float(c),
            if c == 1.0 { "" } else { "s" }
        ));
    }
    if let Some(m) = l.memory_bytes {
        parts.push(format!("{} memory", protocol::size::format_size(m)));
    }
    if parts.is_empty() {
        return String::new();
    }
    format!("Container limits: {}\n", parts.join(", "))
}

fn trim_float(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

pub fn ps_table(workers: &[WorkerStatus]) -> String {
    let mut slots: Vec<(&str, u32)> = workers.iter().map(|w| (w.pool.as_str(), w.id)).collect();
    slots.dedup();
    let active = workers
        .iter()
        .filter(|w| w.state == WorkerState::Active)
        .count();
    let mut pools: Vec<&str> = workers.iter().map(|w| w.pool.as_str()).collect();
    pools.dedup();
    let multi = pools.len() > 1;
    let mut rows = vec![{
        let mut h = vec!["ID"];
        if multi {
            h.push("POOL");
        }
        h.extend(["PID", "State", "Requests", "Memory", "Uptime", "Avg Render"]);
        h.into_iter().map(String::from).collect::<Vec<_>>()
    }];
    rows.extend(workers.iter().map(|w| ps_row(w, multi)));
    let cols = rows[0].len();
    let widths: Vec<usize> = (0..cols)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = format!("Workers ({active}/{} active)\n", slots.len());
    for (i, r) in rows.iter().enumerate() {
        let mut line = String::from(" ");
        for (c, cell) in r.iter().enumerate() {
            line.push(' ');
            line.push_str(cell);
            if c + 1 < cols {
                line.push_str(&" ".repeat(widths[c] - cell.chars().count() + 1));
            }
        }
        if i > 0 {
            let note = reason(&workers[i - 1]);
            if !note.is_empty() {
                line.push_str("  ");
                line.push_str(&note);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&version_lines(workers));
    out.push_str(&deploy_notes(workers));
    out
}

/// After the table (whose columns stay seed 000's), each pool's version:
/// `render: v1a2b3c4d`, or during a rollout which workers run which.
fn version_lines(workers: &[WorkerStatus]) -> String {
    let mut pools: Vec<&str> = Vec::new();
    for w in workers {
        if !pools.contains(&w.pool.as_str()) {
            pools.push(&w.pool);
        }
    }
    let mut out = String::new();
    for pool in pools {
        let mut by: Vec<(&str, Vec<String>)> = Vec::new();
        for w in workers.iter().filter(|w| w.pool == pool && w.pid.is_some()) {
            let Some(v) = w.version.as_deref() else {
                continue;
            };
            match by.iter_mut().find(|(id, _)| *id == v) {
                Some((_, ids)) => ids.push(w.id.to_string()),
                None => by.push((v, vec![w.id.to_string()])),
            }
        }
        let text = match by.as_slice() {
            [] => continue,
            [(v, _)] => v.to_string(),
            many => many
                .iter()
                .map(|(v, ids)| format!("{v} on {}", ids.join(", ")))
                .collect::<Vec<_>>()
                .join("; "),
        };
        out.push_str(&format!("{pool}: version {text}\n"));
    }
    out
}

/// Each pool's last deploy failure, one line per pool, after the table.
fn deploy_notes(workers: &[WorkerStatus]) -> String {
    let mut out = String::new();
    let mut seen: Vec<&str> = Vec::new();
    for w in workers {
        if let Some(d) = &w.deploy
            && !seen.contains(&w.pool.as_str())
        {
            seen.push(&w.pool);
            out.push_str(&format!("{}: {}\n", w.pool, escape(d)));
        }
    }
    out
}

/// `bext ps --long`: each slot's last unplanned exit, once per slot.
pub fn last_exits(workers: &[WorkerStatus]) -> String {
    let mut out = String::new();
    let mut seen = Vec::new();
    for w in workers {
        if seen.contains(&(&w.pool, w.id)) {
            continue;
        }
        seen.push((&w.pool, w.id));
        if let Some(e) = &w.last_exit {
            out.push_str(&format!(
                "  {} {}: last exit: {}\n",
                w.pool,
                w.id,
                escape(e)
            ));
        }
    }
    if out.is_empty() {
        "No unplanned exit.\n".into()
    } else {
        format!("Last exits\n{out}")
    }
}

/// One worker's cells of the `bext ps` table.
fn ps_row(w: &WorkerStatus, multi: bool) -> Vec<String> {
    let mut r = vec![w.id.to_string()];
    if multi {
        r.push(w.pool.clone());
    }
    r.push(w.pid.map(|p| p.to_string()).unwrap_or_else(|| "-".into()));
    r.push(w.state.to_string());
    r.push(thousands(w.requests_served));
    r.push(megabytes(w.current_memory_bytes));
    r.push(if w.pid.is_some() {
        duration(w.uptime_ms)
    } else {
        "-".into()
    });
    r.push(if w.requests_served > 0 {
        format!("{:.1}ms", w.avg_render_time_ms)
    } else {
        "-".into()
    });
    r
}

/// `bext workers stats`: every field of every worker.
pub fn stats_text(workers: &[WorkerStatus]) -> String {
    let mut out = String::new();
    for w in workers {
        out.push_str(&format!(
            "{} worker {} (pid {})\n",
            w.pool,
            w.id,
            w.pid
                .map(|p| p.to_string())
                .unwrap_or_else(|| "none".into())
        ));
        let fields = [
            ("state", w.state.to_string()),
            ("generation", w.generation.to_string()),
            ("requests served", thousands(w.requests_served)),
            ("requests failed", thousands(w.requests_failed)),
            ("in flight", w.in_flight.to_string()),
            (
                "total render time",
                format!("{:.1} ms", w.total_render_time_ms),
            ),
            ("avg render time", format!("{:.2} ms", w.avg_render_time_ms)),
            ("memory (RSS)", megabytes(w.current_memory_bytes)),
            ("peak memory", megabytes(w.peak_memory_bytes)),
            ("js heap", megabytes(w.js_heap_bytes)),
            ("uptime", duration(w.uptime_ms)),
            ("restarts", w.restarts.to_string()),
            ("swaps", w.swaps.to_string()),
            ("consecutive failures", w.consecutive_failures.to_string()),
            (
                "rotation reason",
                w.rotation_reason
                    .as_ref()
                    .map_or_else(|| "-".into(), ToString::to_string),
            ),
            (
                "last error",
                w.last_error
                    .as_deref()
                    .map_or_else(|| "-".into(), |e| escape(e).into_owned()),
            ),
        ];
        for (k, v) in fields {
            out.push_str(&format!("  {k:<22}{v}\n"));
        }
    }
    out
}

/// The quarantined signatures, one line each.
pub fn quarantine_text(q: &[Quarantined]) -> String {
    let mut out = String::from("Quarantined (queries of death)\n");
    for e in q {
        out.push_str(&format!(
            "  {} {} {} body#{}  {}s left  ({})\n",
            e.pool,
            e.method,
            escape(&e.path),
            &e.body_hash[..8.min(e.body_hash.len())],
            e.remaining_ms.div_ceil(1000),
            escape(&e.reason)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
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
            rotation_reason: reason.map(|r| RotationReason::from(r.to_string())),
            last_error: None,
            messages_sent: 0,
            last_exit: None,
            swaps: 0,
            version: None,
            deploy: None,
            overstaying: None,
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
            lines[2]
                .ends_with("(serving past its limit: requests; its replacement could not start)"),
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
}
