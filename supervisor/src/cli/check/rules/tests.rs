use super::*;
use crate::cli::check::manifest::parse;
use crate::config::{Host, parse_for};

const TOML: &str = "[server]\nlisten = \"0.0.0.0:3000\"\nadmin_allow = [\"10.0.0.0/8\"]\nshutdown_timeout_ms = 30000\n\n[render]\nscript = \"/app/worker.js\"\njsc_workers = \"auto\"\n\n[render.lifecycle]\nmax_memory_mb = 256\n\n[jobs]\nmemory_budget_mb = 128\n";

fn deployment(extra: &str) -> String {
    format!(
        "kind: Deployment\nspec:\n  template:\n    spec:\n      terminationGracePeriodSeconds: 40\n      containers:\n      - name: bextd\n        ports: [{{name: http, containerPort: 3000}}]\n        readinessProbe: {{httpGet: {{path: /__bext/ready, port: http}}}}\n        livenessProbe: {{httpGet: {{path: /__bext/health, port: 3000}}}}\n        resources:\n          limits: {{cpu: 2, memory: 1Gi}}\n{extra}"
    )
}

fn run(yaml: &str, toml: &str) -> Vec<Finding> {
    let objects = parse(yaml).unwrap();
    let pod = &objects[0].spec.template.as_ref().unwrap().spec;
    let c = &pod.containers[0];
    let cpus = cpu_limit(c).map(|c| c.ceil() as u32);
    let config = parse_for(toml, "/etc/bext/bext.toml".as_ref(), Host::Pod { cpus }).unwrap();
    check(pod, c, &Default::default(), &config, 5)
}

fn failures(f: &[Finding]) -> Vec<&str> {
    f.iter()
        .filter(|f| f.level == Level::Fail)
        .map(|f| f.text.as_str())
        .collect()
}

#[test]
fn a_fitting_pod_passes_with_its_numbers() {
    let f = run(&deployment(""), TOML);
    assert!(failures(&f).is_empty(), "{f:#?}");
    let texts: Vec<&str> = f.iter().map(|f| f.text.as_str()).collect();
    assert!(
        texts.contains(
            &"terminationGracePeriodSeconds 40 >= shutdown_timeout_ms 30 s + margin 5 s = 35 s"
        ),
        "{texts:#?}"
    );
    // "auto" is the pod's 2 CPUs, not this machine's.
    assert!(
        texts.contains(&"limits.memory 1 GB >= render 2 x max_memory_mb 256 MB + jobs 128 MB + bextd 32 MB = 672 MB"),
        "{texts:#?}"
    );
}

#[test]
fn a_short_grace_period_fails_with_what_it_needs() {
    let yaml = deployment("").replace(
        "terminationGracePeriodSeconds: 40",
        "terminationGracePeriodSeconds: 32",
    );
    let f = run(&yaml, TOML);
    assert_eq!(
        failures(&f),
        [
            "terminationGracePeriodSeconds 32 < shutdown_timeout_ms 30 s + margin 5 s = 35 s: Kubernetes SIGKILLs bextd before its drain may end; raise it to 35 or lower shutdown_timeout_ms"
        ]
    );
    // Unset, it is Kubernetes' 30 s; a preStop sleep adds to the need.
    let yaml = deployment("        lifecycle: {preStop: {sleep: {seconds: 10}}}\n")
        .replace("      terminationGracePeriodSeconds: 40\n", "");
    let f = run(&yaml, TOML);
    assert!(failures(&f)[0].starts_with("terminationGracePeriodSeconds 30 (Kubernetes' default) < preStop sleep 10 s + shutdown_timeout_ms 30 s + margin 5 s = 45 s"), "{f:#?}");
}

#[test]
fn probes_must_be_bexts_endpoints_on_its_port() {
    let yaml = deployment("")
        .replace("path: /__bext/health", "path: /__bext/ready")
        .replace("port: http}", "port: 8080}");
    let f = run(&yaml, TOML);
    let fails = failures(&f);
    assert_eq!(fails.len(), 2, "{fails:#?}");
    assert!(
        fails[0].starts_with(
            "readinessProbe GET /__bext/ready on port 8080, but bextd listens on 3000"
        )
    );
    assert!(fails[1].starts_with(
        "livenessProbe GET /__bext/ready should be GET /__bext/health: readiness turns 503"
    ));
    let yaml = deployment("").replace(
        "        readinessProbe: {httpGet: {path: /__bext/ready, port: http}}\n",
        "",
    );
    assert!(failures(&run(&yaml, TOML))[0].starts_with("no readinessProbe"));
}

#[test]
fn memory_that_does_not_hold_every_worker_fails() {
    let yaml = deployment("").replace("memory: 1Gi", "memory: 600Mi");
    let f = run(&yaml, TOML);
    assert_eq!(
        failures(&f),
        [
            "limits.memory 600 MB < render 2 x max_memory_mb 256 MB + jobs 128 MB + bextd 32 MB = 672 MB: the OOM killer acts before bextd rotates a worker; raise the limit or lower max_memory_mb or the workers"
        ]
    );
    // Four CPUs make four "auto" workers.
    let yaml = deployment("").replace("cpu: 2,", "cpu: 3500m,");
    assert!(failures(&run(&yaml, TOML))[0].starts_with("limits.memory 1 GB < render 4 x"));
}

#[test]
fn a_loopback_listen_fails_and_a_loopback_admin_allow_passes() {
    let toml = TOML
        .replace("0.0.0.0:3000", "127.0.0.1:3000")
        .replace("\"10.0.0.0/8\"", "\"127.0.0.1/32\", \"::1/128\"");
    let f = run(&deployment(""), &toml);
    let fails = failures(&f);
    assert_eq!(fails.len(), 1, "{fails:#?}");
    assert!(fails[0].starts_with("[server] listen 127.0.0.1:3000 is loopback only"));
    assert!(
        f.iter()
            .any(|f| f.level == Level::Ok
                && f.text.starts_with("[server] admin_allow is loopback only")),
        "{f:#?}"
    );
}

fn warnings(f: &[Finding]) -> Vec<&str> {
    f.iter()
        .filter(|f| f.level == Level::Warn)
        .map(|f| f.text.as_str())
        .collect()
}

#[test]
fn an_admin_allow_wider_than_loopback_is_flagged_with_the_rule() {
    let toml = TOML.replace(
        "\"10.0.0.0/8\"",
        "\"127.0.0.1/32\", \"10.0.0.0/8\", \"::/0\"",
    );
    let f = run(&deployment(""), &toml);
    let flagged: Vec<&str> = warnings(&f)
        .into_iter()
        .filter(|w| w.contains("admin_allow"))
        .collect();
    assert_eq!(flagged.len(), 1, "{f:#?}");
    assert!(
        flagged[0].starts_with(
            "[server] admin_allow 10.0.0.0/8, ::/0 reaches beyond loopback: every peer there"
        ),
        "{}",
        flagged[0]
    );
    // 127.0.0.0/7 spills out of loopback into 126.0.0.0/8.
    let toml = TOML.replace("\"10.0.0.0/8\"", "\"127.0.0.0/7\"");
    assert!(
        warnings(&run(&deployment(""), &toml))[0]
            .starts_with("[server] admin_allow 127.0.0.0/7 reaches")
    );
}

#[test]
fn scraping_with_a_loopback_admin_allow_is_flagged() {
    let toml = TOML.replace("\"10.0.0.0/8\"", "\"127.0.0.1/32\"");
    let objects = parse(&deployment("")).unwrap();
    let pod = &objects[0].spec.template.as_ref().unwrap().spec;
    let config = parse_for(
        &toml,
        "/etc/bext/bext.toml".as_ref(),
        Host::Pod { cpus: Some(2) },
    )
    .unwrap();
    let mut annotations = std::collections::BTreeMap::new();
    annotations.insert("prometheus.io/scrape".to_string(), "true".to_string());
    let f = check(pod, &pod.containers[0], &annotations, &config, 5);
    assert!(
        warnings(&f).iter().any(|w| w.starts_with(
            "annotation prometheus.io/scrape \"true\", but admin_allow holds only loopback"
        )),
        "{f:#?}"
    );
}

#[test]
fn quantities() {
    assert_eq!(cpu_quantity("500m"), Some(0.5));
    assert_eq!(cpu_quantity("2"), Some(2.0));
    assert_eq!(cpu_quantity("x"), None);
    assert_eq!(memory_quantity("1Gi"), Some(1 << 30));
    assert_eq!(memory_quantity("512Mi"), Some(512 << 20));
    assert_eq!(memory_quantity("1G"), Some(1_000_000_000));
    assert_eq!(memory_quantity("1e9"), Some(1_000_000_000));
    assert_eq!(memory_quantity("129M"), Some(129_000_000));
    assert_eq!(memory_quantity("1Qi"), None);
}
