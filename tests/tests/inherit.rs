//! What processes bextd starts inherit, and the edges around them: a clean
//! environment (`env`, `env_pass`) for exec'd, forked and job processes;
//! bytecode only from workers that have served nothing; the signal file
//! read as a small regular file only; the control socket's folder checked.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::time::Duration;

use bext_e2e::{Daemon, Setup, bext, bin, can_act_as_root, wait_for};
use nix::unistd::Pid;
use serde_json::Value;

const APP: &str = r#"export function handler(req) { return "original"; }"#;

const WAIT: &str = r#"
export async function run(job) {
  while (!job.cancelled) await job.sleep(20);
  return "stopped";
}
"#;

/// bextd's own secrets, which no process it starts may see.
const SECRETS: &[(&str, &str)] = &[
    ("SECRET_TOKEN", "x"),
    ("PGPASSWORD", "y"),
    ("DATABASE_URL", "postgres://db/app"),
];

/// The environment of `pid`, from /proc.
fn environ(pid: Pid) -> BTreeMap<String, String> {
    let raw = std::fs::read(format!("/proc/{pid}/environ")).expect("read environ");
    raw.split(|b| *b == 0)
        .filter(|v| !v.is_empty())
        .filter_map(|v| {
            let v = String::from_utf8_lossy(v);
            let (k, v) = v.split_once('=')?;
            Some((k.to_string(), v.to_string()))
        })
        .collect()
}

fn start(spawn: &str, extra: &str) -> Daemon {
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nspawn = \"{spawn}\"\nenv = {{ MODE = \"prod\" }}\n{extra}"
    );
    Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", APP), ("jobs/wait.js", WAIT)],
        env: SECRETS,
        ..Setup::default()
    })
}

/// Starts a job that runs until cancelled; returns its process.
fn job(d: &Daemon) -> Pid {
    let (code, out, err) = bext(d.dir.path(), &["jobs", "spawn", "jobs/wait.js"]);
    assert_eq!(code, 0, "{err}");
    let id = out.trim().to_string();
    wait_for(Duration::from_secs(10), "the job's process", || {
        let j: Value = d.get(&format!("/__bext/jobs/{id}")).json();
        j["pid"].as_u64().map(|p| Pid::from_raw(p as i32))
    })
}

/// Asserts `env` holds nothing of bextd's but what it may.
fn clean(env: &BTreeMap<String, String>, passed: &[&str], what: &str) {
    let bextd = environ(Pid::this());
    for (k, v) in env {
        let kept = ["PATH", "LANG", "TZ", "SSL_CERT_FILE", "SSL_CERT_DIR"];
        let allowed = kept.contains(&k.as_str())
            || ["HOME", "MODE"].contains(&k.as_str())
            || k.starts_with("BEXT_")
            || passed.contains(&k.as_str());
        assert!(allowed, "{what} got {k}={v}: {env:?}");
    }
    assert_eq!(env.get("MODE").map(String::as_str), Some("prod"), "{what}");
    assert_eq!(env.get("PATH"), bextd.get("PATH"), "{what}");
}

#[test]
fn exec_forked_and_job_processes_get_a_clean_environment() {
    for spawn in ["exec", "template"] {
        let d = start(spawn, "");
        let worker = d.wait_workers(1)[0];
        clean(&environ(worker), &[], &format!("a worker by {spawn}"));
        clean(&environ(job(&d)), &[], &format!("a job by {spawn}"));
        if spawn == "template" {
            let template = bext_e2e::children(d.pid)
                .into_iter()
                .find(|p| bext_e2e::is_template(*p))
                .expect("a template");
            let env = environ(template);
            assert!(!env.contains_key("PGPASSWORD"), "the template: {env:?}");
            assert!(!env.contains_key("SECRET_TOKEN"), "the template: {env:?}");
        }
    }
}

#[test]
fn env_pass_passes_the_named_variables_only() {
    let d = start("auto", "env_pass = [\"DATABASE_URL\", \"NOT_SET\"]\n");
    let env = environ(d.wait_workers(1)[0]);
    clean(&env, &["DATABASE_URL"], "a worker with env_pass");
    assert_eq!(env["DATABASE_URL"], "postgres://db/app");
    assert!(!env.contains_key("NOT_SET"));
    // The pool's jobs get it too.
    let env = environ(job(&d));
    clean(&env, &["DATABASE_URL"], "a job with env_pass");
    assert_eq!(env["DATABASE_URL"], "postgres://db/app");
}

#[test]
fn env_pass_takes_names_only() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("w.js"), APP).unwrap();
    std::fs::write(
        dir.path().join("bext.toml"),
        "[render]\nscript = \"w.js\"\nenv_pass = [\"OK_NAME\", \"PGPASSWORD=y\", \"1X\"]\n",
    )
    .unwrap();
    let (code, _, err) =
        bext_e2e::run_bextd(&["--check-config", "--config", "bext.toml"], dir.path());
    assert_eq!(code, 78, "{err}");
    assert!(err.contains("render.env_pass"), "{err}");
    assert!(err.contains("\"PGPASSWORD=y\""), "{err}");
    assert!(err.contains("\"1X\""), "{err}");
    assert!(!err.contains("\"OK_NAME\""), "{err}");
}

#[test]
fn bytecode_from_a_worker_that_served_is_never_run_by_the_next() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", APP)],
        env: &[("BEXT_TEST_FAULTS", "requests")],
        ..Setup::default()
    });
    let first = d.wait_workers(1);
    let script = d.dir.path().join("worker.js");
    let r = d.request(
        "GET",
        "/",
        &[
            ("x-bext-test-fault", "compiled-frame"),
            ("x-bext-test-module", script.to_str().unwrap()),
        ],
        b"",
    );
    assert_eq!(r.body, "original");
    d.wait_log(
        "ignored compiled modules from a worker that may have served",
        Duration::from_secs(10),
    );
    let (code, _, err) = bext(d.dir.path(), &["workers", "restart"]);
    assert_eq!(code, 0, "{err}");
    d.wait_rotated(&first, 0);
    for _ in 0..3 {
        assert_eq!(d.get("/").body, "original", "{}", d.logs());
    }
    assert_eq!(d.count_log("ignored compiled modules"), 1, "{}", d.logs());
}

#[test]
fn a_fifo_or_a_link_to_dev_zero_as_the_signal_file_is_ignored() {
    let d = Daemon::start_with(Setup {
        config: "[server]\nrestart_signal_file = \"signal\"\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", APP)],
        ..Setup::default()
    });
    d.wait_workers(1);
    let file = d.dir.path().join("signal");
    nix::unistd::mkfifo(&file, nix::sys::stat::Mode::S_IRWXU).unwrap();
    d.wait_log(
        "ignored the restart signal file: it is a FIFO",
        Duration::from_secs(10),
    );
    assert_eq!(d.get("/").status, 200, "still serving");
    // Touched again, the same FIFO is not logged again (the symbolic
    // link's line below comes after this event's handling).
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::remove_file(&file).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &file).unwrap();
    d.wait_log("it is a symbolic link", Duration::from_secs(10));
    assert_eq!(d.get("/").status, 200, "still serving");
    let rss = std::fs::read_to_string(format!("/proc/{}/status", d.pid)).unwrap();
    let kb: u64 = rss
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    assert!(kb < 200 * 1024, "bextd holds {kb} kB");
    assert_eq!(
        d.count_log("ignored the restart signal file"),
        2,
        "{}",
        d.logs()
    );
}

/// Runs bextd as `nobody` with its default control socket in
/// `runtime/bext`; returns its exit code and stderr.
fn bextd_as_nobody(runtime_mode: u32, owner: u32, mode: u32) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(dir.path().join("w.js"), APP).unwrap();
    std::fs::write(
        dir.path().join("bext.toml"),
        "[server]\nlisten = \"127.0.0.1:0\"\n[render]\nscript = \"w.js\"\njsc_workers = 1\n",
    )
    .unwrap();
    let runtime = dir.path().join("run");
    let folder = runtime.join("bext");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(runtime_mode)).unwrap();
    nix::unistd::chown(&folder, Some(owner.into()), None).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(mode)).unwrap();
    // Copies of the binaries in a folder nobody can enter: the checkout
    // (a private temp folder, /root) may not be.
    let bins = dir.path().join("bin");
    std::fs::create_dir(&bins).unwrap();
    for name in ["bextd", "bext-worker"] {
        std::fs::copy(bin(name), bins.join(name)).unwrap();
    }
    let out = std::process::Command::new(bins.join("bextd"))
        .args(["--config", "bext.toml"])
        .current_dir(dir.path())
        .env_clear()
        .env("XDG_RUNTIME_DIR", &runtime)
        .uid(65534)
        .gid(65534)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_socket_folder_of_another_user_or_open_to_others_refuses_to_start() {
    if !can_act_as_root("a_socket_folder_of_another_user_or_open_to_others_refuses_to_start") {
        return;
    }
    let (code, err) = bextd_as_nobody(0o755, 0, 0o755);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("is owned by uid 0 with mode 755"), "{err}");
    assert!(err.contains("chown 65534"), "{err}");
    let (code, err) = bextd_as_nobody(0o755, 65534, 0o777);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("is owned by uid 65534 with mode 777"), "{err}");
}
