//! The jobs' table of the status page, and the line about their store.

use std::fmt::Write;

use serde_json::Value;

use super::{esc, mb};

/// Where jobs are kept, and whether it can be written now: (class, text).
pub(super) fn store_line(store: &Value) -> (&'static str, String) {
    let text = |k: &str| store[k].as_str().unwrap_or("").to_owned();
    let (class, state) = match store["down_since"].as_u64() {
        Some(since) if store["up"] == false => {
            let out_s = crate::history::unix_ms().saturating_sub(since) / 1000;
            ("down", format!("OUT for {out_s} s: {}", text("error")))
        }
        _ => ("up", "up".to_owned()),
    };
    let line = format!("store: {} {} — {state}", text("kind"), text("location"));
    (class, line)
}

pub(super) fn jobs(h: &mut String, view: &Value) {
    let (class, line) = store_line(&view["store"]);
    let _ = write!(
        h,
        "<section id=\"jobs\"><h2>Jobs</h2><p id=\"store\" class=\"store {class}\">{}</p>",
        esc(&line)
    );
    h.push_str(
        "<table class=\"grid\"><thead><tr><th>id</th><th>pool</th><th>state</th>\
         <th>progress</th><th>RSS / reserved</th><th>pid</th><th></th></tr></thead><tbody id=\"jrows\">",
    );
    for j in view["jobs"].as_array().into_iter().flatten() {
        let rss = j["rss_bytes"].as_u64().unwrap_or(0);
        let reserved = j["memory_bytes"].as_u64().unwrap_or(0);
        let _ = write!(
            h,
            "<tr data-job=\"{id}\"><td>{id}</td><td>{}</td><td>{}</td><td><meter min=\"0\" max=\"1\" value=\"{}\"></meter></td>\
             <td><meter min=\"0\" max=\"{reserved}\" value=\"{rss}\"></meter> {} / {}</td><td>{}</td><td class=\"act\"></td></tr>",
            esc(j["pool"].as_str().unwrap_or("")),
            esc(&j["status"]
                .as_str()
                .map_or_else(|| j["status"].to_string(), str::to_owned)),
            j["progress"].as_f64().unwrap_or(0.0),
            mb(rss),
            mb(reserved),
            j["pid"].as_u64().map_or("–".into(), |p| p.to_string()),
            id = esc(j["id"].as_str().unwrap_or("")),
        );
    }
    h.push_str("</tbody></table></section>");
}
