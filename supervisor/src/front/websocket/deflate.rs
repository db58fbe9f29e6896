//! permessage-deflate (RFC 7692): the offer bextd accepts, and the
//! inflating and deflating of one message.
//!
//! A client may make several offers, in one header or several, most
//! wanted first; bextd takes the first it can honour (§5.1) and answers
//! it with `server_no_context_takeover; client_no_context_takeover`, so
//! neither side keeps a window between messages: each message borrows an
//! inflate or deflate state from a per-thread pool and gives it back at
//! its end, and an idle socket holds none (a message is deflated into the
//! thread's own buffer, kept for the next). Inflating uses a 32 KiB window
//! whatever the client's (a larger window reads any smaller one); bextd
//! deflates with the window the client allows it (`server_max_window_bits`,
//! 9 when it asks for 8, which zlib's raw deflate cannot make, so such an
//! offer is declined and the next one taken).

use std::cell::RefCell;

use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

use super::frame::{Breach, breach};

/// What a client's accepted offer asks of bextd.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Agreed {
    /// The window bextd deflates with: 9 to 15.
    pub(super) server_window: u8,
    /// Whether the offer named `server_max_window_bits` (echoed in the answer).
    server_window_named: bool,
}

impl Agreed {
    /// The `Sec-WebSocket-Extensions` answer.
    pub(super) fn header(&self) -> String {
        let mut h = String::from(
            "permessage-deflate; server_no_context_takeover; client_no_context_takeover",
        );
        if self.server_window_named {
            h.push_str(&format!("; server_max_window_bits={}", self.server_window));
        }
        h
    }
}

/// The first offer of permessage-deflate in `values` (the
/// `Sec-WebSocket-Extensions` headers, in order) that bextd can honour.
pub(super) fn negotiate<'a>(values: impl Iterator<Item = &'a str>) -> Option<Agreed> {
    values.flat_map(|v| v.split(',')).find_map(offer)
}

/// One offer, if it is permessage-deflate with parameters bextd honours.
fn offer(text: &str) -> Option<Agreed> {
    let mut parts = text.split(';').map(str::trim);
    if !parts.next()?.eq_ignore_ascii_case("permessage-deflate") {
        return None;
    }
    let mut seen: Vec<&str> = Vec::new();
    let mut agreed = Agreed {
        server_window: 15,
        server_window_named: false,
    };
    for p in parts {
        let (name, value) = match p.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim().trim_matches('"'))),
            None => (p, None),
        };
        // §7: a parameter named twice makes the offer invalid.
        if seen.contains(&name) {
            return None;
        }
        seen.push(name);
        match (name, value) {
            ("server_no_context_takeover" | "client_no_context_takeover", None) => {}
            ("client_max_window_bits", None) => {}
            ("client_max_window_bits", Some(v)) => {
                window(v)?;
            }
            ("server_max_window_bits", Some(v)) => {
                let bits = window(v)?;
                if bits < 9 {
                    return None;
                }
                agreed.server_window = bits;
                agreed.server_window_named = true;
            }
            _ => return None,
        }
    }
    Some(agreed)
}

/// A window size's value: 8 to 15, digits only.
fn window(v: &str) -> Option<u8> {
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) || v.len() > 2 {
        return None;
    }
    v.parse().ok().filter(|b| (8..=15).contains(b))
}

thread_local! {
    static INFLATERS: RefCell<Vec<Decompress>> = const { RefCell::new(Vec::new()) };
    /// Deflate states with their window size.
    static DEFLATERS: RefCell<Vec<(u8, Compress)>> = const { RefCell::new(Vec::new()) };
    /// The buffer a message is deflated into.
    static DEFLATED: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// States kept for reuse per thread.
const POOLED: usize = 4;

/// The tail a sender drops from each deflated message (§7.2.1).
const TAIL: [u8; 4] = [0, 0, 0xff, 0xff];

/// A message being inflated, fragment by fragment.
pub(super) struct Inflater {
    state: Option<Decompress>,
}

impl std::fmt::Debug for Inflater {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Inflater")
    }
}

impl Inflater {
    pub(super) fn new() -> Inflater {
        let state = INFLATERS
            .with(|p| p.borrow_mut().pop())
            .unwrap_or_else(|| Decompress::new_with_window_bits(false, 15));
        Inflater { state: Some(state) }
    }

    /// Inflates a fragment onto `out`, which may not grow past `max`
    /// (1009 then); `last` ends the message.
    pub(super) fn inflate(
        &mut self,
        input: &[u8],
        last: bool,
        out: &mut Vec<u8>,
        max: usize,
    ) -> Result<(), Breach> {
        self.feed(input, out, max)?;
        if last {
            self.feed(&TAIL, out, max)?;
        }
        Ok(())
    }

    fn feed(&mut self, mut input: &[u8], out: &mut Vec<u8>, max: usize) -> Result<(), Breach> {
        let Some(z) = self.state.as_mut() else {
            return Err(breach(1002, "a compressed message after its end"));
        };
        loop {
            if out.len() == out.capacity() {
                if out.len() > max {
                    return Err(breach(1009, "message too big"));
                }
                let room = (out.len().max(4096)).min(max + 1 - out.len());
                out.reserve_exact(room);
            }
            let before_in = z.total_in();
            let before_out = z.total_out();
            let status = z
                .decompress_vec(input, out, FlushDecompress::Sync)
                .map_err(|_| breach(1007, "a compressed message that does not inflate"))?;
            let read = (z.total_in() - before_in) as usize;
            input = &input[read..];
            if out.len() > max {
                return Err(breach(1009, "message too big"));
            }
            let made = z.total_out() - before_out;
            let full = out.len() == out.capacity();
            match status {
                Status::StreamEnd => return Ok(()),
                _ if input.is_empty() && !full => return Ok(()),
                _ if read == 0 && made == 0 && !full => {
                    return Err(breach(1007, "a compressed message that does not inflate"));
                }
                _ => {}
            }
        }
    }
}

impl Drop for Inflater {
    fn drop(&mut self) {
        if let Some(mut z) = self.state.take() {
            z.reset(false);
            INFLATERS.with(|p| {
                let mut p = p.borrow_mut();
                if p.len() < POOLED {
                    p.push(z);
                }
            });
        }
    }
}

/// Largest deflated message whose buffer a thread keeps for the next.
const KEPT_OUT: usize = 256 * 1024;

/// `data` deflated as one message with a window of `bits`, its tail
/// dropped (§7.2.1), given to `f`. The deflate state and the output
/// buffer are the thread's, reused from message to message (a state per
/// window size): a message allocates nothing once the thread has them.
pub(super) fn deflate<R>(data: &[u8], bits: u8, f: impl FnOnce(&[u8]) -> R) -> R {
    let pooled = DEFLATERS.with(|p| {
        let mut p = p.borrow_mut();
        let i = p.iter().position(|(b, _)| *b == bits)?;
        Some(p.swap_remove(i).1)
    });
    let mut z =
        pooled.unwrap_or_else(|| Compress::new_with_window_bits(Compression::fast(), false, bits));
    let mut out = DEFLATED.with(|d| std::mem::take(&mut *d.borrow_mut()));
    out.clear();
    out.reserve(data.len() / 2 + 64);
    let mut input = data;
    loop {
        if out.len() == out.capacity() {
            out.reserve(out.capacity().max(64));
        }
        let before = z.total_in();
        let _ = z.compress_vec(input, &mut out, FlushCompress::Sync);
        input = &input[(z.total_in() - before) as usize..];
        if input.is_empty() && out.len() < out.capacity() {
            break;
        }
    }
    if out.ends_with(&TAIL) {
        out.truncate(out.len() - TAIL.len());
    }
    let r = f(&out);
    z.reset();
    DEFLATERS.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < POOLED {
            p.push((bits, z));
        }
    });
    if out.capacity() <= KEPT_OUT {
        DEFLATED.with(|d| *d.borrow_mut() = out);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agreed(h: &str) -> Option<Agreed> {
        negotiate(std::iter::once(h))
    }

    #[test]
    fn the_first_acceptable_offer_is_taken() {
        let a = agreed("permessage-deflate; server_max_window_bits=8, permessage-deflate; server_max_window_bits=10, permessage-deflate").unwrap();
        assert_eq!(a.server_window, 10);
        assert_eq!(
            a.header(),
            "permessage-deflate; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=10"
        );
        let b = negotiate(
            [
                "x-webkit-deflate-frame",
                "permessage-deflate; client_max_window_bits",
            ]
            .into_iter(),
        )
        .unwrap();
        assert_eq!(b.server_window, 15);
        assert!(!b.header().contains("max_window"));
    }

    #[test]
    fn bad_offers_are_declined() {
        for h in [
            "permessage-deflate; foo",
            "permessage-deflate; server_max_window_bits",
            "permessage-deflate; server_max_window_bits=16",
            "permessage-deflate; client_max_window_bits=7",
            "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
            "permessage-deflate; server_no_context_takeover=1",
            "permessage-deflate; server_max_window_bits=8",
            "deflate-frame",
        ] {
            assert_eq!(agreed(h), None, "{h}");
        }
    }

    #[test]
    fn deflated_messages_inflate_back_in_fragments() {
        let text = "hello hello hello hello ".repeat(100);
        for bits in [9, 12, 15] {
            let packed = deflate(text.as_bytes(), bits, <[u8]>::to_vec);
            assert!(packed.len() < text.len() / 4);
            let mut out = Vec::new();
            let mut inf = Inflater::new();
            let (a, b) = packed.split_at(packed.len() / 2);
            inf.inflate(a, false, &mut out, 1 << 20).unwrap();
            inf.inflate(b, true, &mut out, 1 << 20).unwrap();
            assert_eq!(out, text.as_bytes());
        }
    }

    #[test]
    fn inflating_stops_at_the_limit() {
        let zeros = vec![0u8; 1 << 20];
        let packed = deflate(&zeros, 15, <[u8]>::to_vec);
        let mut out = Vec::new();
        let err = Inflater::new()
            .inflate(&packed, true, &mut out, 1000)
            .unwrap_err();
        assert_eq!(err.code, 1009);
        assert!(out.capacity() <= 1001 + 4096, "{}", out.capacity());
        let mut out = Vec::new();
        let garbage = Inflater::new().inflate(&[0xff; 64], true, &mut out, 1000);
        assert_eq!(garbage.unwrap_err().code, 1007);
    }
}
