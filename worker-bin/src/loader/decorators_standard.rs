//! TypeScript 5 standard (2023-11) decorators, lowered as `tsc` emits them
//! for target ES2022 when `experimentalDecorators` is off.
//!
//! The TypeScript transform prints the file with its decorators kept; this
//! parses that JavaScript again and rewrites each class that has a
//! decorator or an `accessor` field by text edits on its spans, innermost
//! class first, into `tsc`'s shape: the class inside `(() => { ... })()`,
//! its decorators kept in variables and applied by `__esDecorate` in a
//! static block that comes first in the class, fields and accessors
//! initialized through `__runInitializers`, a class decorator's result
//! replacing the class (`member`, `emit`).
//!
//! Every edit keeps the lines it replaces (the new text is on one line,
//! followed by as many line breaks as the old text had), so the source map
//! the TypeScript transform made still gives each line's origin. The
//! helpers are defined at the end of the module, one a line.

use oxc_allocator::Allocator;
use oxc_ast::ast::{
    BindingPatternKind, ClassElement, ExportDefaultDeclaration, ExportNamedDeclaration,
    ObjectProperty, VariableDeclarator,
};
use oxc_ast::ast::{Class, Decorator, ExportDefaultDeclarationKind, Expression, Program};
use oxc_ast_visit::{Visit, walk};
use oxc_parser::Parser;
use oxc_span::{GetSpan, SourceType, Span};

use super::decorators_standard_class as class;
use super::decorators_standard_emit as emit;

/// Lowers every standard decorator and `accessor` field of `code`, which
/// parses as `source_type`. An error is a 1-based line of `code` (the
/// edits keep lines) and a message.
pub fn lower(code: &str, source_type: SourceType) -> Result<String, (u32, String)> {
    let mut code = code.to_string();
    lower_in_place(&mut code, source_type).map_err(|(offset, message)| {
        let before = &code[..(offset as usize).min(code.len())];
        (before.matches('\n').count() as u32 + 1, message)
    })?;
    Ok(code)
}

fn lower_in_place(code: &mut String, source_type: SourceType) -> Result<(), (u32, String)> {
    let mut used = emit::Used::default();
    loop {
        let allocator = Allocator::default();
        let parsed = Parser::new(&allocator, code, source_type).parse();
        if let Some(e) = parsed.errors.first() {
            let offset = e
                .labels
                .as_ref()
                .and_then(|l| l.first())
                .map_or(0, |l| l.offset() as u32);
            return Err((offset, e.to_string()));
        }
        let mut find = Find::default();
        find.visit_program(&parsed.program);
        let Some((target, context)) = find.last else {
            break;
        };
        let edits = plan(&parsed.program, code, target, context, &mut used)?;
        let lowered = apply(code, edits);
        drop(parsed);
        *code = lowered;
    }
    code.push_str(&used.definitions());
    Ok(())
}

/// Where a class stands, which decides how its lowered form is bound.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// A declaration (`class A {}`), maybe exported, from `start`.
    Declaration { start: u32, export: Export },
    /// An expression, maybe named by the variable it initializes.
    Expression { inferred: Option<String> },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Export {
    None,
    Named,
    Default,
}

/// Finds the class to lower next: the decorated one that starts last, so
/// it holds no other (nested classes start after the class holding them).
#[derive(Default)]
struct Find {
    place: Option<Place>,
    last: Option<(Span, Place)>,
}

fn needs_lowering(class: &Class<'_>) -> bool {
    !class.decorators.is_empty()
        || class.body.body.iter().any(|e| match e {
            ClassElement::MethodDefinition(m) => !m.decorators.is_empty(),
            ClassElement::PropertyDefinition(p) => !p.decorators.is_empty(),
            ClassElement::AccessorProperty(_) => true,
            _ => false,
        })
}

impl<'a> Visit<'a> for Find {
    fn visit_export_named_declaration(&mut self, it: &ExportNamedDeclaration<'a>) {
        if let Some(oxc_ast::ast::Declaration::ClassDeclaration(_)) = &it.declaration {
            self.place = Some(Place::Declaration {
                start: it.span.start,
                export: Export::Named,
            });
        }
        walk::walk_export_named_declaration(self, it);
    }

    fn visit_export_default_declaration(&mut self, it: &ExportDefaultDeclaration<'a>) {
        if let ExportDefaultDeclarationKind::ClassDeclaration(_) = &it.declaration {
            self.place = Some(Place::Declaration {
                start: it.span.start,
                export: Export::Default,
            });
        }
        walk::walk_export_default_declaration(self, it);
    }

    fn visit_variable_declarator(&mut self, it: &VariableDeclarator<'a>) {
        if let (BindingPatternKind::BindingIdentifier(id), Some(Expression::ClassExpression(_))) =
            (&it.id.kind, &it.init)
        {
            self.place = Some(Place::Expression {
                inferred: Some(id.name.to_string()),
            });
        }
        walk::walk_variable_declarator(self, it);
    }

    fn visit_object_property(&mut self, it: &ObjectProperty<'a>) {
        if let (false, Some(name), Expression::ClassExpression(_)) =
            (it.computed, it.key.static_name(), &it.value)
        {
            self.place = Some(Place::Expression {
                inferred: Some(name.to_string()),
            });
        }
        walk::walk_object_property(self, it);
    }

    fn visit_class(&mut self, class: &Class<'a>) {
        let place = self.place.take().unwrap_or(if class.is_declaration() {
            Place::Declaration {
                start: class.span.start,
                export: Export::None,
            }
        } else {
            Place::Expression { inferred: None }
        });
        if needs_lowering(class) {
            self.last = Some((class.span, place));
        }
        walk::walk_class(self, class);
    }
}

/// Finds the class at `target` again and plans its edits.
struct Plan<'c, 'u> {
    code: &'c str,
    target: Span,
    place: Place,
    used: &'u mut emit::Used,
    edits: Option<Result<Vec<Edit>, (u32, String)>>,
}

impl<'a> Visit<'a> for Plan<'_, '_> {
    fn visit_class(&mut self, class: &Class<'a>) {
        if class.span == self.target && self.edits.is_none() {
            self.edits = Some(class::plan(self.code, class, self.place.clone(), self.used));
            return;
        }
        walk::walk_class(self, class);
    }
}

fn plan(
    program: &Program<'_>,
    code: &str,
    target: Span,
    place: Place,
    used: &mut emit::Used,
) -> Result<Vec<Edit>, (u32, String)> {
    let mut p = Plan {
        code,
        target,
        place,
        used,
        edits: None,
    };
    p.visit_program(program);
    p.edits
        .unwrap_or_else(|| Err((target.start, "the decorated class was not found".into())))
}

/// Text put in place of a span.
#[derive(Debug)]
pub struct Edit {
    pub span: Span,
    pub text: String,
}

impl Edit {
    pub fn new(start: u32, end: u32, text: impl Into<String>) -> Self {
        Edit {
            span: Span::new(start, end),
            text: text.into(),
        }
    }

    pub fn insert(at: u32, text: impl Into<String>) -> Self {
        Edit::new(at, at, text)
    }
}

/// `code` with the `edits` made (they do not overlap; insertions at the
/// same place keep their order), each followed by the line breaks of the
/// text it replaced, so every line after it stays where it was.
fn apply(code: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out = String::with_capacity(code.len() * 2);
    let mut at = 0usize;
    for e in edits {
        let (start, end) = (e.span.start as usize, e.span.end as usize);
        out.push_str(&code[at..start.max(at)]);
        out.push_str(&e.text);
        let old = &code[start.max(at)..end.max(at)];
        out.extend(std::iter::repeat_n('\n', old.matches('\n').count()));
        at = end.max(at);
    }
    out.push_str(&code[at..]);
    out
}

/// The text of `span` in `code`, on one line unless a template literal
/// could hold the line breaks (the edit then moves lines, the price of
/// keeping the string).
pub fn one_line(code: &str, span: Span) -> String {
    let text = &code[span.start as usize..span.end as usize];
    if text.contains('`') {
        return text.to_string();
    }
    text.replace('\n', " ")
}

/// The text of the decorators' expressions, for a list: a member access
/// that is not called is bound to its object, as `tsc` binds it.
pub fn decorator_list(code: &str, decorators: &[Decorator<'_>], temps: &mut Vec<String>) -> String {
    let items: Vec<String> = decorators
        .iter()
        .map(|d| {
            let text = one_line(code, d.expression.span());
            match &d.expression {
                Expression::StaticMemberExpression(m) => {
                    let temp = temp(temps);
                    format!(
                        "(({temp} = {}).{}).bind({temp})",
                        one_line(code, m.object.span()),
                        m.property.name
                    )
                }
                Expression::ComputedMemberExpression(m) => {
                    let temp = temp(temps);
                    format!(
                        "(({temp} = {})[{}]).bind({temp})",
                        one_line(code, m.object.span()),
                        one_line(code, m.expression.span())
                    )
                }
                _ => text,
            }
        })
        .collect();
    format!("[{}]", items.join(", "))
}

/// A new temporary variable of the class's function.
pub fn temp(temps: &mut Vec<String>) -> String {
    let name = format!("_t{}", temps.len() + 1);
    temps.push(name.clone());
    name
}

#[cfg(test)]
#[path = "decorators_standard_tests.rs"]
mod tests;
