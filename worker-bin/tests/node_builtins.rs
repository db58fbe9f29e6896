//! Node's built-ins against Node itself: each case in `tests/node/` is an
//! ES module exporting `run(print)`; it runs in Node (Debian's `nodejs`,
//! `/usr/bin/node`, or `$BEXT_NODE`) and in a real worker engine, and the
//! printed lines must be the same. Plus what Node cannot be compared with:
//! the refusal of a built-in bext does not have, and `process.env`.

mod harness;

use std::path::Path;

use bext_worker::engine::{Engine, EngineOptions};
use harness::{Harness, body, differ};

fn case(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/node/{name}.mjs"))
}

fn same_as_node(name: &str) {
    let want = differ::in_node(&case(name), None);
    let src = std::fs::read_to_string(case(name)).unwrap();
    let got = differ::in_bext(name, &src, |_| {});
    differ::assert_same(name, &want, &got);
}

#[test]
fn buffer_matches_node() {
    same_as_node("buffer");
}

#[test]
fn events_match_node() {
    same_as_node("events");
}

#[test]
fn util_matches_node() {
    same_as_node("util");
}

#[test]
fn path_matches_node() {
    same_as_node("path");
}

#[test]
fn querystring_and_string_decoder_match_node() {
    same_as_node("querystring");
}

#[test]
fn assert_matches_node() {
    same_as_node("assert");
}

#[test]
fn assert_messages_match_node() {
    same_as_node("assert_messages");
}

#[test]
fn crypto_matches_node() {
    same_as_node("crypto");
}

#[test]
fn crypto_keys_and_signatures_match_node() {
    same_as_node("crypto_keys");
}

#[test]
fn crypto_kdfs_and_ciphers_match_node() {
    same_as_node("crypto_ciphers");
}

#[test]
fn crypto_key_generation_matches_node() {
    same_as_node("crypto_keygen");
}

#[test]
fn crypto_ed448_x448_and_diffie_hellman_match_node() {
    same_as_node("crypto_448");
}

#[test]
fn url_matches_node() {
    same_as_node("url");
}

#[test]
fn timers_match_node() {
    same_as_node("timers");
}

#[test]
fn zlib_matches_node() {
    same_as_node("zlib");
}

#[test]
fn zlib_streams_match_node() {
    same_as_node("zlib_streams");
}

#[test]
fn os_and_tty_match_node() {
    same_as_node("os");
}

#[test]
fn module_matches_node() {
    same_as_node("module");
}

#[test]
fn perf_hooks_match_node() {
    same_as_node("perf_hooks");
}

#[test]
fn stand_ins_of_http_net_and_the_rest_match_node_at_import() {
    same_as_node("stand_ins");
}

#[test]
fn diagnostics_channel_matches_node() {
    same_as_node("diagnostics_channel");
}

#[test]
fn console_module_matches_node() {
    same_as_node("console");
}

#[test]
fn punycode_constants_and_sys_match_node() {
    same_as_node("punycode");
}

#[test]
fn next_tick_runs_in_nodes_order() {
    same_as_node("ticks");
}

#[test]
fn a_builtin_bext_lacks_fails_at_import_naming_what_to_use() {
    for (name, advice) in [
        ("node:repl", "no use in a bext worker"),
        ("domain", "no use in a bext worker"),
    ] {
        let mut h = Harness::new(&format!(
            "export async function handler() {{\n\
               try {{ await import({name:?}); return \"loaded\"; }}\n\
               catch (e) {{ return String(e && e.message); }}\n\
             }}"
        ));
        let msg = body(&h.get("/").unwrap());
        let bare = name.trim_start_matches("node:");
        assert!(
            msg.contains(&format!("node:{bare} is not available in bext")) && msg.contains(advice),
            "{name}: {msg}"
        );
    }
}

#[test]
fn a_static_import_of_a_missing_builtin_fails_the_load() {
    let dir = harness::tempdir::new();
    let script = dir.0.join("worker.js");
    std::fs::write(
        &script,
        "import repl from \"node:repl\";\nexport function handler() { return repl; }\n",
    )
    .unwrap();
    let engine = Engine::new(EngineOptions::default()).unwrap();
    let mut h = Harness {
        engine,
        logs: vec![],
        streamed: None,
        _dir: dir,
    };
    h.engine.start_load(1, &script);
    let err = h.wait(1).expect_err("the load fails");
    assert!(
        err.describe()
            .contains("node:repl is not available in bext"),
        "{}",
        err.describe()
    );
}

#[test]
fn process_is_a_lazy_global_with_the_pools_env() {
    let mut h = Harness::new(
        r#"export function handler() {
            const p = globalThis.process;
            const t = p.hrtime(); const big = p.hrtime.bigint();
            let exit;
            try { p.exit(1); } catch (e) { exit = e.code; }
            return [typeof p.env, "BEXT_WORKER_FD" in p.env, p.platform, typeof p.version, Array.isArray(t),
                    typeof big, exit, typeof Buffer.from, global === globalThis, typeof p.memoryUsage().rss,
                    p.cwd().startsWith("/")].join(" ");
        }"#,
    );
    assert_eq!(
        body(&h.get("/").unwrap()),
        "object false linux string true bigint ERR_BEXT_PROCESS_EXIT function true number true"
    );
}

#[test]
fn a_script_may_replace_the_lazy_globals() {
    let mut h = Harness::new(
        r#"globalThis.Buffer = "mine";
        var process = { env: { OWN: "1" } };
        export function handler() { return `${Buffer} ${process.env.OWN}`; }"#,
    );
    assert_eq!(body(&h.get("/").unwrap()), "mine 1");
}

#[test]
fn async_local_storage_follows_await_in_interleaved_tasks() {
    let mut h = Harness::new(
        r#"import { AsyncLocalStorage } from "node:async_hooks";
        const als = new AsyncLocalStorage();
        const pause = (ms) => new Promise((r) => setTimeout(r, ms));
        async function task(id) {
          const seen = [];
          for (let i = 0; i < 5; i++) {
            await pause((id * 7 + i * 3) % 4);
            seen.push(als.getStore());
            await Promise.resolve();
            seen.push(await new Promise((r) => queueMicrotask(() => r(als.getStore()))));
          }
          return seen.every((s) => s === id) ? "ok" : `task ${id} saw ${seen}`;
        }
        export async function handler() {
          const results = await Promise.all([1, 2, 3, 4, 5, 6].map((id) => als.run(id, () => task(id))));
          return [...results, String(als.getStore())].join(" ");
        }"#,
    );
    assert_eq!(body(&h.get("/").unwrap()), "ok ok ok ok ok ok undefined");
}

#[test]
fn stream_matches_node() {
    same_as_node("stream");
}

/// Another built-in (node:zlib's stream forms) reaches node:stream through
/// the built-ins' own `require`: the same module the app imports.
#[test]
fn builtins_require_the_same_stream_module_the_app_imports() {
    let mut h = Harness::new(
        r#"import stream, { Transform } from "node:stream";
        import { pipeline } from "stream/promises";
        export function handler() {
          const require = globalThis[Symbol.for("bext.node.require")];
          return [require("stream") === stream, require("stream").Transform === Transform,
            require("stream/promises") === stream.promises, require("stream/promises").pipeline === pipeline].join(" ");
        }"#,
    );
    assert_eq!(body(&h.get("/").unwrap()), "true true true true");
}

#[test]
fn a_builtins_frames_name_its_file_and_line() {
    // The built-ins run from bytecode without their source text: their
    // frames keep the file name and the line, as from source.
    let mut h = Harness::new(
        r#"import { Buffer } from "node:buffer";
        export function handler() {
            try { Buffer.alloc(-1); return "no throw"; }
            catch (e) { return String(e.stack); }
        }"#,
    );
    let stack = body(&h.get("/").unwrap());
    let frame = stack
        .lines()
        .find(|l| l.contains("node:internal/buffer:"))
        .unwrap_or_else(|| panic!("no frame of node:internal/buffer: {stack}"));
    let line = frame.rsplit("node:internal/buffer:").next().unwrap();
    assert!(
        line.split(':').next().unwrap().parse::<u32>().unwrap() > 1,
        "{stack}"
    );
}
