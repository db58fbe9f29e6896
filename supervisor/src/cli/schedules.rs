//! `bext jobs schedules`: the recurring jobs of every pool and when each
//! runs next (a pure function of the reply, unit-tested).

use protocol::control::ScheduleInfo;

use super::format::duration;
use crate::logging::escape;

/// The table: pool, expression, zone, script, policy, next run (UTC, and
/// how far off).
pub fn schedules_table(schedules: &[ScheduleInfo], now: u64) -> String {
    if schedules.is_empty() {
        return "No schedule ([[POOL.schedules]] in bext.toml).\n".into();
    }
    let header = ["ID", "POOL", "CRON", "TZ", "SCRIPT", "MISSED", "NEXT RUN"];
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for s in schedules {
        let next = match s.next_run {
            Some(at) => format!(
                "{} (in {})",
                utc(at),
                duration(at.saturating_sub(now).max(1_000))
            ),
            None => "never".into(),
        };
        rows.push(vec![
            s.id.clone(),
            s.pool.clone(),
            s.cron.clone(),
            s.tz.clone(),
            s.script.clone(),
            s.missed.clone(),
            next,
        ]);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in &rows {
        let mut line = String::new();
        for (c, cell) in r.iter().enumerate() {
            line.push_str(&escape(cell));
            line.push_str(&" ".repeat(widths[c] - cell.chars().count() + 2));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Unix ms as `2026-11-26 09:30:00Z`.
fn utc(ms: u64) -> String {
    chrono::DateTime::from_timestamp_millis(ms as i64)
        .map(|t| t.format("%Y-%m-%d %H:%M:%SZ").to_string())
        .unwrap_or_else(|| ms.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_schedule_shows_its_next_run() {
        let s = ScheduleInfo {
            id: "3f2a9c01be77".into(),
            pool: "render".into(),
            cron: "*/5 * * * *".into(),
            tz: "Europe/Paris".into(),
            script: "jobs/report.js".into(),
            missed: "once".into(),
            next_run: Some(1_795_000_000_000),
        };
        let t = schedules_table(&[s], 1_795_000_000_000 - 90_000);
        let lines: Vec<&str> = t.lines().collect();
        assert!(lines[0].starts_with("ID"), "{t}");
        assert!(lines[0].contains("NEXT RUN"), "{t}");
        assert!(lines[1].contains("*/5 * * * *"), "{t}");
        assert!(lines[1].contains("Europe/Paris"), "{t}");
        assert!(
            lines[1].ends_with("2026-11-18 11:06:40Z (in 1m 30s)"),
            "{t}"
        );
        assert!(schedules_table(&[], 0).starts_with("No schedule"));
    }
}
