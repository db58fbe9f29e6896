//! Listeners handed over by systemd (socket activation, `sd_listen_fds(3)`).
//!
//! systemd holds the socket of `bextd.socket` and passes it to bextd as a
//! descriptor from 3 on, saying so in `LISTEN_PID` (bextd's pid),
//! `LISTEN_FDS` (how many) and `LISTEN_FDNAMES` (their `FileDescriptorName=`,
//! colon-separated). A restart of bextd leaves the socket open in
//! systemd: connections made meanwhile wait in its backlog and are served
//! by the next bextd, never refused.
//!
//! The plain HTTP listener is the descriptor named `http` (or the only one,
//! unnamed); the TLS listener (`[server.tls]`) the one named `https`. A listener taken
//! from systemd replaces the configured address. The descriptors are
//! marked close-on-exec, so workers do not inherit them.

use std::os::fd::{FromRawFd, OwnedFd, RawFd};

/// The first descriptor systemd passes (`SD_LISTEN_FDS_START`).
const FIRST_FD: RawFd = 3;

/// Why the descriptors systemd passed cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ActivationError {
    #[error("socket activation: {name}={value:?} is not a number")]
    NotANumber { name: &'static str, value: String },
    #[error(
        "socket activation: LISTEN_FDNAMES names {names} descriptors but LISTEN_FDS says {fds}"
    )]
    Names { names: usize, fds: usize },
    #[error("socket activation: descriptor {fd} ({name:?}) is not a listening TCP socket")]
    NotAListener { fd: RawFd, name: String },
    #[error(
        "socket activation: none of the descriptors systemd passed is named \"http\" or \"https\" (names: {0})"
    )]
    NoneKnown(String),
    #[error("socket activation: descriptor {fd}: {source}")]
    Io {
        fd: RawFd,
        #[source]
        source: std::io::Error,
    },
}

/// The listeners systemd passed, by what they serve.
#[derive(Debug, Default)]
pub struct Activated {
    pub http: Option<std::net::TcpListener>,
    pub https: Option<std::net::TcpListener>,
}

/// The listeners systemd passed to this process, if it passed any.
pub fn take() -> Result<Activated, ActivationError> {
    let var = |n: &str| std::env::var(n).ok();
    take_from(
        var("LISTEN_PID").as_deref(),
        var("LISTEN_FDS").as_deref(),
        var("LISTEN_FDNAMES").as_deref(),
        std::process::id(),
    )
}

fn number(name: &'static str, value: &str) -> Result<usize, ActivationError> {
    value.parse().map_err(|_| ActivationError::NotANumber {
        name,
        value: value.to_owned(),
    })
}

/// What `LISTEN_*` say, for process `pid`: nothing when they are absent
/// or meant for another process (a parent that did not clear them).
pub fn take_from(
    pid: Option<&str>,
    fds: Option<&str>,
    names: Option<&str>,
    me: u32,
) -> Result<Activated, ActivationError> {
    let (Some(pid), Some(fds)) = (pid, fds) else {
        return Ok(Activated::default());
    };
    if number("LISTEN_PID", pid)? != me as usize {
        return Ok(Activated::default());
    }
    let n = number("LISTEN_FDS", fds)?;
    let names: Vec<&str> = match names {
        Some(list) if !list.is_empty() => list.split(':').collect(),
        _ => Vec::new(),
    };
    if !names.is_empty() && names.len() != n {
        return Err(ActivationError::Names {
            names: names.len(),
            fds: n,
        });
    }
    let mut got = Activated::default();
    for i in 0..n {
        let fd = FIRST_FD + i as RawFd;
        let name = match names.get(i) {
            Some(name) => *name,
            None if n == 1 => "http",
            None => "",
        };
        let slot = match name {
            "http" => &mut got.http,
            "https" => &mut got.https,
            _ => continue,
        };
        *slot = Some(listener(fd, name)?);
    }
    if n > 0 && got.http.is_none() && got.https.is_none() {
        return Err(ActivationError::NoneKnown(names.join(":")));
    }
    Ok(got)
}

/// Descriptor `fd` as a non-blocking listener, closed on exec.
fn listener(fd: RawFd, name: &str) -> Result<std::net::TcpListener, ActivationError> {
    use nix::fcntl::{FcntlArg, FdFlag, fcntl};
    use nix::sys::socket::{SockType, getsockopt, sockopt};
    let io = |e: nix::Error| ActivationError::Io {
        fd,
        source: e.into(),
    };
    // SAFETY: systemd passed this descriptor to this process (LISTEN_PID)
    // and nothing else in bextd owns it.
    let owned = unsafe { OwnedFd::from_raw_fd(fd) };
    fcntl(&owned, FcntlArg::F_SETFD(FdFlag::FD_CLOEXEC)).map_err(io)?;
    let listening = getsockopt(&owned, sockopt::AcceptConn).unwrap_or(false);
    let stream = getsockopt(&owned, sockopt::SockType).ok() == Some(SockType::Stream);
    if !listening || !stream {
        return Err(ActivationError::NotAListener {
            fd,
            name: name.to_owned(),
        });
    }
    let l = std::net::TcpListener::from(owned);
    l.set_nonblocking(true)
        .map_err(|source| ActivationError::Io { fd, source })?;
    Ok(l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_or_foreign_variables_pass_nothing() {
        let none = take_from(None, None, None, 10).unwrap();
        assert!(none.http.is_none() && none.https.is_none());
        let other = take_from(Some("11"), Some("1"), None, 10).unwrap();
        assert!(other.http.is_none());
    }

    #[test]
    fn bad_variables_are_errors() {
        assert!(matches!(
            take_from(Some("x"), Some("1"), None, 10),
            Err(ActivationError::NotANumber {
                name: "LISTEN_PID",
                ..
            })
        ));
        assert!(matches!(
            take_from(Some("10"), Some("2"), Some("http"), 10),
            Err(ActivationError::Names { names: 1, fds: 2 })
        ));
        assert!(matches!(
            take_from(Some("10"), Some("0"), None, 10),
            Ok(Activated {
                http: None,
                https: None
            })
        ));
    }
}
