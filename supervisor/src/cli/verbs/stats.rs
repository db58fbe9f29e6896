//! `bext workers stats [--json]`: each worker's figures.

use std::path::Path;

use crate::cli::client::ClientError;
use crate::cli::format::stats_text;

pub fn run(socket: &Path, json: bool) -> Result<String, ClientError> {
    let (workers, _) = super::ps::workers_and_limits(socket)?;
    Ok(if json {
        serde_json::to_string_pretty(&workers).unwrap_or_default() + "\n"
    } else {
        stats_text(&workers)
    })
}
