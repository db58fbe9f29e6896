//! Back-pressure of WebSockets: a client that does not read fills the
//! socket's `bufferedAmount` in the worker, not bextd's memory; once it
//! reads, every byte arrives.

use std::time::Duration;

use bext_e2e::ws::Clients;
use bext_e2e::{Daemon, wait_for};

/// On "flood" it sends 64 MiB in 64 KiB messages at once.
const FLOOD: &str = r#"
let last = null;
export function handler(req) {
  if (req.path === "/ws") {
    const { socket, response } = bext.upgradeWebSocket(req);
    last = socket;
    socket.onmessage = (e) => {
      if (e.data !== "flood") return socket.send(e.data);
      const piece = new Uint8Array(64 << 10).fill(120);
      for (let i = 0; i < 1024; i++) socket.send(piece);
    };
    return response;
  }
  if (req.path === "/buffered") return { buffered: last ? last.bufferedAmount : -1 };
  return "plain";
}
"#;

const TOTAL: u64 = 64 << 20;

fn rss_kib(pid: nix::unistd::Pid) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

fn buffered(d: &Daemon) -> i64 {
    d.get("/buffered").json()["buffered"].as_i64().unwrap()
}

#[test]
fn a_client_that_does_not_read_fills_buffered_amount_in_the_worker_not_bextd() {
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 1\n", FLOOD);
    d.wait_workers(1);
    let rss0 = rss_kib(d.pid);
    let mut c = Clients::open("stall", &format!("ws://{}/ws", d.addr), 1, TOTAL as f64);
    // The worker's queue settles once the kernel's buffers and the window
    // are full: most of the 64 MiB waits in bufferedAmount.
    let held = wait_for(Duration::from_secs(20), "the flood to stall", || {
        let a = buffered(&d);
        std::thread::sleep(Duration::from_millis(200));
        let b = buffered(&d);
        (a == b && b > 0).then_some(b)
    });
    assert!(held as u64 > TOTAL * 3 / 4, "held in the worker: {held}");
    let grown = rss_kib(d.pid).saturating_sub(rss0);
    println!("held in the worker: {held} bytes; bextd's RSS grew {grown} KiB");
    assert!(grown < 16 * 1024, "bextd grew by {grown} KiB");
    // Once the client reads, every byte comes, and the queue empties.
    c.go();
    let report = c.report();
    assert_eq!(report["bytes"].as_u64().unwrap(), TOTAL, "{report}");
    wait_for(Duration::from_secs(5), "an empty queue", || {
        (buffered(&d) == 0).then_some(())
    });
}
