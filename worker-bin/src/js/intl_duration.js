"use strict";
// Intl.DurationFormat (ECMA-402 chapter 13): options in the spec's order,
// and the formatting as the spec defines it, each unit by a NumberFormat
// and the units joined by a ListFormat (PartitionDurationFormatPattern).
// The locale's digital format (hour, minute and second separator, two-digit
// hours) comes from worker-bin/src/intl/duration.rs.

const {
  canonicalizeLocaleList, resolveLocale, supportedLocales, getOptionsObject, getOption, getNumberOption,
  isUnicodeType, methods, toStringTag, fixPrototype, slotsOf, dataObject,
} = require("internal/intl_core");
const number = require("internal/intl_number");
const { ListFormat, listPartsOf } = require("internal/intl_text");
const { defineProperty, create } = Object;

// Table 20: each unit, the styles it takes, its digital default, and the
// NumberFormat unit it is formatted in.
const UNITS = [
  ["years", ["long", "short", "narrow"], "short", "year"],
  ["months", ["long", "short", "narrow"], "short", "month"],
  ["weeks", ["long", "short", "narrow"], "short", "week"],
  ["days", ["long", "short", "narrow"], "short", "day"],
  ["hours", ["long", "short", "narrow", "numeric", "2-digit"], "numeric", "hour"],
  ["minutes", ["long", "short", "narrow", "numeric", "2-digit"], "numeric", "minute"],
  ["seconds", ["long", "short", "narrow", "numeric", "2-digit"], "numeric", "second"],
  ["milliseconds", ["long", "short", "narrow", "numeric"], "numeric", "millisecond"],
  ["microseconds", ["long", "short", "narrow", "numeric"], "numeric", "microsecond"],
  ["nanoseconds", ["long", "short", "narrow", "numeric"], "numeric", "nanosecond"],
];
const FRACTIONAL = ["milliseconds", "microseconds", "nanoseconds"];
const numericLike = (style) => style === "numeric" || style === "2-digit";

// The locale's [[DigitalFormat]]: { separator, twoDigitHours }.
const digitalFormats = new Map();
function digitalFormat(locale) {
  let d = digitalFormats.get(locale);
  if (d === undefined) {
    const [separator, hours] = host.intlDurationDigital(locale);
    d = { separator, twoDigitHours: hours === "2-digit" };
    digitalFormats.set(locale, d);
  }
  return d;
}

// GetDurationUnitOptions (13.5.6).
function unitOptions(unit, options, baseStyle, stylesList, digitalBase, prevStyle, twoDigitHours) {
  let style = getOption(options, unit, "string", stylesList, undefined);
  let displayDefault = "always";
  if (style === undefined) {
    if (baseStyle === "digital") {
      style = digitalBase;
      if (unit !== "hours" && unit !== "minutes" && unit !== "seconds") displayDefault = "auto";
    } else if (prevStyle === "fractional" || numericLike(prevStyle)) {
      style = "numeric";
      if (unit !== "minutes" && unit !== "seconds") displayDefault = "auto";
    } else {
      style = baseStyle;
      displayDefault = "auto";
    }
  }
  if (style === "numeric" && FRACTIONAL.includes(unit)) {
    style = "fractional";
    displayDefault = "auto";
  }
  const display = getOption(options, `${unit}Display`, "string", ["auto", "always"], displayDefault);
  // ValidateDurationUnitStyle.
  if (display === "always" && style === "fractional") {
    throw new RangeError(`${unit} cannot be shown as a fraction with ${unit}Display "always"`);
  }
  if (prevStyle === "fractional" && style !== "fractional") {
    throw new RangeError(`${unit} must be numeric after a fractional unit`);
  }
  if (numericLike(prevStyle) && style !== "fractional" && !numericLike(style)) {
    throw new RangeError(`${unit} must be numeric or 2-digit after a numeric unit`);
  }
  // A locale whose digital hours have two digits pads numeric hours.
  if (unit === "hours" && twoDigitHours && style === "numeric") style = "2-digit";
  if ((unit === "minutes" || unit === "seconds") && numericLike(prevStyle)) style = "2-digit";
  return { style, display };
}

const dfSlots = new WeakMap();

function DurationFormat(locales, options) {
  if (new.target === undefined) throw new TypeError("Constructor Intl.DurationFormat requires 'new'");
  const requested = canonicalizeLocaleList(locales);
  options = getOptionsObject(options);
  getOption(options, "localeMatcher", "string", ["lookup", "best fit"], "best fit");
  const numberingSystem = getOption(options, "numberingSystem", "string", undefined, undefined);
  if (numberingSystem !== undefined && !isUnicodeType(numberingSystem)) {
    throw new RangeError(`Invalid numberingSystem : ${numberingSystem}`);
  }
  const nuSupported = (v) => number.NUMBERING_SYSTEMS.includes(v);
  const r = resolveLocale(requested, { nu: numberingSystem }, { nu: nuSupported }, { nu: () => "latn" });
  const style = getOption(options, "style", "string", ["long", "short", "narrow", "digital"], "short");
  const digital = digitalFormat(r.dataLocale);
  const s = { locale: r.locale, numberingSystem: r.nu, style, separator: digital.separator, units: create(null) };
  let prevStyle = "";
  for (const [unit, styles, digitalBase] of UNITS) {
    const o = unitOptions(unit, options, style, styles, digitalBase, prevStyle, digital.twoDigitHours);
    s.units[unit] = o;
    if (unit !== "years" && unit !== "months" && unit !== "weeks" && unit !== "days") prevStyle = o.style;
  }
  s.fractionalDigits = getNumberOption(options, "fractionalDigits", 0, 9, undefined);
  dfSlots.set(this, s);
}

// ------------------------------------------------------------- durations
// ToIntegerIfIntegral.
function toIntegerIfIntegral(value, unit) {
  const n = +value;
  if (!Number.isInteger(n)) throw new RangeError(`Invalid duration: ${unit} must be an integer`);
  return n === 0 ? 0 : n;
}

// ToDurationRecord: the ten fields as Numbers (integral), read in
// alphabetical order; IsValidDuration's limits checked exactly.
function toDurationRecord(input) {
  if (typeof input !== "object" || input === null) {
    if (typeof input === "string") throw new RangeError(`Invalid duration: ${input}`);
    throw new TypeError("Intl.DurationFormat: a duration must be an object");
  }
  const d = create(null);
  let any = false;
  for (const unit of ["days", "hours", "microseconds", "milliseconds", "minutes", "months", "nanoseconds", "seconds", "weeks", "years"]) {
    const v = input[unit];
    d[unit] = 0;
    if (v !== undefined) {
      d[unit] = toIntegerIfIntegral(v, unit);
      any = true;
    }
  }
  if (!any) throw new TypeError("Intl.DurationFormat: the duration has none of years … nanoseconds");
  if (!isValidDuration(d)) throw new RangeError("Invalid duration: out of range or mixed signs");
  return d;
}

function durationSign(d) {
  for (const [unit] of UNITS) {
    if (d[unit] < 0) return -1;
    if (d[unit] > 0) return 1;
  }
  return 0;
}

function isValidDuration(d) {
  const sign = durationSign(d);
  for (const [unit] of UNITS) {
    const v = d[unit];
    if (!Number.isFinite(v)) return false;
    if ((v < 0 && sign > 0) || (v > 0 && sign < 0)) return false;
  }
  const limit = 2 ** 32;
  if (Math.abs(d.years) >= limit || Math.abs(d.months) >= limit || Math.abs(d.weeks) >= limit) return false;
  const ns = BigInt(d.days) * 86400000000000n + BigInt(d.hours) * 3600000000000n + BigInt(d.minutes) * 60000000000n +
    BigInt(d.seconds) * 1000000000n + BigInt(d.milliseconds) * 1000000n + BigInt(d.microseconds) * 1000n + BigInt(d.nanoseconds);
  const max = 2n ** 53n * 1000000000n;
  return ns < max && ns > -max;
}

// `unit`'s value plus the fractional units after it (ComputeFractionalDigits),
// exactly: a Number when nothing is added, else a decimal string.
function withFraction(s, d, unit) {
  const from = UNITS.findIndex(([u]) => u === unit);
  let total = BigInt(d[unit]);
  let scale = 0;
  let added = false;
  for (let i = from + 1; i < UNITS.length && s.units[UNITS[i][0]].style === "fractional"; i++) {
    total = total * 1000n + BigInt(d[UNITS[i][0]]);
    scale += 3;
    if (d[UNITS[i][0]] !== 0) added = true;
  }
  if (!added) return d[unit];
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

const isZero = (v) => (typeof v === "string" ? /^-?[0.]*$/.test(v) : v === 0);

// ----------------------------------------------------------- formatting
// PartitionNumberPattern of a NumberFormat made with `nfOpts`, each part
// tagged with `unit`.
function numberParts(s, nfOpts, value, unit) {
  nfOpts.numberingSystem = s.numberingSystem;
  const nf = new number.NumberFormat(s.locale, nfOpts);
  const flat = host.intlNumberParts(number.nfSlots.get(nf).handle, value);
  const out = [];
  for (let i = 0; i < flat.length; i += 2) out.push({ type: flat[i], value: flat[i + 1], unit });
  return out;
}

function fractionOptions(s, nfOpts) {
  const fd = s.fractionalDigits;
  nfOpts.maximumFractionDigits = fd === undefined ? 9 : fd;
  nfOpts.minimumFractionDigits = fd === undefined ? 0 : fd;
  nfOpts.roundingMode = "trunc";
}

// FormatNumericHours, FormatNumericMinutes, FormatNumericSeconds.
function numericUnit(s, unit, value, separatorBefore, signDisplayed) {
  const nfOpts = create(null);
  if (s.units[unit].style === "2-digit") nfOpts.minimumIntegerDigits = 2;
  if (!signDisplayed) nfOpts.signDisplay = "never";
  nfOpts.useGrouping = false;
  if (unit === "seconds") fractionOptions(s, nfOpts);
  const parts = separatorBefore ? [{ type: "literal", value: s.separator }] : [];
  return parts.concat(numberParts(s, nfOpts, value, unit.slice(0, -1)));
}

// FormatNumericUnits.
function numericUnits(s, d, first, signDisplayed) {
  const negative = durationSign(d) === -1;
  let hours = d.hours;
  let minutes = d.minutes;
  const seconds = withFraction(s, d, "seconds");
  const hoursShown = first === "hours" && (hours !== 0 || s.units.hours.display === "always");
  const secondsShown = !isZero(seconds) || s.units.seconds.display === "always";
  const minutesShown = (first === "hours" || first === "minutes") &&
    ((hoursShown && secondsShown) || minutes !== 0 || s.units.minutes.display === "always");
  const out = [];
  if (hoursShown) {
    if (signDisplayed && hours === 0 && negative) hours = -0;
    out.push(...numericUnit(s, "hours", hours, false, signDisplayed));
    signDisplayed = false;
  }
  if (minutesShown) {
    if (signDisplayed && minutes === 0 && negative) minutes = -0;
    out.push(...numericUnit(s, "minutes", minutes, hoursShown, signDisplayed));
    signDisplayed = false;
  }
  if (secondsShown) out.push(...numericUnit(s, "seconds", seconds, minutesShown, signDisplayed));
  return out;
}

// PartitionDurationFormatPattern: a list of parts per unit shown, then
// ListFormatParts.
function partitionDuration(s, d) {
  const result = [];
  let signDisplayed = true;
  for (const [unit, , , nfUnit] of UNITS) {
    const { style, display } = s.units[unit];
    if (numericLike(style)) {
      const parts = numericUnits(s, d, unit, signDisplayed);
      if (parts.length > 0) result.push(parts);
      break;
    }
    const nfOpts = create(null);
    let value = d[unit];
    let last = false;
    if ((unit === "seconds" || unit === "milliseconds" || unit === "microseconds") &&
      s.units[UNITS[UNITS.findIndex(([u]) => u === unit) + 1][0]].style === "fractional") {
      value = withFraction(s, d, unit);
      fractionOptions(s, nfOpts);
      last = true;
    }
    if (!isZero(value) || display === "always") {
      if (signDisplayed) {
        signDisplayed = false;
        if (isZero(value) && durationSign(d) === -1) value = -0;
      } else {
        nfOpts.signDisplay = "never";
      }
      nfOpts.style = "unit";
      nfOpts.unit = nfUnit;
      nfOpts.unitDisplay = style;
      result.push(numberParts(s, nfOpts, value, nfUnit));
    }
    if (last) break;
  }
  // ListFormatParts.
  const lf = new ListFormat(s.locale, { type: "unit", style: s.style === "digital" ? "short" : s.style });
  const strings = result.map((parts) => parts.map((p) => p.value).join(""));
  const out = [];
  let i = 0;
  for (const part of listPartsOf(lf, strings)) {
    if (part.type === "element") out.push(...result[i++]);
    else out.push({ type: "literal", value: part.value });
  }
  return out;
}

const dfProto = {};
methods(dfProto, {
  resolvedOptions() {
    const s = slotsOf(dfSlots, this, "Intl.DurationFormat.prototype.resolvedOptions");
    const pairs = [["locale", s.locale], ["numberingSystem", s.numberingSystem], ["style", s.style]];
    for (const [unit] of UNITS) {
      const { style, display } = s.units[unit];
      pairs.push([unit, style === "fractional" ? "numeric" : style], [`${unit}Display`, display]);
    }
    pairs.push(["fractionalDigits", s.fractionalDigits]);
    const out = dataObject(pairs);
    return out;
  },
  format(duration) {
    const s = slotsOf(dfSlots, this, "Intl.DurationFormat.prototype.format");
    let out = "";
    for (const part of partitionDuration(s, toDurationRecord(duration))) out += part.value;
    return out;
  },
  formatToParts(duration) {
    const s = slotsOf(dfSlots, this, "Intl.DurationFormat.prototype.formatToParts");
    return partitionDuration(s, toDurationRecord(duration)).map((p) => {
      const o = { type: p.type, value: p.value };
      if (p.unit !== undefined) o.unit = p.unit;
      return o;
    });
  },
});
toStringTag(dfProto, "Intl.DurationFormat");
fixPrototype(DurationFormat, dfProto);
defineProperty(DurationFormat, "length", { value: 0, configurable: true });
methods(DurationFormat, {
  supportedLocalesOf(locales, options = undefined) {
    return supportedLocales(canonicalizeLocaleList(locales), options);
  },
});

module.exports = { DurationFormat };
