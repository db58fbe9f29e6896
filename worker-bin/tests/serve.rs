//! The serve loop over a socket pair, with this test playing the master:
//! answer timing, heartbeats between requests, `Cancel`, timeout stacks and
//! the one-line-per-failure rules.

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use bext_worker::fault::Faults;
use bytes::BytesMut;
use protocol::codec::{decode, encode};
use protocol::worker::{
    HttpRequest, LogLevel, MasterToWorker, Outcome, WorkerIdentity, WorkerSettings, WorkerToMaster,
};
use protocol::{DEFAULT_MAX_FRAME_BYTES, Hello};

const MAX: u32 = DEFAULT_MAX_FRAME_BYTES;

struct Master {
    sock: UnixStream,
    buf: BytesMut,
    dir: std::path::PathBuf,
    thread: Option<std::thread::JoinHandle<Result<(), bext_worker::WorkerError>>>,
}

impl Drop for Master {
    fn drop(&mut self) {
        let _ = self.sock.shutdown(std::net::Shutdown::Both);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn settings(script: &str, timeout_ms: u64) -> WorkerSettings {
    WorkerSettings {
        script: script.into(),
        request_timeout_ms: timeout_ms,
        heartbeat_interval_ms: 100,
        js_memory_limit_mb: 0,
        max_frame_bytes: MAX,
        compress: None,
        job_budget_bytes: 256 << 20,
        job_default_memory_bytes: 64 << 20,
        env: vec![("GREETING".into(), "hello".into())],
        fetch: protocol::worker::FetchPolicy {
            allow: vec![],
            timeout_ms: 30_000,
            max_response_bytes: 16 << 20,
        },
        // The serve loop runs on a thread of the test process here.
        batch_scheduling: false,
        read: protocol::worker::ReadPolicy {
            root: std::path::Path::new(script)
                .parent()
                .map_or("/".into(), |d| d.display().to_string()),
            read_roots: vec![],
        },
        tmp_max_bytes: 64 << 20,
    }
}

impl Master {
    /// Starts a worker (the serve loop on a thread) for `script`; `ready`
    /// says whether to wait for `Ready`.
    fn start(name: &str, script: &str, timeout_ms: u64, ready: bool) -> Master {
        let dir = std::env::temp_dir().join(format!("bext-serve-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("worker.js");
        std::fs::write(&path, script).unwrap();
        let (ours, theirs) = UnixStream::pair().unwrap();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(bext_worker::serve::serve(theirs, Faults::default(), None))
        });
        ours.set_read_timeout(Some(Duration::from_millis(50)))
            .unwrap();
        let mut m = Master {
            sock: ours,
            buf: BytesMut::new(),
            dir,
            thread: Some(thread),
        };
        m.send_raw(&Hello::new(1));
        let hello: Hello = m.recv_raw(Duration::from_secs(5)).expect("hello");
        hello.check().unwrap();
        m.send(&[MasterToWorker::Init {
            identity: WorkerIdentity {
                id: 0,
                pool: "render".into(),
                generation: 1,
            },
            settings: settings(path.to_str().unwrap(), timeout_ms),
            modules: vec![],
        }]);
        if ready {
            m.until(Duration::from_secs(5), |f| {
                matches!(f, WorkerToMaster::Ready { .. })
            });
        }
        m
    }

    fn send_raw<T: serde::Serialize>(&mut self, msg: &T) {
        let mut b = BytesMut::new();
        encode(msg, MAX, &mut b).unwrap();
        self.sock.write_all(&b).unwrap();
    }

    /// Sends `frames` in one write.
    fn send(&mut self, frames: &[MasterToWorker]) {
        let mut b = BytesMut::new();
        for f in frames {
            encode(f, MAX, &mut b).unwrap();
        }
        self.sock.write_all(&b).unwrap();
    }

    fn recv_raw<T: serde::de::DeserializeOwned>(&mut self, limit: Duration) -> Option<T> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(m) = decode::<T>(&mut self.buf, MAX).unwrap() {
                return Some(m);
            }
            if Instant::now() >= deadline {
                return None;
            }
            let mut chunk = [0u8; 65536];
            match self.sock.read(&mut chunk) {
                Ok(0) => return None,
                Ok(n) => self.buf.extend_from_slice(&chunk[..n]),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => panic!("read: {e}"),
            }
        }
    }

    /// Every frame, with when it arrived, until `stop` matches one.
    fn until(
        &mut self,
        limit: Duration,
        mut stop: impl FnMut(&WorkerToMaster) -> bool,
    ) -> Vec<(Instant, WorkerToMaster)> {
        let deadline = Instant::now() + limit;
        let mut got = vec![];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(f) = self.recv_raw::<WorkerToMaster>(left) else {
                panic!("timed out after {limit:?}; got {got:?}");
            };
            let done = stop(&f);
            got.push((Instant::now(), f));
            if done {
                return got;
            }
        }
    }

    /// Frames until the answer to `id`.
    fn answer(&mut self, id: u64, limit: Duration) -> (Outcome, Vec<WorkerToMaster>) {
        let got = self.until(
            limit,
            |f| matches!(f, WorkerToMaster::Response { id: i, .. } if *i == id),
        );
        let mut frames: Vec<_> = got.into_iter().map(|(_, f)| f).collect();
        let Some(WorkerToMaster::Response { outcome, .. }) = frames.pop() else {
            unreachable!()
        };
        (outcome, frames)
    }
}

fn get(id: u64, path: &str) -> MasterToWorker {
    MasterToWorker::Request {
        id,
        request: HttpRequest {
            method: "GET".into(),
            url: path.into(),
            headers: vec![],
            body: vec![],
            ip: "127.0.0.1".into(),
        }
        .into(),
    }
}

fn logs(frames: &[WorkerToMaster]) -> Vec<(LogLevel, String)> {
    frames
        .iter()
        .filter_map(|f| match f {
            WorkerToMaster::Log { level, message } => Some((*level, message.clone())),
            _ => None,
        })
        .collect()
}

fn body(o: &Outcome) -> String {
    match o {
        Outcome::Ok(r) => String::from_utf8_lossy(&r.body).into_owned(),
        other => panic!("not Ok: {other:?}"),
    }
}

const SPIN: &str = r#"let runs = 0;
export function handler(req) {
  if (req.path === "/runs") return String(runs);
  runs++;
  const ms = Number(req.query.ms || 0);
  const end = Date.now() + ms;
  while (Date.now() < end) {}
  return "spun " + req.query.n;
}
"#;

#[test]
fn each_answer_leaves_when_it_is_done_with_heartbeats_between() {
    let mut m = Master::start("burst", SPIN, 30_000, true);
    let t0 = Instant::now();
    m.send(
        &(1..=4)
            .map(|i| get(i, &format!("/?ms=300&n={i}")))
            .collect::<Vec<_>>(),
    );
    let got = m.until(Duration::from_secs(10), |f| {
        matches!(f, WorkerToMaster::Response { id: 4, .. })
    });
    let answers: Vec<(Duration, u64)> = got
        .iter()
        .filter_map(|(at, f)| match f {
            WorkerToMaster::Response { id, .. } => Some((at.duration_since(t0), *id)),
            _ => None,
        })
        .collect();
    assert_eq!(
        answers.iter().map(|a| a.1).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    for pair in answers.windows(2) {
        let gap = pair[1].0 - pair[0].0;
        assert!(
            gap >= Duration::from_millis(200) && gap <= Duration::from_millis(600),
            "answers should be one handler run apart: {answers:?}"
        );
    }
    let first = got
        .iter()
        .position(|(_, f)| matches!(f, WorkerToMaster::Response { .. }))
        .unwrap();
    let beats = got[first..]
        .iter()
        .filter(|(_, f)| matches!(f, WorkerToMaster::Heartbeat(_)))
        .count();
    assert!(
        beats >= 2,
        "heartbeats between the answers: {beats}: {got:?}"
    );
}

#[test]
fn a_cancelled_request_that_has_not_started_never_runs() {
    let mut m = Master::start("cancel-queued", SPIN, 30_000, true);
    m.send(&[
        get(1, "/?ms=200&n=1"),
        get(2, "/?ms=200&n=2"),
        MasterToWorker::Cancel { id: 2 },
    ]);
    let (o, before) = m.answer(2, Duration::from_secs(5));
    assert_eq!(o, Outcome::Cancelled);
    assert!(
        !before
            .iter()
            .any(|f| matches!(f, WorkerToMaster::Response { .. })),
        "answered before request 1 finished: {before:?}"
    );
    let (o, _) = m.answer(1, Duration::from_secs(5));
    assert_eq!(body(&o), "spun 1");
    m.send(&[get(3, "/runs"), MasterToWorker::Cancel { id: 99 }]);
    assert_eq!(body(&m.answer(3, Duration::from_secs(5)).0), "1");
}

#[test]
fn a_spinning_handler_is_interrupted_after_the_cancel_grace() {
    let mut m = Master::start("cancel-spin", SPIN, 30_000, true);
    m.send(&[get(1, "/?ms=20000&n=1")]);
    // Not a wait for a condition: a spinning worker cannot say it started,
    // and a Cancel that came first would find the request still queued.
    std::thread::sleep(Duration::from_millis(100));
    let t0 = Instant::now();
    m.send(&[MasterToWorker::Cancel { id: 1 }]);
    let (o, frames) = m.answer(1, Duration::from_secs(5));
    assert_eq!(o, Outcome::Cancelled);
    let took = t0.elapsed();
    assert!(
        took >= Duration::from_millis(90) && took < Duration::from_millis(1000),
        "{took:?}"
    );
    assert!(
        !logs(&frames).iter().any(|(l, _)| *l == LogLevel::Error),
        "{frames:?}"
    );
    // It keeps serving.
    m.send(&[get(2, "/?n=2")]);
    assert_eq!(body(&m.answer(2, Duration::from_secs(5)).0), "spun 2");
}

#[test]
fn a_waiting_handler_sees_req_signal_and_its_rejection_is_no_error() {
    let mut m = Master::start(
        "cancel-async",
        r#"let seen = "none";
           export async function handler(req) {
             if (req.path === "/seen") return seen;
             if (req.path === "/stubborn") { bext.sendMessage("waiting"); return new Promise(() => {}); }
             const aborted = new Promise((_, reject) => req.signal.addEventListener("abort", () => {
               seen = req.signal.reason.name;
               reject(req.signal.reason);
             }));
             bext.sendMessage("waiting");
             await aborted;
           }"#,
        30_000,
        true,
    );
    let waiting = |f: &WorkerToMaster| matches!(f, WorkerToMaster::Message { .. });
    m.send(&[get(1, "/wait")]);
    m.until(Duration::from_secs(5), waiting);
    let t0 = Instant::now();
    m.send(&[MasterToWorker::Cancel { id: 1 }]);
    let (o, frames) = m.answer(1, Duration::from_secs(5));
    assert_eq!(o, Outcome::Cancelled);
    assert!(
        t0.elapsed() < Duration::from_millis(90),
        "at once: {:?} {frames:?}",
        t0.elapsed()
    );
    assert!(logs(&frames).is_empty(), "{frames:?}");
    m.send(&[get(2, "/seen")]);
    assert_eq!(body(&m.answer(2, Duration::from_secs(5)).0), "AbortError");
    // One that ignores its signal is answered at the end of the grace.
    m.send(&[get(3, "/stubborn")]);
    m.until(Duration::from_secs(5), waiting);
    let t0 = Instant::now();
    m.send(&[MasterToWorker::Cancel { id: 3 }]);
    assert_eq!(m.answer(3, Duration::from_secs(5)).0, Outcome::Cancelled);
    assert!(t0.elapsed() >= Duration::from_millis(90), "after the grace");
}

#[test]
fn a_timeout_names_the_function_that_ran_away() {
    let mut m = Master::start(
        "timeout",
        "function renderForever() {\n  for (;;) {}\n}\nexport function handler(req) {\n  return renderForever();\n}\n",
        200,
        true,
    );
    m.send(&[get(1, "/")]);
    let (o, frames) = m.answer(1, Duration::from_secs(5));
    let Outcome::Timeout { stack } = o else {
        panic!("{o:?}")
    };
    assert!(stack.contains("at renderForever"), "{stack}");
    assert!(stack.contains("at handler"), "{stack}");
    assert!(stack.contains("worker.js:"), "{stack}");
    let lines = logs(&frames);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].1.contains("renderForever"), "{lines:?}");
}

#[test]
fn a_script_that_throws_at_load_reports_only_boot_failed() {
    let mut m = Master::start(
        "load",
        "function init() { throw new Error('no config at load'); }\ninit();\nexport function handler() {}\n",
        30_000,
        false,
    );
    let got = m.until(Duration::from_secs(5), |f| {
        matches!(f, WorkerToMaster::BootFailed { .. })
    });
    assert_eq!(got.len(), 1, "only BootFailed: {got:?}");
    let WorkerToMaster::BootFailed { error } = &got[0].1 else {
        unreachable!()
    };
    assert!(
        error.contains("no config at load") && error.contains("at init"),
        "{error}"
    );
    // Nothing else follows: the worker exits.
    assert!(
        m.recv_raw::<WorkerToMaster>(Duration::from_millis(300))
            .is_none()
    );
    let result = m.thread.take().unwrap().join().unwrap();
    assert!(matches!(
        result,
        Err(bext_worker::WorkerError::BootFailed(_))
    ));
}

#[test]
fn failures_are_logged_once_with_the_right_words() {
    let mut m = Master::start(
        "logs",
        r#"export async function handler(req) { throw new Error("async handler failed"); }"#,
        30_000,
        true,
    );
    m.send(&[get(1, "/")]);
    let (o, frames) = m.answer(1, Duration::from_secs(5));
    assert!(matches!(o, Outcome::Error { .. }), "{o:?}");
    // Anything logged after the answer is in the same flush or the next.
    let late = m.until(Duration::from_secs(2), |f| {
        matches!(f, WorkerToMaster::Heartbeat(_))
    });
    let all: Vec<_> = frames
        .into_iter()
        .chain(late.into_iter().map(|(_, f)| f))
        .collect();
    let lines = logs(&all);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0].0, LogLevel::Error);
    assert!(
        lines[0]
            .1
            .starts_with("handler threw: Error: async handler failed")
    );

    m.send(&[MasterToWorker::Custom {
        id: 2,
        params_json: "{}".into(),
    }]);
    let (o, frames) = m.answer(2, Duration::from_secs(5));
    let Outcome::Error { message, .. } = o else {
        panic!("{o:?}")
    };
    assert_eq!(message, "the script does not export custom()");
    let lines = logs(&frames);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0].0, LogLevel::Warn);
    assert!(!lines[0].1.contains("threw"), "{lines:?}");
}

#[test]
fn a_handler_that_spins_after_an_await_is_interrupted_too() {
    let mut m = Master::start(
        "cancel-after-await",
        r#"export async function handler(req) {
             bext.sendMessage("started");
             await new Promise((r) => setTimeout(r, 50));
             for (;;) {}
           }"#,
        30_000,
        true,
    );
    m.send(&[get(1, "/")]);
    m.until(Duration::from_secs(5), |f| {
        matches!(f, WorkerToMaster::Message { .. })
    });
    let t0 = Instant::now();
    m.send(&[MasterToWorker::Cancel { id: 1 }]);
    assert_eq!(m.answer(1, Duration::from_secs(5)).0, Outcome::Cancelled);
    assert!(
        t0.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t0.elapsed()
    );
}
