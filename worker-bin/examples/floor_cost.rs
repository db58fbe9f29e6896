//! What the cheapest possible request costs a worker on this machine, in
//! its two parts that no feed can remove: QuickJS calling a JS function
//! from Rust and getting a string back, and one frame's trip over a Unix
//! socket (one write in the sender, one read in the receiver), as
//! bext-worker's frames take it. Compare with `hello_cost` (a hello through
//! the engine) and `scripts/bench/peers.sh` (a whole proxied request).
//!
//!   cargo run --release -p bext-worker --example floor_cost -- [N]

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::time::Instant;

use rquickjs::{Context, Function, Runtime};

fn per(n: u32, t0: Instant) -> f64 {
    t0.elapsed().as_secs_f64() * 1e6 / f64::from(n)
}

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let rt = Runtime::new().unwrap();
    let ctx = Context::full(&rt).unwrap();
    let call = ctx.with(|ctx| {
        let f: Function = ctx.eval("(req) => \"hi\"").unwrap();
        let req = rquickjs::Object::new(ctx.clone()).unwrap();
        let t0 = Instant::now();
        for _ in 0..n {
            let s: rquickjs::String = f.call((req.clone(),)).unwrap();
            std::hint::black_box(s);
        }
        per(n, t0)
    });
    println!("{call:.3} us: a JS call from Rust, a string back");

    // A frame of a small request's size each way, written and read whole.
    let (mut a, mut b) = UnixStream::pair().unwrap();
    let frame = [7u8; 256];
    let mut buf = [0u8; 256];
    let m = n / 4;
    let t0 = Instant::now();
    for _ in 0..m {
        a.write_all(&frame).unwrap();
        b.read_exact(&mut buf).unwrap();
    }
    println!(
        "{:.3} us: one 256-byte frame over a Unix socket (write + read)",
        per(m, t0)
    );
}
