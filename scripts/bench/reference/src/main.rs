//! Reference server for `scripts/bench/throughput.sh`: the same JS handler
//! as bextd's workers, called in-process. One thread per core, each with
//! its own QuickJS engine and its own SO_REUSEPORT listener, so it is the
//! ceiling a pool that crosses a process boundary per request is compared to.
//!
//! With `--static` instead of a script it answers every request with the
//! hello example's page and runs no JS: what the HTTP front alone costs
//! (hyper, TCP), the floor of bextd's own share of a request.
//!
//! Usage: bext-bench-reference SCRIPT|--static ADDR [THREADS]

use std::convert::Infallible;
use std::net::SocketAddr;
use std::rc::Rc;
use std::time::{Duration, Instant};

use bext_worker::engine::{Engine, EngineOptions};
use bext_worker::host::HostEvent;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: bext-bench-reference SCRIPT|--static ADDR [THREADS]");
        std::process::exit(2);
    }
    let script =
        (args[1] != "--static").then(|| std::fs::canonicalize(&args[1]).expect("script path"));
    let addr: SocketAddr = args[2].parse().expect("address");
    let threads = args.get(3).and_then(|t| t.parse().ok()).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let script = script.clone();
            std::thread::spawn(move || serve(script, addr))
        })
        .collect();
    println!("reference listening on http://{addr} with {threads} threads");
    for h in handles {
        let _ = h.join();
    }
}

fn listener(addr: SocketAddr) -> std::net::TcpListener {
    let s = socket2::Socket::new(
        socket2::Domain::for_address(addr),
        socket2::Type::STREAM,
        None,
    )
    .unwrap();
    s.set_reuse_port(true).unwrap();
    s.set_reuse_address(true).unwrap();
    s.bind(&addr.into()).unwrap();
    s.listen(1024).unwrap();
    s.set_nonblocking(true).unwrap();
    s.into()
}

fn serve(script: Option<std::path::PathBuf>, addr: SocketAddr) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let local = tokio::task::LocalSet::new();
    local.block_on(&rt, async move {
        let engine = match script {
            Some(script) => {
                let engine = Rc::new(Engine::new(EngineOptions::default()).unwrap());
                engine.start_load(1, &script);
                match wait(&engine, 1) {
                    Some(Ok(_)) => {}
                    Some(Err(e)) => panic!("script failed to load: {}", e.describe()),
                    None => panic!("script did not finish loading"),
                }
                Some(engine)
            }
            None => None,
        };
        let listener = tokio::net::TcpListener::from_std(listener(addr)).unwrap();
        let mut next = 2u32;
        loop {
            let Ok((stream, peer)) = listener.accept().await else {
                continue;
            };
            let _ = stream.set_nodelay(true);
            let engine = engine.clone();
            let base = next;
            next = next.wrapping_add(1 << 20);
            tokio::task::spawn_local(async move {
                let n = std::cell::Cell::new(base);
                let svc = service_fn(move |req: Request<Incoming>| {
                    n.set(n.get().wrapping_add(1));
                    let token = n.get();
                    let engine = engine.clone();
                    async move {
                        Ok::<_, Infallible>(match engine {
                            Some(engine) => call(&engine, token, peer, req).await,
                            None => page(req).await,
                        })
                    }
                });
                let _ = http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    });
}

/// The hello example's answer to `GET /`, without JS.
async fn page(req: Request<Incoming>) -> Response<supervisor::front::body::Body> {
    let (parts, body) = req.into_parts();
    let _ = body.collect().await;
    let html = format!(
        "<h1>Hello from bext</h1><p>{} {}</p>",
        parts.method, parts.uri
    );
    let resp = protocol::worker::HttpResponse {
        status: 200,
        headers: vec![("content-type".into(), "text/html; charset=utf-8".into())],
        body: html.into_bytes(),
    };
    supervisor::front::worker_response("reference", resp)
}

async fn call(
    engine: &Engine,
    token: u32,
    peer: SocketAddr,
    req: Request<Incoming>,
) -> Response<supervisor::front::body::Body> {
    let (parts, body) = req.into_parts();
    let body = body
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    let request = supervisor::front::worker_request(&parts, &body, &peer.ip().to_string());
    engine.dispatch(token, token as u64, request);
    let result = match wait(engine, token) {
        Some(r) => r,
        None => {
            // An async handler: drive timers until it settles.
            loop {
                tokio::time::sleep(Duration::from_millis(1)).await;
                if let Some(r) = wait(engine, token) {
                    break r;
                }
            }
        }
    };
    match result {
        Ok(resp) => supervisor::front::worker_response("reference", resp),
        Err(_) => supervisor::front::plain(
            hyper::StatusCode::INTERNAL_SERVER_ERROR,
            "the handler threw an error",
        ),
    }
}

/// Runs jobs and due timers once; returns the token's result if it is done.
fn wait(
    engine: &Engine,
    token: u32,
) -> Option<Result<protocol::worker::HttpResponse, bext_worker::host::JsFailure>> {
    let t0 = Instant::now();
    let mut found = None;
    loop {
        engine.run_jobs();
        engine.fire_due_timers();
        for e in engine.take_events() {
            if let HostEvent::Done { token: t, result } = e
                && t == token
            {
                found = Some(result);
            }
        }
        if found.is_some()
            || engine.next_timer().is_none()
            || t0.elapsed() > Duration::from_millis(1)
        {
            return found;
        }
    }
}
