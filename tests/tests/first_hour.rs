//! What a new user meets in the first hour: the README's multi-pool example,
//! recovering a slot that gave up after a bad deploy, and a handler that
//! forgets its `return` or returns something that is no answer.

use std::path::PathBuf;
use std::time::Duration;

use bext_e2e::{Daemon, Setup, Signal, bext, bin, wait_for};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn example(rel: &str) -> String {
    std::fs::read_to_string(repo_root().join("scripts/examples").join(rel)).unwrap()
}

#[test]
fn the_readme_multi_pool_example_routes_api_paths_to_the_api_pool() {
    // The example as shipped, but on an ephemeral port.
    let config: String = example("multi/bext.toml")
        .lines()
        .filter(|l| !l.starts_with("listen"))
        .map(|l| format!("{l}\n"))
        .collect();
    let (api, app) = (example("multi/api.js"), example("multi/app.js"));
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("api.js", &api), ("app.js", &app)],
        ..Setup::default()
    });
    d.wait_workers(3);
    let obj = d.get("/api/obj");
    assert_eq!(obj.status, 200);
    assert_eq!(obj.json()["pool"], "api");
    assert_eq!(obj.json()["path"], "/api/obj");
    let page = d.get("/about");
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("pool render served /about"),
        "{}",
        page.body
    );
    // `/apiary` is not under `/api/`: the default pool serves it.
    assert!(d.get("/apiary").body.contains("pool render"));
}

const GOOD: &str = "export function handler(req) { return 'ok'; }\n";

/// Kills the pool's worker while its script is broken, and waits until the
/// slot has given up.
/// Breaks the pool so that its slot gives up: a crash restart starts the
/// version the pool runs, whatever the script says now, so it is the worker
/// program that fails (`w.sh` exits while the file `broken` exists).
fn break_the_pool(d: &mut Daemon) {
    std::fs::write(d.dir.path().join("broken"), "").unwrap();
    for pid in d.worker_pids() {
        let _ = nix::sys::signal::kill(pid, Signal::SIGKILL);
    }
    wait_for(Duration::from_secs(15), "the slot to give up", || {
        let (_, out, _) = bext(d.dir.path(), &["ps"]);
        out.contains("(gave up: ").then_some(())
    });
    assert_eq!(d.get("/").status, 503);
}

fn fix_and_wait_served(d: &mut Daemon, revive: impl FnOnce(&Daemon)) {
    std::fs::remove_file(d.dir.path().join("broken")).unwrap();
    revive(d);
    wait_for(Duration::from_secs(15), "the revived slot to serve", || {
        (d.get("/").status == 200).then_some(())
    });
    let (_, out, _) = bext(d.dir.path(), &["ps"]);
    assert!(out.contains("ACTIVE") && !out.contains("gave up"), "{out}");
}

#[test]
fn a_slot_that_gave_up_is_revived_by_restart_of_all_a_pool_or_sighup() {
    let wrapper = format!(
        "#!/bin/sh\n[ -f \"$(dirname \"$0\")/broken\" ] && exit 1\nexec {} \"$@\"\n",
        bin("bext-worker").display()
    );
    let mut d = Daemon::start_with(Setup {
        config: "[server]\nworker_bin = \"w.sh\"\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle.recovery]\nmax_consecutive_failures = 2\nbackoff_initial_ms = 10\nbackoff_max_ms = 10\n",
        files: &[("worker.js", GOOD), ("w.sh", &wrapper)],
        ..Setup::default()
    });
    d.wait_workers(1);

    break_the_pool(&mut d);
    fix_and_wait_served(&mut d, |d| {
        let (code, out, err) = bext(d.dir.path(), &["workers", "restart"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, "Restarting 1 worker (rolling; see bext ps)\n");
    });

    break_the_pool(&mut d);
    fix_and_wait_served(&mut d, |d| {
        let (code, _, err) = bext(d.dir.path(), &["workers", "restart", "--pool", "render"]);
        assert_eq!(code, 0, "{err}");
    });

    break_the_pool(&mut d);
    fix_and_wait_served(&mut d, |d| d.signal(Signal::SIGHUP));
}

#[test]
fn a_handler_that_returns_nothing_answers_500_and_says_why_once() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        "export function handler(req) { const page = `<p>${req.path}</p>`; }\n",
    );
    d.wait_workers(1);
    for _ in 0..3 {
        let r = d.get("/forgot");
        assert_eq!(r.status, 500);
        assert_eq!(r.body, "500 the handler returned no response\n");
    }
    let async_too = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        "export async function handler(req) { await null; }\n",
    );
    async_too.wait_workers(1);
    assert_eq!(async_too.get("/").status, 500);
    d.wait_log(
        "Did it forget to `return` its response?",
        Duration::from_secs(5),
    );
    assert_eq!(d.count_log("Did it forget to `return`"), 1, "{}", d.logs());
    assert!(d.logs().contains("returned undefined for GET /forgot"));
}

#[test]
fn a_handler_that_returns_a_function_or_a_symbol_answers_500_and_says_why_once() {
    let plain = "export function handler(req) { return req.path === '/symbol' ? Symbol('page') : () => 'a page'; }\n";
    let web = "export default { fetch(r) { return new URL(r.url).pathname === '/web/symbol' ? Symbol('page') : async () => 'a page'; } };\n";
    let d = Daemon::start_with(Setup {
        config: "[pools.web]\nscript = \"web.js\"\njsc_workers = 1\nroute = \"^/web/\"\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", plain), ("web.js", web)],
        ..Setup::default()
    });
    d.wait_workers(2);
    for _ in 0..2 {
        for (path, answer) in [
            ("/function", "a function, not a response"),
            ("/symbol", "a symbol, not a response"),
            ("/web/function", "a function, not a response"),
            ("/web/symbol", "a symbol, not a response"),
        ] {
            let r = d.get(path);
            assert_eq!(
                (r.status, r.body.as_str()),
                (500, format!("500 the handler returned {answer}\n").as_str()),
                "{path}"
            );
        }
    }
    for line in [
        "handler(req) returned a function for GET /function; answered 500",
        "handler(req) returned a symbol for GET /symbol; answered 500",
        "fetch(request) returned a function for GET /web/function; answered 500",
        "fetch(request) returned a symbol for GET /web/symbol; answered 500",
    ] {
        d.wait_log(line, Duration::from_secs(5));
    }
    for what in ["a function", "a symbol"] {
        assert_eq!(
            d.count_log(&format!("returned {what} for")),
            2,
            "once per worker: {}",
            d.logs()
        );
    }
}

#[test]
fn the_install_script_lays_out_a_prefix_whose_bextd_finds_its_worker() {
    let dest = tempfile::tempdir().unwrap();
    let bins = bin("bextd").parent().unwrap().to_path_buf();
    let out = std::process::Command::new(repo_root().join("scripts/install"))
        .env("DESTDIR", dest.path())
        .env("PREFIX", "/usr")
        .env("BEXT_BIN_DIR", &bins)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let usr = dest.path().join("usr");
    for f in [
        "bin/bextd",
        "bin/bext",
        "libexec/bext/bext-worker",
        "share/man/man8/bextd.8",
        "share/man/man1/bext.1",
        "share/man/man5/bext.toml.5",
        "share/bash-completion/completions/bext",
        "share/zsh/site-functions/_bext",
        "share/fish/vendor_completions.d/bext.fish",
    ] {
        assert!(usr.join(f).is_file(), "{f} not installed");
    }
    assert!(
        !usr.join("bin/bext-worker").exists(),
        "the worker is not a user command"
    );
    let installed = usr.join("bin/bextd");
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", GOOD)],
        bextd: Some(&installed),
        ..Setup::default()
    });
    d.wait_workers(1);
    assert_eq!(d.get("/").body, "ok");
}
