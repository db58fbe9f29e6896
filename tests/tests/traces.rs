//! End-to-end: OpenTelemetry traces exported over OTLP/HTTP to a real
//! receiver on loopback (`tests/otlp/receiver.py`, which decodes with the
//! official `opentelemetry-proto` package that scripts/test installs in
//! target/py).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bext_e2e::{Daemon, Setup, Signal, poll, wait_for};
use serde_json::Value;

/// The worker's spans: fetch(), bext.trace.span, jobs.
#[path = "traces/worker.rs"]
mod worker;

/// A render through the response cache.
#[path = "traces/cache.rs"]
mod cache;

/// Slow requests in the feed, exemplars in /metrics.
#[path = "traces/slow.rs"]
mod slow;

/// Query values redacted in spans; broken trace headers never passed on.
#[path = "traces/privacy.rs"]
mod privacy;

/// The handler answers with the trace headers it saw.
const APP: &str = r#"
export function handler(req) {
  if (req.path === "/throw") throw new Error("boom");
  return { traceparent: req.headers["traceparent"] || null, baggage: req.headers["baggage"] || null };
}
"#;

/// A receiver process and the spans it printed.
struct Receiver {
    child: Child,
    port: u16,
    spans: Arc<Mutex<Vec<Value>>>,
}

impl Receiver {
    fn start(args: &[&str]) -> Receiver {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let python = root.join("target/py/bin/python");
        assert!(
            python.exists(),
            "{} is missing: scripts/test installs it with opentelemetry-proto",
            python.display()
        );
        let mut child = Command::new(python)
            .arg(root.join("tests/otlp/receiver.py"))
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the receiver");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().expect("receiver's first line").unwrap();
        let port = first.strip_prefix("listening ").unwrap().parse().unwrap();
        let spans = Arc::new(Mutex::new(Vec::new()));
        let sink = spans.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                sink.lock()
                    .unwrap()
                    .push(serde_json::from_str(&line).unwrap());
            }
        });
        Receiver { child, port, spans }
    }

    fn spans(&self) -> Vec<Value> {
        self.spans.lock().unwrap().clone()
    }

    /// Waits for the spans of `trace_id` until `n` have come.
    fn trace(&self, trace_id: &str, n: usize) -> Vec<Value> {
        wait_for(Duration::from_secs(10), "the spans of the trace", || {
            let got: Vec<Value> = self
                .spans()
                .into_iter()
                .filter(|s| s["trace_id"] == trace_id)
                .collect();
            (got.len() >= n).then_some(got)
        })
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn config(endpoint: &str, extra: &str) -> String {
    format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n\n[tracing]\nenabled = true\nendpoint = \"{endpoint}\"\n{extra}\n"
    )
}

/// bextd exporting every 50 ms rather than every 5 s.
fn start(config: &str) -> Daemon {
    start_app(config, &[("worker.js", APP)])
}

fn start_app(config: &str, files: &[(&str, &str)]) -> Daemon {
    let d = Daemon::start_with(Setup {
        config,
        files,
        env: &[("OTEL_BSP_SCHEDULE_DELAY", "50")],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

fn named<'a>(spans: &'a [Value], name: &str) -> &'a Value {
    spans
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no {name} span in {spans:#?}"))
}

fn metric(d: &Daemon, name: &str) -> f64 {
    let text = d.get("/metrics").body;
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in /metrics"))
}

#[test]
fn an_incoming_trace_is_continued_and_its_spans_nest() {
    let rx = Receiver::start(&[]);
    let endpoint = format!("http://127.0.0.1:{}", rx.port);
    let d = start(&config(
        &endpoint,
        "server_timing = true\nservice_name = \"shop\"",
    ));
    let trace_id = "4bf92f3577b34da6a3ce929d0e0e4736";
    let caller = "00f067aa0ba902b7";
    let r = d.request(
        "GET",
        "/page?x=1",
        &[
            ("traceparent", &format!("00-{trace_id}-{caller}-01")),
            ("baggage", "user=42"),
        ],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let seen = r.json();
    let handler_tp = seen["traceparent"].as_str().unwrap().to_owned();
    assert_eq!(seen["baggage"], "user=42", "baggage is passed through");
    let parts: Vec<&str> = handler_tp.split('-').collect();
    assert_eq!(parts[1], trace_id, "the handler is in the caller's trace");
    assert_ne!(parts[2], caller, "the handler's parent is bextd's span");

    let spans = rx.trace(trace_id, 4);
    let server = named(&spans, "GET");
    assert_eq!(server["parent"], caller, "the caller's span is the parent");
    assert_eq!(server["kind"], 2, "SPAN_KIND_SERVER");
    assert_eq!(server["service"], "shop");
    let a = &server["attributes"];
    assert_eq!(a["http.request.method"], "GET");
    assert_eq!(a["url.path"], "/page");
    assert_eq!(a["http.response.status_code"], 200);
    assert_eq!(a["bext.pool"], "render");
    let dispatch = named(&spans, "dispatch");
    assert_eq!(dispatch["parent"], server["span_id"]);
    assert_eq!(
        named(&spans, "run")["span_id"],
        parts[2],
        "the handler sees the run span"
    );
    let a = &dispatch["attributes"];
    assert_eq!(a["bext.worker.id"], 0);
    assert_eq!(a["bext.worker.generation"], d.workers()[0]["generation"]);
    assert_eq!(a["bext.retry"], 0);
    for child in ["queue", "run"] {
        assert_eq!(
            named(&spans, child)["parent"],
            dispatch["span_id"],
            "{child}"
        );
    }
    let server_id = server["span_id"].as_str().unwrap();
    assert_eq!(
        r.header("traceresponse"),
        Some(format!("00-{trace_id}-{server_id}-01").as_str())
    );
    assert!(r.header("server-timing").unwrap().contains(server_id));
}

#[test]
fn a_request_without_a_traceparent_starts_a_trace() {
    let rx = Receiver::start(&[]);
    let d = start(&config(&format!("http://127.0.0.1:{}", rx.port), ""));
    let r = d.get("/");
    let tp = r.json()["traceparent"].as_str().unwrap().to_owned();
    let trace_id = tp.split('-').nth(1).unwrap();
    let spans = rx.trace(trace_id, 4);
    assert_eq!(named(&spans, "GET")["parent"], "", "a root span");
    assert!(r.header("traceresponse").is_none(), "server_timing is off");
}

/// A handler that throws: the server span says so, with the exception as
/// an event, and bextd's log line about it carries the trace id.
#[test]
fn a_thrown_error_is_an_exception_event_and_a_log_line_with_the_trace_id() {
    let rx = Receiver::start(&[]);
    let d = start(&config(&format!("http://127.0.0.1:{}", rx.port), ""));
    let trace_id = "0af7651916cd43dd8448eb211c80319c";
    let tp = format!("00-{trace_id}-b7ad6b7169203331-01");
    let r = d.request("GET", "/throw", &[("traceparent", &tp)], b"");
    assert_eq!(r.status, 500);
    let spans = rx.trace(trace_id, 4);
    let server = named(&spans, "GET");
    assert_eq!(server["status"], 2, "STATUS_CODE_ERROR");
    assert_eq!(server["attributes"]["http.response.status_code"], 500);
    let event = &server["events"][0];
    assert_eq!(event["name"], "exception");
    assert_eq!(event["attributes"]["exception.message"], "Error: boom");
    d.wait_log(&format!("trace_id={trace_id}"), Duration::from_secs(5));
}

#[test]
fn sampling_at_zero_sends_nothing() {
    let rx = Receiver::start(&[]);
    let endpoint = format!("http://127.0.0.1:{}", rx.port);
    let mut d = start(&config(
        &endpoint,
        "sampler = \"parentbased_traceidratio\"\nratio = 0.0",
    ));
    for _ in 0..20 {
        let r = d.get("/");
        assert_eq!(r.status, 200);
        let tp = r.json()["traceparent"].as_str().unwrap().to_owned();
        assert!(
            tp.ends_with("-00"),
            "the handler sees an unsampled context: {tp}"
        );
    }
    // A caller's unsampled context is handed on: its trace, a new parent.
    let caller = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00";
    let tp = d
        .request("GET", "/", &[("traceparent", caller)], b"")
        .json()["traceparent"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        tp.starts_with("00-0af7651916cd43dd8448eb211c80319c-"),
        "{tp}"
    );
    assert!(
        tp.ends_with("-00") && !tp.contains("b7ad6b7169203331"),
        "{tp}"
    );
    // A graceful stop flushes what is queued: nothing was.
    d.signal(Signal::SIGTERM);
    assert!(d.wait_exit(Duration::from_secs(20)).success());
    assert!(rx.spans().is_empty(), "{:#?}", rx.spans());
}

/// Requests against a receiver that is not there, or too slow: every one is
/// answered at once, and the spans it could not take are counted.
#[test]
fn a_receiver_down_or_slow_costs_no_request_and_drops_are_counted() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let down = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let slow = Receiver::start(&["--delay", "5"]);
    let slow_url = format!("http://127.0.0.1:{}", slow.port);
    for endpoint in [down, slow_url] {
        let d = start(&config(
            &endpoint,
            "export_timeout_ms = 200\nmax_queue_size = 8",
        ));
        let began = Instant::now();
        for _ in 0..50 {
            assert_eq!(d.get("/").status, 200);
        }
        let took = began.elapsed();
        assert!(
            took < Duration::from_secs(5),
            "{endpoint}: 50 requests took {took:?}"
        );
        let dropped = poll(Duration::from_secs(10), || {
            let n = metric(&d, "bext_trace_spans_dropped_total");
            (n >= 100.0).then_some(n)
        });
        assert!(dropped.is_some(), "{endpoint}: {}", d.get("/metrics").body);
        assert_eq!(metric(&d, "bext_trace_spans_exported_total"), 0.0);
    }
}

/// A bad `OTEL_*` variable is refused like a bad key: bextd and
/// `--check-config` exit 78 with one line naming the variable and its rule.
#[test]
fn a_bad_otel_variable_is_a_config_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("worker.js"), APP).unwrap();
    let toml = config("http://127.0.0.1:4318", "");
    std::fs::write(dir.path().join("bext.toml"), toml).unwrap();
    let cases = [
        ("OTEL_TRACES_SAMPLER", "bogus", "must be one of always_on"),
        (
            "OTEL_TRACES_SAMPLER_ARG",
            "1.5",
            "must be a ratio from 0 to 1",
        ),
        ("OTEL_SDK_DISABLED", "maybe", "must be true or false"),
    ];
    for (name, value, rule) in cases {
        for args in [
            &["--config", "bext.toml"][..],
            &["--check-config", "--config", "bext.toml"],
        ] {
            let out = Command::new(bext_e2e::bin("bextd"))
                .args(args)
                .current_dir(dir.path())
                .env_remove("RUST_LOG")
                .env(name, value)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(78), "{name}: {stderr}");
            let want = format!(
                "bextd: invalid configuration: environment variable {name}=\"{value}\" {rule}"
            );
            assert!(stderr.starts_with(&want), "{name}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        }
    }
    // A bad endpoint variable turns tracing on, and is refused the same way.
    std::fs::write(
        dir.path().join("bext.toml"),
        "[render]\nscript = \"worker.js\"\n",
    )
    .unwrap();
    let out = Command::new(bext_e2e::bin("bextd"))
        .args(["--check-config", "--config", "bext.toml"])
        .current_dir(dir.path())
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(78), "{stderr}");
    assert!(
        stderr.contains(
            "OTEL_EXPORTER_OTLP_ENDPOINT=\"collector:4318\" must be an http:// or https:// URL"
        ),
        "{stderr}"
    );
}
