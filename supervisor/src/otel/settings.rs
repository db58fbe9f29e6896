//! `[tracing]` and the standard `OTEL_*` variables merged into the settings
//! bextd exports with. A key written in `bext.toml` wins; a key left out
//! takes its variable; a variable left out takes the default. A pure
//! function of the section and an environment, so it is tested with tables.

use std::time::Duration;

pub use crate::config::EnvError;
use crate::config::{PROTOCOLS, SAMPLERS, TracingSection, endpoint_ok};

/// Where no endpoint is given: an OpenTelemetry Collector on this host.
pub const DEFAULT_ENDPOINT: &str = "http://localhost:4318";

/// The traces path of OTLP/HTTP, appended to a base endpoint.
const TRACES_PATH: &str = "/v1/traces";

/// What bextd exports with, once tracing is on.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The full URL spans are posted to.
    pub traces_url: String,
    pub sampler: Sampling,
    pub service_name: String,
    pub server_timing: bool,
    pub export_timeout: Duration,
    pub max_queue_size: usize,
    /// A sampled request slower than this goes to the feed (`slow_ms`).
    pub slow: Option<Duration>,
    /// Query parameters whose values spans keep (`keep_query_params`).
    pub keep_query_params: Vec<String>,
}

/// Which new traces are kept.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sampling {
    /// Follow the caller's sampled flag when a request carries one.
    pub parent_based: bool,
    /// Share of the traces this process starts that are kept.
    pub ratio: f64,
}

/// The settings, or `None` when tracing is off: `OTEL_SDK_DISABLED=true`,
/// `enabled = false`, or `enabled` unset and no OTLP endpoint variable.
pub fn resolve(
    s: &TracingSection,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<Settings>, EnvError> {
    let var = |name: &str| {
        env(name)
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let disabled = var("OTEL_SDK_DISABLED");
    if disabled
        .as_deref()
        .is_some_and(|v| v.eq_ignore_ascii_case("true"))
    {
        return Ok(None);
    }
    let signal_url = var("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
    let base_url = var("OTEL_EXPORTER_OTLP_ENDPOINT");
    if !s
        .enabled
        .unwrap_or(signal_url.is_some() || base_url.is_some())
    {
        return Ok(None);
    }
    // Checked only when tracing is on: the variables of an environment
    // shared with other programs are not bextd's to refuse otherwise.
    if let Some(v) = disabled.filter(|v| !v.eq_ignore_ascii_case("false")) {
        return Err(env_error("OTEL_SDK_DISABLED", v, "must be true or false"));
    }
    let traces_url = match (&s.endpoint, signal_url, base_url) {
        (Some(e), _, _) => with_traces_path(e),
        (None, Some(e), _) => checked_url("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", e)?,
        (None, None, Some(e)) => with_traces_path(&checked_url("OTEL_EXPORTER_OTLP_ENDPOINT", e)?),
        (None, None, None) => with_traces_path(DEFAULT_ENDPOINT),
    };
    if s.protocol.is_none() {
        for name in [
            "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
            "OTEL_EXPORTER_OTLP_PROTOCOL",
        ] {
            if let Some(p) = var(name).filter(|p| !PROTOCOLS.contains(&p.as_str())) {
                return Err(env_error(
                    name,
                    p,
                    "must be http/protobuf (gRPC is not built in)",
                ));
            }
        }
    }
    Ok(Some(Settings {
        traces_url,
        sampler: sampling(s, &var)?,
        service_name: s
            .service_name
            .clone()
            .or_else(|| var("OTEL_SERVICE_NAME"))
            .unwrap_or_else(|| "bextd".into()),
        server_timing: s.server_timing,
        export_timeout: Duration::from_millis(s.export_timeout_ms),
        max_queue_size: s.max_queue_size as usize,
        slow: (s.slow_ms > 0).then(|| Duration::from_millis(s.slow_ms)),
        keep_query_params: s.keep_query_params.clone(),
    }))
}

fn sampling(
    s: &TracingSection,
    var: &dyn Fn(&str) -> Option<String>,
) -> Result<Sampling, EnvError> {
    let name = match &s.sampler {
        Some(n) => n.clone(),
        None => match var("OTEL_TRACES_SAMPLER") {
            Some(n) if SAMPLERS.contains(&n.as_str()) => n,
            Some(n) => {
                let rule = format!("must be one of {}", SAMPLERS.join(", "));
                return Err(env_error("OTEL_TRACES_SAMPLER", n, &rule));
            }
            None => "parentbased_traceidratio".into(),
        },
    };
    let ratio = match (s.ratio, var("OTEL_TRACES_SAMPLER_ARG")) {
        (Some(r), _) => r,
        (None, Some(arg)) => match arg.parse::<f64>() {
            Ok(r) if (0.0..=1.0).contains(&r) => r,
            _ => {
                return Err(env_error(
                    "OTEL_TRACES_SAMPLER_ARG",
                    arg,
                    "must be a ratio from 0 to 1",
                ));
            }
        },
        (None, None) => 1.0,
    };
    let ratio = match name.trim_start_matches("parentbased_") {
        "always_on" => 1.0,
        "always_off" => 0.0,
        _ => ratio,
    };
    Ok(Sampling {
        parent_based: name.starts_with("parentbased_"),
        ratio,
    })
}

fn checked_url(name: &'static str, url: String) -> Result<String, EnvError> {
    if endpoint_ok(&url) {
        Ok(url)
    } else {
        Err(env_error(name, url, "must be an http:// or https:// URL"))
    }
}

fn env_error(name: &'static str, value: String, rule: &str) -> EnvError {
    EnvError {
        name,
        value,
        rule: rule.to_owned(),
    }
}

/// `base` with OTLP's traces path, unless it already ends with it.
fn with_traces_path(base: &str) -> String {
    let base = base.trim_end_matches('/');
    if base.ends_with(TRACES_PATH) {
        base.to_owned()
    } else {
        format!("{base}{TRACES_PATH}")
    }
}

#[cfg(test)]
#[path = "settings_tests.rs"]
mod tests;
