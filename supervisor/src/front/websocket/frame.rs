//! RFC 6455 frames, as pure functions over bytes: a client's frames read
//! and checked (§5.2, §5.5, §5.7), bextd's written, a close frame's
//! payload checked (§7.4), and the skimming of what a client still sends
//! after a breach, to find its close frame.
//!
//! Every check that a frame's first bytes allow is made on them, so a
//! breach is found before its payload arrives (a reserved opcode, an
//! unmasked frame, a control frame over 125 bytes or fragmented, a frame
//! over the message limit). A breach leaves the buffer as it was: the
//! skimmer starts at the offending frame's first byte (or, when `joining`
//! refuses a piece of a text frame, past what is left of that frame).

use bytes::{Buf, BufMut, BytesMut};

/// A frame's opcode (§5.2); the others are reserved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    Continuation = 0,
    Text = 1,
    Binary = 2,
    Close = 8,
    Ping = 9,
    Pong = 10,
}

impl Op {
    fn of(bits: u8) -> Option<Op> {
        Some(match bits {
            0 => Op::Continuation,
            1 => Op::Text,
            2 => Op::Binary,
            8 => Op::Close,
            9 => Op::Ping,
            10 => Op::Pong,
            _ => return None,
        })
    }

    pub(super) fn is_control(self) -> bool {
        (self as u8) & 0x8 != 0
    }
}

/// A client's frame, unmasked.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Frame {
    pub(super) fin: bool,
    /// RSV1: a compressed message's first frame (RFC 7692).
    pub(super) rsv1: bool,
    pub(super) op: Op,
    pub(super) payload: BytesMut,
}

/// How a client broke RFC 6455: the close code it gets and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Breach {
    pub(super) code: u16,
    pub(super) why: &'static str,
}

pub(super) const fn breach(code: u16, why: &'static str) -> Breach {
    Breach { code, why }
}

/// A control frame's largest payload (§5.5).
const MAX_CONTROL: usize = 125;

/// A frame's head, read from its first bytes.
#[derive(Debug, PartialEq, Eq)]
struct Head {
    fin: bool,
    rsv1: bool,
    op: Op,
    mask: [u8; 4],
    /// Bytes of the head.
    len: usize,
    payload: usize,
}

/// Reads the client's frames: `max` is the largest payload of a data
/// frame, `deflate` whether permessage-deflate was agreed (RSV1 allowed).
///
/// A text message's frame is given in pieces as its payload arrives (a
/// piece is a frame of its own to `joining`: the first has the frame's
/// opcode, the others are continuations, and only the last may be final),
/// so that a byte that is not UTF-8 is refused when it arrives, not when
/// its frame ends (Autobahn 6.4.3, 6.4.4). A binary frame, or a control
/// frame, is given whole.
#[derive(Debug, Clone)]
pub(super) struct Decoder {
    max: usize,
    deflate: bool,
    /// The text frame whose payload is coming in pieces.
    under_way: Option<UnderWay>,
    /// Whether the message under way is text (its continuations stream).
    text: bool,
    /// Bytes the frame at the head of the buffer needs, once its head is
    /// known (or the next piece of a frame under way wants).
    wanted: usize,
}

/// What is left of a text frame given in pieces.
#[derive(Debug, Clone, Copy)]
struct UnderWay {
    fin: bool,
    mask: [u8; 4],
    /// Payload bytes given so far (where the mask stands).
    done: usize,
    left: usize,
}

/// The most a piece of a text frame waits for at once: a large text
/// frame is read (and its UTF-8 checked) this much at a time.
const PIECE: usize = 64 * 1024;

impl Decoder {
    pub(super) fn new(max: usize, deflate: bool) -> Decoder {
        Decoder {
            max,
            deflate,
            under_way: None,
            text: false,
            wanted: 0,
        }
    }

    /// How many bytes the buffer should hold for the next frame or piece
    /// (0 when no head is known).
    pub(super) fn wanted(&self) -> usize {
        self.wanted
    }

    /// Forgets the frame under way (after a breach): how many of its bytes
    /// the client has still to send.
    pub(super) fn abandon(&mut self) -> u64 {
        self.wanted = 0;
        self.under_way.take().map_or(0, |u| u.left as u64)
    }

    /// The frame (or piece of a text frame) at the start of `buf`, taken
    /// from it; `Ok(None)` until there is one.
    pub(super) fn decode(&mut self, buf: &mut BytesMut) -> Result<Option<Frame>, Breach> {
        if let Some(u) = self.under_way.as_mut() {
            let n = buf.len().min(u.left);
            if n == 0 {
                return Ok(None);
            }
            let mut payload = buf.split_to(n);
            unmask_from(&mut payload, u.mask, u.done);
            u.done += n;
            u.left -= n;
            let fin = u.left == 0 && u.fin;
            self.wanted = u.left.min(PIECE);
            if u.left == 0 {
                self.under_way = None;
            }
            return Ok(Some(Frame {
                fin,
                rsv1: false,
                op: Op::Continuation,
                payload,
            }));
        }
        let Some(head) = self.head(buf)? else {
            self.wanted = 0;
            return Ok(None);
        };
        self.wanted = head.len + head.payload;
        let text = match head.op {
            Op::Text => true,
            Op::Continuation => self.text,
            _ => false,
        };
        let arrived = buf.len() - head.len.min(buf.len());
        if buf.len() < self.wanted && !(text && arrived > 0) {
            return Ok(None);
        }
        if matches!(head.op, Op::Text | Op::Binary) {
            self.text = head.op == Op::Text;
        }
        buf.advance(head.len);
        let n = arrived.min(head.payload);
        let mut payload = buf.split_to(n);
        unmask(&mut payload, head.mask);
        let left = head.payload - n;
        self.wanted = left.min(PIECE);
        if left > 0 {
            self.under_way = Some(UnderWay {
                fin: head.fin,
                mask: head.mask,
                done: n,
                left,
            });
        }
        Ok(Some(Frame {
            fin: head.fin && left == 0,
            rsv1: head.rsv1,
            op: head.op,
            payload,
        }))
    }

    /// The head at the start of `buf`, checked as far as its bytes go.
    fn head(&self, buf: &[u8]) -> Result<Option<Head>, Breach> {
        let [b0, b1, ..] = *buf else {
            return Ok(None);
        };
        let fin = b0 & 0x80 != 0;
        let rsv1 = b0 & 0x40 != 0;
        let Some(op) = Op::of(b0 & 0x0f) else {
            return Err(breach(1002, "a reserved opcode"));
        };
        if b0 & 0x30 != 0 {
            return Err(breach(1002, "reserved bits set"));
        }
        if rsv1 && (!self.deflate || op.is_control() || op == Op::Continuation) {
            return Err(breach(
                1002,
                "RSV1 set outside a compressed message's first frame",
            ));
        }
        if b1 & 0x80 == 0 {
            return Err(breach(1002, "an unmasked frame from a client"));
        }
        let code = usize::from(b1 & 0x7f);
        if op.is_control() && !fin {
            return Err(breach(1002, "a fragmented control frame"));
        }
        if op.is_control() && code > MAX_CONTROL {
            return Err(breach(1002, "a control frame over 125 bytes"));
        }
        let extra = match code {
            126 => 2,
            127 => 8,
            _ => 0,
        };
        let len = 2 + extra + 4;
        if buf.len() < len {
            return Ok(None);
        }
        let payload = match extra {
            0 => code as u64,
            2 => u64::from(u16::from_be_bytes([buf[2], buf[3]])),
            _ => u64::from_be_bytes(buf[2..10].try_into().unwrap_or_default()),
        };
        if payload >> 63 != 0 {
            return Err(breach(1002, "a payload length with its top bit set"));
        }
        if payload > self.max as u64 {
            return Err(breach(1009, "message too big"));
        }
        let mask = buf[len - 4..len].try_into().unwrap_or_default();
        Ok(Some(Head {
            fin,
            rsv1,
            op,
            mask,
            len,
            payload: payload as usize,
        }))
    }
}

/// Unmasks `data`, the payload's bytes from `offset` on, with `mask`.
fn unmask_from(data: &mut [u8], mask: [u8; 4], offset: usize) {
    let k = offset % 4;
    unmask(
        data,
        [
            mask[k],
            mask[(k + 1) % 4],
            mask[(k + 2) % 4],
            mask[(k + 3) % 4],
        ],
    );
}

/// Unmasks (or masks) `data` with `mask` (§5.3).
fn unmask(data: &mut [u8], mask: [u8; 4]) {
    let word = u32::from_ne_bytes(mask);
    let mut chunks = data.chunks_exact_mut(4);
    for c in &mut chunks {
        let v = u32::from_ne_bytes([c[0], c[1], c[2], c[3]]) ^ word;
        c.copy_from_slice(&v.to_ne_bytes());
    }
    for (i, b) in chunks.into_remainder().iter_mut().enumerate() {
        *b ^= mask[i];
    }
}

/// Appends bextd's frame (unmasked, final) to `out`.
pub(super) fn encode(out: &mut BytesMut, op: Op, rsv1: bool, payload: &[u8]) {
    let b0 = 0x80 | if rsv1 { 0x40 } else { 0 } | op as u8;
    let n = payload.len();
    out.reserve(10 + n);
    out.put_u8(b0);
    if n < 126 {
        out.put_u8(n as u8);
    } else if n <= usize::from(u16::MAX) {
        out.put_u8(126);
        out.put_u16(n as u16);
    } else {
        out.put_u8(127);
        out.put_u64(n as u64);
    }
    out.put_slice(payload);
}

/// Appends a close frame with `code` and `reason` (cut to fit 125 bytes
/// at a character's edge).
pub(super) fn encode_close(out: &mut BytesMut, code: u16, reason: &str) {
    let mut end = reason.len().min(MAX_CONTROL - 2);
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    let mut payload = Vec::with_capacity(2 + end);
    payload.extend_from_slice(&code.to_be_bytes());
    payload.extend_from_slice(&reason.as_bytes()[..end]);
    encode(out, Op::Close, false, &payload);
}

/// A client's close frame: its code (1005 if none) and reason, or the
/// breach it makes (§5.5.1, §7.4).
pub(super) fn close_of(payload: &[u8]) -> Result<(u16, String), Breach> {
    match payload {
        [] => Ok((1005, String::new())),
        [_] => Err(breach(1002, "a close frame of one byte")),
        [a, b, reason @ ..] => {
            let code = u16::from_be_bytes([*a, *b]);
            if !code_allowed(code) {
                return Err(breach(1002, "a close code a client may not send"));
            }
            match std::str::from_utf8(reason) {
                Ok(r) => Ok((code, r.to_owned())),
                Err(_) => Err(breach(1007, "a close reason that is not UTF-8")),
            }
        }
    }
}

/// Codes a close frame may carry (§7.4.1, IANA's registry): 1004, 1005,
/// 1006 and 1015 are reserved for reports, never sent.
fn code_allowed(code: u16) -> bool {
    matches!(code, 1000..=1003 | 1007..=1014 | 3000..=4999)
}

/// What is left of the frame being skipped.
#[derive(Debug, Default)]
pub(super) struct Skimmer {
    skip: u64,
}

impl Skimmer {
    /// A skimmer that first drops `skip` bytes: the rest of a frame
    /// abandoned half-way ([`Decoder::abandon`]).
    pub(super) fn skipping(skip: u64) -> Skimmer {
        Skimmer { skip }
    }

    /// Drops the client's frames from `buf` after a breach, heads read
    /// leniently and payloads dropped as they arrive; true once a close
    /// frame begins (the client's answer).
    pub(super) fn skim(&mut self, buf: &mut BytesMut) -> bool {
        loop {
            if self.skip > 0 {
                let n = (buf.len() as u64).min(self.skip);
                buf.advance(n as usize);
                self.skip -= n;
                if self.skip > 0 {
                    return false;
                }
            }
            let [b0, b1, ..] = buf[..] else {
                return false;
            };
            if b0 & 0x0f == Op::Close as u8 {
                buf.clear();
                return true;
            }
            let code = b1 & 0x7f;
            let extra = match code {
                126 => 2,
                127 => 8,
                _ => 0,
            };
            let len = 2 + extra + if b1 & 0x80 != 0 { 4 } else { 0 };
            if buf.len() < len {
                return false;
            }
            self.skip = match extra {
                0 => u64::from(code),
                2 => u64::from(u16::from_be_bytes([buf[2], buf[3]])),
                _ => u64::from_be_bytes(buf[2..10].try_into().unwrap_or_default()),
            };
            buf.advance(len);
        }
    }
}

#[cfg(test)]
#[path = "frame_tests.rs"]
mod tests;
