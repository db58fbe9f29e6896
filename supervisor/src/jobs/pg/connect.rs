//! How a node reaches the shared store: the connection settings (the URL,
//! then libpq's environment variables and defaults), the TLS connector and
//! the connection pool.

use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio_postgres_rustls::MakeRustlsConnect;

use super::tls;
use crate::config::{SslMode, StoreUrl, store_url::UrlError};

/// Why the shared store cannot be set up (the URL, the TLS settings).
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("[jobs] store: {0}")]
    Url(#[from] UrlError),
    #[error("[jobs] store: PGSSLMODE={0:?} is not one of {names}", names = SslMode::NAMES)]
    EnvSslMode(String),
    #[error("[jobs] store: {0}")]
    Tls(#[from] tls::TlsError),
    #[error("[jobs] store: cannot make the connection pool: {0}")]
    Pool(String),
}

/// How to reach the store: tokio-postgres' settings and the TLS connector.
#[derive(Clone)]
pub struct Connect {
    pub config: tokio_postgres::Config,
    pub tls: MakeRustlsConnect,
    pub ssl_mode: SslMode,
}

impl std::fmt::Debug for Connect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // tokio-postgres' Config hides its password in Debug.
        f.debug_struct("Connect")
            .field("config", &self.config)
            .field("ssl_mode", &self.ssl_mode)
            .finish_non_exhaustive()
    }
}

/// The connection settings of `url`; what it leaves out comes from the
/// standard `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`,
/// `PGOPTIONS`, `PGSSLMODE` and `PGSSLROOTCERT` variables, then libpq's
/// defaults (`sslmode=prefer`, the system's roots).
pub fn connect_settings(url: &str) -> Result<Connect, SetupError> {
    let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let parts = StoreUrl::parse(url)?;
    let mut c: tokio_postgres::Config = parts
        .rest
        .parse()
        .map_err(|e: tokio_postgres::Error| UrlError::Postgres(e.to_string()))?;
    let ssl_mode = match (parts.ssl_mode, env("PGSSLMODE")) {
        (Some(m), _) => m,
        (None, Some(m)) => SslMode::parse(&m).ok_or(SetupError::EnvSslMode(m))?,
        (None, None) => SslMode::Prefer,
    };
    let root_cert = parts.root_cert.or_else(|| env("PGSSLROOTCERT"));
    let tls = tls::connector(ssl_mode, root_cert.as_deref())?;
    c.ssl_mode(tls::negotiation(ssl_mode));
    env_defaults(&mut c, env);
    Ok(Connect {
        config: c,
        tls,
        ssl_mode,
    })
}

/// What the URL left out, from the environment and libpq's defaults.
fn env_defaults(c: &mut tokio_postgres::Config, env: impl Fn(&str) -> Option<String>) {
    if c.get_hosts().is_empty() {
        let hosts = env("PGHOST").unwrap_or_else(|| "localhost".into());
        for h in hosts.split(',') {
            if h.starts_with('/') {
                c.host_path(h);
            } else {
                c.host(h);
            }
        }
    }
    if c.get_ports().is_empty()
        && let Some(p) = env("PGPORT").and_then(|p| p.parse().ok())
    {
        c.port(p);
    }
    if c.get_user().is_none() {
        let user = env("PGUSER")
            .or_else(|| env("USER"))
            .unwrap_or_else(|| "postgres".into());
        c.user(&user);
    }
    if c.get_password().is_none()
        && let Some(p) = env("PGPASSWORD")
    {
        c.password(p);
    }
    if c.get_dbname().is_none()
        && let Some(d) = env("PGDATABASE")
    {
        c.dbname(&d);
    }
    if c.get_options().is_none()
        && let Some(o) = env("PGOPTIONS")
    {
        c.options(&o);
    }
    if c.get_connect_timeout().is_none() {
        c.connect_timeout(Duration::from_secs(5));
    }
    c.application_name("bextd");
}

/// A connection pool (connections are made when first used, and made
/// again after the server went away).
pub fn pool(connect: &Connect) -> Result<Pool, SetupError> {
    let mgr = Manager::from_config(
        connect.config.clone(),
        connect.tls.clone(),
        ManagerConfig {
            recycling_method: RecyclingMethod::Fast,
        },
    );
    Pool::builder(mgr)
        .max_size(4)
        .runtime(Runtime::Tokio1)
        .create_timeout(Some(Duration::from_secs(5)))
        .wait_timeout(Some(Duration::from_secs(5)))
        .recycle_timeout(Some(Duration::from_secs(5)))
        .build()
        .map_err(|e| SetupError::Pool(e.to_string()))
}
