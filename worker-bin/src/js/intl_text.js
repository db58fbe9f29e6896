"use strict";
// Intl.RelativeTimeFormat, Intl.ListFormat, Intl.Segmenter and
// Intl.DisplayNames (ECMA-402 chapters 17, 13, 18 and 12): options in the
// spec's order, the objects' shapes; the text itself from
// worker-bin/src/intl/relative.rs, list.rs, segmenter.rs and display.rs.

const {
  canonicalizeLocaleList, resolveLocale, supportedLocales, coerceOptionsToObject, getOptionsObject, getOption,
  isUnicodeType, methods, getters, toStringTag, fixPrototype, slotsOf, toStringValue, wellFormed,
} = require("internal/intl_core");
const number = require("internal/intl_number");
const { defineProperty } = Object;

function supportedLocalesOf(ctor) {
  methods(ctor, {
    supportedLocalesOf(locales, options = undefined) {
      return supportedLocales(canonicalizeLocaleList(locales), options);
    },
  });
}

function requireNew(target, name) {
  if (target === undefined) throw new TypeError(`Constructor Intl.${name} requires 'new'`);
}

// ---------------------------------------------------- RelativeTimeFormat
const rtfSlots = new WeakMap();
const UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"];

function RelativeTimeFormat(locales, options) {
  requireNew(new.target, "RelativeTimeFormat");
  const requested = canonicalizeLocaleList(locales);
  options = coerceOptionsToObject(options);
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const numberingSystem = getOption(options, "numberingSystem", "string", undefined, undefined);
  if (numberingSystem !== undefined && !isUnicodeType(numberingSystem)) {
    throw new RangeError(`Invalid numberingSystem : ${numberingSystem}`);
  }
  const r = resolveLocale(requested, { nu: numberingSystem }, { nu: (v) => number.NUMBERING_SYSTEMS.includes(v) }, { nu: () => "latn" });
  const style = getOption(options, "style", "string", ["long", "short", "narrow"], "long");
  const numeric = getOption(options, "numeric", "string", ["always", "auto"], "always");
  const dataLocale = r.nu === "latn" ? r.dataLocale : `${r.dataLocale}-u-nu-${r.nu}`;
  const nf = new number.NumberFormat(dataLocale);
  rtfSlots.set(this, { locale: r.locale, style, numeric, numberingSystem: r.nu, dataLocale, nf: number.nfSlots.get(nf), handles: Object.create(null) });
}

function singularUnit(unit) {
  const u = toStringValue(unit);
  const singular = u.endsWith("s") ? u.slice(0, -1) : u;
  if (!UNITS.includes(singular)) throw new RangeError(`Invalid unit argument for format() '${u}'`);
  return singular;
}

function relativeParts(s, value, unit) {
  value = Number(value);
  unit = singularUnit(unit);
  if (!Number.isFinite(value)) throw new RangeError("Invalid number value");
  let h = s.handles[unit];
  if (h === undefined) {
    h = host.intlRelativeFormat(`${s.dataLocale}|${s.style}|${s.numeric}|${unit}`, s.dataLocale, s.style, s.numeric, unit);
    s.handles[unit] = h;
  }
  const text = host.intlRelativeText(h, value);
  const flat = host.intlNumberParts(s.nf.handle, Math.abs(value));
  let digits = "";
  for (let i = 1; i < flat.length; i += 2) digits += flat[i];
  const at = text.indexOf(digits);
  if (at < 0) return [{ type: "literal", value: text }];
  const out = [];
  if (at > 0) out.push({ type: "literal", value: text.slice(0, at) });
  for (let i = 0; i < flat.length; i += 2) out.push({ type: flat[i], value: flat[i + 1], unit });
  if (at + digits.length < text.length) out.push({ type: "literal", value: text.slice(at + digits.length) });
  return out;
}

const rtfProto = {};
methods(rtfProto, {
  format(value, unit) {
    const s = slotsOf(rtfSlots, this, "Intl.RelativeTimeFormat.prototype.format");
    return relativeParts(s, value, unit).map((p) => p.value).join("");
  },
  formatToParts(value, unit) {
    const s = slotsOf(rtfSlots, this, "Intl.RelativeTimeFormat.prototype.formatToParts");
    return relativeParts(s, value, unit);
  },
  resolvedOptions() {
    const s = slotsOf(rtfSlots, this, "Intl.RelativeTimeFormat.prototype.resolvedOptions");
    return { locale: s.locale, style: s.style, numeric: s.numeric, numberingSystem: s.numberingSystem };
  },
});
toStringTag(rtfProto, "Intl.RelativeTimeFormat");
fixPrototype(RelativeTimeFormat, rtfProto);
defineProperty(RelativeTimeFormat, "length", { value: 0, configurable: true });
supportedLocalesOf(RelativeTimeFormat);

// ------------------------------------------------------------ ListFormat
const lfSlots = new WeakMap();

function ListFormat(locales, options) {
  requireNew(new.target, "ListFormat");
  const requested = canonicalizeLocaleList(locales);
  options = getOptionsObject(options);
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const r = resolveLocale(requested, {}, {}, {});
  const type = getOption(options, "type", "string", ["conjunction", "disjunction", "unit"], "conjunction");
  const style = getOption(options, "style", "string", ["long", "short", "narrow"], "long");
  const handle = host.intlListFormat(`${r.dataLocale}|${type}|${style}`, r.dataLocale, type, style);
  lfSlots.set(this, { locale: r.locale, type, style, handle });
}

// StringListFromIterable.
function stringList(iterable) {
  if (iterable === undefined) return [];
  const out = [];
  for (const item of iterable) {
    if (typeof item !== "string") throw new TypeError(`Iterable yielded ${typeof item === "symbol" ? "a symbol" : String(item)} which is not a string`);
    out.push(item);
  }
  return out;
}

function listParts(s, list) {
  const flat = host.intlListParts(s.handle, stringList(list));
  const out = [];
  for (let i = 0; i < flat.length; i += 2) out.push({ type: flat[i], value: flat[i + 1] });
  return out;
}

// The parts of `list` formatted by ListFormat `lf` (DurationFormat's
// ListFormatParts).
function listPartsOf(lf, list) {
  return listParts(lfSlots.get(lf), list);
}

const lfProto = {};
methods(lfProto, {
  format(list) {
    const s = slotsOf(lfSlots, this, "Intl.ListFormat.prototype.format");
    return listParts(s, list).map((p) => p.value).join("");
  },
  formatToParts(list) {
    const s = slotsOf(lfSlots, this, "Intl.ListFormat.prototype.formatToParts");
    return listParts(s, list);
  },
  resolvedOptions() {
    const s = slotsOf(lfSlots, this, "Intl.ListFormat.prototype.resolvedOptions");
    return { locale: s.locale, type: s.type, style: s.style };
  },
});
toStringTag(lfProto, "Intl.ListFormat");
fixPrototype(ListFormat, lfProto);
defineProperty(ListFormat, "length", { value: 0, configurable: true });
supportedLocalesOf(ListFormat);

// ------------------------------------------------------------- Segmenter
const segmenterSlots = new WeakMap();
const segmentsSlots = new WeakMap();
const iteratorSlots = new WeakMap();

function Segmenter(locales, options) {
  requireNew(new.target, "Segmenter");
  const requested = canonicalizeLocaleList(locales);
  options = getOptionsObject(options);
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const r = resolveLocale(requested, {}, {}, {});
  const granularity = getOption(options, "granularity", "string", ["grapheme", "word", "sentence"], "grapheme");
  segmenterSlots.set(this, { locale: r.locale, granularity });
}

// A string's boundaries (and, for words, which segments are word-like).
function boundaries(granularity, string) {
  const raw = host.intlSegment(wellFormed(string), granularity);
  if (granularity !== "word") return { breaks: raw, wordLike: null };
  const breaks = [raw[0]];
  const wordLike = [];
  for (let i = 1; i < raw.length; i += 2) {
    breaks.push(raw[i]);
    wordLike.push(raw[i + 1] === 1);
  }
  return { breaks, wordLike };
}

// The segment data object of the segment [breaks[i], breaks[i + 1]).
function segmentData(s, i) {
  const start = s.b.breaks[i];
  const end = s.b.breaks[i + 1];
  const out = { segment: s.string.slice(start, end), index: start, input: s.string };
  if (s.granularity === "word") out.isWordLike = s.b.wordLike[i];
  return out;
}

const segmentsProto = {};
methods(segmentsProto, {
  containing(index) {
    const s = slotsOf(segmentsSlots, this, "%Segments.prototype%.containing");
    let n = +index;
    n = Number.isNaN(n) ? 0 : Math.trunc(n);
    if (n < 0 || n >= s.string.length) return undefined;
    let lo = 0;
    let hi = s.b.breaks.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (s.b.breaks[mid] <= n) lo = mid;
      else hi = mid;
    }
    return segmentData(s, lo);
  },
});
defineProperty(segmentsProto, Symbol.iterator, {
  value: {
    [Symbol.iterator]() {
      const s = slotsOf(segmentsSlots, this, "%Segments.prototype%[@@iterator]");
      const it = Object.create(segmentIteratorProto);
      iteratorSlots.set(it, { s, i: 0 });
      return it;
    },
  }[Symbol.iterator],
  writable: true,
  enumerable: false,
  configurable: true,
});

const segmentIteratorProto = Object.create(Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
methods(segmentIteratorProto, {
  next() {
    const it = slotsOf(iteratorSlots, this, "%SegmentIterator.prototype%.next");
    if (it.i >= it.s.b.breaks.length - 1) return { value: undefined, done: true };
    const value = segmentData(it.s, it.i);
    it.i += 1;
    return { value, done: false };
  },
});
toStringTag(segmentIteratorProto, "Segmenter String Iterator");

const segmenterProto = {};
methods(segmenterProto, {
  segment(string) {
    const s = slotsOf(segmenterSlots, this, "Intl.Segmenter.prototype.segment");
    const str = toStringValue(string);
    const segments = Object.create(segmentsProto);
    segmentsSlots.set(segments, { string: str, granularity: s.granularity, b: boundaries(s.granularity, str) });
    return segments;
  },
  resolvedOptions() {
    const s = slotsOf(segmenterSlots, this, "Intl.Segmenter.prototype.resolvedOptions");
    return { locale: s.locale, granularity: s.granularity };
  },
});
toStringTag(segmenterProto, "Intl.Segmenter");
fixPrototype(Segmenter, segmenterProto);
defineProperty(Segmenter, "length", { value: 0, configurable: true });
supportedLocalesOf(Segmenter);

// ---------------------------------------------------------- DisplayNames
const dnSlots = new WeakMap();
const FIELDS = ["era", "year", "quarter", "month", "weekOfYear", "weekday", "day", "dayPeriod", "hour", "minute", "second", "timeZoneName"];

function DisplayNames(locales, options) {
  requireNew(new.target, "DisplayNames");
  const requested = canonicalizeLocaleList(locales);
  options = getOptionsObject(options);
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const r = resolveLocale(requested, {}, {}, {});
  const style = getOption(options, "style", "string", ["narrow", "short", "long"], "long");
  const type = getOption(options, "type", "string", ["language", "region", "script", "currency", "calendar", "dateTimeField"], undefined);
  if (type === undefined) throw new TypeError("Intl.DisplayNames: the type option is required");
  const fallback = getOption(options, "fallback", "string", ["code", "none"], "code");
  const languageDisplay = getOption(options, "languageDisplay", "string", ["dialect", "standard"], "dialect");
  const handle = host.intlDisplayNames(r.dataLocale, type, style, languageDisplay === "dialect");
  dnSlots.set(this, { locale: r.locale, style, type, fallback, languageDisplay, handle });
}

// CanonicalCodeForDisplayNames (12.5.1).
function canonicalCode(type, code) {
  const bad = () => new RangeError(`invalid ${type} code: ${code}`);
  switch (type) {
    case "language": {
      if (!/^([a-z]{2,3}|[a-z]{5,8})(-[a-z]{4})?(-([a-z]{2}|[0-9]{3}))?(-([a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*$/i.test(code)) throw bad();
      const c = host.intlCanonical(code);
      if (c === null || c === undefined) throw bad();
      return c;
    }
    case "region":
      if (!/^([a-z]{2}|[0-9]{3})$/i.test(code)) throw bad();
      return code.toUpperCase();
    case "script":
      if (!/^[a-z]{4}$/i.test(code)) throw bad();
      return code[0].toUpperCase() + code.slice(1).toLowerCase();
    case "calendar":
      if (!isUnicodeType(code)) throw bad();
      return code.toLowerCase();
    case "dateTimeField":
      if (!FIELDS.includes(code)) throw bad();
      return code;
    default:
      if (!/^[a-z]{3}$/i.test(code)) throw bad();
      return code.toUpperCase();
  }
}

const dnProto = {};
methods(dnProto, {
  of(code) {
    const s = slotsOf(dnSlots, this, "Intl.DisplayNames.prototype.of");
    const canonical = canonicalCode(s.type, toStringValue(code));
    const name = host.intlDisplayName(s.handle, canonical);
    if (name !== null && name !== undefined) return name;
    return s.fallback === "code" ? canonical : undefined;
  },
  resolvedOptions() {
    const s = slotsOf(dnSlots, this, "Intl.DisplayNames.prototype.resolvedOptions");
    const out = { locale: s.locale, style: s.style, type: s.type, fallback: s.fallback };
    if (s.type === "language") defineProperty(out, "languageDisplay", { value: s.languageDisplay, writable: true, enumerable: true, configurable: true });
    return out;
  },
});
toStringTag(dnProto, "Intl.DisplayNames");
fixPrototype(DisplayNames, dnProto);
defineProperty(DisplayNames, "length", { value: 2, configurable: true });
supportedLocalesOf(DisplayNames);

module.exports = { RelativeTimeFormat, ListFormat, listPartsOf, Segmenter, DisplayNames };
