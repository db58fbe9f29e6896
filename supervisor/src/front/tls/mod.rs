//! The TLS listener (`[server.tls]`): rustls with ring, TLS 1.2 and 1.3
//! only, ALPN `h2` then `http/1.1`, a default certificate and more chosen
//! by SNI, and client certificates when `client_ca` is set.
//!
//! Certificates are reloaded when their files change (a watch on their
//! folders, since cert-manager swaps a symlink and certbot rewrites in
//! place) and at SIGHUP. A reload builds every certificate anew and swaps
//! them at once: handshakes after it use the new ones, connections open
//! keep theirs, none is dropped. A certificate that does not load (a
//! half-written file, a key that does not match) keeps the old ones, with
//! one log line saying why.

mod reload;

use std::sync::{Arc, RwLock};

use rustls::server::{ClientHello, ResolvesServerCert, WebPkiClientVerifier};
use rustls::sign::CertifiedKey;

use crate::config::{CertFiles, PemError, Tls};

pub use reload::watch;

/// Why the TLS listener cannot start.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("TLS: {0}")]
    Pem(#[from] PemError),
    #[error("TLS: {0}")]
    Rustls(#[from] rustls::Error),
    #[error("TLS: client_ca: {0}")]
    ClientCa(#[from] rustls::server::VerifierBuilderError),
}

/// One loaded set: the default certificate and those chosen by name.
#[derive(Debug)]
struct Loaded {
    default: Arc<CertifiedKey>,
    /// `(name, key)`: an exact name, or `*.domain` for one label under it.
    named: Vec<(String, Arc<CertifiedKey>)>,
}

impl Loaded {
    fn load(files: &[CertFiles]) -> Result<Loaded, PemError> {
        let mut default = None;
        let mut named = Vec::new();
        for f in files {
            let key = Arc::new(crate::config::load_certified(f)?);
            if f.names.is_empty() {
                default = Some(key);
            } else {
                named.extend(f.names.iter().map(|n| (n.clone(), key.clone())));
            }
        }
        let default = default.unwrap_or_else(|| named[0].1.clone());
        Ok(Loaded { default, named })
    }

    fn pick(&self, sni: Option<&str>) -> Arc<CertifiedKey> {
        let Some(sni) = sni.map(|s| s.to_ascii_lowercase()) else {
            return self.default.clone();
        };
        let exact = self.named.iter().find(|(n, _)| *n == sni);
        let wild = || {
            let (_, parent) = sni.split_once('.')?;
            self.named
                .iter()
                .find(|(n, _)| n.strip_prefix("*.") == Some(parent))
        };
        exact
            .or_else(wild)
            .map_or_else(|| self.default.clone(), |(_, k)| k.clone())
    }
}

/// The certificates in use: read at every handshake, swapped by a reload.
#[derive(Debug)]
pub struct Certs {
    files: Vec<CertFiles>,
    now: RwLock<Arc<Loaded>>,
}

impl Certs {
    fn new(files: Vec<CertFiles>) -> Result<Certs, PemError> {
        let loaded = Loaded::load(&files)?;
        Ok(Certs {
            files,
            now: RwLock::new(Arc::new(loaded)),
        })
    }

    /// Reads every certificate again; on failure the old ones stay.
    pub fn reload(&self, why: &str) {
        match Loaded::load(&self.files) {
            Ok(l) => {
                *self.now.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(l);
                tracing::info!(why, "TLS certificates reloaded");
            }
            Err(e) => tracing::error!(
                why,
                error = %e,
                "TLS certificates not reloaded: keeping the ones in use"
            ),
        }
    }

    /// Every file a change of which reloads.
    pub fn paths(&self) -> impl Iterator<Item = &std::path::Path> {
        self.files
            .iter()
            .flat_map(|f| [f.cert.as_path(), f.key.as_path()])
    }
}

impl ResolvesServerCert for Certs {
    fn resolve(&self, hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        let now = self.now.read().unwrap_or_else(|e| e.into_inner()).clone();
        Some(now.pick(hello.server_name()))
    }
}

/// The acceptor of the TLS listener and the certificates it reloads.
pub fn acceptor(tls: &Tls) -> Result<(tokio_rustls::TlsAcceptor, Arc<Certs>), TlsError> {
    let certs = Arc::new(Certs::new(tls.certs.clone())?);
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ServerConfig::builder_with_provider(provider.clone())
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])?;
    let builder = match &tls.client_ca {
        Some(ca) => {
            let roots = Arc::new(crate::config::load_roots(ca)?);
            let verifier = WebPkiClientVerifier::builder_with_provider(roots, provider).build()?;
            builder.with_client_cert_verifier(verifier)
        }
        None => builder.with_no_client_auth(),
    };
    let mut config = builder.with_cert_resolver(certs.clone());
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok((tokio_rustls::TlsAcceptor::from(Arc::new(config)), certs))
}

/// `redirect_to_https`: 308 to the same host and path on the TLS port.
pub fn redirect<B>(req: &hyper::Request<B>, port: u16) -> hyper::Response<super::body::Body> {
    let host = req.uri().host().map(str::to_owned).or_else(|| {
        let h = req.headers().get(hyper::header::HOST)?.to_str().ok()?;
        let h = h.parse::<hyper::http::uri::Authority>().ok()?;
        Some(h.host().to_owned())
    });
    let Some(host) = host else {
        return super::plain(hyper::StatusCode::BAD_REQUEST, "no host to redirect to");
    };
    let port = if port == 443 {
        String::new()
    } else {
        format!(":{port}")
    };
    let path = req.uri().path_and_query().map_or("/", |p| p.as_str());
    let to = format!("https://{host}{port}{path}");
    let mut r = super::plain(hyper::StatusCode::PERMANENT_REDIRECT, &to);
    if let Ok(v) = hyper::header::HeaderValue::from_str(&to) {
        r.headers_mut().insert(hyper::header::LOCATION, v);
    }
    r
}
