//! Measures the parts of a worker boot that happen inside the process:
//! creating the QuickJS runtime with the prelude, and loading a script.
//!
//!   cargo run --release -p bext-worker --example boot_cost -- SCRIPT [N]

use std::time::{Duration, Instant};

use bext_worker::engine::{Engine, EngineOptions};
use bext_worker::host::HostEvent;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let script = std::fs::canonicalize(args.get(1).expect("usage: boot_cost SCRIPT [N]")).unwrap();
    let n: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let (mut new_t, mut load_t) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..n {
        let t0 = Instant::now();
        let engine = Engine::new(EngineOptions::default()).unwrap();
        let t1 = Instant::now();
        engine.start_load(1, &script);
        loop {
            engine.run_jobs();
            if engine
                .take_events()
                .iter()
                .any(|e| matches!(e, HostEvent::Done { token: 1, .. }))
            {
                break;
            }
        }
        load_t += t1.elapsed();
        new_t += t1 - t0;
    }
    println!(
        "runtime + prelude: {:.3} ms, script load: {:.3} ms (mean of {n})",
        new_t.as_secs_f64() * 1000.0 / n as f64,
        load_t.as_secs_f64() * 1000.0 / n as f64
    );
}
