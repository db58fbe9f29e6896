//! The engine harness the engine-level tests share: loads a script into a
//! real QuickJS engine and drives its turns until a request is answered.
// Each test crate uses its own part of it.
#![allow(dead_code)]

pub mod differ;

use std::rc::Rc;
use std::time::{Duration, Instant};

use bext_worker::engine::{Engine, EngineOptions};
use bext_worker::host::{HostEvent, JsFailure};
use bext_worker::loader::ModuleCache;
use protocol::worker::{HttpRequest, HttpResponse};

pub struct Harness {
    pub engine: Engine,
    pub logs: Vec<String>,
    pub streamed: Option<HttpResponse>,
    pub _dir: tempdir::Dir,
}

pub mod tempdir {
    pub struct Dir(pub std::path::PathBuf);
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    pub fn new() -> Dir {
        let p = std::env::temp_dir().join(format!(
            "bext-engine-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&p).unwrap();
        Dir(p)
    }
}

impl Harness {
    pub fn with_files(files: &[(&str, &str)]) -> Harness {
        Harness::with_modules(files, Rc::default())
    }

    /// Writes `files` (the first is the script) and loads the script
    /// through `modules`.
    pub fn with_modules(files: &[(&str, &str)], modules: Rc<ModuleCache>) -> Harness {
        let dir = tempdir::new();
        for (name, src) in files {
            let p = dir.0.join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, src).unwrap();
        }
        let engine = Engine::new(EngineOptions {
            modules,
            ..EngineOptions::default()
        })
        .unwrap();
        let mut h = Harness {
            engine,
            logs: vec![],
            streamed: None,
            _dir: dir,
        };
        let main = h._dir.0.join(files[0].0);
        h.engine.start_load(1, &main);
        h.wait(1).expect("module loads");
        h
    }

    pub fn new(src: &str) -> Harness {
        Harness::with_files(&[("worker.js", src)])
    }

    pub fn wait(&mut self, token: u32) -> Result<HttpResponse, JsFailure> {
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut done = None;
        loop {
            self.engine.run_jobs();
            self.engine.fire_due_timers();
            // The whole batch is taken: reports after the answer count too.
            for e in self.engine.take_events() {
                match e {
                    HostEvent::Log { message, .. } => self.logs.push(message),
                    HostEvent::Done { token: t, result } if t == token => done = Some(result),
                    HostEvent::Done { .. } => {}
                    HostEvent::Message { data_json } => {
                        self.logs.push(format!("message: {data_json}"))
                    }
                    HostEvent::Missing { token: t, export } => {
                        self.logs.push(format!("missing: {export}"));
                        if t == token {
                            done = Some(Err(JsFailure {
                                message: format!("missing {export}"),
                                stack: String::new(),
                            }));
                        }
                    }
                    HostEvent::Unhandled { reason } => {
                        self.logs.push(format!("unhandled: {reason}"))
                    }
                    HostEvent::Span(s) => self.logs.push(format!("span: {}", s.name)),
                    HostEvent::JobProgress(p) => self.logs.push(format!("progress: {p}")),
                    HostEvent::JobCheckpoint(json) => self.logs.push(format!("checkpoint: {json}")),
                    HostEvent::JobCall { call, .. } => {
                        self.logs.push(format!("job call: {call:?}"))
                    }
                    // A streamed answer is put together whole.
                    HostEvent::Head {
                        token: t,
                        status,
                        headers,
                    } if t == token => {
                        self.streamed = Some(HttpResponse {
                            status,
                            headers,
                            body: vec![],
                        })
                    }
                    HostEvent::Chunk { token: t, data } if t == token => {
                        let n = data.len() as i64;
                        self.streamed.as_mut().unwrap().body.extend(data);
                        // Credit it at once: the client takes everything.
                        self.engine.credit(t, n);
                    }
                    HostEvent::StreamEnd { token: t } if t == token => {
                        done = self.streamed.take().map(Ok);
                    }
                    // An accepted WebSocket upgrade answers 101.
                    HostEvent::SocketAccept {
                        token: t, headers, ..
                    } if t == token => {
                        done = Some(Ok(HttpResponse {
                            status: 101,
                            headers,
                            body: vec![],
                        }))
                    }
                    HostEvent::SocketSend { sid, text, data } => self.logs.push(format!(
                        "socket {sid} send {}: {}",
                        if text { "text" } else { "binary" },
                        String::from_utf8_lossy(&data)
                    )),
                    HostEvent::SocketClose { sid, code, reason } => self
                        .logs
                        .push(format!("socket {sid} close {code} {reason}")),
                    HostEvent::SocketAccept { .. }
                    | HostEvent::Background(_)
                    | HostEvent::FetchStart(_)
                    | HostEvent::FetchAbort { .. }
                    | HostEvent::CryptoStart { .. }
                    | HostEvent::Head { .. }
                    | HostEvent::Chunk { .. }
                    | HostEvent::StreamEnd { .. } => {}
                }
            }
            if let Some(result) = done {
                return result;
            }
            assert!(Instant::now() < deadline, "token {token} never finished");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    pub fn get(&mut self, url: &str) -> Result<HttpResponse, JsFailure> {
        self.request("GET", url, b"")
    }

    pub fn request(
        &mut self,
        method: &str,
        url: &str,
        body: &[u8],
    ) -> Result<HttpResponse, JsFailure> {
        let req = HttpRequest {
            method: method.into(),
            url: url.into(),
            headers: vec![("x-test".into(), "yes".into())],
            body: body.to_vec(),
            ip: "127.0.0.1".into(),
        };
        self.engine.dispatch(100, 7, req);
        self.wait(100)
    }
}

pub fn body(r: &HttpResponse) -> String {
    String::from_utf8(r.body.clone()).unwrap()
}

pub fn header<'a>(r: &'a HttpResponse, name: &str) -> Option<&'a str> {
    r.headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}
