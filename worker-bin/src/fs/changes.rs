//! The operations of `node:fs` that change the disk: all inside the
//! worker's temporary folder, counted in its budget.

use std::fs;
use std::os::unix::fs::DirBuilderExt;
use std::path::Path;

use super::ops::{bytes_under, size_of};
use super::{FsError, FsResult, Room, Use};

impl Room {
    /// `mkdir`; with `recursive`, the first folder it made, if any.
    pub fn mkdir(&mut self, path: &str, recursive: bool, mode: u32) -> FsResult<Option<String>> {
        let abs = self.place(path, Use::Write, "mkdir")?;
        let err = |e: std::io::Error| FsError::io(&e, "mkdir", Some(path));
        if !recursive {
            fs::DirBuilder::new().mode(mode).create(&abs).map_err(err)?;
            return Ok(None);
        }
        let abs = crate::loader::confine::normalize(&abs);
        let first = abs
            .ancestors()
            .filter(|a| !a.exists())
            .last()
            .map(Path::to_path_buf);
        fs::DirBuilder::new()
            .mode(mode)
            .recursive(true)
            .create(&abs)
            .map_err(err)?;
        Ok(first.map(|f| f.to_string_lossy().into_owned()))
    }

    /// `mkdtemp`: a new folder named `prefix` and six random characters.
    pub fn mkdtemp(&mut self, prefix: &str) -> FsResult<String> {
        const CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        let shown = format!("{prefix}XXXXXX");
        for _ in 0..100 {
            let mut bytes = [0u8; 6];
            getrandom::fill(&mut bytes).map_err(|_| FsError::new(libc::EIO, "mkdtemp", None))?;
            let tail: String = bytes
                .iter()
                .map(|b| CHARS[*b as usize % CHARS.len()] as char)
                .collect();
            let name = format!("{prefix}{tail}");
            let abs = self
                .place(&name, Use::Write, "mkdtemp")
                .map_err(|e| FsError {
                    path: Some(shown.clone()),
                    ..e
                })?;
            match fs::DirBuilder::new().mode(0o700).create(&abs) {
                Ok(()) => return Ok(name),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(FsError::io(&e, "mkdtemp", Some(&shown))),
            }
        }
        Err(FsError::new(libc::EEXIST, "mkdtemp", Some(&shown)))
    }

    /// `rm`: a file, or with `recursive` a folder and all it holds; with
    /// `force`, nothing there is not an error.
    pub fn rm(&mut self, path: &str, recursive: bool, force: bool) -> FsResult<()> {
        let abs = self.place(path, Use::WriteEntry, "rm")?;
        let m = match fs::symlink_metadata(&abs) {
            Ok(m) => m,
            Err(e) if force && e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(FsError::io(&e, "lstat", Some(path))),
        };
        let bytes = bytes_under(&abs);
        let r = if m.is_dir() {
            if !recursive {
                return Err(FsError::new(libc::EISDIR, "rm", Some(path)));
            }
            fs::remove_dir_all(&abs)
        } else {
            fs::remove_file(&abs)
        };
        let left = bytes_under(&abs);
        self.tmp.count(bytes, left);
        r.map_err(|e| FsError::io(&e, "rm", Some(path)))
    }

    /// `rmdir` (with `recursive`, as `rm -r`).
    pub fn rmdir(&mut self, path: &str, recursive: bool) -> FsResult<()> {
        let abs = self.place(path, Use::WriteEntry, "rmdir")?;
        if recursive {
            let bytes = bytes_under(&abs);
            let r = fs::remove_dir_all(&abs);
            self.tmp.count(bytes, bytes_under(&abs));
            return r.map_err(|e| FsError::io(&e, "rmdir", Some(path)));
        }
        fs::remove_dir(&abs).map_err(|e| FsError::io(&e, "rmdir", Some(path)))
    }

    /// `unlink`.
    pub fn unlink(&mut self, path: &str) -> FsResult<()> {
        let abs = self.place(path, Use::WriteEntry, "unlink")?;
        let bytes = size_of(&abs);
        fs::remove_file(&abs).map_err(|e| FsError::io(&e, "unlink", Some(path)))?;
        self.tmp.count(bytes, 0);
        Ok(())
    }

    /// `rename`, both ends in the temporary folder.
    pub fn rename(&mut self, from: &str, to: &str) -> FsResult<()> {
        let denied = |e: FsError| e.to(to);
        let src = self
            .place(from, Use::WriteEntry, "rename")
            .map_err(denied)?;
        let dst = self.place(to, Use::WriteEntry, "rename").map_err(|e| {
            FsError {
                path: Some(from.into()),
                ..e
            }
            .to(to)
        })?;
        let replaced = if src == dst { 0 } else { bytes_under(&dst) };
        fs::rename(&src, &dst).map_err(|e| FsError::io(&e, "rename", Some(from)).to(to))?;
        self.tmp.count(replaced, 0);
        Ok(())
    }

    /// `copyFile` from anything readable into the temporary folder;
    /// `exclusive`: `COPYFILE_EXCL`.
    pub fn copy_file(&mut self, from: &str, to: &str, exclusive: bool) -> FsResult<()> {
        let err = |e: FsError| {
            FsError {
                path: Some(from.into()),
                ..e
            }
            .to(to)
        };
        let src = self.place(from, Use::Read, "copyfile").map_err(err)?;
        let dst = self.place(to, Use::Write, "copyfile").map_err(err)?;
        let io = |e: std::io::Error| FsError::io(&e, "copyfile", Some(from)).to(to);
        let size = fs::metadata(&src).map_err(io)?.len();
        if exclusive && fs::symlink_metadata(&dst).is_ok() {
            return Err(FsError::new(libc::EEXIST, "copyfile", Some(from)).to(to));
        }
        let old = size_of(&dst);
        if !self.tmp.fits(old, size) {
            return Err(FsError::new(libc::ENOSPC, "copyfile", Some(from)).to(to));
        }
        fs::copy(&src, &dst).map_err(io)?;
        self.tmp.count(old, size_of(&dst));
        Ok(())
    }

    /// `truncate`.
    pub fn truncate(&mut self, path: &str, len: u64) -> FsResult<()> {
        let fd = self.open(path, libc::O_WRONLY, 0o666)?;
        let r = self.ftruncate(fd, len);
        self.close(fd).ok();
        r
    }
}
