"use strict";
// The `Intl` object (ECMA-402 chapter 8) and the locale-sensitive methods
// of the language's built-ins (chapter 19): `localeCompare`,
// `toLocaleUpperCase`/`toLocaleLowerCase`, `Number`, `BigInt` and
// `Array.prototype.toLocaleString`, and Date's `toLocale*String`. Run on first use: `Intl` is a lazy
// global and those methods are small Rust functions that load this
// built-in when first called (worker-bin/src/intl/mod.rs).

const core = require("internal/intl_core");
const number = require("internal/intl_number");
const collator = require("internal/intl_collator");
const datetime = require("internal/intl_datetime");
const text = require("internal/intl_text");
const duration = require("internal/intl_duration");
const { Locale } = require("internal/intl_locale");
const { canonicalizeLocaleList, withoutUnicodeExtension, defaultLocale, methods, toStringTag, toStringValue, wellFormed, formatterFor } = core;
const { NumberFormat, PluralRules } = number;
const { Collator } = collator;

// ISO 4217's current codes.
const CURRENCIES = (
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF " +
  "CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD " +
  "HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL " +
  "LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR " +
  "PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND " +
  "TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL"
).split(" ");
const Intl = {};
methods(Intl, {
  getCanonicalLocales(locales) {
    return canonicalizeLocaleList(locales);
  },
  supportedValuesOf(key) {
    key = toStringValue(key);
    switch (key) {
      case "calendar": return [...datetime.CALENDARS];
      case "collation": return [...collator.ALL_COLLATIONS];
      case "currency": return [...CURRENCIES];
      case "numberingSystem": return [...number.NUMBERING_SYSTEMS];
      case "timeZone": return host.intlTimeZones();
      case "unit": return [...number.UNITS];
      default: throw new RangeError(`Invalid key : ${key}`);
    }
  },
});
for (const [name, value] of [
  ["Collator", Collator], ["DateTimeFormat", datetime.DateTimeFormat], ["DisplayNames", text.DisplayNames],
  ["DurationFormat", duration.DurationFormat], ["ListFormat", text.ListFormat],
  ["Locale", Locale], ["NumberFormat", NumberFormat], ["PluralRules", PluralRules],
  ["RelativeTimeFormat", text.RelativeTimeFormat], ["Segmenter", text.Segmenter],
]) {
  Object.defineProperty(Intl, name, { value, writable: true, enumerable: false, configurable: true });
}
toStringTag(Intl, "Intl");

// --------------------------------------------- the built-ins' methods
function requireString(that, method) {
  if (that === undefined || that === null) throw new TypeError(`String.prototype.${method} called on null or undefined`);
  return toStringValue(that);
}

// The language whose case mappings apply (UCD's SpecialCasing has Turkish,
// Azeri and Lithuanian; ICU4X adds Greek uppercasing).
function caseLanguage(locales) {
  const requested = canonicalizeLocaleList(locales);
  const tag = requested.length > 0 ? requested[0] : defaultLocale();
  const language = withoutUnicodeExtension(tag).split("-")[0];
  return ["tr", "az", "lt", "el", "hy"].includes(language) ? language : "und";
}

// The methods' formatters made without options, by locales.
const collators = new Map();
const numberFormats = new Map();

const builtins = {
  ...datetime.builtins,
  localeCompare(that, locales, options) {
    const s = requireString(this, "localeCompare");
    const t = toStringValue(that);
    const c = formatterFor(collators, locales, options, () => new Collator(locales, options));
    const slots = collator.slots.get(c);
    // Later calls with strings and these locales compare in Rust
    // (worker-bin/src/intl/collator.rs, fast_locale_compare).
    if (options === undefined && (locales === undefined || typeof locales === "string")) {
      host.intlCompareFor(locales === undefined ? "" : "=" + locales, slots.handle);
    }
    return collator.compareWith(slots, s, t);
  },
  toLocaleUpperCase(locales) {
    const s = requireString(this, "toLocaleUpperCase");
    return host.intlCaseMap(wellFormed(s), caseLanguage(locales), true);
  },
  toLocaleLowerCase(locales) {
    const s = requireString(this, "toLocaleLowerCase");
    return host.intlCaseMap(wellFormed(s), caseLanguage(locales), false);
  },
  numberToLocaleString(locales, options) {
    const x = Number.prototype.valueOf.call(this);
    const nf = formatterFor(numberFormats, locales, options, () => new NumberFormat(locales, options));
    return number.formatNumber(number.nfSlots.get(nf), x);
  },
  bigintToLocaleString(locales, options) {
    const x = BigInt.prototype.valueOf.call(this);
    const nf = formatterFor(numberFormats, locales, options, () => new NumberFormat(locales, options));
    return number.formatNumber(number.nfSlots.get(nf), x.toString());
  },
  arrayToLocaleString(locales, options) {
    const array = Object(requireObject(this));
    const len = Math.min(Math.max(Math.floor(Number(array.length)) || 0, 0), Number.MAX_SAFE_INTEGER);
    return joinLocaleStrings(array, len, locales, options);
  },
  // %TypedArray%.prototype.toLocaleString (23.2.3.31): ValidateTypedArray
  // (the length getter throws for anything else), then as Array's.
  typedArrayToLocaleString(locales, options) {
    const len = typedArrayLength.call(this);
    return joinLocaleStrings(this, len, locales, options);
  },
};

const typedArrayLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), "length").get;

// The elements' toLocaleString(locales, options), joined by commas.
function joinLocaleStrings(array, len, locales, options) {
  let r = "";
  for (let k = 0; k < len; k++) {
    if (k > 0) r += ",";
    const next = array[k];
    if (next !== undefined && next !== null) {
      const f = Object(next).toLocaleString;
      if (typeof f !== "function") throw new TypeError("toLocaleString is not a function");
      r += String(f.call(next, locales, options));
    }
  }
  return r;
}

function requireObject(that) {
  if (that === undefined || that === null) throw new TypeError("Array.prototype.toLocaleString called on null or undefined");
  return that;
}

module.exports = { Intl, builtins };
