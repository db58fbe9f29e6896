//! The status page (`GET /__bext/`): one HTML document rendered from the
//! same view its stream sends each second, readable without JavaScript
//! (the tables, the charts as inline SVG, the events with their forensics
//! in `<details>`); `app.js` then keeps it live. Its stylesheet and script
//! are embedded at build time and served from `/__bext/app.css` and
//! `/__bext/app.js`, so the Content-Security-Policy allows nothing inline
//! and nothing from elsewhere.
//!
//! The filter, the sort and "only what is wrong" live in the URL's query
//! (`q`, `sort`, `wrong`), applied here for the first paint and by the
//! script afterwards.

use std::fmt::Write;

use serde_json::Value;

use crate::history::{Event, History};

pub const CSS: &str = include_str!("page/app.css");
pub const JS: &str = include_str!("page/app.js");

/// The page's policy: its own script, style and connections only.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// Seconds of history the first paint's charts show.
const CHART_SECONDS: usize = 300;

/// The URL query's view options.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Options {
    pub filter: String,
    pub sort: String,
    pub wrong: bool,
}

impl Options {
    pub fn parse(query: &str) -> Options {
        let mut o = Options::default();
        for (k, v) in query.split('&').filter_map(|kv| kv.split_once('=')) {
            let v = decode(v);
            match k {
                "q" => o.filter = v,
                "sort" => o.sort = v,
                "wrong" => o.wrong = v == "1",
                _ => {}
            }
        }
        o
    }
}

/// `application/x-www-form-urlencoded` decoding of one value.
pub fn decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(a), Some(b)) => {
                        out.push((a * 16 + b) as u8);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '&' => o.push_str("&amp;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// Bytes as MB with one decimal.
fn mb(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1_048_576.0)
}

fn uptime(ms: u64) -> String {
    let s = ms / 1000;
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, (s % 3600) / 60),
    }
}

/// An SVG polyline's points for `values` in a `w`×`h` box, scaled to
/// `max`, at most `cap` of them (each the peak of the values it stands
/// for), rounded to `digits` decimals: a page of 256 rows stays small.
fn points(values: &[f64], w: f64, h: f64, max: f64, cap: usize, digits: usize) -> String {
    let per = values.len().div_ceil(cap.max(1)).max(1);
    let peaks: Vec<f64> = values
        .chunks(per)
        .map(|c| c.iter().copied().fold(0.0, f64::max))
        .collect();
    let n = peaks.len().max(2) - 1;
    let mut out = String::new();
    for (i, v) in peaks.iter().enumerate() {
        let x = w * i as f64 / n as f64;
        let y = h - (v / max.max(1e-9)).min(1.0) * h;
        let _ = write!(out, "{x:.digits$},{y:.digits$} ");
    }
    out
}

/// Renders the page from a view (`status::view`), the history and the
/// kept events.
pub fn render(
    view: &Value,
    history: &History,
    events: &[std::sync::Arc<Event>],
    o: &Options,
) -> String {
    let mut h = String::with_capacity(64 * 1024);
    let actions = view["actions"].as_bool().unwrap_or(false);
    let _ = write!(
        h,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>bext status</title><link rel=\"stylesheet\" href=\"/__bext/app.css\">\
         <script defer src=\"/__bext/app.js\"></script></head>\
         <body data-actions=\"{}\" data-last-event=\"{}\">",
        actions as u8, view["last_event_id"]
    );
    header(&mut h, view, o);
    pools(&mut h, view, history);
    workers(&mut h, view, history, o);
    jobs(&mut h, view);
    walks(&mut h, view);
    feed(&mut h, events);
    h.push_str("</body></html>");
    h
}

fn header(h: &mut String, view: &Value, o: &Options) {
    let limits = &view["limits"];
    let cpu = limits["cpus"]
        .as_f64()
        .map_or("none".into(), |c| format!("{c}"));
    let mem = limits["memory_bytes"].as_u64().map_or("none".into(), mb);
    let _ = write!(
        h,
        "<header><h1>bext</h1><span id=\"conn\" class=\"conn\">snapshot</span>\
         <span class=\"limits\">container CPU limit <b id=\"lim-cpu\">{cpu}</b> · memory limit <b id=\"lim-mem\">{mem}</b></span>\
         <span id=\"token-box\" class=\"hidden\"></span></header>\
         <form id=\"controls\" method=\"get\" action=\"/__bext/\">\
         <input name=\"q\" id=\"q\" placeholder=\"filter: pool, id, pid, state\" value=\"{}\">\
         <select name=\"sort\" id=\"sort\">",
        esc(&o.filter)
    );
    for s in ["id", "state", "rss", "requests", "restarts", "uptime"] {
        let sel = if o.sort == s { " selected" } else { "" };
        let _ = write!(h, "<option value=\"{s}\"{sel}>sort: {s}</option>");
    }
    let checked = if o.wrong { " checked" } else { "" };
    let _ = write!(
        h,
        "</select><label><input type=\"checkbox\" name=\"wrong\" value=\"1\" id=\"wrong\"{checked}> only what is wrong</label>\
         <button type=\"submit\" id=\"apply\">apply</button></form>"
    );
}

fn chart(h: &mut String, id: &str, title: &str, now: &str, lines: &[(&str, Vec<f64>)]) {
    let max = lines
        .iter()
        .flat_map(|(_, v)| v.iter().copied())
        .fold(0.0, f64::max)
        .max(1e-9);
    let _ = write!(
        h,
        "<figure><figcaption>{title} <b id=\"{id}-now\">{now}</b> <small id=\"{id}-max\">max {}</small></figcaption>\
         <svg id=\"{id}\" class=\"chart\" viewBox=\"0 0 300 60\" preserveAspectRatio=\"none\">",
        (max * 10.0).round() / 10.0
    );
    for (class, v) in lines {
        let _ = write!(
            h,
            "<polyline class=\"{class}\" points=\"{}\"/>",
            points(v, 300.0, 60.0, max, 300, 1)
        );
    }
    h.push_str("</svg></figure>");
}

fn pools(h: &mut String, view: &Value, history: &History) {
    h.push_str("<section id=\"pools\"><h2>Pools</h2>");
    for p in view["pools"].as_array().into_iter().flatten() {
        let name = p["name"].as_str().unwrap_or("");
        let samples = history.pool_fine(name, CHART_SECONDS);
        let size = view["workers"].as_array().map_or(0, |w| {
            w.iter()
                .filter(|w| w["pool"] == name && w["state"] == "ACTIVE")
                .count()
        });
        let e = &p["errors"];
        let _ = write!(
            h,
            "<article class=\"pool\" data-pool=\"{n}\"><h3>{n} <span class=\"act\"></span></h3><p class=\"meta\">route <code>{}</code> · \
             <span class=\"size\">{size}</span> active (min {}, max {}) · queue <b class=\"queue\">{}</b> · \
             429 <b class=\"e429\">{}</b> · 502 <b class=\"e502\">{}</b> · 503 <b class=\"e503\">{}</b> · 504 <b class=\"e504\">{}</b> · \
             cache hits <b class=\"cache\">{}</b></p><div class=\"charts\">",
            esc(p["route"].as_str().unwrap_or("")),
            p["min_workers"],
            p["max_workers"],
            p["queue"],
            e["429"],
            e["502"],
            e["503"],
            e["504"],
            super::status::hit_ratio(&p["cache"]),
            n = esc(name),
        );
        let id = format!("c-{}", esc(name));
        let rps: Vec<f64> = samples.iter().map(|s| s.rps as f64).collect();
        let p50: Vec<f64> = samples.iter().map(|s| s.p50_ms as f64).collect();
        let p99: Vec<f64> = samples.iter().map(|s| s.p99_ms as f64).collect();
        let queue: Vec<f64> = samples.iter().map(|s| s.queue as f64).collect();
        chart(
            h,
            &format!("{id}-rps"),
            "req/s",
            &format!("{:.1}", p["rps"].as_f64().unwrap_or(0.0)),
            &[("l1", rps)],
        );
        chart(
            h,
            &format!("{id}-lat"),
            "p50 / p99 ms",
            &format!(
                "{:.2} / {:.2}",
                p["p50_ms"].as_f64().unwrap_or(0.0),
                p["p99_ms"].as_f64().unwrap_or(0.0)
            ),
            &[("l1", p50), ("l2", p99)],
        );
        chart(
            h,
            &format!("{id}-queue"),
            "queue",
            &p["queue"].to_string(),
            &[("l1", queue)],
        );
        h.push_str("</div></article>");
    }
    statics(h, view);
    h.push_str("</section>");
}

/// One line per `[[static]]` entry: requests, bytes sent, 304s.
fn statics(h: &mut String, view: &Value) {
    for s in view["static"].as_array().into_iter().flatten() {
        let _ = write!(
            h,
            "<p class=\"meta static\">static <code>{}</code> · requests <b>{}</b> · bytes <b>{}</b> · 304 <b>{}</b></p>",
            esc(s["prefix"].as_str().unwrap_or("")),
            s["requests"],
            s["bytes"],
            s["not_modified"],
        );
    }
}

/// One event as a list item; `detail` opens on click.
pub fn event_item(h: &mut String, e: &Event) {
    let whom = match (&e.pool, e.worker, &e.job) {
        (_, _, Some(j)) => format!("job {j}"),
        (Some(p), Some(w), _) => format!("{p}/{w}"),
        (Some(p), None, _) => p.clone(),
        _ => String::new(),
    };
    let _ = write!(
        h,
        "<li class=\"ev lv-{}\" data-id=\"{}\"><time datetime=\"{}\">{}</time> <b>{}</b> <span class=\"who\">{}</span> {}",
        e.level,
        e.id,
        e.at,
        clock(e.at),
        e.kind,
        esc(&whom),
        esc(&e.text)
    );
    if let Some(t) = &e.trace_id {
        let _ = write!(
            h,
            " <span class=\"trace\">trace <code>{}</code></span>",
            esc(t)
        );
    }
    if let Some(d) = &e.detail {
        let pretty = serde_json::to_string_pretty(d).unwrap_or_default();
        let _ = write!(
            h,
            "<details><summary>details</summary><pre>{}</pre></details>",
            esc(&pretty)
        );
    }
    h.push_str("</li>");
}

/// `HH:MM:SS` (UTC) of a Unix time in ms.
fn clock(ms: u64) -> String {
    let s = ms / 1000;
    format!("{:02}:{:02}:{:02}", (s / 3600) % 24, (s / 60) % 60, s % 60)
}

fn feed(h: &mut String, events: &[std::sync::Arc<Event>]) {
    h.push_str("<section id=\"events\"><h2>Events</h2><ol id=\"feed\">");
    for e in events.iter().rev() {
        event_item(h, e);
    }
    h.push_str("</ol></section>");
}

mod heap_table;
mod job_table;
mod worker_table;
#[cfg(test)]
use job_table::store_line;
pub use worker_table::is_wrong;
#[cfg(test)]
use worker_table::{reason, sockets};
use {heap_table::walks, job_table::jobs, worker_table::workers};

#[cfg(test)]
mod tests;
