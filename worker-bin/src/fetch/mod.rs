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
//! Where it may go is checked twice (`policy`): on the URL's host before
//! anything is sent (and on each redirect's), and on every address a host
//! name resolves to (`resolve`), which are the only addresses connected
//! to. Internal addresses (loopback, private, link-local, metadata…) are
//! reached only through address entries. No proxy is used: the address
//! checked must be the address connected to. A refusal fails the fetch
//! with a `TypeError` naming the address and why, and is reported to bextd
//! (`FetchRefused`) to be counted.
//!
//! A `file:` URL is read from the pool's own folders, as Deno reads it
//! (`file`): how packages load the WebAssembly they ship.
//!
//! The client is `reqwest` with rustls (ring) and the system's root
//! certificates, HTTP/1.1, built on the first `fetch()`: a worker that
//! never fetches pays nothing for it.

mod file;
mod policy;
mod resolve;

pub use policy::{Policy, Refused};

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use protocol::fetch_allow::Refusal;
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
        /// Set when `fetch_allow` refused it.
        refused: Option<Refusal>,
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

    /// Why `fetch_allow` refused it, if it did: reported to bextd.
    pub fn refused(&self) -> Option<Refusal> {
        match self {
            FetchEvent::Failed { refused, .. } => *refused,
            _ => None,
        }
    }

    /// Whether it is the fetch's last event.
    pub fn is_last(&self) -> bool {
        matches!(self, FetchEvent::End { .. } | FetchEvent::Failed { .. })
    }
}

/// Starts and aborts the worker's fetches.
pub struct Fetcher {
    policy: Arc<Policy>,
    timeout: Duration,
    max_response_bytes: u64,
    clients: Option<(reqwest::Client, reqwest::Client)>,
    tx: mpsc::UnboundedSender<FetchEvent>,
    tasks: HashMap<u32, tokio::task::AbortHandle>,
}

impl std::fmt::Debug for Fetcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fetcher")
            .field("policy", &self.policy)
            .field("in_flight", &self.tasks.len())
            .finish()
    }
}

impl Fetcher {
    pub fn new(policy: &FetchPolicy) -> (Fetcher, mpsc::UnboundedReceiver<FetchEvent>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let f = Fetcher {
            policy: Arc::new(Policy::new(&policy.allow)),
            timeout: Duration::from_millis(policy.timeout_ms.max(1)),
            max_response_bytes: policy.max_response_bytes,
            clients: None,
            tx,
            tasks: HashMap::new(),
        };
        (f, rx)
    }

    fn fail(&self, id: u32, message: String) {
        let _ = self.tx.send(FetchEvent::Failed {
            id,
            message,
            refused: None,
        });
    }

    /// Checks `req` and starts it; every outcome comes as events.
    pub fn start(&mut self, req: FetchRequest) {
        let id = req.id;
        let url = match url::Url::parse(&req.url) {
            Ok(u) if matches!(u.scheme(), "http" | "https") => u,
            Ok(u) if u.scheme() == "file" => {
                match file::start(id, &req.method, &u, &self.tx) {
                    Ok(task) => self.tasks.insert(id, task),
                    Err(message) => return self.fail(id, message),
                };
                return;
            }
            Ok(u) => {
                return self.fail(id, format!("{}: URLs are not supported", u.scheme()));
            }
            Err(e) => return self.fail(id, format!("invalid URL {:?}: {e}", req.url)),
        };
        if let Err(r) = self.policy.check_url(&url) {
            let _ = self.tx.send(failed(id, r.message, Some(r.reason)));
            return;
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
            if let Err((message, refused)) = run(client, req, url, limits, &tx).await {
                let _ = tx.send(failed(id, message, refused));
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
        let allow = self.policy.clone();
        let policy = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                return attempt.error(format!("more than {MAX_REDIRECTS} redirects"));
            }
            match allow.check_url(attempt.url()) {
                Ok(()) => attempt.follow(),
                Err(r) => {
                    let message = format!("redirected to {}: {}", attempt.url(), r.message);
                    attempt.error(Refused {
                        message,
                        reason: r.reason,
                    })
                }
            }
        });
        let resolver = Arc::new(resolve::Resolver::new(self.policy.clone()));
        let build = |policy| {
            reqwest::Client::builder()
                .redirect(policy)
                .dns_resolver(resolver.clone())
                .no_proxy()
                .connect_timeout(CONNECT_TIMEOUT.min(self.timeout))
                .timeout(self.timeout)
                .user_agent(concat!("bext-worker/", env!("CARGO_PKG_VERSION")))
                .build()
                .map_err(|e| {
                    format!(
                        "cannot build the HTTP client: {}",
                        describe(&e, self.timeout).0
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
) -> Result<(), (String, Option<Refusal>)> {
    let id = req.id;
    let describe = |e: reqwest::Error| describe(&e, timeout);
    let method = reqwest::Method::from_bytes(req.method.as_bytes())
        .map_err(|_| (format!("invalid method {:?}", req.method), None))?;
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
        let why = format!(
            "the server redirected ({}) and the request's redirect mode is \"error\"",
            status.as_u16()
        );
        return Err((why, None));
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
            let why = format!(
                "the response body is larger than {max_bytes} bytes (fetch_max_response_bytes)"
            );
            return Err((why, None));
        }
        let _ = tx.send(FetchEvent::Chunk {
            id,
            data: chunk.to_vec(),
        });
    }
    let _ = tx.send(FetchEvent::End { id });
    Ok(())
}

fn failed(id: u32, message: String, refused: Option<Refusal>) -> FetchEvent {
    FetchEvent::Failed {
        id,
        message,
        refused,
    }
}

/// A client error with its causes, on one line; a refusal by the policy
/// (from the resolver or the redirect check) is said as it is.
fn describe(e: &reqwest::Error, timeout: Duration) -> (String, Option<Refusal>) {
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(r) = s.downcast_ref::<Refused>() {
            return (r.message.clone(), Some(r.reason));
        }
        source = s.source();
    }
    if e.is_timeout() {
        let why = format!(
            "timed out after {} ms (fetch_timeout_ms)",
            timeout.as_millis()
        );
        return (why, None);
    }
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    (text, None)
}
