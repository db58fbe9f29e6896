"use strict";
// Intl.Collator (ECMA-402 chapter 10): options in the spec's order, the
// collations each locale has, and `compare` on the collators of
// worker-bin/src/intl/collator.rs (host.intlCollator, host.intlCompare).

const {
  canonicalizeLocaleList, resolveLocale, supportedLocales, coerceOptionsToObject, getOption, isUnicodeType,
  methods, getters, toStringTag, fixPrototype, slotsOf, toStringValue,
} = require("internal/intl_core");
const record = (fields) => Object.assign(Object.create(null), fields);
const { defineProperty } = Object;

// The collations CLDR tailors, by language; emoji and eor are everyone's.
const COLLATIONS = {
  ar: ["compat"], de: ["phonebk"], es: ["trad"], ja: ["unihan"], ko: ["searchjl", "unihan"], ln: ["phonetic"],
  si: ["dict"], zh: ["big5han", "gb2312", "pinyin", "stroke", "unihan", "zhuyin"],
};
const ALL_COLLATIONS = ["compat", "dict", "emoji", "eor", "phonebk", "phonetic", "pinyin", "searchjl", "stroke", "trad", "unihan", "zhuyin"];

function collationsOf(locale) {
  const language = locale.split("-")[0];
  return ["emoji", "eor", ...(COLLATIONS[language] || [])];
}

const KEYS = {
  co: (v, locale) => collationsOf(locale).includes(v),
  kf: (v) => ["upper", "lower", "false"].includes(v),
  kn: (v) => v === "true" || v === "false",
};
const DEFAULTS = { co: () => null, kf: () => "false", kn: () => "false" };

const slots = new WeakMap();

function Collator(locales, options) {
  const collator = new.target === undefined ? Object.create(Collator.prototype) : this;
  const requested = canonicalizeLocaleList(locales);
  options = coerceOptionsToObject(options);
  const usage = getOption(options, "usage", "string", ["sort", "search"], "sort");
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const collation = getOption(options, "collation", "string", undefined, undefined);
  if (collation !== undefined && !isUnicodeType(collation)) throw new RangeError(`Invalid collation : ${collation}`);
  const opt = record({ co: collation });
  const numeric = getOption(options, "numeric", "boolean", undefined, undefined);
  if (numeric !== undefined) opt.kn = String(numeric);
  opt.kf = getOption(options, "caseFirst", "string", ["upper", "lower", "false"], undefined);
  const r = resolveLocale(requested, opt, KEYS, DEFAULTS);
  const s = record({
    locale: r.locale,
    usage,
    collation: r.co === null || r.co === undefined ? "default" : r.co,
    numeric: r.kn === "true",
    caseFirst: r.kf,
    dataLocale: r.dataLocale,
  });
  const sensitivity = getOption(options, "sensitivity", "string", ["base", "accent", "case", "variant"], undefined);
  s.sensitivity = sensitivity === undefined ? "variant" : sensitivity;
  const ignorePunctuation = getOption(options, "ignorePunctuation", "boolean", undefined, undefined);
  s.ignorePunctuation = ignorePunctuation === undefined ? r.dataLocale.split("-")[0] === "th" : ignorePunctuation;
  // What the Rust collator is built from: the data locale with the
  // collation (search for usage "search"), numeric and caseFirst keys.
  const keys = [];
  const co = usage === "search" ? "search" : s.collation === "default" ? undefined : s.collation;
  if (co !== undefined) keys.push(`co-${co}`);
  if (s.caseFirst !== "false") keys.push(`kf-${s.caseFirst}`);
  if (s.numeric) keys.push("kn");
  const tag = keys.length > 0 ? `${s.dataLocale}-u-${keys.join("-")}` : s.dataLocale;
  const key = `${tag}|${s.sensitivity}|${s.ignorePunctuation}`;
  s.handle = host.intlCollator(key, tag, s.sensitivity, s.ignorePunctuation);
  slots.set(collator, s);
  return collator;
}

// (Rust reads lone surrogates as U+FFFD: the strings go as they are.)
const intlCompare = host.intlCompare;
function compareWith(s, x, y) {
  return intlCompare(s.handle, typeof x === "string" ? x : toStringValue(x), typeof y === "string" ? y : toStringValue(y));
}

const proto = {};
getters(proto, {
  get compare() {
    const s = slotsOf(slots, this, "get Intl.Collator.prototype.compare");
    if (s.bound === undefined) {
      const handle = s.handle;
      s.bound = (x, y) =>
        intlCompare(handle, typeof x === "string" ? x : toStringValue(x), typeof y === "string" ? y : toStringValue(y));
    }
    return s.bound;
  },
});
methods(proto, {
  resolvedOptions() {
    const s = slotsOf(slots, this, "Intl.Collator.prototype.resolvedOptions");
    return {
      locale: s.locale,
      usage: s.usage,
      sensitivity: s.sensitivity,
      ignorePunctuation: s.ignorePunctuation,
      collation: s.collation,
      numeric: s.numeric,
      caseFirst: s.caseFirst,
    };
  },
});
toStringTag(proto, "Intl.Collator");
fixPrototype(Collator, proto);
defineProperty(Collator, "length", { value: 0, configurable: true });
methods(Collator, {
  supportedLocalesOf(locales, options = undefined) {
    return supportedLocales(canonicalizeLocaleList(locales), options);
  },
});

module.exports = { Collator, ALL_COLLATIONS, collationsOf, compareWith, slots };
