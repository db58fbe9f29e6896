//! Whole messages from a client's frames.
//!
//! yawc's frame layer checks each frame (masking, reserved bits, control
//! frames, the size of a frame and of its inflated payload) and answers a
//! breach with a close frame of its own. Joining fragments into a message
//! and checking a text message's UTF-8 are done here, as pure functions of
//! the frames, so that each breach found here gets its close frame from
//! the relay: yawc's message layer would report it without one.

use bytes::Bytes;
use yawc::OpCode;

/// What a client's data frame made of the message under way.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// A whole message: text (valid UTF-8) or binary.
    Message { text: bool, data: Vec<u8> },
    /// A fragment; more to come.
    More,
    /// The client broke RFC 6455: the close code and reason it gets.
    Breach(u16, &'static str),
}

/// The message being joined, under a size limit.
#[derive(Debug)]
pub(super) struct Joining {
    max: usize,
    /// Text or binary, and the fragments so far.
    partial: Option<(bool, Vec<u8>)>,
}

impl Joining {
    /// `max`: the largest message, its fragments joined.
    pub(super) fn new(max: usize) -> Joining {
        Joining { max, partial: None }
    }

    /// Takes a data frame (Text, Binary or Continuation).
    pub(super) fn push(&mut self, opcode: OpCode, fin: bool, payload: Bytes) -> Step {
        let text = match opcode {
            OpCode::Text => true,
            OpCode::Binary => false,
            OpCode::Continuation => return self.continued(fin, &payload),
            _ => return Step::Breach(1002, "protocol error"),
        };
        if self.partial.is_some() {
            return Step::Breach(1002, "a new message inside a fragmented one");
        }
        if payload.len() > self.max {
            return Step::Breach(1009, "message too big");
        }
        if fin {
            return whole(text, payload.to_vec());
        }
        self.partial = Some((text, payload.to_vec()));
        Step::More
    }

    fn continued(&mut self, fin: bool, payload: &[u8]) -> Step {
        let Some((_, data)) = self.partial.as_mut() else {
            return Step::Breach(1002, "a continuation of no message");
        };
        if data.len() + payload.len() > self.max {
            self.partial = None;
            return Step::Breach(1009, "message too big");
        }
        data.extend_from_slice(payload);
        if !fin {
            return Step::More;
        }
        // Taken whole, so no buffer stays with an idle socket.
        let (text, data) = self.partial.take().unwrap_or_default();
        whole(text, data)
    }
}

fn whole(text: bool, data: Vec<u8>) -> Step {
    if text && std::str::from_utf8(&data).is_err() {
        return Step::Breach(1007, "invalid UTF-8");
    }
    Step::Message { text, data }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(s: &str) -> Bytes {
        Bytes::copy_from_slice(s.as_bytes())
    }

    #[test]
    fn fragments_join_into_one_message() {
        let mut j = Joining::new(100);
        assert_eq!(j.push(OpCode::Text, false, b("frag")), Step::More);
        assert_eq!(j.push(OpCode::Continuation, false, b("ment")), Step::More);
        let msg = j.push(OpCode::Continuation, true, b("ed"));
        assert_eq!(
            msg,
            Step::Message {
                text: true,
                data: b"fragmented".to_vec()
            }
        );
        let bin = j.push(OpCode::Binary, true, Bytes::from_static(&[0, 255]));
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
        assert_eq!(
            j.push(OpCode::Text, false, Bytes::copy_from_slice(&e[..1])),
            Step::More
        );
        let msg = j.push(OpCode::Continuation, true, Bytes::copy_from_slice(&e[1..]));
        assert!(matches!(msg, Step::Message { text: true, .. }), "{msg:?}");
        let bad = j.push(OpCode::Text, true, Bytes::from_static(b"ok \xff"));
        assert_eq!(bad, Step::Breach(1007, "invalid UTF-8"));
        // Binary is not text.
        let bin = j.push(OpCode::Binary, true, Bytes::from_static(b"\xff"));
        assert!(matches!(bin, Step::Message { text: false, .. }));
    }

    #[test]
    fn the_limit_counts_the_joined_message() {
        let mut j = Joining::new(10);
        assert_eq!(j.push(OpCode::Binary, true, b("0123456789")), {
            Step::Message {
                text: false,
                data: b"0123456789".to_vec(),
            }
        });
        assert_eq!(j.push(OpCode::Binary, false, b("012345")), Step::More);
        let over = j.push(OpCode::Continuation, true, b("67890"));
        assert_eq!(over, Step::Breach(1009, "message too big"));
        let one = j.push(OpCode::Text, true, b("01234567890"));
        assert_eq!(one, Step::Breach(1009, "message too big"));
    }

    #[test]
    fn fragments_out_of_order_are_protocol_errors() {
        let mut j = Joining::new(100);
        let stray = j.push(OpCode::Continuation, true, b("x"));
        assert_eq!(stray.code(), Some(1002));
        assert_eq!(j.push(OpCode::Text, false, b("a")), Step::More);
        let nested = j.push(OpCode::Binary, true, b("b"));
        assert_eq!(nested.code(), Some(1002));
    }

    impl Step {
        fn code(&self) -> Option<u16> {
            match self {
                Step::Breach(code, _) => Some(*code),
                _ => None,
            }
        }
    }
}
