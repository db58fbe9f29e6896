//! The TLS listener end to end, with a test CA made by rcgen and curl
//! (OpenSSL) as the client: SNI picks the certificate, ALPN h2, client
//! certificates (mTLS), a certificate rotated on disk under load with no
//! failed request, a bad one keeping the old, the plain listener's
//! redirect, and bad files refused at start (exit 78).

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use bext_e2e::{Daemon, Setup, run_bextd, wait_for};
use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};

const APP: &str =
    r#"export default { fetch(r) { return new Response("tls " + new URL(r.url).pathname); } };"#;

/// A CA, and leaf certificates it signs.
struct Ca {
    issuer: Issuer<'static, KeyPair>,
    pem: String,
}

impl Ca {
    fn new(name: &str) -> Ca {
        let key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, name);
        let pem = params.self_signed(&key).unwrap().pem();
        Ca {
            issuer: Issuer::new(params, key),
            pem,
        }
    }

    /// A certificate for `names` and its key, as PEM.
    fn leaf(&self, names: &[&str]) -> (String, String) {
        let key = KeyPair::generate().unwrap();
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let cert = CertificateParams::new(names)
            .unwrap()
            .signed_by(&key, &self.issuer)
            .unwrap();
        (cert.pem(), key.serialize_pem())
    }
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// bextd with a TLS listener; `tls` is the rest of `[server.tls]`.
fn start(ca: &Ca, tls: &str) -> (Daemon, SocketAddr) {
    let (cert, key) = ca.leaf(&["default.test"]);
    let (api_cert, api_key) = ca.leaf(&["api.test", "*.wild.test"]);
    let files = [
        ("worker.js", APP),
        ("certs/default.pem", cert.as_str()),
        ("certs/default.key", key.as_str()),
        ("certs/api.pem", api_cert.as_str()),
        ("certs/api.key", api_key.as_str()),
        ("certs/ca.pem", ca.pem.as_str()),
    ];
    let config = format!(
        "[server.tls]\nlisten = \"127.0.0.1:0\"\ncert = \"certs/default.pem\"\nkey = \"certs/default.key\"\n{tls}\n\
         [[server.tls.sni]]\nnames = [\"api.test\", \"*.wild.test\"]\ncert = \"certs/api.pem\"\nkey = \"certs/api.key\"\n\
         [render]\nscript = \"worker.js\"\njsc_workers = 1\n"
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &files,
        ..Setup::default()
    });
    d.wait_workers(1);
    let logs = d.logs();
    let at = logs
        .lines()
        .find_map(|l| l.strip_prefix("bextd listening on https://"))
        .expect("the TLS address")
        .parse()
        .unwrap();
    (d, at)
}

/// curl to `https://{name}:{port}{path}`, trusting the test CA; its body
/// and `http_version`, or `None` when it failed.
fn curl(d: &Daemon, at: SocketAddr, name: &str, path: &str, extra: &[&str]) -> Option<String> {
    let out = Command::new("curl")
        .args(["-s", "--max-time", "10", "-w", " %{http_version}"])
        .arg("--cacert")
        .arg(d.dir.path().join("certs/ca.pem"))
        .arg("--resolve")
        .arg(format!("{name}:{}:127.0.0.1", at.port()))
        .args(extra)
        .arg(format!("https://{name}:{}{path}", at.port()))
        .current_dir(d.dir.path())
        .output()
        .expect("curl");
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn sni_picks_the_certificate_and_alpn_picks_h2() {
    let ca = Ca::new("test CA");
    let (d, at) = start(&ca, "");
    // curl checks the name: each works only with its own certificate.
    assert_eq!(
        curl(&d, at, "default.test", "/a", &[]).as_deref(),
        Some("tls /a 2")
    );
    assert_eq!(
        curl(&d, at, "api.test", "/b", &[]).as_deref(),
        Some("tls /b 2")
    );
    // One label under a wildcard entry; not two.
    assert_eq!(
        curl(&d, at, "x.wild.test", "/w", &[]).as_deref(),
        Some("tls /w 2")
    );
    assert_eq!(curl(&d, at, "a.b.wild.test", "/w", &[]), None);
    assert_eq!(
        curl(&d, at, "api.test", "/c", &["--http1.1"]).as_deref(),
        Some("tls /c 1.1")
    );
    // TLS 1.1 is refused.
    assert!(curl(&d, at, "api.test", "/", &["--tls-max", "1.1"]).is_none());
    // The plain listener still serves plain HTTP.
    assert_eq!(d.get("/p").body, "tls /p");
}

#[test]
fn client_certificates_are_required_with_client_ca() {
    let ca = Ca::new("test CA");
    let clients = Ca::new("client CA");
    let (client_cert, client_key) = clients.leaf(&["client.test"]);
    let (cert, key) = ca.leaf(&["default.test"]);
    let files = [
        ("worker.js", APP),
        ("certs/default.pem", cert.as_str()),
        ("certs/default.key", key.as_str()),
        ("certs/ca.pem", ca.pem.as_str()),
        ("certs/clients.pem", clients.pem.as_str()),
        ("client.pem", client_cert.as_str()),
        ("client.key", client_key.as_str()),
    ];
    let config = "[server.tls]\nlisten = \"127.0.0.1:0\"\ncert = \"certs/default.pem\"\nkey = \"certs/default.key\"\nclient_ca = \"certs/clients.pem\"\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n";
    let d = Daemon::start_with(Setup {
        config,
        files: &files,
        ..Setup::default()
    });
    d.wait_workers(1);
    let at: SocketAddr = d
        .logs()
        .lines()
        .find_map(|l| l.strip_prefix("bextd listening on https://"))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(curl(&d, at, "default.test", "/none", &[]), None);
    let with = ["--cert", "client.pem", "--key", "client.key"];
    assert_eq!(
        curl(&d, at, "default.test", "/mine", &with).as_deref(),
        Some("tls /mine 2")
    );
}

#[test]
fn a_rotated_certificate_is_served_without_a_failed_request() {
    let ca = Ca::new("test CA");
    let (d, at) = start(&ca, "");
    let d = Arc::new(d);
    let stop = Arc::new(AtomicBool::new(false));
    let (ok, failed) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let load: Vec<_> = (0..3)
        .map(|_| {
            let (d, stop, ok, failed) = (d.clone(), stop.clone(), ok.clone(), failed.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    match curl(&d, at, "api.test", "/load", &[]) {
                        Some(_) => ok.fetch_add(1, Ordering::Relaxed),
                        None => failed.fetch_add(1, Ordering::Relaxed),
                    };
                }
            })
        })
        .collect();
    wait_for(Duration::from_secs(10), "some load", || {
        (ok.load(Ordering::Relaxed) > 10).then_some(())
    });
    let dir = d.dir.path().join("certs");
    // A new certificate that also names rotated.test, written beside and
    // renamed over the old (as certbot and cert-manager do).
    let (cert, key) = ca.leaf(&["api.test", "rotated.test"]);
    write(&dir, "api.key.new", &key);
    write(&dir, "api.pem.new", &cert);
    std::fs::rename(dir.join("api.key.new"), dir.join("api.key")).unwrap();
    std::fs::rename(dir.join("api.pem.new"), dir.join("api.pem")).unwrap();
    // The certificate api.test gets names rotated.test too (curl's
    // certinfo lists its names).
    wait_for(Duration::from_secs(10), "the new certificate", || {
        let out = Command::new("curl")
            .args(["-s", "--max-time", "10", "-w", "%{certs}"])
            .arg("--cacert")
            .arg(d.dir.path().join("certs/ca.pem"))
            .arg("--resolve")
            .arg(format!("api.test:{}:127.0.0.1", at.port()))
            .arg(format!("https://api.test:{}/", at.port()))
            .output()
            .ok()?;
        String::from_utf8_lossy(&out.stdout)
            .contains("DNS:rotated.test")
            .then_some(())
    });
    // Let the load run a little past the swap, then count.
    let before = ok.load(Ordering::Relaxed);
    wait_for(Duration::from_secs(10), "load after the swap", || {
        (ok.load(Ordering::Relaxed) > before + 10).then_some(())
    });
    stop.store(true, Ordering::Relaxed);
    for t in load {
        t.join().unwrap();
    }
    assert_eq!(failed.load(Ordering::Relaxed), 0, "failed requests");
    assert!(d.logs().contains("TLS certificates reloaded"));
}

#[test]
fn a_bad_new_certificate_keeps_the_old_one() {
    let ca = Ca::new("test CA");
    let (d, at) = start(&ca, "");
    let dir = d.dir.path().join("certs");
    write(
        &dir,
        "api.pem",
        "-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n",
    );
    d.wait_log(
        "TLS certificates not reloaded: keeping the ones in use",
        Duration::from_secs(10),
    );
    assert_eq!(d.count_log("TLS certificates not reloaded"), 1);
    assert_eq!(
        curl(&d, at, "api.test", "/still", &[]).as_deref(),
        Some("tls /still 2")
    );
    // A good pair again: reloaded, and at SIGHUP again.
    let (cert, key) = ca.leaf(&["api.test"]);
    write(&dir, "api.key", &key);
    write(&dir, "api.pem", &cert);
    d.wait_log("TLS certificates reloaded", Duration::from_secs(10));
    d.signal(bext_e2e::Signal::SIGHUP);
    d.wait_log("why=\"SIGHUP\"", Duration::from_secs(10));
    assert_eq!(
        curl(&d, at, "api.test", "/again", &[]).as_deref(),
        Some("tls /again 2")
    );
}

#[test]
fn the_plain_listener_redirects_to_https() {
    let ca = Ca::new("test CA");
    let (d, at) = start(&ca, "redirect_to_https = true");
    // A raw request: the tests' HTTP client would follow the redirect.
    use std::io::{Read, Write};
    let mut sock = std::net::TcpStream::connect(d.addr).unwrap();
    sock.write_all(b"GET /x?y=1 HTTP/1.1\r\nHost: shop.test:8080\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    sock.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 308"), "{answer}");
    let location = format!("location: https://shop.test:{}/x?y=1\r\n", at.port());
    assert!(answer.contains(&location), "{answer}");
    // Health checks stay on the plain listener.
    assert_eq!(d.get("/__bext/health").status, 200);
    assert_eq!(
        curl(&d, at, "default.test", "/x", &[]).as_deref(),
        Some("tls /x 2")
    );
}

#[test]
fn bad_certificate_files_stop_bextd_with_78() {
    let ca = Ca::new("test CA");
    let dir = tempfile::tempdir().unwrap();
    let (cert, _) = ca.leaf(&["a.test"]);
    let (_, other_key) = ca.leaf(&["b.test"]);
    write(dir.path(), "worker.js", APP);
    write(dir.path(), "a.pem", &cert);
    write(dir.path(), "b.key", &other_key);
    let conf = |cert: &str, key: &str| {
        format!(
            "[server]\nlisten = \"127.0.0.1:0\"\n\n[server.tls]\nlisten = \"127.0.0.1:0\"\ncert = \"{cert}\"\nkey = \"{key}\"\n\n[render]\nscript = \"worker.js\"\n"
        )
    };
    for (cert, key, says) in [
        ("a.pem", "b.key", "bext.toml:7: server.tls.key: the key"),
        (
            "missing.pem",
            "b.key",
            "bext.toml:6: server.tls.cert: cannot read",
        ),
    ] {
        write(dir.path(), "bext.toml", &conf(cert, key));
        let (code, out, err) = run_bextd(&["--config", "bext.toml", "--check-config"], dir.path());
        assert_eq!(code, 78, "{out}{err}");
        let text = format!("{out}{err}");
        assert!(text.contains(says), "{text}");
    }
}
