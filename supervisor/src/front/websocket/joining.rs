//! Whole messages from a client's frames: fragments joined, a compressed
//! message inflated as its fragments come (RFC 7692), and a text
//! message's UTF-8 checked as it grows, so that a bad byte is refused
//! when its fragment arrives, not at the message's end. Pure functions of
//! the frames (`frame` checked each one's head); each breach found here
//! gets its close frame from the relay.

use super::deflate::Inflater;
use super::frame::{Breach, Frame, Op, breach};

/// What a client's data frame made of the message under way.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// A whole message: text (valid UTF-8) or binary.
    Message { text: bool, data: Vec<u8> },
    /// A fragment; more to come.
    More,
    /// The client broke RFC 6455: the close code and reason it gets.
    Breach(Breach),
}

/// A message under way.
#[derive(Debug)]
struct Partial {
    text: bool,
    data: Vec<u8>,
    /// Bytes of `data` known to be UTF-8 (a character cut at the end of a
    /// fragment waits for the next).
    checked: usize,
    inflater: Option<Inflater>,
}

/// The message being joined, under a size limit.
#[derive(Debug)]
pub(super) struct Joining {
    max: usize,
    partial: Option<Partial>,
}

impl Joining {
    /// `max`: the largest message, its fragments joined and inflated.
    pub(super) fn new(max: usize) -> Joining {
        Joining { max, partial: None }
    }

    /// Takes a data frame (Text, Binary or Continuation).
    pub(super) fn push(&mut self, frame: Frame) -> Step {
        match self.join(frame) {
            Ok(step) => step,
            Err(b) => {
                self.partial = None;
                Step::Breach(b)
            }
        }
    }

    fn join(&mut self, frame: Frame) -> Result<Step, Breach> {
        let text = match frame.op {
            Op::Text => Some(true),
            Op::Binary => Some(false),
            Op::Continuation => None,
            _ => return Err(breach(1002, "protocol error")),
        };
        let p = match (text, self.partial.as_mut()) {
            (Some(_), Some(_)) => {
                return Err(breach(1002, "a new message inside a fragmented one"));
            }
            (None, None) => return Err(breach(1002, "a continuation of no message")),
            (None, Some(p)) => p,
            (Some(text), None) => {
                if frame.fin && !frame.rsv1 {
                    // One frame, as it came: no buffer to grow.
                    return whole(text, frame.payload.to_vec());
                }
                self.partial.insert(Partial {
                    text,
                    data: Vec::new(),
                    checked: 0,
                    inflater: frame.rsv1.then(Inflater::new),
                })
            }
        };
        match p.inflater.as_mut() {
            Some(inf) => inf.inflate(&frame.payload, frame.fin, &mut p.data, self.max)?,
            None if p.data.len() + frame.payload.len() > self.max => {
                return Err(breach(1009, "message too big"));
            }
            None => p.data.extend_from_slice(&frame.payload),
        }
        if p.text {
            match std::str::from_utf8(&p.data[p.checked..]) {
                Ok(_) => p.checked = p.data.len(),
                Err(e) if e.error_len().is_some() => return Err(breach(1007, "invalid UTF-8")),
                Err(e) => p.checked += e.valid_up_to(),
            }
        }
        if !frame.fin {
            return Ok(Step::More);
        }
        // Taken whole, so no buffer stays with an idle socket.
        let Some(p) = self.partial.take() else {
            return Ok(Step::More);
        };
        if p.text && p.checked != p.data.len() {
            return Err(breach(1007, "invalid UTF-8"));
        }
        Ok(Step::Message {
            text: p.text,
            data: p.data,
        })
    }
}

fn whole(text: bool, data: Vec<u8>) -> Result<Step, Breach> {
    if text && std::str::from_utf8(&data).is_err() {
        return Err(breach(1007, "invalid UTF-8"));
    }
    Ok(Step::Message { text, data })
}

#[cfg(test)]
mod tests {
    use super::*;

    use bytes::BytesMut;

    fn b(s: &str) -> &[u8] {
        s.as_bytes()
    }

    /// A frame as the decoder gives it.
    fn f(op: Op, fin: bool, payload: &[u8]) -> Frame {
        Frame {
            fin,
            rsv1: false,
            op,
            payload: BytesMut::from(payload),
        }
    }

    #[test]
    fn fragments_join_into_one_message() {
        let mut j = Joining::new(100);
        assert_eq!(j.push(f(Op::Text, false, b("frag"))), Step::More);
        assert_eq!(j.push(f(Op::Continuation, false, b("ment"))), Step::More);
        let msg = j.push(f(Op::Continuation, true, b("ed")));
        assert_eq!(
            msg,
            Step::Message {
                text: true,
                data: b"fragmented".to_vec()
            }
        );
        let bin = j.push(f(Op::Binary, true, &[0, 255]));
        assert_eq!(
            bin,
            Step::Message {
                text: false,
                data: vec![0, 255]
            }
        );
    }

    #[test]
    fn utf8_is_checked_on_the_whole_message() {
        let mut j = Joining::new(100);
        // "é" split across two fragments is fine.
        let e = "é".as_bytes();
        assert_eq!(j.push(f(Op::Text, false, &e[..1])), Step::More);
        let msg = j.push(f(Op::Continuation, true, &e[1..]));
        assert!(matches!(msg, Step::Message { text: true, .. }), "{msg:?}");
        let bad = j.push(f(Op::Text, true, b"ok \xff"));
        assert_eq!(bad, Step::Breach(breach(1007, "invalid UTF-8")));
        // Binary is not text.
        let bin = j.push(f(Op::Binary, true, b"\xff"));
        assert!(matches!(bin, Step::Message { text: false, .. }));
    }

    #[test]
    fn bad_utf8_is_refused_with_its_fragment() {
        let mut j = Joining::new(100);
        assert_eq!(j.push(f(Op::Text, false, b"good \xce")), Step::More);
        let bad = j.push(f(Op::Continuation, false, b"\xff and more"));
        assert_eq!(bad, Step::Breach(breach(1007, "invalid UTF-8")));
        // A character cut at the message's end is no character.
        assert_eq!(j.push(f(Op::Text, false, b"ok")), Step::More);
        let cut = j.push(f(Op::Continuation, true, b"\xce"));
        assert_eq!(cut, Step::Breach(breach(1007, "invalid UTF-8")));
    }

    #[test]
    fn the_limit_counts_the_joined_message() {
        let mut j = Joining::new(10);
        assert_eq!(j.push(f(Op::Binary, true, b("0123456789"))), {
            Step::Message {
                text: false,
                data: b"0123456789".to_vec(),
            }
        });
        assert_eq!(j.push(f(Op::Binary, false, b("012345"))), Step::More);
        let over = j.push(f(Op::Continuation, true, b("67890")));
        assert_eq!(over, Step::Breach(breach(1009, "message too big")));
        // After a breach the next message starts afresh.
        assert_eq!(j.push(f(Op::Binary, false, b("0"))), Step::More);
    }

    #[test]
    fn fragments_out_of_order_are_protocol_errors() {
        let mut j = Joining::new(100);
        let stray = j.push(f(Op::Continuation, true, b("x")));
        assert_eq!(stray.code(), Some(1002));
        assert_eq!(j.push(f(Op::Text, false, b("a"))), Step::More);
        let nested = j.push(f(Op::Binary, true, b("b")));
        assert_eq!(nested.code(), Some(1002));
    }

    impl Step {
        fn code(&self) -> Option<u16> {
            match self {
                Step::Breach(b) => Some(b.code),
                _ => None,
            }
        }
    }
}
