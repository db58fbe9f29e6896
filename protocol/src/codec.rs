//! Length-prefixed bincode frames with a size cap.
//!
//! A frame is a 4-byte big-endian payload length followed by the payload,
//! a bincode (serde, standard config) encoding of one message. The length
//! is checked against the cap before anything is buffered for it, and the
//! payload is decoded from a slice of exactly that length, so a peer can
//! neither make the reader allocate from a length it made up nor make one
//! frame bleed into the next.
//!
//! [`FrameCodec`] plugs into `tokio_util::codec::Framed`; [`encode`] and
//! [`decode`] are the same logic as plain functions over bytes.

use std::io;
use std::marker::PhantomData;

use bytes::{Buf, BufMut, BytesMut};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio_util::codec::{Decoder, Encoder};

/// Default cap on one frame: room for a 32 MiB body plus headers.
pub const DEFAULT_MAX_FRAME_BYTES: u32 = 33 * 1024 * 1024;

const HEADER_LEN: usize = 4;

/// Why a frame could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    #[error("frame of {len} bytes exceeds the {max}-byte limit")]
    TooLarge { len: usize, max: u32 },
    #[error("malformed frame payload: {0}")]
    Malformed(String),
    #[error("connection closed in the middle of a frame ({0} bytes left unread)")]
    Truncated(usize),
    #[error("I/O error on the worker socket: {0}")]
    Io(#[from] io::Error),
}

fn bincode_config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<{ DEFAULT_MAX_FRAME_BYTES as usize }>()
}

/// Appends one frame holding `msg` to `dst`.
pub fn encode<T: Serialize>(msg: &T, max: u32, dst: &mut BytesMut) -> Result<(), FrameError> {
    let start = dst.len();
    dst.put_u32(0); // patched below once the length is known
    let mut writer = BufMutWriter(dst);
    bincode::serde::encode_into_writer(msg, &mut writer, bincode_config())
        .map_err(|e| FrameError::Malformed(e.to_string()))?;
    let len = dst.len() - start - HEADER_LEN;
    if len > max as usize {
        dst.truncate(start);
        return Err(FrameError::TooLarge { len, max });
    }
    dst[start..start + HEADER_LEN].copy_from_slice(&(len as u32).to_be_bytes());
    Ok(())
}

/// Takes one whole frame off the front of `src`, if one is there.
///
/// `Ok(None)` means more bytes are needed; nothing is consumed then.
pub fn decode<T: DeserializeOwned>(src: &mut BytesMut, max: u32) -> Result<Option<T>, FrameError> {
    if src.len() < HEADER_LEN {
        return Ok(None);
    }
    let len = u32::from_be_bytes([src[0], src[1], src[2], src[3]]) as usize;
    if len > max as usize {
        return Err(FrameError::TooLarge { len, max });
    }
    if src.len() < HEADER_LEN + len {
        return Ok(None);
    }
    src.advance(HEADER_LEN);
    let payload = src.split_to(len);
    let (msg, used) = bincode::serde::decode_from_slice(&payload, bincode_config())
        .map_err(|e| FrameError::Malformed(e.to_string()))?;
    if used != len {
        return Err(FrameError::Malformed(format!(
            "{} trailing bytes after the message",
            len - used
        )));
    }
    Ok(Some(msg))
}

struct BufMutWriter<'a>(&'a mut BytesMut);

impl bincode::enc::write::Writer for BufMutWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> Result<(), bincode::error::EncodeError> {
        self.0.extend_from_slice(bytes);
        Ok(())
    }
}

/// A `tokio_util` codec that reads frames of type `In` and writes `Out`.
#[derive(Debug)]
pub struct FrameCodec<In, Out> {
    max: u32,
    _types: PhantomData<fn(Out) -> In>,
}

impl<In, Out> FrameCodec<In, Out> {
    pub fn new(max_frame_bytes: u32) -> Self {
        FrameCodec {
            max: max_frame_bytes,
            _types: PhantomData,
        }
    }
}

impl<In: DeserializeOwned, Out> Decoder for FrameCodec<In, Out> {
    type Item = In;
    type Error = FrameError;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<In>, FrameError> {
        decode(src, self.max)
    }

    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<In>, FrameError> {
        match decode(src, self.max)? {
            Some(msg) => Ok(Some(msg)),
            None if src.is_empty() => Ok(None),
            None => Err(FrameError::Truncated(src.len())),
        }
    }
}

impl<In, Out: Serialize> Encoder<Out> for FrameCodec<In, Out> {
    type Error = FrameError;

    fn encode(&mut self, msg: Out, dst: &mut BytesMut) -> Result<(), FrameError> {
        encode(&msg, self.max, dst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::{HttpRequest, MasterToWorker, WorkerToMaster};

    fn req(id: u64) -> MasterToWorker {
        MasterToWorker::Request {
            id,
            request: HttpRequest {
                method: "GET".into(),
                url: "/x?y=1".into(),
                headers: vec![("host".into(), "a".into())],
                body: vec![1, 2, 3],
                ip: "127.0.0.1".into(),
            }
            .into(),
        }
    }

    #[test]
    fn two_frames_in_one_read() {
        let mut buf = BytesMut::new();
        encode(&req(1), 1024, &mut buf).unwrap();
        encode(&req(2), 1024, &mut buf).unwrap();
        assert_eq!(
            decode::<MasterToWorker>(&mut buf, 1024).unwrap(),
            Some(req(1))
        );
        assert_eq!(
            decode::<MasterToWorker>(&mut buf, 1024).unwrap(),
            Some(req(2))
        );
        assert!(buf.is_empty());
        assert_eq!(decode::<MasterToWorker>(&mut buf, 1024).unwrap(), None);
    }

    #[test]
    fn split_frame_waits_for_the_rest() {
        let mut whole = BytesMut::new();
        encode(&req(9), 1024, &mut whole).unwrap();
        for cut in 0..whole.len() {
            let mut part = BytesMut::from(&whole[..cut]);
            assert_eq!(decode::<MasterToWorker>(&mut part, 1024).unwrap(), None);
            assert_eq!(part.len(), cut, "nothing consumed from a partial frame");
            part.extend_from_slice(&whole[cut..]);
            assert_eq!(
                decode::<MasterToWorker>(&mut part, 1024).unwrap(),
                Some(req(9))
            );
        }
    }

    #[test]
    fn oversized_length_is_refused_before_buffering() {
        let mut buf = BytesMut::from(&[0xff, 0xff, 0xff, 0xff][..]);
        let err = decode::<WorkerToMaster>(&mut buf, 1024).unwrap_err();
        assert!(
            matches!(err, FrameError::TooLarge { max: 1024, .. }),
            "{err}"
        );
    }

    #[test]
    fn oversized_message_is_not_written() {
        let mut buf = BytesMut::new();
        let big = MasterToWorker::Request {
            id: 1,
            request: HttpRequest {
                method: "POST".into(),
                url: "/".into(),
                headers: vec![],
                body: vec![0; 2048],
                ip: String::new(),
            }
            .into(),
        };
        assert!(matches!(
            encode(&big, 1024, &mut buf),
            Err(FrameError::TooLarge { .. })
        ));
        assert!(buf.is_empty());
    }

    #[test]
    fn garbage_payload_is_an_error() {
        let mut buf = BytesMut::new();
        buf.put_u32(5);
        buf.extend_from_slice(&[0xee, 0xee, 0xee, 0xee, 0xee]);
        assert!(matches!(
            decode::<WorkerToMaster>(&mut buf, 1024),
            Err(FrameError::Malformed(_))
        ));
    }

    #[test]
    fn trailing_bytes_inside_a_frame_are_an_error() {
        let mut one = BytesMut::new();
        encode(
            &WorkerToMaster::Ready {
                modules_cached: 0,
                modules_compiled: 1,
            },
            1024,
            &mut one,
        )
        .unwrap();
        let mut buf = BytesMut::new();
        buf.put_u32(one.len() as u32 - 4 + 1);
        buf.extend_from_slice(&one[4..]);
        buf.put_u8(0);
        assert!(matches!(
            decode::<WorkerToMaster>(&mut buf, 1024),
            Err(FrameError::Malformed(_))
        ));
    }

    #[test]
    fn eof_inside_a_frame_is_an_error_and_between_frames_is_not() {
        let mut codec = FrameCodec::<WorkerToMaster, MasterToWorker>::new(1024);
        let mut empty = BytesMut::new();
        assert!(codec.decode_eof(&mut empty).unwrap().is_none());
        let mut part = BytesMut::from(&[0, 0, 0, 9, 1][..]);
        assert!(matches!(
            codec.decode_eof(&mut part),
            Err(FrameError::Truncated(5))
        ));
    }
}
