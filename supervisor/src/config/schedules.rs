//! `[[POOL.schedules]]`: recurring jobs a pool enqueues by itself. Each
//! entry's `cron` (5 fields, or 6 with seconds first) is parsed by croner,
//! its `tz` is an IANA zone of chrono-tz (default UTC), its `missed` says
//! what becomes of a due time no node enqueued in time. Checked here, so a
//! bad expression or zone stops bextd (exit 78) naming file, key and line.

use croner::Cron;
use croner::parser::{CronParser, Seconds, Year};
use serde::{Deserialize, Serialize};

use std::path::Path;

use super::Host;
use super::checker::{Checker, Named, path, resolve};

/// One `[[POOL.schedules]]` table, as written.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct ScheduleSection {
    /// `"*/5 * * * *"`: minute hour day-of-month month day-of-week, or
    /// with a seconds field first.
    pub cron: String,
    /// The job's module, relative to the folder of the pool's script.
    pub script: String,
    /// The job's `job.data`.
    pub data: Option<toml::Value>,
    /// IANA zone the expression is read in.
    pub tz: String,
    /// `"skip"` or `"once"`.
    pub missed: String,
}

impl Default for ScheduleSection {
    fn default() -> Self {
        ScheduleSection {
            cron: String::new(),
            script: String::new(),
            data: None,
            tz: "UTC".into(),
            missed: "skip".into(),
        }
    }
}

/// What becomes of a due time that no node enqueued within a minute
/// (every node was down, or the store out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Missed {
    /// Dropped: the next run is the next due time.
    Skip,
    /// Run once, late, for however many were missed.
    Once,
}

impl Missed {
    pub fn name(self) -> &'static str {
        match self {
            Missed::Skip => "skip",
            Missed::Once => "once",
        }
    }
}

/// A schedule as the job manager uses it.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    pub cron: Cron,
    pub tz: chrono_tz::Tz,
    pub script: String,
    pub data: serde_json::Value,
    pub missed: Missed,
}

/// `s` as croner reads it: 5 fields, or 6 with seconds first (no year).
pub fn parse_cron(s: &str) -> Result<Cron, croner::errors::CronError> {
    CronParser::builder()
        .seconds(Seconds::Optional)
        .year(Year::Disallowed)
        .build()
        .parse(s)
}

/// The IANA zone named `s`.
fn parse_tz(s: &str) -> Option<chrono_tz::Tz> {
    s.trim().parse().ok()
}

impl Schedule {
    /// A checked section's schedule (None if it is not valid).
    pub fn from_section(s: &ScheduleSection) -> Option<Schedule> {
        Some(Schedule {
            cron: parse_cron(&s.cron).ok()?,
            tz: parse_tz(&s.tz)?,
            script: s.script.clone(),
            data: s
                .data
                .as_ref()
                .and_then(|v| serde_json::to_value(v).ok())
                .unwrap_or(serde_json::Value::Null),
            missed: if s.missed == "once" {
                Missed::Once
            } else {
                Missed::Skip
            },
        })
    }
}

/// Every schedule of a pool: an expression croner reads, a zone it knows,
/// a script that exists (on this machine), a policy.
pub(super) fn check_schedules(c: &mut Checker<'_>, n: &Named<'_>, base: &Path) {
    // Job scripts are found in the folder of the pool's script.
    let dir = n.section.script.as_ref().map(|p| resolve(base, p));
    let dir = dir.as_deref().and_then(Path::parent).unwrap_or(base);
    for (i, s) in n.section.schedules.iter().enumerate() {
        let index = i.to_string();
        let at = |key: &'static str| path(&n.prefix, &["schedules", index.as_str(), key]);
        if let Err(e) = parse_cron(&s.cron) {
            c.report(
                &at("cron"),
                Some(format!("{:?}", s.cron)),
                format!("must be a cron expression of 5 fields (minute hour day-of-month month day-of-week), or 6 with seconds first, such as \"*/5 * * * *\" ({e})"),
            );
        }
        c.rule(
            parse_tz(&s.tz).is_some(),
            &at("tz"),
            format!("{:?}", s.tz),
            || "must be an IANA time zone such as \"Europe/Paris\" or \"UTC\"".into(),
        );
        let found = c.host != Host::This || dir.join(&s.script).is_file();
        c.rule(
            !s.script.trim().is_empty() && found,
            &at("script"),
            format!("{:?}", s.script),
            || format!("must be the job's module, a file (relative to the folder of the pool's script, {})", dir.display()),
        );
        c.rule(
            s.missed == "skip" || s.missed == "once",
            &at("missed"),
            format!("{:?}", s.missed),
            || "must be \"skip\" (a due time missed is dropped) or \"once\" (missed times run once, late)".into(),
        );
    }
}
