//! The editor types in `types/` (the `@bext/types` package) against the
//! examples: `tsc --noEmit` checks `scripts/examples` with `index.d.ts`
//! (`types/tsconfig.examples.json`), with the TypeScript pinned by
//! `types/package-lock.json` (installed by `scripts/test`: `npm ci` in
//! `types/`).

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_examples_type_check_against_the_types_package() {
    let types = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../types");
    let tsc = types.join("node_modules/.bin/tsc");
    assert!(
        tsc.exists(),
        "{} is missing: run `npm ci` in types/ (scripts/test does)",
        tsc.display()
    );
    let out = Command::new(&tsc)
        .arg("-p")
        .arg(types.join("tsconfig.examples.json"))
        .output()
        .expect("tsc runs");
    assert!(
        out.status.success(),
        "the examples do not type-check against types/index.d.ts:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
