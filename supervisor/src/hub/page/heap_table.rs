//! The last heap walk of each pool (`bext heap`, `GET /__bext/heap`), as
//! the status page shows it: which worker, when, how far the walk got, and
//! the largest retainers by path.

use std::fmt::Write;

use serde_json::Value;

use super::esc;

/// Retainers shown per walk: the largest.
const SHOWN: usize = 10;

pub(super) fn walks(h: &mut String, view: &Value) {
    h.push_str("<section id=\"heap\"><h2>Heap walks</h2>");
    let walks = view["heap_walks"].as_array().filter(|w| !w.is_empty());
    let Some(walks) = walks else {
        h.push_str(
            "<p class=\"quiet\">No walk yet. <code>bext heap POOL</code> takes one worker out \
             of rotation, walks what its globals and exports hold, and puts it back; \
             the last walk of each pool is shown here.</p></section>",
        );
        return;
    };
    for w in walks {
        walk(h, w);
    }
    h.push_str("</section>");
}

fn walk(h: &mut String, w: &Value) {
    let n = |k: &str| w[k].as_u64().unwrap_or(0);
    let ago_s = crate::history::unix_ms().saturating_sub(n("at")) / 1000;
    let budget = if w["stopped_at_budget"] == true {
        " — stopped at its time budget: the figures are a lower bound"
    } else {
        ""
    };
    let _ = write!(
        h,
        "<h3>{} worker {} (pid {}, generation {}), {ago_s} s ago</h3>\
         <p>walked {} objects in {} ms{budget}</p>",
        esc(w["pool"].as_str().unwrap_or("")),
        n("worker"),
        n("pid"),
        n("generation"),
        n("visited"),
        n("elapsed_ms"),
    );
    if let Some(e) = w["error"].as_str() {
        let _ = write!(h, "<p class=\"why\">the walk failed: {}</p>", esc(e));
    }
    h.push_str(
        "<table class=\"grid\"><thead><tr><th>path</th><th>kind</th><th>entries</th>\
         <th>bytes</th><th>objects</th></tr></thead><tbody>",
    );
    for r in w["retainers"].as_array().into_iter().flatten().take(SHOWN) {
        let m = |k: &str| r[k].as_u64().unwrap_or(0);
        let _ = write!(
            h,
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(r["path"].as_str().unwrap_or("")),
            esc(r["kind"].as_str().unwrap_or("")),
            m("entries"),
            protocol::size::format_size(m("bytes")),
            m("objects"),
        );
    }
    h.push_str("</tbody></table>");
}
