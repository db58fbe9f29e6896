//! Coalescing through `serve`, with a render that waits for the test to
//! let it answer (a stand-in for the worker; the e2e tests use real ones).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use protocol::worker::{HttpRequest, HttpResponse};
use tokio::sync::watch;

use super::*;

fn get(url: &str) -> HttpRequest {
    HttpRequest {
        method: "GET".into(),
        url: url.into(),
        headers: Vec::new(),
        body: Vec::new(),
        ip: "127.0.0.1".into(),
    }
}

/// What a test's render gives: an answer and the version that made it.
type Rendering = std::pin::Pin<Box<dyn Future<Output = Result<(HttpResponse, u64), ()>> + Send>>;

fn cache() -> Arc<ResponseCache> {
    let rules = crate::config::Cache {
        max_bytes: 1 << 20,
        ..crate::config::Cache::default()
    };
    Arc::new(ResponseCache::new(&rules).unwrap())
}

/// A render that counts its calls and answers with `headers` once `gate`
/// opens.
fn render(
    calls: Arc<AtomicU64>,
    gate: watch::Receiver<bool>,
    headers: &'static [(&'static str, &'static str)],
) -> impl Fn(HttpRequest) -> Rendering + Send + Sync + 'static {
    move |_req| {
        let n = calls.fetch_add(1, Ordering::SeqCst) + 1;
        let mut gate = gate.clone();
        Box::pin(async move {
            let _ = gate.wait_for(|open| *open).await;
            let resp = HttpResponse {
                status: 200,
                headers: headers
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                body: format!("render {n}").into_bytes(),
            };
            Ok((resp, 1))
        })
    }
}

/// Starts `n` requests for `/page` and waits until one renders and the
/// rest follow its flight.
async fn start(
    c: &Arc<ResponseCache>,
    n: usize,
    r: impl Fn(HttpRequest) -> Rendering + Send + Sync + Clone + 'static,
) -> Vec<tokio::task::JoinHandle<Result<HttpResponse, ()>>> {
    let tasks: Vec<_> = (0..n)
        .map(|_| {
            let (c, r) = (c.clone(), r.clone());
            tokio::spawn(async move { c.serve(get("/page"), r).await })
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if flight_followers(c) == n - 1 {
            return tasks;
        }
        assert!(
            Instant::now() < deadline,
            "the requests never joined one flight"
        );
        tokio::task::yield_now().await;
    }
}

/// How many requests joined another's flight.
fn flight_followers(c: &ResponseCache) -> usize {
    c.counts.coalesced.load(Ordering::SeqCst) as usize
}

fn label(r: &HttpResponse) -> &str {
    r.headers
        .iter()
        .find(|(k, _)| k == "x-bext-cache")
        .map_or("", |(_, v)| v)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_misses_on_one_key_make_one_render() {
    let c = cache();
    let calls = Arc::new(AtomicU64::new(0));
    let (open, gate) = watch::channel(false);
    let r = render(
        calls.clone(),
        gate,
        &[("cache-control", "public, s-maxage=60")],
    );
    let r = Arc::new(r);
    let r = move |q| r(q);
    let tasks = start(&c, 50, r).await;
    open.send(true).unwrap();
    let mut labels = Vec::new();
    for t in tasks {
        let resp = t.await.unwrap().unwrap();
        assert_eq!(resp.body, b"render 1");
        labels.push(label(&resp).to_string());
    }
    assert_eq!(
        calls.load(Ordering::SeqCst),
        1,
        "one render for 50 requests"
    );
    assert_eq!(labels.iter().filter(|l| *l == "miss").count(), 1);
    assert_eq!(labels.iter().filter(|l| *l == "hit").count(), 49);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_may_not_be_shared_sends_each_waiter_to_a_worker() {
    let c = cache();
    let calls = Arc::new(AtomicU64::new(0));
    let (open, gate) = watch::channel(false);
    let headers = &[("cache-control", "s-maxage=60"), ("set-cookie", "sid=1")];
    let r = Arc::new(render(calls.clone(), gate, headers));
    let r = move |q| r(q);
    let tasks = start(&c, 5, r).await;
    open.send(true).unwrap();
    for t in tasks {
        let resp = t.await.unwrap().unwrap();
        assert!(resp.headers.iter().any(|(k, _)| k == "set-cookie"));
    }
    assert_eq!(calls.load(Ordering::SeqCst), 5, "each renders its own");
    assert_eq!(c.figures().bytes, 0, "nothing stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_rendered_across_a_hot_swap_is_not_stored() {
    let c = cache();
    let calls = Arc::new(AtomicU64::new(0));
    let (open, gate) = watch::channel(false);
    let r = Arc::new(render(
        calls.clone(),
        gate,
        &[("cache-control", "public, s-maxage=60")],
    ));
    let r = move |q| r(q);
    let task = {
        let (c, r) = (c.clone(), r.clone());
        tokio::spawn(async move { c.serve(get("/page"), r).await })
    };
    // Once the render is called, it runs the code of before the swap.
    let deadline = Instant::now() + Duration::from_secs(10);
    while calls.load(Ordering::SeqCst) == 0 {
        assert!(Instant::now() < deadline, "the render never began");
        tokio::task::yield_now().await;
    }
    c.clear();
    open.send(true).unwrap();
    assert_eq!(task.await.unwrap().unwrap().body, b"render 1");
    assert_eq!(c.figures().bytes, 0, "the old code's answer was not kept");
    let next = c.serve(get("/page"), r).await.unwrap();
    assert_eq!(
        (next.body.as_slice(), label(&next)),
        (&b"render 2"[..], "miss")
    );
}
