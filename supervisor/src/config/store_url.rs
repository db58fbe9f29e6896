//! The `[jobs] store` URL: checked, split and redacted.
//!
//! tokio-postgres knows `sslmode` only as `disable`, `prefer` and
//! `require`, and refuses `sslrootcert`. bextd speaks libpq's five modes
//! instead, so the two TLS parameters are taken out of the query string
//! here ([`StoreUrl::parse`]) and what is left goes to tokio-postgres; the
//! store's connector (`jobs/pg/tls.rs`) carries them out.
//!
//! A password may sit in the userinfo (`postgres://u:secret@db/jobs`) or in
//! the query string (`?password=secret`): [`redact`] hides both, and every
//! place that prints the URL (the effective config, logs, the status page,
//! config errors) prints it through [`redact`].

/// libpq's `sslmode`: how hard to insist on TLS and what to check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SslMode {
    /// Plain TCP.
    Disable,
    /// TLS if the server has it, else plain; the certificate is not checked.
    #[default]
    Prefer,
    /// TLS or no connection; the certificate is checked only if a root
    /// certificate was given (then as `verify-ca`), as libpq does.
    Require,
    /// TLS with a certificate signed by a trusted root; any host name.
    VerifyCa,
    /// TLS with a trusted certificate issued to the host connected to.
    VerifyFull,
}

impl SslMode {
    /// The names libpq accepts (`allow` behaves as `prefer` here: bextd
    /// never starts plain and upgrades).
    pub const NAMES: &'static str = "disable, allow, prefer, require, verify-ca or verify-full";

    pub fn parse(s: &str) -> Option<SslMode> {
        Some(match s {
            "disable" => SslMode::Disable,
            "allow" | "prefer" => SslMode::Prefer,
            "require" => SslMode::Require,
            "verify-ca" => SslMode::VerifyCa,
            "verify-full" => SslMode::VerifyFull,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            SslMode::Disable => "disable",
            SslMode::Prefer => "prefer",
            SslMode::Require => "require",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        }
    }
}

/// What is wrong with a store URL.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    #[error("it does not start with postgres:// or postgresql://")]
    Scheme,
    #[error("sslmode={0:?} is not one of {names}", names = SslMode::NAMES)]
    SslMode(String),
    #[error("sslrootcert is empty (give the path of a PEM file of root certificates)")]
    EmptyRootCert,
    #[error("{0}")]
    Postgres(String),
}

/// A store URL with its TLS parameters taken out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreUrl {
    /// The URL without `sslmode` and `sslrootcert`, for tokio-postgres.
    pub rest: String,
    /// None: not in the URL (then `PGSSLMODE`, then `prefer`).
    pub ssl_mode: Option<SslMode>,
    /// None: not in the URL (then `PGSSLROOTCERT`, then the system's roots).
    pub root_cert: Option<String>,
}

impl StoreUrl {
    /// Splits `url`, checking the TLS parameters and everything else
    /// tokio-postgres checks.
    pub fn parse(url: &str) -> Result<StoreUrl, UrlError> {
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(UrlError::Scheme);
        }
        let (head, query) = url.split_once('?').unwrap_or((url, ""));
        let (mut ssl_mode, mut root_cert, mut kept) = (None, None, Vec::new());
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            match k {
                "sslmode" => {
                    let v = decode(v);
                    ssl_mode = Some(SslMode::parse(&v).ok_or(UrlError::SslMode(v))?);
                }
                "sslrootcert" => {
                    let v = decode(v);
                    if v.is_empty() {
                        return Err(UrlError::EmptyRootCert);
                    }
                    root_cert = Some(v);
                }
                _ => kept.push(pair),
            }
        }
        let rest = if kept.is_empty() {
            head.to_owned()
        } else {
            format!("{head}?{}", kept.join("&"))
        };
        rest.parse::<tokio_postgres::Config>()
            .map_err(|e| UrlError::Postgres(redact(&e.to_string())))?;
        Ok(StoreUrl {
            rest,
            ssl_mode,
            root_cert,
        })
    }
}

/// A query value with its `%XX` escapes (and `+`) decoded.
fn decode(v: &str) -> String {
    let v = v.replace('+', " ");
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A store URL that shows its password to no one by accident: `{:?}`
/// prints it redacted; [`Secret::expose`] is for connecting.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(url: String) -> Secret {
        Secret(url)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn redacted(&self) -> String {
        redact(&self.0)
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.redacted())
    }
}

/// The URL with every password replaced by `***`: the userinfo's and a
/// `password=` parameter's. Text that is not a URL is returned as is.
pub fn redact(url: &str) -> String {
    let (head, query) = match url.split_once('?') {
        Some((h, q)) => (h, Some(q)),
        None => (url, None),
    };
    let mut out = redact_userinfo(head);
    if let Some(q) = query {
        let pairs: Vec<String> = q
            .split('&')
            .map(|p| match p.split_once('=') {
                Some((k, _)) if k.eq_ignore_ascii_case("password") => format!("{k}=***"),
                _ => p.to_owned(),
            })
            .collect();
        out.push('?');
        out.push_str(&pairs.join("&"));
    }
    out
}

fn redact_userinfo(head: &str) -> String {
    let Some((scheme, rest)) = head.split_once("://") else {
        return head.to_owned();
    };
    let Some((auth, tail)) = rest.rsplit_once('@') else {
        return head.to_owned();
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{tail}"),
        None => head.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_hidden_in_the_userinfo_and_the_query() {
        assert_eq!(
            redact("postgres://u:secret@db:5432/jobs"),
            "postgres://u:***@db:5432/jobs"
        );
        assert_eq!(redact("postgres://db/jobs"), "postgres://db/jobs");
        assert_eq!(
            redact("postgres://u@db/jobs?sslmode=require&password=secret&options=x"),
            "postgres://u@db/jobs?sslmode=require&password=***&options=x"
        );
        assert_eq!(
            redact("postgres://u:a@b@db/jobs?PASSWORD=s"),
            "postgres://u:***@db/jobs?PASSWORD=***"
        );
        assert!(!redact("postgres://u:pw@h/d?password=pw2").contains("pw"));
    }

    #[test]
    fn a_secret_url_debugs_redacted() {
        let s = Secret::new("postgres://u:pw@db/jobs?password=pw".into());
        assert_eq!(
            format!("{s:?}"),
            "\"postgres://u:***@db/jobs?password=***\""
        );
        assert!(s.expose().contains("pw@"));
    }

    #[test]
    fn sslmode_takes_libpq_names_and_nothing_else() {
        for (s, m) in [
            ("disable", SslMode::Disable),
            ("allow", SslMode::Prefer),
            ("prefer", SslMode::Prefer),
            ("require", SslMode::Require),
            ("verify-ca", SslMode::VerifyCa),
            ("verify-full", SslMode::VerifyFull),
        ] {
            assert_eq!(SslMode::parse(s), Some(m), "{s}");
        }
        for bad in ["", "REQUIRE", "verify_full", "on", "true"] {
            assert_eq!(SslMode::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_tls_parameters_are_taken_out_of_the_url() {
        let u = StoreUrl::parse(
            "postgres://u:p@db/jobs?sslmode=verify-full&options=-c%20x%3Dy&sslrootcert=%2Fetc%2Fca.pem",
        )
        .unwrap();
        assert_eq!(u.rest, "postgres://u:p@db/jobs?options=-c%20x%3Dy");
        assert_eq!(u.ssl_mode, Some(SslMode::VerifyFull));
        assert_eq!(u.root_cert.as_deref(), Some("/etc/ca.pem"));
        let plain = StoreUrl::parse("postgresql:///jobs").unwrap();
        assert_eq!((plain.ssl_mode, plain.root_cert), (None, None));
        assert_eq!(plain.rest, "postgresql:///jobs");
    }

    #[test]
    fn bad_urls_say_what_is_wrong() {
        let e = StoreUrl::parse("postgres://db/jobs?sslmode=verify").unwrap_err();
        assert_eq!(e, UrlError::SslMode("verify".into()));
        assert!(e.to_string().contains("verify-full"), "{e}");
        assert_eq!(
            StoreUrl::parse("mysql://db/jobs").unwrap_err(),
            UrlError::Scheme
        );
        assert_eq!(
            StoreUrl::parse("postgres://db/jobs?sslrootcert=").unwrap_err(),
            UrlError::EmptyRootCert
        );
        assert!(matches!(
            StoreUrl::parse("postgres://db:notaport/jobs"),
            Err(UrlError::Postgres(_))
        ));
    }
}
