//! Generated documentation stays in step with the code: the man pages of
//! `bextd` and `bext` and the shell completions of `bext` are rendered from
//! the clap definitions and must match the committed files; `bext.toml.5`
//! must describe every configuration key. Regenerate with
//! `BEXT_BLESS=1 cargo test -p bext-supervisor --test docs`.

use std::path::{Path, PathBuf};

use clap::CommandFactory;
use clap_complete::Shell;
use supervisor::cli::{Section, bext::Cli, bextd::Args};
use supervisor::config::{PoolSection, ServerSection};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn check(rel: &str, fresh: &[u8]) {
    let path = root().join(rel);
    if std::env::var_os("BEXT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, fresh).unwrap();
        return;
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{rel} is stale: run BEXT_BLESS=1 cargo test -p bext-supervisor --test docs"
    );
}

fn roff_escape(s: &str) -> String {
    s.replace('\\', "\\e")
        .replace('-', "\\-")
        .replace('\'', "\\(aq")
}

/// clap_mangen's sections, then ours (EXIT STATUS, SIGNALS, …) in place of
/// its generic EXTRA section.
fn man(cmd: clap::Command, section: &str, extra: &[Section]) -> Vec<u8> {
    let page = clap_mangen::Man::new(cmd)
        .section(section)
        .source("bext")
        .manual("bext manual");
    let mut out = Vec::new();
    page.render_title(&mut out).unwrap();
    page.render_name_section(&mut out).unwrap();
    page.render_synopsis_section(&mut out).unwrap();
    page.render_description_section(&mut out).unwrap();
    page.render_options_section(&mut out).unwrap();
    page.render_subcommands_section(&mut out).unwrap();
    for s in extra {
        out.extend_from_slice(format!(".SH \"{}\"\n", s.title).as_bytes());
        for (term, text) in s.entries {
            out.extend_from_slice(
                format!(".TP\n.B {}\n{}\n", roff_escape(term), roff_escape(text)).as_bytes(),
            );
        }
        if !s.note.is_empty() {
            out.extend_from_slice(format!(".PP\n{}\n", roff_escape(s.note)).as_bytes());
        }
    }
    page.render_version_section(&mut out).unwrap();
    // Each clap_mangen section repeats the same two-line preamble: keep one.
    let text = String::from_utf8(out).unwrap();
    let mut seen = false;
    let mut kept = String::new();
    for line in text.lines() {
        if line.starts_with(".ie \\n(.g .ds Aq") || line.starts_with(".el .ds Aq") {
            if seen && line.starts_with(".el") {
                continue;
            }
            if line.starts_with(".ie") {
                if seen {
                    continue;
                }
            } else {
                seen = true;
            }
        }
        kept.push_str(line);
        kept.push('\n');
    }
    kept.into_bytes()
}

#[test]
fn man_pages_match_the_command_line() {
    check(
        "man/bextd.8",
        &man(Args::command(), "8", supervisor::cli::bextd::SECTIONS),
    );
    check(
        "man/bext.1",
        &man(Cli::command(), "1", supervisor::cli::bext::SECTIONS),
    );
}

#[test]
fn completions_match_the_command_line() {
    for (shell, file) in [
        (Shell::Bash, "completions/bext.bash"),
        (Shell::Zsh, "completions/_bext"),
        (Shell::Fish, "completions/bext.fish"),
    ] {
        let mut out = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "bext", &mut out);
        check(file, &out);
    }
}

fn keys(value: toml::Value, prefix: &str, out: &mut Vec<String>) {
    if let toml::Value::Table(t) = value {
        for (k, v) in t {
            if v.is_table() {
                keys(v, &format!("{prefix}{k}."), out);
            } else {
                out.push(k);
            }
        }
    }
}

#[test]
fn the_config_man_page_describes_every_key() {
    let page = std::fs::read_to_string(root().join("man/bext.toml.5")).unwrap();
    let mut all = Vec::new();
    keys(
        toml::Value::try_from(ServerSection::default()).unwrap(),
        "",
        &mut all,
    );
    // Optional keys are absent from a default; give them a value to list them.
    let pool = PoolSection {
        script: Some(String::new()),
        jsc_workers: Some(1),
        min_workers: Some(1),
        max_workers: Some(1),
        user: Some(String::new()),
        group: Some(String::new()),
        ..PoolSection::default()
    };
    keys(toml::Value::try_from(pool).unwrap(), "", &mut all);
    all.push("worker_bin".into());
    all.push("env".into());
    for k in all {
        assert!(
            page.contains(&format!(".B {k}\n")),
            "man/bext.toml.5 does not describe `{k}`"
        );
    }
}
