use std::io::Read;

use super::*;

fn text() -> Vec<u8> {
    let mut s = String::new();
    for i in 0..200 {
        s.push_str(&format!(
            "<li id=\"{i}\">item {} of the list</li>\n",
            i % 37
        ));
    }
    s.into_bytes()
}

fn opts(level: i32, strategy: i32, window_bits: i32, mem_level: i32) -> Options {
    Options {
        level,
        strategy,
        window_bits,
        mem_level,
        ..Options::default()
    }
}

fn one_shot(mode: Mode, o: &Options, input: &[u8]) -> Result<Vec<u8>, Error> {
    run(mode, o, input, mode.finish_flush(), usize::MAX)
}

#[test]
fn every_deflate_setting_round_trips_and_other_decoders_read_it() {
    let data = text();
    for level in -1..=9 {
        for strategy in 0..=4 {
            for (wb, mem) in [(15, 8), (9, 1), (12, 9)] {
                let o = opts(level, strategy, wb, mem);
                let z = one_shot(Mode::Deflate, &o, &data).unwrap();
                let g = one_shot(Mode::Gzip, &o, &data).unwrap();
                let r = one_shot(Mode::DeflateRaw, &o, &data).unwrap();
                let back = |mode, bytes: &[u8]| one_shot(mode, &Options::default(), bytes).unwrap();
                assert_eq!(back(Mode::Inflate, &z), data, "{level} {strategy} {wb}");
                assert_eq!(back(Mode::Gunzip, &g), data);
                assert_eq!(back(Mode::Unzip, &g), data);
                assert_eq!(back(Mode::Unzip, &z), data);
                assert_eq!(back(Mode::InflateRaw, &r), data);
                // flate2 (another reader) agrees.
                let mut s = Vec::new();
                flate2::read::GzDecoder::new(&g[..])
                    .read_to_end(&mut s)
                    .unwrap();
                assert_eq!(s, data);
            }
        }
    }
}

#[test]
fn gzip_header_is_nodes() {
    let g = one_shot(Mode::Gzip, &Options::default(), b"hello").unwrap();
    // Magic, deflate, no flags, mtime 0, no extra flags, OS 3 (Unix).
    assert_eq!(&g[..10], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
    let best = one_shot(Mode::Gzip, &opts(9, 0, 15, 8), b"hello").unwrap();
    assert_eq!(best[8], 2, "xfl says best compression");
    let z = one_shot(Mode::Deflate, &Options::default(), b"hello").unwrap();
    assert_eq!(&z[..2], &[0x78, 0x9c]);
}

#[test]
fn bad_input_fails_with_nodes_messages_and_codes() {
    let d = Options::default();
    let e = one_shot(Mode::Inflate, &d, b"hello world").unwrap_err();
    assert_eq!(
        (e.message.as_str(), e.code.as_str(), e.errno),
        ("incorrect header check", "Z_DATA_ERROR", -3)
    );
    let e = one_shot(Mode::InflateRaw, &d, &[0xff, 0xff, 0xff]).unwrap_err();
    assert_eq!(e.message, "invalid block type");
    let z = one_shot(Mode::Deflate, &d, b"hello").unwrap();
    let e = one_shot(Mode::Inflate, &d, &z[..5]).unwrap_err();
    assert_eq!(
        (e.message.as_str(), e.code.as_str(), e.errno),
        ("unexpected end of file", "Z_BUF_ERROR", -5)
    );
    for mode in [Mode::Inflate, Mode::Gunzip, Mode::Unzip, Mode::BrotliDecode] {
        let e = one_shot(mode, &d, b"").unwrap_err();
        assert_eq!(e.code, "Z_BUF_ERROR", "{mode:?} of nothing");
    }
    let e = one_shot(Mode::BrotliDecode, &d, b"hello world").unwrap_err();
    assert_eq!(
        (e.message.as_str(), e.code.as_str(), e.errno),
        ("Decompression failed", "ERR__ERROR_FORMAT_CL_SPACE", -6)
    );
    // A sync flush at the end gives what there is, without an error.
    let part = run(Mode::Inflate, &d, &z[..8], 2, usize::MAX).unwrap();
    assert!(b"hello".starts_with(&part));
}

#[test]
fn gunzip_reads_every_member_and_stops_at_padding() {
    let d = Options::default();
    let mut two = one_shot(Mode::Gzip, &d, b"a").unwrap();
    two.extend(one_shot(Mode::Gzip, &d, b"b").unwrap());
    assert_eq!(one_shot(Mode::Gunzip, &d, &two).unwrap(), b"ab");
    assert_eq!(one_shot(Mode::Unzip, &d, &two).unwrap(), b"ab");
    let mut padded = one_shot(Mode::Gzip, &d, b"a").unwrap();
    padded.extend([0, 0, 0, 7]);
    assert_eq!(one_shot(Mode::Gunzip, &d, &padded).unwrap(), b"a");
    let mut junk = one_shot(Mode::Gzip, &d, b"a").unwrap();
    junk.extend(b"junk");
    assert_eq!(
        one_shot(Mode::Gunzip, &d, &junk).unwrap_err().message,
        "incorrect header check"
    );
    // After a zlib stream's end the rest is ignored.
    let mut z = one_shot(Mode::Deflate, &d, b"a").unwrap();
    z.extend(b"trailing");
    assert_eq!(one_shot(Mode::Inflate, &d, &z).unwrap(), b"a");
}

#[test]
fn dictionaries_are_set_or_missed_as_node_says() {
    let with = Options {
        dictionary: Some(b"hello".to_vec()),
        ..Options::default()
    };
    let z = one_shot(Mode::Deflate, &with, b"hello hi").unwrap();
    assert_eq!(one_shot(Mode::Inflate, &with, &z).unwrap(), b"hello hi");
    let e = one_shot(Mode::Inflate, &Options::default(), &z).unwrap_err();
    assert_eq!(
        (e.message.as_str(), e.code.as_str(), e.errno),
        ("Missing dictionary", "Z_NEED_DICT", 2)
    );
    let wrong = Options {
        dictionary: Some(b"other".to_vec()),
        ..Options::default()
    };
    assert_eq!(
        one_shot(Mode::Inflate, &wrong, &z).unwrap_err().message,
        "Bad dictionary"
    );
    let raw = one_shot(Mode::DeflateRaw, &with, b"hello hi").unwrap();
    assert_eq!(
        one_shot(Mode::InflateRaw, &with, &raw).unwrap(),
        b"hello hi"
    );
}

#[test]
fn max_output_stops_a_bomb_early() {
    let zeros = vec![0u8; 4 << 20];
    let z = one_shot(Mode::Deflate, &Options::default(), &zeros).unwrap();
    let e = run(Mode::Inflate, &Options::default(), &z, 4, 1000).unwrap_err();
    assert_eq!(e.code, "ERR_BUFFER_TOO_LARGE");
    assert_eq!(e.message, "Cannot create a Buffer larger than 1000 bytes");
}

#[test]
fn brotli_round_trips_at_every_quality_and_in_pieces() {
    let data = text();
    for q in 0..=11 {
        let params = vec![(1, q), (0, 1)];
        let b = one_shot(
            Mode::BrotliEncode,
            &Options {
                brotli: params,
                ..Options::default()
            },
            &data,
        )
        .unwrap();
        let mut back = Vec::new();
        brotli::Decompressor::new(&b[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, data, "quality {q}");
        assert_eq!(
            one_shot(Mode::BrotliDecode, &Options::default(), &b).unwrap(),
            data
        );
    }
    assert!(
        Codec::new(
            Mode::BrotliEncode,
            &Options {
                brotli: vec![(9999, 1)],
                ..Options::default()
            }
        )
        .is_err()
    );
}

#[test]
fn streams_flush_each_piece_and_finish_once() {
    for (enc, dec) in [
        (Mode::Gzip, Mode::Gunzip),
        (Mode::Deflate, Mode::Inflate),
        (Mode::DeflateRaw, Mode::InflateRaw),
        (Mode::BrotliEncode, Mode::BrotliDecode),
    ] {
        let mut c = Codec::new(enc, &Options::default()).unwrap();
        let mut d = Codec::new(dec, &Options::default()).unwrap();
        let sync = if enc == Mode::BrotliEncode { 1 } else { 2 };
        let (mut wire, mut back) = (Vec::new(), Vec::new());
        for piece in ["one ", "two ", "three"] {
            let before = wire.len();
            c.write(piece.as_bytes(), sync, &mut wire).unwrap();
            d.write(&wire[before..], 0, &mut back).unwrap();
            assert!(
                back.ends_with(piece.as_bytes()),
                "{enc:?}: each flushed piece decodes at once"
            );
        }
        let before = wire.len();
        c.write(b"", enc.finish_flush(), &mut wire).unwrap();
        d.write(&wire[before..], dec.finish_flush(), &mut back)
            .unwrap();
        assert_eq!(back, b"one two three");
        c.reset().unwrap();
        let mut again = Vec::new();
        c.write(b"x", enc.finish_flush(), &mut again).unwrap();
        assert_eq!(one_shot(dec, &Options::default(), &again).unwrap(), b"x");
    }
}

#[test]
fn crc32_matches_known_values() {
    assert_eq!(crc32(b"hello", 0), 907060870);
    assert_eq!(crc32(b"hello", 5), 4277152246);
    assert_eq!(crc32(b"lo", crc32(b"hel", 0)), 907060870);
}

#[test]
fn params_go_on_in_a_raw_deflater_with_the_wrappers_trailer() {
    let data = text();
    for (enc, dec) in [
        (Mode::Deflate, Mode::Inflate),
        (Mode::Gzip, Mode::Gunzip),
        (Mode::DeflateRaw, Mode::InflateRaw),
    ] {
        for (level, strategy) in [(9, 0), (0, 0), (1, 2), (6, 3), (4, 1)] {
            let mut c = Codec::new(enc, &opts(1, 0, 15, 8)).unwrap();
            let mut wire = Vec::new();
            let half = data.len() / 2;
            c.write(&data[..half], 0, &mut wire).unwrap();
            c.write(b"", 2, &mut wire).unwrap();
            c.params(level, strategy).unwrap();
            c.write(&data[half..], 0, &mut wire).unwrap();
            c.write(b"", enc.finish_flush(), &mut wire).unwrap();
            let back = one_shot(dec, &Options::default(), &wire).unwrap();
            assert_eq!(back, data, "{enc:?} to level {level} strategy {strategy}");
            // A reset starts a whole new stream at the new settings.
            c.reset().unwrap();
            let mut again = Vec::new();
            c.write(b"again", enc.finish_flush(), &mut again).unwrap();
            assert_eq!(
                one_shot(dec, &Options::default(), &again).unwrap(),
                b"again"
            );
        }
    }
    // A broken trailer is caught: the checksum is what it says.
    let mut c = Codec::new(Mode::Gzip, &Options::default()).unwrap();
    let mut wire = Vec::new();
    c.write(b"abc", 2, &mut wire).unwrap();
    c.params(9, 0).unwrap();
    c.write(b"def", 4, &mut wire).unwrap();
    let n = wire.len();
    wire[n - 8] ^= 1;
    let e = one_shot(Mode::Gunzip, &Options::default(), &wire).unwrap_err();
    assert_eq!(e.message, "incorrect data check");
}

/// `DecompressionStream`'s decoders take one stream: a byte after its end,
/// in the same write or a later one, is an error (a gzip member, a zero
/// byte and junk alike), after what the stream decoded up to its end;
/// without `single_stream` the same input is read as Node's gunzip reads
/// it.
#[test]
fn a_single_stream_refuses_what_follows_its_end() {
    let data = b"hello hello hello".repeat(20);
    for (enc, dec) in [
        (Mode::Gzip, Mode::Gunzip),
        (Mode::Deflate, Mode::Inflate),
        (Mode::DeflateRaw, Mode::InflateRaw),
        (Mode::BrotliEncode, Mode::BrotliDecode),
    ] {
        let finish = enc.finish_flush();
        let wire = run(enc, &Options::default(), &data, finish, usize::MAX).unwrap();
        for extra in [&wire[..], &[0][..], &[1, 2, 3][..]] {
            let mut joined = wire.clone();
            joined.extend_from_slice(extra);
            let mut d = Codec::new(dec, &Options::default()).unwrap();
            d.single_stream();
            let mut out = Vec::new();
            let e = d.write(&joined, 0, &mut out).unwrap_err();
            assert_eq!(e.code, "ERR_TRAILING_JUNK_AFTER_STREAM_END", "{dec:?}");
            assert!(e.is_trailing_junk());
            assert_eq!(out, data, "{dec:?}");
            // Cut at the end: the junk comes in the next write.
            let mut d = Codec::new(dec, &Options::default()).unwrap();
            d.single_stream();
            let mut out = Vec::new();
            d.write(&wire, 0, &mut out).unwrap();
            assert_eq!(out, data);
            assert!(d.write(extra, 0, &mut out).is_err(), "{dec:?}");
            // Nothing after the end: the finish is fine.
            let mut d = Codec::new(dec, &Options::default()).unwrap();
            d.single_stream();
            d.write(&wire, 0, &mut Vec::new()).unwrap();
            d.write(b"", finish, &mut Vec::new()).unwrap();
        }
    }
    // Without it, gunzip goes on with the second member.
    let wire = run(Mode::Gzip, &Options::default(), b"ab", 4, usize::MAX).unwrap();
    let twice = [wire.clone(), wire].concat();
    let back = run(Mode::Gunzip, &Options::default(), &twice, 4, usize::MAX).unwrap();
    assert_eq!(back, b"abab");
}
