//! Entry point of `bext-worker`. Started by `bextd`, never by hand.

use std::process::ExitCode;

fn main() -> ExitCode {
    match bext_worker::run() {
        Ok(()) => ExitCode::SUCCESS,
        // The master has the error already, in BootFailed: it logs it.
        Err(bext_worker::WorkerError::BootFailed(_)) => ExitCode::from(3),
        Err(e) => {
            bext_worker::serve::stderr_line(&e.to_string());
            ExitCode::from(1)
        }
    }
}
