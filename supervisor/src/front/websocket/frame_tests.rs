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

const D: Decoder = Decoder {
    max: 1000,
    deflate: false,
};

fn decode(d: &Decoder, buf: &mut BytesMut) -> Result<Option<Frame>, Breach> {
    let mut wanted = 0;
    d.decode(buf, &mut wanted)
}

#[test]
fn frames_come_whole_and_unmasked_however_they_are_cut() {
    let mut wire = client(0x81, b"hello world, a text frame");
    wire.extend_from_slice(&client(0x89, b"ping"));
    let mut buf = BytesMut::new();
    let mut frames = Vec::new();
    for byte in wire.iter() {
        buf.put_u8(*byte);
        while let Some(f) = decode(&D, &mut buf).unwrap() {
            frames.push(f);
        }
    }
    assert_eq!(frames.len(), 2);
    assert_eq!((frames[0].op, frames[0].fin), (Op::Text, true));
    assert_eq!(&frames[0].payload[..], b"hello world, a text frame");
    assert_eq!(frames[1].op, Op::Ping);
    assert_eq!(&frames[1].payload[..], b"ping");
    assert!(buf.is_empty());
    let long = vec![7u8; 70_000];
    let mut buf = client(0x82, &long);
    let big = Decoder {
        max: 100_000,
        deflate: false,
    };
    assert_eq!(
        &decode(&big, &mut buf).unwrap().unwrap().payload[..],
        &long[..]
    );
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
        let err = decode(&D, &mut buf).unwrap_err();
        assert_eq!(err.code, *code, "{b0:#x}");
        assert_eq!(buf, before);
    }
    // Found on two bytes, before the rest arrives.
    let mut two = BytesMut::from(&[0x83u8, 0x80][..]);
    assert_eq!(decode(&D, &mut two).unwrap_err().code, 1002);
    let mut unmasked = BytesMut::from(&[0x81u8, 0x01, b'a'][..]);
    assert_eq!(decode(&D, &mut unmasked).unwrap_err().code, 1002);
    let deflate = Decoder { deflate: true, ..D };
    let mut first = client(0xc1, b"x");
    assert!(decode(&deflate, &mut first).unwrap().unwrap().rsv1);
    let mut cont = client(0xc0, b"x");
    assert_eq!(decode(&deflate, &mut cont).unwrap_err().code, 1002);
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
