//! The head of an answer from a worker: its status and its headers, as
//! hyper sends them.
//!
//! * **Status.** A final answer is 200 to 599. A worker refuses 1xx from
//!   JS already (the handler's error, 500); one that sends it anyway is
//!   answered 500 here, with a line naming the pool and the status: 101
//!   would switch to a protocol bextd does not speak, and 100 or 103 would
//!   leave the client waiting for an answer that never comes.
//! * **Header values** are bytes in HTTP. JS strings reach the master as
//!   text whose chars U+0000 to U+00FF each stand for one byte (a JS
//!   `Headers` value is a ByteString), so a value is written as those
//!   bytes, as Node writes header strings: a Latin-1 `content-disposition`
//!   filename arrives as the bytes it names. A value that cannot be header
//!   bytes (CR, LF, NUL and other controls but tab, or a char above U+00FF)
//!   is dropped with a line naming the pool, the header and why.
//! * **Framing** (`content-length`, `transfer-encoding`, `connection`) is
//!   the front's business: those headers from a worker are ignored.

use hyper::header::{HeaderName, HeaderValue};
use hyper::{Response, StatusCode};

use super::body::{self, Body};
use crate::pool::dispatch;

type Reply = Response<Body>;

/// The HTTP response for what a worker answered.
pub fn worker_response(pool: &str, resp: protocol::worker::HttpResponse) -> Reply {
    with_head(pool, resp.status, resp.headers, body::full(resp.body))
}

/// A streamed answer: hyper sends its body chunked as it comes.
pub fn streamed_response(pool: &str, s: dispatch::Streamed) -> Reply {
    let (stream, status, headers) = body::StreamBody::new(s);
    with_head(
        pool,
        status,
        headers,
        http_body_util::Either::Right(http_body_util::Either::Left(stream)),
    )
}

fn with_head(pool: &str, status: u16, worker_headers: Vec<(String, String)>, body: Body) -> Reply {
    if !(200..=599).contains(&status) {
        tracing::warn!(
            pool,
            status,
            "the worker answered status {status}, which is no final answer (200-599); answering 500"
        );
        return super::plain(StatusCode::INTERNAL_SERVER_ERROR, "invalid response status");
    }
    let mut out = Response::new(body);
    *out.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = out.headers_mut();
    for (k, v) in worker_headers {
        let Ok(name) = HeaderName::from_bytes(k.as_bytes()) else {
            tracing::warn!(pool, header = %crate::logging::untrusted(&k), "dropped an invalid response header from the worker (its name is no HTTP token)");
            continue;
        };
        let value = match header_value(&v) {
            Ok(value) => value,
            Err(why) => {
                tracing::warn!(pool, header = %name, "dropped the response header {name}: {why}");
                continue;
            }
        };
        // The body's framing is the front's business.
        if matches!(
            name.as_str(),
            "content-length" | "transfer-encoding" | "connection"
        ) {
            continue;
        }
        headers.append(name, value);
    }
    out
}

/// Why a header value cannot be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BadValue {
    #[error("its value has the character U+{0:04X}, above U+00FF (a header value is bytes)")]
    Wide(u32),
    #[error("its value has the control character U+{0:04X} (CR, LF, NUL and the like)")]
    Control(u32),
}

/// The bytes of a header value from JS: each char U+0000 to U+00FF is one
/// byte (obs-text above U+007F, as Node writes them).
pub fn header_value(v: &str) -> Result<HeaderValue, BadValue> {
    let mut bytes = Vec::with_capacity(v.len());
    for c in v.chars() {
        let n = c as u32;
        if n > 0xff {
            return Err(BadValue::Wide(n));
        }
        // RFC 9110 §5.5: field-vchar, obs-text, SP and HTAB.
        if (n < 0x20 && c != '\t') || n == 0x7f {
            return Err(BadValue::Control(n));
        }
        bytes.push(n as u8);
    }
    HeaderValue::from_bytes(&bytes).map_err(|_| BadValue::Control(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_chars_become_single_bytes() {
        let v = header_value("attachment; filename=\"caf\u{e9}.txt\"").unwrap();
        assert_eq!(v.as_bytes(), b"attachment; filename=\"caf\xe9.txt\"");
        assert_eq!(header_value("a\tb").unwrap().as_bytes(), b"a\tb");
    }

    #[test]
    fn values_that_cannot_be_header_bytes_are_refused() {
        assert_eq!(header_value("a\r\nb"), Err(BadValue::Control(0x0d)));
        assert_eq!(header_value("a\0"), Err(BadValue::Control(0)));
        assert_eq!(header_value("\u{20ac}"), Err(BadValue::Wide(0x20ac)));
    }

    #[test]
    fn a_1xx_answers_500() {
        for status in [100, 101, 103, 199] {
            let r = worker_response(
                "p",
                protocol::worker::HttpResponse {
                    status,
                    headers: vec![],
                    body: vec![],
                },
            );
            assert_eq!(r.status(), StatusCode::INTERNAL_SERVER_ERROR);
        }
    }
}
