//! node:fs from outside, on the real binaries: pool `a`'s handler reads its
//! own tree, is refused (EACCES, as Node reports what the OS refuses) the
//! sibling pool's file by `..`, `/etc/passwd` and a symlink that leaves its
//! root, writes only in its worker's temporary folder (`os.tmpdir()`),
//! which is emptied when the worker is rotated, finds a template beside its
//! module through `import.meta.url`, and meets the pool's `tmp_max_bytes`
//! as ENOSPC.

use std::path::PathBuf;
use std::time::Duration;

use bext_e2e::{Daemon, Setup, bext};

const A_WORKER: &str = r#"import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const error = (e) => ({ code: e.code, errno: e.errno, syscall: e.syscall, path: e.path, message: e.message });

export default {
  async fetch(req) {
    const q = new URL(req.url).searchParams;
    if (q.has("read")) {
      try {
        return Response.json({ text: fs.readFileSync(q.get("read"), "utf8") });
      } catch (e) {
        return Response.json(error(e));
      }
    }
    if (q.has("write")) {
      const file = path.join(os.tmpdir(), q.get("write"));
      try {
        fs.writeFileSync(file, "x".repeat(Number(q.get("bytes") ?? 4)));
        return Response.json({ tmp: os.tmpdir(), file, size: fs.statSync(file).size });
      } catch (e) {
        return Response.json(error(e));
      }
    }
    if (q.has("write-root")) {
      try {
        fs.writeFileSync("own.txt", "changed");
        return Response.json({ wrote: true });
      } catch (e) {
        return Response.json(error(e));
      }
    }
    const tpl = new URL("./views/page.html", import.meta.url);
    return Response.json({
      url: import.meta.url,
      dirname: import.meta.dirname,
      filename: import.meta.filename,
      page: fs.readFileSync(fileURLToPath(tpl), "utf8"),
      views: fs.readdirSync(path.join(import.meta.dirname, "views")),
    });
  },
};
"#;

fn daemon() -> Daemon {
    Daemon::start_with(Setup {
        config: "[pools.a]\nscript = \"a/worker.js\"\nroute = \"^/a\"\njsc_workers = 1\ntmp_max_bytes = 1000\n\
                 [pools.b]\nscript = \"b/worker.js\"\nroute = \"^/b\"\njsc_workers = 1\n",
        files: &[
            ("a/worker.js", A_WORKER),
            ("a/own.txt", "mine"),
            ("a/views/page.html", "<h1>page</h1>\n"),
            (
                "b/worker.js",
                "export default { fetch: () => new Response(\"b\") };\n",
            ),
            ("b/secret.txt", "b's secret"),
        ],
        symlinks: &[("a/leak.txt", "../b/secret.txt")],
        ..Setup::default()
    })
}

#[test]
fn a_pool_reads_its_own_tree_and_is_refused_the_rest_as_node_sees_eacces() {
    let d = daemon();
    d.wait_workers(2);
    assert_eq!(d.get("/a?read=own.txt").json()["text"], "mine");
    for path in ["../b/secret.txt", "/etc/passwd", "leak.txt"] {
        let got = d.get(&format!("/a?read={path}")).json();
        assert_eq!(got["code"], "EACCES", "{path}: {got}");
        assert_eq!(got["errno"], -13, "{path}: {got}");
        assert_eq!(got["syscall"], "open", "{path}: {got}");
        assert_eq!(got["path"], path, "{path}: {got}");
        assert_eq!(
            got["message"],
            format!("EACCES: permission denied, open '{path}'"),
            "{got}"
        );
    }
    let got = d.get("/a?write-root=1").json();
    assert_eq!(got["code"], "EACCES", "{got}");
    let own = std::fs::read_to_string(d.dir.path().join("a/own.txt")).unwrap();
    assert_eq!(own, "mine");
}

#[test]
fn import_meta_finds_the_files_beside_the_module() {
    let d = daemon();
    d.wait_workers(2);
    let got = d.get("/a").json();
    let dir = d.dir.path().join("a").canonicalize().unwrap();
    assert_eq!(got["dirname"], dir.to_str().unwrap(), "{got}");
    assert_eq!(
        got["filename"],
        dir.join("worker.js").to_str().unwrap(),
        "{got}"
    );
    assert_eq!(
        got["url"],
        format!("file://{}/worker.js", dir.display()),
        "{got}"
    );
    assert_eq!(got["page"], "<h1>page</h1>\n", "{got}");
    assert_eq!(got["views"], serde_json::json!(["page.html"]), "{got}");
}

#[test]
fn writes_land_in_the_worker_s_temporary_folder_which_goes_with_the_worker() {
    let d = daemon();
    let before = d.wait_workers(2);
    let got = d.get("/a?write=note.txt").json();
    let tmp = PathBuf::from(got["tmp"].as_str().unwrap());
    assert_eq!(got["size"], 4, "{got}");
    assert!(tmp.join("note.txt").is_file(), "{got}");
    assert!(
        tmp.file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("bext-fs-"),
        "{got}"
    );
    // Over tmp_max_bytes (1000): ENOSPC, as a full disk.
    let got = d.get("/a?write=big.bin&bytes=2000").json();
    assert_eq!(got["code"], "ENOSPC", "{got}");
    assert_eq!(got["message"], "ENOSPC: no space left on device, write");
    let (code, _, err) = bext(d.dir.path(), &["workers", "restart", "--pool", "a"]);
    assert_eq!(code, 0, "{err}");
    d.wait_rotated(&before, 1);
    d.wait_until(Duration::from_secs(10), "the folder removed", || {
        (!tmp.exists()).then_some(())
    });
    // The new worker has a folder of its own.
    let got = d.get("/a?write=again.txt").json();
    assert_ne!(got["tmp"].as_str().unwrap(), tmp.to_str().unwrap(), "{got}");
}
