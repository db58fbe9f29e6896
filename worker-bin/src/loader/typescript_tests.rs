//! Tests of the TypeScript transform (`typescript`, `decorators`).

use super::*;

#[test]
fn erases_types_and_keeps_enums_and_parameter_properties() {
    let src = "enum Color { Red, Green = 5 }\n\
               interface P { x: number }\n\
               class A { constructor(private readonly n: number) {} get(): number { return this.n } }\n\
               export const out: P = { x: new A(Color.Green).get() };\n";
    let t = transform(Path::new("/x/a.ts"), src).unwrap();
    assert!(!t.code.contains("interface"), "{}", t.code);
    assert!(t.code.contains("Color[\"Green\"] = 5"), "{}", t.code);
    assert!(t.code.contains("this.n = n"), "{}", t.code);
    assert!(t.map.contains("\"mappings\""), "{}", t.map);
}

#[test]
fn a_syntax_error_names_the_file_and_line() {
    let e = transform(Path::new("/x/b.ts"), "const a = 1;\nconst = ;\n").unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("/x/b.ts", 2), "{e}");
}

#[test]
fn jsx_uses_the_automatic_runtime() {
    let t = transform(Path::new("/x/c.tsx"), "export const el = <p>hi</p>;\n").unwrap();
    assert!(t.code.contains("react/jsx-runtime"), "{}", t.code);
}

#[test]
fn detection_follows_the_syntax() {
    let p = Path::new("/x/d.js");
    assert!(looks_like_esm(p, "export default 1"));
    assert!(!looks_like_esm(p, "module.exports = require('x')"));
    assert!(looks_like_esm(p, "globalThis.a = 1"));
}

/// A throwaway folder, removed when dropped.
struct Folder(std::path::PathBuf);

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A folder holding `tsconfig.json` with `config`, and `name`'s path in it.
fn project(config: &str, name: &str) -> (Folder, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "bext-ts-{}-{}",
        std::process::id(),
        rand::random::<u64>()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tsconfig.json"), config).unwrap();
    let file = dir.join(name);
    (Folder(dir), file)
}

const LEGACY: &str =
    r#"{ "compilerOptions": { "experimentalDecorators": true, "emitDecoratorMetadata": true } }"#;

const DECORATED: &str = "\
function Controller(path: string) { return (c: Function) => { (c as any).path = path; }; }
function Get(): MethodDecorator { return () => {}; }
function Prop(): PropertyDecorator { return () => {}; }
function Inject(token: string): ParameterDecorator { return () => {}; }
import { Service } from './service';
import type { Repo } from './repo';
@Controller('cats')
export class Cats {
  @Prop() name: string = 'x';
  constructor(@Inject('svc') private readonly svc: Service, n: number) {}
  @Get() find(id: number, q: string): string { return ''; }
  @Get() all(r: Repo): Promise<string[]> { return Promise.resolve([]); }
}
";

#[test]
fn legacy_decorators_are_lowered_with_metadata() {
    let (_dir, file) = project(LEGACY, "cats.ts");
    let t = transform(&file, DECORATED).unwrap();
    assert!(!t.code.contains('@'), "{}", t.code);
    assert!(!t.code.contains("babelHelpers"), "{}", t.code);
    for want in [
        // The class decorator's constructor types; `Service`, a value
        // imported as a type, is kept for it as tsc keeps it.
        "import { Service } from \"./service\"",
        "Service) === \"function\" ? _ref : Object, Number]",
        "\"design:type\", String",
        "\"design:paramtypes\", [Number, String]",
        "\"design:returntype\", String",
        "__param(0, Inject(\"svc\"))",
        // A type-only import is `Object`, as tsc has it.
        "\"design:paramtypes\", [Object]",
    ] {
        assert!(t.code.contains(want), "{want} in {}", t.code);
    }
}

#[test]
fn metadata_only_when_the_tsconfig_asks() {
    let (_dir, file) = project(
        r#"{ "compilerOptions": { "experimentalDecorators": true } }"#,
        "cats.ts",
    );
    let t = transform(&file, DECORATED).unwrap();
    assert!(t.code.contains("__decorate(["), "{}", t.code);
    assert!(!t.code.contains("design:"), "{}", t.code);
    // Only the helpers called are defined.
    assert!(t.code.contains("\nfunction __param("), "{}", t.code);
    assert!(!t.code.contains("function __metadata"), "{}", t.code);
}

#[test]
fn the_helpers_follow_the_code_so_a_hashbang_and_the_lines_stay() {
    let (_dir, file) = project(LEGACY, "cats.ts");
    let src = format!("#!/usr/bin/env node\n{DECORATED}");
    let t = transform(&file, &src).unwrap();
    assert!(t.code.starts_with("#!/usr/bin/env node\n"), "{}", t.code);
    let tail: Vec<&str> = t.code.lines().rev().take(3).collect();
    assert!(
        tail[0].starts_with("function __metadata(k, v) {"),
        "{tail:?}"
    );
    assert!(tail[1].starts_with("function __param("), "{tail:?}");
    assert!(tail[2].starts_with("function __decorate("), "{tail:?}");
    // Without decorators, nothing is added.
    let plain = transform(&file, "export const a: number = 1;\n").unwrap();
    assert!(!plain.code.contains("__decorate"), "{}", plain.code);
}

#[test]
fn without_experimental_decorators_a_decorator_is_a_standard_one() {
    let (_dir, file) = project(r#"{ "compilerOptions": {} }"#, "std.ts");
    let src = "function logged(v: any, c: ClassMethodDecoratorContext) { return v; }\n\
               class A {\n  @logged\n  m() {}\n}\n";
    let t = transform(&file, src).unwrap();
    assert!(
        t.code.contains("__esDecorate(this, null, _m_decorators"),
        "{}",
        t.code
    );
    assert!(!t.code.contains("__decorate("), "{}", t.code);
    // No tsconfig at all: the same.
    let t = transform(Path::new("/nowhere/std.ts"), src).unwrap();
    assert!(t.code.contains("__esDecorate("), "{}", t.code);
    // The legacy kind when the project asks for it.
    let (_dir, file) = project(LEGACY, "legacy.ts");
    let t = transform(&file, src).unwrap();
    assert!(t.code.contains("__decorate("), "{}", t.code);
    assert!(!t.code.contains("__esDecorate("), "{}", t.code);
}

#[test]
fn the_tsconfig_is_found_through_extends() {
    let (dir, _) = project(r#"{ "extends": "./base.json" }"#, "x");
    std::fs::write(dir.0.join("base.json"), LEGACY).unwrap();
    let t = transform(&dir.0.join("cats.ts"), DECORATED).unwrap();
    assert!(t.code.contains("design:paramtypes"), "{}", t.code);
}

#[test]
fn metadata_comes_after_parameter_decorators_as_tsc_puts_it() {
    let (_dir, file) = project(LEGACY, "cats.ts");
    let t = transform(&file, DECORATED).unwrap();
    let param = t.code.find("__param(0, Inject(\"svc\"))").unwrap();
    let class_metadata = t.code.rfind("__metadata(\"design:paramtypes\"").unwrap();
    assert!(param < class_metadata, "{}", t.code);
}

#[test]
fn parameter_properties_are_declared_first_as_fields() {
    let (_dir, file) = project(LEGACY, "cats.ts");
    let t = transform(&file, DECORATED).unwrap();
    assert!(
        t.code.contains("class Cats {\n\tsvc;\n\tname = \"x\";"),
        "{}",
        t.code
    );
    // Unless the project keeps the old assignment semantics.
    let (_dir, file) = project(
        r#"{ "compilerOptions": { "useDefineForClassFields": false } }"#,
        "a.ts",
    );
    let t = transform(&file, "class A { constructor(private n: number) {} }\n").unwrap();
    assert!(!t.code.contains("\tn;"), "{}", t.code);
}

#[test]
fn a_decorated_files_lines_map_back_past_the_helpers() {
    let (_dir, file) = project(LEGACY, "cats.ts");
    let t = transform(&file, DECORATED).unwrap();
    let name = file.display().to_string();
    // The class is on line 8 of DECORATED, its first field (`svc`) on 10.
    let line = t
        .code
        .lines()
        .position(|l| l.contains("class Cats {"))
        .unwrap() as u32;
    crate::loader::sourcemap::remember(&name, t.map);
    let stack = format!("    at Cats ({name}:{}:1)", line + 1);
    let got = crate::loader::sourcemap::rewrite(&stack);
    assert!(got.contains(&format!("({name}:8:")), "{got}");
}
