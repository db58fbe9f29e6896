//! Decorators in TypeScript files, as the nearest `tsconfig.json` asks.
//!
//! With `compilerOptions.experimentalDecorators` (NestJS, TypeORM,
//! class-validator, Angular), oxc lowers them the way `tsc` does: the class
//! stays a class, and each decorated class, member and parameter becomes a
//! call of `decorate` after it, with `design:type`, `design:paramtypes` and
//! `design:returntype` metadata when `emitDecoratorMetadata` is on. oxc
//! names those helpers `babelHelpers.decorate`, `.decorateParam` and
//! `.decorateMetadata`; [`HELPERS`] defines them in the module itself with
//! the behaviour of `tsc`'s `__decorate`, `__param` and `__metadata`
//! (through `Reflect.decorate` and `Reflect.metadata` when a library such
//! as `reflect-metadata` has installed them, else applied in place).
//!
//! Without it, a decorator is a TypeScript 5 standard (2023-11) decorator.
//! QuickJS does not parse decorators and no transform bext can use lowers
//! the standard ones (oxc lowers only the legacy kind), so such a file is
//! refused with the decorator and its line, rather than QuickJS's bare
//! `unexpected token '@'`.

use oxc_ast::AstKind;
use oxc_ast::ast::{Argument, ArrayExpressionElement, CallExpression, Program};
use oxc_ast_visit::{VisitMut, walk_mut};
use oxc_semantic::Semantic;
use oxc_span::GetSpan;
use oxc_transformer::DecoratorOptions;

/// The decorator settings of a file's `tsconfig.json`.
pub fn options(compiler: Option<&oxc_resolver::CompilerOptions>) -> DecoratorOptions {
    let legacy = compiler.and_then(|c| c.experimental_decorators) == Some(true);
    DecoratorOptions {
        legacy,
        emit_decorator_metadata: legacy
            && compiler.and_then(|c| c.emit_decorator_metadata) == Some(true),
    }
}

/// The first decorator of the program, as the text of its expression and
/// its byte offset.
pub fn first(semantic: &Semantic<'_>, source: &str) -> Option<(String, u32)> {
    let span = semantic.nodes().iter().find_map(|node| match node.kind() {
        AstKind::Decorator(d) => Some(d.span()),
        _ => None,
    })?;
    let text = &source[span.start as usize..span.end as usize];
    let text: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    };
    Some((text, span.start))
}

/// The error for a standard decorator, `text` being the decorator.
pub fn refusal(text: &str) -> String {
    format!(
        "the decorator `{text}` is a TypeScript 5 standard decorator, which bext does not \
         lower (QuickJS does not run decorators); legacy decorators are lowered when the \
         nearest tsconfig.json sets compilerOptions.experimentalDecorators"
    )
}

/// Puts the metadata of each `decorate` call after the parameter
/// decorators, where `tsc` puts them (oxc puts them before), so that
/// decorators run in `tsc`'s order and metadata keys are made in it.
pub fn metadata_last(program: &mut Program<'_>) {
    MetadataLast.visit_program(program);
}

struct MetadataLast;

impl<'a> VisitMut<'a> for MetadataLast {
    fn visit_call_expression(&mut self, call: &mut CallExpression<'a>) {
        walk_mut::walk_call_expression(self, call);
        if !call
            .callee
            .is_specific_member_access("babelHelpers", "decorate")
        {
            return;
        }
        if let Some(Argument::ArrayExpression(list)) = call.arguments.first_mut() {
            // A stable sort: each group keeps its order.
            list.elements.sort_by_key(|e| {
                matches!(e, ArrayExpressionElement::CallExpression(c)
                    if c.callee.is_specific_member_access("babelHelpers", "decorateMetadata"))
            });
        }
    }
}

/// The helpers oxc's output calls, on one line put before the module's
/// code: `tsc`'s `__decorate`, `__param` and `__metadata`.
pub const HELPERS: &str = concat!(
    "var babelHelpers = {",
    "decorate: function (decorators, target, key, desc) {",
    " var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;",
    " if (typeof Reflect === \"object\" && typeof Reflect.decorate === \"function\") r = Reflect.decorate(decorators, target, key, desc);",
    " else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;",
    " return c > 3 && r && Object.defineProperty(target, key, r), r; },",
    " decorateParam: function (paramIndex, decorator) { return function (target, key) { decorator(target, key, paramIndex); }; },",
    " decorateMetadata: function (k, v) { if (typeof Reflect === \"object\" && typeof Reflect.metadata === \"function\") return Reflect.metadata(k, v); }",
    "};\n"
);

/// `code` with the helpers before it when it calls them, and its source
/// map (JSON) moved down the one line they take.
pub fn with_helpers(code: String, map: String) -> (String, String) {
    if !code.contains("babelHelpers.") {
        return (code, map);
    }
    let map = map.replacen("\"mappings\":\"", "\"mappings\":\";", 1);
    (format!("{HELPERS}{code}"), map)
}
