//! `fetch()` of a `file:` URL: the file, when the pool may read it.
//!
//! Packages that ship WebAssembly load it as browsers and Deno do,
//! `fetch(new URL("x.wasm", import.meta.url))`, then `instantiateStreaming`
//! (which wants `application/wasm`). Node's undici refuses `file:` URLs;
//! Deno answers them (with its read permission). A worker answers them as
//! Deno does, within the folders the pool reads (its tree, its
//! `node_modules` packages, its `read_roots`: the same confinement as
//! `import` and `node:fs`), and only for GET and HEAD. `fetch_allow` is
//! not consulted: it governs the network. The answer is 200 with the
//! file's bytes, a `content-type` from its extension and its
//! `content-length`; a file that cannot be read fails the fetch with a
//! `TypeError` that says why.

use std::path::Path;

use tokio::sync::mpsc;

use super::FetchEvent;

/// The path of the `file:` URL `url` (no host, or `localhost`).
fn path_of(url: &url::Url) -> Result<std::path::PathBuf, String> {
    match url.host_str() {
        None | Some("") | Some("localhost") => url
            .to_file_path()
            .map_err(|()| format!("{url}: not a local file path")),
        Some(host) => Err(format!(
            "{url}: file URLs on another host ({host}) are not supported"
        )),
    }
}

/// The `content-type` of a file by its extension, as Deno answers it.
pub fn content_type(path: &Path) -> &'static str {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext.to_ascii_lowercase().as_str() {
        "wasm" => "application/wasm",
        "js" | "mjs" | "cjs" => "text/javascript",
        "json" | "map" => "application/json",
        "html" | "htm" => "text/html",
        "css" => "text/css",
        "txt" | "md" => "text/plain",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// Checks the read against the pool's folders here (on the JS thread,
/// which holds the confinement), then reads the file on the runtime and
/// reports it as one head, one chunk and the end.
pub(super) fn start(
    id: u32,
    method: &str,
    url: &url::Url,
    tx: &mpsc::UnboundedSender<FetchEvent>,
) -> Result<tokio::task::AbortHandle, String> {
    if method != "GET" && method != "HEAD" {
        return Err(format!(
            "{url}: a file URL answers GET and HEAD, not {method}"
        ));
    }
    let path = path_of(url)?;
    crate::loader::confine::check_read(&path.to_string_lossy()).map_err(|e| e.to_string())?;
    let head_only = method == "HEAD";
    let url = url.to_string();
    let tx = tx.clone();
    let task = tokio::spawn(async move {
        let read = {
            let path = path.clone();
            tokio::task::spawn_blocking(move || std::fs::read(path)).await
        };
        let data = match read.unwrap_or_else(|e| Err(std::io::Error::other(e))) {
            Ok(d) => d,
            Err(e) => {
                let message = format!("cannot read {}: {e}", path.display());
                let _ = tx.send(FetchEvent::Failed {
                    id,
                    message,
                    refused: None,
                });
                return;
            }
        };
        let headers = vec![
            ("content-type".to_string(), content_type(&path).to_string()),
            ("content-length".to_string(), data.len().to_string()),
        ];
        let _ = tx.send(FetchEvent::Head {
            id,
            status: 200,
            status_text: "OK".into(),
            headers,
            url,
            redirected: false,
        });
        if !head_only && !data.is_empty() {
            let _ = tx.send(FetchEvent::Chunk { id, data });
        }
        let _ = tx.send(FetchEvent::End { id });
    });
    Ok(task.abort_handle())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_urls_name_local_paths_and_types() {
        let u = url::Url::parse("file:///srv/app/x%20y.wasm").unwrap();
        assert_eq!(path_of(&u).unwrap(), Path::new("/srv/app/x y.wasm"));
        let local = url::Url::parse("file://localhost/srv/a.json").unwrap();
        assert_eq!(path_of(&local).unwrap(), Path::new("/srv/a.json"));
        let remote = url::Url::parse("file://example.com/srv/a").unwrap();
        assert!(path_of(&remote).is_err());
        assert_eq!(content_type(Path::new("/a/b.WASM")), "application/wasm");
        assert_eq!(content_type(Path::new("/a/b")), "application/octet-stream");
    }
}
