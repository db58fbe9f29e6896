//! Entry point of `bext-worker`. Started by `bextd`, never by hand.

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(bext_worker::exit_code(bext_worker::run()))
}
