//! The operations of `node:fs`, each checked by [`Room::place`] and
//! named by the `syscall` Node reports for it.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::unix::fs::{FileExt, FileTypeExt, MetadataExt, OpenOptionsExt};
use std::os::unix::io::AsRawFd;
use std::path::Path;

use super::{FsError, FsResult, Open, Room, Use};

/// What `stat` answers, as Node's `Stats` holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stat {
    pub dev: u64,
    pub mode: u32,
    pub nlink: u64,
    pub uid: u32,
    pub gid: u32,
    pub rdev: u64,
    pub blksize: u64,
    pub ino: u64,
    pub size: u64,
    pub blocks: u64,
    pub atime_ms: f64,
    pub mtime_ms: f64,
    pub ctime_ms: f64,
    pub birthtime_ms: f64,
}

impl Stat {
    fn of(m: &fs::Metadata) -> Stat {
        let ms = |s: i64, ns: i64| s as f64 * 1000.0 + ns as f64 / 1e6;
        let birth = m
            .created()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0);
        Stat {
            dev: m.dev(),
            mode: m.mode(),
            nlink: m.nlink(),
            uid: m.uid(),
            gid: m.gid(),
            rdev: m.rdev(),
            blksize: m.blksize(),
            ino: m.ino(),
            size: m.size(),
            blocks: m.blocks(),
            atime_ms: ms(m.atime(), m.atime_nsec()),
            mtime_ms: ms(m.mtime(), m.mtime_nsec()),
            ctime_ms: ms(m.ctime(), m.ctime_nsec()),
            birthtime_ms: birth,
        }
    }
}

/// One entry of a folder: its name and libuv's type number (`UV_DIRENT_*`:
/// 0 unknown, 1 file, 2 folder, 3 symlink, 4 fifo, 5 socket, 6 char, 7
/// block).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub kind: u8,
}

fn kind(t: fs::FileType) -> u8 {
    match () {
        _ if t.is_file() => 1,
        _ if t.is_dir() => 2,
        _ if t.is_symlink() => 3,
        _ if t.is_fifo() => 4,
        _ if t.is_socket() => 5,
        _ if t.is_char_device() => 6,
        _ if t.is_block_device() => 7,
        _ => 0,
    }
}

/// Bytes of the regular files at `path` (a file, or a folder and all it
/// holds), symlinks not followed.
pub(super) fn bytes_under(path: &Path) -> u64 {
    let Ok(m) = fs::symlink_metadata(path) else {
        return 0;
    };
    if m.is_file() {
        return m.len();
    }
    if !m.is_dir() {
        return 0;
    }
    fs::read_dir(path).map_or(0, |entries| {
        entries.flatten().map(|e| bytes_under(&e.path())).sum()
    })
}

pub(super) fn size_of(path: &Path) -> u64 {
    fs::symlink_metadata(path).map_or(0, |m| if m.is_file() { m.len() } else { 0 })
}

/// How `open` is asked to open a file: Node's numeric flags.
fn options(flags: i32, mode: u32) -> OpenOptions {
    let acc = flags & libc::O_ACCMODE;
    let mut o = OpenOptions::new();
    o.read(acc == libc::O_RDONLY || acc == libc::O_RDWR)
        .write(acc == libc::O_WRONLY || acc == libc::O_RDWR)
        .mode(mode)
        .custom_flags(flags & !libc::O_ACCMODE);
    if flags & libc::O_APPEND != 0 {
        o.append(true);
    }
    o
}

/// Whether Node's `flags` may change a file.
pub fn writes(flags: i32) -> bool {
    flags & libc::O_ACCMODE != libc::O_RDONLY
        || flags & (libc::O_CREAT | libc::O_TRUNC | libc::O_APPEND) != 0
}

impl Room {
    /// `readFile`: the whole file.
    pub fn read_file(&mut self, path: &str) -> FsResult<Vec<u8>> {
        let abs = self.place(path, Use::Read, "open")?;
        let mut f = File::open(&abs).map_err(|e| FsError::io(&e, "open", Some(path)))?;
        let mut out = Vec::new();
        f.read_to_end(&mut out)
            .map_err(|e| FsError::io(&e, "read", None))?;
        Ok(out)
    }

    /// `stat` (symlinks followed) or `lstat`.
    pub fn stat(&mut self, path: &str, follow: bool) -> FsResult<Stat> {
        let (use_, syscall) = if follow {
            (Use::Read, "stat")
        } else {
            (Use::ReadEntry, "lstat")
        };
        let abs = self.place(path, use_, syscall)?;
        let m = if follow {
            fs::metadata(&abs)
        } else {
            fs::symlink_metadata(&abs)
        };
        m.map(|m| Stat::of(&m))
            .map_err(|e| FsError::io(&e, syscall, Some(path)))
    }

    /// `readdir` (sorted by name as libuv sorts, `scandir`) or `opendir`
    /// (in the folder's own order).
    pub fn read_dir(&mut self, path: &str, sorted: bool) -> FsResult<Vec<Entry>> {
        let syscall = if sorted { "scandir" } else { "opendir" };
        let abs = self.place(path, Use::Read, syscall)?;
        let entries = fs::read_dir(&abs).map_err(|e| FsError::io(&e, syscall, Some(path)))?;
        let mut out = Vec::new();
        for e in entries {
            let e = e.map_err(|e| FsError::io(&e, syscall, Some(path)))?;
            out.push(Entry {
                name: e.file_name().to_string_lossy().into_owned(),
                kind: e.file_type().map_or(0, kind),
            });
        }
        if sorted {
            out.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
        }
        Ok(out)
    }

    /// `access`: whether the file is there and `mode` (`R_OK`, `W_OK`,
    /// `X_OK` bits) is allowed; writing only in the temporary folder.
    pub fn access(&mut self, path: &str, mode: i32) -> FsResult<()> {
        let abs = self.place(path, Use::Read, "access")?;
        if mode & libc::W_OK != 0 && !self.in_tmp(&abs) {
            return Err(FsError::denied("access", path));
        }
        nix::unistd::access(&abs, nix::unistd::AccessFlags::from_bits_truncate(mode))
            .map_err(|e| FsError::new(e as i32, "access", Some(path)))
    }

    /// `realpath`: the real path, when it may be read.
    pub fn realpath(&mut self, path: &str) -> FsResult<String> {
        let abs = self.place(path, Use::Read, "realpath")?;
        let real = abs
            .canonicalize()
            .map_err(|e| FsError::io(&e, "realpath", Some(path)))?;
        Ok(real.to_string_lossy().into_owned())
    }

    /// `readlink`: where the symlink at `path` points.
    pub fn readlink(&mut self, path: &str) -> FsResult<String> {
        let abs = self.place(path, Use::ReadEntry, "readlink")?;
        let to = fs::read_link(&abs).map_err(|e| FsError::io(&e, "readlink", Some(path)))?;
        Ok(to.to_string_lossy().into_owned())
    }

    /// `writeFile` (`append`: `appendFile`), with Node's numeric `flags`.
    pub fn write_file(&mut self, path: &str, data: &[u8], flags: i32, mode: u32) -> FsResult<()> {
        let fd = self.open(path, flags, mode)?;
        let r = self.write(fd, data, None).map(|_| ());
        self.close(fd).ok();
        r
    }

    /// `open`: a descriptor; one that may write only in the temporary
    /// folder.
    pub fn open(&mut self, path: &str, flags: i32, mode: u32) -> FsResult<i32> {
        let writable = writes(flags);
        let use_ = if writable { Use::Write } else { Use::Read };
        let abs = self.place(path, use_, "open")?;
        let old = size_of(&abs);
        let file = options(flags, mode)
            .open(&abs)
            .map_err(|e| FsError::io(&e, "open", Some(path)))?;
        if writable {
            // O_TRUNC, or a new file.
            let new = file.metadata().map_or(old, |m| m.len());
            self.tmp.count(old, new);
        }
        let fd = file.as_raw_fd();
        let append = flags & libc::O_APPEND != 0;
        self.fds.insert(
            fd,
            Open {
                file,
                writable,
                append,
            },
        );
        Ok(fd)
    }

    fn fd(&self, fd: i32, syscall: &'static str) -> FsResult<&Open> {
        self.fds
            .get(&fd)
            .ok_or_else(|| FsError::new(libc::EBADF, syscall, None))
    }

    /// `close`.
    pub fn close(&mut self, fd: i32) -> FsResult<()> {
        self.fds
            .remove(&fd)
            .map(drop)
            .ok_or_else(|| FsError::new(libc::EBADF, "close", None))
    }

    /// `read`: up to `len` bytes at `position` (else where the descriptor
    /// stands, which moves).
    pub fn read(&mut self, fd: i32, len: usize, position: Option<u64>) -> FsResult<Vec<u8>> {
        let open = self.fd(fd, "read")?;
        let mut buf = vec![0; len];
        let n = match position {
            Some(at) => open.file.read_at(&mut buf, at),
            None => (&open.file).read(&mut buf),
        }
        .map_err(|e| FsError::io(&e, "read", None))?;
        buf.truncate(n);
        Ok(buf)
    }

    /// `write`: `data` at `position` (else where the descriptor stands),
    /// within the budget; the bytes written.
    pub fn write(&mut self, fd: i32, data: &[u8], position: Option<u64>) -> FsResult<usize> {
        let open = self.fd(fd, "write")?;
        if !open.writable {
            return Err(FsError::new(libc::EBADF, "write", None));
        }
        let old = open.file.metadata().map_or(0, |m| m.len());
        let start = match position {
            Some(at) => at,
            None if open.append => old,
            None => (&open.file)
                .stream_position()
                .map_err(|e| FsError::io(&e, "write", None))?,
        };
        let end = start.saturating_add(data.len() as u64);
        if !self.tmp.fits(old, old.max(end)) {
            return Err(FsError::new(libc::ENOSPC, "write", None));
        }
        let open = self.fd(fd, "write")?;
        let r = match position {
            Some(at) => open.file.write_all_at(data, at),
            None => (&open.file).write_all(data),
        };
        let new = open.file.metadata().map_or(old, |m| m.len());
        self.tmp.count(old, new);
        r.map_err(|e| FsError::io(&e, "write", None))?;
        Ok(data.len())
    }

    /// `fstat`.
    pub fn fstat(&mut self, fd: i32) -> FsResult<Stat> {
        let open = self.fd(fd, "fstat")?;
        open.file
            .metadata()
            .map(|m| Stat::of(&m))
            .map_err(|e| FsError::io(&e, "fstat", None))
    }

    /// `ftruncate`.
    pub fn ftruncate(&mut self, fd: i32, len: u64) -> FsResult<()> {
        let open = self.fd(fd, "ftruncate")?;
        if !open.writable {
            return Err(FsError::new(libc::EINVAL, "ftruncate", None));
        }
        let old = open.file.metadata().map_or(0, |m| m.len());
        if !self.tmp.fits(old, len) {
            return Err(FsError::new(libc::ENOSPC, "ftruncate", None));
        }
        let open = self.fd(fd, "ftruncate")?;
        open.file
            .set_len(len)
            .map_err(|e| FsError::io(&e, "ftruncate", None))?;
        self.tmp.count(old, len);
        Ok(())
    }
}
