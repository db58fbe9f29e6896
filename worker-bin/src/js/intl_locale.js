"use strict";
// Intl.Locale (ECMA-402 chapter 14): the constructor with the options it
// applies to a tag (language, script, region, variants, then the -u-
// keywords), its getters, and the information methods (getCalendars,
// getCollations, getHourCycles, getNumberingSystems, getTimeZones,
// getTextInfo, getWeekInfo). Their data: CLDR's through ICU4X
// (worker-bin/src/intl/locale_info.rs), CLDR's calendar preferences below.

const {
  canonicalize, localeSlots, parseTag, unicodeKeywords, joinTag, coerceOptionsToObject, getOption, isUnicodeType,
  methods, getters, toStringTag, fixPrototype, slotsOf, dataObject,
} = require("internal/intl_core");
const $String = (v) => `${v}`;
const { defineProperty } = Object;

const LANGUAGE = /^([a-z]{2,3}|[a-z]{5,8})$/i;
const SCRIPT = /^[a-z]{4}$/i;
const REGION = /^([a-z]{2}|[0-9]{3})$/i;
const VARIANT = /^([a-z0-9]{5,8}|[0-9][a-z0-9]{3})$/i;
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat", "sun"];

const bad = () => new RangeError("Incorrect locale information provided");

// UpdateLanguageId: the tag with the language, script, region and
// variants options applied.
function updateLanguageId(tag, options) {
  const p = parseTag(canonicalize(tag));
  const language = getOption(options, "language", "string", undefined, undefined);
  if (language !== undefined && !LANGUAGE.test(language)) throw bad();
  const script = getOption(options, "script", "string", undefined, undefined);
  if (script !== undefined && !SCRIPT.test(script)) throw bad();
  const region = getOption(options, "region", "string", undefined, undefined);
  if (region !== undefined && !REGION.test(region)) throw bad();
  const variants = getOption(options, "variants", "string", undefined, undefined);
  if (variants !== undefined) {
    const list = variants.toLowerCase().split("-");
    if (!list.every((v) => VARIANT.test(v)) || new Set(list).size !== list.length) throw bad();
    p.variants = list;
  }
  if (language !== undefined) p.language = language;
  if (script !== undefined) p.script = script;
  if (region !== undefined) p.region = region;
  return canonicalize(joinTag(p, unicodeKeywords(p)));
}

function Locale(tag, options) {
  if (new.target === undefined) throw new TypeError("Constructor Intl.Locale requires 'new'");
  if (typeof tag !== "string" && (typeof tag !== "object" || tag === null)) {
    throw new TypeError("First argument to Intl.Locale constructor can't be empty or missing");
  }
  tag = typeof tag === "object" && localeSlots.has(tag) ? localeSlots.get(tag).tag : $String(tag);
  options = coerceOptionsToObject(options);
  let canonical = updateLanguageId(tag, options);
  // MakeLocaleRecord: the -u- keywords the options set.
  const set = new Map();
  const typeOption = (name) => {
    const v = getOption(options, name, "string", undefined, undefined);
    if (v !== undefined && !isUnicodeType(v)) throw bad();
    return v;
  };
  const ca = typeOption("calendar");
  if (ca !== undefined) set.set("ca", ca);
  const co = typeOption("collation");
  if (co !== undefined) set.set("co", co);
  let fw = getOption(options, "firstDayOfWeek", "string", undefined, undefined);
  if (fw !== undefined) {
    // WeekdayToString.
    if (/^[0-7]$/.test(fw)) fw = WEEKDAYS[Number(fw)];
    if (!isUnicodeType(fw)) throw bad();
    set.set("fw", fw);
  }
  const hc = getOption(options, "hourCycle", "string", ["h11", "h12", "h23", "h24"], undefined);
  if (hc !== undefined) set.set("hc", hc);
  const kf = getOption(options, "caseFirst", "string", ["upper", "lower", "false"], undefined);
  if (kf !== undefined) set.set("kf", kf);
  const kn = options.numeric;
  if (kn !== undefined) set.set("kn", $String(Boolean(kn)));
  const nu = typeOption("numberingSystem");
  if (nu !== undefined) set.set("nu", nu);
  if (set.size > 0) {
    const q = parseTag(canonical);
    const k = unicodeKeywords(q);
    for (const [key, value] of set) k.keys.set(key, value);
    canonical = canonicalize(joinTag(q, k));
  }
  localeSlots.set(this, { tag: canonical });
}

function localeOf(obj, method) {
  const s = slotsOf(localeSlots, obj, method);
  if (s.parsed === undefined) {
    s.parsed = parseTag(s.tag);
    s.keys = unicodeKeywords(s.parsed).keys;
  }
  return s;
}

function keyword(obj, key, method) {
  const s = localeOf(obj, method);
  return s.keys.has(key) ? s.keys.get(key) : undefined;
}

function baseName(p) {
  return [p.language, p.script, p.region, ...p.variants].filter((x) => x !== undefined).join("-");
}

// ------------------------------------------------------ locale information
// CLDR's calendarPreferenceData (supplementalData.xml), in BCP 47 names,
// limited to the calendars DateTimeFormat has; other regions: gregory.
const ISLAMIC = ["islamic-civil", "islamic-tbla"];
const CALENDAR_PREFERENCES = [
  ["BD DJ DZ EH ER IQ JO KM LB LY MA MR OM PK PS SD SY TD TN YE", ["gregory", ...ISLAMIC]],
  ["AL AZ MV TJ TM TR UZ XK", ["gregory", ...ISLAMIC]],
  ["AE BH KW QA", ["gregory", "islamic-umalqura", ...ISLAMIC]],
  ["AF IR", ["persian", "gregory", ...ISLAMIC]],
  ["CN CX HK MO SG", ["gregory", "chinese"]],
  ["EG", ["gregory", "coptic", ...ISLAMIC]],
  ["ET", ["gregory", "ethiopic"]],
  ["IL", ["gregory", "hebrew", ...ISLAMIC]],
  ["IN", ["gregory", "indian"]],
  ["JP", ["gregory", "japanese"]],
  ["KR", ["gregory", "dangi"]],
  ["SA", ["islamic-umalqura", "gregory"]],
  ["TH", ["buddhist", "gregory"]],
  ["TW", ["gregory", "roc", "chinese"]],
];

// The region of an rg or sd keyword's value ("gbzzzz", "inka", "th10").
function keywordRegion(value) {
  if (value === undefined) return undefined;
  const m = /^([a-z]{2}|[0-9]{3})[a-z0-9]+$/i.exec(value);
  return m === null ? undefined : m[1].toUpperCase();
}

// RegionPreference: the region whose data a locale takes: its rg
// override, its region subtag, its sd subdivision's, its likely region,
// else the world's.
function regionOf(s) {
  const rg = keywordRegion(s.keys.get("rg"));
  if (rg !== undefined) return rg;
  if (s.parsed.region !== undefined) return s.parsed.region;
  const sd = keywordRegion(s.keys.get("sd"));
  if (sd !== undefined) return sd;
  const likely = parseTag(host.intlMaximize(baseName(s.parsed))).region;
  return likely === undefined ? "001" : likely;
}

const info = (name) => `Intl.Locale.prototype.${name}`;

const localeProto = {};
methods(localeProto, {
  maximize() {
    const s = localeOf(this, info("maximize"));
    return new Locale(host.intlMaximize(s.tag));
  },
  minimize() {
    const s = localeOf(this, info("minimize"));
    return new Locale(host.intlMinimize(s.tag));
  },
  toString() {
    return localeOf(this, info("toString")).tag;
  },
  getCalendars() {
    const s = localeOf(this, info("getCalendars"));
    if (s.keys.has("ca")) return [s.keys.get("ca")];
    const region = regionOf(s);
    const row = CALENDAR_PREFERENCES.find(([regions]) => regions.split(" ").includes(region));
    return row === undefined ? ["gregory"] : [...row[1]];
  },
  getCollations() {
    const s = localeOf(this, info("getCollations"));
    if (s.keys.has("co")) return [s.keys.get("co")];
    return require("internal/intl_collator").collationsOf(s.parsed.language).sort();
  },
  getHourCycles() {
    const s = localeOf(this, info("getHourCycles"));
    if (s.keys.has("hc")) return [s.keys.get("hc")];
    return [host.intlHourCycle(`${s.parsed.language}-${regionOf(s)}`)];
  },
  getNumberingSystems() {
    const s = localeOf(this, info("getNumberingSystems"));
    if (s.keys.has("nu")) return [s.keys.get("nu")];
    const { NumberFormat } = require("internal/intl_number");
    return [new NumberFormat(baseName(s.parsed)).resolvedOptions().numberingSystem];
  },
  getTimeZones() {
    const s = localeOf(this, info("getTimeZones"));
    const region = s.parsed.region;
    return region === undefined ? undefined : host.intlRegionTimeZones(region);
  },
  getTextInfo() {
    const s = localeOf(this, info("getTextInfo"));
    return dataObject([["direction", host.intlRightToLeft(baseName(s.parsed)) ? "rtl" : "ltr"]]);
  },
  getWeekInfo() {
    const s = localeOf(this, info("getWeekInfo"));
    const [firstDay, ...weekend] = host.intlWeekInfo(`und-${regionOf(s)}`);
    const fw = WEEKDAYS.indexOf(s.keys.get("fw"), 1);
    return dataObject([["firstDay", fw > 0 ? fw : firstDay], ["weekend", weekend]]);
  },
});
getters(localeProto, {
  get baseName() { return baseName(localeOf(this, info("baseName")).parsed); },
  get calendar() { return keyword(this, "ca", info("calendar")); },
  get caseFirst() { return keyword(this, "kf", info("caseFirst")); },
  get collation() { return keyword(this, "co", info("collation")); },
  get firstDayOfWeek() { return keyword(this, "fw", info("firstDayOfWeek")); },
  get hourCycle() { return keyword(this, "hc", info("hourCycle")); },
  get numeric() {
    const v = keyword(this, "kn", info("numeric"));
    return v === "" || v === "true";
  },
  get numberingSystem() { return keyword(this, "nu", info("numberingSystem")); },
  get language() { return localeOf(this, info("language")).parsed.language; },
  get script() { return localeOf(this, info("script")).parsed.script; },
  get region() { return localeOf(this, info("region")).parsed.region; },
  get variants() {
    const v = localeOf(this, info("variants")).parsed.variants;
    return v.length === 0 ? undefined : v.join("-");
  },
});
toStringTag(localeProto, "Intl.Locale");
fixPrototype(Locale, localeProto);
defineProperty(Locale, "length", { value: 1, configurable: true });

module.exports = { Locale };
