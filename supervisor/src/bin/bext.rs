//! `bext`: the command-line client of bextd's control socket.

use std::process::ExitCode;

use clap::Parser;
use supervisor::cli::bext::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Check {
        manifests,
        grace_margin_s,
    } = &cli.command
    {
        let config = cli.config.as_deref();
        return ExitCode::from(supervisor::cli::check::run(
            manifests,
            config,
            *grace_margin_s,
        ));
    }
    match supervisor::cli::run(&cli) {
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
