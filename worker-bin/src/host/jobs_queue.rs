//! The queue options of `bext.jobs.spawn`, checked where the call is
//! made so a mistake throws there: `retryOnRestart`, `maxAttempts`,
//! `backoff`, `runAt`, `delay`, `priority`, `unique: { key, for }`. They
//! come as one JSON argument, so the host function stays within the
//! arities rquickjs implements.

use serde_json::Value;

/// Checked queue options.
#[derive(Debug, Default, PartialEq)]
pub struct Queue {
    pub retry_on_restart: bool,
    /// 1 to 1000.
    pub max_attempts: Option<u32>,
    /// At least 1 ms.
    pub backoff: Option<u64>,
    /// Unix ms.
    pub run_at: Option<u64>,
    pub delay: Option<u64>,
    /// 0 (first) to 9.
    pub priority: u8,
    /// (key, for ms; 0: as long as one is queued or running).
    pub unique: Option<(String, u64)>,
}

/// Longest `unique.key`.
const MAX_KEY_BYTES: usize = 256;

/// A whole number in `lo..=hi`, if the option is there.
fn whole(o: &Value, k: &str, lo: f64, hi: f64, what: &str) -> Result<Option<f64>, String> {
    let Some(v) = o.get(k).filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && (lo..=hi).contains(&n) => Ok(Some(n)),
        _ => Err(format!("{k} must be {what}, not {v}")),
    }
}

pub fn queue_options(json: &str) -> Result<Queue, String> {
    let o: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    const MS: f64 = 1e15;
    let max_attempts = whole(
        &o,
        "maxAttempts",
        1.0,
        1000.0,
        "a whole number from 1 to 1000",
    )?;
    let backoff = whole(
        &o,
        "backoff",
        1.0,
        MS,
        "a whole number of milliseconds, at least 1",
    )?;
    let run_at = whole(
        &o,
        "runAt",
        0.0,
        MS,
        "a Date or a Unix time in milliseconds",
    )?;
    let delay = whole(&o, "delay", 0.0, MS, "a whole number of milliseconds")?;
    let priority = whole(
        &o,
        "priority",
        0.0,
        9.0,
        "a whole number from 0 (first) to 9",
    )?;
    let unique = match o.get("unique").filter(|v| !v.is_null()) {
        None => None,
        Some(u) => {
            let key = u.get("key").and_then(Value::as_str).unwrap_or_default();
            if key.is_empty() || key.len() > MAX_KEY_BYTES {
                return Err(format!(
                    "unique.key must be a string of 1 to {MAX_KEY_BYTES} bytes"
                ));
            }
            let window = whole(u, "for", 1.0, MS, "a whole number of milliseconds")?;
            Some((key.to_owned(), window.map_or(0, |f| f as u64)))
        }
    };
    Ok(Queue {
        retry_on_restart: o.get("retryOnRestart").and_then(Value::as_bool) == Some(true),
        max_attempts: max_attempts.map(|n| n as u32),
        backoff: backoff.map(|ms| ms as u64),
        run_at: run_at.map(|t| t as u64),
        delay: delay.map(|ms| ms as u64),
        priority: priority.map_or(0, |p| p as u8),
        unique,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queue_options_are_checked() {
        let q = queue_options(
            r#"{"maxAttempts":3,"backoff":50,"delay":10,"priority":2,"unique":{"key":"k","for":1000}}"#,
        )
        .unwrap();
        assert_eq!(q.max_attempts, Some(3));
        assert_eq!(q.priority, 2);
        assert_eq!(q.unique, Some(("k".into(), 1000)));
        assert_eq!(queue_options("{}").unwrap(), Queue::default());
        for bad in [
            r#"{"maxAttempts":0}"#,
            r#"{"maxAttempts":1.5}"#,
            r#"{"backoff":-3}"#,
            r#"{"priority":10}"#,
            r#"{"delay":"soon"}"#,
            r#"{"unique":{"key":""}}"#,
            r#"{"unique":{"key":"k","for":0}}"#,
        ] {
            assert!(queue_options(bad).is_err(), "{bad}");
        }
    }
}
