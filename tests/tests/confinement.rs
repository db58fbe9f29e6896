//! Each pool reads only its own tree: two pools in sibling folders, run by
//! the same user, and pool `a`'s handler reaching for pool `b`'s files by
//! absolute path (`import()`, `require()`), through a relative `..`, and at
//! top level. Its own packages, linked pnpm-style into a store above its
//! root, and a folder of its `read_roots` still load.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bext_e2e::{Daemon, Setup};

/// Pool `a`'s handler: `?import=SPEC` imports SPEC (JSON or a script) and
/// answers what it got, `?require=SPEC` requires it; errors are thrown.
const A_WORKER: &str = r#"import { hello } from "pkg";
import requireFrom from "./req.cjs";
export default {
  async fetch(req) {
    const q = new URL(req.url).searchParams;
    if (q.has("import")) {
      const m = await import(q.get("import"));
      return Response.json({ got: m.default ?? Object.keys(m) });
    }
    if (q.has("require")) return Response.json({ got: requireFrom(q.get("require")) });
    return Response.json({ hello });
  },
};
"#;

const B_WORKER: &str = r#"export const token = "b's code";
export default { fetch: () => new Response("b") };
"#;

const STORE: &str = "node_modules/.pnpm";

/// Two pools in `a/` and `b/`; `a` has the package `pkg` (and its
/// dependency `dep`) linked from a workspace store above its root, and
/// may read `shared/`.
fn two_pools() -> Daemon {
    let pkg = format!("{STORE}/pkg@1.0.0/node_modules/pkg");
    let dep = format!("{STORE}/dep@2.0.0/node_modules/dep");
    let files = [
        ("a/worker.js", A_WORKER.to_string()),
        ("a/req.cjs", "module.exports = (p) => require(p);\n".to_string()),
        ("b/worker.js", B_WORKER.to_string()),
        ("b/secret.json", "{\"password\":\"hunter2\"}\n".to_string()),
        ("shared/config.json", "{\"shared\":true}\n".to_string()),
        (
            &format!("{pkg}/package.json"),
            r#"{"name":"pkg","type":"module","main":"index.js"}"#.to_string(),
        ),
        (
            &format!("{pkg}/index.js"),
            "import { word } from \"dep\";\nimport { bang } from \"./lib/bang.js\";\nexport const hello = word + bang;\n".to_string(),
        ),
        (&format!("{pkg}/lib/bang.js"), "export const bang = \"!\";\n".to_string()),
        (
            &format!("{dep}/package.json"),
            r#"{"name":"dep","type":"module","main":"index.js"}"#.to_string(),
        ),
        (&format!("{dep}/index.js"), "export const word = \"hello\";\n".to_string()),
    ];
    let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
    Daemon::start_with(Setup {
        config: "[pools.a]\nscript = \"a/worker.js\"\nroute = \"^/a\"\njsc_workers = 1\nread_roots = [\"shared\"]\n\
                 [pools.b]\nscript = \"b/worker.js\"\nroute = \"^/b\"\njsc_workers = 1\n",
        files: &files,
        symlinks: &[
            // pnpm in a workspace: the app's link leads out of its root.
            (
                "a/node_modules/pkg",
                "../../node_modules/.pnpm/pkg@1.0.0/node_modules/pkg",
            ),
            // A dependency sits next to its dependent in the store.
            (
                "node_modules/.pnpm/pkg@1.0.0/node_modules/dep",
                "../../dep@2.0.0/node_modules/dep",
            ),
        ],
        ..Setup::default()
    })
}

fn real(d: &Daemon) -> PathBuf {
    d.dir.path().canonicalize().unwrap()
}

fn refusal(verb: &str, file: &Path, root: &Path, shared: &Path) -> String {
    format!(
        "{verb} of {} refused: outside the pool's root {} and read_roots {}",
        file.display(),
        root.display(),
        shared.display()
    )
}

#[test]
fn a_pool_cannot_import_a_sibling_pools_files_but_reads_its_own_packages() {
    let d = two_pools();
    d.wait_workers(2);
    let base = real(&d);
    let (root, shared) = (base.join("a"), base.join("shared"));
    // Its own package, through the pnpm link out of its root, with the
    // package's own file and its dependency.
    let own = d.get("/a");
    assert_eq!(own.status, 200, "{}", d.logs());
    assert_eq!(own.json()["hello"], "hello!");
    // b's secret and b's script, by absolute path: refused, naming both.
    for file in ["secret.json", "worker.js"] {
        let path = base.join("b").join(file);
        let r = d.get(&format!("/a?import={}", path.display()));
        assert_eq!(r.status, 500, "{file}: {}", r.body);
        assert!(!r.body.contains("hunter2"));
        d.wait_log(
            &refusal("import", &path, &root, &shared),
            Duration::from_secs(10),
        );
    }
    // A relative path out of the root, and require().
    let secret = base.join("b/secret.json");
    assert_eq!(d.get("/a?import=../b/secret.json").status, 500);
    let r = d.get(&format!("/a?require={}", secret.display()));
    assert_eq!(r.status, 500);
    d.wait_log(
        &refusal("require", &secret, &root, &shared),
        Duration::from_secs(10),
    );
    // A folder of read_roots is let in.
    let r = d.get(&format!(
        "/a?import={}",
        shared.join("config.json").display()
    ));
    assert_eq!(r.status, 200, "{}", d.logs());
    assert_eq!(r.json()["got"]["shared"], true);
    // b itself still serves its own script.
    assert_eq!(d.get("/b").status, 200);
    // Both pools' workers were forked from one template, each confined to
    // its own pool's folders after the fork.
    assert!(d.logs().contains("template worker ready"), "{}", d.logs());
}

#[test]
fn a_top_level_import_outside_the_root_fails_the_worker_with_the_refusal() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"a/worker.js\"\njsc_workers = 1\n",
        files: &[
            (
                "a/worker.js",
                "import s from \"../b/secret.json\";\nexport default { fetch: () => Response.json(s) };\n",
            ),
            ("b/secret.json", "{\"password\":\"hunter2\"}\n"),
        ],
        ..Setup::default()
    });
    let base = real(&d);
    d.wait_log(
        &format!(
            "import of {} refused: outside the pool's root {} (add its folder to read_roots)",
            base.join("b/secret.json").display(),
            base.join("a").display()
        ),
        Duration::from_secs(20),
    );
    d.wait_until(Duration::from_secs(20), "the worker FAILED", || {
        d.workers()
            .iter()
            .any(|w| w["state"] == "FAILED")
            .then_some(())
    });
    assert!(!d.logs().contains("hunter2"));
}

/// Pool `a`'s handler spawns a job: `?spawn=SCRIPT` answers the job's id
/// or the error.
const A_SPAWNS: &str = r#"export default {
  async fetch(req) {
    const q = new URL(req.url).searchParams;
    try {
      return Response.json({ id: bext.jobs.spawn(q.get("spawn")) });
    } catch (e) {
      return Response.json({ error: e.message }, { status: 400 });
    }
  },
};
"#;

/// A job of `a` reaching for `b`'s secret.
const A_JOB: &str = r#"export async function run(job) {
  const m = await import(job.data.file);
  return m.default;
}
"#;

#[test]
fn a_pools_jobs_read_only_its_tree_too() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"a/worker.js\"\njsc_workers = 1\n",
        files: &[
            ("a/worker.js", A_SPAWNS),
            ("a/peek.js", A_JOB),
            ("b/job.js", "export const run = () => 'b ran';\n"),
            ("b/secret.json", "{\"password\":\"hunter2\"}\n"),
        ],
        ..Setup::default()
    });
    d.wait_workers(1);
    let base = real(&d);
    let secret = base.join("b/secret.json");
    // A handler may not start a job whose script is the sibling's.
    let r = d.get(&format!("/?spawn={}", base.join("b/job.js").display()));
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.json()["error"].as_str().unwrap().contains(&format!(
            "{} refused: outside the pool's root {}",
            base.join("b/job.js").display(),
            base.join("a").display()
        )),
        "{}",
        r.body
    );
    // Its own job may not import the sibling's files.
    let (code, out, err) = bext_e2e::bext(
        d.dir.path(),
        &[
            "jobs",
            "spawn",
            "a/peek.js",
            "--data",
            &format!("{{\"file\":\"{}\"}}", secret.display()),
        ],
    );
    assert_eq!(code, 0, "{err}");
    let id = out.trim();
    let job = d.wait_until(Duration::from_secs(20), "the job to fail", || {
        let j = d.get(&format!("/__bext/jobs/{id}")).json();
        (j["status"] == "failed").then_some(j)
    });
    let text = job.to_string();
    assert!(
        text.contains(&format!("import of {} refused", secret.display())),
        "{text}"
    );
    assert!(!text.contains("hunter2"), "{text}");
}
