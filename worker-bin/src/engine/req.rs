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
//! are functions the prelude made once ([`ReqShape`]): a request costs a
//! dozen property definitions, one native function and no lookup of a name.

use protocol::worker::HttpRequest;
use rquickjs::object::{AsProperty, Property, PropertyFlags};
use rquickjs::{Array, Atom, Ctx, Function, Object, Persistent, TypedArray, Value, qjs};

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

/// What every `req` is made of, made once per engine: the atoms of its
/// keys and the prelude's accessors and methods (its `requestShape`).
pub(super) struct ReqShape {
    /// [`KEYS`], then the hidden key (the prelude's `RAW` symbol).
    keys: Persistent<Vec<Atom<'static>>>,
    /// Get and set of `query`, `headers`, `signal` and `body`, then
    /// `bytes` and `arrayBuffer`.
    parts: Persistent<Vec<Function<'static>>>,
}

impl ReqShape {
    /// Reads the prelude's `requestShape`: `[RAW, get, set, …, bytes,
    /// arrayBuffer]`.
    pub(super) fn new<'js>(ctx: &Ctx<'js>, shape: &Array<'js>) -> rquickjs::Result<ReqShape> {
        let mut keys = KEYS
            .iter()
            .map(|k| Atom::from_str(ctx.clone(), k))
            .collect::<rquickjs::Result<Vec<_>>>()?;
        keys.push(Atom::from_value(ctx.clone(), &shape.get::<Value>(0)?)?);
        let parts = (1..shape.len())
            .map(|i| shape.get::<Function>(i))
            .collect::<rquickjs::Result<Vec<_>>>()?;
        if parts.len() != 10 {
            return Err(rquickjs::Error::new_from_js_message(
                "array",
                "requestShape",
                "the prelude's requestShape must hold a symbol and 10 functions",
            ));
        }
        Ok(ReqShape {
            keys: Persistent::save(ctx, keys),
            parts: Persistent::save(ctx, parts),
        })
    }
}

/// An accessor property (enumerable, configurable) from functions the
/// prelude made once, without wrapping them again.
struct Lazy<'js>(Function<'js>, Function<'js>);

impl<'js> AsProperty<'js, ()> for Lazy<'js> {
    fn config(
        self,
        ctx: &Ctx<'js>,
    ) -> rquickjs::Result<(PropertyFlags, Value<'js>, Value<'js>, Value<'js>)> {
        let flags = qjs::JS_PROP_HAS_GET
            | qjs::JS_PROP_HAS_SET
            | qjs::JS_PROP_HAS_ENUMERABLE
            | qjs::JS_PROP_ENUMERABLE
            | qjs::JS_PROP_HAS_CONFIGURABLE
            | qjs::JS_PROP_CONFIGURABLE;
        let undefined = Value::new_undefined(ctx.clone());
        Ok((
            flags as PropertyFlags,
            undefined,
            self.0.into_value(),
            self.1.into_value(),
        ))
    }
}

/// A plain property, as an assignment makes one: writable, enumerable,
/// configurable.
fn plain<T>(value: T) -> Property<T> {
    Property::from(value).writable().enumerable().configurable()
}

/// Builds `req` for the request `token` runs; its data moves into it.
pub(super) fn request_object<'js>(
    ctx: &Ctx<'js>,
    shape: &ReqShape,
    token: u32,
    id: u64,
    r: HttpRequest,
) -> rquickjs::Result<Object<'js>> {
    let keys = shape.keys.clone().restore(ctx)?;
    let parts = shape.parts.clone().restore(ctx)?;
    let HttpRequest {
        method,
        url,
        headers,
        body,
        ip,
    } = r;
    let query_at = url.find('?');
    let url_js = rquickjs::String::from_str(ctx.clone(), &url)?;
    // Without a query the path is the url: the same string.
    let path = match query_at {
        Some(at) => rquickjs::String::from_str(ctx.clone(), &url[..at])?,
        None => url_js.clone(),
    };
    let obj = Object::new(ctx.clone())?;
    let key = |i: usize| keys[i].clone();
    let lazy = |i: usize| Lazy(parts[2 * i].clone(), parts[2 * i + 1].clone());
    obj.prop(key(0), plain(id as f64))?;
    obj.prop(key(1), plain(method.as_str()))?;
    obj.prop(key(2), plain(url_js))?;
    obj.prop(key(3), plain(path))?;
    obj.prop(key(4), lazy(0))?;
    obj.prop(key(5), lazy(1))?;
    obj.prop(key(6), plain(ip.as_str()))?;
    obj.prop(key(7), lazy(2))?;
    obj.prop(key(8), lazy(3))?;
    obj.prop(key(9), plain(parts[8].clone()))?;
    obj.prop(key(10), plain(parts[9].clone()))?;
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
    // Hidden: not enumerable, not writable, not configurable.
    obj.prop(key(11), Property::from(raw))?;
    Ok(obj)
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
