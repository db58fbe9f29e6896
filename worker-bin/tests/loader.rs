//! The module loader against real QuickJS: node_modules packages,
//! CommonJS, TypeScript and JSX, and errors pointing at the original
//! source, without a master process.

use std::rc::Rc;

use bext_worker::loader::ModuleCache;

mod harness;

use harness::{Harness, body};

fn answer(h: &mut Harness, path: &str) -> serde_json::Value {
    let r = h.get(path).unwrap();
    serde_json::from_str(&body(&r)).unwrap_or_else(|e| panic!("{e}: {}", body(&r)))
}

#[test]
fn commonjs_modules_behave_as_in_node() {
    let mut h = Harness::with_files(&[
        (
            "worker.js",
            r#"import lib, { add, name } from "cjs-lib";
               import cycle from "./cycle/a.cjs";
               import conf from "./conf.cjs";
               export function handler() {
                 return { add: add(2, 3), name, same: lib.add === add, cycle, conf };
               }"#,
        ),
        (
            "node_modules/cjs-lib/package.json",
            r#"{"name":"cjs-lib","main":"lib/index.js"}"#,
        ),
        (
            "node_modules/cjs-lib/lib/index.js",
            r#"const helper = require("./helper");
               exports.add = (a, b) => helper.sum(a, b);
               exports.name = require("../package.json").name;"#,
        ),
        (
            "node_modules/cjs-lib/lib/helper.js",
            "module.exports = { sum: (a, b) => a + b };",
        ),
        (
            "cycle/a.cjs",
            r#"exports.early = "a-early";
               const b = require("./b.cjs");
               exports.late = "a-late";
               module.exports.seenByB = b.sawA;"#,
        ),
        (
            "cycle/b.cjs",
            r#"const a = require("./a.cjs");
               exports.sawA = JSON.stringify(a);"#,
        ),
        (
            "conf.cjs",
            r#"module.exports = { file: __filename.split("/").pop(), dir: __dirname === require("./dir.cjs"),
                                  self: this === module.exports, loaded: module.loaded };"#,
        ),
        ("dir.cjs", "module.exports = __dirname;"),
    ]);
    assert_eq!(
        answer(&mut h, "/"),
        serde_json::json!({
            "add": 5, "name": "cjs-lib", "same": true,
            "cycle": { "early": "a-early", "late": "a-late", "seenByB": "{\"early\":\"a-early\"}" },
            "conf": { "file": "conf.cjs", "dir": true, "self": true, "loaded": false }
        })
    );
}

#[test]
fn package_type_decides_what_js_is_and_require_of_esm_gives_its_namespace() {
    let mut h = Harness::with_files(&[
        (
            "worker.js",
            r#"import old from "./legacy/x.js";
               import * as modern from "./modern/y.js";
               export function handler() { return { old, modern: modern.kind, fromCjs: old.esm }; }"#,
        ),
        ("legacy/package.json", r#"{"type":"commonjs"}"#),
        (
            "legacy/x.js",
            r#"const esm = require("../modern/y.js");
               module.exports = { kind: "cjs", esm: esm.kind + ":" + esm.default };"#,
        ),
        ("modern/package.json", r#"{"type":"module"}"#),
        (
            "modern/y.js",
            r#"export const kind = "esm"; export default "dflt";"#,
        ),
    ]);
    assert_eq!(
        answer(&mut h, "/"),
        serde_json::json!({ "old": { "kind": "cjs", "esm": "esm:dflt" }, "modern": "esm", "fromCjs": "esm:dflt" })
    );
}

#[test]
fn builtins_come_through_require_as_node_gives_them_and_missing_ones_fail_alike() {
    let mut h = Harness::with_files(&[
        (
            "worker.js",
            r#"import { r, fs } from "./r.cjs";
               import { EventEmitter } from "node:events";
               export async function handler() {
                 let dynamic;
                 try { await import("node:repl"); } catch (e) { dynamic = String(e.message); }
                 return { r, fs, dynamic, same: (await import("events")).default === EventEmitter };
               }"#,
        ),
        (
            "r.cjs",
            r#"const EventEmitter = require("events");
               const e = new EventEmitter(); let got = 0;
               e.on("x", (n) => { got = n; }); e.emit("x", 7);
               exports.r = typeof EventEmitter + ":" + got;
               try { require("repl"); } catch (e) { exports.fs = String(e.message); }"#,
        ),
    ]);
    let got = answer(&mut h, "/");
    // require() of a built-in gives its own exports (the class), not an
    // ES namespace.
    assert_eq!(got["r"], "function:7", "{got}");
    assert_eq!(got["same"], true, "{got}");
    for key in ["fs", "dynamic"] {
        assert!(
            got[key]
                .as_str()
                .unwrap()
                .contains("node:repl is not available in bext"),
            "{got}"
        );
    }
}

#[test]
fn a_missing_require_is_module_not_found_naming_what_was_tried() {
    let mut h = Harness::with_files(&[
        (
            "worker.js",
            r#"import m from "./m.cjs"; export function handler() { return m; }"#,
        ),
        (
            "m.cjs",
            r#"try { require("nope/sub"); } catch (e) { module.exports = { code: e.code, message: e.message }; }"#,
        ),
    ]);
    let got = answer(&mut h, "/");
    assert_eq!(got["code"], "MODULE_NOT_FOUND");
    let msg = got["message"].as_str().unwrap();
    assert!(msg.contains("cannot find module 'nope/sub'"), "{msg}");
    assert!(msg.contains("m.cjs"), "{msg}");
    assert!(msg.contains("node_modules/nope"), "{msg}");
}

const APP_TS: &str = r#"import { greet } from "./lib.js";
enum Level { Low = 1, High = 10 }
interface Reply { level: Level; text: string }
class Counter {
  constructor(private step: number, public readonly name: string) {}
  next(n: number): number { return n + this.step; }
}
export function handler(req: { path: string }): Reply | string {
  if (req.path === "/throw") {
    const c: Counter = new Counter(1, "c");
    throw new Error("from ts " + c.next(1));
  }
  return { level: Level.High, text: greet(new Counter(2, "two").name) + Level[1] };
}
"#;

const LIB_TS: &str = "export const greet = (who: string): string => `hi ${who}`;\n";

#[test]
fn typescript_erases_types_keeps_enums_and_is_cached_as_bytecode() {
    let files = [("app.ts", APP_TS), ("lib.ts", LIB_TS)];
    let cold = Rc::new(ModuleCache::new("engine-a".into(), vec![]));
    let mut h = Harness::with_modules(&files, cold.clone());
    assert_eq!(
        answer(&mut h, "/"),
        serde_json::json!({ "level": 10, "text": "hi twoLow" })
    );
    assert_eq!(cold.counts(), (0, 2));
    // The error's position is the TypeScript file's line 11, not the
    // transformed code's.
    let stack = h.get("/throw").unwrap_err().stack;
    assert!(stack.contains("app.ts:11:"), "{stack}");

    // A warm boot loads both from bytecode: no transform, same answers,
    // the same original positions.
    let warm = Rc::new(ModuleCache::new("engine-a".into(), cold.take_fresh()));
    let mut h = Harness::with_modules(&files, warm.clone());
    assert_eq!(warm.counts(), (2, 0));
    assert_eq!(answer(&mut h, "/")["text"], "hi twoLow");
    let stack = h.get("/throw").unwrap_err().stack;
    assert!(stack.contains("app.ts:11:"), "{stack}");
}

#[test]
fn tsx_renders_through_the_import_source_tsconfig_names() {
    let mut h = Harness::with_files(&[
        (
            "page.tsx",
            r#"type Props = { name: string };
               const Hello = ({ name }: Props) => <p class="x">Hello {name}</p>;
               export function handler(): string { return render(<main><Hello name="tsx" /></main>); }
               function render(n: any): string {
                 if (typeof n === "string") return n;
                 if (typeof n.type === "function") return render(n.type(n.props));
                 const kids = [].concat(n.props.children ?? []).map(render).join("");
                 return `<${n.type}>${kids}</${n.type}>`;
               }"#,
        ),
        (
            "tsconfig.json",
            r#"{ // comments are allowed
                "compilerOptions": { "jsx": "react-jsx", "jsxImportSource": "tiny" } }"#,
        ),
        (
            "node_modules/tiny/package.json",
            r#"{"name":"tiny","type":"module","exports":{"./jsx-runtime":"./jsx.js"}}"#,
        ),
        (
            "node_modules/tiny/jsx.js",
            "export const jsx = (type, props) => ({ type, props }); export const jsxs = jsx;",
        ),
    ]);
    assert_eq!(body(&h.get("/").unwrap()), "<main><p>Hello tsx</p></main>");
}

#[test]
fn a_bundle_error_points_at_the_source_its_map_names() {
    // A "bundle" whose line 2 comes from src/real.ts line 7, by its map.
    let map = r#"{"version":3,"sources":["src/real.ts"],"names":[],"mappings":";AAMA"}"#;
    let bundle = "export function handler() {\nthrow new Error('bundled');\n}\n//# sourceMappingURL=app.js.map\n";
    let mut h = Harness::with_files(&[("app.js", bundle), ("app.js.map", map)]);
    let stack = h.get("/").unwrap_err().stack;
    assert!(stack.contains("src/real.ts:7:"), "{stack}");
}

#[test]
fn a_logged_error_from_typescript_shows_the_typescript_line() {
    let src = "type N = number;\n\nexport function handler(): string {\n  const n: N = 1;\n  console.error(new Error(\"logged \" + n));\n  return \"ok\";\n}\n";
    let mut h = Harness::with_files(&[("log.ts", src)]);
    assert_eq!(body(&h.get("/").unwrap()), "ok");
    let logs = h.logs.join("\n");
    assert!(logs.contains("log.ts:5:"), "{logs}");
}
