//! The WebAssembly JS API against real QuickJS and wasmtime: modules
//! written in the text format (the `wat` crate), run by a handler that
//! answers what it saw as JSON.

use std::time::{Duration, Instant};

use bext_worker::engine::{Engine, EngineOptions};
use protocol::worker::HttpRequest;
use serde_json::Value;

#[path = "../harness/mod.rs"]
mod harness;

use harness::{Harness, body, tempdir};

/// `bytes` as a JS expression: a Uint8Array.
fn js_bytes(wat: &str) -> String {
    let bytes = wat::parse_str(wat).expect("valid text format");
    let list: Vec<String> = bytes.iter().map(u8::to_string).collect();
    format!("new Uint8Array([{}])", list.join(","))
}

/// Runs `body` (a handler body with `bytes` bound to the module) and
/// parses its JSON answer.
fn run(wat: &str, handler_body: &str) -> Value {
    let src = format!(
        "const bytes = {};\nexport async function handler() {{\n{handler_body}\n}}\n",
        js_bytes(wat)
    );
    let mut h = Harness::new(&src);
    let r = h
        .get("/")
        .unwrap_or_else(|e| panic!("{}\n{}", e.message, e.stack));
    serde_json::from_str(&body(&r)).unwrap_or_else(|e| panic!("{e}: {}", body(&r)))
}

const ADDER: &str = r#"(module
  (import "env" "add" (func $add (param i32 i32) (result i32)))
  (import "env" "k" (global $k i32))
  (func (export "run") (param i32) (result i32)
    (call $add (local.get 0) (global.get $k)))
  (func (export "twice") (param i32) (result i32 i32) (local.get 0) (local.get 0))
  (memory (export "mem") 1)
  (@custom "meta" "hi")
)"#;

#[test]
fn exports_imports_and_descriptions() {
    let v = run(
        ADDER,
        r#"const m = new WebAssembly.Module(bytes);
        const calls = [];
        const { exports } = new WebAssembly.Instance(m, { env: { add: (a, b) => { calls.push([a, b]); return a + b; }, k: 40 } });
        const meta = WebAssembly.Module.customSections(m, "meta").map((b) => new TextDecoder().decode(b));
        return {
          run: exports.run(2), calls, twice: exports.twice(7),
          name: exports.run.name, length: exports.run.length, frozen: Object.isFrozen(exports),
          same: exports.run === exports.run, proto: Object.getPrototypeOf(exports),
          imports: WebAssembly.Module.imports(m), exports: WebAssembly.Module.exports(m), meta,
          tags: [String(m), String(WebAssembly), String(exports.mem)],
          valid: [WebAssembly.validate(bytes), WebAssembly.validate(new Uint8Array([0, 97, 115, 109]))],
        };"#,
    );
    assert_eq!(v["run"], 42);
    assert_eq!(v["calls"], serde_json::json!([[2, 40]]));
    assert_eq!(v["twice"], serde_json::json!([7, 7]));
    assert_eq!(v["name"], "1", "an exported function is named by its index");
    assert_eq!(v["length"], 1);
    assert_eq!(v["frozen"], true);
    assert_eq!(v["same"], true);
    assert_eq!(v["proto"], Value::Null);
    assert_eq!(
        v["imports"],
        serde_json::json!([
            { "module": "env", "name": "add", "kind": "function" },
            { "module": "env", "name": "k", "kind": "global" }
        ])
    );
    assert_eq!(
        v["exports"],
        serde_json::json!([
            { "name": "run", "kind": "function" },
            { "name": "twice", "kind": "function" },
            { "name": "mem", "kind": "memory" }
        ])
    );
    assert_eq!(v["meta"], serde_json::json!(["hi"]));
    assert_eq!(
        v["tags"],
        serde_json::json!([
            "[object WebAssembly.Module]",
            "[object WebAssembly]",
            "[object WebAssembly.Memory]"
        ])
    );
    assert_eq!(v["valid"], serde_json::json!([true, false]));
}

const MEMORY: &str = r#"(module
  (memory (export "mem") 1 4)
  (func (export "load") (param i32) (result i32) (i32.load8_u (local.get 0)))
  (func (export "store") (param i32 i32) (i32.store8 (local.get 0) (local.get 1)))
  (func (export "grow") (param i32) (result i32) (memory.grow (local.get 0)))
  (func (export "size") (result i32) (memory.size))
)"#;

#[test]
fn memory_buffer_is_the_instance_memory_without_a_copy() {
    let v = run(
        MEMORY,
        r#"const { instance } = await WebAssembly.instantiate(bytes);
        const e = instance.exports;
        const view = new Uint8Array(e.mem.buffer);
        view[100] = 77;
        e.store(200, 99);
        return { wasmSaw: e.load(100), jsSees: view[200], same: e.mem.buffer === e.mem.buffer, len: e.mem.buffer.byteLength };"#,
    );
    assert_eq!(v["wasmSaw"], 77);
    assert_eq!(v["jsSees"], 99);
    assert_eq!(v["same"], true);
    assert_eq!(v["len"], 65536);
}

#[test]
fn growing_detaches_the_old_buffer() {
    let v = run(
        MEMORY,
        r#"const { instance } = await WebAssembly.instantiate(bytes);
        const e = instance.exports;
        const before = e.mem.buffer;
        new Uint8Array(before)[5] = 9;
        const old = e.mem.grow(1);
        const detached = before.byteLength;
        const after = e.mem.buffer;
        const len = after.byteLength;
        const kept = new Uint8Array(after)[5];
        const byWasm = e.grow(1);
        const afterWasm = e.mem.buffer;
        let tooFar;
        try { e.mem.grow(2); } catch (err) { tooFar = err.constructor.name; }
        return { old, detached, len, kept, byWasm, afterDetached: after.byteLength, lenWasm: afterWasm.byteLength, size: e.size(), tooFar, wasmTooFar: e.grow(5) };"#,
    );
    assert_eq!(v["old"], 1);
    assert_eq!(v["detached"], 0, "the old buffer is detached by grow");
    assert_eq!(v["len"], 131072);
    assert_eq!(v["kept"], 9);
    assert_eq!(v["byWasm"], 2);
    assert_eq!(
        v["afterDetached"], 0,
        "a grow made by wasm detaches on the next read"
    );
    assert_eq!(v["lenWasm"], 196608);
    assert_eq!(v["size"], 3);
    assert_eq!(v["tooFar"], "RangeError");
    assert_eq!(v["wasmTooFar"], -1);
}

#[test]
fn tables_and_globals() {
    let v = run(
        r#"(module
          (table (export "t") 2 funcref)
          (global (export "g") (mut i64) (i64.const 5))
          (global (export "c") f64 (f64.const 1.5))
          (func $seven (result i32) (i32.const 7))
          (elem (i32.const 0) $seven)
          (func (export "callAt") (param i32) (result i32) (call_indirect (result i32) (local.get 0)))
          (func (export "bump") (global.set 0 (i64.add (global.get 0) (i64.const 1))))
        )"#,
        r#"const { instance } = await WebAssembly.instantiate(bytes);
        const e = instance.exports;
        const f = e.t.get(0);
        e.t.set(1, f);
        e.bump();
        const g = e.g.value;
        e.g.value = 100n;
        e.bump();
        let immutable;
        try { e.c.value = 2; } catch (err) { immutable = err.constructor.name; }
        const mine = new WebAssembly.Global({ value: "i32", mutable: true }, 3);
        const ext = new WebAssembly.Table({ element: "externref", initial: 1 });
        const o = { x: 1 };
        ext.set(0, o);
        const old = e.t.grow(2);
        return { seven: f(), viaTable: e.callAt(1), same: e.t.get(1) === f, g: String(g), g2: String(e.g.value),
          c: e.c.value, immutable, mine: mine.value + mine.valueOf(), extSame: ext.get(0) === o, old, len: e.t.length, nul: e.t.get(3) };"#,
    );
    assert_eq!(v["seven"], 7);
    assert_eq!(v["viaTable"], 7);
    assert_eq!(v["same"], true);
    assert_eq!(v["g"], "6");
    assert_eq!(v["g2"], "101");
    assert_eq!(v["c"], 1.5);
    assert_eq!(v["immutable"], "TypeError");
    assert_eq!(v["mine"], 6);
    assert_eq!(v["extSame"], true);
    assert_eq!(v["old"], 2);
    assert_eq!(v["len"], 4);
    assert_eq!(v["nul"], Value::Null);
}

#[test]
fn a_js_import_that_throws_throws_through_wasm_to_the_caller() {
    let v = run(
        r#"(module
          (import "env" "boom" (func $boom))
          (func (export "run") (call $boom)))"#,
        r#"const thrown = { mine: true };
        const { instance } = await WebAssembly.instantiate(bytes, { env: { boom() { throw thrown; } } });
        try { instance.exports.run(); return { caught: "nothing" }; }
        catch (e) { return { same: e === thrown }; }"#,
    );
    assert_eq!(v["same"], true);
}

#[test]
fn i64_values_cross_as_bigint() {
    let v = run(
        r#"(module
          (import "env" "seen" (func $seen (param i64)))
          (func (export "add") (param i64 i64) (result i64)
            (call $seen (local.get 0))
            (i64.add (local.get 0) (local.get 1))))"#,
        r#"let seen;
        const { instance } = await WebAssembly.instantiate(bytes, { env: { seen(x) { seen ??= typeof x + ":" + x; } } });
        const r = instance.exports.add(9007199254740993n, 1n);
        let number;
        try { instance.exports.add(1, 2); } catch (e) { number = e.constructor.name; }
        const wrapped = instance.exports.add(-1n, 0n);
        return { r: typeof r + ":" + r, seen, number, wrapped: String(wrapped), big: String(instance.exports.add(2n ** 63n - 1n, 1n)) };"#,
    );
    assert_eq!(v["r"], "bigint:9007199254740994");
    assert_eq!(v["seen"], "bigint:9007199254740993");
    assert_eq!(v["number"], "TypeError");
    assert_eq!(v["wrapped"], "-1");
    assert_eq!(v["big"], "-9223372036854775808");
}

#[test]
fn errors_have_their_classes() {
    let v = run(
        r#"(module
          (import "env" "f" (func))
          (func (export "trap") unreachable))"#,
        r#"const out = {};
        const name = (e) => e.constructor.name + "/" + (e instanceof Error) + "/" + Object.prototype.toString.call(e);
        try { new WebAssembly.Module(new Uint8Array([1, 2, 3])); } catch (e) { out.compile = name(e); out.compileIs = e instanceof WebAssembly.CompileError; }
        const m = new WebAssembly.Module(bytes);
        try { new WebAssembly.Instance(m, { env: {} }); } catch (e) { out.link = name(e); out.linkIs = e instanceof WebAssembly.LinkError; }
        try { new WebAssembly.Instance(m); } catch (e) { out.noImports = e.constructor.name; }
        const i = new WebAssembly.Instance(m, { env: { f() {} } });
        try { i.exports.trap(); } catch (e) { out.runtime = name(e); out.runtimeIs = e instanceof WebAssembly.RuntimeError; out.msg = e.message; }
        await WebAssembly.compile(new Uint8Array([0])).catch((e) => { out.async = e.constructor.name; });
        out.protoName = WebAssembly.RuntimeError.prototype.name;
        out.parent = Object.getPrototypeOf(WebAssembly.LinkError) === Error;
        out.plain = WebAssembly.CompileError("x").message;
        try { WebAssembly.Module(bytes); } catch (e) { out.call = e.constructor.name; }
        return out;"#,
    );
    assert_eq!(v["compile"], "CompileError/true/[object Error]");
    assert_eq!(v["compileIs"], true);
    assert_eq!(v["link"], "LinkError/true/[object Error]");
    assert_eq!(v["linkIs"], true);
    assert_eq!(v["noImports"], "TypeError");
    assert_eq!(v["runtime"], "RuntimeError/true/[object Error]");
    assert_eq!(v["runtimeIs"], true);
    assert!(
        v["msg"].as_str().unwrap().contains("unreachable"),
        "{}",
        v["msg"]
    );
    assert_eq!(v["async"], "CompileError");
    assert_eq!(v["protoName"], "RuntimeError");
    assert_eq!(v["parent"], true);
    assert_eq!(v["plain"], "x");
    assert_eq!(v["call"], "TypeError");
}

#[test]
fn tags_and_exceptions_are_there_on_the_js_side() {
    let v = run(
        "(module)",
        r#"const tag = new WebAssembly.Tag({ parameters: ["i32", "i64"] });
        const other = new WebAssembly.Tag({ parameters: [] });
        const e = new WebAssembly.Exception(tag, [1.9, 5n]);
        let wrong;
        try { e.getArg(other, 0); } catch (err) { wrong = err.constructor.name; }
        let range;
        try { e.getArg(tag, 2); } catch (err) { range = err.constructor.name; }
        return { a: e.getArg(tag, 0), b: String(e.getArg(tag, 1)), is: [e.is(tag), e.is(other)], wrong, range,
          tag: String(e), stack: "stack" in new WebAssembly.Exception(other, [], { traceStack: true }) };"#,
    );
    assert_eq!(v["a"], 1);
    assert_eq!(v["b"], "5");
    assert_eq!(v["is"], serde_json::json!([true, false]));
    assert_eq!(v["wrong"], "TypeError");
    assert_eq!(v["range"], "RangeError");
    assert_eq!(v["tag"], "[object WebAssembly.Exception]");
    assert_eq!(v["stack"], true);
}

#[test]
fn imported_memory_table_and_global_are_the_same_objects() {
    let v = run(
        r#"(module
          (import "js" "mem" (memory 1))
          (import "js" "tbl" (table 1 funcref))
          (import "js" "g" (global (mut i32)))
          (export "mem" (memory 0)) (export "tbl" (table 0)) (export "g" (global 0))
          (func (export "poke") (i32.store8 (i32.const 3) (i32.const 42)) (global.set 0 (i32.const 11))))"#,
        r#"const mem = new WebAssembly.Memory({ initial: 1 });
        const tbl = new WebAssembly.Table({ element: "anyfunc", initial: 1 });
        const g = new WebAssembly.Global({ value: "i32", mutable: true }, 1);
        const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes), { js: { mem, tbl, g } });
        exports.poke();
        return { mem: exports.mem === mem, tbl: exports.tbl === tbl, g: exports.g === g, byte: new Uint8Array(mem.buffer)[3], gv: g.value };"#,
    );
    assert_eq!(
        v,
        serde_json::json!({ "mem": true, "tbl": true, "g": true, "byte": 42, "gv": 11 })
    );
}

#[test]
fn webidl_shape_of_the_namespace() {
    let v = run(
        "(module)",
        r#"void WebAssembly;
        const d = (o, k) => { const x = Object.getOwnPropertyDescriptor(o, k); return [x.writable, x.enumerable, x.configurable].join(); };
        return {
          global: d(globalThis, "WebAssembly"),
          validate: d(WebAssembly, "validate"), Module: d(WebAssembly, "Module"),
          grow: d(WebAssembly.Memory.prototype, "grow"),
          lengths: [WebAssembly.Module.length, WebAssembly.Instance.length, WebAssembly.Memory.length, WebAssembly.Table.length,
            WebAssembly.Global.length, WebAssembly.Module.customSections.length, WebAssembly.Table.prototype.set.length,
            WebAssembly.instantiate.length, WebAssembly.Exception.length, WebAssembly.Table.prototype.grow.length],
          tableLength: d(WebAssembly.Table.prototype, "length"),
          buffer: typeof Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, "buffer").get,
        };"#,
    );
    assert_eq!(v["global"], "true,false,true");
    assert_eq!(v["validate"], "true,true,true");
    assert_eq!(v["Module"], "true,false,true");
    assert_eq!(v["grow"], "true,true,true");
    assert_eq!(
        v["lengths"],
        serde_json::json!([1, 1, 1, 1, 1, 2, 1, 1, 1, 1])
    );
    assert_eq!(v["buffer"], "function");
    assert_eq!(v["tableLength"], ",true,true", "an attribute is enumerable");
}

#[test]
fn a_worker_that_never_reads_webassembly_makes_no_store() {
    let mut h = Harness::new("export function handler() { return typeof globalThis.Response; }");
    h.get("/").unwrap();
    assert!(!bext_worker::wasm::in_use());
    let mut h2 = Harness::new(
        "export function handler() { new WebAssembly.Memory({ initial: 1 }); return 'ok'; }",
    );
    h2.get("/").unwrap();
    assert!(bext_worker::wasm::in_use());
}

fn request() -> HttpRequest {
    HttpRequest {
        method: "GET".into(),
        url: "/".into(),
        headers: vec![],
        body: vec![],
        ip: String::new(),
    }
}

#[test]
fn a_wasm_loop_is_interrupted_at_the_deadline() {
    let src = format!(
        "const m = new WebAssembly.Module({});\n\
         const {{ exports }} = new WebAssembly.Instance(m);\n\
         export function handler(req) {{ if (req.path === '/spin') {{ try {{ exports.spin(); }} catch (e) {{ return 'caught ' + e; }} }} return 'fine'; }}\n",
        js_bytes(r#"(module (func (export "spin") (loop $l (br $l))))"#)
    );
    let mut h = Harness::new(&src);
    h.engine
        .set_deadline(Some(Instant::now() + Duration::from_millis(50)));
    let t0 = Instant::now();
    let mut req = request();
    req.url = "/spin".into();
    h.engine.dispatch(9, 1, req);
    assert!(
        h.engine.take_interrupted().is_some(),
        "the deadline stopped the wasm loop"
    );
    assert!(t0.elapsed() < Duration::from_secs(2));
    h.engine.set_deadline(None);
    let r = h.get("/").unwrap();
    assert_eq!(body(&r), "fine");
}

#[test]
fn linear_memory_counts_toward_the_memory_limit() {
    let dir = tempdir::new();
    let p = dir.0.join("w.js");
    let src = format!(
        "const {{ instance }} = await WebAssembly.instantiate({});\n\
         export function handler() {{\n\
           const e = instance.exports; let js;\n\
           try {{ e.mem.grow(1024); }} catch (err) {{ js = err.constructor.name; }}\n\
           return JSON.stringify({{ small: e.grow(16), big: e.grow(1024), js }});\n\
         }}\n",
        js_bytes(
            r#"(module (memory (export "mem") 1) (func (export "grow") (param i32) (result i32) (memory.grow (local.get 0))))"#
        )
    );
    std::fs::write(&p, src).unwrap();
    let engine = Engine::new(EngineOptions {
        memory_limit_bytes: 32 * 1024 * 1024,
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
    let r = h.get("/").unwrap();
    let v: Value = serde_json::from_str(&body(&r)).unwrap();
    assert_eq!(v["small"], 1, "growth within the limit");
    assert_eq!(v["big"], -1, "64 MiB more is past a 32 MiB limit");
    assert_eq!(v["js"], "RangeError");
}
