//! A raw HTTP/2 client, frame by frame, for the tests that must send what
//! no well-behaved client sends (rapid resets, endless CONTINUATION
//! frames) and see the frames bextd answers with (GOAWAY).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

pub const DATA: u8 = 0x0;
pub const HEADERS: u8 = 0x1;
pub const RST_STREAM: u8 = 0x3;
pub const SETTINGS: u8 = 0x4;
pub const PING: u8 = 0x6;
pub const GOAWAY: u8 = 0x7;
pub const WINDOW_UPDATE: u8 = 0x8;
pub const CONTINUATION: u8 = 0x9;

pub const END_STREAM: u8 = 0x1;
pub const END_HEADERS: u8 = 0x4;

/// One frame as read.
#[derive(Debug, Clone)]
pub struct Frame {
    pub kind: u8,
    pub flags: u8,
    pub stream: u32,
    pub payload: Vec<u8>,
}

/// A connection that has sent the preface and its (empty) SETTINGS.
#[derive(Debug)]
pub struct Conn {
    pub sock: TcpStream,
}

/// A frame's bytes.
pub fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let n = payload.len() as u32;
    let mut f = vec![(n >> 16) as u8, (n >> 8) as u8, n as u8, kind, flags];
    f.extend_from_slice(&(stream & 0x7fff_ffff).to_be_bytes());
    f.extend_from_slice(payload);
    f
}

/// An HPACK block for `GET path` on `authority`, literals never indexed.
pub fn get_block(path: &str, authority: &str) -> Vec<u8> {
    // :method GET (2), :scheme http (6), then :path and :authority as
    // literals without indexing with an indexed name (4 and 1).
    let mut b = vec![0x82, 0x86];
    for (index, value) in [(4u8, path), (1u8, authority)] {
        b.push(index);
        assert!(value.len() < 127);
        b.push(value.len() as u8);
        b.extend_from_slice(value.as_bytes());
    }
    b
}

impl Conn {
    pub fn open(addr: SocketAddr) -> Conn {
        let mut sock = TcpStream::connect(addr).expect("connect");
        sock.set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        sock.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n").unwrap();
        sock.write_all(&frame(SETTINGS, 0, 0, &[])).unwrap();
        // bextd sent its SETTINGS before reading ours: acknowledged.
        sock.write_all(&frame(SETTINGS, 0x1, 0, &[])).unwrap();
        Conn { sock }
    }

    /// Sends `bytes`; false once bextd closed the connection.
    pub fn send(&mut self, bytes: &[u8]) -> bool {
        self.sock.write_all(bytes).is_ok()
    }

    /// The next frame, or `None` at the connection's end.
    pub fn read(&mut self) -> Option<Frame> {
        let mut head = [0u8; 9];
        self.sock.read_exact(&mut head).ok()?;
        let n = (head[0] as usize) << 16 | (head[1] as usize) << 8 | head[2] as usize;
        let mut payload = vec![0; n];
        self.sock.read_exact(&mut payload).ok()?;
        Some(Frame {
            kind: head[3],
            flags: head[4],
            stream: u32::from_be_bytes([head[5], head[6], head[7], head[8]]) & 0x7fff_ffff,
            payload,
        })
    }

    /// A thread that reads and keeps every frame until the connection ends,
    /// and answers PINGs.
    pub fn reader(&self) -> std::thread::JoinHandle<Vec<Frame>> {
        let mut c = Conn {
            sock: self.sock.try_clone().unwrap(),
        };
        c.sock.set_read_timeout(None).unwrap();
        std::thread::spawn(move || {
            let mut got = Vec::new();
            while let Some(f) = c.read() {
                // PINGs are answered, as a client does (a graceful
                // GOAWAY waits for one).
                if f.kind == PING && f.flags & 0x1 == 0 {
                    let _ = c.send(&frame(PING, 0x1, 0, &f.payload));
                }
                // Only what the tests look at: payloads of DATA dropped.
                got.push(if f.kind == DATA {
                    Frame {
                        payload: Vec::new(),
                        ..f
                    }
                } else {
                    f
                });
            }
            got
        })
    }
}

/// The GOAWAY among `frames`, if any: its last stream id and error code.
pub fn goaway(frames: &[Frame]) -> Option<(u32, u32)> {
    frames.iter().find(|f| f.kind == GOAWAY).map(|f| {
        let p = &f.payload;
        (
            u32::from_be_bytes([p[0], p[1], p[2], p[3]]) & 0x7fff_ffff,
            u32::from_be_bytes([p[4], p[5], p[6], p[7]]),
        )
    })
}
