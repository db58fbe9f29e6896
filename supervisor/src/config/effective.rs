//! The effective configuration `--check-config` prints: every key with its
//! default filled in, written so that the text is itself a valid
//! `bext.toml` with the same meaning (same route order, same sizes).

use serde::Serialize;
use toml::Table;

use super::{Config, PoolSection, RawConfig, ServerSection};

#[derive(Serialize)]
struct ServerOnly<'a> {
    server: &'a ServerSection,
}

#[derive(Serialize)]
struct TracingOnly<'a> {
    tracing: &'a super::TracingSection,
}

#[derive(Serialize)]
struct JobsOnly<'a> {
    jobs: &'a super::JobsSection,
}

impl Config {
    /// The effective settings as a `bext.toml`.
    pub fn effective_toml(&self) -> Result<String, toml::ser::Error> {
        let raw = &self.effective;
        let mut server = raw.server.clone();
        server.control_socket = Some(
            server
                .control_socket
                .unwrap_or_else(|| self.server.control_socket.display().to_string()),
        );
        let mut out = toml::to_string_pretty(&ServerOnly { server: &server })?;
        // Pools in route order, each as its own section: `[render]` may
        // stand between two `[pools.*]`, which TOML allows.
        for pool in &self.pools {
            let Some(section) = section_of(raw, &pool.name) else {
                continue;
            };
            let mut section = section.clone();
            section.jsc_workers = None;
            section.min_workers = Some(pool.min_workers);
            section.max_workers = Some(pool.max_workers);
            let value = toml::Value::try_from(&section)?;
            let mut doc = Table::new();
            if pool.name == "render" && raw.render.is_some() {
                doc.insert("render".into(), value);
            } else {
                let mut pools = Table::new();
                pools.insert(pool.name.clone(), value);
                doc.insert("pools".into(), toml::Value::Table(pools));
            }
            out.push('\n');
            out.push_str(&toml::to_string_pretty(&doc)?);
        }
        out.push('\n');
        let mut jobs = raw.jobs.clone();
        jobs.store = super::store_url::redact(&jobs.store);
        out.push_str(&toml::to_string_pretty(&JobsOnly { jobs: &jobs })?);
        out.push('\n');
        out.push_str(&toml::to_string_pretty(&TracingOnly {
            tracing: &raw.tracing,
        })?);
        Ok(out)
    }
}

fn section_of<'a>(raw: &'a RawConfig, name: &str) -> Option<&'a PoolSection> {
    if name == "render" {
        raw.render.as_ref()
    } else {
        raw.pools.get(name)
    }
}
