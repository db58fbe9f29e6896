//! TypeScript and JSX at load time, by oxc: the file is parsed, its types
//! erased (enums and parameter properties become JavaScript, as `tsc`
//! would emit them), JSX turned into calls of the automatic runtime, and
//! the result printed with a source map back to the file.
//!
//! Nothing else is lowered: QuickJS runs current JavaScript. JSX imports
//! its runtime from `react/jsx-runtime` unless the nearest `tsconfig.json`
//! says otherwise (`compilerOptions.jsxImportSource`, e.g. `preact`) or the
//! file does (`/** @jsxImportSource preact */`).
//!
//! The loader caches the bytecode of what comes out keyed by the file's own
//! bytes (`cache`), so a warm boot never comes here; the source map is made
//! again only when an error is formatted (`sourcemap`).

use std::path::Path;

use oxc_allocator::Allocator;
use oxc_codegen::{Codegen, CodegenOptions};
use oxc_parser::Parser;
use oxc_semantic::SemanticBuilder;
use oxc_span::SourceType;
use oxc_transformer::{TransformOptions, Transformer};

/// What a file becomes.
#[derive(Debug)]
pub struct Transformed {
    pub code: String,
    /// The source map, as JSON.
    pub map: String,
}

/// A file that does not parse or transform.
#[derive(Debug, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct TransformError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Whether the file at `path` goes through the transform.
pub fn needs_transform(path: &str) -> bool {
    matches!(
        Path::new(path).extension().and_then(|e| e.to_str()),
        Some("ts" | "mts" | "cts" | "tsx" | "jsx")
    )
}

/// Transforms `source`, the text of the file at `path`.
pub fn transform(path: &Path, source: &str) -> Result<Transformed, TransformError> {
    let allocator = Allocator::default();
    let source_type = SourceType::from_path(path)
        .unwrap_or_default()
        .with_unambiguous(false);
    let fail = |offset: u32, message: String| {
        let (line, column) = line_column(source, offset as usize);
        TransformError {
            file: path.display().to_string(),
            line,
            column,
            message,
        }
    };
    let parsed = Parser::new(&allocator, source, source_type).parse();
    if let Some(e) = parsed.errors.first() {
        return Err(fail(first_offset(e), e.to_string()));
    }
    let mut program = parsed.program;
    let scoping = SemanticBuilder::new()
        .build(&program)
        .semantic
        .into_scoping();
    let options = options_for(path);
    let done =
        Transformer::new(&allocator, path, &options).build_with_scoping(scoping, &mut program);
    if let Some(e) = done.errors.first() {
        return Err(fail(first_offset(e), e.to_string()));
    }
    let printed = Codegen::new()
        .with_options(CodegenOptions {
            source_map_path: Some(path.to_path_buf()),
            ..CodegenOptions::default()
        })
        .build(&program);
    Ok(Transformed {
        code: printed.code,
        map: printed.map.map(|m| m.to_json_string()).unwrap_or_default(),
    })
}

/// Types erased, JSX for the import source the project names, nothing
/// lowered.
fn options_for(path: &Path) -> TransformOptions {
    let mut options = TransformOptions::from_target("esnext").unwrap_or_default();
    options.jsx.import_source = jsx_import_source(path);
    options
}

/// `compilerOptions.jsxImportSource` of the nearest `tsconfig.json` (its
/// `extends` followed), if any.
fn jsx_import_source(path: &Path) -> Option<String> {
    let config = path
        .ancestors()
        .skip(1)
        .map(|d| d.join("tsconfig.json"))
        .find(|f| f.is_file())?;
    let resolver = oxc_resolver::Resolver::new(oxc_resolver::ResolveOptions::default());
    let tsconfig = resolver.resolve_tsconfig(&config).ok()?;
    tsconfig.compiler_options.jsx_import_source.clone()
}

fn first_offset(e: &oxc_diagnostics::OxcDiagnostic) -> u32 {
    e.labels
        .as_ref()
        .and_then(|l| l.first())
        .map_or(0, |l| l.offset() as u32)
}

/// 1-based line and column of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Whether `source` (a `.js`/`.ts` file whose package does not say) is an
/// ES module: it has `import`/`export` statements, as Node's detection
/// decides, or it has no sign of CommonJS either (`require`, `exports`).
pub fn looks_like_esm(path: &Path, source: &str) -> bool {
    let allocator = Allocator::default();
    let source_type = SourceType::from_path(path)
        .unwrap_or_default()
        .with_module(true);
    let parsed = Parser::new(&allocator, source, source_type).parse();
    if parsed.module_record.has_module_syntax {
        return true;
    }
    !(source.contains("require") || source.contains("exports"))
}

#[cfg(test)]
mod tests {
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
}
