//! The room on a real tree: what it reads, where it writes, the budget,
//! and Node's errors. Each test confines its own thread (the state is
//! per thread, as in a worker).

use std::path::{Path, PathBuf};

use protocol::worker::ReadPolicy;

use super::*;

struct Tree(PathBuf);

impl Drop for Tree {
    fn drop(&mut self) {
        remove_tmp();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `root/app` (the pool's root: a.txt, a symlink out, a symlink in) and
/// `root/other-pool/x`, the thread confined to `root/app`.
fn tree(name: &str) -> Tree {
    let base = std::env::temp_dir().join(format!("bext-fs-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let app = base.join("app");
    std::fs::create_dir_all(app.join("sub")).unwrap();
    std::fs::create_dir_all(base.join("other-pool")).unwrap();
    std::fs::write(app.join("a.txt"), "alpha").unwrap();
    std::fs::write(base.join("other-pool/x"), "secret").unwrap();
    std::os::unix::fs::symlink("/etc/passwd", app.join("out")).unwrap();
    std::os::unix::fs::symlink("a.txt", app.join("in")).unwrap();
    let app = app.canonicalize().unwrap();
    crate::loader::confine::confine(&ReadPolicy {
        root: app.to_string_lossy().into_owned(),
        read_roots: vec![],
    });
    set_cwd(&app);
    set_budget(tmp::DEFAULT_MAX_BYTES);
    Tree(base.canonicalize().unwrap())
}

fn code<T: std::fmt::Debug>(r: FsResult<T>) -> (String, String) {
    let e = r.unwrap_err();
    (e.code.to_string(), e.to_string())
}

#[test]
fn reads_stay_in_the_root_and_the_rest_is_eacces() {
    let _t = tree("reads");
    with(|r| {
        assert_eq!(r.read_file("a.txt").unwrap(), b"alpha");
        assert_eq!(r.read_file("in").unwrap(), b"alpha");
        assert_eq!(
            code(r.read_file("/etc/passwd")),
            (
                "EACCES".into(),
                "EACCES: permission denied, open '/etc/passwd'".into()
            )
        );
        assert_eq!(code(r.read_file("../other-pool/x")).0, "EACCES");
        assert_eq!(code(r.read_file("out")).0, "EACCES");
        assert_eq!(code(r.read_dir("..", true)).0, "EACCES");
        assert_eq!(code(r.stat("/etc/passwd", true)).0, "EACCES");
        assert_eq!(code(r.realpath("out")).0, "EACCES");
        // The link itself lies in the root: lstat and readlink see it.
        assert!(r.stat("out", false).is_ok());
        assert_eq!(r.readlink("out").unwrap(), "/etc/passwd");
        assert_eq!(
            code(r.read_file("nope")).1,
            "ENOENT: no such file or directory, open 'nope'"
        );
    });
}

#[test]
fn writes_go_only_to_the_temporary_folder() {
    let _t = tree("writes");
    let tmp = PathBuf::from(tmpdir());
    assert!(!tmp.exists(), "made only when used");
    with(|r| {
        let w = libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC;
        assert_eq!(
            code(r.write_file("a.txt", b"x", w, 0o666)),
            (
                "EACCES".into(),
                "EACCES: permission denied, open 'a.txt'".into()
            )
        );
        assert_eq!(code(r.mkdir("sub/new", false, 0o777)).0, "EACCES");
        assert_eq!(code(r.unlink("a.txt")).0, "EACCES");
        assert_eq!(code(r.rename("a.txt", "b.txt")).0, "EACCES");
        let f = tmp.join("f.txt");
        let f = f.to_str().unwrap();
        r.write_file(f, b"hello", w, 0o666).unwrap();
        assert_eq!(r.read_file(f).unwrap(), b"hello");
        // A symlink placed in the folder does not lead out of it.
        std::os::unix::fs::symlink("/etc/passwd", tmp.join("l")).unwrap();
        let l = tmp.join("l");
        assert_eq!(code(r.read_file(l.to_str().unwrap())).0, "EACCES");
        assert_eq!(
            code(r.write_file(l.to_str().unwrap(), b"x", w, 0o666)).0,
            "EACCES"
        );
        // The folder itself is not the worker's to remove.
        assert_eq!(code(r.rm(tmp.to_str().unwrap(), true, true)).0, "EACCES");
        assert!(r.read_file("a.txt").is_ok());
    });
    assert!(tmp.join("f.txt").exists());
    remove_tmp();
    assert!(!tmp.exists(), "removed when the worker stops");
}

#[test]
fn the_budget_answers_enospc_and_frees_what_is_removed() {
    let _t = tree("budget");
    set_budget(10);
    let tmp = PathBuf::from(tmpdir());
    let f = |n: &str| tmp.join(n).to_string_lossy().into_owned();
    let w = libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC;
    with(|r| {
        r.write_file(&f("a"), b"123456", w, 0o666).unwrap();
        assert_eq!(
            code(r.write_file(&f("b"), b"12345", w, 0o666)),
            (
                "ENOSPC".into(),
                "ENOSPC: no space left on device, write".into()
            )
        );
        // Rewriting a file counts its new size, not both.
        r.write_file(&f("a"), b"1234567890", w, 0o666).unwrap();
        assert_eq!(code(r.copy_file(&f("a"), &f("c"), false)).0, "ENOSPC");
        r.unlink(&f("a")).unwrap();
        r.write_file(&f("b"), b"12345", w, 0o666).unwrap();
        let fd = r.open(&f("b"), libc::O_RDWR, 0).unwrap();
        assert_eq!(code(r.write(fd, b"123456", Some(5))).0, "ENOSPC");
        assert_eq!(r.write(fd, b"12345", Some(5)).unwrap(), 5);
        r.close(fd).unwrap();
        r.rm(&f("b"), false, false).unwrap();
        r.write_file(&f("d"), b"1234567890", w, 0o666).unwrap();
    });
}

#[test]
fn errors_carry_nodes_code_syscall_path_and_dest() {
    let _t = tree("errors");
    let tmp = tmpdir();
    with(|r| {
        let e = r.read_file("sub").unwrap_err();
        assert_eq!(
            (e.code, e.syscall, e.path.clone()),
            ("EISDIR", "read", None)
        );
        let e = r
            .rename(&format!("{tmp}/nope"), &format!("{tmp}/x"))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("ENOENT: no such file or directory, rename '{tmp}/nope' -> '{tmp}/x'")
        );
        let e = r.mkdir(&tmp, false, 0o777).unwrap_err();
        assert_eq!((e.code, e.errno), ("EEXIST", libc::EEXIST));
        assert_eq!(code(r.read_dir("a.txt", true)).0, "ENOTDIR");
        assert_eq!(code(r.close(12345)).1, "EBADF: bad file descriptor, close");
    });
}

#[test]
fn a_stale_folder_of_a_gone_process_is_swept_when_one_is_made() {
    let _t = tree("sweep");
    // A PID above the kernel's maximum is never alive.
    let parent = Path::new(&tmpdir()).parent().unwrap().to_path_buf();
    let stale = parent.join("bext-fs-99999999-0000000000000000");
    std::fs::create_dir_all(stale.join("x")).unwrap();
    assert!(!tmp::alive(99_999_999));
    let prefix = format!("{}/t-", tmpdir());
    with(|r| r.mkdtemp(&prefix).unwrap());
    assert!(!stale.exists());
}
