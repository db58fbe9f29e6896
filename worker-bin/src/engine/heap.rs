//! The engine's heap figures: QuickJS's census of what it holds, and the
//! walk of `bext heap` (the prelude's `js/heap.js`, called through the glue).

use protocol::heap::{Census, HeapReport, Retainer, WalkLimits};
use rquickjs::{CatchResultExt, Function};
use serde_json::Value;

use super::{Engine, caught_to_string};

fn count(n: i64) -> u64 {
    n.max(0) as u64
}

impl Engine {
    /// Collects, then sets QuickJS's next automatic collection where its
    /// own collections set it: when the heap has grown by half of what is
    /// left now. A collection asked for by a call (`JS_RunGC`) leaves the
    /// trigger where the last automatic one put it, which the template's
    /// heap has passed by the end of the prelude: without this, the first
    /// allocation of every forked worker collected, and a collection
    /// writes every object's header (reference counts, marks), so each
    /// worker copied the template's whole heap at boot.
    pub fn collect_and_rearm(&self) {
        self.run_gc();
        let left = self.rt.memory_usage().malloc_size.max(0) as usize;
        self.rt.set_gc_threshold(left + left / 2);
    }

    /// QuickJS's counters now (`requests`: what the worker has served).
    pub fn census(&self, requests: u64) -> Census {
        let m = self.rt.memory_usage();
        Census {
            requests,
            malloc_bytes: count(m.malloc_size),
            used_bytes: count(m.memory_used_size),
            objects: count(m.obj_count),
            object_bytes: count(m.obj_size),
            strings: count(m.str_count),
            string_bytes: count(m.str_size),
            arrays: count(m.array_count),
            array_elements: count(m.fast_array_elements),
            functions: count(m.js_func_count),
            function_bytes: count(m.js_func_size),
            shapes: count(m.shape_count),
            shape_bytes: count(m.shape_size),
            properties: count(m.prop_count),
            property_bytes: count(m.prop_size),
            atoms: count(m.atom_count),
            atom_bytes: count(m.atom_size),
        }
    }

    /// Collects, takes the census, then walks the heap within `limits`.
    /// The caller sets the interrupt deadline: past it the walk is cut off
    /// and the report says why.
    pub fn heap_walk(&self, limits: WalkLimits, requests: u64) -> HeapReport {
        self.run_gc();
        let census = self.census(requests);
        let started = std::time::Instant::now();
        let json = self.ctx.with(|ctx| {
            let run = || -> rquickjs::Result<String> {
                let glue = self.glue.clone().restore(&ctx)?;
                let f: Function = glue.get("heapWalk")?;
                f.call((limits.budget_ms as f64, limits.max_depth, limits.top))
            };
            run().catch(&ctx).map_err(caught_to_string)
        });
        // Past its backstop the interrupt cut the walk off: say so, and
        // leave no interrupt behind for the loop to report as a timeout.
        if self.take_interrupted().is_some() {
            return HeapReport {
                census,
                stopped_at_budget: true,
                elapsed_ms: started.elapsed().as_millis() as u64,
                error: Some("interrupted past its time budget".into()),
                ..HeapReport::default()
            };
        }
        let walked = json.and_then(|j| {
            serde_json::from_str::<Value>(&j).map_err(|e| format!("unreadable walk report: {e}"))
        });
        match walked {
            Ok(w) => report(&w, census),
            Err(error) => HeapReport {
                census,
                error: Some(error),
                ..HeapReport::default()
            },
        }
    }
}

/// The report from `js/heap.js`'s JSON.
fn report(w: &Value, census: Census) -> HeapReport {
    let n = |v: &Value, k: &str| v[k].as_f64().unwrap_or(0.0).max(0.0) as u64;
    let text = |v: &Value, k: &str| v[k].as_str().unwrap_or("").to_owned();
    let retainers = w["retainers"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    HeapReport {
        retainers: retainers
            .iter()
            .map(|r| Retainer {
                path: text(r, "path"),
                kind: text(r, "kind"),
                entries: n(r, "entries"),
                bytes: n(r, "bytes"),
                objects: n(r, "objects"),
            })
            .collect(),
        visited: n(w, "visited"),
        elapsed_ms: n(w, "elapsed"),
        stopped_at_budget: w["stopped"].as_bool().unwrap_or(false),
        census,
        error: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineOptions;

    /// Whether a collection ran during a boot's worth of allocations made
    /// after `collect`: a cycle made before them goes only in one.
    fn boot_collects(collect: impl Fn(&Engine)) -> bool {
        let engine = Engine::new(EngineOptions::default()).expect("an engine");
        collect(&engine);
        let eval = |code: &str| -> bool {
            engine
                .ctx
                .with(|ctx| {
                    ctx.eval::<bool, _>(code)
                        .catch(&ctx)
                        .map_err(caught_to_string)
                })
                .expect("the test's JS runs")
        };
        eval(
            "globalThis.cycle = (() => { const a = {}; a.self = a; return new WeakRef(a); })(); true",
        );
        engine.run_jobs();
        // About what the hello example's load and startup allocate.
        eval("globalThis.boot = Array.from({ length: 1000 }, (_, i) => ({ i, s: 'x' + i })); true");
        engine.run_jobs();
        eval("cycle.deref() === undefined")
    }

    #[test]
    fn a_template_collection_sets_the_next_one_past_a_workers_boot() {
        assert!(
            boot_collects(Engine::run_gc),
            "a collection by call alone leaves QuickJS's trigger behind the heap (the case this guards)"
        );
        assert!(!boot_collects(Engine::collect_and_rearm));
    }
}
