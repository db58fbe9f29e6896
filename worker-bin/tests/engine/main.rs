//! The engine against real QuickJS: module loading, the handler contract of
//! SPEC §4 and the web globals, without a master process.

use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

use bext_worker::engine::{Engine, EngineOptions};
use bext_worker::loader::ModuleCache;
use protocol::worker::HttpRequest;

#[path = "../harness/mod.rs"]
mod harness;

use harness::{Harness, body, header, tempdir};

#[test]
fn response_object_string_and_json() {
    let mut h = Harness::new(
        r#"export function handler(req) {
            if (req.path === "/obj") return { status: 201, headers: { "x-a": "1" }, body: "made" };
            if (req.path === "/str") return "plain";
            return { echo: req.query, m: req.method, h: req.headers["x-test"], ip: req.ip, id: req.id };
        }"#,
    );
    let r = h.get("/obj").unwrap();
    assert_eq!(
        (r.status, body(&r).as_str(), header(&r, "x-a")),
        (201, "made", Some("1"))
    );
    let r = h.get("/str").unwrap();
    assert_eq!(
        header(&r, "content-type"),
        Some("text/plain; charset=utf-8")
    );
    assert_eq!(body(&r), "plain");
    let r = h.get("/json?a=1&b=2&b=3").unwrap();
    assert_eq!(header(&r, "content-type"), Some("application/json"));
    assert_eq!(
        body(&r),
        r#"{"echo":{"a":"1","b":["2","3"]},"m":"GET","h":"yes","ip":"127.0.0.1","id":7}"#
    );
}

#[test]
fn promises_and_timers_finish_before_the_response() {
    let mut h = Harness::new(
        r#"export async function handler(req) {
            await new Promise((r) => setTimeout(r, 20));
            let n = 0;
            await new Promise((r) => { const i = setInterval(() => { if (++n === 3) { clearInterval(i); r(); } }, 1); });
            queueMicrotask(() => n++);
            await null;
            return { status: 200, body: `n=${n}` };
        }"#,
    );
    let t0 = Instant::now();
    let r = h.get("/").unwrap();
    assert_eq!(body(&r), "n=4");
    assert!(t0.elapsed() >= Duration::from_millis(20));
}

#[test]
fn throw_and_rejection_report_message_and_stack() {
    let mut h = Harness::new(
        r#"function inner() { throw new TypeError("bad thing"); }
           export function handler(req) {
             if (req.path === "/async") return Promise.reject(new Error("later"));
             inner();
           }"#,
    );
    let e = h.get("/").unwrap_err();
    assert_eq!(e.message, "TypeError: bad thing");
    assert!(e.stack.contains("inner"), "{}", e.stack);
    let e = h.get("/async").unwrap_err();
    assert_eq!(e.message, "Error: later");
}

#[test]
fn relative_imports_resolve_from_the_script_folder() {
    let mut h = Harness::with_files(&[
        (
            "app/worker.js",
            r#"import { greet } from "./lib/greet.js"; export const handler = () => greet("x");"#,
        ),
        (
            "app/lib/greet.js",
            r#"import { bang } from "../util.js"; export const greet = (n) => `hi ${n}${bang}`;"#,
        ),
        ("app/util.js", r#"export const bang = "!";"#),
    ]);
    assert_eq!(body(&h.get("/").unwrap()), "hi x!");
}

#[test]
fn a_script_without_handler_or_with_a_syntax_error_fails_to_load() {
    for (src, want) in [
        ("export const x = 1;", "exports neither a handler function"),
        ("export function handler( {", "SyntaxError"),
        ("throw new Error('at load');", "at load"),
        (
            "import 'preact'; export const handler = () => 1;",
            "Cannot find module 'preact'; tried",
        ),
    ] {
        let dir = tempdir::new();
        let p = dir.0.join("w.js");
        std::fs::write(&p, src).unwrap();
        let engine = Engine::new(EngineOptions::default()).unwrap();
        let mut h = Harness {
            engine,
            logs: vec![],
            streamed: None,
            _dir: dir,
        };
        h.engine.start_load(1, Path::new(&p));
        let err = h.wait(1).unwrap_err();
        assert!(err.describe().contains(want), "{src}: {}", err.describe());
    }
}

#[test]
fn console_goes_to_the_log() {
    let mut h = Harness::new(
        r#"export function handler() { console.log("a", 1, { b: [2] }); console.error("%s=%d", "x", 5); return ""; }"#,
    );
    h.get("/").unwrap();
    assert_eq!(
        h.logs,
        vec![r#"a 1 {"b":[2]}"#.to_string(), "x=5".to_string()]
    );
}

#[test]
fn web_globals_work() {
    let mut h = Harness::new(
        r#"export async function handler() {
            const out = {};
            const bytes = new TextEncoder().encode("héllo €");
            out.enc = Array.from(bytes).length;
            out.dec = new TextDecoder().decode(bytes);
            const u = new URL("../x/y?a=1&b=two#frag", "https://user@example.com:8443/p/q");
            u.searchParams.append("c", "3 4");
            out.url = [u.href, u.host, u.pathname, u.search, u.hash, u.origin];
            out.usp = new URLSearchParams({ q: "a b", r: "&" }).toString();
            out.b64 = [btoa("hello"), atob("aGVsbG8")];
            out.clone = structuredClone({ d: new Date(0), m: new Map([[1, { x: 2 }]]), s: new Set([1]) });
            out.cloneOk = out.clone.d instanceof Date && out.clone.m.get(1).x === 2 && out.clone.s.has(1);
            out.uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID());
            out.rand = crypto.getRandomValues(new Uint32Array(4)).length;
            out.perf = typeof performance.now() === "number" && performance.now() >= 0;
            out.mc = await new Promise((resolve) => { const ch = new MessageChannel(); ch.port2.onmessage = (e) => resolve(e.data.v); ch.port1.postMessage({ v: 42 }); });
            return out;
        }"#,
    );
    let r = h.get("/").unwrap();
    let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    assert_eq!(v["enc"], 10);
    assert_eq!(v["dec"], "héllo €");
    assert_eq!(
        v["url"],
        serde_json::json!([
            "https://user@example.com:8443/x/y?a=1&b=two&c=3+4#frag",
            "example.com:8443",
            "/x/y",
            "?a=1&b=two&c=3+4",
            "#frag",
            "https://example.com:8443"
        ])
    );
    assert_eq!(v["usp"], "q=a+b&r=%26");
    assert_eq!(v["b64"], serde_json::json!(["aGVsbG8=", "hello"]));
    assert_eq!(v["cloneOk"], true);
    assert_eq!(v["uuid"], true);
    assert_eq!(v["rand"], 4);
    assert_eq!(v["perf"], true);
    assert_eq!(v["mc"], 42);
}

#[test]
fn startup_sees_the_worker_identity_and_can_be_async() {
    let mut h = Harness::new(
        r#"let who = null;
           export async function startup(w) { await new Promise((r) => setTimeout(r, 1)); who = w; }
           export function handler() { return who; }"#,
    );
    h.engine.set_identity(3, 99, "render", 2, &[]);
    h.engine.start_hook(5, "startup", None);
    h.wait(5).unwrap();
    let r = h.get("/").unwrap();
    assert_eq!(
        body(&r),
        r#"{"id":3,"pid":99,"pool":"render","generation":2}"#
    );
}

#[test]
fn runaway_js_is_interrupted_at_the_deadline() {
    let h = Harness::new("export function handler() { for (;;) {} }");
    h.engine
        .set_deadline(Some(Instant::now() + Duration::from_millis(50)));
    let req = HttpRequest {
        method: "GET".into(),
        url: "/".into(),
        headers: vec![],
        body: vec![],
        ip: String::new(),
    };
    let t0 = Instant::now();
    h.engine.dispatch(9, 1, req);
    assert!(h.engine.take_interrupted().is_some());
    assert!(t0.elapsed() < Duration::from_secs(2));
    // The engine still works afterwards.
    h.engine.set_deadline(None);
    let h2 = h;
    h2.engine.run_jobs();
}

#[test]
fn memory_limit_turns_into_an_error() {
    let dir = tempdir::new();
    let p = dir.0.join("w.js");
    std::fs::write(&p, "const keep = []; export function handler() { for (;;) keep.push(new Array(100000).fill(1)); }").unwrap();
    let engine = Engine::new(EngineOptions {
        memory_limit_bytes: 16 * 1024 * 1024,
        ..EngineOptions::default()
    })
    .unwrap();
    let mut h = Harness {
        engine,
        logs: vec![],
        streamed: None,
        _dir: dir,
    };
    h.engine.start_load(1, &p);
    h.wait(1).unwrap();
    let e = h.get("/").unwrap_err();
    assert!(e.message.contains("out of memory"), "{}", e.message);
}

#[test]
fn custom_calls_return_json_and_messages_flow_both_ways() {
    let mut h = Harness::new(
        r#"let got = [];
           export function handler() { return got; }
           export async function custom(params) { return { doubled: params.n * 2 }; }
           export function message(data) { got.push(data); bext.sendMessage({ ack: data.k }); }"#,
    );
    h.engine.dispatch_custom(50, r#"{"n":21}"#);
    let r = h.wait(50).unwrap();
    assert_eq!(body(&r), r#"{"doubled":42}"#);
    h.engine.deliver_message(r#"{"k":"v"}"#);
    let r = h.get("/").unwrap();
    assert_eq!(body(&r), r#"[{"k":"v"}]"#);
    assert!(
        h.logs.contains(&r#"message: {"ack":"v"}"#.to_string()),
        "{:?}",
        h.logs
    );
}

#[test]
fn custom_without_an_export_is_an_error() {
    let mut h = Harness::new("export const handler = () => 1;");
    h.engine.dispatch_custom(51, "{}");
    let e = h.wait(51).unwrap_err();
    assert_eq!(e.message, "missing custom");
}

#[test]
fn modules_load_from_the_bytecode_an_earlier_engine_compiled() {
    const MAIN: &str = "import { answer } from \"./lib.js\";\nexport function handler(req) {\n  if (req.path === \"/throw\") return answer(true);\n  return answer(false);\n}\n";
    const LIB: &str = "export function answer(fail) {\n  if (fail) throw new Error(\"boom\");\n  return \"one\";\n}\n";
    let files = [("worker.js", MAIN), ("lib.js", LIB)];

    let first = Rc::new(ModuleCache::new("engine-a".into(), vec![]));
    let mut h1 = Harness::with_modules(&files, first.clone());
    assert_eq!(first.counts(), (0, 2), "nothing cached yet: both compiled");
    let offered = first.take_fresh();
    assert_eq!(offered.len(), 2);
    assert!(first.take_fresh().is_empty(), "each module is offered once");
    let compiled_stack = h1.get("/throw").unwrap_err().stack;
    assert!(compiled_stack.contains("lib.js:2"), "{compiled_stack}");

    // Same executable, same files: both modules come from bytecode and
    // behave alike, line numbers included.
    let second = Rc::new(ModuleCache::new("engine-a".into(), offered.clone()));
    let mut h2 = Harness::with_modules(&files, second.clone());
    assert_eq!(second.counts(), (2, 0));
    assert!(second.take_fresh().is_empty());
    assert_eq!(body(&h2.get("/").unwrap()), "one");
    assert_eq!(h2.get("/throw").unwrap_err().stack, compiled_stack);

    // Bytecode another executable wrote is never used.
    let other = Rc::new(ModuleCache::new("engine-b".into(), offered.clone()));
    let _h3 = Harness::with_modules(&files, other.clone());
    assert_eq!(other.counts(), (0, 2));

    // A module the master holds is the pool's version of that file: an
    // edit on disk changes nothing until a deploy (which sends nothing).
    let edited = [
        ("worker.js", MAIN),
        ("lib.js", &LIB.replace("one", "two")[..]),
    ];
    let fourth = Rc::new(ModuleCache::new("engine-a".into(), offered));
    let mut h4 = Harness::with_modules(&edited, fourth.clone());
    assert_eq!(fourth.counts(), (2, 0));
    assert_eq!(body(&h4.get("/").unwrap()), "one");
    assert!(fourth.take_fresh().is_empty());

    // A deploy's worker is sent nothing: it compiles the new text and
    // offers it.
    let deploy = Rc::new(ModuleCache::new("engine-a".into(), vec![]));
    let mut h5 = Harness::with_modules(&edited, deploy.clone());
    assert_eq!(deploy.counts(), (0, 2));
    assert_eq!(body(&h5.get("/").unwrap()), "two");
    assert_eq!(deploy.take_fresh().len(), 2);
}

#[test]
fn abort_controller_and_signal_follow_the_dom_spec() {
    let mut h = Harness::new(
        r#"export function handler() {
            const out = [];
            const c = new AbortController();
            const s = c.signal;
            out.push(s instanceof EventTarget, s.aborted, s.reason === undefined, s.onabort === null);
            s.throwIfAborted();
            s.addEventListener("abort", (e) => out.push("first:" + e.type + ":" + (e.target === s)));
            s.onabort = () => out.push("onabort-placeholder");
            s.addEventListener("abort", () => { throw new Error("listener failure"); });
            s.addEventListener("abort", () => out.push("once"), { once: true });
            const dropped = () => out.push("removed");
            s.addEventListener("abort", dropped);
            s.removeEventListener("abort", dropped);
            s.onabort = () => out.push("onabort");   // keeps its first place
            c.abort();
            c.abort("again");                        // a second abort does nothing
            out.push(s.aborted, s.reason instanceof DOMException, s.reason.name);
            try { s.throwIfAborted(); } catch (e) { out.push("threw:" + e.name); }
            const r = new AbortController();
            r.abort("why");
            out.push(r.signal.reason);
            out.push(AbortSignal.abort().aborted, AbortSignal.abort(7).reason);
            const a = new AbortController();
            const any = AbortSignal.any([a.signal, new AbortController().signal]);
            a.abort("via any");
            out.push(any.aborted, any.reason);
            try { new AbortSignal(); } catch (e) { out.push(e instanceof TypeError); }
            return out;
        }"#,
    );
    let r = h.get("/").unwrap();
    let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    assert_eq!(
        v,
        serde_json::json!([
            true,
            false,
            true,
            true,
            "first:abort:true",
            "onabort",
            "once",
            true,
            true,
            "AbortError",
            "threw:AbortError",
            "why",
            true,
            7,
            true,
            "via any",
            true
        ])
    );
    // The throwing listener is reported, and the ones after it still ran.
    assert!(
        h.logs.iter().any(|l| l.contains("listener failure")),
        "{:?}",
        h.logs
    );
}

#[test]
fn abort_signal_timeout_fires_a_timeout_error() {
    let mut h = Harness::new(
        r#"export async function handler() {
            const s = AbortSignal.timeout(10);
            await new Promise((r) => s.addEventListener("abort", r));
            return [s.aborted, s.reason.name];
        }"#,
    );
    assert_eq!(body(&h.get("/").unwrap()), r#"[true,"TimeoutError"]"#);
}

#[test]
fn req_signal_fires_when_the_request_is_aborted() {
    let mut h = Harness::new(
        r#"let seen = null;
           export function handler(req) {
             if (req.path === "/seen") return seen;
             if (!(req.signal instanceof AbortSignal) || req.signal.aborted) return "bad signal";
             return new Promise((resolve, reject) => {
               req.signal.onabort = () => { seen = [req.signal.reason.name, req.signal.reason.message]; reject(req.signal.reason); };
             });
           }"#,
    );
    let req = HttpRequest {
        method: "GET".into(),
        url: "/wait".into(),
        headers: vec![],
        body: vec![],
        ip: String::new(),
    };
    h.engine.dispatch(60, 1, req);
    h.engine.run_jobs();
    assert!(h.engine.take_events().is_empty(), "still waiting");
    h.engine.abort(60, false);
    let e = h.wait(60).unwrap_err();
    assert_eq!(e.message, "AbortError: The client went away");
    // A second abort, or one for a finished request, does nothing.
    h.engine.abort(60, true);
    assert_eq!(
        body(&h.get("/seen").unwrap()),
        r#"["AbortError","The client went away"]"#
    );
    assert!(
        !h.logs.iter().any(|l| l.starts_with("unhandled")),
        "{:?}",
        h.logs
    );
}

#[test]
fn an_interrupted_handler_leaves_its_stack() {
    let h = Harness::new(
        "function spinForever() {\n  for (;;) {}\n}\nexport function handler() {\n  return spinForever();\n}\n",
    );
    h.engine
        .set_deadline(Some(Instant::now() + Duration::from_millis(30)));
    let req = HttpRequest {
        method: "GET".into(),
        url: "/".into(),
        headers: vec![],
        body: vec![],
        ip: String::new(),
    };
    h.engine.dispatch(9, 1, req);
    let stack = h.engine.take_interrupted().expect("interrupted");
    assert!(stack.contains("at spinForever"), "{stack}");
    assert!(stack.contains("worker.js:"), "{stack}");
    assert!(stack.contains("at handler"), "{stack}");
    assert!(stack.contains("worker.js:5"), "{stack}");
    assert!(!stack.contains("prelude"), "{stack}");
    assert!(h.engine.take_interrupted().is_none(), "taken once");
}

#[test]
fn a_handled_rejection_is_not_reported_but_a_floating_one_is_once() {
    let mut h = Harness::new(
        r#"export async function handler(req) {
            if (req.path === "/float") { Promise.reject(new Error("nobody listens")); return "ok"; }
            throw new Error("async boom");
        }"#,
    );
    let e = h.get("/throw").unwrap_err();
    assert_eq!(e.message, "Error: async boom");
    assert!(h.logs.is_empty(), "{:?}", h.logs);
    h.get("/float").unwrap();
    let unhandled: Vec<_> = h
        .logs
        .iter()
        .filter(|l| l.starts_with("unhandled:"))
        .collect();
    assert_eq!(unhandled.len(), 1, "{:?}", h.logs);
    assert!(unhandled[0].contains("nobody listens"), "{unhandled:?}");
}

#[test]
fn binary_bodies_reach_handler_exact_through_bytes_and_array_buffer() {
    let mut h = Harness::new(
        r#"export async function handler(req) {
            const b = await req.bytes();
            const ab = await req.arrayBuffer();
            const same = b.length === ab.byteLength && b.every((x, i) => x === new Uint8Array(ab)[i]);
            return { status: same ? 200 : 500, headers: { "content-type": "application/octet-stream" }, body: b };
        }"#,
    );
    let gif: Vec<u8> = (0..=255u8).chain([0x47, 0x49, 0x46, 0xff, 0xfe]).collect();
    let r = h.request("POST", "/upload", &gif).unwrap();
    assert_eq!(r.status, 200);
    assert_eq!(r.body, gif);
}

mod lazy_req;
mod requests;
