use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use super::*;

/// A throwaway folder, removed when dropped.
struct Tmp(PathBuf);

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A temp folder (canonical) with `files` written under it.
fn tree(files: &[&str]) -> (Tmp, PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "bext-confine-{}-{}",
        std::process::id(),
        rand::random::<u64>()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let base = dir.canonicalize().unwrap();
    let tmp = Tmp(base.clone());
    for f in files {
        let p = base.join(f);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, "").unwrap();
    }
    (tmp, base)
}

fn import(c: &Confinement, dir: &Path, spec: &str, resolved: &Path) -> Result<(), Refused> {
    c.admit(dir, spec, resolved, None, "import")
}

#[test]
fn a_file_inside_the_root_is_admitted() {
    let (_t, base) = tree(&["a/worker.js", "a/lib/x.js"]);
    let c = Confinement::new(&base.join("a"), &[]);
    let x = base.join("a/lib/x.js");
    assert_eq!(import(&c, &base.join("a"), "./lib/x.js", &x), Ok(()));
    assert_eq!(c.check_read(&x), Ok(()));
}

#[test]
fn a_sibling_pools_file_is_refused_naming_it_and_the_root() {
    let (_t, base) = tree(&["a/worker.js", "b/secret.json"]);
    let c = Confinement::new(&base.join("a"), &[]);
    let secret = base.join("b/secret.json");
    let e = import(&c, &base.join("a"), secret.to_str().unwrap(), &secret).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "import of {} refused: outside the pool's root {} (add its folder to read_roots)",
            secret.display(),
            base.join("a").display()
        )
    );
    assert!(c.check_read(&secret).is_err());
}

#[test]
fn dot_dot_out_of_the_root_is_refused() {
    let (_t, base) = tree(&["a/worker.js", "b/secret.json"]);
    let c = Confinement::new(&base.join("a"), &[]);
    let sneaky = base.join("a/../b/secret.json");
    assert!(import(&c, &base.join("a"), "../b/secret.json", &sneaky).is_err());
    assert!(c.check_read(&sneaky).is_err());
    // A `..` through node_modules does not make a package of the sibling.
    let through = base.join("a/node_modules/../../b/secret.json");
    let spec = through.to_str().unwrap();
    assert!(import(&c, &base.join("a"), spec, &through).is_err());
}

#[test]
fn a_symlink_leaving_the_root_is_refused() {
    let (_t, base) = tree(&["a/worker.js", "b/secret.json"]);
    symlink(base.join("b"), base.join("a/shared")).unwrap();
    let c = Confinement::new(&base.join("a"), &[]);
    let linked = base.join("a/shared/secret.json");
    assert!(import(&c, &base.join("a"), "./shared/secret.json", &linked).is_err());
    assert!(c.check_read(&linked).is_err());
    // The message names where the link leads.
    let e = c.check_read(&linked).unwrap_err();
    assert_eq!(e.file, base.join("b/secret.json"));
}

#[test]
fn read_roots_let_a_listed_folder_in() {
    let (_t, base) = tree(&["a/worker.js", "shared/config.json", "b/secret.json"]);
    let c = Confinement::new(&base.join("a"), &[base.join("shared")]);
    let config = base.join("shared/config.json");
    assert_eq!(
        import(&c, &base.join("a"), "../shared/config.json", &config),
        Ok(())
    );
    let e = c.check_read(&base.join("b/secret.json")).unwrap_err();
    assert!(
        e.to_string()
            .contains(&format!("and read_roots {}", base.join("shared").display())),
        "{e}"
    );
}

/// pnpm's layout, its store under the project's `node_modules`, or (a
/// workspace) above the app's root.
fn pnpm(base: &Path, store: &Path) {
    let pkg = store.join(".pnpm/pkg@1.0.0/node_modules/pkg");
    let dep = store.join(".pnpm/dep@2.0.0/node_modules/dep");
    for (dir, file) in [
        (&pkg, "index.js"),
        (&pkg, "lib/util.js"),
        (&dep, "index.js"),
    ] {
        std::fs::create_dir_all(dir.join(file).parent().unwrap()).unwrap();
        std::fs::write(dir.join(file), "").unwrap();
    }
    std::fs::write(pkg.join("package.json"), r#"{"name":"pkg"}"#).unwrap();
    std::fs::write(dep.join("package.json"), r#"{"name":"dep"}"#).unwrap();
    // The package's dependency sits next to it in its store folder.
    symlink(&dep, store.join(".pnpm/pkg@1.0.0/node_modules/dep")).unwrap();
    std::fs::create_dir_all(base.join("a/node_modules")).unwrap();
    symlink(&pkg, base.join("a/node_modules/pkg")).unwrap();
}

#[test]
fn a_pnpm_package_is_admitted_where_its_link_leads_with_its_files_and_dependencies() {
    let (_t, base) = tree(&["a/worker.js", "b/secret.json"]);
    // A workspace's store, above the app's root.
    let store = base.join("node_modules");
    pnpm(&base, &store);
    let c = Confinement::new(&base.join("a"), &[]);
    let pkg = store.join(".pnpm/pkg@1.0.0/node_modules/pkg");
    // Its files are outside the root: refused until reached as a package.
    assert!(c.check_read(&pkg.join("index.js")).is_err());
    assert_eq!(
        import(&c, &base.join("a"), "pkg", &pkg.join("index.js")),
        Ok(())
    );
    // Its own files, and its dependency found from its folder.
    assert_eq!(c.check_read(&pkg.join("lib/util.js")), Ok(()));
    let dep = store.join(".pnpm/dep@2.0.0/node_modules/dep/index.js");
    assert_eq!(import(&c, &pkg, "dep", &dep), Ok(()));
    // Nothing else of the store, nor the sibling pool.
    assert!(c.check_read(&store.join(".pnpm/pkg@1.0.0/x")).is_err());
    assert!(c.check_read(&base.join("b/secret.json")).is_err());
}

#[test]
fn a_path_into_a_linked_package_is_admitted_a_path_past_it_is_not() {
    let (_t, base) = tree(&["a/worker.js", "b/secret.json"]);
    let store = base.join("store");
    pnpm(&base, &store);
    let c = Confinement::new(&base.join("a"), &[]);
    let util = store.join(".pnpm/pkg@1.0.0/node_modules/pkg/lib/util.js");
    assert_eq!(
        import(&c, &base.join("a"), "./node_modules/pkg/lib/util.js", &util),
        Ok(())
    );
    let other = Confinement::new(&base.join("a"), &[]);
    let secret = base.join("b/secret.json");
    assert!(
        import(
            &other,
            &base.join("a"),
            "./node_modules/pkg/../../../b/secret.json",
            &secret
        )
        .is_err()
    );
}

#[test]
fn a_package_named_by_a_bare_specifier_must_hold_what_it_resolved_to() {
    // A package whose `main` leads out of it does not admit the target.
    let (_t, base) = tree(&[
        "a/worker.js",
        "a/node_modules/evil/package.json",
        "b/secret.json",
    ]);
    let c = Confinement::new(&base.join("a"), &[]);
    let secret = base.join("b/secret.json");
    assert!(import(&c, &base.join("a"), "evil", &secret).is_err());
    // Nor the packages of an importer that was not admitted itself (a
    // `createRequire` naming a file of the sibling pool).
    let (_t3, b) = tree(&["b/node_modules/theirs/index.js"]);
    let theirs = b.join("b/node_modules/theirs/index.js");
    assert!(import(&c, &b.join("b"), "theirs", &theirs).is_err());
    // Nor does a node_modules of a folder that is not above the importer.
    let (_t2, other) = tree(&["x/node_modules/pkg/index.js"]);
    let c = Confinement::new(&base.join("a"), &[]);
    let pkg = other.join("x/node_modules/pkg/index.js");
    assert!(import(&c, &base.join("a"), "pkg", &pkg).is_err());
}

#[test]
fn a_deleted_file_is_judged_by_its_folder() {
    let (_t, base) = tree(&["a/worker.js"]);
    let c = Confinement::new(&base.join("a"), &[]);
    assert_eq!(c.check_read(&base.join("a/gone.js")), Ok(()));
    assert!(c.check_read(&base.join("b/gone.js")).is_err());
}

#[test]
fn package_names_are_names() {
    assert!(is_package_name("pkg"));
    assert!(is_package_name("@scope/pkg"));
    assert!(!is_package_name(".."));
    assert!(!is_package_name("a/b"));
    assert!(!is_package_name("/etc"));
    assert!(!is_package_name(""));
}

#[test]
fn resolution_refuses_what_the_confinement_refuses_and_follows_pnpm_links() {
    use crate::loader::resolve::{Caller, Resolution, ResolveError, Resolved};
    let (_t, base) = tree(&["a/worker.js", "a/own.json", "b/secret.json"]);
    pnpm(&base, &base.join("node_modules"));
    confine(&ReadPolicy {
        root: base.join("a").display().to_string(),
        read_roots: vec![],
    });
    let r = Resolution::new();
    let app = base.join("a/worker.js").display().to_string();
    let ok = |spec: &str, caller| match r.resolve(&app, spec, caller) {
        Ok(Resolved::File { name, .. }) => name,
        other => panic!("{spec}: {other:?}"),
    };
    assert!(ok("./own.json?v=2", Caller::Import).ends_with("a/own.json?v=2"));
    let pkg = ok("pkg", Caller::Import);
    assert!(
        pkg.contains(".pnpm/pkg@1.0.0/node_modules/pkg/index.js"),
        "{pkg}"
    );
    for (spec, caller) in [
        ("../b/secret.json", Caller::Import),
        ("../b/secret.json?v=1", Caller::Import),
        ("../b/secret.json", Caller::Require),
    ] {
        match r.resolve(&app, spec, caller) {
            Err(ResolveError::Refused(e)) => {
                assert_eq!(e.file, base.join("b/secret.json"), "{spec}");
                let verb = if caller == Caller::Import {
                    "import"
                } else {
                    "require"
                };
                assert_eq!(e.verb, verb);
            }
            other => panic!("{spec}: {other:?}"),
        }
    }
    let secret = base.join("b/secret.json");
    assert!(check_read(secret.to_str().unwrap()).is_err());
}
