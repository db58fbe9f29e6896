//! A real PostgreSQL server for tests: `initdb` and `pg_ctl` in a temp
//! folder (as the `postgres` user when the tests run as root, since initdb
//! refuses root), on a free port of 127.0.0.1 with trust authentication.
//! Each test asks for a schema of its own ([`Postgres::schema`]) and gets a
//! URL whose `search_path` is that schema. The server is stopped when the
//! value is dropped. Needs PostgreSQL installed (`scripts/test` installs
//! it); without it the test fails, saying so.

#![allow(dead_code)] // shared with the supervisor's store tests, which use a part

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A PostgreSQL server of one test.
#[derive(Debug)]
pub struct Postgres {
    _dir: tempfile::TempDir,
    data: PathBuf,
    log: PathBuf,
    bin: PathBuf,
    pub port: u16,
    as_postgres: bool,
}

/// The folder of `initdb` and `pg_ctl`: Debian's newest, else the PATH's.
fn bindir() -> PathBuf {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").exists())
        .collect();
    found.sort();
    if let Some(b) = found.pop() {
        return b;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .find(|p| p.join("initdb").exists() && p.join("pg_ctl").exists())
        .unwrap_or_else(|| {
            panic!("PostgreSQL is not installed (no initdb): run scripts/test, which installs it, or apt-get install postgresql")
        })
}

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    l.local_addr().unwrap().port()
}

fn is_root() -> bool {
    nix::unistd::geteuid().is_root()
}

fn postgres_ids() -> (u32, u32) {
    let id = |flag: &str| {
        let out = Command::new("id")
            .args([flag, "postgres"])
            .output()
            .expect("id postgres");
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse::<u32>()
            .expect("the postgres user exists (installed with PostgreSQL)")
    };
    (id("-u"), id("-g"))
}

impl Postgres {
    /// initdb + start; waits until it accepts connections.
    pub fn start() -> Postgres {
        let bin = bindir();
        let dir = tempfile::Builder::new()
            .prefix("bext-pg")
            .tempdir()
            .expect("temp dir");
        let as_postgres = is_root();
        if as_postgres {
            let (uid, gid) = postgres_ids();
            std::os::unix::fs::chown(dir.path(), Some(uid), Some(gid)).expect("chown");
        }
        let data = dir.path().join("data");
        let log = dir.path().join("log");
        let pg = Postgres {
            _dir: dir,
            data,
            log,
            bin,
            port: free_port(),
            as_postgres,
        };
        let data = pg.data.display().to_string();
        pg.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        pg.up();
        pg
    }

    fn command(&self, tool: &str) -> Command {
        let exe = self.bin.join(tool);
        if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(exe);
            c
        } else {
            Command::new(exe)
        }
    }

    fn run(&self, tool: &str, args: &[&str]) {
        let out = self
            .command(tool)
            .args(args)
            .current_dir("/")
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{tool}: {e}"));
        assert!(
            out.status.success(),
            "{tool} {args:?} failed: {}{}\nserver log:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(&self.log).unwrap_or_default()
        );
    }

    /// Starts the server (again), waiting until it is ready.
    pub fn up(&self) {
        let opts = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off",
            self.port,
            self.data.parent().unwrap().display()
        );
        let (data, log) = (
            self.data.display().to_string(),
            self.log.display().to_string(),
        );
        self.run(
            "pg_ctl",
            &[
                "-D", &data, "-l", &log, "-o", &opts, "-w", "-t", "30", "start",
            ],
        );
    }

    /// Stops it at once (connections are cut, as in a crash).
    pub fn down(&self) {
        let data = self.data.display().to_string();
        self.run("pg_ctl", &["-D", &data, "-m", "immediate", "-w", "stop"]);
    }

    /// Runs SQL with psql as the superuser; returns its unaligned output.
    pub fn psql(&self, sql: &str) -> String {
        let out = Command::new(self.bin.join("psql"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
            ])
            .args(["-d", "postgres", "-v", "ON_ERROR_STOP=1", "-Atc", sql])
            // psql itself goes plain: a test's TLS is bextd's.
            .env("PGSSLMODE", "disable")
            .stdin(Stdio::null())
            .output()
            .expect("psql");
        assert!(
            out.status.success(),
            "psql {sql:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    }

    /// A new schema; returns a URL whose connections use it.
    pub fn schema(&self, name: &str) -> String {
        self.psql(&format!("CREATE SCHEMA {name}"));
        self.url(name)
    }

    /// The URL of schema `name`.
    pub fn url(&self, name: &str) -> String {
        format!(
            "postgres://postgres@127.0.0.1:{}/postgres?options=-c%20search_path%3D{name}",
            self.port
        )
    }

    /// Turns TLS on with this certificate and key (PEM), as
    /// `server.crt`/`server.key` of the data folder, and reloads.
    pub fn enable_tls(&self, cert_pem: &str, key_pem: &str) {
        use std::os::unix::fs::PermissionsExt;
        for (name, text) in [("server.crt", cert_pem), ("server.key", key_pem)] {
            let p = self.data.join(name);
            std::fs::write(&p, text).unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600)).unwrap();
            if self.as_postgres {
                let (uid, gid) = postgres_ids();
                std::os::unix::fs::chown(&p, Some(uid), Some(gid)).unwrap();
            }
        }
        self.psql("ALTER SYSTEM SET ssl = on");
        self.psql("SELECT pg_reload_conf()");
        self.wait_for("SHOW ssl", |v| v == "on", Duration::from_secs(10));
    }

    /// Where its data lives.
    pub fn data(&self) -> &Path {
        &self.data
    }

    /// Waits until `sql` answers `want` (psql output), or panics.
    pub fn wait_for(&self, sql: &str, want: impl Fn(&str) -> bool, limit: Duration) -> String {
        let end = Instant::now() + limit;
        loop {
            let got = self.psql(sql);
            if want(&got) {
                return got;
            }
            assert!(
                Instant::now() < end,
                "timed out: {sql:?} last answered {got:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.data.display().to_string();
        let _ = self
            .command("pg_ctl")
            .args(["-D", &data, "-m", "immediate", "stop"])
            .current_dir("/")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}
