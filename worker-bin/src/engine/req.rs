//! The `req` that `export function handler(req)` gets, made cheaply.
//!
//! A handler reads a field or two of most requests (a hello: `path`,
//! `method`, `url`), so `req` holds what costs little from the start (`id`,
//! `method`, `url`, `path`, `ip`, `bytes`, `arrayBuffer`) and gets the rest
//! as accessors: `query`, `headers`, `signal` and `body` are made on first
//! read, then become plain data properties as they always were
//! (js/glue.js, `lazyField`). Their data stays here, owned by a native
//! function kept under a hidden symbol (`req[RAW]`) that makes the headers
//! or query object, or a copy of the body's bytes, when asked.
//!
//! The object looks as it did when it was built whole: the same own keys in
//! the same order (`Object.keys`, `JSON.stringify`, `in` see no change),
//! the same values. Only a property descriptor read before the first read
//! of the field shows an accessor.
//!
//! The keys are atoms made once per engine, and the accessors and methods
//! are functions the prelude made once ([`ReqShape`]). A template object
//! with every key is built once from them; each `req` is made in one call
//! with the template's shape (`JS_NewObjectLike`, added to the vendored
//! QuickJS: see vendor/rquickjs-sys/BEXT.md), its values dropped in: no
//! property lookup, no shape transition, no property array regrown.

use std::os::raw::c_int;

use protocol::worker::HttpRequest;
use rquickjs::{Array, Ctx, Function, Object, Persistent, TypedArray, Value, qjs};

unsafe extern "C" {
    /// A new object with `tmpl`'s shape; takes `count` owned values (an
    /// accessor's is freed and the template's getter and setter shared).
    fn JS_NewObjectLike(
        ctx: *mut qjs::JSContext,
        tmpl: qjs::JSValue,
        count: c_int,
        values: *const qjs::JSValue,
    ) -> qjs::JSValue;
}

/// `req`'s own keys, in their order (the hidden key of its data, `RAW`,
/// comes from the prelude).
const KEYS: [&str; 11] = [
    "id",
    "method",
    "url",
    "path",
    "query",
    "headers",
    "ip",
    "signal",
    "body",
    "bytes",
    "arrayBuffer",
];

/// What `req[RAW](part)` makes; the same numbers as in js/glue.js.
const HEADERS: u32 = 0;
const QUERY: u32 = 1;
const BYTES: u32 = 2;
const TOKEN: u32 = 3;

/// A plain property, as an assignment makes one.
const PLAIN: c_int =
    (qjs::JS_PROP_WRITABLE | qjs::JS_PROP_ENUMERABLE | qjs::JS_PROP_CONFIGURABLE) as c_int;
/// An accessor made on first read: enumerable and configurable, so it can
/// become a plain property.
const LAZY: c_int = (qjs::JS_PROP_ENUMERABLE | qjs::JS_PROP_CONFIGURABLE) as c_int;
/// The hidden key: not enumerable, not writable, not configurable.
const HIDDEN: c_int = 0;

/// What every `req` is made of, made once per engine: the atoms of its
/// keys and the prelude's accessors and methods (its `requestShape`).
pub(super) struct ReqShape {
    /// [`KEYS`], then the hidden key (the prelude's `RAW` symbol): the
    /// template's keys. Owned: they live as long as the runtime.
    _keys: [qjs::JSAtom; 12],
    /// Get and set of `query`, `headers`, `signal` and `body`, then
    /// `bytes` and `arrayBuffer`, as `_held` keeps them alive.
    parts: [qjs::JSValue; 10],
    _held: Persistent<Vec<Function<'static>>>,
    /// An object with every key, the accessors and methods in place and
    /// the other values undefined: each `req` takes its shape. Raw, as
    /// `_template` keeps it alive.
    template: qjs::JSValue,
    _template: Persistent<Object<'static>>,
}

/// Which keys are accessors: the index of their getter in `parts` / 2.
fn lazy_part(key: usize) -> Option<usize> {
    match key {
        4 => Some(0),
        5 => Some(1),
        7 => Some(2),
        8 => Some(3),
        _ => None,
    }
}

impl ReqShape {
    /// Reads the prelude's `requestShape`: `[RAW, get, set, …, bytes,
    /// arrayBuffer]`.
    pub(super) fn new<'js>(ctx: &Ctx<'js>, shape: &Array<'js>) -> rquickjs::Result<ReqShape> {
        let c = ctx.as_raw().as_ptr();
        let mut keys = [0; 12];
        for (k, name) in keys.iter_mut().zip(KEYS) {
            // SAFETY: `c` is this runtime's live context; the atom is owned
            // by the shape, which lives as long as the engine.
            *k = unsafe { qjs::JS_NewAtomLen(c, name.as_ptr().cast(), name.len() as _) };
        }
        let raw: Value = shape.get(0)?;
        // SAFETY: as above; a symbol's atom, owned the same way.
        keys[11] = unsafe { qjs::JS_ValueToAtom(c, raw.as_raw()) };
        if keys.contains(&0) {
            return Err(rquickjs::Error::Exception);
        }
        let held = (1..shape.len())
            .map(|i| shape.get::<Function>(i))
            .collect::<rquickjs::Result<Vec<_>>>()?;
        if held.len() != 10 {
            return Err(rquickjs::Error::new_from_js_message(
                "array",
                "requestShape",
                "the prelude's requestShape must hold a symbol and 10 functions",
            ));
        }
        let mut parts = [qjs::JS_NewFloat64(0.0); 10];
        for (p, f) in parts.iter_mut().zip(&held) {
            *p = f.as_raw();
        }
        let template = template(ctx, &keys, &parts)?;
        Ok(ReqShape {
            _keys: keys,
            parts,
            _held: Persistent::save(ctx, held),
            template: template.as_raw(),
            _template: Persistent::save(ctx, template),
        })
    }
}

/// The template: a new object with `req`'s keys defined one by one, its
/// accessors and methods in place, every other value undefined.
fn template<'js>(
    ctx: &Ctx<'js>,
    keys: &[qjs::JSAtom; 12],
    parts: &[qjs::JSValue; 10],
) -> rquickjs::Result<Object<'js>> {
    let c = ctx.as_raw().as_ptr();
    // SAFETY: `c` is this context, alive for 'js. The object is owned by
    // `obj` as soon as it is made; the atoms and functions live as long as
    // the engine, and each function gets a reference of its own for `obj`.
    unsafe {
        let made = qjs::JS_NewObject(c);
        if qjs::JS_IsException(made) {
            return Err(rquickjs::Error::Exception);
        }
        let obj = Value::from_raw(ctx.clone(), made)
            .into_object()
            .ok_or(rquickjs::Error::Exception)?;
        let o = obj.as_raw();
        let dup = |i: usize| qjs::JS_DupValue(c, parts[i]);
        for (i, &key) in keys.iter().enumerate() {
            let r = match (lazy_part(i), i) {
                (Some(p), _) => {
                    qjs::JS_DefinePropertyGetSet(c, o, key, dup(2 * p), dup(2 * p + 1), LAZY)
                }
                (None, 9 | 10) => qjs::JS_DefinePropertyValue(c, o, key, dup(i - 1), PLAIN),
                (None, 11) => qjs::JS_DefinePropertyValue(c, o, key, qjs::JS_UNDEFINED, HIDDEN),
                (None, _) => qjs::JS_DefinePropertyValue(c, o, key, qjs::JS_UNDEFINED, PLAIN),
            };
            if r < 0 {
                return Err(rquickjs::Error::Exception);
            }
        }
        Ok(obj)
    }
}

/// A new JS string of `s`, owned by the caller.
///
/// # Safety
/// `c` is a live context.
unsafe fn string(c: *mut qjs::JSContext, s: &str) -> rquickjs::Result<qjs::JSValue> {
    let v = unsafe { qjs::JS_NewStringLen(c, s.as_ptr().cast(), s.len() as _) };
    match unsafe { qjs::JS_IsException(v) } {
        true => Err(rquickjs::Error::Exception),
        false => Ok(v),
    }
}

/// Builds `req` for the request `token` runs; its data moves into it.
pub(super) fn request_object<'js>(
    ctx: &Ctx<'js>,
    shape: &ReqShape,
    token: u32,
    id: u64,
    r: HttpRequest,
) -> rquickjs::Result<Object<'js>> {
    let HttpRequest {
        method,
        url,
        headers,
        body,
        ip,
    } = r;
    let query_at = url.find('?');
    let c = ctx.as_raw().as_ptr();
    let mut values = [qjs::JS_UNDEFINED; 12];
    // SAFETY: `c` is this context, alive for 'js; every value made here
    // goes into `values`, which JS_NewObjectLike takes (and frees what it
    // does not use). On an error here, the values made before leak: only
    // when QuickJS is out of memory.
    unsafe {
        values[0] = qjs::JS_NewFloat64(id as f64);
        values[1] = string(c, &method)?;
        values[2] = string(c, &url)?;
        // Without a query the path is the url: the same string.
        values[3] = match query_at {
            Some(at) => string(c, &url[..at])?,
            None => qjs::JS_DupValue(c, values[2]),
        };
        values[6] = string(c, &ip)?;
    }
    let raw = Function::new(
        ctx.clone(),
        move |ctx: Ctx<'js>, part: u32| -> rquickjs::Result<Value<'js>> {
            match part {
                HEADERS => Ok(headers_object(&ctx, &headers)?.into_value()),
                QUERY => {
                    let query = query_at.map_or("", |at| &url[at + 1..]);
                    Ok(query_object(&ctx, query)?.into_value())
                }
                BYTES => Ok(TypedArray::<u8>::new_copy(ctx, &body)?.into_value()),
                TOKEN => Ok(Value::new_number(ctx, f64::from(token))),
                _ => Ok(Value::new_undefined(ctx)),
            }
        },
    )?;
    // SAFETY: `c` is this context. `raw` and the methods get a reference
    // of their own for the new object; JS_NewObjectLike takes every value
    // (also on failure), and the template lives as long as the engine.
    unsafe {
        values[9] = qjs::JS_DupValue(c, shape.parts[8]);
        values[10] = qjs::JS_DupValue(c, shape.parts[9]);
        values[11] = qjs::JS_DupValue(c, raw.as_raw());
        let made = JS_NewObjectLike(c, shape.template, 12, values.as_ptr());
        if qjs::JS_IsException(made) {
            return Err(rquickjs::Error::Exception);
        }
        Value::from_raw(ctx.clone(), made)
            .into_object()
            .ok_or(rquickjs::Error::Exception)
    }
}

/// The request's `name` header as `req.headers` has it (repeated ones
/// joined with `, `), if it has one: what the prelude needs to trace a
/// request without making `headers`.
pub(super) fn header_value<'a>(
    headers: &'a [(String, String)],
    name: &str,
) -> Option<std::borrow::Cow<'a, str>> {
    let mut same = headers.iter().filter(|(k, _)| k == name).map(|(_, v)| v);
    let first = same.next()?;
    let Some(second) = same.next() else {
        return Some(first.as_str().into());
    };
    let mut joined = format!("{first}, {second}");
    for more in same {
        joined.push_str(", ");
        joined.push_str(more);
    }
    Some(joined.into())
}

/// `req.query`: each key of the query string to its value; a repeated key
/// becomes an array of its values, in order.
fn query_object<'js>(ctx: &Ctx<'js>, query: &str) -> rquickjs::Result<Object<'js>> {
    let q = Object::new(ctx.clone())?;
    for (k, v) in url::form_urlencoded::parse(query.as_bytes()) {
        match q.get::<_, Value>(k.as_ref())? {
            prev if prev.is_undefined() => q.set(k.as_ref(), v.as_ref())?,
            prev => {
                let arr = match prev.as_array() {
                    Some(a) => a.clone(),
                    None => {
                        let a = Array::new(ctx.clone())?;
                        a.set(0, prev)?;
                        a
                    }
                };
                arr.set(arr.len(), v.as_ref())?;
                q.set(k.as_ref(), arr)?;
            }
        }
    }
    Ok(q)
}

/// `req.headers`: each header name to its value; repeated headers are
/// joined with `, `, as Node does for most of them. Joined here, so each
/// name is set once and never read back from JS.
fn headers_object<'js>(
    ctx: &Ctx<'js>,
    headers: &[(String, String)],
) -> rquickjs::Result<Object<'js>> {
    let obj = Object::new(ctx.clone())?;
    for (i, (k, _)) in headers.iter().enumerate() {
        if headers[..i].iter().any(|(seen, _)| seen == k) {
            continue; // joined with its first occurrence
        }
        if let Some(v) = header_value(&headers[i..], k) {
            obj.set(k.as_str(), v.as_ref())?;
        }
    }
    Ok(obj)
}

#[cfg(test)]
mod tests {
    use super::header_value;

    #[test]
    fn a_header_value_joins_repeats_in_order() {
        let h = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let one = h(&[("traceparent", "a"), ("x", "y")]);
        assert_eq!(header_value(&one, "traceparent").as_deref(), Some("a"));
        assert_eq!(header_value(&one, "tracestate"), None);
        let three = h(&[("t", "a"), ("x", "y"), ("t", "b"), ("t", "c")]);
        assert_eq!(header_value(&three, "t").as_deref(), Some("a, b, c"));
    }
}
