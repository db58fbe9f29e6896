//! The prelude and its precompiled QuickJS bytecode. The prelude is
//! `js/prelude.js` (the web globals, console, timers) with its parts, each a
//! function the prelude calls with what that part needs: `js/events.js`
//! (Event, EventTarget, AbortSignal), `js/subtle.js` and `js/subtle_keys.js`
//! (`crypto.subtle`, CryptoKey), `js/url.js` (URLSearchParams, URL),
//! `js/web.js` (Headers, Blob, FormData, bodies) with `js/file_reader.js`
//! and `js/text_streams.js`, `js/compression.js` (CompressionStream,
//! DecompressionStream), `js/fetch.js` (Request,
//! Response, fetch()), `js/glue.js` (what runs the user's module) with `js/jobs.js` (`bext.jobs`), `js/heap.js` (the heap walk of `bext heap`), `js/websocket.js` (the
//! server side of WebSockets: `bext.upgradeWebSocket`, `WebSocket`),
//! `js/lazy.js` (the globals made on first use: the web classes' accessors,
//! `navigator`) and the vendored streams of `js/vendor.js`. They make two
//! modules: the prelude proper (prelude.js, events.js, subtle.js,
//! subtle_keys.js, url.js, websocket.js, glue.js, jobs.js, heap.js,
//! lazy.js), evaluated at every start, and the web classes (vendor.js,
//! web.js, file_reader.js, text_streams.js, compression.js, fetch.js), evaluated on first use (`host.loadWeb`, called by the
//! prelude's lazy globals): a worker that never touches `Request`,
//! `Response`, `Headers`, `Blob` or a stream never reads them: the hello
//! worker's runtime and prelude took 1.05 ms before, 0.37 ms since (the
//! `boot_cost` example), and its idle RSS went from 8.0 to 6.7 MB together
//! with the engine build of ARCHITECTURE.md.
//!
//! Compiling the prelude's source costs ~2.7 ms per worker boot on this
//! machine; reading its bytecode ~0.2 ms. The bytecode is generated, checked
//! in (`js/prelude.bc`) and kept current by the test
//! `prelude_bytecode_is_current` (regenerate with
//! `BEXT_BLESS=1 cargo test -p bext-worker --lib prelude`). It starts with a
//! hash of the sources it was made from: when a source changed and the
//! bytecode was not regenerated, or QuickJS refuses it (another version),
//! the engine compiles the sources instead, so only speed is ever at stake.

use rquickjs::{Ctx, Function, Module, WriteOptions};

pub const SOURCE: &str = include_str!("js/prelude.js");
/// The prelude's parts, by the name the prelude calls them with.
const PARTS: &[(&str, &str)] = &[
    ("__bextEvents", include_str!("js/events.js")),
    ("__bextFileReader", include_str!("js/file_reader.js")),
    ("__bextTextStreams", include_str!("js/text_streams.js")),
    ("__bextCompression", include_str!("js/compression.js")),
    ("__bextWeb", include_str!("js/web.js")),
    ("__bextFetch", include_str!("js/fetch.js")),
    ("__bextGlue", include_str!("js/glue.js")),
    ("__bextJobs", include_str!("js/jobs.js")),
    ("__bextSubtle", include_str!("js/subtle.js")),
    ("__bextSubtleKeys", include_str!("js/subtle_keys.js")),
    ("__bextUrl", include_str!("js/url.js")),
    ("__bextWebSocket", include_str!("js/websocket.js")),
    ("__bextHeap", include_str!("js/heap.js")),
    ("__bextLazy", include_str!("js/lazy.js")),
];
/// The parts of the prelude proper; the others make the web module.
const EAGER: &[&str] = &[
    "__bextEvents",
    "__bextGlue",
    "__bextJobs",
    "__bextSubtle",
    "__bextSubtleKeys",
    "__bextUrl",
    "__bextWebSocket",
    "__bextHeap",
    "__bextLazy",
];
/// web-streams-polyfill and urlpattern-polyfill, bundled by
/// `scripts/vendor-web`.
pub const VENDOR: &str = include_str!("js/vendor.js");
const BYTECODE: &[u8] = include_bytes!("js/prelude.bc");
/// The name the prelude's frames carry in JS stacks.
pub const MODULE_NAME: &str = "bext:prelude";
/// The web module's name: the prelude's, so its frames are the prelude's.
const WEB_MODULE_NAME: &str = "bext:prelude/web";

/// FNV-1a, 64 bits: enough to notice an edited source.
pub const fn source_hash(s: &str) -> u64 {
    let b = s.as_bytes();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < b.len() {
        h = (h ^ b[i] as u64).wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    h
}

/// What the bytecode is made from: every source. Computed when the worker
/// is compiled: hashing ~170 KB at every start cost ~0.1 ms of each boot.
const SOURCES_HASH: u64 = {
    let mut h = 0;
    let mut i = 0;
    while i <= PARTS.len() + 1 {
        let src = if i < PARTS.len() {
            PARTS[i].1
        } else if i == PARTS.len() {
            VENDOR
        } else {
            SOURCE
        };
        h ^= source_hash(src).rotate_left(i as u32 * 9);
        i += 1;
    }
    // The layout of `js/prelude.bc` (2: two images, see `compile`).
    h ^ 2
};

/// A function expression's source, without the final `;` a file may have.
fn expression(src: &str) -> &str {
    src.trim_end().trim_end_matches(';')
}

/// The prelude proper: its eager parts, then `export default` the setup
/// function of prelude.js.
fn prelude_source() -> String {
    let mut out = String::new();
    for (name, src) in PARTS.iter().filter(|(n, _)| EAGER.contains(n)) {
        out.push_str(&format!("const {name} = {};\n", expression(src)));
    }
    out.push_str(&format!("export default {};\n", expression(SOURCE)));
    out
}

/// The web module: the vendored streams and the other parts; its default
/// export builds them (`setup(host, deps)` -> `{ web, http }`).
fn web_source() -> String {
    let mut out = format!("{VENDOR}\n");
    for (name, src) in PARTS.iter().filter(|(n, _)| !EAGER.contains(n)) {
        out.push_str(&format!("const {name} = {};\n", expression(src)));
    }
    out.push_str(
        "export default function (host, deps) {\n  \
           const web = __bextWeb(host, __bextVendor, deps);\n  \
           return { web, http: __bextFetch(host, web) };\n}\n",
    );
    out
}

/// Compiles both modules to the bytes `js/prelude.bc` holds: the sources'
/// hash, the prelude's length (u32, little endian), the prelude, the web
/// module.
pub fn compile(ctx: &Ctx<'_>) -> rquickjs::Result<Vec<u8>> {
    // Without the source text (only `toString()` of the prelude's own
    // functions would show it): 186 KB instead of 549 KB, and about 1 MB
    // less RSS per worker. Line numbers stay, for stacks.
    let write = |name: &str, src: String| {
        Module::declare(ctx.clone(), name, src)?.write(WriteOptions {
            strip_source: true,
            ..WriteOptions::default()
        })
    };
    let prelude = write(MODULE_NAME, prelude_source())?;
    let web = write(WEB_MODULE_NAME, web_source())?;
    let mut out = SOURCES_HASH.to_le_bytes().to_vec();
    out.extend_from_slice(&(prelude.len() as u32).to_le_bytes());
    out.extend_from_slice(&prelude);
    out.extend_from_slice(&web);
    Ok(out)
}

/// The prelude's setup function, from the bytecode when it is current.
pub fn load<'js>(ctx: &Ctx<'js>) -> rquickjs::Result<Function<'js>> {
    load_module(ctx, MODULE_NAME, prelude_source, false)
}

/// The web module's setup function (see [`web_source`]), from the bytecode
/// when it is current.
pub fn load_web<'js>(ctx: &Ctx<'js>) -> rquickjs::Result<Function<'js>> {
    load_module(ctx, WEB_MODULE_NAME, web_source, true)
}

fn load_module<'js>(
    ctx: &Ctx<'js>,
    name: &str,
    source: fn() -> String,
    web: bool,
) -> rquickjs::Result<Function<'js>> {
    let image = bytecode().map(|(prelude, w)| if web { w } else { prelude });
    if let Some(f) = image.and_then(|code| eval_bytecode(ctx, code)) {
        return Ok(f);
    }
    let module = Module::declare(ctx.clone(), name, source())?;
    let (module, promise) = module.eval()?;
    promise.finish::<()>()?;
    module.get("default")
}

/// The two images of `js/prelude.bc`, if it was made from these sources.
fn bytecode() -> Option<(&'static [u8], &'static [u8])> {
    let (hash, rest) = BYTECODE.split_at_checked(8)?;
    if u64::from_le_bytes(hash.try_into().ok()?) != SOURCES_HASH {
        return None;
    }
    let (len, rest) = rest.split_at_checked(4)?;
    rest.split_at_checked(u32::from_le_bytes(len.try_into().ok()?) as usize)
}

fn eval_bytecode<'js>(ctx: &Ctx<'js>, code: &[u8]) -> Option<Function<'js>> {
    // SAFETY: the bytes were produced by `compile` from this very source
    // (`bytecode` checked the hash) and are part of this binary; QuickJS
    // checks its bytecode version and refuses bytes of another version.
    let module = unsafe { Module::load(ctx.clone(), code) }.ok()?;
    let (module, promise) = module.eval().ok()?;
    promise.finish::<()>().ok()?;
    module.get("default").ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prelude_bytecode_is_current() {
        let rt = rquickjs::Runtime::new().unwrap();
        let ctx = rquickjs::Context::full(&rt).unwrap();
        let fresh = ctx.with(|ctx| compile(&ctx)).unwrap();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/js/prelude.bc");
        if std::env::var_os("BEXT_BLESS").is_some() {
            std::fs::write(path, &fresh).unwrap();
            return;
        }
        assert!(
            fresh == BYTECODE,
            "src/js/prelude.bc is stale: run BEXT_BLESS=1 cargo test -p bext-worker --lib prelude"
        );
        let loaded = ctx.with(|ctx| {
            let (prelude, web) = bytecode().unwrap();
            eval_bytecode(&ctx, prelude).is_some() && eval_bytecode(&ctx, web).is_some()
        });
        assert!(loaded, "the checked-in bytecode does not load");
    }

    #[test]
    fn compiling_is_deterministic() {
        let rt = rquickjs::Runtime::new().unwrap();
        let a = rquickjs::Context::full(&rt)
            .unwrap()
            .with(|ctx| compile(&ctx))
            .unwrap();
        let rt = rquickjs::Runtime::new().unwrap();
        let b = rquickjs::Context::full(&rt)
            .unwrap()
            .with(|ctx| compile(&ctx))
            .unwrap();
        assert_eq!(a, b);
    }
}
