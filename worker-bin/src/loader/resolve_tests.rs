use super::*;

/// A throwaway project folder.
fn project(files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "bext-resolve-{}-{}",
        std::process::id(),
        rand::random::<u64>()
    ));
    for (path, text) in files {
        let f = dir.join(path);
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, text).unwrap();
    }
    dir.canonicalize().unwrap()
}

fn file(r: Result<Resolved, ResolveError>) -> (String, Format) {
    match r.unwrap() {
        Resolved::File { name, format } => (name, format),
        other => panic!("{other:?}"),
    }
}

#[test]
fn exports_conditions_pick_the_worker_build_and_require_gets_its_own() {
    let dir = project(&[
        (
            "node_modules/pkg/package.json",
            r#"{"name":"pkg","exports":{".":{"worker":"./w.js","require":"./c.cjs","default":"./d.js"}}}"#,
        ),
        ("node_modules/pkg/w.js", ""),
        ("node_modules/pkg/c.cjs", ""),
        ("node_modules/pkg/d.js", ""),
        ("app.js", ""),
    ]);
    let app = dir.join("app.js").display().to_string();
    let r = Resolution::new();
    let (name, format) = file(r.resolve(&app, "pkg", Caller::Import));
    assert!(name.ends_with("node_modules/pkg/w.js"), "{name}");
    assert_eq!(format, Format::Detect);
    // Both resolvers put bext's own conditions first.
    let (name, _) = file(r.resolve(&app, "pkg", Caller::Require));
    assert!(name.ends_with("node_modules/pkg/w.js"), "{name}");
}

#[test]
fn scoped_packages_main_and_type_and_ts_behind_a_js_specifier() {
    let dir = project(&[
        (
            "node_modules/@s/lib/package.json",
            r#"{"name":"@s/lib","type":"module","main":"./lib/index.js"}"#,
        ),
        ("node_modules/@s/lib/lib/index.js", ""),
        ("src/util.ts", ""),
        ("src/data.json", "{}"),
        ("app.js", ""),
    ]);
    let app = dir.join("app.js").display().to_string();
    let r = Resolution::new();
    let (name, format) = file(r.resolve(&app, "@s/lib", Caller::Import));
    assert!(name.ends_with("@s/lib/lib/index.js"), "{name}");
    assert_eq!(format, Format::Esm);
    let (name, _) = file(r.resolve(&app, "./src/util.js", Caller::Import));
    assert!(name.ends_with("src/util.ts"), "{name}");
    let (name, format) = file(r.resolve(&app, "./src/data.json?v=2", Caller::Import));
    assert!(name.ends_with("src/data.json?v=2"), "{name}");
    assert_eq!(format, Format::Json);
}

#[test]
fn builtins_come_before_node_modules() {
    let dir = project(&[
        ("node_modules/events/package.json", r#"{"name":"events"}"#),
        ("node_modules/events/index.js", ""),
        ("app.js", ""),
    ]);
    let app = dir.join("app.js").display().to_string();
    let r = Resolution::new();
    assert_eq!(
        r.resolve(&app, "events", Caller::Import).unwrap(),
        Resolved::Builtin("node:events".into())
    );
    assert_eq!(
        r.resolve(&app, "node:fs", Caller::Require).unwrap(),
        Resolved::Builtin("node:fs".into())
    );
}

#[test]
fn a_missing_package_names_the_specifier_the_importer_and_the_folders_tried() {
    let dir = project(&[("a/b/app.js", "")]);
    let app = dir.join("a/b/app.js").display().to_string();
    let e = Resolution::new()
        .resolve(&app, "left-pad/sub", Caller::Import)
        .unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("'left-pad/sub'"), "{msg}");
    assert!(msg.contains(&app), "{msg}");
    assert!(
        msg.contains(&format!("{}/a/b/node_modules/left-pad", dir.display())),
        "{msg}"
    );
    assert!(
        msg.contains(&format!("{}/node_modules/left-pad", dir.display())),
        "{msg}"
    );
}

#[test]
fn symlinked_packages_resolve_to_their_real_files() {
    let dir = project(&[
        (
            "packages/shared/package.json",
            r#"{"name":"shared","main":"index.js"}"#,
        ),
        ("packages/shared/index.js", ""),
        ("app.js", ""),
    ]);
    std::fs::create_dir_all(dir.join("node_modules")).unwrap();
    std::os::unix::fs::symlink(dir.join("packages/shared"), dir.join("node_modules/shared"))
        .unwrap();
    let app = dir.join("app.js").display().to_string();
    let (name, _) = file(Resolution::new().resolve(&app, "shared", Caller::Import));
    assert_eq!(
        name,
        dir.join("packages/shared/index.js").display().to_string()
    );
}

#[test]
fn package_names() {
    assert_eq!(package_name("a"), "a");
    assert_eq!(package_name("a/b/c"), "a");
    assert_eq!(package_name("@s/a/b"), "@s/a");
}

#[test]
fn the_node_condition_is_taken_over_import_and_default_in_the_packages_order() {
    let dir = project(&[
        (
            "node_modules/n/package.json",
            r#"{"name":"n","exports":{".":{"import":"./i.js","node":"./n.js","default":"./d.js"},
                "./first":{"node":"./n.js","import":"./i.js","require":"./c.cjs"},
                "./w":{"worker":"./w.js","node":"./n.js","default":"./d.js"}}}"#,
        ),
        ("node_modules/n/i.js", ""),
        ("node_modules/n/n.js", ""),
        ("node_modules/n/d.js", ""),
        ("node_modules/n/w.js", ""),
        ("node_modules/n/c.cjs", ""),
        ("app.js", ""),
    ]);
    let app = dir.join("app.js").display().to_string();
    let r = Resolution::new();
    let pick = |spec: &str, caller| file(r.resolve(&app, spec, caller)).0;
    // The package's key order decides, as in Node: `import` listed first
    // wins over `node`; `node` listed before `import`/`require` wins.
    assert!(pick("n", Caller::Import).ends_with("/i.js"));
    assert!(pick("n", Caller::Require).ends_with("/n.js"));
    assert!(pick("n/first", Caller::Import).ends_with("/n.js"));
    assert!(pick("n/first", Caller::Require).ends_with("/n.js"));
    assert!(pick("n/w", Caller::Import).ends_with("/w.js"));
}
