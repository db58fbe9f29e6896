//! Outbound `fetch()` from JavaScript, on the worker's own tokio runtime.
//!
//! JS asks through the host (`HostEvent::FetchStart`), as it never does
//! I/O itself; the serve loop hands the request to [`Fetcher::start`],
//! which checks it against the pool's `fetch_allow` before any connection
//! is made and spawns a task. The task reports the response's head, each
//! piece of its body as it arrives, and its end or failure as
//! [`FetchEvent`]s on a channel the loop waits on; the loop passes them to
//! JS, which resolves the `fetch()` promise with a `Response` whose body is
//! a `ReadableStream` fed by those pieces.
//!
//! Limits, from the pool's [`FetchPolicy`]: `fetch_timeout_ms` for the
//! whole exchange, body included (a script may set a shorter one with an
//! `AbortSignal`), `fetch_max_response_bytes` of body; and 20 redirects,
//! each redirect's target checked against the allow list again. An aborted
//! `fetch()` (its `AbortSignal`) aborts the task.
//!
//! The client is `reqwest` with rustls (ring) and the system's root
//! certificates, HTTP/1.1, built on the first `fetch()`: a worker that
//! never fetches pays nothing for it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use protocol::worker::FetchPolicy;
use tokio::sync::mpsc;

/// Longest time to connect (TCP and TLS), when the whole timeout is longer.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const MAX_REDIRECTS: usize = 20;

/// What to do with a redirect (`Request.redirect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Redirect {
    Follow,
    Error,
    Manual,
}

/// A `fetch()` as JS asked for it.
#[derive(Debug)]
pub struct FetchRequest {
    pub id: u32,
    pub method: String,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
    pub redirect: Redirect,
}

/// News of a `fetch()` in flight.
#[derive(Debug)]
pub enum FetchEvent {
    Head {
        id: u32,
        status: u16,
        status_text: String,
        headers: Vec<(String, String)>,
        url: String,
        redirected: bool,
    },
    Chunk {
        id: u32,
        data: Vec<u8>,
    },
    End {
        id: u32,
    },
    Failed {
        id: u32,
        message: String,
    },
}

impl FetchEvent {
    pub fn id(&self) -> u32 {
        match self {
            FetchEvent::Head { id, .. }
            | FetchEvent::Chunk { id, .. }
            | FetchEvent::End { id }
            | FetchEvent::Failed { id, .. } => *id,
        }
    }

    /// Whether it is the fetch's last event.
    pub fn is_last(&self) -> bool {
        matches!(self, FetchEvent::End { .. } | FetchEvent::Failed { .. })
    }
}

/// The pool's `fetch_allow`: which hosts a `fetch()` may reach.
#[derive(Debug, Clone, Default)]
pub struct Allow(Vec<String>);

impl Allow {
    pub fn new(entries: &[String]) -> Allow {
        Allow(entries.iter().map(|e| e.to_ascii_lowercase()).collect())
    }

    /// Whether `url`'s host (and port) is on the list: `*`, `host`,
    /// `host:port`, `*.domain` (its subdomains), `*.domain:port`.
    pub fn permits(&self, url: &url::Url) -> bool {
        let Some(host) = url.host_str().map(str::to_ascii_lowercase) else {
            return false;
        };
        let port = url.port_or_known_default();
        self.0.iter().any(|entry| {
            if entry == "*" {
                return true;
            }
            let (pattern, want_port) = split_port(entry);
            if want_port.is_some() && want_port != port {
                return false;
            }
            match pattern.strip_prefix("*.") {
                Some(domain) => host.ends_with(&format!(".{domain}")),
                None => host == pattern,
            }
        })
    }
}

/// `host:port` → (`host`, Some(port)); `[::1]` and `host` → no port.
fn split_port(entry: &str) -> (&str, Option<u16>) {
    match entry.rsplit_once(':') {
        Some((h, p)) if !h.is_empty() && (!h.contains(':') || h.ends_with(']')) => {
            (h, p.parse().ok())
        }
        _ => (entry, None),
    }
}

/// Starts and aborts the worker's fetches.
pub struct Fetcher {
    allow: Arc<Allow>,
    timeout: Duration,
    max_response_bytes: u64,
    clients: Option<(reqwest::Client, reqwest::Client)>,
    tx: mpsc::UnboundedSender<FetchEvent>,
    tasks: HashMap<u32, tokio::task::AbortHandle>,
}

impl std::fmt::Debug for Fetcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fetcher")
            .field("allow", &self.allow)
            .field("in_flight", &self.tasks.len())
            .finish()
    }
}

impl Fetcher {
    pub fn new(policy: &FetchPolicy) -> (Fetcher, mpsc::UnboundedReceiver<FetchEvent>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let f = Fetcher {
            allow: Arc::new(Allow::new(&policy.allow)),
            timeout: Duration::from_millis(policy.timeout_ms.max(1)),
            max_response_bytes: policy.max_response_bytes,
            clients: None,
            tx,
            tasks: HashMap::new(),
        };
        (f, rx)
    }

    fn fail(&self, id: u32, message: String) {
        let _ = self.tx.send(FetchEvent::Failed { id, message });
    }

    /// Checks `req` and starts it; every outcome comes as events.
    pub fn start(&mut self, req: FetchRequest) {
        let id = req.id;
        let url = match url::Url::parse(&req.url) {
            Ok(u) if matches!(u.scheme(), "http" | "https") => u,
            Ok(u) => {
                return self.fail(id, format!("{}: URLs are not supported", u.scheme()));
            }
            Err(e) => return self.fail(id, format!("invalid URL {:?}: {e}", req.url)),
        };
        if !self.allow.permits(&url) {
            let host = url.host_str().unwrap_or("");
            return self.fail(
                id,
                format!("{host} is not in this pool's fetch_allow (see bext.toml(5))"),
            );
        }
        let (follow, manual) = match self.clients() {
            Ok(c) => c,
            Err(message) => return self.fail(id, message),
        };
        let client = match req.redirect {
            Redirect::Follow => follow,
            Redirect::Error | Redirect::Manual => manual,
        };
        let tx = self.tx.clone();
        let limits = (self.timeout, self.max_response_bytes);
        let task = tokio::spawn(async move {
            if let Err(message) = run(client, req, url, limits, &tx).await {
                let _ = tx.send(FetchEvent::Failed { id, message });
            }
        });
        self.tasks.insert(id, task.abort_handle());
    }

    /// Stops fetch `id` (its signal aborted, or its body was cancelled).
    pub fn abort(&mut self, id: u32) {
        if let Some(t) = self.tasks.remove(&id) {
            t.abort();
        }
    }

    /// Fetch `id` sent its last event.
    pub fn finished(&mut self, id: u32) {
        self.tasks.remove(&id);
    }

    /// The clients: one following redirects (each checked against the
    /// allow list), one that never follows them.
    fn clients(&mut self) -> Result<(reqwest::Client, reqwest::Client), String> {
        if let Some(c) = &self.clients {
            return Ok(c.clone());
        }
        // Installed once per process; a second install is refused, harmlessly.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let allow = self.allow.clone();
        let policy = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                attempt.error(format!("more than {MAX_REDIRECTS} redirects"))
            } else if !allow.permits(attempt.url()) {
                let host = attempt.url().host_str().unwrap_or("").to_owned();
                attempt.error(format!(
                    "redirected to {host}, which is not in this pool's fetch_allow"
                ))
            } else {
                attempt.follow()
            }
        });
        let build = |policy| {
            reqwest::Client::builder()
                .redirect(policy)
                .connect_timeout(CONNECT_TIMEOUT.min(self.timeout))
                .timeout(self.timeout)
                .user_agent(concat!("bext-worker/", env!("CARGO_PKG_VERSION")))
                .build()
                .map_err(|e| {
                    format!(
                        "cannot build the HTTP client: {}",
                        describe(&e, self.timeout)
                    )
                })
        };
        let c = (build(policy)?, build(reqwest::redirect::Policy::none())?);
        self.clients = Some(c.clone());
        Ok(c)
    }
}

/// Headers a script may not set on an outbound request (the client sets
/// them from the URL and the body).
const FORBIDDEN: &[&str] = &[
    "host",
    "content-length",
    "connection",
    "keep-alive",
    "transfer-encoding",
    "te",
    "trailer",
    "upgrade",
];

async fn run(
    client: reqwest::Client,
    req: FetchRequest,
    url: url::Url,
    (timeout, max_bytes): (Duration, u64),
    tx: &mpsc::UnboundedSender<FetchEvent>,
) -> Result<(), String> {
    let id = req.id;
    let describe = |e: reqwest::Error| describe(&e, timeout);
    let method = reqwest::Method::from_bytes(req.method.as_bytes())
        .map_err(|_| format!("invalid method {:?}", req.method))?;
    let mut rb = client.request(method, url.clone());
    for (k, v) in &req.headers {
        if !FORBIDDEN.contains(&k.as_str()) {
            rb = rb.header(k.as_str(), v.as_str());
        }
    }
    if let Some(body) = req.body {
        rb = rb.body(body);
    }
    let mut resp = rb.send().await.map_err(describe)?;
    let status = resp.status();
    if req.redirect == Redirect::Error && status.is_redirection() {
        return Err(format!(
            "the server redirected ({}) and the request's redirect mode is \"error\"",
            status.as_u16()
        ));
    }
    let headers = resp
        .headers()
        .iter()
        .map(|(k, v)| {
            let v = String::from_utf8_lossy(v.as_bytes()).into_owned();
            (k.as_str().to_owned(), v)
        })
        .collect();
    let _ = tx.send(FetchEvent::Head {
        id,
        status: status.as_u16(),
        status_text: status.canonical_reason().unwrap_or("").to_owned(),
        headers,
        url: resp.url().to_string(),
        redirected: resp.url() != &url,
    });
    let mut total = 0u64;
    while let Some(chunk) = resp.chunk().await.map_err(describe)? {
        total += chunk.len() as u64;
        if total > max_bytes {
            return Err(format!(
                "the response body is larger than {max_bytes} bytes (fetch_max_response_bytes)"
            ));
        }
        let _ = tx.send(FetchEvent::Chunk {
            id,
            data: chunk.to_vec(),
        });
    }
    let _ = tx.send(FetchEvent::End { id });
    Ok(())
}

/// A client error with its causes, on one line.
fn describe(e: &reqwest::Error, timeout: Duration) -> String {
    if e.is_timeout() {
        return format!(
            "timed out after {} ms (fetch_timeout_ms)",
            timeout.as_millis()
        );
    }
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allow(entries: &[&str]) -> Allow {
        Allow::new(&entries.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    fn url(s: &str) -> url::Url {
        url::Url::parse(s).unwrap()
    }

    #[test]
    fn the_allow_list_matches_hosts_ports_and_subdomains() {
        let a = allow(&[
            "api.example.com",
            "127.0.0.1:8080",
            "*.cdn.example",
            "[::1]:9000",
        ]);
        assert!(a.permits(&url("https://API.example.com/x")));
        assert!(a.permits(&url("http://api.example.com:1234/")));
        assert!(!a.permits(&url("https://evil.com/?api.example.com")));
        assert!(!a.permits(&url("https://api.example.com.evil.com/")));
        assert!(a.permits(&url("http://127.0.0.1:8080/")));
        assert!(!a.permits(&url("http://127.0.0.1:8081/")));
        assert!(!a.permits(&url("http://127.0.0.1/")));
        assert!(a.permits(&url("https://img.cdn.example/a.png")));
        assert!(!a.permits(&url("https://cdn.example/")));
        assert!(a.permits(&url("http://[::1]:9000/")));
        assert!(!allow(&[]).permits(&url("http://localhost/")));
        assert!(allow(&["*"]).permits(&url("http://localhost/")));
    }
}
