//! Tests of `paths` and `baseUrl` from the importer's `tsconfig.json`.

use super::*;

/// A throwaway folder, removed when dropped.
struct Folder(PathBuf);

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn project(files: &[(&str, &str)]) -> Folder {
    let dir = std::env::temp_dir().join(format!(
        "bext-tsconfig-{}-{}",
        std::process::id(),
        rand::random::<u64>()
    ));
    for (path, text) in files {
        let f = dir.join(path);
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, text).unwrap();
    }
    Folder(dir.canonicalize().unwrap())
}

fn name(r: Result<Resolved, ResolveError>) -> String {
    match r {
        Ok(Resolved::File { name, .. }) => name,
        other => panic!("{other:?}"),
    }
}

#[test]
fn paths_with_a_wildcard_map_under_the_base_url_through_extends() {
    let p = project(&[
        (
            "tsconfig.base.json",
            r##"{ "compilerOptions": { "baseUrl": "./src", "paths": { "@app/*": ["app/*"], "#config": ["config/index.ts"] } } }"##,
        ),
        // Comments and trailing commas, as tsc accepts them.
        (
            "tsconfig.json",
            "{\n  // the app's settings\n  \"extends\": \"./tsconfig.base.json\",\n}\n",
        ),
        ("src/main.ts", ""),
        ("src/app/users/service.ts", ""),
        ("src/config/index.ts", ""),
        ("src/lib.ts", ""),
        (
            "node_modules/dep/package.json",
            r#"{"name":"dep","main":"index.js"}"#,
        ),
        ("node_modules/dep/index.js", ""),
    ]);
    let main = p.0.join("src/main.ts").display().to_string();
    let r = Resolution::new();
    for (caller, spec, want) in [
        (
            Caller::Import,
            "@app/users/service",
            "src/app/users/service.ts",
        ),
        (
            Caller::Require,
            "@app/users/service.js",
            "src/app/users/service.ts",
        ),
        (Caller::Import, "#config", "src/config/index.ts"),
        // baseUrl alone: a bare name is looked for under it first.
        (Caller::Import, "lib", "src/lib.ts"),
        // What no path matches still comes from node_modules.
        (Caller::Import, "dep", "node_modules/dep/index.js"),
    ] {
        let got = name(r.resolve(&main, spec, caller));
        assert_eq!(got, p.0.join(want).display().to_string(), "{spec}");
    }
}

#[test]
fn a_package_file_does_not_get_the_apps_paths() {
    let p = project(&[
        (
            "tsconfig.json",
            r#"{ "compilerOptions": { "paths": { "@app/*": ["./src/*"] } } }"#,
        ),
        ("src/x.ts", ""),
        ("node_modules/dep/package.json", r#"{"name":"dep"}"#),
        ("node_modules/dep/index.js", ""),
    ]);
    let r = Resolution::new();
    let app = p.0.join("main.ts").display().to_string();
    assert!(name(r.resolve(&app, "@app/x", Caller::Import)).ends_with("src/x.ts"));
    let dep = p.0.join("node_modules/dep/index.js").display().to_string();
    assert!(matches!(
        r.resolve(&dep, "@app/x", Caller::Import),
        Err(ResolveError::NotFound { .. })
    ));
}

#[test]
fn a_path_mapped_out_of_the_root_is_still_refused() {
    let p = project(&[
        (
            "app/tsconfig.json",
            r#"{ "compilerOptions": { "paths": { "@other/*": ["../other/*"] } } }"#,
        ),
        ("app/main.ts", ""),
        ("other/secret.ts", ""),
    ]);
    confine::confine(&protocol::worker::ReadPolicy {
        root: p.0.join("app").display().to_string(),
        read_roots: vec![],
    });
    let main = p.0.join("app/main.ts").display().to_string();
    match Resolution::new().resolve(&main, "@other/secret", Caller::Import) {
        Err(ResolveError::Refused(e)) => assert_eq!(e.file, p.0.join("other/secret.ts")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_tsconfig_that_cannot_load_maps_nothing_and_is_named_when_it_matters() {
    let p = project(&[
        // A dev package, not installed in production.
        (
            "tsconfig.json",
            r#"{ "extends": "@tsconfig/node20/tsconfig.json" }"#,
        ),
        ("main.ts", ""),
        ("util.ts", ""),
    ]);
    let r = Resolution::new();
    let main = p.0.join("main.ts").display().to_string();
    assert!(name(r.resolve(&main, "./util.js", Caller::Import)).ends_with("util.ts"));
    assert_eq!(
        r.resolve(&main, "node:events", Caller::Import).unwrap(),
        Resolved::Builtin("node:events".into())
    );
    match r.resolve(&main, "@app/missing", Caller::Import) {
        Err(ResolveError::NotFound { reason, .. }) => {
            assert!(reason.contains("@tsconfig/node20"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}
