use super::*;

const T: Timeouts = Timeouts {
    header_read: Duration::from_millis(100),
    idle: Duration::from_millis(1000),
    write: Duration::from_millis(300),
};

#[test]
fn a_new_connection_has_the_header_timeout_from_its_start() {
    let t0 = Instant::now();
    let c = Clock::new(t0);
    assert_eq!(
        c.deadline(T),
        Some((t0 + T.header_read, "header_read_timeout_ms"))
    );
    // More bytes of the same head do not move it.
    c.on_read(t0 + Duration::from_millis(50));
    assert_eq!(c.deadline(T).unwrap().0, t0 + T.header_read);
}

#[test]
fn between_requests_the_idle_timeout_applies_until_bytes_arrive() {
    let t0 = Instant::now();
    let c = Clock::new(t0);
    c.begin();
    assert_eq!(c.deadline(T), None, "no timeout while serving");
    c.on_read(t0 + Duration::from_millis(10)); // body bytes
    c.end(t0 + Duration::from_millis(20));
    let idle_end = t0 + Duration::from_millis(20) + T.idle;
    assert_eq!(c.deadline(T), Some((idle_end, "idle_timeout_ms")));
    c.on_read(t0 + Duration::from_millis(500));
    let head_end = t0 + Duration::from_millis(500) + T.header_read;
    assert_eq!(c.deadline(T), Some((head_end, "header_read_timeout_ms")));
    c.begin();
    assert_eq!(c.deadline(T), None);
}

#[test]
fn an_http2_connection_between_streams_is_idle_whatever_it_receives() {
    let t0 = Instant::now();
    let ms = |n: u64| t0 + Duration::from_millis(n);
    let c = Clock::new(t0);
    // Its preface and SETTINGS: the head timer, as any first request.
    c.on_read(ms(5));
    assert_eq!(
        c.deadline(T),
        Some((t0 + T.header_read, "header_read_timeout_ms"))
    );
    c.speaks_h2();
    c.begin();
    c.end(ms(20));
    // PINGs and WINDOW_UPDATEs between streams begin no head.
    c.on_read(ms(300));
    c.on_read(ms(900));
    assert_eq!(c.deadline(T), Some((ms(1_020), "idle_timeout_ms")));
    assert_eq!(
        next_check(c.deadline(T), ms(1_020), T.step()),
        Err("idle_timeout_ms")
    );
    // A stream is served without a deadline, and idle counts from its end.
    c.begin();
    assert_eq!(c.deadline(T), None);
    c.end(ms(1_500));
    assert_eq!(c.deadline(T), Some((ms(2_500), "idle_timeout_ms")));
}

#[test]
fn in_flight_only_a_write_the_client_does_not_take_has_a_deadline() {
    let t0 = Instant::now();
    let ms = |n: u64| t0 + Duration::from_millis(n);
    let c = Clock::new(t0);
    c.begin();
    // A long answer being written: no idle or head deadline, however
    // long it lasts.
    c.blocked_since.store(NONE, Ordering::Relaxed);
    assert_eq!(c.deadline(T), None);
    // The client stops reading at 5 s: closed write_timeout_ms later.
    c.blocked_since.store(5_000, Ordering::Relaxed);
    assert_eq!(c.deadline(T), Some((ms(5_300), "write_timeout_ms")));
    assert_eq!(
        next_check(c.deadline(T), ms(5_300), T.step()),
        Err("write_timeout_ms")
    );
    // It read again: no deadline while in flight.
    c.blocked_since.store(NONE, Ordering::Relaxed);
    assert_eq!(c.deadline(T), None);
    // The answer's body ended: idle from then.
    c.end(ms(9_000));
    assert_eq!(c.deadline(T), Some((ms(10_000), "idle_timeout_ms")));
}

#[test]
fn the_event_stream_heartbeat_fits_the_idle_timeout() {
    assert_eq!(T.heartbeat(), Duration::from_millis(500));
    let long = Timeouts {
        idle: Duration::from_secs(60),
        ..T
    };
    assert_eq!(long.heartbeat(), Duration::from_secs(15));
}

/// Against a fake clock: whatever the connection does between two
/// firings, the timer never fires after the deadline in force, and
/// closes the connection at it.
#[test]
fn the_timer_is_never_armed_past_the_deadline() {
    let t0 = Instant::now();
    let ms = |n: u64| t0 + Duration::from_millis(n);
    let step = T.step();
    let c = Clock::new(t0);
    let mut armed = t0 + step;
    // Events (at ms) between firings: a request read and served, an
    // idle spell, a slow head.
    let events: &[(u64, &str)] = &[
        (30, "begin"),
        (250, "end"),
        (900, "read"),
        (905, "begin"),
        (910, "end"),
        (1_500, "read"),
    ];
    let mut closed = None;
    let mut i = 0;
    while closed.is_none() {
        // Apply what happens before the timer fires.
        while i < events.len() && ms(events[i].0) < armed {
            match events[i].1 {
                "begin" => c.begin(),
                "end" => c.end(ms(events[i].0)),
                _ => c.on_read(ms(events[i].0)),
            }
            if let Some((at, _)) = c.deadline(T) {
                assert!(armed <= at, "armed past the deadline after event {i}");
            }
            i += 1;
        }
        match next_check(c.deadline(T), armed, step) {
            Ok(at) => {
                assert!(at > armed);
                armed = at;
            }
            Err(why) => closed = Some((armed, why)),
        }
    }
    // The slow head that began at 1500 ms is closed at 1600 ms.
    assert_eq!(closed, Some((ms(1_600), "header_read_timeout_ms")));
}

/// An HTTP/2 GET by prior knowledge, as raw frames: the preface, empty
/// SETTINGS, and stream 1's HEADERS (`GET http://a/`, END_STREAM).
fn h2c_get() -> Vec<u8> {
    let mut out = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    out.extend_from_slice(&[0, 0, 0, 4, 0, 0, 0, 0, 0]);
    // :method GET, :scheme http, :path /, :authority "a" (not indexed).
    let block = [0x82, 0x86, 0x84, 0x01, 0x01, b'a'];
    out.extend_from_slice(&[0, 0, block.len() as u8, 1, 0x5, 0, 0, 0, 1]);
    out.extend_from_slice(&block);
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http2_stream_is_served_on_its_connection_task() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel();
    let tx = std::sync::Mutex::new(Some(tx));
    let server = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let tx = Arc::new(tx);
        let svc = service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
            let tx = tx.clone();
            // The service's future (not its call, made by the connection)
            // is what hyper hands its executor.
            async move {
                let served_on = tokio::task::id();
                if let Some(tx) = tx.lock().unwrap().take() {
                    tx.send((served_on, req.version())).unwrap();
                }
                Ok::<_, std::convert::Infallible>(hyper::Response::new(crate::front::body::full(
                    "hi",
                )))
            }
        });
        let streams = h2::Streams::default();
        let running = streams.run();
        let conn = h2::builder(streams)
            .serve_connection_with_upgrades(TokioIo::new(socket), svc)
            .into_owned();
        tokio::pin!(conn, running);
        let conn_task = tokio::task::id();
        tokio::select! {
            biased;
            never = &mut running => match never {},
            _ = &mut conn => {}
        }
        conn_task
    });
    let mut client = TcpStream::connect(addr).await.unwrap();
    client.write_all(&h2c_get()).await.unwrap();
    let (served_on, version) = tokio::time::timeout(Duration::from_secs(5), rx)
        .await
        .expect("the stream was served")
        .unwrap();
    assert_eq!(version, hyper::Version::HTTP_2);
    // The answer comes back: the stream's future ran to its end.
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    while !got.windows(2).any(|w| w == b"hi") {
        let n = tokio::time::timeout(Duration::from_secs(5), client.read(&mut buf))
            .await
            .expect("the answer arrives")
            .unwrap();
        assert!(n > 0, "the connection closed before the answer");
        got.extend_from_slice(&buf[..n]);
    }
    drop(client);
    let conn_task = server.await.unwrap();
    assert_eq!(
        served_on, conn_task,
        "an HTTP/2 stream is polled by its connection's task, not a task of its own"
    );
}
