//! Kubernetes manifests as `bext check` reads them: YAML files (one or
//! more documents each), or a kustomize folder whose `kustomization.yaml`
//! lists its `resources` (and `configMapGenerator` files). Only the fields
//! the checks need are typed; everything else is ignored.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// One Kubernetes object (or a Kustomization), with the file it came from.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Object {
    pub kind: String,
    pub metadata: Metadata,
    pub spec: Spec,
    /// A ConfigMap's data.
    pub data: BTreeMap<String, String>,
    /// A Kustomization's files and folders.
    pub resources: Vec<String>,
    pub config_map_generator: Vec<Generator>,
    #[serde(skip)]
    pub file: PathBuf,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Metadata {
    pub name: String,
    pub annotations: BTreeMap<String, String>,
}

/// The parts of a workload's or a Service's `spec` that are checked.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Spec {
    /// Deployment, StatefulSet, DaemonSet.
    pub template: Option<PodTemplate>,
    /// Service.
    pub ports: Vec<ServicePort>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PodTemplate {
    pub metadata: Metadata,
    pub spec: PodSpec,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PodSpec {
    /// Kubernetes' default is 30 s.
    pub termination_grace_period_seconds: Option<u64>,
    pub containers: Vec<Container>,
    pub volumes: Vec<Volume>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Container {
    pub name: String,
    pub image: String,
    pub command: Vec<String>,
    pub args: Vec<String>,
    pub ports: Vec<ContainerPort>,
    pub readiness_probe: Option<Probe>,
    pub liveness_probe: Option<Probe>,
    pub startup_probe: Option<Probe>,
    pub resources: Resources,
    pub lifecycle: Option<Lifecycle>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ContainerPort {
    pub name: String,
    pub container_port: u16,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Probe {
    pub http_get: Option<HttpGet>,
    pub tcp_socket: Option<serde::de::IgnoredAny>,
    pub exec: Option<serde::de::IgnoredAny>,
    pub grpc: Option<serde::de::IgnoredAny>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct HttpGet {
    pub path: String,
    pub port: Option<IntOrString>,
}

/// A port by number or by name, or a quantity written bare or quoted.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum IntOrString {
    Int(i64),
    Float(f64),
    Str(String),
}

impl IntOrString {
    pub fn text(&self) -> String {
        match self {
            IntOrString::Int(n) => n.to_string(),
            IntOrString::Float(f) => f.to_string(),
            IntOrString::Str(s) => s.clone(),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Resources {
    pub requests: BTreeMap<String, IntOrString>,
    pub limits: BTreeMap<String, IntOrString>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Lifecycle {
    pub pre_stop: Option<Handler>,
}

/// A `preStop` hook: the native `sleep` action, or an `exec` command.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Handler {
    pub sleep: Option<Sleep>,
    pub exec: Option<Exec>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Sleep {
    pub seconds: u64,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Exec {
    pub command: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Volume {
    pub name: String,
    pub config_map: Option<ConfigMapRef>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ConfigMapRef {
    pub name: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ServicePort {
    pub name: String,
    pub port: u16,
    pub target_port: Option<IntOrString>,
}

/// A kustomize `configMapGenerator` entry: `files` are `KEY=PATH` or `PATH`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Generator {
    pub name: String,
    pub files: Vec<String>,
}

impl Handler {
    /// How long the hook holds back SIGTERM: a `sleep` action's seconds, or
    /// an `exec` of `sleep N` (also through `sh -c "sleep N"`).
    pub fn sleep_seconds(&self) -> Option<u64> {
        if let Some(s) = &self.sleep {
            return Some(s.seconds);
        }
        let words: Vec<&str> = self
            .exec
            .as_ref()?
            .command
            .iter()
            .flat_map(|w| w.split_whitespace())
            .collect();
        let at = words
            .iter()
            .position(|w| *w == "sleep" || w.ends_with("/sleep"))?;
        words
            .get(at + 1)?
            .parse::<f64>()
            .ok()
            .map(|s| s.ceil() as u64)
    }
}

/// Why the manifests could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: not valid YAML for Kubernetes: {source}")]
    Yaml {
        path: String,
        source: Box<serde_saphyr::Error>,
    },
}

/// Every object of the files and kustomize folders at `paths`.
pub fn load(paths: &[PathBuf]) -> Result<Vec<Object>, LoadError> {
    let mut out = Vec::new();
    for p in paths {
        load_path(p, &mut out, 0)?;
    }
    Ok(out)
}

/// Kustomize bases nest; a cycle or a very deep chain stops here.
const MAX_DEPTH: usize = 16;

fn load_path(path: &Path, out: &mut Vec<Object>, depth: usize) -> Result<(), LoadError> {
    if !path.is_dir() {
        return load_file(path, out);
    }
    let kustomization = ["kustomization.yaml", "kustomization.yml", "Kustomization"]
        .iter()
        .map(|f| path.join(f))
        .find(|f| f.is_file());
    let Some(k) = kustomization else {
        // A plain folder: its YAML files, in name order.
        let mut files: Vec<PathBuf> = read_dir(path)?
            .into_iter()
            .filter(|f| {
                f.extension()
                    .is_some_and(|e| e == "yaml" || e == "yml" || e == "json")
            })
            .collect();
        files.sort();
        for f in files {
            load_file(&f, out)?;
        }
        return Ok(());
    };
    let mut own = Vec::new();
    load_file(&k, &mut own)?;
    for kz in own {
        for r in &kz.resources {
            // Remote bases (URLs) are not fetched: only local files count.
            if r.contains("://") || r.starts_with("github.com/") {
                continue;
            }
            if depth < MAX_DEPTH {
                load_path(&path.join(r), out, depth + 1)?;
            }
        }
        for g in &kz.config_map_generator {
            out.push(generated_config_map(path, g)?);
        }
    }
    Ok(())
}

/// The ConfigMap a `configMapGenerator` entry makes of its files.
fn generated_config_map(base: &Path, g: &Generator) -> Result<Object, LoadError> {
    let mut data = BTreeMap::new();
    for f in &g.files {
        let (key, file) = match f.split_once('=') {
            Some((k, p)) => (k.to_owned(), p),
            None => (
                Path::new(f)
                    .file_name()
                    .map_or_else(|| f.clone(), |n| n.to_string_lossy().into_owned()),
                f.as_str(),
            ),
        };
        let path = base.join(file);
        let text = std::fs::read_to_string(&path).map_err(|source| LoadError::Read {
            path: path.display().to_string(),
            source,
        })?;
        data.insert(key, text);
    }
    Ok(Object {
        kind: "ConfigMap".into(),
        metadata: Metadata {
            name: g.name.clone(),
            ..Metadata::default()
        },
        data,
        file: base.join("kustomization.yaml"),
        ..Object::default()
    })
}

fn read_dir(dir: &Path) -> Result<Vec<PathBuf>, LoadError> {
    let err = |source| LoadError::Read {
        path: dir.display().to_string(),
        source,
    };
    std::fs::read_dir(dir)
        .map_err(err)?
        .map(|e| e.map(|e| e.path()).map_err(err))
        .collect()
}

fn load_file(path: &Path, out: &mut Vec<Object>) -> Result<(), LoadError> {
    let text = std::fs::read_to_string(path).map_err(|source| LoadError::Read {
        path: path.display().to_string(),
        source,
    })?;
    let objects = parse(&text).map_err(|source| LoadError::Yaml {
        path: path.display().to_string(),
        source,
    })?;
    out.extend(objects.into_iter().map(|mut o| {
        o.file = path.to_path_buf();
        o
    }));
    Ok(())
}

/// The objects of a YAML stream (`---` between documents; empty ones and
/// `kind: List` wrappers are not unwrapped: kubectl's output is per object).
pub fn parse(text: &str) -> Result<Vec<Object>, Box<serde_saphyr::Error>> {
    let docs: Vec<Option<Object>> = serde_saphyr::from_multiple(text)?;
    Ok(docs.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_of_a_stream_with_the_fields_checked() {
        let objects = parse(
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  bext.toml: |\n    [server]\n---\n\
             kind: Deployment\nspec:\n  template:\n    spec:\n      terminationGracePeriodSeconds: 40\n      containers:\n      - name: bextd\n        readinessProbe:\n          httpGet: {path: /__bext/ready, port: http}\n        resources:\n          limits: {cpu: 1500m, memory: 1Gi}\n          requests: {cpu: 2}\n        lifecycle:\n          preStop:\n            exec: {command: [sh, -c, sleep 7]}\n",
        )
        .unwrap();
        assert_eq!(objects.len(), 2);
        assert_eq!(objects[0].data["bext.toml"], "[server]\n");
        let pod = &objects[1].spec.template.as_ref().unwrap().spec;
        assert_eq!(pod.termination_grace_period_seconds, Some(40));
        let c = &pod.containers[0];
        let probe = c.readiness_probe.as_ref().unwrap().http_get.as_ref();
        assert_eq!(probe.unwrap().port, Some(IntOrString::Str("http".into())));
        assert_eq!(c.resources.limits["cpu"].text(), "1500m");
        assert_eq!(c.resources.requests["cpu"], IntOrString::Int(2));
        let pre_stop = c.lifecycle.as_ref().unwrap().pre_stop.as_ref().unwrap();
        assert_eq!(pre_stop.sleep_seconds(), Some(7));
    }

    #[test]
    fn not_yaml_is_an_error_with_the_parsers_message() {
        assert!(parse("kind: [unclosed").is_err());
    }
}
