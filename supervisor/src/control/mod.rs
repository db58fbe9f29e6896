//! The control socket: newline-delimited JSON requests and replies
//! ([`protocol::control`]) on a Unix socket only bextd's own user (or root)
//! may use.
//!
//! The socket file is created with mode 0600 and each peer's credentials are
//! checked on accept. Every connection has its own task with read and write
//! deadlines, so a slow, silent or vanished client costs nothing but that
//! task. A socket file left by a crashed bextd is replaced; one that a live
//! bextd still answers on is not. What each request does is the hub's
//! (`hub::control`): this module only carries requests and replies.

use std::io;
use std::os::unix::fs::{DirBuilderExt, FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use protocol::control::{ControlReply, ControlRequest, MAX_REQUEST_LINE};
use tokio::net::{UnixListener, UnixStream};
use tokio_util::codec::{AnyDelimiterCodec, AnyDelimiterCodecError, Framed};

use crate::exit::{Fatal, OrFatal};
use crate::hub::Hub;

/// How long a connection may stay silent before it is closed.
const IDLE: Duration = Duration::from_secs(30);
/// How long a reply may take to write.
const WRITE: Duration = Duration::from_secs(5);

/// Binds the control socket at `path`, replacing a stale one. The folder of
/// the default socket (such as `/run/bext`) is created when missing,
/// readable only by bextd's user; a configured one must exist.
///
/// The default's folder must be bextd's own whether it created it or found
/// it: `/tmp/bext-UID` lies in a folder everyone may write, so another user
/// may have made it first (or made it a symbolic link) to replace the
/// socket or read what passes through it. One that is not bextd's user's,
/// or that others may write, is refused.
pub fn bind(path: &Path) -> Result<UnixListener, Fatal> {
    let default = crate::config::default_control_socket();
    if path == default
        && let Some(dir) = path.parent()
    {
        if !dir.exists() {
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(dir)
                .or_fatal(|| {
                    format!(
                        "cannot create the folder of the control socket {}",
                        dir.display()
                    )
                })?;
        }
        check_folder(dir)?;
    }
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.file_type().is_socket() {
            return Err(Fatal::Setup(format!(
                "{} exists and is not a socket; remove it or change [server] control_socket",
                path.display()
            )));
        }
        match std::os::unix::net::UnixStream::connect(path) {
            Ok(_) => {
                return Err(Fatal::Setup(format!(
                    "another bextd is already listening on the control socket {}",
                    path.display()
                )));
            }
            Err(_) => {
                tracing::info!(socket = %path.display(), "removing a stale control socket");
                std::fs::remove_file(path)
                    .or_fatal(|| format!("cannot remove the stale socket {}", path.display()))?;
            }
        }
    }
    // Created 0600 from the start: no window in which others could connect.
    let old = nix::sys::stat::umask(nix::sys::stat::Mode::from_bits_truncate(0o177));
    let bound = UnixListener::bind(path);
    nix::sys::stat::umask(old);
    let listener =
        bound.or_fatal(|| format!("cannot bind the control socket {}", path.display()))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
        .or_fatal(|| format!("cannot set the mode of {}", path.display()))?;
    Ok(listener)
}

/// Refuses the default socket's folder `dir` unless it is bextd's own.
fn check_folder(dir: &Path) -> Result<(), Fatal> {
    let meta = std::fs::symlink_metadata(dir).or_fatal(|| {
        format!(
            "cannot read the folder of the control socket {}",
            dir.display()
        )
    })?;
    let ours = nix::unistd::geteuid().as_raw();
    match folder_problem(&Folder::of(&meta), ours) {
        None => Ok(()),
        Some(why) => Err(Fatal::Setup(format!(
            "the folder of the control socket {} {why}: it must be a folder owned by bextd's user (uid {ours}) that no one else may write; remove it and let bextd create it, fix it (chown {ours} {d} && chmod 700 {d}), or set [server] control_socket",
            dir.display(),
            d = dir.display(),
        ))),
    }
}

/// What [`folder_problem`] judges of a folder.
#[derive(Debug, Clone, Copy)]
struct Folder {
    is_dir: bool,
    is_symlink: bool,
    uid: u32,
    mode: u32,
}

impl Folder {
    fn of(meta: &std::fs::Metadata) -> Folder {
        use std::os::unix::fs::MetadataExt;
        Folder {
            is_dir: meta.is_dir(),
            is_symlink: meta.file_type().is_symlink(),
            uid: meta.uid(),
            mode: meta.mode() & 0o7777,
        }
    }
}

/// What is wrong with the control socket's folder for bextd running as
/// `ours`, said as the end of "the folder … ": `None` if nothing.
fn folder_problem(f: &Folder, ours: u32) -> Option<String> {
    if f.is_symlink {
        return Some("is a symbolic link".into());
    }
    if !f.is_dir {
        return Some("is not a folder".into());
    }
    if f.uid != ours || f.mode & 0o022 != 0 {
        return Some(format!("is owned by uid {} with mode {:o}", f.uid, f.mode));
    }
    None
}

/// Most control clients served at once; more wait to be accepted. Their
/// descriptors are part of bextd's reserve (`accept::fd_reserve`).
pub const MAX_CLIENTS: usize = 16;

/// Accepts control connections until the task is dropped.
pub async fn serve(listener: UnixListener, hub: Arc<Hub>, path: PathBuf) {
    let clients = Arc::new(tokio::sync::Semaphore::new(MAX_CLIENTS));
    let mut errors = crate::listen::Backoff::new("control socket connections");
    loop {
        let permit = clients
            .clone()
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        match listener.accept().await {
            Ok((stream, _)) => {
                errors.succeeded();
                let hub = hub.clone();
                tokio::spawn(async move {
                    connection(stream, hub).await;
                    drop(permit);
                });
            }
            Err(e) => {
                drop(permit);
                let pause = errors.failed(&e);
                tracing::debug!(socket = %path.display(), "control socket accept failed: {e}");
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// Whether a peer with `uid` may use the socket of a daemon running as `ours`.
pub fn peer_allowed(uid: u32, ours: u32) -> bool {
    uid == ours || uid == 0
}

async fn connection(stream: UnixStream, hub: Arc<Hub>) {
    let ours = nix::unistd::geteuid().as_raw();
    let uid = match stream.peer_cred() {
        Ok(c) => c.uid(),
        Err(e) => {
            tracing::warn!(error = %e, "cannot read a control client's credentials; refused");
            return;
        }
    };
    let codec =
        AnyDelimiterCodec::new_with_max_length(b"\n".to_vec(), b"\n".to_vec(), MAX_REQUEST_LINE);
    let mut lines = Framed::new(stream, codec);
    if !peer_allowed(uid, ours) {
        tracing::warn!(peer_uid = uid, "control client of another user refused");
        let _ = reply(
            &mut lines,
            &ControlReply::Error {
                message: format!("refused: this bextd runs as uid {ours}, the client is uid {uid}"),
            },
        )
        .await;
        return;
    }
    loop {
        let line = match tokio::time::timeout(IDLE, lines.next()).await {
            Err(_) | Ok(None) => return,
            Ok(Some(Ok(line))) => line,
            Ok(Some(Err(AnyDelimiterCodecError::MaxChunkLengthExceeded))) => {
                let _ = reply(
                    &mut lines,
                    &ControlReply::Error {
                        message: format!("request line longer than {MAX_REQUEST_LINE} bytes"),
                    },
                )
                .await;
                return;
            }
            Ok(Some(Err(AnyDelimiterCodecError::Io(_)))) => return,
        };
        if line.trim_ascii().is_empty() {
            continue;
        }
        let answer = match parse_request(&line) {
            Ok(req) => crate::hub::control(req, &hub).await,
            Err(e) => ControlReply::Error {
                message: e.to_string(),
            },
        };
        if reply(&mut lines, &answer).await.is_err() {
            return;
        }
    }
}

/// One request line: UTF-8 JSON of a [`ControlRequest`]; anything else is
/// answered with an error reply and the connection stays open.
fn parse_request(line: &[u8]) -> Result<ControlRequest, NotARequest> {
    Ok(serde_json::from_str(std::str::from_utf8(line)?)?)
}

/// A control socket line that is not a request.
#[derive(Debug, thiserror::Error)]
enum NotARequest {
    #[error("not a control request: the line is not UTF-8 ({0})")]
    Utf8(#[from] std::str::Utf8Error),
    #[error("not a control request: {0}")]
    Json(#[from] serde_json::Error),
}

type Lines = Framed<UnixStream, AnyDelimiterCodec>;

async fn reply(lines: &mut Lines, answer: &ControlReply) -> io::Result<()> {
    let text = serde_json::to_string(answer).map_err(io::Error::other)?;
    match tokio::time::timeout(WRITE, lines.send(text)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(io::Error::other(e)),
        Err(_) => Err(io::Error::new(
            io::ErrorKind::TimedOut,
            "client did not read the reply",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_user_or_root_may_connect() {
        assert!(peer_allowed(1000, 1000));
        assert!(peer_allowed(0, 1000));
        assert!(!peer_allowed(1001, 1000));
        assert!(peer_allowed(0, 0));
        assert!(!peer_allowed(1000, 0));
    }

    #[test]
    fn the_socket_folder_must_be_ours_and_written_by_us_alone() {
        let dir = |uid, mode| Folder {
            is_dir: true,
            is_symlink: false,
            uid,
            mode,
        };
        assert_eq!(folder_problem(&dir(1000, 0o700), 1000), None);
        assert_eq!(folder_problem(&dir(1000, 0o755), 1000), None);
        assert_eq!(folder_problem(&dir(0, 0o755), 0), None);
        assert_eq!(
            folder_problem(&dir(0, 0o700), 1000).as_deref(),
            Some("is owned by uid 0 with mode 700")
        );
        assert_eq!(
            folder_problem(&dir(1000, 0o1777), 1000).as_deref(),
            Some("is owned by uid 1000 with mode 1777")
        );
        assert!(
            folder_problem(&dir(1000, 0o720), 1000).is_some(),
            "group-writable"
        );
        let link = Folder {
            is_symlink: true,
            is_dir: false,
            ..dir(1000, 0o777)
        };
        assert_eq!(
            folder_problem(&link, 1000).as_deref(),
            Some("is a symbolic link")
        );
        let file = Folder {
            is_dir: false,
            ..dir(1000, 0o600)
        };
        assert_eq!(
            folder_problem(&file, 1000).as_deref(),
            Some("is not a folder")
        );
    }

    #[test]
    fn a_stale_socket_is_replaced_and_a_regular_file_is_not() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("bext.sock");
            drop(std::os::unix::net::UnixListener::bind(&path).unwrap());
            let l = bind(&path).expect("stale socket replaced");
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
            let err = bind(&path).unwrap_err().to_string();
            assert!(err.contains("already listening"), "{err}");
            drop(l);
            let file = dir.path().join("plain");
            std::fs::write(&file, "x").unwrap();
            assert!(
                bind(&file)
                    .unwrap_err()
                    .to_string()
                    .contains("not a socket")
            );
        });
    }
}
