//! Everything that crosses a process boundary in bext.
//!
//! * [`worker`]: the frames exchanged between `bextd` and each `bext-worker`
//!   over the worker's Unix socket ([`worker::MasterToWorker`],
//!   [`worker::WorkerToMaster`]).
//! * [`codec`]: how those frames are put on the wire: a 4-byte big-endian
//!   length, then a bincode payload, capped at a maximum frame size.
//! * [`fetch_allow`]: a pool's `fetch_allow` entries, and why a `fetch()`
//!   was refused.
//! * [`control`]: the JSON lines of the control socket between `bext` and `bextd`.
//! * [`hello`]: the versioned handshake each side sends first, so a
//!   version mismatch is refused with a clear message instead of a
//!   misdecoded frame.
//! * [`template`]: `bextd` asking a template worker to fork a worker.
//! * [`trace`]: the spans a worker reports for bextd to export.
//! * [`sock`]: the socket these frames go over, as both sides hold it.
//! * [`packet`]: a template's messages, one per packet, with descriptors.
//!
//! This crate is a leaf: it depends on no other bext crate, and its only
//! I/O (and only `unsafe`) is [`sock`] and [`packet`].
#![deny(unsafe_code)]

pub mod codec;
pub mod control;
pub mod fetch_allow;
pub mod heap;
pub mod hello;
#[allow(unsafe_code)]
pub mod packet;
pub mod rollout;
pub mod size;
#[allow(unsafe_code)]
pub mod sock;
pub mod template;
pub mod trace;
pub mod worker;

pub use codec::{DEFAULT_MAX_FRAME_BYTES, FrameCodec, FrameError};
pub use hello::{Hello, PROTOCOL_VERSION};
