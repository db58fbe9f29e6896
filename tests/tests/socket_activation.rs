//! Socket activation, end to end with systemd's own `systemd-socket-activate`:
//! it listens first and starts bextd only when a connection arrives, handing
//! it the socket (`LISTEN_FDS`, `LISTEN_FDNAMES=http`); that connection,
//! made while no bextd was running, is served.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::time::Duration;

use bext_e2e::{bin, comm, poll, wait_for};

const APP: &str = r#"export default { fetch() { return new Response("activated"); } };"#;

fn free_addr() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
}

/// Whether a socket listens on `addr` (IPv4), read from /proc/net/tcp
/// without connecting: state 0A is LISTEN, the address is hex, the
/// IP in the kernel's (little-endian) byte order.
fn listening(addr: SocketAddr) -> bool {
    let SocketAddr::V4(v4) = addr else {
        return false;
    };
    let want = format!(
        "{:08X}:{:04X}",
        u32::from_le_bytes(v4.ip().octets()),
        v4.port()
    );
    std::fs::read_to_string("/proc/net/tcp")
        .unwrap_or_default()
        .lines()
        .skip(1)
        .any(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            f.len() > 3 && f[1] == want && f[3] == "0A"
        })
}

#[test]
fn a_connection_made_before_bextd_runs_is_served() {
    let Some(activate) = [
        "/usr/bin/systemd-socket-activate",
        "/bin/systemd-socket-activate",
    ]
    .into_iter()
    .find(|p| std::path::Path::new(p).exists()) else {
        panic!(
            "systemd-socket-activate is missing (Debian package systemd; scripts/test installs it)"
        );
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("worker.js"), APP).unwrap();
    // `listen` names a port nobody uses: the socket systemd passes wins.
    let unused = free_addr();
    std::fs::write(
        dir.path().join("bext.toml"),
        format!(
            "[server]\nlisten = \"{unused}\"\ncontrol_socket = \"bext.sock\"\n\
             [render]\nscript = \"worker.js\"\njsc_workers = 1\n"
        ),
    )
    .unwrap();
    let addr = free_addr();
    let mut child = Command::new(activate)
        .arg("-l")
        .arg(addr.to_string())
        .arg("--fdname=http")
        .arg(bin("bextd"))
        .arg("--config")
        .arg(dir.path().join("bext.toml"))
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("systemd-socket-activate");
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    // It listens; bextd is not started yet. Looked at before connecting:
    // the connection itself makes systemd-socket-activate exec bextd.
    wait_for(Duration::from_secs(10), "the activation socket", || {
        listening(addr).then_some(())
    });
    assert_ne!(comm(pid).as_deref(), Some("bextd"), "bextd started early");
    let mut sock = TcpStream::connect(addr).expect("connect to the activation socket");
    sock.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    sock.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    sock.read_to_string(&mut answer).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("activated"), "{answer}");
    // systemd-socket-activate became bextd, which serves the same socket
    // and never bound `listen`.
    assert_eq!(comm(pid).as_deref(), Some("bextd"));
    assert!(TcpStream::connect(unused).is_err());
    let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGTERM);
    let exited = poll(Duration::from_secs(15), || child.try_wait().ok().flatten());
    if exited.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let mut log = String::new();
    let _ = child.stderr.take().unwrap().read_to_string(&mut log);
    assert!(
        exited.is_some_and(|s| s.success()),
        "bextd did not stop: {log}"
    );
}
