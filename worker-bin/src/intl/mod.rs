//! `Intl` (ECMA-402) on ICU4X: the Rust half.
//!
//! Theory of operation. `Intl` is a lazy global (`node::install`): the
//! first read of it runs the built-in `internal/intl` (`js/intl.js` and its
//! parts, bytecode like every built-in), which reads options as ECMA-402
//! says (order, coercions, errors), shapes the objects and calls the doors
//! this module adds to the built-ins' `host`. A worker that never touches
//! `Intl` or a locale-taking method runs none of this and reads none of the
//! locale data, which is compiled into the binary (ICU4X's `compiled_data`:
//! read-only pages every worker shares through the page cache).
//!
//! Formatters are built once per worker for each (locale, options): a
//! constructor's door takes the key JS made from them and answers the
//! handle of the cached formatter ([`Cache`]), so formatting in a loop with
//! a new `Intl.NumberFormat` each time costs a format, not a build.
//!
//! Files: `locale` (canonical tags, likely subtags, which locales have
//! data), `locale_info` (Intl.Locale's hour cycles, week, time zones and
//! text direction), `number` (NumberFormat) with `rounding` (ECMA-402's digit
//! options) and `parts` (formatToParts), `plural` (PluralRules), `collator`
//! (Collator, localeCompare, locale case mapping), `datetime`
//! (DateTimeFormat, with the tz database of `chrono-tz`), `relative`
//! (RelativeTimeFormat), `list` (ListFormat), `segmenter` (Segmenter),
//! `display` (DisplayNames), `duration` (DurationFormat's digital
//! format; the rest of DurationFormat is NumberFormat and ListFormat).

mod collator;
mod datetime;
mod datetime_parts;
mod display;
mod duration;
mod list;
mod locale;
mod locale_info;
mod number;
mod parts;
mod plural;
mod relative;
mod rounding;
mod segmenter;
mod skeleton;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use rquickjs::function::{Rest, This};
use rquickjs::object::Property;
use rquickjs::{Ctx, Exception, Function, Object, Result, Value};

/// The formatters of one kind a worker has built, by the key JS gives
/// (locale and resolved options); a handle is an index into `items`.
pub(crate) struct Cache<T> {
    by_key: HashMap<String, u32>,
    items: Vec<Rc<T>>,
}

impl<T> Default for Cache<T> {
    fn default() -> Self {
        Cache {
            by_key: HashMap::new(),
            items: Vec::new(),
        }
    }
}

thread_local! {
    static ASKED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many times this thread's `Intl` objects asked for a formatter (a
/// constructor's door, cached or not): what a locale method called in a
/// loop must not do at each call (`tests/intl_cache.rs`).
pub fn formatters_asked() -> u64 {
    ASKED.with(|a| a.get())
}

impl<T> Cache<T> {
    /// The handle of `key`'s formatter, built by `make` the first time.
    pub(crate) fn handle<E>(
        &mut self,
        key: String,
        make: impl FnOnce() -> std::result::Result<T, E>,
    ) -> std::result::Result<u32, E> {
        ASKED.with(|a| a.set(a.get() + 1));
        if let Some(h) = self.by_key.get(&key) {
            return Ok(*h);
        }
        let h = self.items.len() as u32;
        self.items.push(Rc::new(make()?));
        self.by_key.insert(key, h);
        Ok(h)
    }

    pub(crate) fn get(&self, handle: u32) -> Option<Rc<T>> {
        self.items.get(handle as usize).cloned()
    }
}

/// A cache in a thread-local, and the formatter behind a handle from it.
pub(crate) fn with_cache<T: 'static, R>(
    cache: &'static std::thread::LocalKey<RefCell<Cache<T>>>,
    f: impl FnOnce(&mut Cache<T>) -> R,
) -> R {
    cache.with(|c| f(&mut c.borrow_mut()))
}

pub(crate) fn lookup<'js, T: 'static>(
    ctx: &Ctx<'js>,
    cache: &'static std::thread::LocalKey<RefCell<Cache<T>>>,
    handle: u32,
) -> Result<Rc<T>> {
    with_cache(cache, |c| c.get(handle))
        .ok_or_else(|| Exception::throw_type(ctx, "Intl: not a formatter of this worker"))
}

/// A failure to build a formatter (no data for it), as a RangeError.
pub(crate) fn data_error<E: std::fmt::Display>(ctx: &Ctx<'_>, e: E) -> rquickjs::Error {
    Exception::throw_range(ctx, &format!("Intl: {e}"))
}

/// The built-ins' methods that take locales: (constructor, method, length,
/// the name `internal/intl` exports it under in `builtins`).
const METHODS: &[(&str, &str, usize, &str)] = &[
    ("String", "localeCompare", 1, "localeCompare"),
    ("String", "toLocaleUpperCase", 0, "toLocaleUpperCase"),
    ("String", "toLocaleLowerCase", 0, "toLocaleLowerCase"),
    ("Number", "toLocaleString", 0, "numberToLocaleString"),
    ("BigInt", "toLocaleString", 0, "bigintToLocaleString"),
    ("Array", "toLocaleString", 0, "arrayToLocaleString"),
    (
        "TypedArray",
        "toLocaleString",
        0,
        "typedArrayToLocaleString",
    ),
    ("Date", "toLocaleString", 0, "dateToLocaleString"),
    ("Date", "toLocaleDateString", 0, "dateToLocaleDateString"),
    ("Date", "toLocaleTimeString", 0, "dateToLocaleTimeString"),
];

/// `internal/intl`'s `builtins` once loaded, kept in the runtime's user
/// data (dropped before the runtime is): a locale method's later calls
/// skip `require` (`a.localeCompare(b)` in a sort is called thousands of
/// times).
struct Builtins<'js>(Object<'js>);

// SAFETY: `Builtins` holds nothing whose lifetime is not `'js`.
unsafe impl<'js> rquickjs::JsLifetime<'js> for Builtins<'js> {
    type Changed<'to> = Builtins<'to>;
}

/// The function `internal/intl` exports as `builtins[key]`.
fn builtin<'js>(ctx: &Ctx<'js>, key: &str) -> Result<Function<'js>> {
    let kept = ctx.userdata::<Builtins>().map(|b| b.0.clone());
    let builtins = match kept {
        Some(b) => b,
        None => {
            let exports = crate::node::require(ctx, "internal/intl")?;
            let b: Object = exports
                .as_object()
                .ok_or_else(|| Exception::throw_internal(ctx, "internal/intl"))?
                .get("builtins")?;
            // Only fails while the user data is borrowed: then kept later.
            let _ = ctx.store_userdata(Builtins(b.clone()));
            b
        }
    };
    builtins.get(key)
}

/// Replaces QuickJS's locale-blind `localeCompare`, `toLocale*Case` and
/// `toLocaleString` with small Rust functions that run `internal/intl` on
/// their first call and hand it their receiver and arguments: at boot this
/// makes ten function objects and reads no locale data.
pub fn install_methods<'js>(ctx: &Ctx<'js>) -> Result<()> {
    let globals = ctx.globals();
    for &(ctor, name, length, key) in METHODS {
        // %TypedArray% has no global name: Int8Array's prototype's
        // prototype is its prototype.
        let proto: Object = if ctor == "TypedArray" {
            let int8: Object = globals.get::<_, Object>("Int8Array")?.get("prototype")?;
            int8.get_prototype()
                .ok_or_else(|| Exception::throw_internal(ctx, "%TypedArray%.prototype"))?
        } else {
            globals.get::<_, Object>(ctor)?.get("prototype")?
        };
        let f = Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, this: This<Value<'js>>, args: Rest<Value<'js>>| {
                if key == "localeCompare"
                    && let Some(order) = collator::fast_locale_compare(&ctx, &this.0, &args.0)?
                {
                    return Ok(Value::new_int(ctx.clone(), order));
                }
                builtin(&ctx, key)?.call::<_, Value<'js>>((This(this.0), Rest(args.0)))
            },
        )?
        .with_name(name)?
        .with_length(length)?;
        proto.prop(name, Property::from(f).writable().configurable())?;
    }
    Ok(())
}

/// The worker's default locale and time zone: the pool's (`BEXT_LOCALE`,
/// `BEXT_TZ`, set by bextd from the pool's `locale` and `timezone`), else
/// the environment's (`LC_ALL`, `LANG`; `TZ`), else en-US and UTC.
fn defaults() -> (String, String) {
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let locale = var("BEXT_LOCALE")
        .or_else(|| var("LC_ALL").and_then(|v| posix_locale(&v)))
        .or_else(|| var("LANG").and_then(|v| posix_locale(&v)))
        .unwrap_or_else(|| "en-US".into());
    let tz = var("BEXT_TZ")
        .or_else(|| var("TZ").map(|t| t.trim_start_matches(':').to_string()))
        .unwrap_or_else(|| "UTC".into());
    (locale, tz)
}

/// A POSIX locale name (`de_DE.UTF-8@euro`) as a language tag (`de-DE`);
/// `C` and `POSIX` name no language.
fn posix_locale(name: &str) -> Option<String> {
    let base = name.split(['.', '@']).next()?;
    if base.is_empty() || base == "C" || base == "POSIX" {
        return None;
    }
    Some(base.replace('_', "-"))
}

/// Adds the `intl*` doors to the built-ins' `host`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlDefaults",
        Function::new(ctx.clone(), || {
            let (locale, tz) = defaults();
            vec![locale, tz]
        })?,
    )?;
    locale::install(ctx, host)?;
    locale_info::install(ctx, host)?;
    number::install(ctx, host)?;
    plural::install(ctx, host)?;
    datetime::install(ctx, host)?;
    display::install(ctx, host)?;
    duration::install(ctx, host)?;
    list::install(ctx, host)?;
    relative::install(ctx, host)?;
    segmenter::install(ctx, host)?;
    collator::install(ctx, host)
}
