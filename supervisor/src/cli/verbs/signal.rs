//! `bext signal restart|swap|terminate [--file F]`: writes the restart
//! signal file for bextd to act on (no control socket).

use std::path::Path;

use crate::cli::client::ClientError;
use crate::reload::signal::SignalAction;

/// `file`, or the `restart_signal_file` of the bext.toml `config`.
pub fn run(
    action: SignalAction,
    file: Option<&Path>,
    config: Option<&Path>,
) -> Result<String, ClientError> {
    let file = match (file, config) {
        (Some(f), _) => f.to_path_buf(),
        (None, Some(config)) => crate::config::signal_file_of(config)?.ok_or_else(|| {
            ClientError::Usage(format!(
                "{} sets no [server] restart_signal_file: name the file with --file",
                config.display()
            ))
        })?,
        (None, None) => {
            return Err(ClientError::Usage(
                "name the signal file with --file, or the bext.toml that sets restart_signal_file with -c".into(),
            ));
        }
    };
    let s = crate::reload::signal::write(&file, action).map_err(|e| {
        ClientError::Daemon(format!(
            "cannot write the signal file {}: {e}",
            file.display()
        ))
    })?;
    Ok(format!(
        "Wrote a {} signal to {} (timestamp {}); bextd removes it once done\n",
        action.name(),
        file.display(),
        s.timestamp
    ))
}
