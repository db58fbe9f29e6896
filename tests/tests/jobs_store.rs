//! End-to-end: the jobs store's connection and outages, with the real
//! bextd against real PostgreSQL servers (plain, and with TLS from a CA the
//! test makes) and a SQLite file on a disk that fills up: libpq's
//! `sslmode`, a full disk said once, and `bext.jobs` scoped to the calling
//! pool. A PostgreSQL outage has its own file (`jobs_outage.rs`).

use std::time::Duration;

use bext_e2e::pg::Postgres;
use bext_e2e::scripts::{COUNTING_DAEMON, SHORT_JOB};
use bext_e2e::{Daemon, Setup, Signal, bext, can_act_as_root, run_bextd};
use serde_json::Value;

const HANDLER: &str = r#"
export async function handler(req) {
  const q = req.query, op = req.path.slice(2);
  if (op === "/spawn") {
    const data = q.data ? JSON.parse(q.data) : undefined;
    return { id: bext.jobs.spawn(q.script || "polite.js", { data }) };
  }
  if (op === "/get") return { job: (await bext.jobs.get(q.id)) ?? null };
  if (op === "/cancel") return { cancelled: await bext.jobs.cancel(q.id) };
  return "ok";
}
"#;

/// Runs until cancelled.
const POLITE: &str = r#"
export async function run(job) {
  while (!job.cancelled) await job.sleep(10);
  return "stopped";
}
"#;

/// A job looking at another job through `bext.jobs`.
const PEEK: &str = r#"
export async function run(job) {
  const seen = await bext.jobs.get(job.data.id);
  const cancelled = await bext.jobs.cancel(job.data.id);
  return { seen: seen ? seen.status : null, cancelled };
}
"#;

const JOBS: &[(&str, &str)] = &[
    ("peek.js", PEEK),
    ("worker.js", HANDLER),
    ("count.js", COUNTING_DAEMON),
    ("short.js", SHORT_JOB),
    ("polite.js", POLITE),
];

/// A bextd whose `[jobs]` store is `store` (a URL, or a state file).
fn node(jobs: &str) -> Daemon {
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n\
         [jobs]\n{jobs}\nclaim_interval_ms = 100\ncancel_grace_ms = 300\nkill_grace_ms = 300\n"
    );
    Daemon::start_with(Setup {
        config: &config,
        files: JOBS,
        ..Setup::default()
    })
}

fn store(url: &str, ttl_ms: u64) -> String {
    format!("store = \"{url}\"\nlease_ttl_ms = {ttl_ms}")
}

fn spawn(d: &Daemon, args: &[&str]) -> String {
    let mut all = vec!["jobs", "spawn"];
    all.extend_from_slice(args);
    let (code, out, err) = bext(d.dir.path(), &all);
    assert_eq!(code, 0, "bext jobs spawn {args:?}: {err}");
    out.trim().to_owned()
}

fn status(d: &Daemon, id: &str) -> Option<String> {
    let r = d.get(&format!("/__bext/jobs/{id}"));
    (r.status == 200).then(|| r.json()["status"].as_str().unwrap_or("").to_owned())
}

fn wait_status(d: &Daemon, id: &str, want: &str, limit: Duration) {
    d.wait_until(limit, &format!("job {id} to be {want}"), || {
        (status(d, id).as_deref() == Some(want)).then_some(())
    });
}

/// A CA and a certificate it signed for 127.0.0.1 and localhost (PEM):
/// (CA, server certificate, server key).
fn certificates() -> (String, String, String) {
    use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let issuer = Issuer::new(ca_params, ca_key);
    let key = KeyPair::generate().unwrap();
    let cert = CertificateParams::new(vec!["127.0.0.1".to_string(), "localhost".to_string()])
        .unwrap()
        .signed_by(&key, &issuer)
        .unwrap();
    (ca.pem(), cert.pem(), key.serialize_pem())
}

/// Connections of bextd that use TLS, as the server sees them.
fn tls_connections(pg: &Postgres) -> u64 {
    pg.psql(
        "SELECT count(*) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) \
         WHERE s.ssl AND a.application_name = 'bextd'",
    )
    .parse()
    .unwrap()
}

/// Runs a short job through `d` and waits for it to complete.
fn runs_a_job(d: &Daemon) {
    let id = spawn(d, &["short.js", "--data", "{\"n\":1}"]);
    wait_status(d, &id, "completed", Duration::from_secs(20));
}

#[test]
fn sslmode_require_uses_tls_where_the_server_has_it_and_fails_clearly_where_not() {
    let tls = Postgres::start();
    let (_, cert, key) = certificates();
    tls.enable_tls(&cert, &key);
    let url = tls.schema("req");
    let d = node(&store(&format!("{url}&sslmode=require"), 5_000));
    runs_a_job(&d);
    assert!(tls_connections(&tls) >= 1, "bextd's connections use TLS");
    // The default (prefer) takes TLS too when the server has it.
    let p = node(&store(&tls.url("req"), 5_000));
    runs_a_job(&p);
    // A server without TLS: no connection, a clear reason, once.
    let plain = Postgres::start();
    let url = plain.schema("req");
    let n = node(&store(&format!("{url}&sslmode=require"), 5_000));
    n.wait_log("PostgreSQL cannot be reached", Duration::from_secs(10));
    let logs = n.logs();
    assert!(logs.contains("server does not support TLS"), "{logs}");
    assert!(n.get("/metrics").body.contains("bext_jobs_store_up 0"));
    assert_eq!(n.count_log("PostgreSQL cannot be reached"), 1, "{logs}");
}

#[test]
fn verify_full_trusts_the_given_ca_and_refuses_another() {
    let pg = Postgres::start();
    let (ca, cert, key) = certificates();
    let (other_ca, _, _) = certificates();
    pg.enable_tls(&cert, &key);
    let url = pg.schema("vfull");
    let cas = tempfile::tempdir().unwrap();
    let (good, bad) = (cas.path().join("ca.pem"), cas.path().join("other.pem"));
    std::fs::write(&good, ca).unwrap();
    std::fs::write(&bad, other_ca).unwrap();
    let with = |mode: &str, root: &std::path::Path| {
        format!("{url}&sslmode={mode}&sslrootcert={}", root.display())
    };
    let d = node(&store(&with("verify-full", &good), 5_000));
    runs_a_job(&d);
    assert!(tls_connections(&pg) >= 1);
    let n = node(&store(&with("verify-full", &bad), 5_000));
    n.wait_log("PostgreSQL cannot be reached", Duration::from_secs(10));
    assert!(
        n.logs().contains("invalid peer certificate"),
        "{}",
        n.logs()
    );
    let c = node(&store(&with("verify-ca", &bad), 5_000));
    c.wait_log("PostgreSQL cannot be reached", Duration::from_secs(10));
    assert!(
        c.logs().contains("invalid peer certificate"),
        "{}",
        c.logs()
    );
}

/// A small tmpfs, unmounted when dropped.
struct SmallDisk(tempfile::TempDir);

impl SmallDisk {
    fn mount(size: &str) -> SmallDisk {
        let dir = tempfile::tempdir().unwrap();
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .unwrap();
        assert!(ok.success(), "mount tmpfs");
        SmallDisk(dir)
    }

    /// Takes every free byte with a file of its own.
    fn fill(&self) {
        use std::io::Write;
        let mut f = std::fs::File::create(self.filler()).unwrap();
        let block = vec![0u8; 64 * 1024];
        while f.write_all(&block).is_ok() {}
        let small = [0u8; 512];
        while f.write_all(&small).is_ok() {}
    }

    fn filler(&self) -> std::path::PathBuf {
        self.0.path().join("filler")
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg(self.0.path())
            .status();
    }
}

#[test]
fn a_full_disk_under_the_state_file_is_said_once_and_nothing_is_lost() {
    if !can_act_as_root("a_full_disk_under_the_state_file_is_said_once") {
        return;
    }
    let disk = SmallDisk::mount("16m");
    let file = disk.0.path().join("jobs.db");
    let jobs = format!("state_file = \"{}\"", file.display());
    let mut d = node(&jobs);
    runs_a_job(&d);
    disk.fill();
    let big = format!("{{\"n\":3,\"pad\":\"{}\"}}", "x".repeat(60_000));
    let ids: Vec<String> = (0..10)
        .map(|_| spawn(&d, &["short.js", "--data", &big]))
        .collect();
    let counter = spawn(&d, &["count.js", "--daemon"]);
    d.wait_log(
        "cannot write to the jobs state file",
        Duration::from_secs(10),
    );
    for id in &ids {
        wait_status(&d, id, "completed", Duration::from_secs(20));
    }
    // 3 s of checkpoints, every batch of them failing (a measured
    // interval, not a wait for a state): one line.
    std::thread::sleep(Duration::from_secs(3));
    assert_eq!(
        d.count_log("cannot write to the jobs state file"),
        1,
        "{}",
        d.logs()
    );
    assert!(d.get("/metrics").body.contains("bext_jobs_store_up 0"));
    std::fs::remove_file(disk.filler()).unwrap();
    d.wait_log(
        "the jobs state file is written again after",
        Duration::from_secs(10),
    );
    d.signal(Signal::SIGTERM);
    assert!(d.wait_exit(Duration::from_secs(20)).success());
    // A new bextd on the same file finds every job of the full-disk time.
    let again = node(&jobs);
    for id in &ids {
        assert_eq!(status(&again, id).as_deref(), Some("completed"), "job {id}");
    }
    assert!(status(&again, &counter).is_some());
}

#[test]
fn a_worker_reaches_only_its_own_pools_jobs() {
    let config = "[render]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/a\"\n\
                  [pools.other]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/b\"\n\
                  [jobs]\nstate_file = \"jobs.db\"\ncancel_grace_ms = 300\n";
    let d = Daemon::start_with(Setup {
        config,
        files: JOBS,
        ..Setup::default()
    });
    d.wait_workers(2);
    let id = d.get("/a/spawn").json()["id"].as_str().unwrap().to_owned();
    wait_status(&d, &id, "running", Duration::from_secs(10));
    // Pool B's worker: as if there were no such job.
    assert_eq!(d.get(&format!("/b/get?id={id}")).json()["job"], Value::Null);
    assert_eq!(
        d.get(&format!("/b/cancel?id={id}")).json()["cancelled"],
        false
    );
    assert_eq!(status(&d, &id).as_deref(), Some("running"));
    // Pool A's own worker sees and cancels it.
    assert_eq!(
        d.get(&format!("/a/get?id={id}")).json()["job"]["status"],
        "running"
    );
    assert_eq!(
        d.get(&format!("/a/cancel?id={id}")).json()["cancelled"],
        true
    );
    wait_status(&d, &id, "cancelled", Duration::from_secs(10));
    // So does a job: one of pool A sees pool B's job as unknown, one of
    // pool B sees it and cancels it.
    let theirs = d.get("/b/spawn").json()["id"].as_str().unwrap().to_owned();
    wait_status(&d, &theirs, "running", Duration::from_secs(10));
    let peek = |pool: &str| {
        let data = format!("%7B%22id%22%3A%22{theirs}%22%7D");
        let r = d.get(&format!("/{pool}/spawn?script=peek.js&data={data}"));
        let peek = r.json()["id"].as_str().unwrap().to_owned();
        wait_status(&d, &peek, "completed", Duration::from_secs(10));
        d.get(&format!("/__bext/jobs/{peek}")).json()["result"].clone()
    };
    assert_eq!(
        peek("a"),
        serde_json::json!({"seen": null, "cancelled": false})
    );
    assert_eq!(status(&d, &theirs).as_deref(), Some("running"));
    assert_eq!(
        peek("b"),
        serde_json::json!({"seen": "running", "cancelled": true})
    );
    wait_status(&d, &theirs, "cancelled", Duration::from_secs(10));
}

#[test]
fn store_urls_are_checked_and_never_printed_with_their_password() {
    let dir = tempfile::tempdir().unwrap();
    let write = |store: &str| {
        let cfg = format!("[render]\nscript = \"w.js\"\n[jobs]\nstore = \"{store}\"\n");
        std::fs::write(dir.path().join("bext.toml"), cfg).unwrap();
        std::fs::write(dir.path().join("w.js"), HANDLER).unwrap();
    };
    write("postgres://u:pw-one@db/jobs?password=pw-two&sslmode=verify-full");
    let (code, out, err) = run_bextd(&["--check-config", "--config", "bext.toml"], dir.path());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("sslmode=verify-full"), "{out}");
    assert!(!out.contains("pw-one") && !out.contains("pw-two"), "{out}");
    write("postgres://u:pw-one@db/jobs?password=pw-two&sslmode=verify");
    let (code, out, err) = run_bextd(&["--check-config", "--config", "bext.toml"], dir.path());
    assert_eq!(code, 78, "{out}{err}");
    assert!(err.contains("store") && err.contains("sslmode"), "{err}");
    assert!(
        err.contains("verify-full"),
        "the rule lists the modes: {err}"
    );
    assert!(!err.contains("pw-one") && !err.contains("pw-two"), "{err}");
}
