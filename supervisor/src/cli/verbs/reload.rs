//! `bext reload`: re-reads and applies the configuration file.

use std::path::Path;

use protocol::control::{ControlReply, ControlRequest};

use crate::cli::client::{ClientError, request, unexpected};

pub fn run(socket: &Path) -> Result<String, ClientError> {
    match request(socket, &ControlRequest::Reload)? {
        ControlReply::Reloaded { changes } => {
            let mut out = "Configuration reloaded:\n".to_string();
            for c in changes {
                out.push_str(&format!("  {}\n", crate::logging::untrusted(&c)));
            }
            Ok(out)
        }
        ControlReply::ReloadFailed { problems } => {
            let mut out =
                "the configuration file is invalid; the running configuration stays in force:"
                    .to_string();
            for p in problems {
                out.push_str(&format!("\n  {}", crate::logging::untrusted(&p)));
            }
            Err(ClientError::Daemon(out))
        }
        other => Err(unexpected(other)),
    }
}
