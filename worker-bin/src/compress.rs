//! Response compression, done in the worker so it runs on every core in
//! parallel: brotli, gzip or deflate, chosen from the request's Accept-Encoding, for
//! 200 responses whose content type matches the pool's `compress_regex`
//! and whose body is at least the threshold long.

use std::io::Write;

use protocol::worker::{Compression, HttpResponse};
use regex::Regex;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    /// HTTP's `deflate`: the zlib format (RFC 1950), as browsers expect.
    Deflate,
}

impl Encoding {
    pub fn token(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
            Encoding::Deflate => "deflate",
        }
    }
}

/// The best encoding the client accepts: brotli, then gzip, then deflate.
/// A coding with `q=0` is refused.
pub fn negotiate(accept_encoding: &str) -> Option<Encoding> {
    let mut br = false;
    let mut gzip = false;
    let mut deflate = false;
    for item in accept_encoding.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let refused = parts.any(|p| {
            let p = p.trim().replace(' ', "");
            p == "q=0" || p == "q=0.0" || p == "q=0.00" || p == "q=0.000"
        });
        if refused {
            continue;
        }
        match name.as_str() {
            "br" => br = true,
            "gzip" | "x-gzip" => gzip = true,
            "deflate" => deflate = true,
            "*" => {
                br = true;
                gzip = true;
                deflate = true;
            }
            _ => {}
        }
    }
    if br {
        Some(Encoding::Brotli)
    } else if gzip {
        Some(Encoding::Gzip)
    } else if deflate {
        Some(Encoding::Deflate)
    } else {
        None
    }
}

/// A pool's compression settings, compiled once.
#[derive(Debug)]
pub struct Compressor {
    content_type: Regex,
    min_bytes: usize,
}

impl Compressor {
    pub fn new(c: &Compression) -> Result<Compressor, regex::Error> {
        Ok(Compressor {
            content_type: Regex::new(&c.content_type_regex)?,
            min_bytes: c.min_bytes as usize,
        })
    }

    /// Compresses `resp` in place if it qualifies and the client accepts
    /// an encoding (`enc`). An answer of a type this pool compresses says
    /// `Vary: accept-encoding` whether or not it was compressed for this
    /// client: a shared cache (bextd's own, or one in front) must not hand
    /// the identity copy stored for a client without `Accept-Encoding` to
    /// one that has it, nor a compressed copy to one that has not.
    pub fn apply(&self, resp: &mut HttpResponse, enc: Option<Encoding>) {
        if resp.status != 200 {
            return;
        }
        let header = |name: &str| {
            resp.headers
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.as_str())
        };
        if header("content-encoding").is_some() {
            return; // already encoded by the handler
        }
        let Some(ct) = header("content-type") else {
            return;
        };
        if !self.content_type.is_match(ct) {
            return;
        }
        add_vary(&mut resp.headers);
        let Some(enc) = enc else {
            return;
        };
        if resp.body.len() < self.min_bytes {
            return;
        }
        let Some(body) = encode(&resp.body, enc) else {
            return;
        };
        resp.body = body;
        resp.headers
            .push(("content-encoding".into(), enc.token().into()));
    }
}

/// Adds `accept-encoding` to the answer's `Vary`, unless it names it (or
/// `*`) already.
fn add_vary(headers: &mut Vec<(String, String)>) {
    let named = headers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("vary"))
        .flat_map(|(_, v)| v.split(','))
        .any(|n| {
            let n = n.trim();
            n == "*" || n.eq_ignore_ascii_case("accept-encoding")
        });
    if !named {
        headers.push(("vary".into(), "accept-encoding".into()));
    }
}

impl Compressor {
    /// The encoder for a streamed answer, if it qualifies (as [`apply`]
    /// decides, without the size threshold: its size is not known yet);
    /// then the headers say so and lose any `content-length`.
    ///
    /// [`apply`]: Compressor::apply
    pub fn stream(
        &self,
        status: u16,
        headers: &mut Vec<(String, String)>,
        enc: Option<Encoding>,
    ) -> Option<StreamEncoder> {
        if status != 200 {
            return None;
        }
        let header = |name: &str| {
            headers
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.as_str())
        };
        if header("content-encoding").is_some()
            || !self.content_type.is_match(header("content-type")?)
        {
            return None;
        }
        add_vary(headers);
        let enc = enc?;
        headers.retain(|(k, _)| !k.eq_ignore_ascii_case("content-length"));
        headers.push(("content-encoding".into(), enc.token().into()));
        Some(StreamEncoder::new(enc))
    }
}

/// Compresses a body piece by piece: each piece comes out at once (a sync
/// flush), so a streamed page still reaches the client as it is produced.
pub enum StreamEncoder {
    Gzip(flate2::write::GzEncoder<Vec<u8>>),
    Deflate(flate2::write::ZlibEncoder<Vec<u8>>),
    Brotli(Box<brotli::CompressorWriter<Vec<u8>>>),
}

impl std::fmt::Debug for StreamEncoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StreamEncoder")
    }
}

impl StreamEncoder {
    pub fn new(enc: Encoding) -> StreamEncoder {
        let level = flate2::Compression::new(6);
        match enc {
            Encoding::Gzip => StreamEncoder::Gzip(flate2::write::GzEncoder::new(Vec::new(), level)),
            Encoding::Deflate => {
                StreamEncoder::Deflate(flate2::write::ZlibEncoder::new(Vec::new(), level))
            }
            Encoding::Brotli => StreamEncoder::Brotli(Box::new(brotli::CompressorWriter::new(
                Vec::new(),
                4096,
                4,
                22,
            ))),
        }
    }

    /// The compressed bytes for `data`, flushed (empty if the encoder
    /// failed, which writing to a `Vec` does not).
    pub fn push(&mut self, data: &[u8]) -> Vec<u8> {
        fn run<W: Write>(w: &mut W, data: &[u8]) {
            let _ = w.write_all(data).and_then(|()| w.flush());
        }
        match self {
            StreamEncoder::Gzip(w) => {
                run(w, data);
                std::mem::take(w.get_mut())
            }
            StreamEncoder::Deflate(w) => {
                run(w, data);
                std::mem::take(w.get_mut())
            }
            StreamEncoder::Brotli(w) => {
                run(w.as_mut(), data);
                std::mem::take(w.get_mut())
            }
        }
    }

    /// The end of the compressed stream.
    pub fn finish(self) -> Vec<u8> {
        match self {
            StreamEncoder::Gzip(w) => w.finish().unwrap_or_default(),
            StreamEncoder::Deflate(w) => w.finish().unwrap_or_default(),
            StreamEncoder::Brotli(w) => w.into_inner(),
        }
    }
}

fn encode(body: &[u8], enc: Encoding) -> Option<Vec<u8>> {
    match enc {
        Encoding::Gzip => {
            let mut w = flate2::write::GzEncoder::new(
                Vec::with_capacity(body.len() / 3),
                flate2::Compression::new(6),
            );
            w.write_all(body).ok()?;
            w.finish().ok()
        }
        Encoding::Deflate => {
            let mut w = flate2::write::ZlibEncoder::new(
                Vec::with_capacity(body.len() / 3),
                flate2::Compression::new(6),
            );
            w.write_all(body).ok()?;
            w.finish().ok()
        }
        Encoding::Brotli => {
            let mut out = Vec::with_capacity(body.len() / 3);
            {
                // Quality 4: most of brotli's gain for text at gzip-like speed.
                let mut w = brotli::CompressorWriter::new(&mut out, 4096, 4, 22);
                w.write_all(body).ok()?;
            }
            Some(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn negotiation_prefers_brotli_and_honours_q0() {
        assert_eq!(negotiate("gzip, deflate, br"), Some(Encoding::Brotli));
        assert_eq!(negotiate("gzip"), Some(Encoding::Gzip));
        assert_eq!(negotiate("deflate"), Some(Encoding::Deflate));
        assert_eq!(negotiate("deflate, gzip;q=0"), Some(Encoding::Deflate));
        assert_eq!(negotiate("br;q=0, gzip;q=0.5"), Some(Encoding::Gzip));
        assert_eq!(negotiate("identity"), None);
        assert_eq!(negotiate("*"), Some(Encoding::Brotli));
        assert_eq!(negotiate(""), None);
    }

    fn resp(ct: &str, body: &str, status: u16) -> HttpResponse {
        HttpResponse {
            status,
            headers: vec![("content-type".into(), ct.into())],
            body: body.as_bytes().to_vec(),
        }
    }

    #[test]
    fn streamed_bodies_compress_piece_by_piece_and_round_trip() {
        let c = Compressor::new(&Compression {
            content_type_regex: "^text/".into(),
            min_bytes: 100_000,
        })
        .unwrap();
        let pieces = ["<p>one</p>", "<p>two</p>", "<p>three</p>"];
        for enc in [Encoding::Gzip, Encoding::Deflate, Encoding::Brotli] {
            let mut headers = vec![
                ("content-type".to_string(), "text/html".to_string()),
                ("content-length".to_string(), "99".to_string()),
            ];
            let mut e = c.stream(200, &mut headers, Some(enc)).expect("qualifies");
            assert!(headers.iter().all(|(k, _)| k != "content-length"));
            let mut wire = Vec::new();
            for p in pieces {
                let out = e.push(p.as_bytes());
                assert!(!out.is_empty(), "{enc:?}: each piece comes out at once");
                wire.extend(out);
            }
            wire.extend(e.finish());
            let mut back = String::new();
            match enc {
                Encoding::Gzip => flate2::read::GzDecoder::new(&wire[..]).read_to_string(&mut back),
                Encoding::Deflate => {
                    flate2::read::ZlibDecoder::new(&wire[..]).read_to_string(&mut back)
                }
                Encoding::Brotli => {
                    brotli::Decompressor::new(&wire[..], 4096).read_to_string(&mut back)
                }
            }
            .unwrap();
            assert_eq!(back, pieces.concat());
        }
        let mut json = vec![("content-type".to_string(), "application/json".to_string())];
        assert!(c.stream(200, &mut json, Some(Encoding::Gzip)).is_none());
    }

    #[test]
    fn compresses_only_what_qualifies_and_round_trips() {
        let c = Compressor::new(&Compression {
            content_type_regex: "^text/".into(),
            min_bytes: 100,
        })
        .unwrap();
        let text = "<p>hello bext</p>".repeat(50);
        let mut r = resp("text/html", &text, 200);
        c.apply(&mut r, Some(Encoding::Gzip));
        assert!(r.body.len() < text.len());
        let mut back = String::new();
        flate2::read::GzDecoder::new(&r.body[..])
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, text);
        let mut r = resp("text/html", &text, 200);
        c.apply(&mut r, Some(Encoding::Deflate));
        let mut back = String::new();
        flate2::read::ZlibDecoder::new(&r.body[..])
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, text);
        assert!(
            r.headers
                .contains(&("content-encoding".into(), "deflate".into()))
        );
        let mut r = resp("text/html", &text, 200);
        c.apply(&mut r, Some(Encoding::Brotli));
        let mut back = String::new();
        brotli::Decompressor::new(&r.body[..], 4096)
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, text);
        assert!(
            r.headers
                .contains(&("content-encoding".into(), "br".into()))
        );
        for (ct, body, status) in [
            ("image/png", text.as_str(), 200),
            ("text/html", "short", 200),
            ("text/html", text.as_str(), 404),
        ] {
            let mut r = resp(ct, body, status);
            c.apply(&mut r, Some(Encoding::Gzip));
            assert_eq!(r.body, body.as_bytes(), "{ct} {status}");
        }
    }

    #[test]
    fn every_answer_of_a_compressed_type_varies_on_accept_encoding() {
        let c = Compressor::new(&Compression {
            content_type_regex: "^text/".into(),
            min_bytes: 100,
        })
        .unwrap();
        let vary = |r: &HttpResponse| {
            r.headers
                .iter()
                .filter(|(k, _)| k.eq_ignore_ascii_case("vary"))
                .count()
        };
        let text = "<p>hello bext</p>".repeat(50);
        // A client without Accept-Encoding, a body under the threshold: not
        // compressed, and still one Vary, so a cache keeps both copies.
        for (body, enc) in [(text.as_str(), None), ("short", Some(Encoding::Gzip))] {
            let mut r = resp("text/html", body, 200);
            c.apply(&mut r, enc);
            assert_eq!(r.body, body.as_bytes());
            assert_eq!(vary(&r), 1, "{body:.5} {enc:?}");
        }
        // Compressed: one Vary, not two; a handler's own Vary is kept.
        let mut r = resp("text/html", &text, 200);
        r.headers.push(("Vary".into(), "Accept-Encoding".into()));
        c.apply(&mut r, Some(Encoding::Gzip));
        assert_eq!(vary(&r), 1);
        // Types it never compresses, and errors, say nothing.
        for (ct, status) in [("image/png", 200), ("text/html", 404)] {
            let mut r = resp(ct, &text, status);
            c.apply(&mut r, Some(Encoding::Gzip));
            assert_eq!(vary(&r), 0, "{ct} {status}");
        }
        let mut headers = vec![("content-type".to_string(), "text/html".to_string())];
        assert!(c.stream(200, &mut headers, None).is_none());
        assert!(headers.iter().any(|(k, _)| k == "vary"));
    }
}
