//! Entry point of `bext-worker`. Started by `bextd`, never by hand.

use std::process::ExitCode;

fn main() -> ExitCode {
    match bext_worker::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            bext_worker::serve::stderr_line(&e.to_string());
            match e {
                bext_worker::WorkerError::BootFailed(_) => ExitCode::from(3),
                _ => ExitCode::from(1),
            }
        }
    }
}
