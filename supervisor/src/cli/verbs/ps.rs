//! `bext ps [--long]`: the workers, the container's limits and the
//! quarantined requests.

use std::path::Path;

use protocol::control::{ContainerLimits, ControlReply, ControlRequest, WorkerStatus};

use crate::cli::client::{ClientError, request, unexpected};
use crate::cli::format::{last_exits, limits_line, ps_table, quarantine_text};

pub fn run(socket: &Path, long: bool) -> Result<String, ClientError> {
    let (w, limits) = workers_and_limits(socket)?;
    let mut out = limits.as_ref().map(limits_line).unwrap_or_default();
    out.push_str(&ps_table(&w));
    let q = super::quarantine::entries(socket)?;
    if !q.is_empty() {
        out.push_str(&quarantine_text(&q));
    }
    if long {
        out.push_str(&last_exits(&w));
        out.push_str(&super::heap::census_lines(&w));
    }
    Ok(out)
}

/// Every worker's status row, and the container's limits.
pub fn workers_and_limits(
    socket: &Path,
) -> Result<(Vec<WorkerStatus>, Option<ContainerLimits>), ClientError> {
    match request(socket, &ControlRequest::Workers)? {
        ControlReply::Workers { workers, limits } => Ok((workers, limits)),
        other => Err(unexpected(other)),
    }
}
