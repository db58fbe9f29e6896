//! The probes of bextd's container: httpGet on bext's own endpoints
//! (`/__bext/ready`, `/__bext/health`) and on the port bextd listens on.

use super::super::manifest::{Container, IntOrString, Probe};
use super::{Finding, fail, ok, warn};
use crate::config::Config;

/// Why a probe's `port` names no port of the container.
#[derive(Debug, thiserror::Error)]
pub(super) enum NoPort {
    #[error("has no port")]
    Missing,
    /// A number that is no TCP port, or a value of another kind.
    #[error("port {0}")]
    Invalid(String),
    #[error("names port {0:?}, which the container does not declare")]
    Undeclared(String),
}

/// The port a probe's `port` names on `c`.
pub(super) fn probe_port(c: &Container, port: Option<&IntOrString>) -> Result<u16, NoPort> {
    match port {
        None => Err(NoPort::Missing),
        Some(IntOrString::Int(n)) => u16::try_from(*n).map_err(|_| NoPort::Invalid(n.to_string())),
        Some(IntOrString::Str(name)) => c
            .ports
            .iter()
            .find(|p| &p.name == name)
            .map(|p| p.container_port)
            .ok_or_else(|| NoPort::Undeclared(name.clone())),
        Some(other) => Err(NoPort::Invalid(other.text())),
    }
}

pub(super) fn probes(c: &Container, config: &Config, out: &mut Vec<Finding>) {
    let listen = config.server.listen.port();
    let kinds: [(&str, Option<&Probe>, &[&str]); 3] = [
        (
            "readinessProbe",
            c.readiness_probe.as_ref(),
            &["/__bext/ready"],
        ),
        (
            "livenessProbe",
            c.liveness_probe.as_ref(),
            &["/__bext/health"],
        ),
        (
            "startupProbe",
            c.startup_probe.as_ref(),
            &["/__bext/ready", "/__bext/health"],
        ),
    ];
    for (kind, probe, paths) in kinds {
        let Some(probe) = probe else {
            match kind {
                "readinessProbe" => out.push(fail(
                    "no readinessProbe: Kubernetes routes to pods whose workers have not booted and to pods that are stopping; probe GET /__bext/ready".into(),
                )),
                "livenessProbe" => out.push(warn(
                    "no livenessProbe: a wedged bextd is never restarted; probe GET /__bext/health".into(),
                )),
                _ => {}
            }
            continue;
        };
        let Some(get) = &probe.http_get else {
            out.push(fail(format!(
                "{kind} is not an httpGet: probe GET {} so that it sees what bextd reports",
                paths[0]
            )));
            continue;
        };
        let path = get.path.split('?').next().unwrap_or_default();
        if !paths.contains(&path) {
            let why = if kind == "livenessProbe" && path == "/__bext/ready" {
                ": readiness turns 503 while bextd drains and while a pool has no ACTIVE worker, and a failed liveness probe restarts the pod"
            } else {
                ""
            };
            out.push(fail(format!(
                "{kind} GET {} should be GET {}{why}",
                if get.path.is_empty() { "/" } else { &get.path },
                paths.join(" or ")
            )));
            continue;
        }
        match probe_port(c, get.port.as_ref()) {
            Ok(p) if p == listen => out.push(ok(format!("{kind} GET {path} on port {p}"))),
            Ok(p) => out.push(fail(format!(
                "{kind} GET {path} on port {p}, but bextd listens on {listen}"
            ))),
            Err(why) => out.push(fail(format!("{kind} GET {path} {why}"))),
        }
    }
}
