//! Faults a test can make a real worker commit, so the master's handling of
//! misbehaving workers is tested against the real binary.
//!
//! Off unless the worker's environment has `BEXT_TEST_FAULTS`, a comma list:
//! * `requests`: a request carrying the header `x-bext-test-fault` triggers,
//!   when it starts running, the fault it names: `garbage-frame` (bytes that
//!   are no valid frame), `oversized-frame` (a length over the limit),
//!   `crash` (abort), `hang` (block the whole process, outside JS),
//!   `ignore-window` (its streamed answer is sent without waiting for the
//!   master's credits), `compiled-frame` (a `Compiled` frame for the module
//!   file named by the header `x-bext-test-module`, holding that file's
//!   bytes but the bytecode of a handler answering "planted": what a worker
//!   taken over while serving could send to choose what later workers run).
//! * `hang-handshake`: never send the hello.
//! * `ignore-drain`: SIGTERM does not make it drain.
//! * `template-fails`: a template worker refuses to start (bextd falls
//!   back to exec).
//! * `no-clone3`: a template worker forks with `clone`, as where seccomp
//!   answers `clone3` with ENOSYS.

use protocol::worker::HttpRequest;
use tokio::io::AsyncWriteExt;

pub const ENV: &str = "BEXT_TEST_FAULTS";
const HEADER: &str = "x-bext-test-fault";

#[derive(Debug, Clone, Default)]
pub struct Faults {
    pub requests: bool,
    pub hang_handshake: bool,
    pub ignore_drain: bool,
    pub template_fails: bool,
    pub no_clone3: bool,
}

impl Faults {
    pub fn from_env() -> Faults {
        let Ok(v) = std::env::var(ENV) else {
            return Faults::default();
        };
        let has = |name: &str| v.split(',').any(|x| x.trim() == name);
        Faults {
            requests: has("requests"),
            hang_handshake: has("hang-handshake"),
            ignore_drain: has("ignore-drain"),
            template_fails: has("template-fails"),
            no_clone3: has("no-clone3"),
        }
    }

    pub fn enabled_for(&self, req: &HttpRequest) -> bool {
        self.requests && req.headers.iter().any(|(k, _)| k == HEADER)
    }

    /// Whether the request's streamed answer is to ignore the credit
    /// window (fault `ignore-window`).
    pub fn ignores_window(&self, req: &HttpRequest) -> bool {
        self.requests
            && req
                .headers
                .iter()
                .any(|(k, v)| k == HEADER && v == "ignore-window")
    }

    /// Commits the fault the request asks for.
    pub async fn trigger<W, C>(
        &self,
        req: &HttpRequest,
        writer: &mut tokio_util::codec::FramedWrite<W, C>,
    ) where
        W: tokio::io::AsyncWrite + Unpin,
    {
        let which = req
            .headers
            .iter()
            .find(|(k, _)| k == HEADER)
            .map(|(_, v)| v.as_str())
            .unwrap_or("");
        let raw = writer.get_mut();
        match which {
            "garbage-frame" => {
                let _ = raw
                    .write_all(&[0, 0, 0, 6, 0xde, 0xad, 0xbe, 0xef, 0xff, 0xfe])
                    .await;
                let _ = raw.flush().await;
            }
            "oversized-frame" => {
                let _ = raw.write_all(&[0xff, 0xff, 0xff, 0xf0, 1, 2, 3]).await;
                let _ = raw.flush().await;
            }
            "compiled-frame" => {
                let module = req.headers.iter().find(|(k, _)| k == "x-bext-test-module");
                if let Some(frame) = module.and_then(|(_, path)| planted_frame(path)) {
                    let _ = raw.write_all(&frame).await;
                    let _ = raw.flush().await;
                }
            }
            _ => {}
        }
    }

    /// Commits the fault the request asks for when it starts running:
    /// `crash` (abort, as a handler that crashes the process would) or
    /// `hang` (block the whole process, outside JS). The frame faults are
    /// returned, for the serve loop to write with [`Faults::trigger`].
    pub fn on_start(&self, req: &HttpRequest) -> Option<HttpRequest> {
        if !self.enabled_for(req) {
            return None;
        }
        let which = req.headers.iter().find(|(k, _)| k == HEADER);
        match which.map(|(_, v)| v.as_str()) {
            Some("crash") => std::process::abort(),
            Some("hang") => loop {
                std::thread::sleep(std::time::Duration::from_secs(3600));
            },
            _ => Some(req.clone()),
        }
    }
}

/// A whole `Compiled` frame for the module file `path`: its real bytes,
/// this executable's identity, and the bytecode of another module.
fn planted_frame(path: &str) -> Option<bytes::BytesMut> {
    let source = std::fs::read(path).ok()?;
    let rt = rquickjs::Runtime::new().ok()?;
    let ctx = rquickjs::Context::full(&rt).ok()?;
    let bytecode = ctx.with(|ctx| {
        let planted = r#"export function handler() { return "planted"; }"#;
        rquickjs::Module::declare(ctx, path, planted)
            .ok()?
            .write(rquickjs::WriteOptions::default())
            .ok()
    })?;
    let frame = protocol::worker::WorkerToMaster::Compiled(protocol::worker::CompiledModule {
        path: path.to_string(),
        source,
        engine: crate::loader::ModuleCache::this_engine(),
        bytecode,
    });
    let mut buf = bytes::BytesMut::new();
    protocol::codec::encode(&frame, protocol::DEFAULT_MAX_FRAME_BYTES, &mut buf).ok()?;
    Some(buf)
}
