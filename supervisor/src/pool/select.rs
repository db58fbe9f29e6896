//! Which link a request goes to: the least busy with room (ties broken
//! by `pick`, see `pool::pick`), a canary's links kept to their share,
//! and for an upgrade the WebSockets each link holds counted in; and
//! whether the pool has room for one more WebSocket.

use std::sync::Arc;

use rand::Rng;

use super::PoolHandle;
use super::link::WorkerLink;
use crate::config::Pick;

/// The least busy link, except that while a canary is judged its links
/// take no more than their share of the requests (see `link::side`): past
/// it, the least busy of the old version's links with room, if any. For an
/// upgrade, a link's open WebSockets count in how busy it is.
pub(super) fn pick(
    links: &[Arc<WorkerLink>],
    tie: Pick,
    upgrade: bool,
) -> Option<&Arc<WorkerLink>> {
    let link = least_busy(links, tie, upgrade, |_| true)?;
    let Some(side) = link.side().filter(|s| s.canary) else {
        return Some(link);
    };
    let on_canary = |l: &WorkerLink| l.side().is_some_and(|s| s.canary);
    let mine = links.iter().filter(|l| on_canary(l)).count();
    let theirs = links.iter().filter(|l| l.side().is_some()).count() - mine;
    if !side.over_share(mine, theirs) {
        return Some(link);
    }
    let old = |l: &WorkerLink| l.side().is_some_and(|s| !s.canary);
    least_busy(links, tie, upgrade, old).or(Some(link))
}

/// Whether `pool` may take one more WebSocket: under `max_pool_sockets`,
/// and one of its ACTIVE workers under `max_sockets` (checked before the
/// upgrade is sent; two upgrades at once may both pass).
pub fn socket_room(pool: &PoolHandle) -> bool {
    let limits = pool.config().settings.websocket.clone();
    let links = pool.active();
    let total: u64 = links.iter().map(|l| u64::from(l.open_sockets())).sum();
    let per_pool = limits.max_per_pool == 0 || total < u64::from(limits.max_per_pool);
    let per_worker = limits.max_per_worker == 0
        || links
            .iter()
            .any(|l| l.is_accepting() && l.open_sockets() < limits.max_per_worker);
    per_pool && per_worker
}

/// Least-busy selection: among the links with room serving the fewest
/// requests, the most recently used or one at random (`pick`; see
/// `pool::pick`).
pub fn pick_least_busy(links: &[Arc<WorkerLink>], tie: Pick) -> Option<&Arc<WorkerLink>> {
    least_busy(links, tie, false, |_| true)
}

/// [`pick_least_busy`] among the links `keep` keeps; for an `upgrade`, by
/// the requests and the WebSockets each holds. A socket stays with its
/// worker after the upgrade's answer, which leaves that worker idle again:
/// counted by its requests alone, every upgrade would tie with the worker
/// that took the last one, and the most recent pick would give it them all.
fn least_busy(
    links: &[Arc<WorkerLink>],
    tie: Pick,
    upgrade: bool,
    keep: impl Fn(&WorkerLink) -> bool,
) -> Option<&Arc<WorkerLink>> {
    let load = |l: &WorkerLink| l.in_flight() + if upgrade { l.open_sockets() } else { 0 };
    let open = links.iter().filter(|l| l.has_room() && keep(l));
    let candidates = open.map(|l| (l, load(l), l.last_picked()));
    super::pick::choose(candidates, tie, |n| rand::rng().random_range(0..n))
}
