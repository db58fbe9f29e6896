//! The state of one worker slot, as an explicit state machine.
//!
//! ```text
//!   BOOTING ──ready──▶ ACTIVE ──rotate──▶ DRAINING ──exit──▶ STOPPED ──▶ BOOTING
//!      │                 │                                      ▲
//!      └─boot failure─┐  └─crash / hang──┐                      │
//!                     ▼                  ▼                      │
//!                   FAILED (backoff) ────────────── retry ──────┘
//! ```
//!
//! Every move goes through [`SlotState::check`], which consults the table of
//! allowed transitions; an illegal move is refused (the caller logs and
//! counts it) instead of corrupting the slot.

use std::fmt;

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SlotState {
    /// Process started; handshake, script load and `startup()` under way.
    Booting,
    /// Serving requests.
    Active,
    /// Taken out of rotation; finishing in-flight requests, then exiting.
    Draining,
    /// No process; a new one is about to boot (or the pool is shutting down).
    Stopped,
    /// The last process failed; waiting out a backoff, or given up.
    Failed,
    /// Out of rotation for a maintenance call.
    Maint,
}

use SlotState::*;

/// Allowed `(from, to)` moves.
const ALLOWED: &[(SlotState, SlotState)] = &[
    (Stopped, Booting),
    (Failed, Booting),
    (Booting, Active),
    (Booting, Failed),
    (Booting, Draining), // shutdown or restart while booting
    (Booting, Stopped),
    (Active, Draining),
    (Active, Failed),
    (Active, Maint),
    (Maint, Active),
    (Maint, Draining),
    (Maint, Failed),
    (Draining, Stopped),
    (Draining, Failed),
    (Failed, Stopped),
];

/// A refused move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal worker state transition {from} -> {to}")]
pub struct IllegalTransition {
    pub from: SlotState,
    pub to: SlotState,
}

impl SlotState {
    /// Whether `self -> to` is allowed.
    pub fn check(self, to: SlotState) -> Result<SlotState, IllegalTransition> {
        if ALLOWED.contains(&(self, to)) {
            Ok(to)
        } else {
            Err(IllegalTransition { from: self, to })
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Booting => "BOOTING",
            Active => "ACTIVE",
            Draining => "DRAINING",
            Stopped => "STOPPED",
            Failed => "FAILED",
            Maint => "MAINT",
        }
    }
}

impl fmt::Display for SlotState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lifecycle_of_seed_000_is_allowed() {
        let mut s = Stopped;
        for to in [
            Booting, Active, Draining, Stopped, Booting, Failed, Booting, Active,
        ] {
            s = s.check(to).unwrap();
        }
        assert_eq!(s, Active);
    }

    #[test]
    fn illegal_moves_are_refused() {
        assert_eq!(
            Stopped.check(Active),
            Err(IllegalTransition {
                from: Stopped,
                to: Active
            })
        );
        assert!(Draining.check(Active).is_err());
        assert!(Failed.check(Active).is_err());
        assert!(Active.check(Booting).is_err());
    }

    #[test]
    fn states_print_in_upper_case() {
        assert_eq!(Draining.to_string(), "DRAINING");
        assert_eq!(serde_json::to_string(&Maint).unwrap(), "\"MAINT\"");
    }
}
