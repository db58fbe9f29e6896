//! Real apps unchanged: npm packages imported from `node_modules` without
//! a bundler (compared with what Node answers), TypeScript and TSX served
//! directly, errors logged at the original file and line, and the watch
//! following a symlinked package.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use bext_e2e::{Daemon, Setup, wait_for};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Corpus cases that need a Node built-in bext does not have, and the one
/// each stops at: they must fail at import naming it, never later.
const NEEDS_NODE_BUILTINS: &[(&str, &str)] = &[];

/// Corpus cases that stop at something else bext lacks, and the error
/// they stop with.
const ENGINE_GAPS: &[(&str, &str)] = &[];

/// The corpus installed (`tests/corpus/build.sh`), and Node's answer for
/// every case.
fn node_answers() -> BTreeMap<String, serde_json::Value> {
    let corpus = repo_root().join("tests/corpus");
    let run = |cmd: &mut Command, what: &str| {
        let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(
            out.status.success(),
            "{what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    run(
        Command::new("bash").arg(corpus.join("build.sh")),
        "tests/corpus/build.sh",
    );
    let out = run(
        Command::new("node")
            .arg("reference.js")
            .current_dir(&corpus),
        "node reference.js",
    );
    serde_json::from_slice(&out).expect("node's answers are JSON")
}

#[test]
fn the_package_corpus_answers_as_node_does() {
    let node = node_answers();
    assert!(node.len() >= 30, "{} cases", node.len());
    let script = repo_root().join("tests/corpus/worker.js");
    let d = Daemon::start(
        &format!(
            "[render]\nscript = \"{}\"\njsc_workers = 1\n",
            script.display()
        ),
        "",
    );
    d.wait_workers(1);
    let mut table = Vec::new();
    let mut wrong = Vec::new();
    for (name, want) in &node {
        assert_eq!(want["ok"], true, "node fails {name}: {want}");
        let got = d.get(&format!("/?case={name}")).json();
        let builtin = NEEDS_NODE_BUILTINS.iter().find(|(n, _)| n == name);
        let gap = ENGINE_GAPS.iter().find(|(n, _)| n == name);
        let error = got["error"].as_str().unwrap_or_default();
        let result = match (builtin, gap) {
            (None, Some((_, why))) => {
                if error != *why {
                    wrong.push(format!("{name}: expected to stop at {why:?}: {got}"));
                }
                format!("stops: {why}")
            }
            (None, None) if &got == want => "same as node".to_string(),
            (None, None) => {
                wrong.push(format!("{name}: bext {got}\n  node {want}"));
                "DIFFERS".to_string()
            }
            (Some((_, module)), _) => {
                if !error.contains(&format!("node:{module} is not available in bext")) {
                    wrong.push(format!("{name}: expected to stop at node:{module}: {got}"));
                }
                format!("needs node:{module}")
            }
        };
        table.push(format!("{name:<24} {result}"));
    }
    println!("{}", table.join("\n"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

const SERVICE_TS: &str = r#"import { page } from "./page.tsx";

enum Plan { Free = "free", Pro = "pro" }

interface Priced { plan: Plan; cents: number }

class Pricing {
  constructor(private readonly base: number) {}
  price(plan: Plan): Priced {
    if (plan === Plan.Pro) return { plan, cents: this.base * 3 };
    return { plan, cents: 0 };
  }
}

export default {
  fetch(req: Request): Response {
    const url = new URL(req.url);
    if (url.pathname === "/boom") fail();
    if (url.pathname === "/page") return new Response(page("bext"), { headers: { "content-type": "text/html" } });
    return Response.json(new Pricing(100).price(url.searchParams.get("plan") as Plan));
  },
};

function fail(): never {
  throw new Error("thrown in typescript");
}
"#;

const PAGE_TSX: &str = r#"import { render } from "./render.js";

type Props = { name: string };

const Hello = ({ name }: Props) => <h1 class="title">Hello {name}</h1>;

export function page(name: string): string {
  return render(<main><Hello name={name} /><p>served as .tsx</p></main>);
}
"#;

/// A minimal automatic JSX runtime and renderer, as a package.
const JSX_RUNTIME: &str =
    "export const jsx = (type, props) => ({ type, props }); export const jsxs = jsx;\n";
const RENDER_JS: &str = r#"export function render(n) {
  if (typeof n === "string" || typeof n === "number") return String(n);
  if (Array.isArray(n)) return n.map(render).join("");
  if (typeof n.type === "function") return render(n.type(n.props));
  const attrs = Object.entries(n.props).filter(([k]) => k !== "children").map(([k, v]) => ` ${k}="${v}"`).join("");
  return `<${n.type}${attrs}>${render(n.props.children ?? [])}</${n.type}>`;
}
"#;

#[test]
fn a_typescript_service_and_a_tsx_page_are_served_and_errors_log_typescript_lines() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"service.ts\"\njsc_workers = 1\n",
        files: &[
            ("service.ts", SERVICE_TS),
            ("page.tsx", PAGE_TSX),
            ("render.js", RENDER_JS),
            (
                "tsconfig.json",
                r#"{ "compilerOptions": { "jsx": "react-jsx", "jsxImportSource": "mini" } }"#,
            ),
            (
                "node_modules/mini/package.json",
                r#"{"name":"mini","type":"module","exports":{"./jsx-runtime":"./jsx.js"}}"#,
            ),
            ("node_modules/mini/jsx.js", JSX_RUNTIME),
        ],
        ..Setup::default()
    });
    d.wait_workers(1);
    assert_eq!(
        d.get("/?plan=pro").json(),
        serde_json::json!({ "plan": "pro", "cents": 300 })
    );
    let page = d.get("/page");
    assert_eq!(
        (page.status, page.body.as_str()),
        (
            200,
            "<main><h1 class=\"title\">Hello bext</h1><p>served as .tsx</p></main>"
        )
    );
    assert_eq!(d.get("/boom").status, 500);
    // `throw` is on line 25 of service.ts and `fail()` called on line 18.
    let file = d.dir.path().canonicalize().unwrap().join("service.ts");
    d.wait_log(&format!("{}:25:", file.display()), Duration::from_secs(10));
    d.wait_log(&format!("{}:18:", file.display()), Duration::from_secs(10));
}

#[test]
fn a_bundled_script_logs_errors_at_its_sources_through_its_map() {
    // dist/app.js line 3 comes from src/handler.ts line 12 (the map's
    // second segment line: ";;AAWA" is line 11 zero-based).
    let bundle = "// bundled\nexport function handler() {\n  throw new Error('from the bundle');\n}\n//# sourceMappingURL=app.js.map\n";
    let map = r#"{"version":3,"sources":["../src/handler.ts"],"names":[],"mappings":";;AAWA"}"#;
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"dist/app.js\"\njsc_workers = 1\n",
        files: &[("dist/app.js", bundle), ("dist/app.js.map", map)],
        ..Setup::default()
    });
    d.wait_workers(1);
    assert_eq!(d.get("/").status, 500);
    let src = d.dir.path().canonicalize().unwrap().join("src/handler.ts");
    d.wait_log(&format!("{}:12:", src.display()), Duration::from_secs(10));
}

#[test]
fn editing_a_symlinked_package_in_node_modules_restarts_the_pool() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle]\nwatch_dirs = [\".\"]\nwatch_debounce_ms = 100\n",
        files: &[
            (
                "worker.js",
                "import { version } from \"shared\";\nexport default { fetch: () => Response.json({ version }) };\n",
            ),
            (
                "packages/shared/package.json",
                r#"{"name":"shared","type":"module","main":"index.js"}"#,
            ),
            ("packages/shared/index.js", "export const version = 1;\n"),
        ],
        symlinks: &[("node_modules/shared", "../packages/shared")],
        ..Setup::default()
    });
    let dir = d.dir.path().to_path_buf();
    d.wait_workers(1);
    wait_for(Duration::from_secs(10), "the worker answers", || {
        (d.get("/").json()["version"] == 1).then_some(())
    });
    // Edited through the link, as an editor opening node_modules/shared
    // would: the real file changes.
    std::fs::write(
        dir.join("node_modules/shared/index.js"),
        "export const version = 2;\n",
    )
    .unwrap();
    wait_for(Duration::from_secs(20), "the new version is served", || {
        (d.get("/").json()["version"] == 2).then_some(())
    });
    // Workers loaded the file by its real path; the change is still seen
    // as a module's, not as any other file's.
    d.wait_log(
        "node_modules/shared/index.js (module)",
        Duration::from_secs(10),
    );
}
