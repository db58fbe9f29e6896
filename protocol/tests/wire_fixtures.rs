//! The wire format is pinned: each sample message must encode to the bytes
//! checked in under `tests/fixtures/`. A failure here means the encoding
//! changed: bump `PROTOCOL_VERSION`, then regenerate the fixtures with
//! `BEXT_BLESS=1 cargo test -p bext-protocol --test wire_fixtures`.

use std::path::PathBuf;

use bytes::BytesMut;
use protocol::codec::{decode, encode};
use protocol::worker::{
    CompiledModule, Compression, FetchPolicy, Heartbeat, HttpRequest, HttpResponse, JobCall,
    JobOutcome, JobSpawn, JobStart, LogLevel, MasterToWorker, Outcome, ReadPolicy, SocketData,
    WorkerIdentity, WorkerSettings, WorkerToMaster,
};
use protocol::{DEFAULT_MAX_FRAME_BYTES, Hello, PROTOCOL_VERSION};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn check<T>(name: &str, msg: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let mut wire = BytesMut::new();
    encode(msg, DEFAULT_MAX_FRAME_BYTES, &mut wire).unwrap();
    let hex: String = wire.iter().map(|b| format!("{b:02x}")).collect();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("v{PROTOCOL_VERSION}-{name}.hex"));
    if std::env::var_os("BEXT_BLESS").is_some() {
        std::fs::write(&path, format!("{hex}\n")).unwrap();
    }
    let pinned = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("missing fixture {}: {e}", path.display()));
    assert_eq!(pinned.trim(), hex, "encoding of {name} changed");
    let back: T = decode(&mut wire, DEFAULT_MAX_FRAME_BYTES).unwrap().unwrap();
    assert_eq!(&back, msg);
}

#[test]
fn hello() {
    check("hello", &Hello::new(4242));
}

#[test]
fn init() {
    check(
        "init",
        &MasterToWorker::Init {
            identity: WorkerIdentity {
                id: 2,
                pool: "render".into(),
                generation: 5,
            },
            settings: WorkerSettings {
                script: "/srv/app/worker.js".into(),
                request_timeout_ms: 30_000,
                heartbeat_interval_ms: 1_000,
                js_memory_limit_mb: 0,
                max_frame_bytes: DEFAULT_MAX_FRAME_BYTES,
                compress: Some(Compression {
                    content_type_regex: "^text/".into(),
                    min_bytes: 1024,
                }),
                job_budget_bytes: 256 << 20,
                job_default_memory_bytes: 64 << 20,
                env: vec![("API_URL".into(), "http://127.0.0.1:9000".into())],
                fetch: FetchPolicy {
                    allow: vec!["api.example.com".into(), "*.cdn.example".into()],
                    timeout_ms: 30_000,
                    max_response_bytes: 16 << 20,
                },
                batch_scheduling: true,
                read: ReadPolicy {
                    root: "/srv/app".into(),
                    read_roots: vec!["/srv/shared".into()],
                },
                tmp_max_bytes: 64 << 20,
            },
            modules: vec![CompiledModule {
                path: "/srv/app/lib.js".into(),
                source: b"export const a = 1;".to_vec(),
                engine: "2049:1234:5678:1700000000.5".into(),
                bytecode: vec![0x13, 0x02, 0x00, 0xff],
            }],
        },
    );
}

#[test]
fn request() {
    check(
        "request",
        &MasterToWorker::Request {
            id: 77,
            request: HttpRequest {
                method: "POST".into(),
                url: "/api?q=1".into(),
                headers: vec![("content-type".into(), "application/json".into())],
                body: b"{\"a\":1}".to_vec(),
                ip: "127.0.0.1".into(),
            }
            .into(),
        },
    );
}

#[test]
fn responses() {
    check(
        "response-ok",
        &WorkerToMaster::Response {
            id: 77,
            outcome: Outcome::Ok(HttpResponse {
                status: 201,
                headers: vec![("x-a".into(), "b".into())],
                body: b"hi".to_vec(),
            }),
        },
    );
    check(
        "response-error",
        &WorkerToMaster::Response {
            id: 78,
            outcome: Outcome::Error {
                message: "boom".into(),
                stack: "at handler".into(),
            },
        },
    );
    check(
        "response-timeout",
        &WorkerToMaster::Response {
            id: 79,
            outcome: Outcome::Timeout {
                stack:
                    "    at spin (/srv/app/worker.js:2:20)\n    at handler (/srv/app/worker.js:5:3)"
                        .into(),
            },
        },
    );
    check(
        "response-cancelled",
        &WorkerToMaster::Response {
            id: 80,
            outcome: Outcome::Cancelled,
        },
    );
    check(
        "response-oom",
        &WorkerToMaster::Response {
            id: 81,
            outcome: Outcome::OutOfMemory,
        },
    );
}

#[test]
fn cancel() {
    check("cancel", &MasterToWorker::Cancel { id: 77 });
}

#[test]
fn started() {
    check("started", &WorkerToMaster::Started { id: 77 });
}

#[test]
fn streamed_response() {
    check(
        "response-head",
        &WorkerToMaster::ResponseHead {
            id: 77,
            status: 200,
            headers: vec![("content-type".into(), "text/html".into())],
        },
    );
    check(
        "response-chunk",
        &WorkerToMaster::ResponseChunk {
            id: 77,
            data: b"<p>first</p>".to_vec(),
        },
    );
    check(
        "response-streamed",
        &WorkerToMaster::Response {
            id: 77,
            outcome: Outcome::Streamed,
        },
    );
    check("credit", &MasterToWorker::Credit { id: 77, bytes: 12 });
}

#[test]
fn worker_reports() {
    check(
        "ready",
        &WorkerToMaster::Ready {
            modules_cached: 2,
            modules_compiled: 1,
        },
    );
    check(
        "compiled",
        &WorkerToMaster::Compiled(CompiledModule {
            path: "/srv/app/worker.js".into(),
            source: b"export default {};".to_vec(),
            engine: "2049:1234:5678:1700000000.5".into(),
            bytecode: vec![0x13, 0x01],
        }),
    );
    check(
        "heartbeat",
        &WorkerToMaster::Heartbeat(Heartbeat {
            rss_bytes: 4_194_304,
            js_heap_bytes: 123_456,
            in_flight: 3,
        }),
    );
    check(
        "log",
        &WorkerToMaster::Log {
            level: LogLevel::Info,
            message: "hello".into(),
        },
    );
    check(
        "custom",
        &MasterToWorker::Custom {
            id: 5,
            params_json: "{\"a\":1}".into(),
        },
    );
    check(
        "message-to-worker",
        &MasterToWorker::Message {
            data_json: "[1]".into(),
        },
    );
    check("maint", &MasterToWorker::Maint { data_json: None });
    check(
        "message-from-worker",
        &WorkerToMaster::Message {
            data_json: "\"hi\"".into(),
        },
    );
    check("maint-done", &WorkerToMaster::MaintDone { error: None });
    check(
        "swap",
        &MasterToWorker::Swap {
            changes_json: r#"[{"path":"/srv/app/data.json","kind":"rebindable"}]"#.into(),
        },
    );
    check(
        "swap-done",
        &WorkerToMaster::SwapDone {
            error: None,
            missing: false,
        },
    );
}

#[test]
fn jobs() {
    check(
        "run-job",
        &MasterToWorker::RunJob(JobStart {
            id: "0193f2a4b5c6d7e8".into(),
            pool: "render".into(),
            script: "/srv/app/jobs/report.js".into(),
            data_json: "{\"month\":11}".into(),
            checkpoint_json: Some("{\"cursor\":100}".into()),
            restart_count: 2,
            attempt: 1,
            daemon: true,
            max_checkpoint_bytes: 1 << 20,
            max_frame_bytes: DEFAULT_MAX_FRAME_BYTES,
            env: vec![("REGION".into(), "eu".into())],
            fetch: FetchPolicy {
                allow: vec!["api.example.com".into()],
                timeout_ms: 5_000,
                max_response_bytes: 1 << 20,
            },
            read: ReadPolicy {
                root: "/srv/app".into(),
                read_roots: vec![],
            },
            tmp_max_bytes: 64 << 20,
        }),
    );
    check(
        "cancel-job",
        &MasterToWorker::CancelJob {
            interrupt_after_ms: 5000,
        },
    );
    check(
        "job-reply",
        &MasterToWorker::JobReply {
            query: 3,
            reply: Err("no job".into()),
        },
    );
    check(
        "job-progress",
        &WorkerToMaster::JobProgress { progress: 0.5 },
    );
    check(
        "job-checkpoint",
        &WorkerToMaster::JobCheckpoint {
            json: "{\"count\":7}".into(),
        },
    );
    check(
        "job-finished",
        &WorkerToMaster::JobFinished(JobOutcome::Completed {
            result_json: "42".into(),
        }),
    );
    check(
        "job-failed",
        &WorkerToMaster::JobFinished(JobOutcome::Failed {
            message: "Error: x".into(),
            stack: "    at run (/srv/app/jobs/report.js:3:9)".into(),
        }),
    );
    check(
        "job-spawn",
        &WorkerToMaster::JobCall {
            query: 1,
            call: JobCall::Spawn(JobSpawn {
                id: "0193f2a4b5c6d7e8".into(),
                script: "/srv/app/jobs/report.js".into(),
                daemon: false,
                memory_bytes: 64 << 20,
                timeout_ms: 0,
                data_json: "null".into(),
                retry_on_restart: false,
                max_attempts: 3,
                backoff_ms: 0,
                run_at_ms: 0,
                delay_ms: 1_000,
                priority: 1,
                unique_key: Some("report:11".into()),
                unique_for_ms: 60_000,
            }),
        },
    );
    check(
        "job-get",
        &WorkerToMaster::JobCall {
            query: 2,
            call: JobCall::Get {
                id: "0193f2a4b5c6d7e8".into(),
            },
        },
    );
}

#[test]
fn fetch_refused() {
    check(
        "fetch-refused",
        &WorkerToMaster::FetchRefused {
            reason: protocol::fetch_allow::Refusal::Metadata,
        },
    );
}

#[test]
fn websockets() {
    check(
        "socket-messages-in",
        &MasterToWorker::SocketMessages {
            id: 5,
            messages: vec![
                SocketData {
                    text: true,
                    data: b"hi".to_vec(),
                },
                SocketData {
                    text: false,
                    data: vec![0, 255],
                },
            ],
        },
    );
    check(
        "socket-closed",
        &MasterToWorker::SocketClosed {
            id: 5,
            code: 1012,
            reason: "service restart".into(),
        },
    );
    check(
        "socket-credit",
        &MasterToWorker::SocketCredit { id: 5, bytes: 64 },
    );
    check(
        "socket-messages-out",
        &WorkerToMaster::SocketMessages {
            id: 5,
            messages: vec![SocketData {
                text: false,
                data: vec![0, 255],
            }],
        },
    );
    check(
        "socket-close",
        &WorkerToMaster::SocketClose {
            id: 5,
            code: 1000,
            reason: "bye".into(),
        },
    );
}

#[test]
fn spans() {
    use protocol::trace::{AttrValue, ReportedSpan, SpanKind};
    check(
        "spans",
        &WorkerToMaster::Spans(vec![ReportedSpan {
            trace_id: [0x4b; 16],
            span_id: [1, 2, 3, 4, 5, 6, 7, 8],
            parent_id: [8, 7, 6, 5, 4, 3, 2, 1],
            name: "GET".into(),
            kind: SpanKind::Client,
            start_us: 1_700_000_000_000_000,
            end_us: 1_700_000_000_001_500,
            attributes: vec![
                ("http.request.method".into(), AttrValue::Str("GET".into())),
                ("http.response.status_code".into(), AttrValue::Int(200)),
                ("ratio".into(), AttrValue::Float(0.5)),
                ("cached".into(), AttrValue::Bool(false)),
            ],
            error: None,
        }]),
    );
}

#[test]
fn job_spawn_linked() {
    check(
        "job-spawn-linked",
        &WorkerToMaster::JobCall {
            query: 3,
            call: JobCall::SpawnLinked {
                spawn: JobSpawn {
                    id: "0193f2a4b5c6d7e8".into(),
                    script: "/srv/app/jobs/report.js".into(),
                    daemon: false,
                    memory_bytes: 0,
                    timeout_ms: 0,
                    data_json: "null".into(),
                    retry_on_restart: false,
                    max_attempts: 0,
                    backoff_ms: 0,
                    run_at_ms: 0,
                    delay_ms: 0,
                    priority: 0,
                    unique_key: None,
                    unique_for_ms: 0,
                },
                traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".into(),
            },
        },
    );
}

#[test]
fn template() {
    use protocol::template::{FromTemplate, ToTemplate};
    check(
        "template-fork",
        &ToTemplate::Fork {
            title: "bext-worker: render #0".into(),
        },
    );
    check("template-ready", &FromTemplate::Ready(Hello::new(4242)));
    check("template-forked", &FromTemplate::Forked { pid: 4243 });
    check(
        "template-failed",
        &FromTemplate::Failed {
            error: "clone3: Operation not permitted".into(),
        },
    );
}

#[path = "wire_fixtures/heap.rs"]
mod heap;
