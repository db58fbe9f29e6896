//! `bext`: the command-line client of bextd's control socket.

use std::process::ExitCode;

use clap::Parser;
use supervisor::cli::bext::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match supervisor::cli::client::run(&cli) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bext: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
