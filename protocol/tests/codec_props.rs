//! Property tests: no input makes the decoder panic, and every message
//! survives a round trip however the bytes are split.

use bytes::BytesMut;
use proptest::prelude::*;
use protocol::codec::{decode, encode};
use protocol::worker::{
    Heartbeat, HttpRequest, HttpResponse, LogLevel, MasterToWorker, Outcome, WorkerToMaster,
};

const MAX: u32 = 64 * 1024;

fn arb_request() -> impl Strategy<Value = HttpRequest> {
    (
        "[A-Z]{1,7}",
        "/[ -~]{0,40}",
        prop::collection::vec(("[a-z-]{1,12}", "[ -~]{0,20}"), 0..6),
        prop::collection::vec(any::<u8>(), 0..300),
        "[0-9.:]{0,20}",
    )
        .prop_map(|(method, url, headers, body, ip)| HttpRequest {
            method,
            url,
            headers,
            body,
            ip,
        })
}

fn arb_to_master() -> impl Strategy<Value = WorkerToMaster> {
    prop_oneof![
        (any::<u32>(), any::<u32>()).prop_map(|(modules_cached, modules_compiled)| {
            WorkerToMaster::Ready {
                modules_cached,
                modules_compiled,
            }
        }),
        (
            ".{0,40}",
            prop::collection::vec(any::<u8>(), 0..200),
            prop::collection::vec(any::<u8>(), 0..200)
        )
            .prop_map(|(path, source, bytecode)| {
                WorkerToMaster::Compiled(protocol::worker::CompiledModule {
                    path,
                    source,
                    engine: "1:2:3:4.5".into(),
                    bytecode,
                })
            }),
        ".{0,50}".prop_map(|error| WorkerToMaster::BootFailed { error }),
        (
            any::<u64>(),
            any::<u16>(),
            prop::collection::vec(any::<u8>(), 0..200)
        )
            .prop_map(|(id, status, body)| WorkerToMaster::Response {
                id,
                outcome: Outcome::Ok(HttpResponse {
                    status,
                    headers: vec![("content-type".into(), "text/plain".into())],
                    body,
                }),
            }),
        (any::<u64>(), ".{0,30}", ".{0,60}").prop_map(|(id, message, stack)| {
            WorkerToMaster::Response {
                id,
                outcome: Outcome::Error { message, stack },
            }
        }),
        (any::<u64>(), ".{0,60}").prop_map(|(id, stack)| WorkerToMaster::Response {
            id,
            outcome: Outcome::Timeout { stack },
        }),
        any::<u64>().prop_map(|id| WorkerToMaster::Response {
            id,
            outcome: Outcome::Cancelled,
        }),
        (any::<u64>(), any::<u64>(), any::<u32>()).prop_map(
            |(rss_bytes, js_heap_bytes, in_flight)| {
                WorkerToMaster::Heartbeat(Heartbeat {
                    rss_bytes,
                    js_heap_bytes,
                    in_flight,
                })
            }
        ),
        ".{0,80}".prop_map(|message| WorkerToMaster::Log {
            level: LogLevel::Warn,
            message
        }),
    ]
}

proptest! {
    #[test]
    fn decoding_garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let mut buf = BytesMut::from(&bytes[..]);
        // Keep decoding until the input is exhausted or rejected.
        for _ in 0..64 {
            match decode::<WorkerToMaster>(&mut buf, MAX) {
                Ok(Some(_)) => continue,
                Ok(None) | Err(_) => break,
            }
        }
        let mut buf = BytesMut::from(&bytes[..]);
        let _ = decode::<MasterToWorker>(&mut buf, MAX);
    }

    #[test]
    fn garbage_with_a_plausible_length_never_panics(
        body in prop::collection::vec(any::<u8>(), 0..256),
    ) {
        let mut buf = BytesMut::new();
        buf.extend_from_slice(&(body.len() as u32).to_be_bytes());
        buf.extend_from_slice(&body);
        let _ = decode::<WorkerToMaster>(&mut buf, MAX);
    }

    #[test]
    fn round_trip_split_anywhere(
        msgs in prop::collection::vec(arb_to_master(), 1..5),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut wire = BytesMut::new();
        for m in &msgs {
            encode(m, MAX, &mut wire).unwrap();
        }
        let cut = cut.index(wire.len() + 1);
        let mut buf = BytesMut::from(&wire[..cut]);
        let mut got = Vec::new();
        while let Some(m) = decode::<WorkerToMaster>(&mut buf, MAX).unwrap() {
            got.push(m);
        }
        buf.extend_from_slice(&wire[cut..]);
        while let Some(m) = decode::<WorkerToMaster>(&mut buf, MAX).unwrap() {
            got.push(m);
        }
        prop_assert_eq!(got, msgs);
        prop_assert!(buf.is_empty());
    }

    #[test]
    fn requests_round_trip(req in arb_request(), id in any::<u64>()) {
        let msg = MasterToWorker::Request {
            id,
            request: req.into(),
        };
        let mut wire = BytesMut::new();
        encode(&msg, MAX, &mut wire).unwrap();
        prop_assert_eq!(decode::<MasterToWorker>(&mut wire, MAX).unwrap(), Some(msg));
    }

    #[test]
    fn cancels_round_trip(id in any::<u64>()) {
        let msg = MasterToWorker::Cancel { id };
        let mut wire = BytesMut::new();
        encode(&msg, MAX, &mut wire).unwrap();
        prop_assert_eq!(decode::<MasterToWorker>(&mut wire, MAX).unwrap(), Some(msg));
    }
}
