//! The running pools, in route order: the HTTP front's routing table and
//! where the hub's reads and commands find their pools. A reload replaces
//! the list; readers take a snapshot and never block it.

use std::sync::{Arc, RwLock};

use protocol::control::WorkerStatus;

use super::{PoolHandle, Routed};

/// The pools bextd routes to now.
#[derive(Debug, Default)]
pub struct Pools {
    list: RwLock<Arc<Vec<Arc<PoolHandle>>>>,
}

impl Pools {
    pub fn new(list: Vec<Arc<PoolHandle>>) -> Pools {
        Pools {
            list: RwLock::new(Arc::new(list)),
        }
    }

    /// The pools, in route order.
    pub fn all(&self) -> Arc<Vec<Arc<PoolHandle>>> {
        self.list.read().unwrap().clone()
    }

    /// Routes to `list` from now on (a reload).
    pub fn set(&self, list: Vec<Arc<PoolHandle>>) {
        *self.list.write().unwrap() = Arc::new(list);
    }

    /// The first pool whose route matches `path`, counted as routed to
    /// until the guard drops. A pool a reload removes is stopped only once
    /// nothing is routed to it: a request counted after the removal sees
    /// the new list and is routed again.
    pub fn route(&self, path: &str) -> Option<(Arc<PoolHandle>, Routed)> {
        loop {
            let pools = self.all();
            let pool = pools
                .iter()
                .find(|p| p.config().route.is_match(path))?
                .clone();
            let routed = pool.route_one();
            if self.all().iter().any(|p| Arc::ptr_eq(p, &pool)) {
                return Some((pool, routed));
            }
        }
    }

    /// The pool named `name`; `Err` says which pools there are.
    pub fn named(&self, name: &str) -> Result<Arc<PoolHandle>, NoSuchPool> {
        let pools = self.all();
        pools
            .iter()
            .find(|p| &*p.name == name)
            .cloned()
            .ok_or_else(|| NoSuchPool {
                name: name.to_owned(),
                known: pools.iter().map(|p| p.name.to_string()).collect(),
            })
    }

    /// The pool named `name`, or every pool when `None`.
    pub fn targets(&self, name: Option<&str>) -> Result<Vec<Arc<PoolHandle>>, NoSuchPool> {
        match name {
            Some(name) => Ok(vec![self.named(name)?]),
            None => Ok(self.all().to_vec()),
        }
    }
}

/// A pool name that names no running pool.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no pool named {name:?} (pools: {})", known.join(", "))]
pub struct NoSuchPool {
    pub name: String,
    /// The pools that run.
    pub known: Vec<String>,
}

/// Status rows of `pools`, in their order.
pub async fn statuses(pools: &[Arc<PoolHandle>]) -> Vec<WorkerStatus> {
    let mut all = Vec::new();
    for p in pools {
        all.extend(p.call(super::Status).await.unwrap_or_default());
    }
    all
}
