//! Measures the parts of a worker boot that happen inside the process:
//! creating the QuickJS runtime with the prelude, and loading a script.
//! With `--cache`, the script loads twice per round through the module
//! cache, as a pool's workers do: cold (compiled, or transformed and
//! compiled, bytecode written to offer) and warm (the bytecode the cold
//! boot offered).
//!
//! With `--confine`, modules are confined to the script's folder (and the
//! packages its `node_modules` lead to), as in a pool's workers.
//!
//!   cargo run --release -p bext-worker --example boot_cost -- SCRIPT [N] [--cache] [--confine]

use std::rc::Rc;
use std::time::{Duration, Instant};

use bext_worker::engine::{Engine, EngineOptions};
use bext_worker::host::HostEvent;
use bext_worker::loader::ModuleCache;

/// Boots an engine loading `script` through `modules`: (runtime, load).
fn boot(script: &std::path::Path, modules: Rc<ModuleCache>) -> (Duration, Duration) {
    let t0 = Instant::now();
    let engine = Engine::new(EngineOptions {
        modules,
        ..EngineOptions::default()
    })
    .unwrap();
    let t1 = Instant::now();
    engine.start_load(1, script);
    loop {
        engine.run_jobs();
        let events = engine.take_events();
        if let Some(HostEvent::Done { result, .. }) = events
            .iter()
            .find(|e| matches!(e, HostEvent::Done { token: 1, .. }))
        {
            if let Err(e) = result {
                panic!("{} does not load: {}", script.display(), e.describe());
            }
            break;
        }
    }
    (t1 - t0, t1.elapsed())
}

fn ms(d: Duration, n: u32) -> f64 {
    d.as_secs_f64() * 1000.0 / f64::from(n)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let script =
        std::fs::canonicalize(args.get(1).expect("usage: boot_cost SCRIPT [N] [--cache]")).unwrap();
    let n: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    if args.iter().any(|a| a == "--confine") {
        let root = script.parent().expect("a script is in a folder");
        bext_worker::loader::confine::confine(&protocol::worker::ReadPolicy {
            root: root.display().to_string(),
            read_roots: Vec::new(),
        });
    }
    if args.iter().any(|a| a == "--cache") {
        let (mut cold, mut warm) = (Duration::ZERO, Duration::ZERO);
        let mut counts = (0, 0);
        for _ in 0..n {
            let first = Rc::new(ModuleCache::new("bench".into(), Vec::new()));
            cold += boot(&script, first.clone()).1;
            let second = Rc::new(ModuleCache::new("bench".into(), first.take_fresh()));
            warm += boot(&script, second.clone()).1;
            counts = (first.counts().1, second.counts().0);
        }
        println!(
            "script load cold: {:.3} ms ({} compiled), warm: {:.3} ms ({} from bytecode) (mean of {n})",
            ms(cold, n),
            counts.0,
            ms(warm, n),
            counts.1
        );
        return;
    }
    let (mut new_t, mut load_t) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..n {
        let (a, b) = boot(&script, Rc::default());
        new_t += a;
        load_t += b;
    }
    println!(
        "runtime + prelude: {:.3} ms, script load: {:.3} ms (mean of {n})",
        ms(new_t, n),
        ms(load_t, n)
    );
}
