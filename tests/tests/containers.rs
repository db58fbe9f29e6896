//! End-to-end: the shutdown sequence a load balancer needs. On SIGTERM
//! `/__bext/ready` answers 503 at once while bextd goes on accepting and
//! serving for `shutdown_delay_ms`; a client that stops sending when
//! readiness turns 503 (what a Service does when it removes the pod from
//! its endpoints) loses nothing; bextd then drains and exits 0. A second
//! SIGTERM ends the delay at once.

use std::time::Duration;

use bext_e2e::{Daemon, Load, Setup, Signal, bext, request, wait_for};

const HELLO: &str = "export function handler(req) { return `hello ${req.path}`; }\n";

fn start(server: &str) -> Daemon {
    let config = format!("[server]\n{server}\n[render]\nscript = \"worker.js\"\njsc_workers = 2\n");
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", HELLO)],
        ..Setup::default()
    });
    d.wait_workers(2);
    d
}

/// Waits until `/__bext/ready` answers 503; returns its body.
fn wait_not_ready(d: &Daemon) -> serde_json::Value {
    wait_for(Duration::from_secs(5), "readiness to answer 503", || {
        let r = d.get("/__bext/ready");
        (r.status == 503).then(|| r.json())
    })
}

#[test]
fn sigterm_turns_readiness_503_and_serves_through_the_delay_without_a_loss() {
    let mut d = start("shutdown_delay_ms = 3000\nshutdown_timeout_ms = 20000");
    let ready = d.get("/__bext/ready");
    assert_eq!(ready.status, 200, "{}", ready.body);
    let load = Load::get(&d, 4, "/work");
    load.wait_answered(50);
    d.signal(Signal::SIGTERM);
    let body = wait_not_ready(&d);
    assert_eq!(body["shutting_down"], true, "{body}");
    // The balancer took the pod out: its clients stop sending. Nothing
    // they sent was lost.
    let answers = load.finish();
    assert!(answers.failed.is_empty(), "{:?}", answers.failed);
    assert!(answers.sent() > 50);
    // Still inside the delay: new connections are served, liveness holds.
    let r = d.get("/late");
    assert_eq!((r.status, r.body.as_str()), (200, "hello /late"));
    assert_eq!(d.get("/__bext/health").status, 200);
    let status = d.wait_exit(Duration::from_secs(20));
    assert_eq!(status.code(), Some(0), "{}", d.logs());
    let logs = d.logs();
    for phase in [
        "shutdown: /__bext/ready answers 503",
        "shutdown: stopped accepting",
        "shutdown: open requests finished",
        "shutdown: workers drained",
        "bextd stopped",
    ] {
        assert!(logs.contains(phase), "no {phase:?} line in {logs}");
    }
}

#[test]
fn a_second_sigterm_ends_the_delay_at_once() {
    // A delay far longer than the test may wait: only the second signal
    // can end it in time.
    let mut d = start("shutdown_delay_ms = 300000\nshutdown_timeout_ms = 600000");
    d.signal(Signal::SIGTERM);
    wait_not_ready(&d);
    assert_eq!(d.get("/still").status, 200);
    d.signal(Signal::SIGTERM);
    let status = d.wait_exit(Duration::from_secs(20));
    assert_eq!(status.code(), Some(0), "{}", d.logs());
    assert!(
        d.logs().contains("second signal during shutdown_delay_ms"),
        "{}",
        d.logs()
    );
}

#[test]
fn without_a_delay_bextd_stops_accepting_at_once() {
    let mut d = start("shutdown_delay_ms = 0");
    let addr = d.addr;
    d.signal(Signal::SIGTERM);
    let status = d.wait_exit(Duration::from_secs(20));
    assert_eq!(status.code(), Some(0));
    let refused = std::panic::catch_unwind(|| request(addr, "GET", "/", &[], b""));
    assert!(refused.is_err(), "a stopped bextd still answered");
}

/// A fake cgroup v2 tree: the container's own cgroup has no limit of its
/// own, its parent (the pod) has 1.5 CPUs and 256 MiB.
#[test]
fn the_container_limits_come_from_the_tightest_cgroup() {
    let tree = tempfile::tempdir().unwrap();
    for (path, text) in [
        ("cgroup.controllers", "cpu memory\n"),
        ("pod/cpu.max", "150000 100000\n"),
        ("pod/memory.max", "268435456\n"),
        ("pod/c/cpu.max", "max 100000\n"),
        ("pod/c/memory.max", "max\n"),
    ] {
        let p = tree.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let root = tree.path().to_str().unwrap();
    // Two workers of 512 MB each cannot fit 256 MiB: bextd says so.
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 2\n[render.lifecycle]\nmax_memory_mb = 512\n",
        files: &[("worker.js", HELLO)],
        env: &[
            ("BEXT_CGROUP_ROOT", root),
            ("BEXT_CGROUP_SELF", "0::/pod/c\n"),
        ],
        ..Setup::default()
    });
    d.wait_workers(2);
    let health = d.get("/__bext/health").json();
    assert_eq!(health["limits"]["cpus"], 1.5, "{health}");
    assert_eq!(health["limits"]["memory_bytes"], 268435456, "{health}");
    let metrics = d.get("/metrics").body;
    assert!(
        metrics.contains("bext_container_cpu_limit 1.5"),
        "{metrics}"
    );
    assert!(
        metrics.contains("bext_container_memory_limit_bytes 268435456"),
        "{metrics}"
    );
    let (code, ps, err) = bext(d.dir.path(), &["ps"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        ps.starts_with("Container limits: 1.5 CPUs, 256 MB memory\n"),
        "{ps}"
    );
    let warning = "more than the container's memory limit of 256 MB";
    assert_eq!(d.count_log(warning), 1, "{}", d.logs());
    // A reload is checked again, against the limit read again.
    let (code, out, err) = bext(d.dir.path(), &["reload"]);
    assert_eq!(code, 0, "{out}{err}");
    d.wait_log("config reloaded", Duration::from_secs(5));
    assert_eq!(d.count_log(warning), 2, "{}", d.logs());
}

/// `jsc_workers = "auto"` sizes the pool by the cgroup's CPU quota.
#[test]
fn auto_workers_follow_the_cpu_quota() {
    let tree = tempfile::tempdir().unwrap();
    for (path, text) in [
        ("cgroup.controllers", "cpu memory\n"),
        ("c/cpu.max", "100000 100000\n"),
        ("c/memory.max", "max\n"),
    ] {
        let p = tree.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let root = tree.path().to_str().unwrap();
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = \"auto\"\n",
        files: &[("worker.js", HELLO)],
        env: &[("BEXT_CGROUP_ROOT", root), ("BEXT_CGROUP_SELF", "0::/c\n")],
        ..Setup::default()
    });
    d.wait_workers(1);
    let workers = d.workers();
    assert_eq!(workers.len(), 1, "{workers:?}");
    assert_eq!(d.get("/x").body, "hello /x");
}

/// The manifests of `deploy/kubernetes` validate against the Kubernetes
/// JSON schemas of two minor versions, strictly (no unknown field), offline:
/// `scripts/test` installs kubernetes-validate, which bundles the schemas.
#[test]
fn the_kubernetes_manifests_validate_against_two_versions() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let validate = root.join("target/py/bin/kubernetes-validate");
    assert!(
        validate.exists(),
        "{} is missing: scripts/test installs it",
        validate.display()
    );
    let dir = root.join("deploy/kubernetes");
    let kustomization = std::fs::read_to_string(dir.join("kustomization.yaml")).unwrap();
    let files: Vec<_> = kustomization
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .filter(|f| f.ends_with(".yaml"))
        .map(|f| dir.join(f))
        .collect();
    assert!(files.len() >= 5, "{files:?}");
    for version in ["1.33.0", "1.37.0"] {
        let out = std::process::Command::new(&validate)
            .args(["-k", version, "--strict"])
            .args(&files)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{version}: {text}");
        assert_eq!(text.matches("passed").count(), files.len(), "{text}");
    }
}

/// `bext check` passes the bundled manifests (with the bext.toml of their
/// ConfigMap) and fails a copy whose grace period is shorter than the
/// drain and whose memory limit cannot hold every worker, with the numbers;
/// a broken bext.toml given with `-c` is exit 78.
#[test]
fn bext_check_passes_the_bundled_manifests_and_fails_a_bad_copy_with_numbers() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let base = root.join("deploy/kubernetes");
    let tmp = tempfile::tempdir().unwrap();
    let (code, out, err) = bext(tmp.path(), &["check", base.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("passed: 0 failed"), "{out}");

    let copy = tmp.path().join("k8s");
    std::fs::create_dir(&copy).unwrap();
    for entry in std::fs::read_dir(&base).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, copy.join(path.file_name().unwrap())).unwrap();
    }
    let deployment = copy.join("deployment.yaml");
    let text = std::fs::read_to_string(&deployment)
        .unwrap()
        .replace(
            "terminationGracePeriodSeconds: 45",
            "terminationGracePeriodSeconds: 20",
        )
        .replace("memory: 1Gi", "memory: 512Mi");
    std::fs::write(&deployment, text).unwrap();
    let (code, out, _) = bext(tmp.path(), &["check", copy.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "FAIL  terminationGracePeriodSeconds 20 < shutdown_timeout_ms 30 s + margin 5 s = 35 s"
        ),
        "{out}"
    );
    assert!(
        out.contains("FAIL  limits.memory 512 MB < render 2 x max_memory_mb 256 MB + jobs 128 MB + bextd 32 MB = 672 MB"),
        "{out}"
    );
    assert!(out.contains("FAILED: 2 failed"), "{out}");

    let bad = tmp.path().join("bad.toml");
    std::fs::write(&bad, "[server]\nlisten = \"nowhere\"\n").unwrap();
    let (code, out, _) = bext(
        tmp.path(),
        &["-c", bad.to_str().unwrap(), "check", base.to_str().unwrap()],
    );
    assert_eq!(code, 78, "{out}");
    assert!(out.contains("server.listen"), "{out}");
}

/// The bundled ConfigMap lets only loopback call the admin paths (its
/// probes answer anyway), and `bext check` warns, with the rule, about a
/// bext.toml whose `admin_allow` reaches further.
#[test]
fn the_kubernetes_base_keeps_admin_paths_on_loopback_and_bext_check_flags_a_wider_allow() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let base = root.join("deploy/kubernetes");
    let map = std::fs::read_to_string(base.join("configmap.yaml")).unwrap();
    let allow: Vec<&str> = map
        .lines()
        .filter(|l| l.trim_start().starts_with("admin_allow"))
        .collect();
    assert_eq!(allow, ["    admin_allow = [\"127.0.0.1/32\", \"::1/128\"]"]);
    let tmp = tempfile::tempdir().unwrap();
    let (code, out, err) = bext(tmp.path(), &["check", base.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("ok    [server] admin_allow is loopback only"),
        "{out}"
    );

    let wide = tmp.path().join("wide.toml");
    let toml = map
        .split_once("bext.toml: |\n")
        .unwrap()
        .1
        .lines()
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
        .replace("\"::1/128\"]", "\"::1/128\", \"10.0.0.0/8\"]");
    std::fs::write(&wide, toml).unwrap();
    let (code, out, _) = bext(
        tmp.path(),
        &[
            "-c",
            wide.to_str().unwrap(),
            "check",
            base.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "a warning, not a failure: {out}");
    assert!(
        out.contains(
            "warn  [server] admin_allow 10.0.0.0/8 reaches beyond loopback: every peer there"
        ),
        "{out}"
    );
}

/// `scripts/image` assembles an OCI image layout without a daemon; its
/// layer unpacks into a root file system from which bextd, run as PID 1 of
/// its own PID namespace (`unshare`, chrooted into it), serves the bundled
/// example with the libraries the image carries, and stops cleanly on
/// SIGTERM. (A runtime would also mount /dev and honour the image's
/// non-root `User`; here /dev/null is made by hand and bextd runs as root.)
#[test]
fn the_oci_image_unpacks_and_serves_as_pid_1() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let tmp = tempfile::tempdir().unwrap();
    let layout = tmp.path().join("oci");
    let built = std::process::Command::new(root.join("scripts/image"))
        .arg("--debug")
        .arg(&layout)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let read = |p: &std::path::Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    // Every blob is named by its digest.
    let blob = |digest: &serde_json::Value| {
        let hex = digest
            .as_str()
            .unwrap()
            .strip_prefix("sha256:")
            .unwrap()
            .to_owned();
        let path = layout.join("blobs/sha256").join(&hex);
        let sum = std::process::Command::new("sha256sum")
            .arg(&path)
            .output()
            .unwrap();
        assert!(
            String::from_utf8_lossy(&sum.stdout).starts_with(&hex),
            "{hex}"
        );
        path
    };
    let index = read(&layout.join("index.json"));
    let manifest = read(&blob(&index["manifests"][0]["digest"]));
    let config = read(&blob(&manifest["config"]["digest"]));
    assert_eq!(config["config"]["Entrypoint"][0], "/usr/local/bin/bextd");
    assert_eq!(config["config"]["User"], "10001:10001");
    let layer = blob(&manifest["layers"][0]["digest"]);

    let rootfs = tmp.path().join("rootfs");
    std::fs::create_dir_all(rootfs.join("dev")).unwrap();
    std::fs::create_dir_all(rootfs.join("proc")).unwrap();
    let untar = std::process::Command::new("tar")
        .arg("-xzf")
        .arg(&layer)
        .arg("-C")
        .arg(&rootfs)
        .status()
        .unwrap();
    assert!(untar.success());
    let null = std::process::Command::new("mknod")
        .args(["-m", "666"])
        .arg(rootfs.join("dev/null"))
        .args(["c", "1", "3"])
        .status()
        .unwrap();
    assert!(null.success());
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let toml = rootfs.join("etc/bext/bext.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let text = text.replace(
        "listen = \"0.0.0.0:3000\"",
        &format!("listen = \"127.0.0.1:{port}\"\nshutdown_delay_ms = 2500"),
    );
    std::fs::write(&toml, text).unwrap();

    let mut unshare = std::process::Command::new("unshare")
        .args(["--pid", "--fork", "--mount-proc"])
        .arg(format!("--root={}", rootfs.display()))
        .args(["/usr/local/bin/bextd", "--config", "/etc/bext/bext.toml"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let reply = wait_for(
        Duration::from_secs(20),
        "the image's bextd to serve",
        || {
            std::net::TcpStream::connect(addr).ok()?;
            let r = request(addr, "GET", "/", &[], b"");
            (r.status == 200).then_some(r)
        },
    );
    assert!(reply.body.contains("Hello from bext"), "{}", reply.body);
    let unshare_pid = nix::unistd::Pid::from_raw(unshare.id() as i32);
    let bextd = bext_e2e::children(unshare_pid)[0];
    let status = std::fs::read_to_string(format!("/proc/{bextd}/status")).unwrap();
    let nspid = status.lines().find(|l| l.starts_with("NSpid:")).unwrap();
    assert!(
        nspid.ends_with("\t1"),
        "bextd is not PID 1 of its namespace: {nspid}"
    );
    // The shutdown sequence as PID 1: readiness 503 at once, still
    // serving through the delay, then a clean exit.
    let sent = std::time::Instant::now();
    nix::sys::signal::kill(bextd, Signal::SIGTERM).unwrap();
    wait_for(Duration::from_secs(5), "readiness to answer 503", || {
        (request(addr, "GET", "/__bext/ready", &[], b"").status == 503).then_some(())
    });
    assert!(
        sent.elapsed() < Duration::from_millis(2500),
        "readiness turned 503 only after the delay"
    );
    let served = request(addr, "GET", "/", &[], b"");
    assert_eq!(served.status, 200, "during the delay: {}", served.body);
    let exited = wait_for(Duration::from_secs(20), "the image's bextd to stop", || {
        unshare.try_wait().ok().flatten()
    });
    assert!(exited.success(), "{exited:?}");
    assert!(
        sent.elapsed() >= Duration::from_millis(2500),
        "bextd stopped before shutdown_delay_ms ran out"
    );
}
