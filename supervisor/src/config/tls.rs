//! `[server.tls]`: the TLS listener, its certificates (a default one and
//! more chosen by SNI, `[[server.tls.sni]]`), client certificates
//! (`client_ca`) and the plain listener's redirect. Checked here: an
//! address to listen on, PEM files that can be read and parsed, and a key
//! that matches its certificate; a bad one stops bextd (exit 78) naming
//! file, key and line.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Host;
use super::checker::{Checker, resolve};

/// `[server.tls]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct TlsSection {
    /// Where the TLS listener listens (`"0.0.0.0:443"`).
    pub listen: String,
    /// The default certificate chain and its key (PEM files).
    pub cert: String,
    pub key: String,
    /// CA certificates (PEM) that client certificates must chain to: set,
    /// every client must present one (mTLS).
    pub client_ca: Option<String>,
    /// The plain listener answers every request with a 308 to HTTPS.
    pub redirect_to_https: bool,
    /// More certificates, each for the names a client asks for by SNI.
    pub sni: Vec<SniSection>,
}

/// One `[[server.tls.sni]]` entry.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct SniSection {
    /// Host names (`"api.example.com"`), or `"*.example.com"` for one
    /// label under a domain.
    pub names: Vec<String>,
    pub cert: String,
    pub key: String,
}

/// A certificate and key, and the names it answers (empty: the default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertFiles {
    pub names: Vec<String>,
    pub cert: PathBuf,
    pub key: PathBuf,
}

/// A checked `[server.tls]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tls {
    pub listen: SocketAddr,
    /// The default first, then the SNI entries in file order.
    pub certs: Vec<CertFiles>,
    pub client_ca: Option<PathBuf>,
    pub redirect_to_https: bool,
}

/// Why a certificate, key or CA file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum PemError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} holds no PEM certificate")]
    NoCert { path: String },
    #[error("{path} holds no PEM private key (PKCS#8, PKCS#1 or SEC1)")]
    NoKey { path: String },
    #[error("{path}: {what}")]
    Bad { path: String, what: String },
    #[error("the key {key} does not match the certificate {cert}")]
    Mismatch { cert: String, key: String },
}

/// The certificate chain and signing key in `files`, checked to match.
pub fn load_certified(files: &CertFiles) -> Result<rustls::sign::CertifiedKey, PemError> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let shown = |p: &Path| p.display().to_string();
    let read = |p: &Path| {
        std::fs::read(p).map_err(|source| PemError::Read {
            path: shown(p),
            source,
        })
    };
    let cert_pem = read(&files.cert)?;
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&cert_pem)
        .collect::<Result<_, _>>()
        .map_err(|e| PemError::Bad {
            path: shown(&files.cert),
            what: e.to_string(),
        })?;
    if chain.is_empty() {
        return Err(PemError::NoCert {
            path: shown(&files.cert),
        });
    }
    let key_pem = read(&files.key)?;
    let key = PrivateKeyDer::from_pem_slice(&key_pem).map_err(|_| PemError::NoKey {
        path: shown(&files.key),
    })?;
    let signing =
        rustls::crypto::ring::sign::any_supported_type(&key).map_err(|e| PemError::Bad {
            path: shown(&files.key),
            what: e.to_string(),
        })?;
    let certified = rustls::sign::CertifiedKey::new(chain, signing);
    certified.keys_match().map_err(|_| PemError::Mismatch {
        cert: shown(&files.cert),
        key: shown(&files.key),
    })?;
    Ok(certified)
}

/// The CA certificates in `path`.
pub fn load_roots(path: &Path) -> Result<rustls::RootCertStore, PemError> {
    use rustls::pki_types::CertificateDer;
    use rustls::pki_types::pem::PemObject;
    let shown = path.display().to_string();
    let pem = std::fs::read(path).map_err(|source| PemError::Read {
        path: shown.clone(),
        source,
    })?;
    let mut roots = rustls::RootCertStore::empty();
    for c in CertificateDer::pem_slice_iter(&pem) {
        let c = c.map_err(|e| PemError::Bad {
            path: shown.clone(),
            what: e.to_string(),
        })?;
        roots.add(c).map_err(|e| PemError::Bad {
            path: shown.clone(),
            what: e.to_string(),
        })?;
    }
    if roots.is_empty() {
        return Err(PemError::NoCert { path: shown });
    }
    Ok(roots)
}

/// A host name or `*.` and one, as SNI can name it.
fn sni_name(n: &str) -> bool {
    let name = n.strip_prefix("*.").unwrap_or(n);
    !name.is_empty()
        && name.split('.').all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
}

/// `[server.tls]`, if present.
pub(super) fn check(c: &mut Checker<'_>, tls: Option<&TlsSection>, base: &Path) -> Option<Tls> {
    let t = tls?;
    let listen = t.listen.parse::<SocketAddr>();
    c.rule(
        listen.is_ok(),
        &["server", "tls", "listen"],
        format!("{:?}", t.listen),
        || "must be an address and port such as \"0.0.0.0:443\"".into(),
    );
    let mut certs = vec![CertFiles {
        names: Vec::new(),
        cert: resolve(base, &t.cert),
        key: resolve(base, &t.key),
    }];
    let mut where_ = vec![vec!["server".to_owned(), "tls".to_owned()]];
    for (i, s) in t.sni.iter().enumerate() {
        let at = vec![
            "server".to_owned(),
            "tls".to_owned(),
            "sni".to_owned(),
            i.to_string(),
        ];
        let path: Vec<&str> = at.iter().map(String::as_str).chain(["names"]).collect();
        c.rule(!s.names.is_empty(), &path, "[]", || {
            "must name at least one host".into()
        });
        for n in &s.names {
            c.rule(sni_name(n), &path, format!("{n:?}"), || {
                "each entry must be a host name (\"api.example.com\") or \"*.\" and a domain".into()
            });
        }
        certs.push(CertFiles {
            names: s.names.iter().map(|n| n.to_ascii_lowercase()).collect(),
            cert: resolve(base, &s.cert),
            key: resolve(base, &s.key),
        });
        where_.push(at);
    }
    for (files, at) in certs.iter().zip(&where_) {
        let path: Vec<&str> = at.iter().map(String::as_str).collect();
        let (cert_key, key_key) = (
            [path.as_slice(), &["cert"]].concat(),
            [path.as_slice(), &["key"]].concat(),
        );
        if files.cert.as_os_str().is_empty() || files.key.as_os_str().is_empty() {
            c.report(
                &cert_key,
                None,
                "cert and key are both needed (PEM files)".into(),
            );
            continue;
        }
        if c.host != Host::This {
            continue;
        }
        if let Err(e) = load_certified(files) {
            let key_file = files.key.display().to_string();
            let at = match &e {
                PemError::Mismatch { .. } | PemError::NoKey { .. } => &key_key,
                PemError::Read { path, .. } | PemError::Bad { path, .. } if *path == key_file => {
                    &key_key
                }
                _ => &cert_key,
            };
            c.report(at, None, e.to_string());
        }
    }
    let client_ca = t.client_ca.as_deref().map(|p| resolve(base, p));
    if let Some(ca) = &client_ca
        && c.host == Host::This
        && let Err(e) = load_roots(ca)
    {
        c.report(&["server", "tls", "client_ca"], None, e.to_string());
    }
    Some(Tls {
        listen: listen.unwrap_or_else(|_| SocketAddr::from(([0, 0, 0, 0], 443))),
        certs,
        client_ca,
        redirect_to_https: t.redirect_to_https,
    })
}
