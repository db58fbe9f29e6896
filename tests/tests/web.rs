//! Web-standard handlers with real processes: `export default { fetch }`
//! apps bundled from npm (Hono), exact binary bodies, the `env` table.

use std::path::PathBuf;
use std::process::Command;

use bext_e2e::{Daemon, Setup};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Bundles the npm test apps (tests/js/build.sh: `npm ci` the first time)
/// and returns the path of `dist/<name>.js`.
fn bundle(name: &str) -> String {
    let out = Command::new("bash")
        .arg(repo_root().join("tests/js/build.sh"))
        .output()
        .expect("run tests/js/build.sh");
    assert!(
        out.status.success(),
        "tests/js/build.sh failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let path = repo_root().join(format!("tests/js/dist/{name}.js"));
    assert!(path.exists(), "{} was not built", path.display());
    path.to_string_lossy().into_owned()
}

/// FNV-1a of some bytes: the uploads are compared by hash.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Binary bytes with every value and the sequences a lossy text decoding
/// or a careless multipart split would break.
fn binary_file(n: usize) -> Vec<u8> {
    let mut v: Vec<u8> = b"GIF89a\x01\x00\x01\x00\x80\xff\x00\r\n--\r\n\r\n\xc3\x28".to_vec();
    let mut x: u32 = 0x1234_5678;
    while v.len() < n {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        v.push((x >> 24) as u8);
    }
    v.truncate(n);
    v
}

fn multipart(boundary: &str, title: &str, file: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n{title}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"pixel.gif\"\r\n\
         Content-Type: image/gif\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    body
}

#[test]
fn a_hono_app_serves_from_its_fetch_export() {
    let script = bundle("hono");
    let config = format!(
        "[render]\nscript = \"{script}\"\njsc_workers = 1\nenv = {{ GREETING = \"hello from env\" }}\n"
    );
    let mut d = Daemon::start(&config, "");
    d.wait_workers(1);

    let home = d.get("/");
    assert_eq!((home.status, home.body.as_str()), (200, "hono home"));
    assert_eq!(home.header("x-middleware"), Some("hono"));

    let user = d.get("/users/42?q=bext");
    assert_eq!(user.status, 200);
    assert_eq!(user.json(), serde_json::json!({"id": "42", "q": "bext"}));
    assert_eq!(user.header("x-middleware"), Some("hono"));

    let echo = d.request(
        "POST",
        "/echo",
        &[("content-type", "application/json")],
        br#"{"a":[1,"two"]}"#,
    );
    assert_eq!(echo.status, 201);
    assert_eq!(echo.json(), serde_json::json!({"echo": {"a": [1, "two"]}}));

    assert_eq!(
        d.get("/env").json(),
        serde_json::json!({"greeting": "hello from env"})
    );
    let missing = d.get("/nope");
    assert_eq!(
        (missing.status, missing.body.as_str()),
        (404, "no such page")
    );

    // A multipart upload: the file's bytes arrive exact.
    let file = binary_file(64 * 1024 + 7);
    let boundary = "----bextTestBoundary7MA4YWxkTrZu0gW";
    let body = multipart(boundary, "a pixel", &file);
    let ct = format!("multipart/form-data; boundary={boundary}");
    let up = d.request("POST", "/upload", &[("content-type", ct.as_str())], &body);
    assert_eq!(up.status, 200, "{}", up.body);
    assert_eq!(up.header("x-file-name"), Some("pixel.gif"));
    assert_eq!(up.header("x-file-type"), Some("image/gif"));
    assert_eq!(up.header("x-title"), Some("a pixel"));
    assert_eq!(up.bytes.len(), file.len());
    assert_eq!(fnv(&up.bytes), fnv(&file));
}

#[test]
fn a_plain_handler_reads_binary_bodies_exact() {
    let mut d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[(
            "worker.js",
            r#"export async function handler(req) {
                const bytes = await req.bytes();
                const ab = await req.arrayBuffer();
                if (req.path === "/form") {
                    const form = await new Request("http://x/", { method: "POST", headers: req.headers, body: bytes }).formData();
                    const f = form.get("file");
                    return { status: 200, headers: { "content-type": "application/octet-stream", "x-title": form.get("title") }, body: new Uint8Array(await f.arrayBuffer()) };
                }
                return { status: 200, headers: { "content-type": "application/octet-stream", "x-ab": String(ab.byteLength), "x-text-length": String(new TextEncoder().encode(req.body).length) }, body: bytes };
            }"#,
        )],
        ..Setup::default()
    });
    d.wait_workers(1);
    // The issue's example: a 43-byte GIF arrived as 55 bytes of text.
    let gif = binary_file(43);
    let r = d.request("POST", "/gif", &[("content-type", "image/gif")], &gif);
    assert_eq!(r.status, 200);
    assert_eq!(r.bytes, gif);
    assert_eq!(r.header("x-ab"), Some("43"));
    // `req.body` is still the (lossy) text, as before.
    assert_ne!(r.header("x-text-length"), Some("43"));

    let file = binary_file(200_000);
    let boundary = "xYzZY";
    let body = multipart(boundary, "t", &file);
    let ct = format!("multipart/form-data; boundary={boundary}");
    let r = d.request("POST", "/form", &[("content-type", ct.as_str())], &body);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("x-title"), Some("t"));
    assert_eq!(fnv(&r.bytes), fnv(&file));
}
