//! Measures the first import of Node built-ins: for each, a fresh engine
//! loads a script that times `await import("node:X")` with
//! `performance.now()` and logs it. Medians of N rounds, in milliseconds.
//!
//!   cargo run -p bext-worker --example builtin_cost -- [N]

use std::path::Path;
use std::rc::Rc;

use bext_worker::engine::{Engine, EngineOptions};
use bext_worker::host::HostEvent;
use bext_worker::loader::ModuleCache;

const BUILTINS: &[&str] = &["buffer", "stream", "fs", "zlib", "crypto", "events", "os"];

/// The first import's time that a fresh engine loading `script` logs.
fn first_import(script: &Path) -> f64 {
    let engine = Engine::new(EngineOptions {
        modules: Rc::new(ModuleCache::new("bench".into(), Vec::new())),
        ..EngineOptions::default()
    })
    .unwrap();
    engine.start_load(1, script);
    let mut took = None;
    loop {
        engine.run_jobs();
        for event in engine.take_events() {
            match event {
                HostEvent::Log { message, .. } => took = message.trim().parse().ok(),
                HostEvent::Done { token: 1, result } => {
                    if let Err(e) = result {
                        panic!("{} does not load: {}", script.display(), e.describe());
                    }
                    return took.expect("the script logs its import's time");
                }
                _ => {}
            }
        }
    }
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    let dir = std::env::temp_dir().join(format!("bext-builtin-cost-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in BUILTINS {
        let script = dir.join(format!("{name}.mjs"));
        std::fs::write(
            &script,
            format!(
                "const t0 = performance.now();\n\
                 await import(\"node:{name}\");\n\
                 console.log(String(performance.now() - t0));\n\
                 export default {{ fetch() {{}} }};\n"
            ),
        )
        .unwrap();
        let mut times: Vec<f64> = (0..n).map(|_| first_import(&script)).collect();
        times.sort_by(f64::total_cmp);
        println!("node:{name}: {:.3} ms (median of {n})", times[n / 2]);
    }
    std::fs::remove_dir_all(&dir).ok();
}
