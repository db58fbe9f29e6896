//! A `multipart/form-data` body (RFC 7578) split into its parts, bytes
//! intact, for `formData()` in the worker.
//!
//! Written here rather than taken from a crate: the maintained parsers
//! (`multer`, `mime-multipart`) read an async stream of a whole HTTP
//! request, while the worker already holds the body in memory and needs
//! only the split, which is a few dozen lines over `memchr`-style search.

/// One part: its field name, file name (for a file), content type and bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub data: Vec<u8>,
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || from > hay.len() {
        return None;
    }
    hay[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

/// The parts of `body` delimited by `boundary`; `None` if it is malformed
/// (no opening delimiter, a part without its blank line or its name, or no
/// closing delimiter).
pub fn parse(body: &[u8], boundary: &str) -> Option<Vec<Part>> {
    if boundary.is_empty() || boundary.len() > 200 {
        return None;
    }
    let delim = format!("--{boundary}").into_bytes();
    let next_delim = format!("\r\n--{boundary}").into_bytes();
    let mut at = find(body, &delim, 0)? + delim.len();
    let mut parts = Vec::new();
    loop {
        if body[at..].starts_with(b"--") {
            return Some(parts);
        }
        // Transport padding, then the line break that ends the delimiter.
        while matches!(body.get(at), Some(b' ' | b'\t')) {
            at += 1;
        }
        if !body[at..].starts_with(b"\r\n") {
            return None;
        }
        at += 2;
        let (head, data_start) = if body[at..].starts_with(b"\r\n") {
            ("", at + 2) // a part with no header lines at all
        } else {
            let end = find(body, b"\r\n\r\n", at)?;
            (std::str::from_utf8(&body[at..end]).ok()?, end + 4)
        };
        let data_end = find(body, &next_delim, data_start)?;
        parts.push(part(head, body[data_start..data_end].to_vec())?);
        at = data_end + next_delim.len();
    }
}

fn part(head: &str, data: Vec<u8>) -> Option<Part> {
    let mut name = None;
    let mut filename = None;
    let mut content_type = None;
    for line in head.split("\r\n") {
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        let v = v.trim();
        if k.trim().eq_ignore_ascii_case("content-disposition") {
            name = param(v, "name");
            filename = param(v, "filename");
        } else if k.trim().eq_ignore_ascii_case("content-type") {
            content_type = Some(v.to_owned());
        }
    }
    Some(Part {
        name: name?,
        filename,
        content_type,
        data,
    })
}

/// A parameter of a Content-Disposition value (`name="a b"` or `name=a`),
/// with browsers' `%22`, `%0D`, `%0A` escapes undone.
fn param(value: &str, key: &str) -> Option<String> {
    for item in value.split(';').skip(1) {
        let (k, v) = item.trim().split_once('=')?;
        if !k.trim().eq_ignore_ascii_case(key) {
            continue;
        }
        let v = v.trim();
        let v = v
            .strip_prefix('"')
            .and_then(|x| x.strip_suffix('"'))
            .unwrap_or(v);
        return Some(
            v.replace("%22", "\"")
                .replace("%0D", "\r")
                .replace("%0A", "\n"),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_fields_and_binary_files_exactly() {
        let gif: Vec<u8> = (0u8..=255)
            .chain([0xff, 0xfe, b'\r', b'\n', b'-', b'-'])
            .collect();
        let mut body = b"--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nhello \xc3\xa9\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a \\\"b%22.gif\"\r\nContent-Type: image/gif\r\n\r\n".to_vec();
        body.extend_from_slice(&gif);
        body.extend_from_slice(b"\r\n--XyZ--\r\n");
        let parts = parse(&body, "XyZ").unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].name, "title");
        assert_eq!(parts[0].filename, None);
        assert_eq!(parts[0].data, "hello é".as_bytes());
        assert_eq!(parts[1].name, "file");
        assert_eq!(parts[1].content_type.as_deref(), Some("image/gif"));
        assert_eq!(parts[1].data, gif);
    }

    #[test]
    fn refuses_malformed_bodies() {
        assert_eq!(parse(b"no delimiter", "XyZ"), None);
        assert_eq!(
            parse(
                b"--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated",
                "XyZ"
            ),
            None
        );
        assert_eq!(
            parse(
                b"--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--",
                "XyZ"
            ),
            None,
            "a part without a name"
        );
        assert_eq!(parse(b"--XyZ--\r\n", "XyZ"), Some(vec![]));
    }
}
