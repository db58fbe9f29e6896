//! `bextd`: runs the pools of a `bext.toml` in the foreground.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use supervisor::logging::{self, LogFormat};
use supervisor::{config, daemon, exit};

/// Prefork supervisor for JavaScript workers: runs the pools of QuickJS
/// worker processes described in a bext.toml and routes HTTP requests to them.
#[derive(Debug, Parser)]
#[command(name = "bextd", version, about, long_about = None)]
struct Args {
    /// Path of the configuration file.
    #[arg(short, long, value_name = "PATH", env = "BEXT_CONFIG")]
    config: PathBuf,
    /// Validate the configuration, print the effective settings and exit
    /// (0 if valid, 78 if not).
    #[arg(long)]
    check_config: bool,
    /// Log line format.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// Log filter: a level (error, warn, info, debug) or tracing directives.
    #[arg(long, default_value = "info", value_name = "FILTER")]
    log_level: String,
}

fn main() -> ExitCode {
    let args = Args::parse();
    logging::init(args.log_format, &args.log_level);
    let config = match config::load(&args.config) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("bextd: invalid configuration:\n{e}");
            return ExitCode::from(exit::CONFIG);
        }
    };
    if args.check_config {
        match toml::to_string_pretty(&config.effective) {
            Ok(text) => {
                println!(
                    "# {} is valid; effective settings:\n{text}",
                    config.file.display()
                );
                return ExitCode::from(exit::OK);
            }
            Err(e) => {
                eprintln!("bextd: cannot print the configuration: {e}");
                return ExitCode::from(exit::FATAL);
            }
        }
    }
    match daemon::run(config) {
        Ok(()) => ExitCode::from(exit::OK),
        Err(e) => {
            eprintln!("bextd: {e:#}");
            ExitCode::from(e.code())
        }
    }
}
