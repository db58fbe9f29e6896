//! The control socket: one JSON object per line each way, between `bext`
//! (or any script) and `bextd`.
//!
//! ```text
//! → {"cmd":"workers"}
//! ← {"reply":"workers","workers":[{"id":0,"pool":"render","pid":4242,"state":"ACTIVE",…}]}
//! → {"cmd":"restart","pool":"render","worker":2}
//! ← {"reply":"restarting","workers":1}
//! ← {"reply":"error","message":"no pool named \"api\""}
//! ```

use serde::{Deserialize, Serialize};

/// Longest request line the daemon reads.
pub const MAX_REQUEST_LINE: usize = 64 * 1024;

/// What a client asks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
pub enum ControlRequest {
    /// Per-worker status and metrics of every pool.
    Workers,
    /// Graceful restart (rolling, staggered) of all workers, of one pool, or
    /// of one worker slot of a pool.
    Restart {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        worker: Option<u32>,
    },
    /// A rolling maintenance sweep: every worker of the pool (or of every
    /// pool) runs `maint(data)`, a few at a time.
    Maint {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        data: Option<serde_json::Value>,
    },
    /// Run `custom(params)` on the least busy worker of `pool`.
    Call {
        pool: String,
        params: serde_json::Value,
    },
    /// Send `data` to `message(data)` of every worker of `pool`.
    Message {
        pool: String,
        data: serde_json::Value,
    },
}

/// What the daemon answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum ControlReply {
    Workers {
        workers: Vec<WorkerStatus>,
    },
    /// The restart was started for this many worker slots.
    Restarting {
        workers: u32,
    },
    /// The sweep was scheduled for this many workers.
    Maintaining {
        workers: u32,
    },
    /// What `custom()` returned.
    Result {
        value: serde_json::Value,
    },
    /// The call failed, with pixl-server-pool's code: 429, 500, 503 or 504.
    CallFailed {
        code: u16,
        message: String,
    },
    /// The message went to this many workers.
    Sent {
        workers: u32,
    },
    Error {
        message: String,
    },
}

/// One worker process (or an empty slot) as seed 000's `WorkerMetrics`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkerStatus {
    /// Slot number in its pool.
    pub id: u32,
    pub pool: String,
    /// None for an empty slot (waiting out a backoff, or given up).
    pub pid: Option<u32>,
    pub generation: u64,
    /// BOOTING, ACTIVE, DRAINING, STOPPED, FAILED or MAINT.
    pub state: String,
    pub requests_served: u64,
    pub requests_failed: u64,
    pub in_flight: u32,
    pub total_render_time_ms: f64,
    pub avg_render_time_ms: f64,
    /// Resident set size, read by the master from /proc.
    pub current_memory_bytes: u64,
    pub peak_memory_bytes: u64,
    /// QuickJS heap in use, as the worker last reported it.
    pub js_heap_bytes: u64,
    /// Unix time in milliseconds.
    pub started_at: u64,
    pub uptime_ms: u64,
    /// Unix time in milliseconds.
    pub last_request_at: Option<u64>,
    /// Processes the slot has had after its first.
    pub restarts: u32,
    pub consecutive_failures: u32,
    /// Why it is being replaced (requests, memory, uptime, restart, signal,
    /// file change, crash, …).
    pub rotation_reason: Option<String>,
    /// The last failure of the slot (boot error, crash status).
    pub last_error: Option<String>,
    /// Messages the worker sent with `bext.sendMessage`.
    #[serde(default)]
    pub messages_sent: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_parse_from_their_documented_json() {
        let r: ControlRequest = serde_json::from_str(r#"{"cmd":"workers"}"#).unwrap();
        assert_eq!(r, ControlRequest::Workers);
        let r: ControlRequest =
            serde_json::from_str(r#"{"cmd":"restart","pool":"render","worker":2}"#).unwrap();
        assert_eq!(
            r,
            ControlRequest::Restart {
                pool: Some("render".into()),
                worker: Some(2)
            }
        );
        let r: ControlRequest = serde_json::from_str(r#"{"cmd":"restart"}"#).unwrap();
        assert_eq!(
            r,
            ControlRequest::Restart {
                pool: None,
                worker: None
            }
        );
        assert!(serde_json::from_str::<ControlRequest>(r#"{"cmd":"explode"}"#).is_err());
        assert!(
            serde_json::from_str::<ControlRequest>(r#"{"cmd":"restart","wroker":1}"#).is_err(),
            "a misspelt argument is an error, not a restart of everything"
        );
    }

    #[test]
    fn replies_are_tagged() {
        let s = serde_json::to_string(&ControlReply::Restarting { workers: 3 }).unwrap();
        assert_eq!(s, r#"{"reply":"restarting","workers":3}"#);
        let s = serde_json::to_string(&ControlReply::Error {
            message: "x".into(),
        })
        .unwrap();
        assert_eq!(s, r#"{"reply":"error","message":"x"}"#);
    }
}
