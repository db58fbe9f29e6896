//! Measures what one request costs inside the worker: the engine's
//! dispatch, the handler, and the answer handed back, for a script that
//! answers a hello (no socket, no master).
//!
//!   cargo run --release -p bext-worker --example hello_cost -- SCRIPT [N]

use std::time::Instant;

use bext_worker::engine::{Engine, EngineOptions};
use bext_worker::host::HostEvent;
use protocol::worker::HttpRequest;

fn wait(engine: &Engine, token: u32) {
    loop {
        engine.run_jobs();
        if engine
            .take_events()
            .iter()
            .any(|e| matches!(e, HostEvent::Done { token: t, .. } if *t == token))
        {
            return;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let script = std::fs::canonicalize(args.get(1).expect("usage: hello_cost SCRIPT [N]")).unwrap();
    let n: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let engine = Engine::new(EngineOptions::default()).unwrap();
    engine.start_load(1, &script);
    wait(&engine, 1);
    let req = HttpRequest {
        method: "GET".into(),
        url: "/".into(),
        headers: vec![
            ("host".into(), "127.0.0.1".into()),
            ("user-agent".into(), "bench".into()),
        ],
        body: vec![],
        ip: "127.0.0.1".into(),
    };
    for i in 0..n / 10 {
        engine.dispatch(2, u64::from(i), req.clone());
        wait(&engine, 2);
    }
    let t0 = Instant::now();
    for i in 0..n {
        engine.dispatch(2, u64::from(i), req.clone());
        wait(&engine, 2);
    }
    let per = t0.elapsed().as_secs_f64() * 1e6 / f64::from(n);
    println!("{per:.3} us per request (mean of {n})");
}
