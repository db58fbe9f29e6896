"use strict";
// What every Intl service shares (ECMA-402 chapter 9 and the abstract
// operations of chapter 6): locale lists and their canonical form, locale
// negotiation (lookup, which "best fit" also is here), the option readers
// with the spec's coercions and errors, and the default locale
// (Intl.Locale is internal/intl_locale). Tags are canonicalized, and data
// looked up, by the Rust doors of worker-bin/src/intl (host.intl*).

// ToString: a symbol throws a TypeError (String(symbol) would not).
const $String = (v) => `${v}`;
const { defineProperty, defineProperties, create } = Object;

// ------------------------------------------------------------ language tags
// A canonical tag (what host.intlCanonical answers) taken apart.
function parseTag(tag) {
  const subtags = tag.split("-");
  const out = { language: subtags[0], script: undefined, region: undefined, variants: [], extensions: [], privateUse: "" };
  let i = 1;
  if (i < subtags.length && /^[a-z]{4}$/i.test(subtags[i])) out.script = subtags[i++];
  if (i < subtags.length && /^([a-z]{2}|[0-9]{3})$/i.test(subtags[i])) out.region = subtags[i++];
  while (i < subtags.length && subtags[i].length > 1) out.variants.push(subtags[i++]);
  while (i < subtags.length) {
    const singleton = subtags[i++];
    const body = [];
    if (singleton === "x") {
      out.privateUse = "x-" + subtags.slice(i).join("-");
      break;
    }
    while (i < subtags.length && subtags[i].length > 1) body.push(subtags[i++]);
    out.extensions.push({ singleton, body });
  }
  return out;
}

function baseName(p) {
  return [p.language, p.script, p.region, ...p.variants].filter((s) => s !== undefined).join("-");
}

// The -u- extension's keywords: { attributes, keys: Map(key -> value) },
// a key without a value mapping to "".
function unicodeKeywords(p) {
  const ext = p.extensions.find((e) => e.singleton === "u");
  const attributes = [];
  const keys = new Map();
  if (ext === undefined) return { attributes, keys };
  let i = 0;
  while (i < ext.body.length && ext.body[i].length > 2) attributes.push(ext.body[i++]);
  while (i < ext.body.length) {
    const key = ext.body[i++];
    const value = [];
    while (i < ext.body.length && ext.body[i].length > 2) value.push(ext.body[i++]);
    if (!keys.has(key)) keys.set(key, value.join("-"));
  }
  return { attributes, keys };
}

function joinTag(p, keywords) {
  const parts = [baseName(p)];
  const others = p.extensions.filter((e) => e.singleton !== "u");
  const u = [...keywords.attributes];
  for (const [k, v] of keywords.keys) {
    u.push(k);
    if (v !== "" && v !== "true") u.push(v);
  }
  const all = [...others];
  if (u.length > 0) all.push({ singleton: "u", body: u });
  all.sort((a, b) => (a.singleton < b.singleton ? -1 : a.singleton > b.singleton ? 1 : 0));
  for (const e of all) parts.push(e.singleton, ...e.body);
  if (p.privateUse !== "") parts.push(p.privateUse);
  return parts.join("-");
}

// The tag without its -u- extension (what locale data is looked up by).
function withoutUnicodeExtension(tag) {
  const p = parseTag(tag);
  p.extensions = p.extensions.filter((e) => e.singleton !== "u");
  return joinTag(p, { attributes: [], keys: new Map() });
}

// A worker's answers to pure questions about tags (canonical forms, which
// locale has data), kept: a formatter made in a loop asks the same ones.
// Bounded, as tags may come from requests.
function memo(size) {
  const map = new Map();
  return {
    get: (k) => map.get(k),
    set(k, v) {
      if (map.size >= size) map.clear();
      map.set(k, v);
      return v;
    },
  };
}
const canonicalTags = memo(256);

function canonicalize(tag) {
  const known = canonicalTags.get(tag);
  if (known !== undefined) return known;
  const c = host.intlCanonical(tag);
  if (c === null || c === undefined) throw new RangeError(`Incorrect locale information provided`);
  return canonicalTags.set(tag, c);
}

// --------------------------------------------------------------- locales
const localeSlots = new WeakMap();

// CanonicalizeLocaleList (9.2.1).
function canonicalizeLocaleList(locales) {
  if (locales === undefined) return [];
  const seen = [];
  let O;
  if (typeof locales === "string" || (typeof locales === "object" && localeSlots.has(locales))) {
    O = [locales];
  } else {
    if (locales === null) throw new TypeError("Cannot convert null to a locale list");
    O = Object(locales);
  }
  const len = toLength(O.length);
  for (let k = 0; k < len; k++) {
    if (!(k in O)) continue;
    const kValue = O[k];
    if (typeof kValue !== "string" && (typeof kValue !== "object" || kValue === null)) {
      throw new TypeError(`Language ID should be string or object.`);
    }
    const tag = typeof kValue === "object" && localeSlots.has(kValue) ? localeSlots.get(kValue).tag : $String(kValue);
    const canonical = canonicalize(tag);
    // Defined, not pushed: Array.prototype's push and setters are the
    // caller's to change.
    if (!seen.includes(canonical)) defineProperty(seen, seen.length, { value: canonical, writable: true, enumerable: true, configurable: true });
  }
  return seen;
}

function toLength(v) {
  const n = Number(v);
  if (!(n > 0)) return 0;
  return Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER);
}

// The worker's default locale (the pool's `locale`, else LANG, else
// en-US), as a tag with data.
let defaultTag;
function defaultLocale() {
  if (defaultTag === undefined) {
    const [tag] = host.intlDefaults();
    const c = host.intlCanonical(tag);
    defaultTag = (c && host.intlLookup(withoutUnicodeExtension(c))) || "en-US";
  }
  return defaultTag;
}

// LookupMatcher: the first requested tag with data, and its -u- keywords
// (a record its callers only read, kept per tag).
const matches = memo(256);
function lookupMatcher(requested) {
  for (const tag of requested) {
    const known = matches.get(tag);
    if (known !== undefined) {
      if (known === null) continue;
      return known;
    }
    const found = host.intlLookup(withoutUnicodeExtension(tag));
    if (found !== null && found !== undefined) {
      return matches.set(tag, { locale: found, keywords: unicodeKeywords(parseTag(tag)).keys });
    }
    matches.set(tag, null);
  }
  return { locale: defaultLocale(), keywords: new Map() };
}

// The formatter `make()` builds for a locale-taking method called with
// no options and its locales a string or absent, kept by those locales
// in `cache` (a Map) as V8 keeps them: a loop of `x.toLocaleString("de")`
// or `a.localeCompare(b, "sv")` builds it once. Options are read at every
// call, in the spec's order, so a call with options makes its own (the
// Rust formatter behind it is cached all the same).
function formatterFor(cache, locales, options, make) {
  if (options !== undefined || (locales !== undefined && typeof locales !== "string")) return make();
  const key = locales === undefined ? "" : "=" + locales;
  let f = cache.get(key);
  if (f === undefined) {
    f = make();
    if (cache.size >= 64) cache.clear();
    cache.set(key, f);
  }
  return f;
}

// ResolveLocale (9.2.7). `keys` maps each relevant extension key to a
// function (value, locale) -> whether the locale supports that value (the
// first supported value being the default, from `defaults`).
function resolveLocale(requested, options, keys, defaults) {
  const r = lookupMatcher(requested);
  // Records, not objects: Object.prototype's setters must not see them.
  const result = create(null);
  result.dataLocale = r.locale;
  const supported = new Map();
  for (const key of Object.keys(keys)) {
    const supports = keys[key];
    let value = defaults[key] === undefined ? undefined : defaults[key](r.locale);
    let added = false;
    if (r.keywords.has(key)) {
      const requestedValue = r.keywords.get(key);
      if (requestedValue !== "") {
        if (supports(requestedValue, r.locale)) {
          value = requestedValue;
          added = true;
        }
      } else if (supports("true", r.locale)) {
        value = "true";
        added = true;
      }
    }
    if (options[key] !== undefined) {
      const optionsValue = options[key];
      if (supports(optionsValue, r.locale) && optionsValue !== value) {
        value = optionsValue;
        added = false;
      }
    }
    if (added) supported.set(key, value === "true" ? "" : value);
    result[key] = value;
  }
  const p = parseTag(r.locale);
  result.locale = supported.size > 0 ? host.intlCanonical(joinTag(p, { attributes: [], keys: supported })) : r.locale;
  return result;
}

// SupportedLocales (9.2.8).
function supportedLocales(requested, options) {
  options = coerceOptionsToObject(options);
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const out = requested.filter((tag) => {
    const found = host.intlLookup(withoutUnicodeExtension(tag));
    return found !== null && found !== undefined;
  });
  return out;
}

// ---------------------------------------------------------------- options
function coerceOptionsToObject(options) {
  if (options === undefined) return create(null);
  if (options === null) throw new TypeError("Cannot convert null to object");
  return Object(options);
}

function getOptionsObject(options) {
  if (options === undefined) return create(null);
  if (typeof options === "object" && options !== null) return options;
  if (typeof options === "function") return options;
  throw new TypeError("Options must be an object");
}

function getOption(options, property, type, values, fallback) {
  let value = options[property];
  if (value === undefined) return fallback;
  if (type === "boolean") value = Boolean(value);
  else if (type === "number") {
    value = Number(value);
    if (Number.isNaN(value)) throw new RangeError(`${property} value is out of range.`);
  } else value = $String(value);
  if (values !== undefined && !values.includes(value)) {
    throw new RangeError(`Value ${value} out of range for Intl options property ${property}`);
  }
  return value;
}

function defaultNumberOption(value, minimum, maximum, fallback, property) {
  if (value === undefined) return fallback;
  value = Number(value);
  if (Number.isNaN(value) || value < minimum || value > maximum) {
    throw new RangeError(`${property} value is out of range.`);
  }
  return Math.floor(value);
}

function getNumberOption(options, property, minimum, maximum, fallback) {
  return defaultNumberOption(options[property], minimum, maximum, fallback, property);
}

// A Unicode `type` (3-8 alphanumerics, dash-separated), as the nu, ca and
// co options must be.
function isUnicodeType(s) {
  return /^[a-z0-9]{3,8}(-[a-z0-9]{3,8})*$/i.test(s);
}

// An ordinary object with these data properties, made as the spec's
// CreateDataPropertyOrThrow makes them (no setter of Object.prototype runs).
function dataObject(pairs) {
  const out = {};
  for (const [k, v] of pairs) {
    if (v !== undefined) defineProperty(out, k, { value: v, writable: true, enumerable: true, configurable: true });
  }
  return out;
}

// ToString; and a string safe to hand to Rust: lone surrogates become
// U+FFFD (one code unit each, so indices stay).
const toStringValue = $String;
function wellFormed(s) {
  return typeof s.toWellFormed === "function" ? s.toWellFormed() : s;
}

// --------------------------------------------------------- helpers for JS
// Defines methods the way built-ins have them: writable, configurable,
// non-enumerable.
function methods(target, fns) {
  for (const name of Object.keys(fns)) {
    defineProperty(target, name, { value: fns[name], writable: true, enumerable: false, configurable: true });
  }
}

function getters(target, fns) {
  for (const name of Object.keys(fns)) {
    const d = Object.getOwnPropertyDescriptor(fns, name);
    defineProperty(target, name, { get: d.get, enumerable: false, configurable: true });
  }
}

function toStringTag(proto, tag) {
  defineProperty(proto, Symbol.toStringTag, { value: tag, writable: false, enumerable: false, configurable: true });
}

// A constructor whose `prototype` is fixed, as the spec's are.
function fixPrototype(ctor, proto) {
  defineProperty(ctor, "prototype", { value: proto, writable: false, enumerable: false, configurable: false });
  defineProperty(proto, "constructor", { value: ctor, writable: true, enumerable: false, configurable: true });
}

// A value as an error message names it, running none of its code (an
// object's toString may be the very method that was misused).
function describe(v) {
  if (typeof v === "symbol") return "a symbol";
  if ((typeof v === "object" && v !== null) || typeof v === "function") return Object.prototype.toString.call(v);
  return String(v);
}

// %Intl%.[[FallbackSymbol]]: where a NumberFormat or DateTimeFormat
// called as a function on an object that inherits from its prototype keeps
// the real one (ECMA-402's normative optional ChainNumberFormat and
// ChainDateTimeFormat), for the Unwrap operations to find.
const FALLBACK = Symbol("IntlLegacyConstructedSymbol");

// ChainNumberFormat / ChainDateTimeFormat: what the constructor returns.
function chainLegacy(ctor, newTarget, that, made) {
  if (newTarget === undefined && (typeof that === "object" || typeof that === "function") && that !== null &&
    Function.prototype[Symbol.hasInstance].call(ctor, that)) {
    defineProperty(that, FALLBACK, { value: made, writable: false, enumerable: false, configurable: false });
    return that;
  }
  return made;
}

// UnwrapNumberFormat / UnwrapDateTimeFormat: the slots of `obj`, or of
// the formatter a legacy call kept on it.
function unwrapSlots(map, ctor, obj, method) {
  if ((typeof obj === "object" || typeof obj === "function") && obj !== null && !map.has(obj) &&
    Function.prototype[Symbol.hasInstance].call(ctor, obj)) {
    obj = obj[FALLBACK];
  }
  return slotsOf(map, obj, method);
}

// The internal slots of an Intl object, or a TypeError naming the method.
function slotsOf(map, obj, method) {
  const s = typeof obj === "object" && obj !== null ? map.get(obj) : undefined;
  if (s === undefined) throw new TypeError(`Method ${method} called on incompatible receiver ${describe(obj)}`);
  return s;
}

module.exports = {
  formatterFor,
  dataObject,
  toStringValue,
  wellFormed,
  parseTag,
  unicodeKeywords,
  joinTag,
  withoutUnicodeExtension,
  canonicalizeLocaleList,
  resolveLocale,
  supportedLocales,
  defaultLocale,
  coerceOptionsToObject,
  getOptionsObject,
  getOption,
  getNumberOption,
  defaultNumberOption,
  isUnicodeType,
  methods,
  getters,
  toStringTag,
  fixPrototype,
  slotsOf,
  chainLegacy,
  unwrapSlots,
  canonicalize,
  localeSlots,
};
