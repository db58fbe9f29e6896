//! Tests of the standard decorators' lowering (`decorators_standard`),
//! through the TypeScript transform as a file without `tsconfig.json`
//! (so without `experimentalDecorators`) goes through it.

use std::path::Path;

use super::super::transform;

fn lowered(src: &str) -> String {
    transform(Path::new("/nowhere/std.ts"), src).unwrap().code
}

const EVERY_KIND: &str = "\
const log = (v: any, c: any) => v;
const ns = { d: log };
@log
export class A extends Object {
  @log static s = 1;
  @log x = 2;
  @log accessor y = 3;
  @log #p = 4;
  @ns.d m() {}
  @log get g() { return 1; }
  @(log) set g(v) {}
  @log static sm() {}
  @log ['k' + 1]() {}
  @log #pm() { return this.#p; }
}
export default class { @log q = 1; }
const E = @log class {};
";

#[test]
fn every_kind_is_lowered_leaving_no_decorator() {
    let code = lowered(EVERY_KIND);
    assert!(!code.contains('@'), "{code}");
    assert!(!code.contains("accessor y"), "{code}");
    assert!(code.contains("let A = (() => {"), "{code}");
    assert!(code.contains("export { A };"), "{code}");
    assert!(code.contains("let default_1 = (() => {"), "{code}");
    assert!(code.contains("export default default_1;"), "{code}");
    assert!(
        code.contains("__setFunctionName(_classThis, \"E\")"),
        "{code}"
    );
    assert!(code.contains("let _classSuper = Object;"), "{code}");
    assert!(code.contains("_t2 = __propKey(\"k\" + 1)"), "{code}");
    assert!(code.contains("((_t1 = ns).d).bind(_t1)"), "{code}");
    assert!(
        code.contains("get #pm() { return _private_pm_descriptor.value; }"),
        "{code}"
    );
    assert!(code.contains("#y_accessor_storage = (__runInitializers(this, _x_extraInitializers), __runInitializers(this, _y_initializers, 3))"), "{code}");
    // Each helper once, at the end, one a line.
    for helper in [
        "__runInitializers",
        "__esDecorate",
        "__propKey",
        "__setFunctionName",
    ] {
        let definition = format!("\nfunction {helper}(");
        assert_eq!(code.matches(&definition).count(), 1, "{helper}: {code}");
    }
}

#[test]
fn the_lowered_lines_map_back_to_the_files_own() {
    // A decorated private method's body moves into the class's first line
    // and leaves its lines empty.
    let src = "\
function logged(value: any, context: ClassMethodDecoratorContext) {
  return value;
}
@((c: any) => c)
class Api {
  @logged
  #hello() {
    return 1;
  }
  @logged
  fail() {
    throw new Error('here' + this.#hello());
  }
}
export default new Api();
";
    let name = "/nowhere/mapped.ts";
    let t = transform(Path::new(name), src).unwrap();
    let line = t
        .code
        .lines()
        .position(|l| l.contains("throw new Error(\"here\""))
        .unwrap() as u32;
    crate::loader::sourcemap::remember(name, t.map);
    let got = crate::loader::sourcemap::rewrite(&format!("    at fail ({name}:{}:5)", line + 1));
    assert!(got.contains(&format!("({name}:12:")), "{got}\n{}", t.code);
}

#[test]
fn nested_decorated_classes_are_each_lowered() {
    let code = lowered(
        "const d = (v: any) => v;\n\
         @d class Outer { @d make() { @d class Inner { @d x = 1; } return Inner; } }\n",
    );
    assert!(!code.contains('@'), "{code}");
    assert!(code.contains("let Inner = (() => {"), "{code}");
    assert!(code.contains("let Outer = (() => {"), "{code}");
}

#[test]
fn an_accessor_without_decorators_becomes_storage_and_accessors() {
    let code = lowered("export class A { accessor x = 1; static accessor y; }\n");
    assert!(code.contains("#x_accessor_storage = 1;"), "{code}");
    assert!(
        code.contains("get x() { return this.#x_accessor_storage; }"),
        "{code}"
    );
    assert!(code.contains("static #y_accessor_storage;"), "{code}");
    // No decorator: the class stays where it is.
    assert!(!code.contains("(() => {"), "{code}");
    assert!(!code.contains("__esDecorate"), "{code}");
}

#[test]
fn field_initializers_run_after_each_super_call() {
    let code = lowered(
        "const d = (v: any, c: any) => v;\n\
         class B {}\n\
         class A extends B { @d z = 1; constructor(f: boolean) { if (f) { super(); } else { const a = super(); } } }\n\
         class C extends B { @d w = 1; }\n",
    );
    assert_eq!(
        code.matches("(super(), __runInitializers(this, _z_extraInitializers), this)")
            .count(),
        2,
        "{code}"
    );
    assert!(
        code.contains(
            "constructor() { super(...arguments); __runInitializers(this, _w_extraInitializers); }"
        ),
        "{code}"
    );
}

#[test]
fn static_members_of_a_replaced_class_keep_their_state_outside_it() {
    let code = lowered(
        "const d = (v: any, c: any) => v;\n\
         @d class A { @d static accessor n = 1; @d static m() {} static k = 2; }\n",
    );
    assert!(
        code.contains("static { _n_accessor_storage = { value: __runInitializers("),
        "{code}"
    );
    assert!(
        code.contains("static get n() { return _n_accessor_storage.value; }"),
        "{code}"
    );
    // Static methods' extra initializers before the first static field,
    // the class's after the last.
    let statics = code
        .find("__runInitializers(_classThis, _staticExtraInitializers)")
        .unwrap();
    let storage = code.find("accessor_storage = { value:").unwrap();
    let class_extra = code
        .find("__runInitializers(_classThis, _classExtraInitializers)")
        .unwrap();
    assert!(statics < storage && storage < class_extra, "{code}");
}

#[test]
fn what_cannot_be_lowered_names_itself_the_file_and_the_line() {
    // A decorated private method becomes a function, where `super` has no
    // meaning.
    let src = "class B { x() { return 1; } }\n\
               const d = (v: any, c: any) => v;\n\
               \n\
               export class A extends B {\n  @d #m() { return (() => super.x())(); }\n}\n";
    let e = transform(Path::new("/nowhere/super.ts"), src).unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("/nowhere/super.ts", 5), "{e}");
    assert!(
        e.message.contains("private method `#m` uses `super`"),
        "{e}"
    );
    // Not when `super` is another function's.
    let src = src.replace("(() => super.x())()", "{ m() { return super.x; } }");
    transform(Path::new("/nowhere/super.ts"), &src).unwrap();
}
