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
    let mut page_cmd = cmd.clone();
    page_cmd.build();
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
    out.extend_from_slice(commands_section(&page_cmd).as_bytes());
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

/// Every command of a CLI with subcommands, described in the page itself
/// (there are no per-command pages to refer to): its usage line, what it
/// does, and its own options. Nothing for a command without subcommands.
fn commands_section(cmd: &clap::Command) -> String {
    let mut out = String::new();
    commands(cmd, cmd.get_name(), &mut out);
    if out.is_empty() {
        return out;
    }
    format!(".SH COMMANDS\n{out}")
}

fn commands(cmd: &clap::Command, prefix: &str, out: &mut String) {
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("{prefix} {}", sub.get_name());
        if sub.has_subcommands() {
            commands(sub, &name, out);
            continue;
        }
        let own: Vec<&clap::Arg> = sub
            .get_arguments()
            .filter(|a| !a.is_global_set() && !matches!(a.get_id().as_str(), "help" | "version"))
            .collect();
        let mut usage = name.clone();
        for a in &own {
            let value = a
                .get_value_names()
                .and_then(|v| v.first())
                .map(|v| v.to_string())
                .unwrap_or_else(|| a.get_id().to_string().to_uppercase());
            usage.push(' ');
            usage.push_str(&match a.get_long() {
                None if a.is_required_set() => value,
                None => format!("[{value}]"),
                Some(long) if a.get_action().takes_values() => format!("[--{long} {value}]"),
                Some(long) => format!("[--{long}]"),
            });
        }
        let about = sub
            .get_long_about()
            .or(sub.get_about())
            .map(|a| a.to_string())
            .unwrap_or_default();
        out.push_str(&format!(
            ".TP\n.B {}\n{}\n",
            roff_escape(&usage),
            roff_escape(&about)
        ));
        for a in own.iter().filter(|a| a.get_help().is_some()) {
            let term = match a.get_long() {
                Some(long) => format!("--{long}"),
                None => a
                    .get_value_names()
                    .and_then(|v| v.first())
                    .map(|v| v.to_string())
                    .unwrap_or_default(),
            };
            let help = a.get_help().map(|h| h.to_string()).unwrap_or_default();
            out.push_str(&format!(
                ".br\n\\fB{}\\fR: {}\n",
                roff_escape(&term),
                roff_escape(&help)
            ));
        }
    }
}

#[test]
fn man_pages_match_the_command_line() {
    check(
        "man/bextd.8",
        &man(Args::command(), "8", &supervisor::cli::bextd::SECTIONS),
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
        jsc_workers: Some(supervisor::config::WorkerCount::Count(1)),
        min_workers: Some(1),
        max_workers: Some(1),
        user: Some(String::new()),
        group: Some(String::new()),
        ..PoolSection::default()
    };
    keys(toml::Value::try_from(pool).unwrap(), "", &mut all);
    keys(
        toml::Value::try_from(supervisor::config::JobsSection::default()).unwrap(),
        "",
        &mut all,
    );
    keys(
        toml::Value::try_from(supervisor::config::StaticSection::default()).unwrap(),
        "",
        &mut all,
    );
    all.push("worker_bin".into());
    all.push("restart_signal_file".into());
    all.push("env".into());
    for k in all {
        assert!(
            page.contains(&format!(".B {k}\n")),
            "man/bext.toml.5 does not describe `{k}`"
        );
    }
}

#[test]
fn the_readme_shows_the_multi_pool_example_as_shipped() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let example = std::fs::read_to_string(root().join("scripts/examples/multi/bext.toml")).unwrap();
    assert!(
        readme.contains(&format!("```toml\n{example}```")),
        "README.md's multi-pool example differs from scripts/examples/multi/bext.toml"
    );
}

#[test]
fn the_readme_shows_the_web_example_as_shipped() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let example = std::fs::read_to_string(root().join("scripts/examples/web/app.js")).unwrap();
    assert!(
        readme.contains(&format!("```js\n{example}```")),
        "README.md's web-standard example differs from scripts/examples/web/app.js"
    );
}

#[test]
fn the_readme_shows_the_job_example_as_shipped() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let example =
        std::fs::read_to_string(root().join("scripts/examples/hello/jobs/sync.js")).unwrap();
    assert!(
        readme.contains(&format!("```js\n{example}```")),
        "README.md's job example differs from scripts/examples/hello/jobs/sync.js"
    );
}
