//! `[POOL.deploy]`: how a new version of a pool's code reaches its workers.
//! For now, the warm-up: paths each new worker answers before it takes
//! traffic (`pool::link::warmup`).

use super::schema::DeploySection;
use super::validate::{Checker, Named, path};

/// A pool's deploy settings, as the pool uses them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Deploy {
    /// Paths sent as `GET` to each new worker, in order, before it is
    /// ACTIVE.
    pub warmup: Vec<String>,
}

impl Deploy {
    pub fn from_section(d: &DeploySection) -> Deploy {
        Deploy {
            warmup: d.warmup.clone(),
        }
    }
}

/// Warm-up entries are paths: they become the request's URL as they are.
pub(super) fn check_deploy(c: &mut Checker<'_>, n: &Named<'_>) {
    for p in &n.section.deploy.warmup {
        c.rule(
            p.starts_with('/') && !p.chars().any(|ch| ch.is_whitespace() || ch.is_control()),
            &path(&n.prefix, &["deploy", "warmup"]),
            format!("{p:?}"),
            || "each entry must be a path starting with `/`, without spaces, such as \"/products/1\"".into(),
        );
    }
}
