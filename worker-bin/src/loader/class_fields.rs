//! Parameter properties as `tsc` emits them when class fields have their
//! JavaScript meaning (`useDefineForClassFields`, the default from target
//! ES2022): `constructor(private readonly cats: CatsService)` also declares
//! the field `cats;` first in the class, so the fields of an instance come
//! in `tsc`'s order (`Object.keys`, JSON, serializers). oxc assigns the
//! field in the constructor but declares nothing.

use oxc_allocator::Allocator;
use oxc_ast::ast::{Class, ClassElement, Program, PropertyDefinitionType};
use oxc_ast::{AstBuilder, NONE};
use oxc_ast_visit::{VisitMut, walk_mut};

/// Declares each class's parameter properties as fields, before its other
/// members.
pub fn declare_parameter_properties<'a>(allocator: &'a Allocator, program: &mut Program<'a>) {
    Declare {
        ast: AstBuilder::new(allocator),
    }
    .visit_program(program);
}

struct Declare<'a> {
    ast: AstBuilder<'a>,
}

impl<'a> VisitMut<'a> for Declare<'a> {
    fn visit_class(&mut self, class: &mut Class<'a>) {
        walk_mut::walk_class(self, class);
        let Some(constructor) = class.body.body.iter().find_map(|e| match e {
            ClassElement::MethodDefinition(m) if m.kind.is_constructor() => Some(m),
            _ => None,
        }) else {
            return;
        };
        let names: Vec<_> = constructor
            .value
            .params
            .items
            .iter()
            .filter(|p| p.has_modifier())
            .filter_map(|p| p.pattern.get_binding_identifier())
            .map(|id| (id.span, id.name))
            .collect();
        let fields = names.into_iter().map(|(span, name)| {
            self.ast.class_element_property_definition(
                span,
                PropertyDefinitionType::PropertyDefinition,
                self.ast.vec(),
                self.ast.property_key_static_identifier(span, name),
                NONE,
                None,
                false,
                false,
                false,
                false,
                false,
                false,
                false,
                None,
            )
        });
        let fields: Vec<_> = fields.collect();
        if !fields.is_empty() {
            class.body.body.splice(0..0, fields);
        }
    }
}
