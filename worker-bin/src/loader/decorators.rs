//! Decorators in TypeScript files, as the nearest `tsconfig.json` asks.
//!
//! With `compilerOptions.experimentalDecorators` (NestJS, TypeORM,
//! class-validator, Angular), oxc lowers them the way `tsc` does: the class
//! stays a class, and each decorated class, member and parameter becomes a
//! call of `decorate` after it, with `design:type`, `design:paramtypes` and
//! `design:returntype` metadata when `emitDecoratorMetadata` is on. The
//! calls are then made `tsc`'s (`__decorate`, `__param`, `__metadata`, in
//! its order), and those helpers defined in the module itself as `tsc`
//! defines them: through `Reflect.decorate` and `Reflect.metadata` when a
//! library such as `reflect-metadata` has installed them, else applied in
//! place.
//!
//! Without it, a decorator is a TypeScript 5 standard (2023-11) decorator.
//! QuickJS does not parse decorators and oxc lowers only the legacy kind,
//! so oxc keeps them in the JavaScript it prints and bext lowers them
//! there as `tsc` does for target ES2022 (`decorators_standard`), with
//! `accessor` fields.

use oxc_allocator::Allocator;
use oxc_ast::ast::{Argument, ArrayExpressionElement, CallExpression, Program};
use oxc_ast::{AstBuilder, AstKind};
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

/// Whether the program has a decorator or an `accessor` field, which
/// standard decorators' lowering rewrites.
pub fn standard(semantic: &Semantic<'_>) -> bool {
    semantic.nodes().iter().any(|node| {
        matches!(
            node.kind(),
            AstKind::Decorator(_) | AstKind::AccessorProperty(_)
        )
    })
}

/// Turns oxc's helper calls into `tsc`'s: `babelHelpers.decorate`,
/// `.decorateParam` and `.decorateMetadata` become calls of `__decorate`,
/// `__param` and `__metadata`, and each `__decorate` list has its metadata
/// after the parameter decorators, where `tsc` puts them (oxc puts them
/// before), so decorators run and metadata keys are made in `tsc`'s order.
/// Gives the helpers called, for [`helpers`].
pub fn tsc_helpers<'a>(allocator: &'a Allocator, program: &mut Program<'a>) -> Vec<&'static str> {
    let mut calls = TscHelpers {
        ast: AstBuilder::new(allocator),
        used: Vec::new(),
    };
    calls.visit_program(program);
    calls.used
}

/// oxc's helper names and `tsc`'s, with `tsc`'s definition.
const TSC: &[(&str, &str, &str)] = &[
    (
        "decorate",
        "__decorate",
        concat!(
            "function __decorate(decorators, target, key, desc) {",
            " var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;",
            " if (typeof Reflect === \"object\" && typeof Reflect.decorate === \"function\") r = Reflect.decorate(decorators, target, key, desc);",
            " else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;",
            " return c > 3 && r && Object.defineProperty(target, key, r), r; }",
        ),
    ),
    (
        "decorateParam",
        "__param",
        "function __param(paramIndex, decorator) { return function (target, key) { decorator(target, key, paramIndex); }; }",
    ),
    (
        "decorateMetadata",
        "__metadata",
        "function __metadata(k, v) { if (typeof Reflect === \"object\" && typeof Reflect.metadata === \"function\") return Reflect.metadata(k, v); }",
    ),
];

struct TscHelpers<'a> {
    ast: AstBuilder<'a>,
    used: Vec<&'static str>,
}

impl<'a> VisitMut<'a> for TscHelpers<'a> {
    fn visit_call_expression(&mut self, call: &mut CallExpression<'a>) {
        if call
            .callee
            .is_specific_member_access("babelHelpers", "decorate")
            && let Some(Argument::ArrayExpression(list)) = call.arguments.first_mut()
        {
            // A stable sort: each group keeps its order.
            list.elements.sort_by_key(|e| {
                matches!(e, ArrayExpressionElement::CallExpression(c)
                    if c.callee.is_specific_member_access("babelHelpers", "decorateMetadata"))
            });
        }
        walk_mut::walk_call_expression(self, call);
        let Some(&(_, name, _)) = TSC
            .iter()
            .find(|(oxc, _, _)| call.callee.is_specific_member_access("babelHelpers", oxc))
        else {
            return;
        };
        call.callee = self.ast.expression_identifier(call.callee.span(), name);
        if !self.used.contains(&name) {
            self.used.push(name);
        }
    }
}

/// The definitions of the helpers `used` (as [`tsc_helpers`] gave them),
/// one a line, in `tsc`'s order: function declarations, so they can follow
/// the module's code (they are hoisted) and leave its lines where its
/// source map has them.
pub fn helpers(used: &[&str]) -> String {
    TSC.iter()
        .filter(|(_, name, _)| used.contains(name))
        .map(|(_, _, text)| format!("\n{text}"))
        .collect()
}
