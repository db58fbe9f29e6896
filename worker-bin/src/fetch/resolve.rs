//! Name resolution for outbound `fetch()`: the system's resolver
//! (getaddrinfo, on tokio's blocking pool, as reqwest's own), then the
//! pool's [`Policy`] judges every address before any connection. The
//! connector is handed exactly the addresses that were judged, so there
//! is no second lookup for a rebinding DNS server to answer differently.

use std::net::SocketAddr;
use std::sync::Arc;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use super::policy::Policy;

#[derive(Debug)]
pub struct Resolver {
    policy: Arc<Policy>,
}

impl Resolver {
    pub fn new(policy: Arc<Policy>) -> Resolver {
        Resolver { policy }
    }
}

impl Resolve for Resolver {
    fn resolve(&self, name: Name) -> Resolving {
        let policy = self.policy.clone();
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let ips: Vec<_> = addrs.iter().map(SocketAddr::ip).collect();
            policy.resolved(&host, &ips)?;
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}
