//! The helpers standard decorators call, as `tsc` defines them
//! (`__esDecorate`, `__runInitializers`, `__setFunctionName`, `__propKey`),
//! each a function declaration on one line: they follow the module's code
//! (declarations are hoisted) and leave its lines where its source map has
//! them.

/// Which helpers a module calls.
#[derive(Debug, Default)]
pub struct Used {
    pub es_decorate: bool,
    pub run_initializers: bool,
    pub set_function_name: bool,
    pub prop_key: bool,
}

impl Used {
    /// The definitions of the helpers called, in `tsc`'s order, each on a
    /// line of its own after the module's last.
    pub fn definitions(&self) -> String {
        [
            (self.run_initializers, RUN_INITIALIZERS),
            (self.es_decorate, ES_DECORATE),
            (self.prop_key, PROP_KEY),
            (self.set_function_name, SET_FUNCTION_NAME),
        ]
        .iter()
        .filter(|(used, _)| *used)
        .map(|(_, text)| format!("\n{text}"))
        .collect()
    }
}

const RUN_INITIALIZERS: &str = concat!(
    "function __runInitializers(thisArg, initializers, value) {",
    " var useValue = arguments.length > 2;",
    " for (var i = 0; i < initializers.length; i++) {",
    " value = useValue ? initializers[i].call(thisArg, value) : initializers[i].call(thisArg); }",
    " return useValue ? value : void 0; }",
);

const ES_DECORATE: &str = concat!(
    "function __esDecorate(ctor, descriptorIn, decorators, contextIn, initializers, extraInitializers) {",
    " function accept(f) { if (f !== void 0 && typeof f !== \"function\") throw new TypeError(\"Function expected\"); return f; }",
    " var kind = contextIn.kind, key = kind === \"getter\" ? \"get\" : kind === \"setter\" ? \"set\" : \"value\";",
    " var target = !descriptorIn && ctor ? contextIn[\"static\"] ? ctor : ctor.prototype : null;",
    " var descriptor = descriptorIn || (target ? Object.getOwnPropertyDescriptor(target, contextIn.name) : {});",
    " var _, done = false;",
    " for (var i = decorators.length - 1; i >= 0; i--) {",
    " var context = {};",
    " for (var p in contextIn) context[p] = p === \"access\" ? {} : contextIn[p];",
    " for (var p in contextIn.access) context.access[p] = contextIn.access[p];",
    " context.addInitializer = function (f) { if (done) throw new TypeError(\"Cannot add initializers after decoration has completed\"); extraInitializers.push(accept(f || null)); };",
    " var result = (0, decorators[i])(kind === \"accessor\" ? { get: descriptor.get, set: descriptor.set } : descriptor[key], context);",
    " if (kind === \"accessor\") {",
    " if (result === void 0) continue;",
    " if (result === null || typeof result !== \"object\") throw new TypeError(\"Object expected\");",
    " if (_ = accept(result.get)) descriptor.get = _;",
    " if (_ = accept(result.set)) descriptor.set = _;",
    " if (_ = accept(result.init)) initializers.unshift(_); }",
    " else if (_ = accept(result)) {",
    " if (kind === \"field\") initializers.unshift(_);",
    " else descriptor[key] = _; } }",
    " if (target) Object.defineProperty(target, contextIn.name, descriptor);",
    " done = true; }",
);

const PROP_KEY: &str =
    "function __propKey(x) { return typeof x === \"symbol\" ? x : \"\".concat(x); }";

const SET_FUNCTION_NAME: &str = concat!(
    "function __setFunctionName(f, name, prefix) {",
    " if (typeof name === \"symbol\") name = name.description ? \"[\".concat(name.description, \"]\") : \"\";",
    " return Object.defineProperty(f, \"name\", { configurable: true, value: prefix ? \"\".concat(prefix, \" \", name) : name }); }",
);

/// The statement that gives the class its metadata object, `this_` being
/// the class (`this`, or `_classThis` when a class decorator may replace
/// it).
pub fn define_metadata(this_: &str) -> String {
    format!(
        "if (_metadata) Object.defineProperty({this_}, Symbol.metadata, \
         {{ enumerable: true, configurable: true, writable: true, value: _metadata }});"
    )
}

/// The metadata object's declaration: inheriting the parent class's when
/// the class extends one.
pub fn metadata(extends: bool) -> String {
    let parent = if extends {
        "_classSuper[Symbol.metadata] ?? null"
    } else {
        "null"
    };
    format!(
        "const _metadata = typeof Symbol === \"function\" && Symbol.metadata ? \
         Object.create({parent}) : void 0;"
    )
}
