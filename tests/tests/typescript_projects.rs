//! TypeScript projects as `tsc` builds them: a NestJS-style service
//! (`tests/corpus/nest`) whose legacy decorators, `emitDecoratorMetadata`
//! and `@app/*` imports through tsconfig `paths` (in a file its
//! tsconfig.json `extends`) are served by a real worker from the `.ts`
//! files, and answer as the same source compiled by `tsc` (pinned in
//! `types/`) and run by Node; a standard decorator refused naming itself
//! and its line.

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

#[test]
fn a_standard_decorator_is_refused_naming_it_and_its_line() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.ts\"\njsc_workers = 1\n",
        files: &[
            (
                "tsconfig.json",
                r#"{ "compilerOptions": { "strict": true } }"#,
            ),
            (
                "worker.ts",
                "function logged(value: Function, context: ClassMethodDecoratorContext) {\n  return value;\n}\n\nclass Api {\n  @logged\n  hello() { return new Response(\"hi\"); }\n}\n\nexport default { fetch: () => new Api().hello() };\n",
            ),
        ],
        ..Setup::default()
    });
    d.wait_log("worker.ts:6:3", Duration::from_secs(20));
    let logs = d.logs();
    assert!(
        logs.contains("the decorator `@logged` is a TypeScript 5 standard decorator"),
        "{logs}"
    );
}
