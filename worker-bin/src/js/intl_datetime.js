"use strict";
// Intl.DateTimeFormat (ECMA-402 chapter 11) and Date.prototype's
// toLocaleString, toLocaleDateString and toLocaleTimeString: options read
// in the spec's order with its defaults and errors; the dates formatted by
// worker-bin/src/intl/datetime.rs (host.intlDate*), in any zone of the tz
// database.

const {
  canonicalizeLocaleList, resolveLocale, supportedLocales, coerceOptionsToObject, getOption, getNumberOption,
  isUnicodeType, methods, getters, toStringTag, fixPrototype, slotsOf, parseTag, joinTag, dataObject, toStringValue,
  formatterFor, chainLegacy, unwrapSlots,
} = require("internal/intl_core");
const record = (fields) => Object.assign(Object.create(null), fields);
const { NUMBERING_SYSTEMS } = require("internal/intl_number");
const { defineProperty } = Object;

const CALENDARS = [
  "buddhist", "chinese", "coptic", "dangi", "ethioaa", "ethiopic", "gregory", "hebrew", "indian", "islamic-civil",
  "islamic-tbla", "islamic-umalqura", "iso8601", "japanese", "persian", "roc",
];
const CALENDAR_ALIASES = { islamicc: "islamic-civil", "ethiopic-amete-alem": "ethioaa" };
const KEYS = {
  ca: (v) => CALENDARS.includes(v),
  hc: (v) => v === null || ["h11", "h12", "h23", "h24"].includes(v),
  nu: (v) => NUMBERING_SYSTEMS.includes(v),
};
const DEFAULTS = { ca: () => "gregory", hc: () => null, nu: () => "latn" };

// The locales whose clocks run 1-12 (h12) by default; h11 for ja's 0-11.
const H12_LANGUAGES = ["en", "hi", "ar", "bn", "ur", "ko", "fil", "el", "es-US", "zh-TW", "en-IN"];
function defaultHourCycle(locale) {
  const p = parseTag(locale);
  const lr = p.region ? `${p.language}-${p.region}` : p.language;
  if (["en-GB", "en-IE", "en-150", "en-DE", "en-SE", "en-ZA"].includes(lr)) return "h23";
  return H12_LANGUAGES.includes(lr) || H12_LANGUAGES.includes(p.language) ? "h12" : "h23";
}

// Table 16: the components, in the order they are read.
const COMPONENTS = [
  ["weekday", ["narrow", "short", "long"]],
  ["era", ["narrow", "short", "long"]],
  ["year", ["2-digit", "numeric"]],
  ["month", ["2-digit", "numeric", "narrow", "short", "long"]],
  ["day", ["2-digit", "numeric"]],
  ["dayPeriod", ["narrow", "short", "long"]],
  ["hour", ["2-digit", "numeric"]],
  ["minute", ["2-digit", "numeric"]],
  ["second", ["2-digit", "numeric"]],
  ["fractionalSecondDigits", null],
  ["timeZoneName", ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"]],
];

let defaultZone;
function defaultTimeZone() {
  if (defaultZone === undefined) defaultZone = host.intlTimeZone(host.intlDefaults()[1]) || "UTC";
  return defaultZone;
}

const slots = new WeakMap();

// CreateDateTimeFormat (11.1.2), with ToDateTimeOptions' `required` and
// `defaults` ("any"/"date"/"time", "date"/"time"/"all").
function createDateTimeFormat(dtf, locales, options, required, defaults) {
  const requested = canonicalizeLocaleList(locales);
  options = coerceOptionsToObject(options);
  const opt = record({});
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const calendar = getOption(options, "calendar", "string", undefined, undefined);
  if (calendar !== undefined && !isUnicodeType(calendar)) throw new RangeError(`Invalid calendar : ${calendar}`);
  // CanonicalizeUValue("ca", calendar): lower case, CLDR's aliases.
  opt.ca = calendar === undefined ? undefined : CALENDAR_ALIASES[calendar.toLowerCase()] || calendar.toLowerCase();
  const numberingSystem = getOption(options, "numberingSystem", "string", undefined, undefined);
  if (numberingSystem !== undefined && !isUnicodeType(numberingSystem)) {
    throw new RangeError(`Invalid numberingSystem : ${numberingSystem}`);
  }
  opt.nu = numberingSystem;
  const hour12 = getOption(options, "hour12", "boolean", undefined, undefined);
  let hourCycle = getOption(options, "hourCycle", "string", ["h11", "h12", "h23", "h24"], undefined);
  if (hour12 !== undefined) hourCycle = null;
  opt.hc = hourCycle;
  const r = resolveLocale(requested, opt, KEYS, DEFAULTS);
  const s = record({ locale: r.locale, calendar: r.ca, numberingSystem: r.nu, dataLocale: r.dataLocale });
  let timeZone = options.timeZone;
  if (timeZone === undefined) timeZone = defaultTimeZone();
  else {
    timeZone = toStringValue(timeZone);
    const name = host.intlTimeZone(timeZone);
    if (name === null || name === undefined) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
    timeZone = name;
  }
  s.timeZone = timeZone;
  const formatOptions = record({});
  let hasExplicit = false;
  for (const [name, values] of COMPONENTS) {
    const value = values === null
      ? getNumberOption(options, name, 1, 3, undefined)
      : getOption(options, name, "string", values, undefined);
    formatOptions[name] = value;
    if (value !== undefined) hasExplicit = true;
  }
  getOption(options, "formatMatcher", "string", ["basic", "best fit"], "best fit");
  const dateStyle = getOption(options, "dateStyle", "string", ["full", "long", "medium", "short"], undefined);
  const timeStyle = getOption(options, "timeStyle", "string", ["full", "long", "medium", "short"], undefined);
  if (dateStyle !== undefined || timeStyle !== undefined) {
    if (hasExplicit) throw new TypeError("Can't set option dateStyle or timeStyle with other date/time options");
    if (required === "date" && timeStyle !== undefined) throw new TypeError("Invalid option : timeStyle");
    if (required === "time" && dateStyle !== undefined) throw new TypeError("Invalid option : dateStyle");
    s.dateStyle = dateStyle;
    s.timeStyle = timeStyle;
  } else {
    let needDefaults = true;
    if (required === "date" || required === "any") {
      for (const k of ["weekday", "year", "month", "day"]) if (formatOptions[k] !== undefined) needDefaults = false;
    }
    if (required === "time" || required === "any") {
      for (const k of ["dayPeriod", "hour", "minute", "second", "fractionalSecondDigits"]) {
        if (formatOptions[k] !== undefined) needDefaults = false;
      }
    }
    if (needDefaults && (defaults === "date" || defaults === "all")) {
      formatOptions.year = formatOptions.month = formatOptions.day = "numeric";
    }
    if (needDefaults && (defaults === "time" || defaults === "all")) {
      formatOptions.hour = formatOptions.minute = formatOptions.second = "numeric";
    }
    for (const [name] of COMPONENTS) if (formatOptions[name] !== undefined) s[name] = formatOptions[name];
  }
  // The hour cycle: hour12 picks the locale's 12- or 24-hour cycle.
  if (s.hour !== undefined || s.timeStyle !== undefined) {
    let hc = r.hc === null || r.hc === undefined ? defaultHourCycle(r.dataLocale) : r.hc;
    if (hour12 === true) hc = parseTag(r.dataLocale).language === "ja" ? "h11" : "h12";
    else if (hour12 === false) hc = "h23";
    s.hourCycle = hc;
    s.hour12 = hc === "h11" || hc === "h12";
  }
  const keys = new Map();
  if (s.calendar !== "gregory") keys.set("ca", s.calendar);
  if (s.hourCycle !== undefined) keys.set("hc", s.hourCycle === "h24" ? "h23" : s.hourCycle);
  if (s.numberingSystem !== "latn") keys.set("nu", s.numberingSystem);
  const p = parseTag(s.dataLocale);
  const tag = keys.size > 0 ? joinTag(p, { attributes: [], keys }) : s.dataLocale;
  const o = record({ timeZone: s.timeZone, dateStyle: s.dateStyle, timeStyle: s.timeStyle });
  let key = `${tag}|${s.timeZone}|${s.dateStyle}|${s.timeStyle}`;
  for (const [name] of COMPONENTS) {
    o[name] = s[name];
    key += `|${s[name]}`;
  }
  s.handle = host.intlDateFormat(key, tag, o);
  slots.set(dtf, s);
  return dtf;
}

function DateTimeFormat(locales, options) {
  const dtf = new.target === undefined ? Object.create(DateTimeFormat.prototype) : this;
  return chainLegacy(DateTimeFormat, new.target, this, createDateTimeFormat(dtf, locales, options, "any", "date"));
}

function timeValue(date) {
  const x = date === undefined ? Date.now() : Number(date);
  if (!Number.isFinite(x) || Math.abs(x) > 8.64e15) throw new RangeError("Invalid time value");
  return Math.trunc(x) + 0;
}

function partsOf(s, x) {
  return host.intlDateParts(s.handle, x);
}

function joined(flat) {
  let out = "";
  for (let i = 1; i < flat.length; i += 2) out += flat[i];
  return out;
}

function toParts(flat, source) {
  const out = [];
  for (let i = 0; i < flat.length; i += 2) {
    const part = { type: flat[i], value: flat[i + 1] };
    if (source !== undefined) part.source = source;
    out.push(part);
  }
  return out;
}

function rangeParts(s, start, end, method) {
  if (start === undefined || end === undefined) throw new TypeError(`${method}: startDate and endDate are required`);
  const x = timeValue(start);
  const y = timeValue(end);
  const a = partsOf(s, x);
  const b = partsOf(s, y);
  if (joined(a) === joined(b)) return toParts(a, "shared");
  return [...toParts(a, "startRange"), { type: "literal", value: " – ", source: "shared" }, ...toParts(b, "endRange")];
}

const proto = {};
getters(proto, {
  get format() {
    const s = unwrapSlots(slots, DateTimeFormat, this, "get Intl.DateTimeFormat.prototype.format");
    if (s.bound === undefined) s.bound = (date) => joined(partsOf(s, timeValue(date)));
    return s.bound;
  },
});
methods(proto, {
  formatToParts(date) {
    const s = slotsOf(slots, this, "Intl.DateTimeFormat.prototype.formatToParts");
    return toParts(partsOf(s, timeValue(date)));
  },
  formatRange(startDate, endDate) {
    const s = slotsOf(slots, this, "Intl.DateTimeFormat.prototype.formatRange");
    return rangeParts(s, startDate, endDate, "formatRange").map((p) => p.value).join("");
  },
  formatRangeToParts(startDate, endDate) {
    const s = slotsOf(slots, this, "Intl.DateTimeFormat.prototype.formatRangeToParts");
    return rangeParts(s, startDate, endDate, "formatRangeToParts");
  },
  resolvedOptions() {
    const s = unwrapSlots(slots, DateTimeFormat, this, "Intl.DateTimeFormat.prototype.resolvedOptions");
    return dataObject([
      ["locale", s.locale], ["calendar", s.calendar], ["numberingSystem", s.numberingSystem], ["timeZone", s.timeZone],
      ["hourCycle", s.hourCycle], ["hour12", s.hour12], ...COMPONENTS.map(([name]) => [name, s[name]]),
      ["dateStyle", s.dateStyle], ["timeStyle", s.timeStyle],
    ]);
  },
});
toStringTag(proto, "Intl.DateTimeFormat");
fixPrototype(DateTimeFormat, proto);
defineProperty(DateTimeFormat, "length", { value: 0, configurable: true });
methods(DateTimeFormat, {
  supportedLocalesOf(locales, options = undefined) {
    return supportedLocales(canonicalizeLocaleList(locales), options);
  },
});

// Date.prototype.toLocale{,Date,Time}String (19.4); each method's
// formatters made without options kept by locales (formatterFor).
const methodFormats = { any: new Map(), date: new Map(), time: new Map() };
function dateToLocale(that, locales, options, required, defaults) {
  const x = Date.prototype.getTime.call(that);
  if (Number.isNaN(x)) return "Invalid Date";
  const make = () => createDateTimeFormat(Object.create(DateTimeFormat.prototype), locales, options, required, defaults);
  const dtf = formatterFor(methodFormats[required], locales, options, make);
  return joined(partsOf(slots.get(dtf), x));
}

const builtins = {
  dateToLocaleString(locales, options) {
    return dateToLocale(this, locales, options, "any", "all");
  },
  dateToLocaleDateString(locales, options) {
    return dateToLocale(this, locales, options, "date", "date");
  },
  dateToLocaleTimeString(locales, options) {
    return dateToLocale(this, locales, options, "time", "time");
  },
};

module.exports = { DateTimeFormat, builtins, CALENDARS };
