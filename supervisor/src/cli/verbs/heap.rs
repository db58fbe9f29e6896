//! `bext heap POOL [--worker ID]` and the heap census of `bext ps --long`:
//! what they print, as pure functions of the replies.

use std::path::Path;

use protocol::control::{ControlReply, ControlRequest, WorkerStatus};
use protocol::heap::{Census, HeapAnswer, HeapGrowth};

use crate::cli::client::{ClientError, request};
use crate::cli::format::{megabytes, thousands};
use crate::logging::escape;

/// Asks bextd for a heap walk; the report as text, or as JSON.
pub fn run(
    socket: &Path,
    pool: &str,
    worker: Option<u32>,
    budget_ms: Option<u64>,
    json: bool,
) -> Result<String, ClientError> {
    let req = ControlRequest::Heap {
        pool: pool.to_owned(),
        worker,
        budget_ms,
    };
    match request(socket, &req)? {
        ControlReply::Heap(answer) if json => {
            Ok(serde_json::to_string_pretty(&answer).unwrap_or_default() + "\n")
        }
        ControlReply::Heap(answer) => Ok(report_text(&answer)),
        other => Err(ClientError::BadReply(format!("{other:?}"))),
    }
}

/// The walk's report: who was walked, the largest retainers, the census.
pub fn report_text(a: &HeapAnswer) -> String {
    let r = &a.report;
    let mut out = format!(
        "{} worker {} (pid {}, generation {}): walked {} objects in {} ms{}\n",
        a.pool,
        a.worker,
        a.pid,
        a.generation,
        thousands(r.visited),
        r.elapsed_ms,
        if r.stopped_at_budget {
            " and stopped at its time budget: the figures are a lower bound"
        } else {
            ""
        }
    );
    if let Some(e) = &r.error {
        out.push_str(&format!("  the walk failed: {}\n", escape(e)));
    }
    if r.retainers.is_empty() {
        out.push_str("  nothing held by the script's globals or exports\n");
    } else {
        let width = r.retainers.iter().map(|x| x.path.len()).max().unwrap_or(0);
        out.push_str(&format!(
            "  {:<width$}  {:<8} {:>10} {:>10} {:>10}\n",
            "PATH", "KIND", "ENTRIES", "BYTES", "OBJECTS"
        ));
        for x in &r.retainers {
            out.push_str(&format!(
                "  {:<width$}  {:<8} {:>10} {:>10} {:>10}\n",
                escape(&x.path),
                x.kind,
                thousands(x.entries),
                bytes(x.bytes),
                thousands(x.objects)
            ));
        }
    }
    out.push_str(&format!("  census: {}\n", census_text(&r.census)));
    if let Some(g) = &a.growth {
        out.push_str(&format!("  growth: {}\n", growth_text(g)));
    }
    out
}

/// `bext ps --long`'s census of each worker that has one.
pub fn census_lines(workers: &[WorkerStatus]) -> String {
    let mut out = String::new();
    for w in workers {
        let Some(c) = &w.census else { continue };
        out.push_str(&format!("  {} {}: {}\n", w.pool, w.id, census_text(c)));
        if let Some(g) = &w.heap_growth {
            out.push_str(&format!(
                "  {} {}: growth {}\n",
                w.pool,
                w.id,
                growth_text(g)
            ));
        }
    }
    if out.is_empty() {
        "No heap census yet (a worker takes one once it has been idle a moment).\n".into()
    } else {
        format!("Heap census (after the last idle collection)\n{out}")
    }
}

pub fn census_text(c: &Census) -> String {
    format!(
        "{} used ({} allocated) after {} requests: {} objects, {} functions, {} strings, {} arrays, {} properties, {} shapes, {} atoms",
        bytes(c.used_bytes),
        bytes(c.malloc_bytes),
        thousands(c.requests),
        thousands(c.objects),
        thousands(c.functions),
        thousands(c.strings),
        thousands(c.arrays),
        thousands(c.properties),
        thousands(c.shapes),
        thousands(c.atoms),
    )
}

pub fn growth_text(g: &HeapGrowth) -> String {
    format!(
        "{}{}",
        g.describe(),
        if g.leaking { ", leaking" } else { "" }
    )
}

/// Bytes as `812 B`, `14.2 KB` or `3.1 MB`.
fn bytes(n: u64) -> String {
    if n < 1024 {
        format!("{n} B")
    } else if n < 1024 * 1024 {
        format!("{:.1} KB", n as f64 / 1024.0)
    } else {
        megabytes(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::heap::{HeapReport, Retainer};

    #[test]
    fn a_report_names_each_retainer_and_says_when_the_walk_stopped_early() {
        let a = HeapAnswer {
            pool: "render".into(),
            worker: 1,
            pid: 4242,
            generation: 3,
            report: HeapReport {
                retainers: vec![Retainer {
                    path: "globalThis.cache".into(),
                    kind: "Map".into(),
                    entries: 48_213,
                    bytes: 5 << 20,
                    objects: 96_426,
                }],
                visited: 96_500,
                elapsed_ms: 41,
                stopped_at_budget: true,
                census: Census::default(),
                error: None,
            },
            growth: None,
        };
        let text = report_text(&a);
        assert!(
            text.contains("render worker 1 (pid 4242, generation 3)"),
            "{text}"
        );
        assert!(text.contains("stopped at its time budget"), "{text}");
        assert!(text.contains("globalThis.cache"), "{text}");
        assert!(text.contains("48,213"), "{text}");
        assert!(text.contains("5.0 MB"), "{text}");
    }
}
