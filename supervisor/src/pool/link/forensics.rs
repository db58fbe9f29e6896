//! What a worker's death report says of the requests it held: each as
//! `GET /path (N ms)`, oldest first.

use std::collections::HashMap;
use std::time::Instant;

use protocol::worker::MasterToWorker;

use super::Pending;

/// The requests in `pending`, oldest first, as the forensics line shows them.
pub(super) fn describe(pending: &HashMap<u64, Pending>) -> Vec<String> {
    let now = Instant::now();
    let mut held: Vec<&Pending> = pending.values().collect();
    held.sort_by_key(|p| p.sent);
    held.iter().map(|p| p.describe(now)).collect()
}

/// What a tracked frame is, for the forensics line: `GET /path` (without
/// the query string), or `custom()`.
pub(super) fn what_of(frame: &MasterToWorker) -> String {
    match frame {
        MasterToWorker::Request { request, .. } => {
            let path = request.url.split('?').next().unwrap_or("/");
            // At most 200 bytes of it, cut at a character's start.
            let mut end = path.len().min(200);
            while !path.is_char_boundary(end) {
                end -= 1;
            }
            let mut what = String::with_capacity(request.method.len() + 1 + end);
            what.push_str(&request.method);
            what.push(' ');
            what.push_str(&path[..end]);
            what
        }
        _ => "custom()".into(),
    }
}
