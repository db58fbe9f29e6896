//! What `bext check` asks of a workload that runs bextd, given the
//! bext.toml it runs with: a grace period that outlasts the drain, probes on
//! bext's own endpoints and port, and a memory limit that holds every
//! worker at its rotation bound. Each finding carries its numbers.

use protocol::size::format_size;

use super::manifest::{Container, IntOrString, Object, PodSpec};
use crate::config::{Config, WorkerCount};

/// What bextd itself (the master, not its workers) is allowed in the
/// memory sum: its RSS is a few MB plus its buffers under load.
pub const BEXTD_RESERVE_BYTES: u64 = 32 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Ok,
    Warn,
    Fail,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub level: Level,
    pub text: String,
}

fn ok(text: String) -> Finding {
    Finding {
        level: Level::Ok,
        text,
    }
}

fn warn(text: String) -> Finding {
    Finding {
        level: Level::Warn,
        text,
    }
}

fn fail(text: String) -> Finding {
    Finding {
        level: Level::Fail,
        text,
    }
}

/// Whether `c` is bextd's container: its name, image or command says so.
pub fn runs_bextd(c: &Container) -> bool {
    c.name.contains("bext")
        || c.image.contains("bext")
        || c.command.iter().any(|w| w.contains("bextd"))
}

/// The checks of one bextd container of a pod, against `config`.
pub fn check(
    pod: &PodSpec,
    c: &Container,
    annotations: &std::collections::BTreeMap<String, String>,
    config: &Config,
    margin_s: u64,
) -> Vec<Finding> {
    let mut out = Vec::new();
    grace(pod, c, config, margin_s, &mut out);
    reachable(config, &mut out);
    probes(c, config, &mut out);
    memory(c, config, &mut out);
    scrape(annotations, config, &mut out);
    out
}

fn secs(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", ms as f64 / 1000.0)
    }
}

fn grace(pod: &PodSpec, c: &Container, config: &Config, margin_s: u64, out: &mut Vec<Finding>) {
    let grace = pod.termination_grace_period_seconds.unwrap_or(30);
    let written = if pod.termination_grace_period_seconds.is_some() {
        ""
    } else {
        " (Kubernetes' default)"
    };
    let pre_stop = c
        .lifecycle
        .as_ref()
        .and_then(|l| l.pre_stop.as_ref())
        .and_then(|h| h.sleep_seconds())
        .unwrap_or(0);
    let timeout_ms = config.server.limits.shutdown_timeout_ms;
    let need_ms = pre_stop * 1000 + timeout_ms + margin_s * 1000;
    let sum = format!(
        "{}shutdown_timeout_ms {} + margin {margin_s} s = {}",
        if pre_stop > 0 {
            format!("preStop sleep {pre_stop} s + ")
        } else {
            String::new()
        },
        secs(timeout_ms),
        secs(need_ms)
    );
    if grace * 1000 >= need_ms {
        out.push(ok(format!(
            "terminationGracePeriodSeconds {grace}{written} >= {sum}"
        )));
    } else {
        out.push(fail(format!(
            "terminationGracePeriodSeconds {grace}{written} < {sum}: Kubernetes SIGKILLs bextd before its drain may end; raise it to {} or lower shutdown_timeout_ms",
            need_ms.div_ceil(1000)
        )));
    }
    let delay_ms = config.server.shutdown_delay(true).as_millis() as u64;
    let how = if config.server.limits.shutdown_delay_ms.is_some() {
        "shutdown_delay_ms"
    } else {
        "shutdown_delay_ms unset: in a pod"
    };
    match (delay_ms, pre_stop) {
        (0, 0) => out.push(warn(format!(
            "{how} 0 and no preStop sleep: requests the Service still routes to the pod after SIGTERM are refused; leave shutdown_delay_ms unset (5 s in a pod) or set it"
        ))),
        (d, p) if d > 0 && p > 0 => out.push(warn(format!(
            "a preStop sleep of {p} s and {how} {} both hold the pod after endpoint removal: one is enough (bext's also turns /__bext/ready to 503 at once)",
            secs(d)
        ))),
        (d, 0) => out.push(ok(format!(
            "on SIGTERM /__bext/ready answers 503 and bextd serves on for {} ({how}) before it stops accepting",
            secs(d)
        ))),
        (_, p) => out.push(ok(format!(
            "a preStop sleep of {p} s holds SIGTERM while endpoints are removed"
        ))),
    }
}

fn reachable(config: &Config, out: &mut Vec<Finding>) {
    let listen = config.server.listen;
    if listen.ip().is_loopback() {
        out.push(fail(format!(
            "[server] listen {listen} is loopback only: neither the kubelet's probes nor the Service reach it; listen on 0.0.0.0:{}",
            listen.port()
        )));
    }
    admin_allow(&config.server.admin_allow, out);
}

/// Whether `net` holds loopback addresses only.
fn is_loopback(net: &ipnet::IpNet) -> bool {
    net.network().to_canonical().is_loopback() && net.broadcast().to_canonical().is_loopback()
}

/// Rule: `admin_allow` stays on loopback. Probes need no entry (health and
/// readiness answer anyone); every peer it holds can read the jobs' data,
/// the metrics and the history, and take the event-stream slots.
fn admin_allow(allow: &[ipnet::IpNet], out: &mut Vec<Finding>) {
    let wide: Vec<String> = allow
        .iter()
        .filter(|n| !is_loopback(n))
        .map(|n| n.to_string())
        .collect();
    if wide.is_empty() {
        out.push(ok(
            "[server] admin_allow is loopback only; the probes' /__bext/ready and /__bext/health answer the kubelet anyway".into(),
        ));
    } else {
        out.push(warn(format!(
            "[server] admin_allow {} reaches beyond loopback: every peer there (any pod, an Ingress controller) can read /__bext/jobs (job data, results, checkpoints), /metrics and /__bext/history and take the event-stream slots; probes need no entry, so keep it to loopback, or to the one address that scrapes /metrics",
            wide.join(", ")
        )));
    }
}

fn is_auto(config: &Config, pool: &str) -> bool {
    let raw = &config.effective;
    let section = if pool == "render" {
        raw.render.as_ref()
    } else {
        raw.pools.get(pool)
    };
    matches!(
        section.and_then(|s| s.jsc_workers),
        Some(WorkerCount::Word(_))
    )
}

fn memory(c: &Container, config: &Config, out: &mut Vec<Finding>) {
    let cpus = cpu_limit(c);
    let auto: Vec<&str> = config
        .pools
        .iter()
        .filter(|p| is_auto(config, &p.name))
        .map(|p| p.name.as_str())
        .collect();
    if !auto.is_empty() && cpus.is_none() {
        out.push(warn(format!(
            "jsc_workers = \"auto\" ({}) without limits.cpu: the pod sizes itself from its node's CPUs, unknown here (counted as 1 worker); set limits.cpu",
            auto.join(", ")
        )));
    }
    let limit_text = c.resources.limits.get("memory").map(IntOrString::text);
    let limit = limit_text.as_deref().and_then(memory_quantity);
    let request = c
        .resources
        .requests
        .get("memory")
        .and_then(|q| memory_quantity(&q.text()));
    if let (Some(r), Some(l)) = (request, limit)
        && r > l
    {
        out.push(fail(format!(
            "requests.memory {} exceeds limits.memory {}",
            format_size(r),
            format_size(l)
        )));
    }
    let unbounded: Vec<&str> = config
        .pools
        .iter()
        .filter(|p| p.settings.lifecycle.max_memory_bytes.is_none())
        .map(|p| p.name.as_str())
        .collect();
    if !unbounded.is_empty() {
        out.push(warn(format!(
            "pool {} has no max_memory_mb: its workers' memory is unbounded, so no limit can be checked against it; set max_memory_mb",
            unbounded.join(", ")
        )));
        return;
    }
    let Some(planned) = config.planned_memory_bytes() else {
        return;
    };
    let need = planned + BEXTD_RESERVE_BYTES;
    let mut parts: Vec<String> = config
        .pools
        .iter()
        .map(|p| {
            format!(
                "{} {} x max_memory_mb {}",
                p.name,
                p.max_workers,
                format_size(p.settings.lifecycle.max_memory_bytes.unwrap_or(0))
            )
        })
        .collect();
    if config.jobs.budget_bytes > 0 {
        parts.push(format!("jobs {}", format_size(config.jobs.budget_bytes)));
    }
    parts.push(format!("bextd {}", format_size(BEXTD_RESERVE_BYTES)));
    let sum = format!("{} = {}", parts.join(" + "), format_size(need));
    match (limit, limit_text) {
        (Some(l), _) if l >= need => out.push(ok(format!(
            "limits.memory {} >= {sum}",
            format_size(l)
        ))),
        (Some(l), _) => out.push(fail(format!(
            "limits.memory {} < {sum}: the OOM killer acts before bextd rotates a worker; raise the limit or lower max_memory_mb or the workers",
            format_size(l)
        ))),
        (None, Some(text)) => out.push(fail(format!("limits.memory {text:?} is not a quantity"))),
        (None, None) => out.push(warn(format!(
            "no limits.memory: the pod may take the node's memory; {sum} would fit"
        ))),
    }
    if let Some(r) = request
        && r < need
    {
        out.push(warn(format!(
            "requests.memory {} < {}: the scheduler may place the pod on a node without room for it",
            format_size(r),
            format_size(need)
        )));
    }
}

fn scrape(
    annotations: &std::collections::BTreeMap<String, String>,
    config: &Config,
    out: &mut Vec<Finding>,
) {
    let listen = config.server.listen.port().to_string();
    if let Some(port) = annotations.get("prometheus.io/port")
        && *port != listen
    {
        out.push(fail(format!(
            "annotation prometheus.io/port {port:?}, but bextd serves /metrics on {listen}"
        )));
    }
    if let Some(path) = annotations.get("prometheus.io/path")
        && path != "/metrics"
    {
        out.push(fail(format!(
            "annotation prometheus.io/path {path:?}: bextd's metrics are at /metrics"
        )));
    }
    let scraped = annotations.get("prometheus.io/scrape").map(String::as_str) == Some("true");
    if scraped && config.server.admin_allow.iter().all(is_loopback) {
        out.push(warn(
            "annotation prometheus.io/scrape \"true\", but admin_allow holds only loopback: /metrics answers Prometheus 403; add the address Prometheus scrapes from (only it) to admin_allow".into(),
        ));
    }
}

/// Services whose target port does not reach bextd's container.
pub fn services(objects: &[Object], c: &Container, config: &Config) -> Vec<Finding> {
    let listen = config.server.listen.port();
    let mut out = Vec::new();
    for s in objects.iter().filter(|o| o.kind == "Service") {
        for p in &s.spec.ports {
            let target = p
                .target_port
                .clone()
                .unwrap_or(IntOrString::Int(p.port.into()));
            let name = format!("Service {} port {}", s.metadata.name, p.port);
            match probe_port(c, Some(&target)) {
                Ok(t) if t == listen => out.push(ok(format!("{name} reaches bextd on {t}"))),
                Ok(t) => out.push(fail(format!(
                    "{name} targets {t}, but bextd listens on {listen}"
                ))),
                Err(why) => out.push(fail(format!("{name} {why}"))),
            }
        }
    }
    out
}

mod probes;
mod quantity;
use probes::{probe_port, probes};
pub use quantity::{cpu_limit, cpu_quantity, memory_quantity};

#[cfg(test)]
mod tests;
