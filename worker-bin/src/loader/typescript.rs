//! TypeScript and JSX at load time, by oxc: the file is parsed, its types
//! erased (enums and parameter properties become JavaScript, as `tsc`
//! would emit them), JSX turned into calls of the automatic runtime, and
//! the result printed with a source map back to the file.
//!
//! Decorators are lowered as `tsc` lowers them: the legacy kind when the
//! nearest `tsconfig.json` sets `experimentalDecorators` (`decorators`),
//! else TypeScript 5 standard decorators and `accessor` fields, on the
//! printed JavaScript (`decorators_standard`).
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
use std::sync::Arc;

use oxc_allocator::Allocator;
use oxc_codegen::{Codegen, CodegenOptions};
use oxc_parser::Parser;
use oxc_semantic::SemanticBuilder;
use oxc_span::SourceType;
use oxc_transformer::{HelperLoaderMode, TransformOptions, Transformer};

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
    let tsconfig = tsconfig(path);
    let compiler = tsconfig.as_deref().map(|t| &t.compiler_options);
    if compiler.and_then(|c| c.use_define_for_class_fields) != Some(false) {
        class_fields::declare_parameter_properties(&allocator, &mut program);
    }
    let semantic = SemanticBuilder::new().build(&program).semantic;
    let options = options_for(compiler);
    let standard = !options.decorator.legacy && decorators::standard(&semantic);
    let scoping = semantic.into_scoping();
    let done =
        Transformer::new(&allocator, path, &options).build_with_scoping(scoping, &mut program);
    if let Some(e) = done.errors.first() {
        return Err(fail(first_offset(e), e.to_string()));
    }
    let used = if options.decorator.legacy {
        decorators::tsc_helpers(&allocator, &mut program)
    } else {
        Vec::new()
    };
    let printed = Codegen::new()
        .with_options(CodegenOptions {
            source_map_path: Some(path.to_path_buf()),
            // Standard decorators are lowered on the printed text, whose
            // moved parts must hold no line comment.
            comments: !standard,
            ..CodegenOptions::default()
        })
        .build(&program);
    let mut code = printed.code;
    if standard {
        let js = if source_type.is_module() {
            SourceType::mjs()
        } else {
            SourceType::cjs()
        };
        code = decorators_standard::lower(&code, js).map_err(|(line, message)| {
            // The line is the printed file's: its source map gives the
            // file's own.
            let line = printed
                .map
                .as_ref()
                .and_then(|m| m.lookup_token(&m.generate_lookup_table(), line - 1, u32::MAX))
                .map_or(1, |t| t.get_src_line() as usize + 1);
            TransformError {
                file: path.display().to_string(),
                line,
                column: 1,
                message: format!("standard decorators could not be lowered here: {message}"),
            }
        })?;
    }
    code.push_str(&decorators::helpers(&used));
    Ok(Transformed {
        code,
        map: printed.map.map(|m| m.to_json_string()).unwrap_or_default(),
    })
}

/// Types erased, JSX for the import source the project names, decorators
/// as the project says, nothing else lowered.
fn options_for(compiler: Option<&oxc_resolver::CompilerOptions>) -> TransformOptions {
    let mut options = TransformOptions::from_target("esnext").unwrap_or_default();
    options.jsx.import_source = compiler.and_then(|c| c.jsx_import_source.clone());
    options.decorator = decorators::options(compiler);
    // The helpers are defined in the module itself (`decorators::helpers`).
    options.helper_loader.mode = HelperLoaderMode::External;
    options
}

/// The nearest `tsconfig.json` (its `extends` followed), if any.
fn tsconfig(path: &Path) -> Option<Arc<oxc_resolver::TsConfig>> {
    let config = path
        .ancestors()
        .skip(1)
        .map(|d| d.join("tsconfig.json"))
        .find(|f| f.is_file())?;
    let resolver = oxc_resolver::Resolver::new(oxc_resolver::ResolveOptions::default());
    resolver.resolve_tsconfig(&config).ok()
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

#[path = "class_fields.rs"]
mod class_fields;
#[path = "decorators.rs"]
mod decorators;
#[path = "decorators_standard.rs"]
mod decorators_standard;
#[path = "decorators_standard_class.rs"]
mod decorators_standard_class;
#[path = "decorators_standard_emit.rs"]
mod decorators_standard_emit;
#[path = "decorators_standard_member.rs"]
mod decorators_standard_member;

#[cfg(test)]
#[path = "typescript_tests.rs"]
mod tests;
