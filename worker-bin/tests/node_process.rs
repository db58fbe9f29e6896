//! What of `process`, `node:module` and the built-ins that load but refuse
//! their calls cannot be compared with Node line by line: the log lines
//! `process.stdout.write` makes, `process.nextTick` at the top level of a
//! module and in a handler (called from outside, as Node calls an HTTP
//! handler), `createRequire` reaching the app's own CommonJS files, and
//! `http.createServer()`'s error.

mod harness;

use harness::{Harness, body};

#[test]
fn stdout_and_stderr_writes_reach_the_log_line_by_line() {
    let mut h = Harness::new(
        r#"export function handler() {
            process.stdout.write("one\ntw");
            process.stdout.write("o\n");
            process.stderr.write(new TextEncoder().encode("to stderr\n"));
            process.stdout.write("no end yet");
            const ok = process.stdout.write("", () => {});
            return [ok, process.stdout.fd, process.stderr.fd, process.stdout.isTTY].join(" ");
        }"#,
    );
    assert_eq!(body(&h.get("/").unwrap()), "true 1 2 ");
    for line in ["one", "two", "to stderr", "no end yet"] {
        assert!(h.logs.iter().any(|l| l == line), "{line:?} in {:?}", h.logs);
    }
}

#[test]
fn next_tick_at_the_top_of_a_module_and_in_a_handler() {
    // Node 20: an ES module's top level runs in a promise job, so its
    // ticks come after its promise callbacks; a handler is called from
    // outside, so its ticks come first.
    let mut h = Harness::new(
        r#"const top = [];
        Promise.resolve().then(() => top.push("p1"));
        process.nextTick(() => top.push("t1"));
        Promise.resolve().then(() => top.push("p2"));
        export function handler() {
            const log = [];
            Promise.resolve().then(() => log.push("p"));
            process.nextTick(() => log.push("t"));
            queueMicrotask(() => log.push("m"));
            return new Promise((r) => setTimeout(() => r(`${top.join(" ")} | ${log.join(" ")}`), 1));
        }"#,
    );
    assert_eq!(body(&h.get("/").unwrap()), "p1 p2 t1 | t p m");
}

#[test]
fn a_throwing_tick_is_reported_and_the_next_ones_still_run() {
    let mut h = Harness::new(
        r#"export function handler() {
            const log = [];
            process.nextTick(() => { throw new Error("tick failed"); });
            process.nextTick(() => log.push("after"));
            return new Promise((r) => setTimeout(() => r(log.join(" ")), 1));
        }"#,
    );
    assert_eq!(body(&h.get("/").unwrap()), "after");
    assert!(
        h.logs.iter().any(|l| l.contains("tick failed")),
        "{:?}",
        h.logs
    );
}

#[test]
fn create_require_loads_the_apps_commonjs_relative_to_the_file_named() {
    let mut h = Harness::with_files(&[
        (
            "worker.js",
            r#"import { createRequire } from "node:module";
            export function handler() {
                const dir = process.cwd();
                const require = createRequire(`${dir}/lib/entry.js`);
                const helper = require("./helper.cjs");
                const again = createRequire(`${dir}/lib/`)("./helper.cjs");
                return [helper.twice(21), helper === again, require.resolve("./helper.cjs").endsWith("/lib/helper.cjs"),
                        typeof require("node:os").cpus].join(" ");
            }"#,
        ),
        (
            "lib/helper.cjs",
            "const path = require('path');\nexports.twice = (n) => n * 2;\nexports.base = path.basename(__filename);\n",
        ),
    ]);
    // The harness's worker has no app root: cwd() is the process's.
    let cwd = std::env::current_dir().unwrap();
    let dir = h._dir.0.clone();
    std::env::set_current_dir(&dir).unwrap();
    let r = h.get("/");
    std::env::set_current_dir(cwd).unwrap();
    assert_eq!(body(&r.unwrap()), "42 true true function");
}

#[test]
fn node_http_net_and_child_process_load_and_their_calls_throw_what_to_use() {
    let mut h = Harness::new(
        r#"import http, { STATUS_CODES, METHODS } from "node:http";
        import net from "net";
        import { spawn } from "node:child_process";
        import https from "node:https";
        const agent = new https.Agent({ keepAlive: true });
        const attempt = (f) => { try { f(); return "no error"; } catch (e) { return `${e.code}: ${e.message}`; } };
        export function handler() {
            return [
                STATUS_CODES[418], METHODS.includes("PATCH"), net.isIP("::1"), net.isIP("1.2.3.4"), net.isIP("x"),
                agent.keepAlive, class extends http.Server {}.name === "",
                attempt(() => http.createServer(() => {})),
                attempt(() => spawn("ls")),
                attempt(() => new net.Socket()),
            ].join("\n");
        }"#,
    );
    let out = body(&h.get("/").unwrap());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[..7],
        ["I'm a Teapot", "true", "6", "4", "0", "true", "true"]
    );
    assert_eq!(
        lines[7],
        "ERR_BEXT_UNAVAILABLE: http.createServer() is not available in bext: a worker has no \
         sockets of its own; use fetch() for outbound HTTP(S), and answer requests from the handler"
    );
    assert!(
        lines[8].starts_with("ERR_BEXT_UNAVAILABLE: child_process.spawn() is not available")
            && lines[8].contains("bext.jobs.spawn"),
        "{}",
        lines[8]
    );
    assert!(
        lines[9].starts_with("ERR_BEXT_UNAVAILABLE: new net.Socket() is not available"),
        "{}",
        lines[9]
    );
}

#[test]
fn memory_usage_reads_the_quickjs_heap_and_the_real_rss() {
    let mut h = Harness::new(
        r#"export function handler() {
            const m = process.memoryUsage();
            return [m.rss > 1e6, m.heapUsed > 1e5, m.heapTotal >= m.heapUsed, process.uptime() >= 0,
                    process.version.startsWith("v20."), typeof process.versions.bext, process.release.name,
                    process.ppid > 0, typeof process.umask()].join(" ");
        }"#,
    );
    assert_eq!(
        body(&h.get("/").unwrap()),
        "true true true true true string node true number"
    );
}

#[test]
fn requiring_a_native_addon_throws_at_the_call_saying_what_to_use() {
    let mut h = Harness::with_files(&[
        (
            "worker.js",
            r#"import { createRequire } from "node:module";
            export function handler() {
                const require = createRequire(`${process.cwd()}/index.js`);
                try { require("./build/addon.node"); return "loaded"; }
                catch (e) { return `${e.code} ${e.message.includes("native addons are not available in bext")}`; }
            }"#,
        ),
        ("build/addon.node", "\u{7f}ELF\u{2}\u{1}\u{1}\0\0\0binary"),
    ]);
    let cwd = std::env::current_dir().unwrap();
    std::env::set_current_dir(&h._dir.0).unwrap();
    let r = h.get("/");
    std::env::set_current_dir(cwd).unwrap();
    assert_eq!(body(&r.unwrap()), "ERR_BEXT_UNAVAILABLE true");
}
