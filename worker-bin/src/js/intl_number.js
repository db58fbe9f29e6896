"use strict";
// Intl.NumberFormat and Intl.PluralRules (ECMA-402 chapters 15 and 16):
// their options read in the spec's order with its coercions and errors,
// their objects' shapes; the numbers themselves are rounded and shown by
// worker-bin/src/intl/number.rs and plural.rs (host.intlNumber*,
// host.intlPlural*), which keep one formatter per (locale, options).

const core = require("internal/intl_core");
const {
  canonicalizeLocaleList, resolveLocale, supportedLocales, coerceOptionsToObject, getOption, getNumberOption,
  defaultNumberOption, isUnicodeType, methods, getters, toStringTag, fixPrototype, slotsOf, dataObject, toStringValue,
} = core;
// Records: no setter of Object.prototype runs on them.
const record = (fields) => Object.assign(Object.create(null), fields);
const { defineProperty } = Object;

// The numbering systems with simple digits that ICU4X's decimal data has.
const NUMBERING_SYSTEMS = [
  "adlm", "ahom", "arab", "arabext", "bali", "beng", "bhks", "brah", "cakm", "cham", "deva", "diak", "fullwide",
  "gara", "gong", "gonm", "gujr", "gukh", "guru", "hanidec", "hmng", "hmnp", "java", "kali", "kawi", "khmr", "knda",
  "krai", "lana", "lanatham", "laoo", "latn", "lepc", "limb", "mathbold", "mathdbl", "mathmono", "mathsanb",
  "mathsans", "mlym", "modi", "mong", "mroo", "mtei", "mymr", "mymrepka", "mymrpao", "mymrshan", "mymrtlng", "nagm",
  "newa", "nkoo", "olck", "onao", "orya", "osma", "outlined", "rohg", "saur", "segment", "shrd", "sind", "sinh",
  "sora", "sund", "sunu", "takr", "talu", "tamldec", "telu", "thai", "tibt", "tirh", "tnsa", "tols", "vaii", "wara",
  "wcho",
];

// The units ECMA-402 sanctions (table 2), and their "-per-" pairs.
const UNITS = [
  "acre", "bit", "byte", "celsius", "centimeter", "day", "degree", "fahrenheit", "fluid-ounce", "foot", "gallon",
  "gigabit", "gigabyte", "gram", "hectare", "hour", "inch", "kilobit", "kilobyte", "kilogram", "kilometer", "liter",
  "megabit", "megabyte", "meter", "microsecond", "mile", "mile-scandinavian", "milliliter", "millimeter",
  "millisecond", "minute", "month", "nanosecond", "ounce", "percent", "petabyte", "pound", "second", "stone",
  "terabit", "terabyte", "week", "yard", "year",
];

// ISO 4217 currencies whose minor unit is not 2.
const CURRENCY_DIGITS = {
  BHD: 3, BIF: 0, CLF: 4, CLP: 0, DJF: 0, GNF: 0, IQD: 3, ISK: 0, JOD: 3, JPY: 0, KMF: 0, KRW: 0, KWD: 3, LYD: 3,
  OMR: 3, PYG: 0, RWF: 0, TND: 3, UGX: 0, UYI: 0, UYW: 4, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
};

function isWellFormedCurrencyCode(c) {
  return /^[a-z]{3}$/i.test(c);
}

function isWellFormedUnit(u) {
  if (UNITS.includes(u)) return true;
  const i = u.indexOf("-per-");
  return i > 0 && UNITS.includes(u.slice(0, i)) && UNITS.includes(u.slice(i + 5));
}

const nuSupported = (v) => NUMBERING_SYSTEMS.includes(v);
const nuDefault = () => "latn";

// ---------------------------------------------------------- digit options
const INCREMENTS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000];
const ROUNDING_MODES = ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"];

// SetNumberFormatDigitOptions (15.1.3).
function setDigitOptions(s, options, mnfdDefault, mxfdDefault, notation) {
  const mnid = getNumberOption(options, "minimumIntegerDigits", 1, 21, 1);
  let mnfd = options.minimumFractionDigits;
  let mxfd = options.maximumFractionDigits;
  let mnsd = options.minimumSignificantDigits;
  let mxsd = options.maximumSignificantDigits;
  s.minimumIntegerDigits = mnid;
  const roundingIncrement = getNumberOption(options, "roundingIncrement", 1, 5000, 1);
  if (!INCREMENTS.includes(roundingIncrement)) throw new RangeError("roundingIncrement value is out of range.");
  const roundingMode = getOption(options, "roundingMode", "string", ROUNDING_MODES, "halfExpand");
  const roundingPriority = getOption(options, "roundingPriority", "string", ["auto", "morePrecision", "lessPrecision"], "auto");
  const trailingZeroDisplay = getOption(options, "trailingZeroDisplay", "string", ["auto", "stripIfInteger"], "auto");
  if (roundingIncrement !== 1) mxfdDefault = mnfdDefault;
  s.roundingIncrement = roundingIncrement;
  s.roundingMode = roundingMode;
  s.trailingZeroDisplay = trailingZeroDisplay;
  const hasSd = mnsd !== undefined || mxsd !== undefined;
  const hasFd = mnfd !== undefined || mxfd !== undefined;
  let needSd = true;
  let needFd = true;
  if (roundingPriority === "auto") {
    needSd = hasSd;
    if (needSd || (!hasFd && notation === "compact")) needFd = false;
  }
  if (needSd) {
    if (hasSd) {
      mnsd = defaultNumberOption(mnsd, 1, 21, 1, "minimumSignificantDigits");
      mxsd = defaultNumberOption(mxsd, mnsd, 21, 21, "maximumSignificantDigits");
      s.minimumSignificantDigits = mnsd;
      s.maximumSignificantDigits = mxsd;
    } else {
      s.minimumSignificantDigits = 1;
      s.maximumSignificantDigits = 21;
    }
  }
  if (needFd) {
    if (hasFd) {
      mnfd = defaultNumberOption(mnfd, 0, 100, undefined, "minimumFractionDigits");
      mxfd = defaultNumberOption(mxfd, 0, 100, undefined, "maximumFractionDigits");
      if (mnfd === undefined) mnfd = Math.min(mnfdDefault, mxfd);
      else if (mxfd === undefined) mxfd = Math.max(mxfdDefault, mnfd);
      else if (mnfd > mxfd) throw new RangeError("maximumFractionDigits value is out of range.");
      s.minimumFractionDigits = mnfd;
      s.maximumFractionDigits = mxfd;
    } else {
      s.minimumFractionDigits = mnfdDefault;
      s.maximumFractionDigits = mxfdDefault;
    }
  }
  if (!needSd && !needFd) {
    s.minimumFractionDigits = 0;
    s.maximumFractionDigits = 0;
    s.minimumSignificantDigits = 1;
    s.maximumSignificantDigits = 2;
    s.roundingType = "morePrecision";
    s.roundingPriority = "morePrecision";
  } else if (roundingPriority === "auto") {
    s.roundingType = needSd ? "significantDigits" : "fractionDigits";
    s.roundingPriority = "auto";
  } else {
    s.roundingType = roundingPriority;
    s.roundingPriority = roundingPriority;
  }
  if (roundingIncrement !== 1) {
    if (s.roundingType !== "fractionDigits") throw new TypeError("roundingIncrement is only allowed with fraction digits rounding");
    if (s.maximumFractionDigits !== s.minimumFractionDigits) {
      throw new RangeError("maximumFractionDigits must be equal to minimumFractionDigits with a roundingIncrement");
    }
  }
}

// The options the Rust side reads, and the cache key made of them.
function rustKey(s, fields) {
  let key = s.dataLocale;
  for (const f of fields) key += "|" + s[f];
  return key;
}

// --------------------------------------------------- mathematical values
// ToIntlMathematicalValue: a Number, or the exact decimal of a BigInt or a
// numeric string (as a string the Rust side reads digit for digit).
function toIntlMathematicalValue(value) {
  let prim = value;
  if (typeof value === "object" && value !== null || typeof value === "function") prim = toPrimitiveNumber(value);
  if (typeof prim === "bigint") return prim.toString();
  if (typeof prim !== "string") return Number(prim);
  const s = prim.trim();
  if (s === "") return 0;
  const m = /^([+-]?)(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?$/.exec(s);
  if (m === null) return Number(s);
  return plainDecimal(m[1] === "-", m[2], m[3] === undefined ? 0 : Number(m[3]));
}

function toPrimitiveNumber(v) {
  const p = v[Symbol.toPrimitive];
  if (p !== undefined && p !== null) {
    const r = p.call(v, "number");
    if (typeof r === "object" && r !== null) throw new TypeError("Cannot convert object to primitive value");
    return r;
  }
  for (const name of ["valueOf", "toString"]) {
    const f = v[name];
    if (typeof f === "function") {
      const r = f.call(v);
      if (typeof r !== "object" || r === null) return r;
    }
  }
  throw new TypeError("Cannot convert object to primitive value");
}

// "-" digits "." digits from a mantissa and a power of ten.
function plainDecimal(negative, mantissa, exp) {
  if (!Number.isFinite(exp) || Math.abs(exp) > 1000) return negative ? -Number(`${mantissa}e${exp}`) : Number(`${mantissa}e${exp}`);
  let [int, frac = ""] = mantissa.split(".");
  let digits = int + frac;
  let point = int.length + exp;
  if (point <= 0) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + "0".repeat(point - digits.length);
  }
  const out = digits.slice(0, point).replace(/^0+(?=\d)/, "") + (point < digits.length ? "." + digits.slice(point) : "");
  return (negative ? "-" : "") + out;
}

// --------------------------------------------------------- NumberFormat
const nfSlots = new WeakMap();
const NF_FIELDS = [
  "style", "currency", "currencyDisplay", "currencySign", "unit", "unitDisplay", "notation", "compactDisplay",
  "useGrouping", "signDisplay", "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits",
  "minimumSignificantDigits", "maximumSignificantDigits", "roundingType", "roundingIncrement", "roundingMode",
  "trailingZeroDisplay",
];

function NumberFormat(locales, options) {
  const nf = new.target === undefined ? Object.create(NumberFormat.prototype) : this;
  const requested = canonicalizeLocaleList(locales);
  options = coerceOptionsToObject(options);
  const opt = record({});
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const numberingSystem = getOption(options, "numberingSystem", "string", undefined, undefined);
  if (numberingSystem !== undefined && !isUnicodeType(numberingSystem)) {
    throw new RangeError(`Invalid numberingSystem : ${numberingSystem}`);
  }
  opt.nu = numberingSystem;
  const r = resolveLocale(requested, opt, { nu: nuSupported }, { nu: nuDefault });
  const s = record({ locale: r.locale, numberingSystem: r.nu, dataLocale: dataLocale(r.dataLocale, r.nu) });
  // SetNumberFormatUnitOptions.
  const style = getOption(options, "style", "string", ["decimal", "percent", "currency", "unit"], "decimal");
  s.style = style;
  const currency = getOption(options, "currency", "string", undefined, undefined);
  if (currency === undefined) {
    if (style === "currency") throw new TypeError("Currency code is required with currency style.");
  } else if (!isWellFormedCurrencyCode(currency)) throw new RangeError(`Invalid currency code : ${currency}`);
  const currencyDisplay = getOption(options, "currencyDisplay", "string", ["code", "symbol", "narrowSymbol", "name"], "symbol");
  const currencySign = getOption(options, "currencySign", "string", ["standard", "accounting"], "standard");
  const unit = getOption(options, "unit", "string", undefined, undefined);
  if (unit === undefined) {
    if (style === "unit") throw new TypeError("Unit is required with unit style.");
  } else if (!isWellFormedUnit(unit)) throw new RangeError(`Invalid unit argument for Intl.NumberFormat() '${unit}'`);
  const unitDisplay = getOption(options, "unitDisplay", "string", ["short", "narrow", "long"], "short");
  if (style === "currency") {
    s.currency = currency.toUpperCase();
    s.currencyDisplay = currencyDisplay;
    s.currencySign = currencySign;
  }
  if (style === "unit") {
    s.unit = unit;
    s.unitDisplay = unitDisplay;
  }
  let mnfdDefault = 0;
  let mxfdDefault = style === "percent" ? 0 : 3;
  if (style === "currency") {
    const c = CURRENCY_DIGITS[s.currency];
    mnfdDefault = mxfdDefault = c === undefined ? 2 : c;
  }
  const notation = getOption(options, "notation", "string", ["standard", "scientific", "engineering", "compact"], "standard");
  s.notation = notation;
  setDigitOptions(s, options, mnfdDefault, mxfdDefault, notation);
  const compactDisplay = getOption(options, "compactDisplay", "string", ["short", "long"], "short");
  const defaultUseGrouping = notation === "compact" ? "min2" : "auto";
  let useGrouping = options.useGrouping;
  if (useGrouping === undefined) useGrouping = defaultUseGrouping;
  else if (useGrouping === true) useGrouping = "always";
  else if (!useGrouping) useGrouping = false;
  else {
    useGrouping = toStringValue(useGrouping);
    if (useGrouping === "true" || useGrouping === "false") useGrouping = defaultUseGrouping;
    else if (!["min2", "auto", "always"].includes(useGrouping)) {
      throw new RangeError(`Value ${useGrouping} out of range for Intl.NumberFormat options property useGrouping`);
    }
  }
  s.useGrouping = useGrouping;
  if (notation === "compact") s.compactDisplay = compactDisplay;
  s.signDisplay = getOption(options, "signDisplay", "string", ["auto", "never", "always", "exceptZero", "negative"], "auto");
  s.handle = host.intlNumberFormat(rustKey(s, NF_FIELDS), s.dataLocale, rustOptions(s));
  nfSlots.set(nf, s);
  return core.chainLegacy(NumberFormat, new.target, this, nf);
}

// The locale the Rust side builds with: the data locale with its
// numbering system.
function dataLocale(locale, nu) {
  return nu === "latn" ? locale : `${locale}-u-nu-${nu}`;
}

function rustOptions(s) {
  const o = record({});
  for (const f of NF_FIELDS) o[f] = s[f] === undefined ? undefined : s[f] === false ? "false" : s[f];
  o.compactDisplay = s.compactDisplay || "short";
  return o;
}

function partsOf(s, x) {
  return host.intlNumberParts(s.handle, x);
}

function joinParts(flat) {
  let out = "";
  for (let i = 1; i < flat.length; i += 2) out += flat[i];
  return out;
}

function toParts(flat, extra) {
  const out = [];
  for (let i = 0; i < flat.length; i += 2) {
    const part = { type: flat[i], value: flat[i + 1] };
    if (extra !== undefined) part.source = extra;
    out.push(part);
  }
  return out;
}

function formatNumber(s, x) {
  return joinParts(partsOf(s, x));
}

function isNaNValue(x) {
  return typeof x === "number" && Number.isNaN(x);
}

// formatRange's parts: the two ends with a range sign, or an
// approximately sign when both show the same.
function rangeParts(s, x, y, method) {
  if (x === undefined || y === undefined) throw new TypeError(`${method}: start and end are required`);
  const a = toIntlMathematicalValue(x);
  const b = toIntlMathematicalValue(y);
  if (isNaNValue(a) || isNaNValue(b)) throw new RangeError(`${method}: start and end must not be NaN`);
  const pa = partsOf(s, a);
  const pb = partsOf(s, b);
  if (joinParts(pa) === joinParts(pb)) {
    // The sign goes before all, as ICU puts it ("~$3", "~-3", "~3 m").
    return [{ type: "approximatelySign", value: "~", source: "shared" }, ...toParts(pa, "shared")];
  }
  const plain = s.style === "decimal" && s.notation === "standard";
  return [...toParts(pa, "startRange"), { type: "literal", value: plain ? "–" : " – ", source: "shared" }, ...toParts(pb, "endRange")];
}

const nfProto = {};
getters(nfProto, {
  get format() {
    const s = core.unwrapSlots(nfSlots, NumberFormat, this, "get Intl.NumberFormat.prototype.format");
    // Anonymous, as a bound function the spec makes is.
    if (s.bound === undefined) s.bound = (value) => formatNumber(s, toIntlMathematicalValue(value));
    return s.bound;
  },
});
methods(nfProto, {
  formatToParts(value) {
    const s = slotsOf(nfSlots, this, "Intl.NumberFormat.prototype.formatToParts");
    return toParts(partsOf(s, toIntlMathematicalValue(value)));
  },
  formatRange(start, end) {
    const s = slotsOf(nfSlots, this, "Intl.NumberFormat.prototype.formatRange");
    return rangeParts(s, start, end, "Intl.NumberFormat.prototype.formatRange").map((p) => p.value).join("");
  },
  formatRangeToParts(start, end) {
    const s = slotsOf(nfSlots, this, "Intl.NumberFormat.prototype.formatRangeToParts");
    return rangeParts(s, start, end, "Intl.NumberFormat.prototype.formatRangeToParts");
  },
  resolvedOptions() {
    const s = core.unwrapSlots(nfSlots, NumberFormat, this, "Intl.NumberFormat.prototype.resolvedOptions");
    return dataObject([
      "locale", "numberingSystem", "style", "currency", "currencyDisplay", "currencySign", "unit", "unitDisplay",
      "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits",
      "maximumSignificantDigits", "useGrouping", "notation", "compactDisplay", "signDisplay", "roundingIncrement",
      "roundingMode", "roundingPriority", "trailingZeroDisplay",
    ].map((f) => [f, s[f]]));
  },
});
toStringTag(nfProto, "Intl.NumberFormat");
fixPrototype(NumberFormat, nfProto);
defineProperty(NumberFormat, "length", { value: 0, configurable: true });
methods(NumberFormat, {
  supportedLocalesOf(locales, options = undefined) {
    return supportedLocales(canonicalizeLocaleList(locales), options);
  },
});

// ----------------------------------------------------------- PluralRules
const prSlots = new WeakMap();
const PR_FIELDS = [
  "type", "notation", "compactDisplay", "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits",
  "maximumSignificantDigits", "roundingType", "roundingIncrement", "roundingMode", "trailingZeroDisplay",
];

function PluralRules(locales, options) {
  if (new.target === undefined) throw new TypeError("Constructor Intl.PluralRules requires 'new'");
  const requested = canonicalizeLocaleList(locales);
  options = coerceOptionsToObject(options);
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const type = getOption(options, "type", "string", ["cardinal", "ordinal"], "cardinal");
  const notation = getOption(options, "notation", "string", ["standard", "scientific", "engineering", "compact"], "standard");
  const compactDisplay = getOption(options, "compactDisplay", "string", ["short", "long"], "short");
  const s = record({ type, notation, compactDisplay: notation === "compact" ? compactDisplay : undefined });
  setDigitOptions(s, options, 0, 3, notation);
  const r = resolveLocale(requested, {}, {}, {});
  s.locale = r.locale;
  s.dataLocale = r.dataLocale;
  s.handle = host.intlPluralRules(rustKey(s, PR_FIELDS), s.dataLocale, s);
  prSlots.set(this, s);
}

const prProto = {};
methods(prProto, {
  select(value) {
    const s = slotsOf(prSlots, this, "Intl.PluralRules.prototype.select");
    return host.intlPluralSelect(s.handle, Number(value));
  },
  selectRange(start, end) {
    const s = slotsOf(prSlots, this, "Intl.PluralRules.prototype.selectRange");
    if (start === undefined || end === undefined) throw new TypeError("start and end are required");
    const x = Number(start);
    const y = Number(end);
    if (Number.isNaN(x) || Number.isNaN(y)) throw new RangeError("start and end must not be NaN");
    return host.intlPluralRange(s.handle, x, y);
  },
  resolvedOptions() {
    const s = slotsOf(prSlots, this, "Intl.PluralRules.prototype.resolvedOptions");
    return dataObject([
      ["locale", s.locale], ["type", s.type], ["notation", s.notation], ["compactDisplay", s.compactDisplay],
      ["minimumIntegerDigits", s.minimumIntegerDigits],
      ...["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits"].map((f) => [f, s[f]]),
      ["pluralCategories", host.intlPluralCategories(s.handle)], ["roundingIncrement", s.roundingIncrement],
      ["roundingMode", s.roundingMode], ["roundingPriority", s.roundingPriority], ["trailingZeroDisplay", s.trailingZeroDisplay],
    ]);
  },
});
toStringTag(prProto, "Intl.PluralRules");
fixPrototype(PluralRules, prProto);
defineProperty(PluralRules, "length", { value: 0, configurable: true });
methods(PluralRules, {
  supportedLocalesOf(locales, options = undefined) {
    return supportedLocales(canonicalizeLocaleList(locales), options);
  },
});

module.exports = { NumberFormat, PluralRules, NUMBERING_SYSTEMS, UNITS, toIntlMathematicalValue, formatNumber, nfSlots };
