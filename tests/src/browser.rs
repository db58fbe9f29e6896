//! Headless Chromium, driven over the DevTools protocol: start it with a
//! throwaway profile, open a page, evaluate expressions in it, wait on
//! them, take screenshots. Chromium is Debian's `chromium`, installed by
//! `scripts/test`; without it the tests that need it fail and say so.

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use base64::Engine;
use serde_json::{Value, json};
use tungstenite::{Message, WebSocket, stream::MaybeTlsStream};

/// The Chromium binary, or a panic that says how to get it.
pub fn chromium() -> PathBuf {
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::var("PATH").unwrap_or_default().split(':') {
            let p = Path::new(dir).join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    panic!(
        "Chromium is not installed: the status page's browser tests need it \
         (scripts/test installs it: apt-get install -y chromium)"
    );
}

/// Common flags: headless, no GPU, no sandbox (tests run as root), quiet.
fn base_args(profile: &Path) -> Vec<String> {
    [
        "--headless",
        "--disable-gpu",
        "--no-sandbox",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--window-size=1280,1000",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect()
}

/// A running headless Chromium with one page open.
pub struct Browser {
    child: Child,
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next: u64,
    _profile: tempfile::TempDir,
}

impl std::fmt::Debug for Browser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browser")
            .field("pid", &self.child.id())
            .finish()
    }
}

impl Browser {
    /// Starts Chromium and attaches to a blank page.
    pub fn launch() -> Browser {
        let profile = tempfile::tempdir().expect("profile dir");
        let child = Command::new(chromium())
            .args(base_args(profile.path()))
            .arg("--remote-debugging-port=0")
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromium");
        let port_file = profile.path().join("DevToolsActivePort");
        let text = crate::wait_for(
            Duration::from_secs(30),
            "Chromium's DevToolsActivePort",
            || {
                std::fs::read_to_string(&port_file)
                    .ok()
                    .filter(|t| t.lines().count() >= 2)
            },
        );
        let mut lines = text.lines();
        let port = lines.next().unwrap().trim();
        let path = lines.next().unwrap().trim();
        let (ws, _) = tungstenite::connect(format!("ws://127.0.0.1:{port}{path}"))
            .expect("connect to Chromium's DevTools socket");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        }
        let mut b = Browser {
            child,
            ws,
            session: String::new(),
            next: 0,
            _profile: profile,
        };
        let target = b
            .send(None, "Target.createTarget", json!({ "url": "about:blank" }))
            .expect("a page");
        let id = target["targetId"].as_str().unwrap().to_owned();
        let attached = b
            .send(
                None,
                "Target.attachToTarget",
                json!({ "targetId": id, "flatten": true }),
            )
            .expect("attached to the page");
        b.session = attached["sessionId"].as_str().unwrap().to_owned();
        b.call("Page.enable", json!({}));
        b.call("Runtime.enable", json!({}));
        b
    }

    fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Result<Value, Value> {
        self.next += 1;
        let id = self.next;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws
            .send(Message::text(msg.to_string()))
            .expect("send to Chromium");
        loop {
            let m = self.ws.read().expect("read from Chromium");
            let Message::Text(text) = m else { continue };
            let v: Value = serde_json::from_str(&text).expect("DevTools JSON");
            if v["id"].as_u64() == Some(id) {
                if !v["error"].is_null() {
                    return Err(v["error"].clone());
                }
                return Ok(v["result"].clone());
            }
        }
    }

    /// A DevTools command on the page.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.try_call(method, params)
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    /// A DevTools command on the page, or its error.
    pub fn try_call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        let session = self.session.clone();
        self.send(Some(&session), method, params)
    }

    /// Turns the page's JavaScript off (before a `goto`).
    pub fn disable_scripts(&mut self) {
        self.call(
            "Emulation.setScriptExecutionDisabled",
            json!({ "value": true }),
        );
    }

    /// The page's DOM as HTML, read through DevTools (works with the
    /// page's scripts off).
    /// `None` while a navigation replaces the document.
    pub fn html(&mut self) -> Option<String> {
        let doc = self
            .try_call("DOM.getDocument", json!({ "depth": 0 }))
            .ok()?;
        let node = doc["root"]["nodeId"].clone();
        let r = self
            .try_call("DOM.getOuterHTML", json!({ "nodeId": node }))
            .ok()?;
        r["outerHTML"].as_str().map(str::to_owned)
    }

    /// Opens `url` in the page.
    pub fn goto(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
    }

    /// The value of a JavaScript expression in the page.
    pub fn eval(&mut self, expr: &str) -> Value {
        self.try_eval(expr)
            .unwrap_or_else(|e| panic!("{expr}: {e}"))
    }

    /// The value of an expression, or the exception it threw.
    pub fn try_eval(&mut self, expr: &str) -> Result<Value, Value> {
        let r = self.try_call(
            "Runtime.evaluate",
            json!({ "expression": expr, "returnByValue": true }),
        )?;
        if !r["exceptionDetails"].is_null() {
            return Err(r["exceptionDetails"].clone());
        }
        Ok(r["result"]["value"].clone())
    }

    /// Polls `expr` until it is truthy (not null, false, 0 or ""), or
    /// panics with `what` after `limit`. An expression that throws (the
    /// page is still loading) is not yet true.
    pub fn wait(&mut self, limit: Duration, what: &str, expr: &str) -> Value {
        crate::wait_for(limit, what, || {
            let v = self.try_eval(expr).ok()?;
            let truthy = match &v {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::Number(n) => n.as_f64() != Some(0.0),
                Value::String(s) => !s.is_empty(),
                _ => true,
            };
            truthy.then_some(v)
        })
    }

    /// A PNG of the page, written to `path`.
    pub fn screenshot(&mut self, path: &Path) {
        let r = self.call(
            "Page.captureScreenshot",
            json!({ "format": "png", "captureBeyondViewport": true }),
        );
        let png = base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().expect("screenshot data"))
            .expect("base64 PNG");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where tests leave files for people to look at: `target/artefacts/`.
pub fn artefact(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test>-<hash>
    let target = exe.ancestors().nth(3).expect("target dir");
    target.join("artefacts").join(name)
}
