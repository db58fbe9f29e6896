//! The handshake: the first frame each side sends on a worker socket.
//!
//! Its layout never changes between protocol versions (a magic number and
//! a version, both fixed-width), so two builds of bext that disagree on
//! every other message can still tell each other so.

use serde::{Deserialize, Serialize};

/// Version of every message in [`crate::worker`]. Bump it whenever the
/// encoding of any of them changes; the checked-in fixtures in
/// `tests/fixtures/` fail until they are regenerated on purpose.
pub const PROTOCOL_VERSION: u32 = 14;

/// `b"BEXT"` as a big-endian number.
pub const MAGIC: u32 = u32::from_be_bytes(*b"BEXT");

/// The handshake frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    pub magic: u32,
    pub version: u32,
    /// Process id of the sender (the worker reports its own; the master
    /// sends its own so the worker can log it).
    pub pid: u32,
}

/// Why a received handshake is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HelloError {
    #[error("peer is not speaking the bext protocol (magic {0:#010x})")]
    BadMagic(u32),
    #[error(
        "protocol version mismatch: this side speaks {ours}, the peer speaks {theirs}; \
         bextd and bext-worker must come from the same build"
    )]
    VersionMismatch { ours: u32, theirs: u32 },
}

impl Hello {
    /// The handshake this build sends.
    pub fn new(pid: u32) -> Self {
        Hello {
            magic: MAGIC,
            version: PROTOCOL_VERSION,
            pid,
        }
    }

    /// Checks a received handshake against this build.
    pub fn check(&self) -> Result<(), HelloError> {
        if self.magic != MAGIC {
            return Err(HelloError::BadMagic(self.magic));
        }
        if self.version != PROTOCOL_VERSION {
            return Err(HelloError::VersionMismatch {
                ours: PROTOCOL_VERSION,
                theirs: self.version,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_own_version() {
        assert_eq!(Hello::new(7).check(), Ok(()));
    }

    #[test]
    fn refuses_other_version_and_magic() {
        let mut h = Hello::new(7);
        h.version = PROTOCOL_VERSION + 1;
        let err = h.check().unwrap_err();
        assert!(err.to_string().contains("same build"), "{err}");
        h.magic = 0;
        assert_eq!(h.check(), Err(HelloError::BadMagic(0)));
    }
}
