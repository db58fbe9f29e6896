//! Log output: tracing to stderr, as text or one JSON object per line.
//!
//! Text that comes from a worker or a client (console lines, stray worker
//! output, header names, error messages) goes through [`escape`] before it
//! is logged, in both formats, so it can never start a line of its own or
//! send terminal escapes; long text is cut by [`clip`].
//!
//! Panics: [`abort_on_panic`] installs the policy described there.

use std::borrow::Cow;
use std::fmt::Write as _;

use tracing_subscriber::EnvFilter;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Longest text from a worker (a console message, a line of its stdout or
/// stderr) logged as it is; longer text is cut there, with a marker.
pub const MAX_LOG_LINE: usize = protocol::worker::MAX_LOG_BYTES;

/// Installs the global subscriber. `level` is a tracing filter
/// (`info`, `debug`, `bext::js=warn,info`…); `RUST_LOG` wins when set.
pub fn init(format: LogFormat, level: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(level));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()));
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
}

/// `s` with every control character (C0 including `\r`, `\n` and `\t`, DEL,
/// C1) written as an escape: `\r`, `\n`, `\t`, or `\u{1b}`. Other text,
/// backslashes included, is kept as it is.
pub fn escape(s: &str) -> Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `s` cut to at most `max` bytes, marker included (at a character
/// boundary), with a marker saying how long it was.
pub fn clip(s: &str, max: usize) -> Cow<'_, str> {
    if s.len() <= max {
        return Cow::Borrowed(s);
    }
    let marker = format!("… [cut: {} bytes in all]", s.len());
    let mut end = max.saturating_sub(marker.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    Cow::Owned(format!("{}{marker}", &s[..end]))
}

/// Text from a worker or a client, ready for a log field: cut at
/// [`MAX_LOG_LINE`] and escaped.
pub fn untrusted(s: &str) -> String {
    escape(&clip(s, MAX_LOG_LINE)).into_owned()
}

/// The panic policy of bextd: a panic anywhere (any thread, any task) is
/// logged at error level and then aborts the process.
///
/// Why not let tokio catch it: a panicking task dies alone, and bextd would
/// go on half alive — a pool actor gone means no worker is ever started
/// again while `/__bext/health` still answers 200. Restarting the task in
/// place would run on state the panic may have left inconsistent. Aborting
/// hands the restart to whatever runs bextd (systemd `Restart=`, the
/// container runtime as PID 1's exit, Kubernetes), which starts a clean
/// process; workers die with bextd (`PR_SET_PDEATHSIG`, and EOF on their
/// socket), so nothing is left behind. The exit is SIGABRT (status 134 in a
/// shell).
pub fn abort_on_panic() {
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        let place = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let thread = std::thread::current();
        tracing::error!(
            thread = thread.name().unwrap_or("?"),
            at = %place,
            "PANIC: {}; aborting bextd (its workers exit with it) so that it is restarted clean",
            untrusted(&what)
        );
        std::process::abort();
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(escape("plain \\ text é"), "plain \\ text é");
        assert_eq!(
            escape("x\r\nInjected-Log-Line\t\u{1b}[31m\u{7f}\u{9b}"),
            "x\\r\\nInjected-Log-Line\\t\\u{1b}[31m\\u{7f}\\u{9b}"
        );
        assert!(matches!(escape("no controls"), Cow::Borrowed(_)));
    }

    #[test]
    fn clipping_keeps_characters_whole_and_says_how_long_it_was() {
        assert_eq!(clip("short", 10), "short");
        let s = "ééééééééééééééééééé"; // 38 bytes
        assert_eq!(clip(s, 29), "é… [cut: 38 bytes in all]");
        let long = "x".repeat(MAX_LOG_LINE + 1);
        let u = untrusted(&long);
        assert_eq!(u.len(), MAX_LOG_LINE);
        assert!(u.ends_with(&format!("x… [cut: {} bytes in all]", MAX_LOG_LINE + 1)));
        // What a worker already cut is not cut again.
        assert_eq!(untrusted(&u), u);
    }
}
