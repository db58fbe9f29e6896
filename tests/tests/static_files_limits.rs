//! `[[static]]` under load and change, end to end: a file changed on disk
//! is served within the open-file cache's revalidation interval, a client
//! that stops reading a large file does not make bextd hold the file in
//! memory, and files open at once stay under their bound while many
//! downloads stall.

#[path = "static_files/client.rs"]
mod client;

use std::time::{Duration, Instant};

use bext_e2e::h2raw::{self, Conn, END_HEADERS, END_STREAM, HEADERS};
use bext_e2e::{Daemon, Setup, poll, wait_for};
use client::raw;

/// The open-file cache's revalidation interval
/// (`front::static_files::cache::VALID`).
const VALID: Duration = Duration::from_secs(1);

const POOL: &str = "export default { fetch() { return new Response('pool'); } };";

fn start(server: &str) -> Daemon {
    let config = format!(
        "{server}[render]\nscript = \"worker.js\"\njsc_workers = 1\n\n\
         [[static]]\nprefix = \"/assets\"\ndir = \"public\"\n"
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", POOL), ("public/app.js", "one\n")],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

/// A sparse file of `size` bytes under `public/`.
fn sparse(d: &Daemon, name: &str, size: u64) {
    let f = std::fs::File::create(d.dir.path().join("public").join(name)).unwrap();
    f.set_len(size).unwrap();
}

fn rss_kib(d: &Daemon) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", d.pid)).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// bextd's descriptors open on `name`, and all of them.
fn open_fds(d: &Daemon, name: &str) -> (usize, usize) {
    let mut on = 0;
    let mut all = 0;
    for e in std::fs::read_dir(format!("/proc/{}/fd", d.pid)).unwrap() {
        all += 1;
        let target = e.ok().and_then(|e| std::fs::read_link(e.path()).ok());
        if target.is_some_and(|t| t.ends_with(name)) {
            on += 1;
        }
    }
    (on, all)
}

/// `bext_static_bytes_total` of `/assets`.
fn bytes_sent(d: &Daemon) -> u64 {
    d.get("/metrics")
        .body
        .lines()
        .find_map(|l| l.strip_prefix("bext_static_bytes_total{prefix=\"/assets\"} "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

#[test]
fn a_file_changed_on_disk_is_served_within_the_revalidation_interval() {
    let d = start("");
    let public = d.dir.path().join("public");
    let text = |path: &str| raw(d.addr, "GET", path, &[]).text();
    let first = raw(d.addr, "GET", "/assets/app.js", &[]);
    assert_eq!(first.text(), "one\n");
    let missing = raw(d.addr, "GET", "/assets/new.js", &[]);
    assert_eq!(missing.status, 404);
    // Same size, so only the modification time tells.
    std::fs::write(public.join("app.js"), "two\n").unwrap();
    std::fs::write(public.join("new.js"), "new\n").unwrap();
    let changed = Instant::now();
    let limit = VALID + Duration::from_millis(500);
    wait_for(limit, "the changed file", || {
        (text("/assets/app.js") == "two\n").then_some(())
    });
    wait_for(
        limit.saturating_sub(changed.elapsed()),
        "the new file",
        || (text("/assets/new.js") == "new\n").then_some(()),
    );
    let etag = raw(d.addr, "GET", "/assets/app.js", &[]);
    assert_ne!(etag.header("etag"), first.header("etag"));
    // Removed: missing again within the interval.
    std::fs::remove_file(public.join("app.js")).unwrap();
    wait_for(limit, "the removed file to be missing", || {
        (raw(d.addr, "GET", "/assets/app.js", &[]).status == 404).then_some(())
    });
}

#[test]
fn a_client_that_stops_reading_a_large_file_does_not_grow_bextds_memory() {
    use std::io::{Read, Write};
    const SIZE: u64 = 512 << 20;
    let d = start("");
    sparse(&d, "big.bin", SIZE);
    // Warm: the runtime's threads and buffers exist before the baseline.
    let r = raw(
        d.addr,
        "GET",
        "/assets/big.bin",
        &[("Range", "bytes=0-1048575")],
    );
    assert_eq!(r.body.len(), 1 << 20);
    let base_sent = bytes_sent(&d);
    let before = rss_kib(&d);
    let mut s = std::net::TcpStream::connect(d.addr).unwrap();
    s.write_all(b"GET /assets/big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    let mut head = [0u8; 1024];
    let n = s.read(&mut head).unwrap();
    assert!(head[..n].starts_with(b"HTTP/1.1 200"), "{:?}", &head[..n]);
    // The client reads no more. bextd sends until the sockets' buffers
    // are full, then stops reading the file.
    let mut last = (bytes_sent(&d), Instant::now());
    let sent = wait_for(Duration::from_secs(20), "bextd to stop sending", || {
        std::thread::sleep(Duration::from_millis(100));
        let now = bytes_sent(&d);
        if now != last.0 {
            last = (now, Instant::now());
            return None;
        }
        (last.1.elapsed() > Duration::from_secs(1)).then_some(now - base_sent)
    });
    let grown = rss_kib(&d).saturating_sub(before);
    assert!(
        sent < 64 << 20,
        "{sent} bytes read for a client that reads nothing"
    );
    assert!(
        grown < 48 * 1024,
        "bextd grew by {grown} KiB while a client left {SIZE} bytes unread"
    );
    drop(s);
}

#[test]
fn files_open_at_once_stay_under_their_bound() {
    const STREAMS: u32 = 32;
    // The bound is the connection cap's when that is lower than 1024.
    const BOUND: usize = 8;
    let d = start("[server]\nmax_connections = 8\n");
    sparse(&d, "big.bin", 256 << 20);
    let (_, fds_before) = open_fds(&d, "big.bin");
    // One HTTP/2 connection asks for the file on many streams and never
    // grants more than the first 64 KiB of window: every download stalls.
    let mut c = Conn::open(d.addr);
    let authority = d.addr.to_string();
    for i in 0..STREAMS {
        let block = h2raw::get_block("/assets/big.bin", &authority);
        assert!(c.send(&h2raw::frame(
            HEADERS,
            END_HEADERS | END_STREAM,
            2 * i + 1,
            &block
        )));
    }
    wait_for(Duration::from_secs(10), "the bound's files open", || {
        (open_fds(&d, "big.bin").0 == BOUND).then_some(())
    });
    // It stays there while the other streams wait.
    let over = poll(Duration::from_secs(1), || {
        let (on, all) = open_fds(&d, "big.bin");
        (on > BOUND || all > fds_before + BOUND + 4).then_some((on, all))
    });
    assert_eq!(over, None, "open on big.bin, open in all");
    // Other files are still served meanwhile (over another connection).
    assert_eq!(raw(d.addr, "GET", "/assets/app.js", &[]).text(), "one\n");
    drop(c);
    wait_for(Duration::from_secs(10), "the files closed", || {
        (open_fds(&d, "big.bin").0 == 0).then_some(())
    });
}

#[test]
fn a_large_file_is_sent_whole_byte_for_byte() {
    let d = start("");
    // Past the held size and over several read chunks, not a multiple.
    let body: Vec<u8> = (0..(3 << 20) + 7u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(d.dir.path().join("public/big.dat"), &body).unwrap();
    for _ in 0..2 {
        let r = raw(d.addr, "GET", "/assets/big.dat", &[]);
        assert_eq!(r.status, 200);
        assert_eq!(
            r.header("content-length"),
            Some(body.len().to_string().as_str())
        );
        assert!(r.body == body, "{} bytes differ", r.body.len());
    }
    let sent = bytes_sent(&d);
    assert_eq!(sent, 2 * body.len() as u64);
}
