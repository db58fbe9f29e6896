//! TLS to PostgreSQL, with libpq's `sslmode` semantics, over rustls with
//! the ring provider (the one the workers' `fetch()` uses).
//!
//! tokio-postgres decides *whether* to ask the server for TLS (its
//! `disable`/`prefer`/`require`: `verify-ca` and `verify-full` ask as
//! `require` does); the rustls configuration made here decides what is
//! *checked* once the server agrees:
//!
//! | sslmode | TLS | certificate chain | host name |
//! |---|---|---|---|
//! | `disable` | never | – | – |
//! | `prefer` (default) | if the server has it | no | no |
//! | `require` | always | only if `sslrootcert` is given (then as `verify-ca`) | no |
//! | `verify-ca` | always | yes | no |
//! | `verify-full` | always | yes | yes |
//!
//! The roots are the PEM file `sslrootcert` names, or the system's
//! (`rustls-native-certs`; `sslrootcert=system` says so explicitly).
//! Without a chain check the handshake's signatures are still verified, so
//! the traffic is encrypted to whoever holds the presented key: what libpq
//! gives with `require`.

use std::path::Path;
use std::sync::Arc;

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{
    CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme,
};
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::config::SslMode;

/// Why the TLS settings cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("sslrootcert {path}: cannot read it: {source}")]
    ReadRoots {
        path: String,
        source: rustls::pki_types::pem::Error,
    },
    #[error("sslrootcert {0}: holds no PEM certificate")]
    NoRoots(String),
    #[error("sslrootcert {path}: a certificate is not usable as a root: {source}")]
    BadRoot { path: String, source: rustls::Error },
    #[error("no system root certificates found ({0}); give sslrootcert=/path/to/ca.pem")]
    NoSystemRoots(String),
    #[error("cannot set up TLS: {0}")]
    Rustls(#[from] rustls::Error),
}

/// The ring provider, as everywhere in bext.
fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// What tokio-postgres is told: whether to ask for TLS.
pub fn negotiation(mode: SslMode) -> tokio_postgres::config::SslMode {
    use tokio_postgres::config::SslMode as Pg;
    match mode {
        SslMode::Disable => Pg::Disable,
        SslMode::Prefer => Pg::Prefer,
        SslMode::Require | SslMode::VerifyCa | SslMode::VerifyFull => Pg::Require,
    }
}

/// What the certificate is checked for, given the mode and whether a root
/// file was named (libpq: `require` with a root file checks as `verify-ca`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    Nothing,
    Chain,
    ChainAndName,
}

pub fn check_for(mode: SslMode, root_cert_given: bool) -> Check {
    match mode {
        SslMode::Disable | SslMode::Prefer => Check::Nothing,
        SslMode::Require if root_cert_given => Check::Chain,
        SslMode::Require => Check::Nothing,
        SslMode::VerifyCa => Check::Chain,
        SslMode::VerifyFull => Check::ChainAndName,
    }
}

/// The connector for `mode` with the roots of `root_cert` (a PEM file, or
/// `system`; None: the system's when a check needs roots).
pub fn connector(mode: SslMode, root_cert: Option<&str>) -> Result<MakeRustlsConnect, TlsError> {
    let given = root_cert.is_some_and(|r| r != "system");
    let provider = provider();
    let builder = ClientConfig::builder_with_provider(provider.clone())
        .with_protocol_versions(rustls::DEFAULT_VERSIONS)?;
    let verifier: Arc<dyn ServerCertVerifier> = match check_for(mode, given) {
        Check::Nothing => Arc::new(Unchecked(provider.signature_verification_algorithms)),
        check => {
            let roots = Arc::new(match root_cert.filter(|_| given) {
                Some(path) => file_roots(path)?,
                None => system_roots()?,
            });
            let webpki = WebPkiServerVerifier::builder_with_provider(roots, provider)
                .build()
                .map_err(|e| TlsError::Rustls(rustls::Error::General(e.to_string())))?;
            if check == Check::Chain {
                Arc::new(AnyName(webpki))
            } else {
                webpki
            }
        }
    };
    let config = builder
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    Ok(MakeRustlsConnect::new(config))
}

fn file_roots(path: &str) -> Result<RootCertStore, TlsError> {
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(Path::new(path))
        .and_then(|it| it.collect())
        .map_err(|source| TlsError::ReadRoots {
            path: path.into(),
            source,
        })?;
    if certs.is_empty() {
        return Err(TlsError::NoRoots(path.into()));
    }
    let mut roots = RootCertStore::empty();
    for c in certs {
        roots.add(c).map_err(|source| TlsError::BadRoot {
            path: path.into(),
            source,
        })?;
    }
    Ok(roots)
}

fn system_roots() -> Result<RootCertStore, TlsError> {
    let found = rustls_native_certs::load_native_certs();
    let mut roots = RootCertStore::empty();
    let (added, _) = roots.add_parsable_certificates(found.certs);
    if added == 0 {
        let why = found
            .errors
            .first()
            .map_or_else(|| "none installed".to_owned(), |e| e.to_string());
        return Err(TlsError::NoSystemRoots(why));
    }
    Ok(roots)
}

/// `require` without roots (and `prefer`): any certificate, signatures
/// still verified.
#[derive(Debug)]
struct Unchecked(WebPkiSupportedAlgorithms);

impl ServerCertVerifier for Unchecked {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_schemes()
    }
}

/// `verify-ca`: the chain is checked, the name is not. webpki checks the
/// chain before the name, so a name error means the chain was good.
#[derive(Debug)]
struct AnyName(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for AnyName {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_each_mode_checks_follows_libpq() {
        use Check::*;
        for (mode, given, want) in [
            (SslMode::Disable, true, Nothing),
            (SslMode::Prefer, true, Nothing),
            (SslMode::Require, false, Nothing),
            (SslMode::Require, true, Chain),
            (SslMode::VerifyCa, false, Chain),
            (SslMode::VerifyFull, false, ChainAndName),
        ] {
            assert_eq!(check_for(mode, given), want, "{mode:?} {given}");
        }
        use tokio_postgres::config::SslMode as Pg;
        assert_eq!(negotiation(SslMode::VerifyFull), Pg::Require);
        assert_eq!(negotiation(SslMode::Prefer), Pg::Prefer);
    }

    #[test]
    fn a_missing_or_empty_root_file_is_a_clear_error() {
        let e = connector(SslMode::VerifyFull, Some("/nonexistent/ca.pem"))
            .err()
            .unwrap();
        assert!(e.to_string().contains("/nonexistent/ca.pem"), "{e}");
        let dir = tempfile::tempdir().unwrap();
        let empty = dir.path().join("ca.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let e = connector(SslMode::VerifyCa, empty.to_str()).err().unwrap();
        assert!(e.to_string().contains("no PEM certificate"), "{e}");
        assert!(connector(SslMode::Require, None).is_ok());
    }
}
