//! Kubernetes resource quantities: CPUs (`500m`, `2`) and bytes (`1Gi`,
//! `512Mi`, `1G`, `1e9`).

use super::super::manifest::Container;

/// The container's CPU limit in CPUs, if it has one.
pub fn cpu_limit(c: &Container) -> Option<f64> {
    cpu_quantity(&c.resources.limits.get("cpu")?.text())
}

/// `"500m"` → 0.5, `"2"` → 2.
pub fn cpu_quantity(q: &str) -> Option<f64> {
    let q = q.trim();
    match q.strip_suffix('m') {
        Some(milli) => milli.parse::<f64>().ok().map(|m| m / 1000.0),
        None => q.parse().ok(),
    }
    .filter(|v: &f64| v.is_finite() && *v >= 0.0)
}

/// A memory quantity in bytes: `1Gi`, `512Mi`, `1G`, `1e9`, `1073741824`.
pub fn memory_quantity(q: &str) -> Option<u64> {
    let q = q.trim();
    const SUFFIXES: [(&str, f64); 12] = [
        ("Ki", 1024.0),
        ("Mi", 1048576.0),
        ("Gi", 1073741824.0),
        ("Ti", 1099511627776.0),
        ("Pi", 1125899906842624.0),
        ("Ei", 1152921504606846976.0),
        ("k", 1e3),
        ("M", 1e6),
        ("G", 1e9),
        ("T", 1e12),
        ("P", 1e15),
        ("E", 1e18),
    ];
    let (number, scale) = SUFFIXES
        .iter()
        .find_map(|(s, f)| q.strip_suffix(s).map(|n| (n, *f)))
        .or_else(|| q.strip_suffix('m').map(|n| (n, 1e-3)))
        .unwrap_or((q, 1.0));
    let v = number.parse::<f64>().ok()? * scale;
    (v.is_finite() && v >= 0.0).then(|| v.ceil() as u64)
}
