//! `bext`'s verbs: one file each, holding the request it sends over the
//! control socket and the text shown for the reply (pure functions of the
//! reply where the text is more than a line, unit-tested beside them).
//!
//! [`crate::cli::run`] picks the verb from the parsed command line; a verb
//! knows nothing of clap's types but its own subcommands (`deploy`,
//! `jobs`), so the command-line definitions (`cli/bext.rs`) and the verbs
//! depend one way only.

pub mod cache;
pub mod call;
pub mod deploy;
pub mod heap;
pub mod jobs;
pub mod maint;
pub mod message;
pub mod ps;
pub mod quarantine;
pub mod reload;
pub mod restart;
pub mod signal;
pub mod stats;
pub mod swap;
