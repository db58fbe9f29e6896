use super::*;

/// A client's frame: masked, as RFC 6455 §5.3 asks.
fn client(b0: u8, payload: &[u8]) -> BytesMut {
    let mask = [1, 2, 3, 4];
    let mut out = BytesMut::new();
    out.put_u8(b0);
    let n = payload.len();
    if n < 126 {
        out.put_u8(0x80 | n as u8);
    } else if n <= 0xffff {
        out.put_u8(0x80 | 126);
        out.put_u16(n as u16);
    } else {
        out.put_u8(0x80 | 127);
        out.put_u64(n as u64);
    }
    out.put_slice(&mask);
    let mut p = payload.to_vec();
    unmask(&mut p, mask);
    out.put_slice(&p);
    out
}

fn d() -> Decoder {
    Decoder::new(1000, false)
}

#[test]
fn frames_come_whole_and_unmasked_however_they_are_cut() {
    let mut wire = client(0x82, b"hello world, a binary frame");
    wire.extend_from_slice(&client(0x89, b"ping"));
    let mut buf = BytesMut::new();
    let mut frames = Vec::new();
    let mut dec = d();
    for byte in wire.iter() {
        buf.put_u8(*byte);
        while let Some(f) = dec.decode(&mut buf).unwrap() {
            frames.push(f);
        }
    }
    assert_eq!(frames.len(), 2);
    assert_eq!((frames[0].op, frames[0].fin), (Op::Binary, true));
    assert_eq!(&frames[0].payload[..], b"hello world, a binary frame");
    assert_eq!(frames[1].op, Op::Ping);
    assert_eq!(&frames[1].payload[..], b"ping");
    assert!(buf.is_empty());
    let long = vec![7u8; 70_000];
    let mut buf = client(0x82, &long);
    let mut big = Decoder::new(100_000, false);
    assert_eq!(
        &big.decode(&mut buf).unwrap().unwrap().payload[..],
        &long[..]
    );
}

#[test]
fn a_text_frame_comes_in_pieces_as_its_payload_arrives() {
    let text = "a text frame, sent in chops: é ü ✓ 🎉".repeat(3);
    let mut wire = client(0x01, text.as_bytes());
    wire.extend_from_slice(&client(0x80, b" and its continuation"));
    wire.extend_from_slice(&client(0x89, b"ping"));
    for cut in [1, 3, 7, 10] {
        let mut dec = d();
        let mut buf = BytesMut::new();
        let mut frames = Vec::new();
        for chunk in wire.chunks(cut) {
            buf.extend_from_slice(chunk);
            while let Some(f) = dec.decode(&mut buf).unwrap() {
                frames.push(f);
            }
        }
        assert!(buf.is_empty());
        let (ping, data) = frames.split_last().unwrap();
        assert_eq!((ping.op, &ping.payload[..]), (Op::Ping, &b"ping"[..]));
        // Pieces of at most `cut` bytes, the first a text frame, then
        // continuations, only the last final.
        assert!(data.len() > 2, "{cut}");
        assert_eq!(data[0].op, Op::Text);
        assert!(data[1..].iter().all(|f| f.op == Op::Continuation));
        assert!(data[..data.len() - 1].iter().all(|f| !f.fin));
        assert!(data.last().unwrap().fin);
        let joined: Vec<u8> = data.iter().flat_map(|f| f.payload.to_vec()).collect();
        assert_eq!(joined, format!("{text} and its continuation").as_bytes());
    }
    // Nothing is given until a byte of the payload is there.
    let mut dec = d();
    let mut head = BytesMut::from(&client(0x81, b"abc")[..6]);
    assert_eq!(dec.decode(&mut head).unwrap(), None);
    assert_eq!(dec.wanted(), 9);
    // A frame abandoned half-way: what the client has still to send.
    let mut part = BytesMut::from(&client(0x81, b"abcdef")[..8]);
    assert_eq!(&dec.decode(&mut part).unwrap().unwrap().payload[..], b"ab");
    assert_eq!(dec.abandon(), 4);
    assert_eq!(dec.wanted(), 0);
}

#[test]
fn breaches_are_named_by_the_head_and_leave_the_buffer() {
    let cases: &[(u8, Vec<u8>, u16)] = &[
        (0x83, vec![], 1002),        // reserved opcode 3
        (0x8b, vec![], 1002),        // reserved control opcode 11
        (0xa1, vec![], 1002),        // RSV2
        (0xc1, b"x".to_vec(), 1002), // RSV1 without deflate
        (0x09, vec![], 1002),        // a fragmented ping
        (0x89, vec![0; 126], 1002),  // a ping over 125 bytes
        (0x88, vec![3; 126], 1002),  // a close over 125 bytes (7.3.6)
        (0x82, vec![0; 1001], 1009), // over the limit
    ];
    for (b0, payload, code) in cases {
        let mut buf = client(*b0, payload);
        let before = buf.clone();
        let err = d().decode(&mut buf).unwrap_err();
        assert_eq!(err.code, *code, "{b0:#x}");
        assert_eq!(buf, before);
    }
    // Found on two bytes, before the rest arrives.
    let mut two = BytesMut::from(&[0x83u8, 0x80][..]);
    assert_eq!(d().decode(&mut two).unwrap_err().code, 1002);
    let mut unmasked = BytesMut::from(&[0x81u8, 0x01, b'a'][..]);
    assert_eq!(d().decode(&mut unmasked).unwrap_err().code, 1002);
    let mut deflate = Decoder::new(1000, true);
    let mut first = client(0xc1, b"x");
    assert!(deflate.decode(&mut first).unwrap().unwrap().rsv1);
    let mut cont = client(0xc0, b"x");
    assert_eq!(deflate.decode(&mut cont).unwrap_err().code, 1002);
}

#[test]
fn close_payloads_are_checked() {
    assert_eq!(close_of(b""), Ok((1005, String::new())));
    assert_eq!(close_of(&[3, 232, b'o', b'k']), Ok((1000, "ok".into())));
    assert_eq!(close_of(&[3]).unwrap_err().code, 1002);
    for code in [0u16, 999, 1004, 1005, 1006, 1015, 1016, 2000, 2999, 5000] {
        assert_eq!(
            close_of(&code.to_be_bytes()).unwrap_err().code,
            1002,
            "{code}"
        );
    }
    for code in [1000u16, 1001, 1003, 1007, 1011, 1014, 3000, 4999] {
        assert!(close_of(&code.to_be_bytes()).is_ok(), "{code}");
    }
    assert_eq!(close_of(&[3, 232, 0xff]).unwrap_err().code, 1007);
}

#[test]
fn bextd_frames_and_a_cut_close_reason() {
    let mut out = BytesMut::new();
    encode(&mut out, Op::Text, false, b"hi");
    assert_eq!(&out[..], &[0x81, 2, b'h', b'i']);
    out.clear();
    encode(&mut out, Op::Binary, true, &[0; 300]);
    assert_eq!(&out[..4], &[0xc2, 126, 1, 44]);
    out.clear();
    let reason = "é".repeat(100);
    encode_close(&mut out, 1001, &reason);
    assert_eq!(out[1], 124);
    assert!(std::str::from_utf8(&out[4..]).is_ok());
}

#[test]
fn the_skimmer_finds_the_close_past_any_frames() {
    let mut wire = client(0x83, b"a reserved opcode's payload");
    wire.extend_from_slice(&client(0x82, &[9; 70_000]));
    wire.extend_from_slice(&client(0x88, &[3, 232]));
    let mut s = Skimmer::default();
    let mut buf = BytesMut::new();
    let mut seen = false;
    for chunk in wire.chunks(1000) {
        buf.extend_from_slice(chunk);
        if s.skim(&mut buf) {
            seen = true;
            break;
        }
        assert!(buf.len() < 1000 + 14);
    }
    assert!(seen);
    // A breach in a close frame itself: that close is the answer.
    let mut close = client(0x88, &[3; 126]);
    assert!(Skimmer::default().skim(&mut close));
}
