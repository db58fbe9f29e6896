//! Command-line definitions of `bextd` and `bext`. They live in the library
//! so that the man pages and shell completions are generated from the very
//! same definitions (see `supervisor/tests/docs.rs`).

pub mod bext;
pub mod bextd;
pub mod check;
pub mod client;
pub mod deploy;
pub mod format;
pub mod heap;
pub mod jobs;
pub mod schedules;

/// A titled list of terms and their meaning (EXIT STATUS, SIGNALS, …),
/// shown after `--help` and as its own section of the man page.
#[derive(Debug, Clone, Copy)]
pub struct Section {
    pub title: &'static str,
    pub entries: &'static [(&'static str, &'static str)],
    /// A closing paragraph, if any.
    pub note: &'static str,
}

/// The `--help` text of `sections`.
pub fn help_text(sections: &[Section]) -> String {
    let mut out = String::new();
    for s in sections {
        out.push_str(&format!("{}:\n", title_case(s.title)));
        let width = s.entries.iter().map(|(t, _)| t.len()).max().unwrap_or(0);
        for (term, text) in s.entries {
            out.push_str(&format!("  {term:<width$}  {text}\n"));
        }
        if !s.note.is_empty() {
            out.push_str(&format!("\n{}\n", s.note));
        }
        out.push('\n');
    }
    out.trim_end().to_string()
}

fn title_case(s: &str) -> String {
    let lower = s.to_lowercase();
    let mut c = lower.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
