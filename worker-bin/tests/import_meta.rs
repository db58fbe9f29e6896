//! `import.meta` wherever a module comes from: a TypeScript file, a module
//! loaded from the pool's bytecode on a warm boot, an import with a
//! `?query`; and `import.meta.resolve` under the pool's confinement.

mod harness;

use std::rc::Rc;

use bext_worker::loader::ModuleCache;
use harness::{Harness, body};

const APP_TS: &str = r#"import { meta as libMeta } from "./lib dir/lib.ts";
export async function handler(): Promise<string> {
  const q = await import("./lib dir/lib.ts?v=2");
  const m: ImportMeta = import.meta;
  return JSON.stringify({
    url: m.url, filename: m.filename, dirname: m.dirname,
    lib: libMeta, query: q.meta,
    resolved: [m.resolve("./lib dir/lib.ts"), m.resolve("node:path"), m.resolve("events")],
  });
}
"#;

const LIB_TS: &str = "export const meta: string = import.meta.url;\n";

fn answer(h: &mut Harness) -> serde_json::Value {
    serde_json::from_str(&body(&h.get("/").unwrap())).unwrap()
}

#[test]
fn typescript_and_bytecode_cached_modules_have_import_meta() {
    let files = [("app.ts", APP_TS), ("lib dir/lib.ts", LIB_TS)];
    let cold = Rc::new(ModuleCache::new("engine-a".into(), vec![]));
    let mut h = Harness::with_modules(&files, cold.clone());
    let dir = h._dir.0.canonicalize().unwrap();
    let d = dir.display();
    let want = serde_json::json!({
        "url": format!("file://{d}/app.ts"),
        "filename": format!("{d}/app.ts"),
        "dirname": format!("{d}"),
        "lib": format!("file://{d}/lib%20dir/lib.ts"),
        "query": format!("file://{d}/lib%20dir/lib.ts?v=2"),
        "resolved": [format!("file://{d}/lib%20dir/lib.ts"), "node:path", "node:events"],
    });
    assert_eq!(answer(&mut h), want);
    // A warm boot loads both from bytecode, which holds no import.meta.
    let warm = Rc::new(ModuleCache::new("engine-a".into(), cold.take_fresh()));
    let mut h2 = Harness::with_modules(&files, warm.clone());
    assert_eq!(warm.counts().0, 2);
    let dir2 = h2._dir.0.canonicalize().unwrap();
    let got = answer(&mut h2).to_string();
    assert_eq!(
        got,
        want.to_string()
            .replace(&format!("{d}"), &format!("{}", dir2.display()))
    );
}

#[test]
fn resolve_answers_as_node_and_refuses_what_the_pool_may_not_read() {
    let mut h = Harness::new(
        r#"export function handler() {
  const t = (s) => { try { return import.meta.resolve(s); } catch (e) { return [e.code, String(e.message).split(":")[0]]; } };
  return JSON.stringify([t("./missing.js"), t("no-such-package"), t("/etc/passwd")]);
}"#,
    );
    let dir = h._dir.0.canonicalize().unwrap();
    bext_worker::loader::confine::confine(&protocol::worker::ReadPolicy {
        root: dir.display().to_string(),
        read_roots: vec![],
    });
    let got: serde_json::Value = serde_json::from_str(&body(&h.get("/").unwrap())).unwrap();
    assert_eq!(
        got[0],
        format!("file://{}/missing.js", dir.display()),
        "{got}"
    );
    assert_eq!(got[1][0], "ERR_MODULE_NOT_FOUND", "{got}");
    assert_eq!(got[2][0], "ERR_ACCESS_DENIED", "{got}");
}
