//! `bextd`: runs the pools of a `bext.toml` in the foreground.

use std::process::ExitCode;

use clap::Parser;
use supervisor::cli::bextd::Args;
use supervisor::{config, daemon, exit, logging, otel};

fn main() -> ExitCode {
    fixed_mmap_threshold();
    let args = Args::parse();
    logging::init(args.log_format, &args.log_level);
    logging::abort_on_panic();
    let config = match config::load(&args.config) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("bextd: invalid configuration:\n{e}");
            return ExitCode::from(exit::CONFIG);
        }
    };
    // The OTEL_* variables are part of the configuration: a bad one is
    // refused here, by --check-config too, with the same exit code.
    if let Err(e) = otel::from_env(&config.tracing) {
        eprintln!("bextd: invalid configuration: {e}");
        return ExitCode::from(exit::CONFIG);
    }
    if args.check_config {
        return match config.effective_toml() {
            Ok(text) => {
                println!(
                    "# {} is valid; effective settings:\n{text}",
                    config.file.display()
                );
                ExitCode::from(exit::OK)
            }
            Err(e) => {
                eprintln!("bextd: cannot print the configuration: {e}");
                ExitCode::from(exit::FATAL)
            }
        };
    }
    match daemon::run(config) {
        Ok(()) => ExitCode::from(exit::OK),
        Err(e) => {
            eprintln!("bextd: {e:#}");
            ExitCode::from(e.code())
        }
    }
}

/// glibc raises its mmap threshold to the size of each large block it
/// frees (up to 32 MiB); blocks under it then come from the heap's arenas,
/// which keep what they hold once freed. One 8 MiB WebSocket message
/// followed by a thousand sockets left bextd 16 MiB larger with every
/// socket closed (tests/tests/websocket_floods.rs); with the threshold
/// fixed, 0.2 MiB. Blocks of 128 KiB and more stay mapped, given back to
/// the system as they are freed.
fn fixed_mmap_threshold() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of glibc's malloc; this runs
    // first in main, before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}
