//! TypeScript projects as `tsc` builds them: a NestJS-style service
//! (`tests/corpus/nest`) whose legacy decorators, `emitDecoratorMetadata`
//! and `@app/*` imports through tsconfig `paths` (in a file its
//! tsconfig.json `extends`) are served by a real worker from the `.ts`
//! files, and answer as the same source compiled by `tsc` (pinned in
//! `types/`) and run by Node; TypeScript 5 standard decorators of every
//! kind (`tests/corpus/decorators`) answering as `tsc` and Node do, their
//! errors naming the file's own lines.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use bext_e2e::{Daemon, Setup};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn run(cmd: &mut Command, what: &str) -> Vec<u8> {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The service compiled by `tsc` into `out` and run by Node: its answer.
/// `tsc` leaves `@app/*` as written, so `out/node_modules/@app` links to
/// the compiled `app` folder, as a bundler's alias would.
fn node_answer(out: &Path) -> serde_json::Value {
    let root = repo_root();
    run(
        Command::new("bash").arg(root.join("tests/corpus/build.sh")),
        "tests/corpus/build.sh",
    );
    let tsc = root.join("types/node_modules/.bin/tsc");
    assert!(
        tsc.exists(),
        "{} is missing: run `npm ci` in types/",
        tsc.display()
    );
    run(
        Command::new(&tsc)
            .arg("-p")
            .arg(root.join("tests/corpus/nest"))
            .arg("--outDir")
            .arg(out),
        "tsc",
    );
    std::fs::write(out.join("package.json"), r#"{"type":"module"}"#).unwrap();
    let modules = out.join("node_modules");
    std::fs::create_dir_all(&modules).unwrap();
    std::os::unix::fs::symlink(out.join("app"), modules.join("@app")).unwrap();
    std::os::unix::fs::symlink(
        root.join("tests/corpus/node_modules/reflect-metadata"),
        modules.join("reflect-metadata"),
    )
    .unwrap();
    let script = format!(
        "const m = await import({:?}); \
         const r = await m.default.fetch(new Request('http://localhost/')); \
         process.stdout.write(await r.text());",
        out.join("worker.js").display().to_string()
    );
    let answer = run(
        Command::new("node")
            .args(["--input-type=module", "-e", &script])
            .current_dir(out),
        "node",
    );
    serde_json::from_slice(&answer).expect("node's answer is JSON")
}

#[test]
fn a_decorated_nest_style_service_with_tsconfig_paths_answers_as_tsc_and_node() {
    let out = tempfile::tempdir().unwrap();
    let node = node_answer(out.path());
    let script = repo_root().join("tests/corpus/nest/src/worker.ts");
    let d = Daemon::start_with(Setup {
        config: &format!(
            "[render]\nscript = \"{}\"\njsc_workers = 1\n",
            script.display()
        ),
        ..Setup::default()
    });
    d.wait_workers(1);
    let got = d.get("/").json();
    assert_eq!(got, node, "bext:\n{got:#}\nnode:\n{node:#}");
    // The answer is the one the service means, not two equal failures.
    assert_eq!(
        got["constructorTypes"],
        serde_json::json!(["CatsService", "String"])
    );
    assert_eq!(got["calls"][1], "HELLO, FELIX");
}

/// The project at `tests/corpus/<project>` compiled by `tsc` into `out`
/// and its `worker.js` run by Node: its answer.
fn tsc_node_answer(project: &str, out: &Path) -> serde_json::Value {
    let root = repo_root();
    let tsc = root.join("types/node_modules/.bin/tsc");
    assert!(
        tsc.exists(),
        "{} is missing: run `npm ci` in types/",
        tsc.display()
    );
    run(
        Command::new(&tsc)
            .arg("-p")
            .arg(root.join("tests/corpus").join(project))
            .arg("--outDir")
            .arg(out),
        "tsc",
    );
    std::fs::write(out.join("package.json"), r#"{"type":"module"}"#).unwrap();
    let script = format!(
        "const m = await import({:?}); \
         const r = await m.default.fetch(new Request('http://localhost/')); \
         process.stdout.write(await r.text());",
        out.join("worker.js").display().to_string()
    );
    let answer = run(
        Command::new("node")
            .args(["--input-type=module", "-e", &script])
            .current_dir(out),
        "node",
    );
    serde_json::from_slice(&answer).expect("node's answer is JSON")
}

#[test]
fn standard_decorators_of_every_kind_answer_as_tsc_and_node() {
    let out = tempfile::tempdir().unwrap();
    let node = tsc_node_answer("decorators", out.path());
    let script = repo_root().join("tests/corpus/decorators/src/worker.ts");
    let d = Daemon::start_with(Setup {
        config: &format!(
            "[render]\nscript = \"{}\"\njsc_workers = 1\n",
            script.display()
        ),
        ..Setup::default()
    });
    d.wait_workers(1);
    let got = d.get("/").json();
    assert_eq!(got, node, "bext:\n{got:#}\nnode:\n{node:#}");
    // The answer is the one the decorators mean, not two equal failures.
    assert_eq!(got["service"]["greet"], "hello you #104 50");
    assert_eq!(got["service"]["size"], 14);
    assert_eq!(got["repo"]["table"], "cats");
    assert_eq!(got["order"]["values"][4], 42);
}

#[test]
fn an_error_in_a_class_with_standard_decorators_names_its_own_line() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.ts\"\njsc_workers = 1\n",
        files: &[
            (
                "tsconfig.json",
                r#"{ "compilerOptions": { "strict": true } }"#,
            ),
            (
                "worker.ts",
                "function logged(value: Function, context: ClassMethodDecoratorContext) {\n  return value;\n}\n\n@((c: any) => c)\nclass Api {\n  @logged\n  hello(): Response {\n    throw new Error(\"broken on purpose\");\n  }\n}\n\nexport default {\n  fetch() {\n    return new Api().hello();\n  },\n};\n",
            ),
        ],
        ..Setup::default()
    });
    d.wait_workers(1);
    assert_eq!(d.get("/").status, 500);
    // Line 9 of worker.ts throws; the lowered class is on other lines of
    // the JavaScript QuickJS runs.
    d.wait_log("broken on purpose", Duration::from_secs(20));
    d.wait_log("worker.ts:9:", Duration::from_secs(20));
}
