//! `root` and `read_roots`: folders relative to the config file, made
//! canonical; a missing folder, a file, or a root that does not hold the
//! script is refused with its key and line.

use super::{dir_with_script, parse_in};

#[test]
fn the_root_defaults_to_the_scripts_folder() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    let real = d.path().canonicalize().unwrap();
    assert_eq!(c.pools[0].read.root, real.display().to_string());
    assert!(c.pools[0].read.read_roots.is_empty());
}

#[test]
fn root_and_read_roots_are_relative_to_the_config_file_and_canonical() {
    let d = dir_with_script();
    std::fs::create_dir_all(d.path().join("app/src")).unwrap();
    std::fs::write(d.path().join("app/src/w.js"), "").unwrap();
    std::fs::create_dir_all(d.path().join("shared")).unwrap();
    std::os::unix::fs::symlink(d.path().join("shared"), d.path().join("linked")).unwrap();
    let c = parse_in(
        d.path(),
        "[render]\nscript = \"app/src/w.js\"\nroot = \"app\"\nread_roots = [\"linked\", \"/usr/../usr\"]\n",
    )
    .unwrap();
    let real = d.path().canonicalize().unwrap();
    let read = &c.pools[0].read;
    assert_eq!(read.root, real.join("app").display().to_string());
    assert_eq!(
        read.read_roots,
        vec![
            real.join("shared").display().to_string(),
            "/usr".to_string()
        ]
    );
}

#[test]
fn a_missing_folder_a_file_or_a_root_without_the_script_is_refused() {
    let d = dir_with_script();
    std::fs::create_dir_all(d.path().join("elsewhere")).unwrap();
    let e = parse_in(
        d.path(),
        "[pools.api]\nscript = \"w.js\"\nroute = \"^/api\"\nread_roots = [\"nope\", \"w.js\"]\n[render]\nscript = \"w.js\"\nroot = \"elsewhere\"\n",
    )
    .unwrap_err();
    let p = &e.problems;
    let keys: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    assert_eq!(
        keys,
        vec![
            ("pools.api.read_roots", Some(4)),
            ("pools.api.read_roots", Some(4)),
            ("render.root", Some(7)),
        ],
        "{e}"
    );
    assert!(p[0].message.contains("no such directory"), "{e}");
    assert!(p[1].message.contains("not a directory"), "{e}");
    assert!(
        p[2].message.starts_with("must hold the pool's script"),
        "{e}"
    );
}
