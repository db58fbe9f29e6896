//! The workers' table of the status page: a row per worker with its
//! sparkline, its sockets and heap, filtered and sorted as the URL says.

use std::fmt::Write;

use serde_json::Value;

use super::{Options, esc, mb, points, uptime};
use crate::history::History;

/// Seconds of RSS a worker's sparkline shows.
const SPARK_SECONDS: usize = 120;

/// Whether a worker row is something to look at.
pub fn is_wrong(w: &Value, max_memory: Option<u64>) -> bool {
    let state = w["state"].as_str().unwrap_or("");
    let rss = w["current_memory_bytes"].as_u64().unwrap_or(0);
    state != "ACTIVE"
        || w["consecutive_failures"].as_u64().unwrap_or(0) > 0
        || !w["last_exit"].is_null()
        || max_memory.is_some_and(|m| rss * 10 > m * 9)
}

pub(super) fn workers(h: &mut String, view: &Value, history: &History, o: &Options) {
    let limits: std::collections::HashMap<&str, Option<u64>> = view["pools"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            (
                p["name"].as_str().unwrap_or(""),
                p["max_memory_bytes"].as_u64(),
            )
        })
        .collect();
    let mut rows: Vec<&Value> = view["workers"].as_array().into_iter().flatten().collect();
    let q = o.filter.to_lowercase();
    rows.retain(|w| {
        let hay = format!(
            "{} {} {} {}",
            w["pool"].as_str().unwrap_or(""),
            w["id"],
            w["pid"],
            w["state"].as_str().unwrap_or("")
        )
        .to_lowercase();
        (q.is_empty() || hay.contains(&q))
            && (!o.wrong
                || is_wrong(
                    w,
                    limits
                        .get(w["pool"].as_str().unwrap_or(""))
                        .copied()
                        .flatten(),
                ))
    });
    let key = |w: &Value, k: &str| w[k].as_u64().unwrap_or(0);
    match o.sort.as_str() {
        "rss" => rows.sort_by_key(|w| std::cmp::Reverse(key(w, "current_memory_bytes"))),
        "requests" => rows.sort_by_key(|w| std::cmp::Reverse(key(w, "requests_served"))),
        "restarts" => rows.sort_by_key(|w| std::cmp::Reverse(key(w, "restarts"))),
        "uptime" => rows.sort_by_key(|w| std::cmp::Reverse(key(w, "uptime_ms"))),
        "state" => rows.sort_by_key(|w| w["state"].as_str().unwrap_or("").to_owned()),
        _ => {}
    }
    let _ = write!(
        h,
        "<section id=\"workers\"><h2>Workers <small id=\"wcount\">{}</small></h2><table class=\"grid\"><thead><tr>\
         <th>pool</th><th>id</th><th>state</th><th>pid</th><th>gen · version</th><th>uptime</th><th>requests</th>\
         <th>in flight</th><th>sockets</th><th>RSS</th><th>JS heap</th><th>restarts</th><th>last exit · reason</th><th></th></tr></thead><tbody id=\"wrows\">",
        rows.len()
    );
    for w in rows {
        worker_row(
            h,
            w,
            history,
            limits
                .get(w["pool"].as_str().unwrap_or(""))
                .copied()
                .flatten(),
        );
    }
    h.push_str("</tbody></table></section>");
}

/// A worker's open WebSockets, or "–" for one that never had any (as
/// `bext ps`, which shows the column only once a pool serves WebSockets).
pub(super) fn sockets(w: &Value) -> String {
    let s = &w["sockets"];
    let used = ["open", "messages_in", "messages_out"]
        .iter()
        .any(|k| s[*k].as_u64().unwrap_or(0) > 0);
    if used {
        s["open"].as_u64().unwrap_or(0).to_string()
    } else {
        "–".into()
    }
}

/// A worker's last exit, rotation reason and last error, each said once:
/// a crash's error is also the start of its last exit.
pub(super) fn reason(w: &Value) -> String {
    let mut parts: Vec<String> = Vec::new();
    for v in [&w["last_exit"], &w["rotation_reason"], &w["last_error"]] {
        let text = match v {
            Value::String(s) => s.clone(),
            Value::Null => continue,
            v => v.to_string(),
        };
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
    }
    parts.join(" · ")
}

fn worker_row(h: &mut String, w: &Value, history: &History, max_memory: Option<u64>) {
    let pool = w["pool"].as_str().unwrap_or("");
    let id = w["id"].as_u64().unwrap_or(0) as u32;
    let state = w["state"].as_str().unwrap_or("");
    let rss = w["current_memory_bytes"].as_u64().unwrap_or(0);
    let spark: Vec<f64> = history
        .slot_fine(pool, id, SPARK_SECONDS)
        .iter()
        .map(|s| s.rss_kb as f64 * 1024.0)
        .collect();
    let top = max_memory
        .map_or(0.0, |m| m as f64)
        .max(spark.iter().copied().fold(1.0, f64::max));
    let reason = reason(w);
    let _ = write!(
        h,
        "<tr data-key=\"{p}/{id}\" class=\"st-{state}\"><td>{p}</td><td>{id}</td><td><span class=\"state st-{state}\">{state}</span></td>\
         <td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"rss\"><svg class=\"spark\" viewBox=\"0 0 80 16\" preserveAspectRatio=\"none\">",
        w["pid"].as_u64().map_or("–".into(), |p| p.to_string()),
        match w["version"].as_str() {
            Some(v) => format!("{} · {}", w["generation"], esc(v)),
            None => w["generation"].to_string(),
        },
        uptime(w["uptime_ms"].as_u64().unwrap_or(0)),
        w["requests_served"],
        w["in_flight"],
        sockets(w),
        p = esc(pool),
    );
    if let Some(m) = max_memory {
        let y = 16.0 - (m as f64 / top) * 16.0;
        let _ = write!(
            h,
            "<line class=\"limit\" x1=\"0\" x2=\"80\" y1=\"{y:.1}\" y2=\"{y:.1}\"/>"
        );
    }
    let _ = write!(
        h,
        "<polyline points=\"{}\"/></svg> {}</td><td>{}</td><td>{}</td><td class=\"why\">{}</td><td class=\"act\"></td></tr>",
        points(&spark, 80.0, 16.0, top, 40, 0),
        mb(rss),
        heap(w),
        w["restarts"],
        esc(&reason),
    );
}

/// The JS heap, and what the censuses say it retains per 1,000 requests
/// (flagged when that is a leak).
fn heap(w: &Value) -> String {
    let now = mb(w["js_heap_bytes"].as_u64().unwrap_or(0));
    let g = &w["heap_growth"];
    match g["bytes_per_1k"].as_f64() {
        Some(b) => format!(
            "{now} · {:.1} KB/1k{}",
            b / 1024.0,
            if g["leaking"] == true {
                " <b class=\"leak\">leaking</b>"
            } else {
                ""
            }
        ),
        None => now,
    }
}
