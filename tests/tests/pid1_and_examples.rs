//! bextd as PID 1 of a PID namespace, and the bundled examples.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use bext_e2e::{Daemon, Setup, Signal, bext, bin, children, comm, exists, run_bextd, wait_for};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn as_pid_1_it_reaps_orphaned_grandchildren_and_still_stops_cleanly() {
    // The worker's wrapper leaves a grandchild behind: `(sleep 2 &)` forks
    // sleep from a subshell that exits at once, so sleep is re-parented to
    // PID 1 of the namespace, which is bextd.
    let wrapper = format!(
        "#!/bin/sh\n(sleep 2 &)\nexec '{}'\n",
        bin("bext-worker").display()
    );
    let mut d = Daemon::start_with(Setup {
        config: "[server]\nworker_bin = \"wrapper.sh\"\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[
            ("worker.js", "export const handler = () => 'ok';"),
            ("wrapper.sh", &wrapper),
        ],
        wrapper: &["unshare", "--pid", "--fork", "--kill-child"],
        ..Setup::default()
    });
    d.wait_workers(1);
    assert_eq!(d.get("/").body, "ok");
    let orphan = wait_for(
        Duration::from_secs(10),
        "the orphaned sleep under bextd",
        || {
            children(d.pid)
                .into_iter()
                .find(|p| comm(*p).as_deref() == Some("sleep"))
        },
    );
    // When it exits, bextd must reap it: a zombie would stay in /proc.
    wait_for(Duration::from_secs(10), "the orphan to be reaped", || {
        (!exists(orphan)).then_some(())
    });
    // The log is read by another thread: the line may still be on its way.
    d.wait_log("reaped an orphaned process", Duration::from_secs(5));

    let workers = d.worker_pids();
    d.signal(Signal::SIGTERM);
    let status = d.wait_exit(Duration::from_secs(15));
    assert_eq!(status.code(), Some(0), "log:\n{}", d.logs());
    // The log is read by another thread: its last lines may still be on
    // their way when the process is gone.
    d.wait_log("bextd stopped", Duration::from_secs(5));
    for w in workers {
        wait_for(Duration::from_secs(5), "the worker to be gone", || {
            (!exists(w)).then_some(())
        });
    }
}

/// Starts bextd with a two-worker pool running the example script at `rel`.
fn start_example(rel: &str) -> Daemon {
    let script = repo_root().join(rel);
    let config = format!(
        "[render]\nscript = \"{}\"\njsc_workers = 2\n",
        script.display()
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        ..Setup::default()
    });
    d.wait_workers(2);
    d
}

#[test]
fn the_hello_example_serves() {
    let d = start_example("scripts/examples/hello/worker.js");
    let r = d.get("/hi");
    assert_eq!(r.status, 200);
    assert!(
        r.body.contains("<h1>Hello from bext</h1><p>GET /hi</p>"),
        "{}",
        r.body
    );
    assert_eq!(d.get("/json").json()["hello"], "world");
}

#[test]
fn the_web_example_routes_uploads_and_streams() {
    let script = repo_root().join("scripts/examples/web/app.js");
    let config = format!(
        "[render]\nscript = \"{}\"\njsc_workers = 2\nenv = {{ GREETING = \"Hello\" }}\ncompress = true\n",
        script.display()
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        ..Setup::default()
    });
    d.wait_workers(2);
    assert_eq!(
        d.get("/hello/ada").json(),
        serde_json::json!({"greeting": "Hello, ada!"})
    );
    d.wait_log("greeted ada", Duration::from_secs(5));
    assert_eq!(d.get("/x").body, "Hello from GET /x\n");
    let gif: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff";
    let mut body = b"--b\r\ncontent-disposition: form-data; name=\"pic\"; filename=\"a.gif\"\r\ncontent-type: image/gif\r\n\r\n".to_vec();
    body.extend_from_slice(gif);
    body.extend_from_slice(b"\r\n--b--\r\n");
    let r = d.request(
        "POST",
        "/upload",
        &[("content-type", "multipart/form-data; boundary=b")],
        &body,
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(
        r.json(),
        serde_json::json!({"files": [{"field": "pic", "name": "a.gif", "type": "image/gif", "size": gif.len()}]})
    );
    let r = d.get("/countdown");
    assert_eq!(r.header("transfer-encoding"), Some("chunked"));
    assert_eq!(r.body, "3...\n2...\n1...\nliftoff!\n");
}

#[test]
fn the_ssr_example_renders_preact_pages() {
    let root = repo_root();
    let build = root.join("scripts/examples/ssr/build.sh");
    let out = Command::new("bash")
        .arg(&build)
        .output()
        .expect("run the SSR build");
    assert!(
        out.status.success(),
        "build.sh failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let d = start_example("scripts/examples/ssr/dist/worker.js");
    let home = d.get("/");
    assert_eq!(home.status, 200);
    assert_eq!(
        home.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(
        home.body.starts_with("<!DOCTYPE html><html lang=\"en\">"),
        "{}",
        home.body
    );
    assert!(home.body.contains("<title>bext SSR example</title>"));
    assert!(home.body.contains("<h1>bext SSR example</h1>"));
    for item in ["/item/1", "/item/2", "/item/3"] {
        assert!(
            home.body.contains(&format!("href=\"{item}\"")),
            "link to {item}: {}",
            home.body
        );
    }
    let item = d.get("/item/2");
    assert_eq!(item.status, 200);
    assert!(item.body.contains("Preact"), "{}", item.body);
    assert_eq!(d.get("/nope").status, 404);
    let api = d.get("/api/items").json();
    assert_eq!(api["items"].as_array().map(Vec::len), Some(3));
    drop(d);
    // The client bundle the page loads, from the example's [[static]] entry.
    assert!(
        home.body
            .contains("<script type=\"module\" src=\"/assets/client.js\"></script>"),
        "{}",
        home.body
    );
    let example = root.join("scripts/examples/ssr");
    let (code, _, err) = run_bextd(&["--check-config", "--config", "bext.toml"], &example);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(example.join("bext.toml")).unwrap();
    let statics = &text[text.find("[[static]]").unwrap()..];
    let config = format!(
        "[render]\nscript = \"{}\"\njsc_workers = 2\n{}",
        example.join("dist/worker.js").display(),
        statics.replace(
            "\"dist/assets\"",
            &format!("{:?}", example.join("dist/assets"))
        ),
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        ..Setup::default()
    });
    d.wait_workers(2);
    let js = d.get("/assets/client.js");
    assert_eq!(js.status, 200);
    assert_eq!(js.header("content-type"), Some("text/javascript"));
    assert!(js.body.contains("filter-data"), "{}", js.body);
    let gz = d.request(
        "HEAD",
        "/assets/client.js",
        &[("accept-encoding", "gzip")],
        b"",
    );
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    // Not in the bundle's folder: the app's own 404 page.
    let r = d.get("/assets/nope.js");
    assert_eq!(r.status, 404);
    assert!(r.body.contains("404: not found"), "{}", r.body);
}

/// The example in `scripts/examples/NAME`, as its own files say, on an
/// ephemeral port, once its `workers` are up.
fn start_real_example(name: &str, files: &[&str], workers: usize) -> Daemon {
    let dir = repo_root().join("scripts/examples").join(name);
    let config = std::fs::read_to_string(dir.join("bext.toml")).unwrap();
    let config: String = config
        .lines()
        .filter(|l| !l.starts_with("listen ="))
        .map(|l| format!("{l}\n"))
        .collect();
    // The harness gives a config without a control socket one of its own;
    // this comment stops it, so the example's own (or bextd's default,
    // shared by every bextd of the user) is what this test runs with.
    let config = format!("{config}# control_socket: as the example names it\n");
    let texts: Vec<(&str, String)> = files
        .iter()
        .map(|f| (*f, std::fs::read_to_string(dir.join(f)).unwrap()))
        .collect();
    let files: Vec<(&str, &str)> = texts.iter().map(|(f, t)| (*f, t.as_str())).collect();
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &files,
        ..Setup::default()
    });
    d.wait_workers(workers);
    d
}

#[test]
fn two_examples_run_side_by_side_each_on_its_own_control_socket() {
    let web = start_real_example("web", &["app.js"], 2);
    let multi = start_real_example("multi", &["api.js", "app.js"], 3);
    assert_eq!(web.get("/x").body, "Hello from GET /x\n");
    assert_eq!(multi.get("/api/obj").status, 200);
    // Each `bext -c` reaches its own bextd.
    for (d, workers) in [(&web, 2), (&multi, 3)] {
        let (code, out, err) = bext(d.dir.path(), &["ps"]);
        assert_eq!(code, 0, "{err}");
        let head = format!("Workers ({workers}/{workers} active)");
        assert!(out.starts_with(&head), "{out}");
        assert!(d.dir.path().join("bext.sock").exists());
    }
}
