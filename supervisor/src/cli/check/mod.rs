//! `bext check`: reads Kubernetes manifests (files, or a kustomize folder
//! such as `deploy/kubernetes/`) and checks every container that runs
//! bextd against the bext.toml it runs with, the one given with `-c` or
//! else the one in the manifests' ConfigMap. Works offline: nothing is
//! sent to a cluster, and the config is read as for the pod (its script
//! and users are those of the image; `jsc_workers = "auto"` is the pod's
//! CPU limit).

pub mod manifest;
pub mod rules;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use manifest::{Object, PodTemplate};
use rules::{Finding, Level};

use crate::config::{Host, parse_for};

/// What `bext check` ends with (documented in bext(1)).
pub mod exit {
    pub const PASSED: u8 = 0;
    pub const FAILED: u8 = 1;
    pub const BAD_CONFIG: u8 = 78;
}

/// Checks the manifests at `paths`; prints the report to stdout (the
/// reasons it could not check to stderr) and returns the exit status.
pub fn run(paths: &[PathBuf], config: Option<&Path>, margin_s: u64) -> u8 {
    let objects = match manifest::load(paths) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("bext check: {e}");
            return exit::FAILED;
        }
    };
    let given = match config {
        None => None,
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => Some((text, path.display().to_string())),
            Err(e) => {
                eprintln!("bext check: cannot read {}: {e}", path.display());
                return exit::BAD_CONFIG;
            }
        },
    };
    let (report, status) = check(&objects, given.as_ref(), margin_s);
    print!("{report}");
    status
}

/// The report and the exit status for `objects`, with the config `given`
/// as (text, where it came from).
pub fn check(objects: &[Object], given: Option<&(String, String)>, margin_s: u64) -> (String, u8) {
    let mut out = String::new();
    let mut status = exit::PASSED;
    let mut containers = 0;
    let (mut failed, mut warned) = (0, 0);
    for w in objects.iter() {
        let Some(template) = &w.spec.template else {
            continue;
        };
        for c in template
            .spec
            .containers
            .iter()
            .filter(|c| rules::runs_bextd(c))
        {
            containers += 1;
            let Some((text, source)) = given.cloned().or_else(|| config_map(objects, template))
            else {
                let _ = writeln!(
                    out,
                    "{} {}, container {}: no bext.toml: name it with -c, or check it with the ConfigMap that holds it",
                    w.kind, w.metadata.name, c.name
                );
                status = status.max(exit::FAILED);
                failed += 1;
                continue;
            };
            let cpus = rules::cpu_limit(c).map(|q| q.ceil().max(1.0) as u32);
            let _ = writeln!(
                out,
                "{} {} ({}), container {}, with {source}:",
                w.kind,
                w.metadata.name,
                w.file.display(),
                c.name
            );
            let config = match parse_for(&text, Path::new(&source), Host::Pod { cpus }) {
                Ok(config) => config,
                Err(e) => {
                    for line in e.to_string().lines() {
                        let _ = writeln!(out, "  {line}");
                    }
                    status = exit::BAD_CONFIG;
                    failed += 1;
                    continue;
                }
            };
            let mut findings = rules::check(
                &template.spec,
                c,
                &template.metadata.annotations,
                &config,
                margin_s,
            );
            findings.extend(rules::services(objects, c, &config));
            for f in &findings {
                let _ = writeln!(out, "  {}", line(f));
            }
            failed += findings.iter().filter(|f| f.level == Level::Fail).count();
            warned += findings.iter().filter(|f| f.level == Level::Warn).count();
            if failed > 0 && status == exit::PASSED {
                status = exit::FAILED;
            }
        }
    }
    if containers == 0 {
        let _ = writeln!(
            out,
            "no Deployment, StatefulSet or DaemonSet runs bextd here (a container named or imaged bext, or with bextd in its command)"
        );
        return (out, exit::FAILED);
    }
    let _ = writeln!(
        out,
        "{}: {failed} failed, {warned} warning(s)",
        if failed == 0 { "passed" } else { "FAILED" }
    );
    (out, status)
}

fn line(f: &Finding) -> String {
    let tag = match f.level {
        Level::Ok => "ok  ",
        Level::Warn => "warn",
        Level::Fail => "FAIL",
    };
    format!("{tag}  {}", f.text)
}

/// The bext.toml of the ConfigMap the pod mounts, or else of any ConfigMap
/// here that holds one.
fn config_map(objects: &[Object], template: &PodTemplate) -> Option<(String, String)> {
    let maps = || objects.iter().filter(|o| o.kind == "ConfigMap");
    let mounted = |o: &&Object| {
        template.spec.volumes.iter().any(|v| {
            v.config_map
                .as_ref()
                .is_some_and(|m| m.name == o.metadata.name)
        })
    };
    let found = maps()
        .filter(mounted)
        .chain(maps())
        .find_map(|o| o.data.get("bext.toml").map(|t| (o, t)))?;
    Some((
        found.1.clone(),
        format!("bext.toml of ConfigMap {}", found.0.metadata.name),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_manifests_pass() {
        let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy/kubernetes");
        let objects = manifest::load(&[base]).unwrap();
        let (report, status) = check(&objects, None, 5);
        assert_eq!(status, exit::PASSED, "{report}");
        assert!(
            report.contains("with bext.toml of ConfigMap bext-config:"),
            "{report}"
        );
        assert!(
            report.contains("Service bext port 80 reaches bextd on 3000"),
            "{report}"
        );
        assert!(
            report.contains("ok    [server] admin_allow is loopback only"),
            "{report}"
        );
    }

    #[test]
    fn no_bextd_container_fails() {
        let objects = manifest::parse("kind: Deployment\nspec:\n  template:\n    spec:\n      containers: [{name: web, image: nginx}]\n").unwrap();
        let (report, status) = check(&objects, None, 5);
        assert_eq!(status, exit::FAILED);
        assert!(report.starts_with("no Deployment"), "{report}");
    }

    #[test]
    fn an_invalid_config_is_exit_78_with_its_problems() {
        let objects = manifest::parse(
            "kind: Deployment\nspec:\n  template:\n    spec:\n      containers: [{name: bextd}]\n",
        )
        .unwrap();
        let given = ("[server]\nlisten = 3\n".to_string(), "bad.toml".to_string());
        let (report, status) = check(&objects, Some(&given), 5);
        assert_eq!(status, exit::BAD_CONFIG);
        assert!(report.contains("bad.toml"), "{report}");
    }
}
