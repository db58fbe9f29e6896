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
    // Only pools that serve WebSockets show their count.
    let sockets = workers.iter().any(|w| w.sockets != Default::default());
    let mut rows = vec![{
        let mut h = vec!["ID"];
        if multi {
            h.push("POOL");
        }
        h.extend(["PID", "State", "Requests"]);
        if sockets {
            h.push("Sockets");
        }
        h.extend(["Memory", "Uptime", "Avg Render"]);
        h.into_iter().map(String::from).collect::<Vec<_>>()
    }];
    rows.extend(workers.iter().map(|w| ps_row(w, multi, sockets)));
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
fn ps_row(w: &WorkerStatus, multi: bool, sockets: bool) -> Vec<String> {
    let mut r = vec![w.id.to_string()];
    if multi {
        r.push(w.pool.clone());
    }
    r.push(w.pid.map(|p| p.to_string()).unwrap_or_else(|| "-".into()));
    r.push(w.state.to_string());
    r.push(thousands(w.requests_served));
    if sockets {
        r.push(thousands(u64::from(w.sockets.open)));
    }
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
            ("websockets open", w.sockets.open.to_string()),
            (
                "websocket messages",
                format!(
                    "{} in, {} out",
                    thousands(w.sockets.messages_in),
                    thousands(w.sockets.messages_out)
                ),
            ),
            (
                "websocket bytes",
                format!(
                    "{} in, {} out",
                    megabytes(w.sockets.bytes_in),
                    megabytes(w.sockets.bytes_out)
                ),
            ),
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
#[path = "format_tests.rs"]
mod tests;
