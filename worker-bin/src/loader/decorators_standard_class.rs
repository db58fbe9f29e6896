//! One class's edits (`decorators_standard`): the function that holds the
//! class, its first static block (which applies the decorators), its last,
//! and the constructor that runs the last fields' extra initializers; each
//! member's edits are `decorators_standard_member`'s.

use std::collections::HashSet;

use oxc_ast::ast::{
    CallExpression, Class, ClassElement, Decorator, Expression, Function, MethodDefinitionKind,
    ThisExpression,
};
use oxc_ast_visit::{Visit, walk};
use oxc_semantic::ScopeFlags;
use oxc_span::{GetSpan, Span};

use super::decorators_standard::{Edit, Export, Place, decorator_list, one_line};
use super::decorators_standard_emit::{self as emit, Used};

/// The kinds of `context.kind`.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Kind {
    Method,
    Getter,
    Setter,
    Field,
    Accessor,
}

impl Kind {
    pub(super) fn name(self) -> &'static str {
        match self {
            Kind::Method => "method",
            Kind::Getter => "getter",
            Kind::Setter => "setter",
            Kind::Field => "field",
            Kind::Accessor => "accessor",
        }
    }

    pub(super) fn is_field(self) -> bool {
        matches!(self, Kind::Field | Kind::Accessor)
    }
}

/// A member's name as code: `context.name`, the `in` test, the access
/// from an object, and the key to declare it with.
pub(super) struct Name {
    pub(super) value: String,
    pub(super) member: String,
    pub(super) key: String,
    pub(super) private: bool,
    /// For variable names: `m`, `member` when computed.
    pub(super) ident: String,
}

/// Everything being written for one class.
pub(super) struct Out<'c> {
    pub(super) code: &'c str,
    pub(super) edits: Vec<Edit>,
    pub(super) temps: Vec<String>,
    pub(super) decls: Vec<String>,
    pub(super) names: HashSet<String>,
    /// Decorator lists not yet evaluated (they are, in source order, in
    /// the next computed key or else the first static block).
    pub(super) assigns: Vec<String>,
    /// `__esDecorate` calls: static non-fields, instance non-fields,
    /// static fields, instance fields.
    pub(super) calls: [Vec<String>; 4],
    /// Whether static and instance methods have extra initializers.
    pub(super) static_extra: bool,
    pub(super) instance_extra: bool,
}

/// The edits that lower `class`, standing at `place`.
pub fn plan(
    code: &str,
    class: &Class<'_>,
    place: Place,
    used: &mut Used,
) -> Result<Vec<Edit>, (u32, String)> {
    let mut out = Out {
        code,
        edits: Vec::new(),
        temps: Vec::new(),
        decls: Vec::new(),
        names: HashSet::new(),
        assigns: Vec::new(),
        calls: Default::default(),
        static_extra: false,
        instance_extra: false,
    };
    let class_decorated = !class.decorators.is_empty();
    let this_ = if class_decorated {
        "_classThis"
    } else {
        "this"
    };
    let computed_accessor = class
        .body
        .body
        .iter()
        .any(|e| matches!(e, ClassElement::AccessorProperty(a) if a.computed));
    let decorated = class_decorated
        || computed_accessor
        || class.body.body.iter().any(|e| !decorators_of(e).is_empty());
    if !decorated {
        for element in &class.body.body {
            if let ClassElement::AccessorProperty(_) = element {
                out.member(element, "this", &mut Vec::new(), used)?;
            }
        }
        return Ok(out.edits);
    }
    used.run_initializers = true;
    let class_list = decorator_list(code, &class.decorators, &mut out.temps);
    let has_super = class.super_class.is_some();
    for element in &class.body.body {
        if let ClassElement::MethodDefinition(m) = element
            && !m.decorators.is_empty()
        {
            if m.r#static {
                out.static_extra = true;
            } else {
                out.instance_extra = true;
            }
        }
    }
    // Members in order: decorators noted, initializers chained.
    let mut instance_pending: Vec<String> = Vec::new();
    if out.instance_extra {
        instance_pending.push("__runInitializers(this, _instanceExtraInitializers)".into());
    }
    let mut static_seen = false;
    for element in &class.body.body {
        let initializes = matches!(
            element,
            ClassElement::PropertyDefinition(_)
                | ClassElement::AccessorProperty(_)
                | ClassElement::StaticBlock(_)
        );
        if is_static(element) && initializes {
            if !static_seen && out.static_extra {
                out.edits.push(Edit::insert(
                    element_start(element),
                    format!(" static {{ __runInitializers({this_}, _staticExtraInitializers); }}"),
                ));
            }
            static_seen = true;
        }
        out.member(element, this_, &mut instance_pending, used)?;
        // A static initializer's `this` is the class a decorator may have
        // replaced, as `tsc` has it.
        if class_decorated && is_static(element) {
            let mut this = ThisIn(Vec::new());
            match element {
                ClassElement::PropertyDefinition(p) => {
                    if let Some(v) = &p.value {
                        this.visit_expression(v);
                    }
                }
                ClassElement::AccessorProperty(a) => {
                    if let Some(v) = &a.value {
                        this.visit_expression(v);
                    }
                }
                ClassElement::StaticBlock(b) => this.visit_statements(&b.body),
                _ => {}
            }
            for span in this.0 {
                out.edits
                    .push(Edit::new(span.start, span.end, "_classThis"));
            }
        }
    }
    let static_elements = static_seen;
    // The last field's extra initializers, after `super()`.
    if !instance_pending.is_empty() {
        out.constructor(class, &instance_pending.join(", "));
    }
    if class_decorated || out.calls.iter().any(|c| !c.is_empty()) {
        used.es_decorate = true;
    }
    let name = inner_name(class, &place);
    let mut head = String::new();
    match &place {
        Place::Declaration { .. } => head.push_str(&format!("let {name} = (() => {{")),
        Place::Expression { .. } => head.push_str("(() => {"),
    }
    if !out.temps.is_empty() {
        head.push_str(&format!(" let {};", out.temps.join(", ")));
    }
    if class_decorated {
        head.push_str(&format!(
            " let _classDecorators = {class_list}; let _classDescriptor; \
             let _classExtraInitializers = []; let _classThis;"
        ));
    }
    if let Some(parent) = &class.super_class {
        head.push_str(&format!(
            " let _classSuper = {};",
            one_line(code, parent.span())
        ));
    }
    if out.static_extra {
        head.push_str(" let _staticExtraInitializers = [];");
    }
    if out.instance_extra {
        head.push_str(" let _instanceExtraInitializers = [];");
    }
    for d in &out.decls {
        head.push_str(&format!(" {d}"));
    }
    let extends = if has_super {
        " extends _classSuper"
    } else {
        ""
    };
    let inferred = match &place {
        Place::Expression { inferred } if class.id.is_none() => {
            Some(inferred.clone().unwrap_or_default())
        }
        Place::Declaration {
            export: Export::Default,
            ..
        } if class.id.is_none() && class_decorated => Some("default".to_string()),
        _ => None,
    };
    if class_decorated {
        head.push_str(&format!(
            " var {name} = class{extends} {{ static {{ _classThis = this; }}"
        ));
    } else {
        let id = match (&class.id, &place) {
            (Some(_), _)
            | (
                None,
                Place::Declaration {
                    export: Export::Default,
                    ..
                },
            ) => format!(" {name}"),
            _ => String::new(),
        };
        head.push_str(&format!(" return class{id}{extends} {{"));
    }
    if let Some(inferred) = inferred.filter(|i| !i.is_empty() || class_decorated) {
        used.set_function_name = true;
        head.push_str(&format!(
            " static {{ __setFunctionName({this_}, {}); }}",
            serde_json::to_string(&inferred).unwrap_or_default()
        ));
    }
    let mut block = vec![emit::metadata(has_super)];
    block.extend(out.assigns.drain(..).map(|a| format!("{a};")));
    for group in &out.calls {
        block.extend(group.iter().map(|c| format!("{c};")));
    }
    if class_decorated {
        block.push(format!(
            "__esDecorate(null, _classDescriptor = {{ value: _classThis }}, _classDecorators, \
             {{ kind: \"class\", name: _classThis.name, metadata: _metadata }}, null, \
             _classExtraInitializers); {name} = _classThis = _classDescriptor.value;"
        ));
    }
    block.push(emit::define_metadata(this_));
    if out.static_extra && !static_seen {
        block.push(format!(
            "__runInitializers({this_}, _staticExtraInitializers);"
        ));
    }
    let class_extra = "__runInitializers(_classThis, _classExtraInitializers);";
    if class_decorated && !static_elements {
        block.push(class_extra.to_string());
    }
    head.push_str(&format!(" static {{ {} }}", block.join(" ")));
    let start = match &place {
        Place::Declaration { start, .. } => *start,
        Place::Expression { .. } => class.span.start,
    };
    let start = class
        .decorators
        .iter()
        .map(|d| d.span.start)
        .fold(start, u32::min);
    out.edits
        .push(Edit::new(start, class.body.span.start + 1, head));
    let mut tail = String::new();
    if class_decorated && static_elements {
        tail.push_str(&format!(" static {{ {class_extra} }}"));
    }
    tail.push_str(" }");
    if class_decorated {
        tail.push_str(&format!("; return {name} = _classThis; }})()"));
    } else {
        tail.push_str("; })()");
    }
    if let Place::Declaration { export, .. } = place {
        tail.push(';');
        match export {
            Export::Named => tail.push_str(&format!(" export {{ {name} }};")),
            Export::Default => tail.push_str(&format!(" export default {name};")),
            Export::None => {}
        }
    }
    let end = class.body.span.end;
    out.edits.push(Edit::new(end - 1, end, tail));
    Ok(out.edits)
}

impl Out<'_> {
    /// Runs `pending` once the instance exists: after each `super()` of
    /// the constructor, at its start when the class extends nothing, in a
    /// constructor of its own when it has none.
    fn constructor(&mut self, class: &Class<'_>, pending: &str) {
        let constructor = class.body.body.iter().find_map(|e| match e {
            ClassElement::MethodDefinition(m) if m.kind == MethodDefinitionKind::Constructor => {
                Some(m)
            }
            _ => None,
        });
        let extends = class.super_class.is_some();
        match constructor {
            Some(m) => {
                let Some(body) = &m.value.body else { return };
                if extends {
                    let mut calls = SuperCalls(Vec::new());
                    calls.visit_function_body(body);
                    for span in calls.0 {
                        self.edits.push(Edit::insert(span.start, "("));
                        self.edits
                            .push(Edit::insert(span.end, format!(", {pending}, this)")));
                    }
                } else {
                    self.edits
                        .push(Edit::insert(body.span.start + 1, format!(" {pending};")));
                }
            }
            None => {
                let text = if extends {
                    format!(" constructor() {{ super(...arguments); {pending}; }}")
                } else {
                    format!(" constructor() {{ {pending}; }}")
                };
                self.edits.push(Edit::insert(class.body.span.end - 1, text));
            }
        }
    }
}

/// The `this` of a static initializer, not of the functions in it.
struct ThisIn(Vec<Span>);

impl<'a> Visit<'a> for ThisIn {
    fn visit_this_expression(&mut self, it: &ThisExpression) {
        self.0.push(it.span);
    }

    fn visit_function(&mut self, _: &Function<'a>, _: ScopeFlags) {}

    fn visit_class(&mut self, _: &Class<'a>) {}
}

/// The `super(...)` calls of a constructor, not those of functions in it.
struct SuperCalls(Vec<Span>);

impl<'a> Visit<'a> for SuperCalls {
    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        if matches!(it.callee, Expression::Super(_)) {
            self.0.push(it.span);
        }
        walk::walk_call_expression(self, it);
    }

    fn visit_function(&mut self, _: &Function<'a>, _: ScopeFlags) {}

    fn visit_class(&mut self, _: &Class<'a>) {}
}

pub(super) fn decorators_of<'b, 'a>(element: &'b ClassElement<'a>) -> &'b [Decorator<'a>] {
    match element {
        ClassElement::MethodDefinition(m) => &m.decorators,
        ClassElement::PropertyDefinition(p) => &p.decorators,
        ClassElement::AccessorProperty(a) => &a.decorators,
        _ => &[],
    }
}

fn is_static(element: &ClassElement<'_>) -> bool {
    match element {
        ClassElement::StaticBlock(_) => true,
        ClassElement::MethodDefinition(m) => m.r#static,
        ClassElement::PropertyDefinition(p) => p.r#static,
        ClassElement::AccessorProperty(a) => a.r#static,
        ClassElement::TSIndexSignature(_) => false,
    }
}

fn element_start(element: &ClassElement<'_>) -> u32 {
    decorators_of(element)
        .iter()
        .map(|d| d.span.start)
        .fold(element.span().start, u32::min)
}

/// The name the class has inside its function: its own, else `tsc`'s.
fn inner_name(class: &Class<'_>, place: &Place) -> String {
    match (&class.id, place) {
        (Some(id), _) => id.name.to_string(),
        (
            None,
            Place::Declaration {
                export: Export::Default,
                ..
            },
        ) => "default_1".into(),
        _ => "class_1".into(),
    }
}
