//! One member's edits (`decorators_standard`): its name, `context` and
//! decorator list in `tsc`'s terms, its initializers chained, a private
//! method or accessor reached through a descriptor, an `accessor` field as
//! private storage with a getter and a setter.

use oxc_ast::ast::{Class, ClassElement, Function, MethodDefinitionKind, PropertyKey, Super};
use oxc_ast_visit::Visit;
use oxc_semantic::ScopeFlags;
use oxc_span::{GetSpan, Span};

use super::decorators_standard::{Edit, decorator_list, one_line, temp};
use super::decorators_standard_class::{Kind, Name, Out, decorators_of};
use super::decorators_standard_emit::Used;

impl Out<'_> {
    /// A variable name for a member's lists, `tsc`'s where it is free.
    fn var(&mut self, is_static: bool, name: &Name, kind: Kind) -> String {
        let accessor = match kind {
            Kind::Getter => "get_",
            Kind::Setter => "set_",
            _ => "",
        };
        let base = format!(
            "_{}{}{accessor}{}",
            if is_static { "static_" } else { "" },
            if name.private { "private_" } else { "" },
            name.ident
        );
        self.unique(base)
    }

    fn unique(&mut self, base: String) -> String {
        let mut name = base.clone();
        let mut n = 1;
        while !self.names.insert(name.clone()) {
            n += 1;
            name = format!("{base}_{n}");
        }
        name
    }

    /// The member's name. A computed key becomes a variable (when the
    /// member is decorated or an accessor) set where the key was, after
    /// the decorator lists waiting for it; `edit` says whether to edit the
    /// key in place (else `key` holds it all).
    fn name(
        &mut self,
        key: &PropertyKey<'_>,
        computed: bool,
        need_variable: bool,
        edit: bool,
        used: &mut Used,
    ) -> Name {
        if !computed {
            if let PropertyKey::PrivateIdentifier(p) = key {
                return Name {
                    value: format!("\"#{}\"", p.name),
                    member: format!(".#{}", p.name),
                    key: format!("#{}", p.name),
                    private: true,
                    ident: p.name.to_string(),
                };
            }
            if let PropertyKey::StaticIdentifier(id) = key {
                return Name {
                    value: format!("\"{}\"", id.name),
                    member: format!(".{}", id.name),
                    key: id.name.to_string(),
                    private: false,
                    ident: id.name.to_string(),
                };
            }
            let text = key.static_name().unwrap_or_default().to_string();
            let value = serde_json::to_string(&text).unwrap_or_default();
            let ident: String = text
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            return Name {
                member: format!("[{value}]"),
                key: value.clone(),
                value,
                private: false,
                ident,
            };
        }
        let span = key.span();
        let variable = need_variable.then(|| temp(&mut self.temps));
        let mut open = String::new();
        let mut close = String::new();
        if variable.is_some() || !self.assigns.is_empty() {
            open.push('(');
            for a in self.assigns.drain(..) {
                open.push_str(&format!("{a}, "));
            }
            if let Some(v) = &variable {
                used.prop_key = true;
                open.push_str(&format!("{v} = __propKey("));
                close.push(')');
            }
            close.push(')');
        }
        let full = if edit {
            if !open.is_empty() {
                self.edits.push(Edit::insert(span.start, open));
                self.edits.push(Edit::insert(span.end, close));
            }
            String::new()
        } else {
            format!("[{open}{}{close}]", one_line(self.code, span))
        };
        let v = variable.unwrap_or_default();
        Name {
            value: v.clone(),
            member: format!("[{v}]"),
            key: if edit { format!("[{v}]") } else { full },
            private: false,
            ident: "member".into(),
        }
    }

    /// `context`'s object for a member.
    fn context(&self, kind: Kind, name: &Name, is_static: bool) -> String {
        let has = if name.private {
            format!("obj => {} in obj", name.key)
        } else {
            format!("obj => {} in obj", name.value)
        };
        let get = format!("get: obj => obj{}", name.member);
        let set = format!("set: (obj, value) => {{ obj{} = value; }}", name.member);
        let access = match kind {
            Kind::Method | Kind::Getter => format!("has: {has}, {get}"),
            Kind::Setter => format!("has: {has}, {set}"),
            Kind::Field | Kind::Accessor => format!("has: {has}, {get}, {set}"),
        };
        format!(
            "{{ kind: \"{}\", name: {}, static: {is_static}, private: {}, access: {{ {access} }}, metadata: _metadata }}",
            kind.name(),
            name.value,
            name.private
        )
    }

    /// One member's edits and decoration; `pending` holds the extra
    /// initializers to run before the next instance field's value.
    pub(super) fn member(
        &mut self,
        element: &ClassElement<'_>,
        this_: &str,
        pending: &mut Vec<String>,
        used: &mut Used,
    ) -> Result<(), (u32, String)> {
        let decorators = decorators_of(element);
        for d in decorators {
            self.edits.push(Edit::new(d.span.start, d.span.end, ""));
        }
        let decorated = !decorators.is_empty();
        let list = decorator_list(self.code, decorators, &mut self.temps);
        let after = decorators
            .iter()
            .map(|d| d.span.end)
            .fold(element.span().start, u32::max);
        let end = element.span().end;
        match element {
            ClassElement::MethodDefinition(m) if m.kind != MethodDefinitionKind::Constructor => {
                let kind = match m.kind {
                    MethodDefinitionKind::Get => Kind::Getter,
                    MethodDefinitionKind::Set => Kind::Setter,
                    _ => Kind::Method,
                };
                let var = self.announce(decorated, &list);
                let name = self.name(&m.key, m.computed, decorated, true, used);
                let Some(var) = var else { return Ok(()) };
                let var = self.rename(var, m.r#static, &name, kind);
                let extra = if m.r#static {
                    "_staticExtraInitializers"
                } else {
                    "_instanceExtraInitializers"
                };
                let mut descriptor = "null".to_string();
                if name.private {
                    // Its body becomes a function's, where `super` means
                    // nothing.
                    let mut uses = UsesSuper(false);
                    if let Some(body) = &m.value.body {
                        uses.visit_function_body(body);
                    }
                    if uses.0 {
                        return Err((
                            m.span.start,
                            format!(
                                "the decorated private {} `{}` uses `super`, which bext \
                                 cannot keep when it lowers the decorator",
                                kind.name(),
                                name.key
                            ),
                        ));
                    }
                    used.set_function_name = true;
                    let d = format!("{var}_descriptor");
                    self.decls.push(format!("let {d};"));
                    let (field, prefix, body) = match kind {
                        Kind::Getter => (
                            "get",
                            ", \"get\"",
                            format!("get {}() {{ return {d}.get.call(this); }}", name.key),
                        ),
                        Kind::Setter => (
                            "set",
                            ", \"set\"",
                            format!(
                                "set {}(value) {{ return {d}.set.call(this, value); }}",
                                name.key
                            ),
                        ),
                        _ => (
                            "value",
                            "",
                            format!("get {}() {{ return {d}.value; }}", name.key),
                        ),
                    };
                    descriptor = format!(
                        "{d} = {{ {field}: __setFunctionName({}, {}{prefix}) }}",
                        function_text(self.code, &m.value),
                        name.value
                    );
                    let s = if m.r#static { "static " } else { "" };
                    self.edits.push(Edit::new(after, end, format!("{s}{body}")));
                }
                let context = self.context(kind, &name, m.r#static);
                self.calls[usize::from(!m.r#static)].push(format!(
                    "__esDecorate(this, {descriptor}, {var}_decorators, {context}, null, {extra})"
                ));
            }
            ClassElement::PropertyDefinition(p) => {
                let var = self.announce(decorated, &list);
                let name = self.name(&p.key, p.computed, decorated, true, used);
                let var = var.map(|v| self.rename(v, p.r#static, &name, Kind::Field));
                let (open, close) = self.chain(var.as_deref(), p.r#static, this_, pending, end);
                match &p.value {
                    Some(v) if !open.is_empty() => {
                        self.edits.push(Edit::insert(v.span().start, open));
                        self.edits.push(Edit::insert(v.span().end, close));
                    }
                    None if !open.is_empty() => {
                        let at = if self.code[..end as usize].ends_with(';') {
                            end - 1
                        } else {
                            end
                        };
                        self.edits
                            .push(Edit::insert(at, format!(" = {open}void 0{close}")));
                    }
                    _ => {}
                }
                if let Some(var) = var {
                    let context = self.context(Kind::Field, &name, p.r#static);
                    self.calls[2 + usize::from(!p.r#static)].push(format!(
                        "__esDecorate(null, null, {var}_decorators, {context}, {var}_initializers, {var}_extraInitializers)"
                    ));
                }
            }
            ClassElement::AccessorProperty(a) => {
                let var = self.announce(decorated, &list);
                let name = self.name(&a.key, a.computed, true, false, used);
                let var = var.map(|v| self.rename(v, a.r#static, &name, Kind::Accessor));
                let s = if a.r#static { "static " } else { "" };
                // A static accessor of a class a decorator may replace keeps
                // its value in the class's function, where the replacement
                // reads it too.
                let outside = a.r#static && this_ == "_classThis";
                let storage = if outside {
                    let v = self.unique(format!(
                        "_{}_accessor_storage",
                        name.ident.trim_start_matches('_')
                    ));
                    self.decls.push(format!("let {v};"));
                    v
                } else {
                    self.unique(format!(
                        "#{}_accessor_storage",
                        name.ident.trim_start_matches('_')
                    ))
                };
                let (read, write, before, after_value) = if outside {
                    (
                        format!("{storage}.value"),
                        format!("{storage}.value"),
                        format!("static {{ {storage} = {{ value: "),
                        " }; }".to_string(),
                    )
                } else {
                    (
                        format!("this.{storage}"),
                        format!("this.{storage}"),
                        format!("{s}{storage} = "),
                        ";".to_string(),
                    )
                };
                let (open, close) = self.chain(var.as_deref(), a.r#static, this_, pending, end);
                let plain_key = if a.computed {
                    format!("[{}]", name.value)
                } else {
                    name.key.clone()
                };
                let mut descriptor = "null".to_string();
                let accessors = match &var {
                    Some(var) if name.private => {
                        used.set_function_name = true;
                        let d = format!("{var}_descriptor");
                        self.decls.push(format!("let {d};"));
                        descriptor = format!(
                            "{d} = {{ get: __setFunctionName(function () {{ return {read}; }}, {0}, \"get\"), \
                             set: __setFunctionName(function (value) {{ {write} = value; }}, {0}, \"set\") }}",
                            name.value
                        );
                        format!(
                            "{s}get {}() {{ return {d}.get.call(this); }} {s}set {plain_key}(value) {{ return {d}.set.call(this, value); }}",
                            name.key
                        )
                    }
                    _ => format!(
                        "{s}get {}() {{ return {read}; }} {s}set {plain_key}(value) {{ {write} = value; }}",
                        name.key
                    ),
                };
                match &a.value {
                    Some(v) => {
                        self.edits.push(Edit::new(
                            after,
                            v.span().start,
                            format!("{before}{open}"),
                        ));
                        self.edits.push(Edit::new(
                            v.span().end,
                            end,
                            format!("{close}{after_value} {accessors}"),
                        ));
                    }
                    None => {
                        let text = if open.is_empty() && !outside {
                            format!("{s}{storage}; {accessors}")
                        } else {
                            format!("{before}{open}void 0{close}{after_value} {accessors}")
                        };
                        self.edits.push(Edit::new(after, end, text));
                    }
                }
                if let Some(var) = var {
                    let context = self.context(Kind::Accessor, &name, a.r#static);
                    self.calls[usize::from(!a.r#static)].push(format!(
                        "__esDecorate(this, {descriptor}, {var}_decorators, {context}, {var}_initializers, {var}_extraInitializers)"
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Notes a decorated member's list, to be evaluated in order; gives
    /// its variables' stem.
    fn announce(&mut self, decorated: bool, list: &str) -> Option<String> {
        if !decorated {
            return None;
        }
        let stem = format!("_decorated{}", self.names.len());
        self.assigns.push(format!("{stem}_decorators = {list}"));
        Some(stem)
    }

    /// The stem's final name, `tsc`'s: the placeholder `announce` gave is
    /// replaced in the lists waiting and already written.
    fn rename(&mut self, stem: String, is_static: bool, name: &Name, kind: Kind) -> String {
        let var = self.var(is_static, name, kind);
        let from = format!("{stem}_decorators");
        let to = format!("{var}_decorators");
        for a in self.assigns.iter_mut() {
            *a = a.replace(&from, &to);
        }
        for e in self.edits.iter_mut() {
            e.text = e.text.replace(&from, &to);
        }
        self.decls.push(format!("let {to};"));
        if kind.is_field() {
            self.decls.push(format!(
                "let {var}_initializers = []; let {var}_extraInitializers = [];"
            ));
        }
        var
    }

    /// The text around a field's value: extra initializers waiting, then
    /// its own initializers when decorated. Static fields run their extra
    /// initializers in a static block just after them.
    fn chain(
        &mut self,
        var: Option<&str>,
        is_static: bool,
        this_: &str,
        pending: &mut Vec<String>,
        end: u32,
    ) -> (String, String) {
        let mut open = String::new();
        let mut close = String::new();
        if !is_static && !pending.is_empty() {
            open.push_str(&format!("({}, ", pending.join(", ")));
            close.push(')');
            pending.clear();
        }
        if let Some(var) = var {
            let target = if is_static { this_ } else { "this" };
            open.push_str(&format!("__runInitializers({target}, {var}_initializers, "));
            close.insert(0, ')');
            if is_static {
                self.edits.push(Edit::insert(
                    end,
                    format!(" static {{ __runInitializers({this_}, {var}_extraInitializers); }}"),
                ));
            } else {
                pending.push(format!("__runInitializers(this, {var}_extraInitializers)"));
            }
        }
        (open, close)
    }
}

/// A method as a function expression (its parameters and body).
fn function_text(code: &str, f: &Function<'_>) -> String {
    let end = f.body.as_ref().map_or(f.span.end, |b| b.span.end);
    format!(
        "{}function{} {}",
        if f.r#async { "async " } else { "" },
        if f.generator { "*" } else { "" },
        one_line(code, Span::new(f.params.span.start, end))
    )
}

/// Whether a method's body uses `super` (in its arrow functions too, not
/// in its other functions or classes).
struct UsesSuper(bool);

impl<'a> Visit<'a> for UsesSuper {
    fn visit_super(&mut self, _: &Super) {
        self.0 = true;
    }

    fn visit_function(&mut self, _: &Function<'a>, _: ScopeFlags) {}

    fn visit_class(&mut self, _: &Class<'a>) {}
}
