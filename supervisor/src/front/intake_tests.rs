use std::pin::Pin;
use std::task::{Context, Poll};

use http_body_util::StreamBody;
use hyper::body::Frame;
use tokio::sync::mpsc;

use super::*;

/// A body whose pieces a test sends when it likes.
struct Chunks(mpsc::UnboundedReceiver<Bytes>);

impl futures_util::Stream for Chunks {
    type Item = Result<Frame<Bytes>, std::convert::Infallible>;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx).map(|b| b.map(|b| Ok(Frame::data(b))))
    }
}

type Body = StreamBody<Chunks>;

fn body() -> (mpsc::UnboundedSender<Bytes>, Body) {
    let (tx, rx) = mpsc::unbounded_channel();
    (tx, StreamBody::new(Chunks(rx)))
}

const GAP: Duration = Duration::from_millis(1000);

#[test]
fn the_read_deadline_is_the_gap_or_the_whole_whichever_comes_first() {
    let t0 = Instant::now();
    let ms = |n: u64| t0 + Duration::from_millis(n);
    // No whole bound: the gap after the last read, however long it goes.
    assert_eq!(
        read_deadline(t0, ms(0), GAP, None),
        (ms(1000), "body_timeout_ms")
    );
    assert_eq!(
        read_deadline(t0, ms(90_000), GAP, None),
        (ms(91_000), "body_timeout_ms")
    );
    // A trickle that keeps the gap still meets the whole bound.
    let whole = Some(Duration::from_millis(2500));
    assert_eq!(
        read_deadline(t0, ms(900), GAP, whole),
        (ms(1900), "body_timeout_ms")
    );
    assert_eq!(
        read_deadline(t0, ms(1800), GAP, whole),
        (ms(2500), "request_timeout_ms")
    );
}

#[tokio::test(start_paused = true)]
async fn a_body_that_stops_arriving_times_out_at_the_gap() {
    let intake = Intake::new(GAP, 1 << 20);
    let (tx, b) = body();
    tx.send(Bytes::from_static(b"ab")).unwrap();
    let t0 = tokio::time::Instant::now();
    let r = intake.read(b, 100, None).await;
    assert_eq!(r.unwrap_err(), Refused::TimedOut("body_timeout_ms"));
    assert_eq!(t0.elapsed(), GAP, "the paused clock moved exactly one gap");
    drop(tx);
}

#[tokio::test(start_paused = true)]
async fn a_trickle_within_the_gap_times_out_at_request_timeout() {
    let intake = Intake::new(GAP, 1 << 20);
    let (tx, b) = body();
    tokio::spawn(async move {
        // A byte every 900 ms: never a whole gap of silence.
        while tx.send(Bytes::from_static(b"x")).is_ok() {
            tokio::time::sleep(Duration::from_millis(900)).await;
        }
    });
    let t0 = tokio::time::Instant::now();
    let r = intake.read(b, 1 << 20, Some(Duration::from_secs(5))).await;
    assert_eq!(r.unwrap_err(), Refused::TimedOut("request_timeout_ms"));
    assert_eq!(t0.elapsed(), Duration::from_secs(5));
}

#[tokio::test(start_paused = true)]
async fn a_whole_body_is_read_and_counted_until_dropped() {
    let intake = Intake::new(GAP, 1 << 20);
    let (tx, b) = body();
    tx.send(Bytes::from_static(b"hello ")).unwrap();
    tx.send(Bytes::from_static(b"world")).unwrap();
    drop(tx);
    let before = metrics::buffered_now();
    let (bytes, held) = intake.read(b, 100, None).await.unwrap();
    assert_eq!(&bytes[..], b"hello world");
    assert_eq!(held.bytes, 11);
    assert_eq!(intake.budget.available_permits(), (1 << 20) - 11);
    drop(held);
    assert_eq!(intake.budget.available_permits(), 1 << 20);
    // Other tests run beside this one: only what this one added is known.
    assert!(metrics::buffered_now() <= before + 11);
}

#[tokio::test(start_paused = true)]
async fn a_body_over_the_limit_is_refused() {
    let intake = Intake::new(GAP, 1 << 20);
    let (tx, b) = body();
    tx.send(Bytes::from(vec![0u8; 60])).unwrap();
    tx.send(Bytes::from(vec![0u8; 60])).unwrap();
    assert_eq!(
        intake.read(b, 100, None).await.unwrap_err(),
        Refused::TooLarge
    );
}

#[tokio::test(start_paused = true)]
async fn past_the_budget_a_body_waits_for_room_then_is_refused() {
    let intake = Intake::new(GAP, 100);
    // The first body holds 80 of the 100 bytes.
    let (tx1, b1) = body();
    tx1.send(Bytes::from(vec![1u8; 80])).unwrap();
    drop(tx1);
    let (_, held) = intake.read(b1, 1000, None).await.unwrap();
    // The second needs 40: it waits, and gets room once the first is done.
    let (tx2, b2) = body();
    tx2.send(Bytes::from(vec![2u8; 40])).unwrap();
    drop(tx2);
    let second = tokio::spawn({
        let intake = intake.clone();
        async move { intake.read(b2, 1000, None).await.map(|(b, _)| b.len()) }
    });
    tokio::time::sleep(GAP / 2).await;
    drop(held);
    assert_eq!(second.await.unwrap(), Ok(40));
    // A third that never finds room is refused at the read deadline.
    let (_, held) = {
        let (tx, b) = body();
        tx.send(Bytes::from(vec![1u8; 90])).unwrap();
        drop(tx);
        intake.read(b, 1000, None).await.unwrap()
    };
    let (tx3, b3) = body();
    tx3.send(Bytes::from(vec![3u8; 40])).unwrap();
    let t0 = tokio::time::Instant::now();
    assert_eq!(
        intake.read(b3, 1000, None).await.unwrap_err(),
        Refused::Busy
    );
    assert_eq!(t0.elapsed(), GAP);
    drop((held, tx3));
}
