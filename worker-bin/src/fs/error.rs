//! The errors of file operations, as Node's `fs` reports what the OS
//! refused: `code` (`ENOENT`), `errno` (negative, as libuv's), the
//! `syscall` Node names, the `path` (and `dest`) as the caller wrote them,
//! and a message in Node's format
//! (`ENOENT: no such file or directory, open 'x'`).

use std::fmt;
use std::io;

/// One refused file operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FsError {
    pub code: &'static str,
    /// Positive, as the OS numbers it (Node shows it negated).
    pub errno: i32,
    pub syscall: &'static str,
    pub path: Option<String>,
    pub dest: Option<String>,
}

/// `(errno, code, libuv's description)` of the errors file operations meet.
const TABLE: &[(i32, &str, &str)] = &[
    (libc::EPERM, "EPERM", "operation not permitted"),
    (libc::ENOENT, "ENOENT", "no such file or directory"),
    (libc::EIO, "EIO", "i/o error"),
    (libc::EBADF, "EBADF", "bad file descriptor"),
    (libc::ENOMEM, "ENOMEM", "not enough memory"),
    (libc::EACCES, "EACCES", "permission denied"),
    (libc::EBUSY, "EBUSY", "resource busy or locked"),
    (libc::EEXIST, "EEXIST", "file already exists"),
    (libc::EXDEV, "EXDEV", "cross-device link not permitted"),
    (libc::ENOTDIR, "ENOTDIR", "not a directory"),
    (libc::EISDIR, "EISDIR", "illegal operation on a directory"),
    (libc::EINVAL, "EINVAL", "invalid argument"),
    (libc::EMFILE, "EMFILE", "too many open files"),
    (libc::EFBIG, "EFBIG", "file too large"),
    (libc::ENOSPC, "ENOSPC", "no space left on device"),
    (libc::EROFS, "EROFS", "read-only file system"),
    (libc::EMLINK, "EMLINK", "too many links"),
    (libc::ENAMETOOLONG, "ENAMETOOLONG", "name too long"),
    (libc::ENOSYS, "ENOSYS", "function not implemented"),
    (libc::ENOTEMPTY, "ENOTEMPTY", "directory not empty"),
    (libc::ELOOP, "ELOOP", "too many symbolic links encountered"),
    (
        libc::ENOTSUP,
        "ENOTSUP",
        "operation not supported on socket",
    ),
];

impl FsError {
    /// The error `errno` of `syscall` on `path`.
    pub fn new(errno: i32, syscall: &'static str, path: Option<&str>) -> FsError {
        let code = TABLE
            .iter()
            .find(|(n, ..)| *n == errno)
            .map_or("EIO", |(_, c, _)| c);
        FsError {
            code,
            errno,
            syscall,
            path: path.map(str::to_string),
            dest: None,
        }
    }

    /// The OS's error `e` of `syscall` on `path`.
    pub fn io(e: &io::Error, syscall: &'static str, path: Option<&str>) -> FsError {
        FsError::new(e.raw_os_error().unwrap_or(libc::EIO), syscall, path)
    }

    /// Refused for lying outside the folders the worker may use.
    pub fn denied(syscall: &'static str, path: &str) -> FsError {
        FsError::new(libc::EACCES, syscall, Some(path))
    }

    /// With the second path of a two-path call (`rename`, `copyfile`).
    pub fn to(mut self, dest: &str) -> FsError {
        self.dest = Some(dest.to_string());
        self
    }

    fn description(&self) -> &'static str {
        TABLE
            .iter()
            .find(|(n, ..)| *n == self.errno)
            .map_or("i/o error", |(.., d)| d)
    }
}

impl fmt::Display for FsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}, {}", self.code, self.description(), self.syscall)?;
        if let Some(p) = &self.path {
            write!(f, " '{p}'")?;
        }
        if let Some(d) = &self.dest {
            write!(f, " -> '{d}'")?;
        }
        Ok(())
    }
}

impl std::error::Error for FsError {}

pub type FsResult<T> = Result<T, FsError>;
