//! One message per packet on a `SOCK_SEQPACKET` socket, with file
//! descriptors beside it as `SCM_RIGHTS`: how bextd and a template worker
//! talk ([`crate::template`]). Each message is encoded as a worker frame
//! ([`crate::codec`]) and must fit [`crate::template::MAX_MESSAGE`].

use std::io::{IoSlice, IoSliceMut};
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};

use bytes::BytesMut;
use nix::errno::Errno;
use nix::sys::socket::{ControlMessage, ControlMessageOwned, MsgFlags, recvmsg, sendmsg};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::codec::{self, FrameError};
use crate::template::{FORK_FDS, MAX_MESSAGE};

/// Why a packet could not be sent or read.
#[derive(Debug, thiserror::Error)]
pub enum PacketError {
    /// The socket's own error (`EAGAIN` when its receive timeout passed).
    #[error("{0}")]
    Os(#[from] Errno),
    /// The message or its descriptors did not fit the buffers.
    #[error("the message did not fit the buffers")]
    Truncated,
    /// The packet holds less than the frame it starts.
    #[error("the message came cut short")]
    Incomplete,
    /// The message does not encode or decode.
    #[error(transparent)]
    Frame(#[from] FrameError),
}

/// Sends `msg` in one packet with `fds` beside it.
pub fn send<T: Serialize>(
    socket: BorrowedFd<'_>,
    msg: &T,
    fds: &[BorrowedFd<'_>],
) -> Result<(), PacketError> {
    let mut buf = BytesMut::new();
    codec::encode(msg, MAX_MESSAGE, &mut buf)?;
    let raw: Vec<RawFd> = fds.iter().map(AsRawFd::as_raw_fd).collect();
    let rights = [ControlMessage::ScmRights(&raw)];
    let cmsgs: &[ControlMessage] = if raw.is_empty() { &[] } else { &rights };
    sendmsg::<()>(
        socket.as_raw_fd(),
        &[IoSlice::new(&buf)],
        cmsgs,
        MsgFlags::MSG_NOSIGNAL,
        None,
    )?;
    Ok(())
}

/// The next packet's message and the descriptors that came with it (at
/// most [`FORK_FDS`], close-on-exec); `None` once the peer closed its end.
/// A read interrupted by a signal is retried.
pub fn receive<T: DeserializeOwned>(
    socket: BorrowedFd<'_>,
) -> Result<Option<(T, Vec<OwnedFd>)>, PacketError> {
    let mut buf = vec![0u8; MAX_MESSAGE as usize];
    let mut space = nix::cmsg_space!([RawFd; FORK_FDS]);
    let (len, fds, cut) = loop {
        let mut iov = [IoSliceMut::new(&mut buf)];
        match recvmsg::<()>(
            socket.as_raw_fd(),
            &mut iov,
            Some(&mut space),
            MsgFlags::MSG_CMSG_CLOEXEC,
        ) {
            Ok(msg) => {
                let mut fds = Vec::new();
                for c in msg.cmsgs().into_iter().flatten() {
                    if let ControlMessageOwned::ScmRights(raw) = c {
                        // SAFETY: the kernel installed these descriptors in
                        // this process for this message; nothing else owns them.
                        fds.extend(
                            raw.into_iter()
                                .map(|fd| unsafe { OwnedFd::from_raw_fd(fd) }),
                        );
                    }
                }
                let cut = msg
                    .flags
                    .intersects(MsgFlags::MSG_TRUNC | MsgFlags::MSG_CTRUNC);
                break (msg.bytes, fds, cut);
            }
            Err(Errno::EINTR) => continue,
            Err(e) => return Err(e.into()),
        }
    };
    if len == 0 {
        return Ok(None);
    }
    if cut {
        return Err(PacketError::Truncated);
    }
    let mut frame = BytesMut::from(&buf[..len]);
    match codec::decode::<T>(&mut frame, MAX_MESSAGE)? {
        Some(msg) => Ok(Some((msg, fds))),
        None => Err(PacketError::Incomplete),
    }
}
