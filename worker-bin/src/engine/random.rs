//! `Math.random`, seeded from the operating system in every process.
//!
//! QuickJS seeds `Math.random` from the clock when a context is made
//! (`JS_NewContext`), and offers no way to seed it again. Workers forked
//! from a template share the template's context, so they would all draw
//! the same numbers; two workers started in the same microsecond would too.
//! This replaces it with the same generator (xorshift64*, the top 52 bits
//! as the mantissa of a number in [1, 2), minus 1) over a state that
//! [`reseed`] takes from `getrandom` at start and again in each forked
//! worker. It is a plain C function, as QuickJS's own is, so a call costs
//! what it did.
//!
//! The per-context seed QuickJS also draws for its hash tables
//! (`hash_seed`) stays the template's in a forked worker: it keys no data
//! an attacker could learn from one worker and use on another.

use std::sync::atomic::{AtomicU64, Ordering};

use rquickjs::{Ctx, Object, Value, qjs};

/// The generator's state; never 0. One thread runs JS in a worker, so
/// relaxed loads and stores are all it needs.
static STATE: AtomicU64 = AtomicU64::new(0x9e37_79b9_7f4a_7c15);

/// Seeds the generator from the operating system.
pub fn reseed() {
    let mut seed = [0u8; 8];
    let s = match getrandom::fill(&mut seed) {
        Ok(()) => u64::from_ne_bytes(seed),
        // No entropy source: the clock, as QuickJS itself does.
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1),
    };
    STATE.store(s.max(1), Ordering::Relaxed);
}

fn next() -> f64 {
    let mut x = STATE.load(Ordering::Relaxed);
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    STATE.store(x, Ordering::Relaxed);
    let v = x.wrapping_mul(0x2545_f491_4f6c_dd1d);
    f64::from_bits((0x3ff << 52) | (v >> 12)) - 1.0
}

unsafe extern "C" fn js_random(
    _ctx: *mut qjs::JSContext,
    _this: qjs::JSValue,
    _argc: std::ffi::c_int,
    _argv: *mut qjs::JSValue,
) -> qjs::JSValue {
    qjs::JS_NewFloat64(next())
}

/// Puts the generator in place of `Math.random` and seeds it.
pub fn install(ctx: &Ctx<'_>) -> rquickjs::Result<()> {
    reseed();
    // SAFETY: `js_random` has the signature QuickJS calls a generic C
    // function with and touches none of its arguments; the name is a
    // NUL-terminated static string; the returned value is owned and handed
    // to `Value::from_raw`, which frees it once.
    let f = unsafe {
        let raw = qjs::JS_NewCFunction2(
            ctx.as_raw().as_ptr(),
            Some(js_random),
            c"random".as_ptr(),
            0,
            qjs::JSCFunctionEnum_JS_CFUNC_generic,
            0,
        );
        Value::from_raw(ctx.clone(), raw)
    };
    let math: Object = ctx.globals().get("Math")?;
    math.set("random", f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_stay_in_range_and_differ_after_a_reseed() {
        let rt = rquickjs::Runtime::new().unwrap();
        let cx = rquickjs::Context::full(&rt).unwrap();
        cx.with(|ctx| {
            install(&ctx).unwrap();
            let draws: Vec<f64> = ctx
                .eval("Array.from({ length: 1000 }, () => Math.random())")
                .unwrap();
            assert!(draws.iter().all(|d| (0.0..1.0).contains(d)), "{draws:?}");
            let mean = draws.iter().sum::<f64>() / draws.len() as f64;
            assert!((0.4..0.6).contains(&mean), "mean {mean}");
            // What a forked worker does: same state before, others after.
            let before = STATE.load(Ordering::Relaxed);
            let a: f64 = ctx.eval("Math.random()").unwrap();
            STATE.store(before, Ordering::Relaxed);
            reseed();
            let b: f64 = ctx.eval("Math.random()").unwrap();
            assert_ne!(a, b);
        });
    }
}
