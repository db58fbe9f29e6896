use std::io::Read;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::*;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn what_the_peer_sends_is_read_whole_then_the_end() {
    runtime().block_on(async {
        let (ours, mut theirs) = UnixStream::pair().unwrap();
        let (rd, _wr) = split(ours).unwrap();
        let mut buf = BytesMut::new();
        let would_block = rd.try_read_buf(&mut buf).unwrap_err();
        assert_eq!(would_block.kind(), io::ErrorKind::WouldBlock);
        theirs.write_all(b"hello").unwrap();
        rd.readable().await.unwrap();
        assert_eq!(rd.try_read_buf(&mut buf).unwrap(), 5);
        assert_eq!(&buf[..], b"hello");
        drop(theirs);
        rd.readable().await.unwrap();
        assert_eq!(rd.try_read_buf(&mut buf).unwrap(), 0, "the end");
    });
}

#[test]
fn a_write_past_a_full_buffer_waits_for_room_and_loses_nothing() {
    runtime().block_on(async {
        let (ours, theirs) = UnixStream::pair().unwrap();
        let (mut rd, mut wr) = split(ours).unwrap();
        // Far more than a Unix socket's buffer: the writer must wait for
        // the peer, which reads slowly on another thread.
        let data: Vec<u8> = (0..8 << 20).map(|i| (i % 251) as u8).collect();
        let expect = data.clone();
        let peer = std::thread::spawn(move || {
            let mut theirs = theirs;
            let mut got = Vec::new();
            let mut chunk = [0u8; 64 * 1024];
            while got.len() < expect.len() {
                std::thread::sleep(Duration::from_micros(200));
                let n = theirs.read(&mut chunk).unwrap();
                got.extend_from_slice(&chunk[..n]);
            }
            assert!(got == expect, "the bytes arrived in order, whole");
            theirs.write_all(b"ok").unwrap();
        });
        wr.write_all(&data).await.unwrap();
        assert!(
            wr.waiting.is_none(),
            "the registration for room went with the wait"
        );
        let mut ok = [0u8; 2];
        rd.read_exact(&mut ok).await.unwrap();
        assert_eq!(&ok, b"ok");
        peer.join().unwrap();
    });
}

#[test]
fn dropping_the_write_side_ends_the_peers_reading_while_ours_goes_on() {
    runtime().block_on(async {
        let (ours, mut theirs) = UnixStream::pair().unwrap();
        let (mut rd, mut wr) = split(ours).unwrap();
        wr.write_all(b"last").await.unwrap();
        drop(wr);
        // Without the end, the read would wait for ever: fail instead.
        theirs
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut got = Vec::new();
        theirs.read_to_end(&mut got).unwrap();
        assert_eq!(
            &got[..],
            b"last",
            "the peer read what was sent, then its end"
        );
        theirs.write_all(b"still").unwrap();
        let mut back = [0u8; 5];
        rd.read_exact(&mut back).await.unwrap();
        assert_eq!(&back, b"still");
    });
}
