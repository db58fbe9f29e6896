//! `Intl.NumberFormat`: a number rounded as ECMA-402 says (fraction or
//! significant digits, their priority, increments, rounding modes, trailing
//! zeros), then shown with ICU4X's locale data as the parts of
//! `formatToParts`: digits and separators from `icu_decimal`, and around
//! them what the style or notation adds (a percent sign, a currency, a
//! unit, a compact suffix, an exponent), taken from `icu_experimental`'s
//! formatters.

use std::cell::RefCell;

use fixed_decimal::{CompactDecimal, Decimal, FloatPrecision, Sign, SignDisplay};
use icu_decimal::DecimalFormatter;
use icu_decimal::options::{DecimalFormatterOptions, GroupingStrategy};
use icu_experimental::compactdecimal::CompactDecimalFormatter;
use icu_experimental::dimension::currency::CurrencyCode;
use icu_experimental::dimension::currency::formatter::CurrencyFormatter;
use icu_experimental::dimension::currency::long_formatter::LongCurrencyFormatter;
use icu_experimental::dimension::currency::options::{CurrencyFormatterOptions, Width};
use icu_experimental::dimension::percent::formatter::PercentFormatter;
use icu_experimental::dimension::units::formatter::UnitsFormatter;
use icu_experimental::dimension::units::options::{UnitsFormatterOptions, Width as UnitWidth};
use icu_locale_core::Locale;
use rquickjs::{Array, Ctx, Function, Object, Result, Value};
use writeable::Writeable;

use super::parts::{Parts, PartsSink, split, with_code};
use super::rounding::{Digits, magnitude};
use super::{Cache, data_error, lookup, with_cache};

thread_local! {
    static FORMATS: RefCell<Cache<NumberFormat>> = RefCell::default();
}

/// What the style adds around the digits.
enum Affix {
    None,
    Percent(PercentFormatter<DecimalFormatter>),
    /// The formatter, and the ISO code when it replaces the symbol.
    Currency(CurrencyFormatter, CurrencyCode, Option<String>),
    LongCurrency(LongCurrencyFormatter, CurrencyCode),
    Unit(UnitsFormatter),
}

enum Notation {
    Standard,
    Scientific,
    Engineering,
    Compact(Box<CompactDecimalFormatter>),
}

pub(crate) struct NumberFormat {
    digits: Digits,
    sign: SignDisplay,
    accounting: bool,
    decimal: DecimalFormatter,
    /// The locale's default grouping, as the affix formatters show digits.
    plain: DecimalFormatter,
    affix: Affix,
    affix_type: &'static str,
    notation: Notation,
    percent: bool,
    /// The locale's symbol for NaN.
    nan: &'static str,
}

/// CLDR's NaN symbol where it is not "NaN" (ICU4X's decimal data has no
/// NaN symbol).
fn nan_symbol(loc: &Locale) -> &'static str {
    let mut id = loc.id.clone();
    icu_locale::LocaleExpander::new_extended().maximize(&mut id);
    match (id.language.as_str(), id.script.as_ref().map(|s| s.as_str())) {
        ("zh", Some("Hant")) => "非數值",
        ("ar", _) => "ليس\u{a0}رقمًا",
        ("fa", _) => "ناعدد",
        ("fi", _) => "epäluku",
        ("hy", _) => "ՈչԹ",
        ("kk", _) => "сан\u{a0}емес",
        ("ky", _) => "сан\u{a0}эмес",
        ("lv", _) => "NS",
        ("ru", _) => "не\u{a0}число",
        _ => "NaN",
    }
}

fn js_err(ctx: &Ctx<'_>, what: &str) -> rquickjs::Error {
    rquickjs::Exception::throw_range(ctx, &format!("Intl.NumberFormat: {what}"))
}

impl NumberFormat {
    fn new(ctx: &Ctx<'_>, locale: &str, o: &Object<'_>) -> Result<NumberFormat> {
        let loc = Locale::try_from_str(locale).map_err(|e| data_error(ctx, e))?;
        let grouping = match o.get::<_, String>("useGrouping")?.as_str() {
            "always" => GroupingStrategy::Always,
            "min2" => GroupingStrategy::Min2,
            "false" => GroupingStrategy::Never,
            _ => GroupingStrategy::Auto,
        };
        let mut options = DecimalFormatterOptions::default();
        options.grouping_strategy = Some(grouping);
        let decimal =
            DecimalFormatter::try_new((&loc).into(), options).map_err(|e| data_error(ctx, e))?;
        let plain = DecimalFormatter::try_new((&loc).into(), DecimalFormatterOptions::default())
            .map_err(|e| data_error(ctx, e))?;
        let style: String = o.get("style")?;
        let code = || -> Result<CurrencyCode> {
            let c: String = o.get("currency")?;
            tinystr::TinyAsciiStr::<3>::try_from_str(&c)
                .map(CurrencyCode)
                .map_err(|_| js_err(ctx, "bad currency code"))
        };
        let (affix, affix_type) = match style.as_str() {
            "percent" => (
                Affix::Percent(
                    PercentFormatter::try_new((&loc).into(), Default::default())
                        .map_err(|e| data_error(ctx, e))?,
                ),
                "percentSign",
            ),
            "currency" => {
                let display: String = o.get("currencyDisplay")?;
                let code = code()?;
                let affix = if display == "name" {
                    Affix::LongCurrency(
                        LongCurrencyFormatter::try_new((&loc).into(), &code)
                            .map_err(|e| data_error(ctx, e))?,
                        code,
                    )
                } else {
                    let mut options = CurrencyFormatterOptions::default();
                    options.width = if display == "narrowSymbol" {
                        Width::Narrow
                    } else {
                        Width::Short
                    };
                    let f = CurrencyFormatter::try_new((&loc).into(), options)
                        .map_err(|e| data_error(ctx, e))?;
                    let iso = (display == "code").then(|| code.0.to_string());
                    Affix::Currency(f, code, iso)
                };
                (affix, "currency")
            }
            "unit" => {
                let width = match o.get::<_, String>("unitDisplay")?.as_str() {
                    "long" => UnitWidth::Long,
                    "narrow" => UnitWidth::Narrow,
                    _ => UnitWidth::Short,
                };
                let unit: String = o.get("unit")?;
                let mut options = UnitsFormatterOptions::default();
                options.width = width;
                let f = UnitsFormatter::try_new((&loc).into(), &unit, options)
                    .map_err(|e| data_error(ctx, e))?;
                (Affix::Unit(f), "unit")
            }
            _ => (Affix::None, "literal"),
        };
        let notation = match o.get::<_, String>("notation")?.as_str() {
            "scientific" => Notation::Scientific,
            "engineering" => Notation::Engineering,
            "compact" => {
                let mut options =
                    icu_experimental::compactdecimal::CompactDecimalFormatterOptions::default();
                options.decimal_formatter_options = DecimalFormatterOptions::default();
                let f = if o.get::<_, String>("compactDisplay")? == "long" {
                    CompactDecimalFormatter::try_new_long((&loc).into(), options)
                } else {
                    CompactDecimalFormatter::try_new_short((&loc).into(), options)
                };
                Notation::Compact(Box::new(f.map_err(|e| data_error(ctx, e))?))
            }
            _ => Notation::Standard,
        };
        let sign = match o.get::<_, String>("signDisplay")?.as_str() {
            "never" => SignDisplay::Never,
            "always" => SignDisplay::Always,
            "exceptZero" => SignDisplay::ExceptZero,
            "negative" => SignDisplay::Negative,
            _ => SignDisplay::Auto,
        };
        let accounting = o.get::<_, Option<String>>("currencySign")?.as_deref()
            == Some("accounting")
            && matches!(loc.id.language.as_str(), "en" | "ja" | "zh" | "ko");
        Ok(NumberFormat {
            digits: Digits::from_js(o)?,
            sign,
            accounting,
            decimal,
            plain,
            affix,
            affix_type,
            notation,
            percent: style == "percent",
            nan: nan_symbol(&loc),
        })
    }

    /// `x`'s parts: (type, text).
    pub(crate) fn format(&self, x: Decimal) -> Parts {
        let mut x = x;
        if self.percent {
            x.absolute.multiply_pow10(2);
        }
        let negative = x.sign == Sign::Negative;
        let (mut y, exponent, compact) = self.round(&x);
        // The sign is decided on the rounded value (-0.001 shows as -0).
        y.sign = if negative { Sign::Negative } else { Sign::None };
        // Accounting shows a negative in parentheses, where a minus sign
        // would show.
        let minus_shows = negative
            && match self.sign {
                SignDisplay::Never => false,
                SignDisplay::ExceptZero | SignDisplay::Negative => !y.absolute.is_zero(),
                _ => true,
            };
        let parens = self.accounting && minus_shows;
        if parens {
            y.sign = Sign::None;
        }
        // In parentheses, the parentheses are the sign.
        if !parens {
            y.apply_sign_display(self.sign);
        }
        let (sign_before, mut body, sign_after) = self.number_parts(&y);
        if let Some(e) = exponent {
            body.push(("exponentSeparator", "E".into()));
            if e < 0 {
                body.push(("exponentMinusSign", "-".into()));
            }
            body.push(("exponentInteger", e.unsigned_abs().to_string()));
        }
        let (before, after) = self.affixes(&y, compact);
        let mut out = Vec::new();
        if parens {
            out.push(("literal", "(".to_string()));
        }
        if matches!(self.affix, Affix::Unit(_)) {
            // A unit's pattern holds the number with its sign where the
            // number goes ("時速 -987 キロメートル"), as ICU places it.
            out.extend(before);
            out.extend(sign_before);
            out.extend(body);
            out.extend(sign_after);
            out.extend(after);
        } else {
            out.extend(sign_before);
            out.extend(before);
            out.extend(body);
            out.extend(after);
            out.extend(sign_after);
        }
        if parens {
            out.push(("literal", ")".to_string()));
        }
        out
    }

    /// `x` rounded, with the exponent scientific notation shows and the
    /// compact exponent.
    fn round(&self, x: &Decimal) -> (Decimal, Option<i16>, u8) {
        match &self.notation {
            Notation::Standard => (self.digits.apply(x), None, 0),
            Notation::Scientific | Notation::Engineering => {
                let step = if matches!(self.notation, Notation::Engineering) {
                    3
                } else {
                    1
                };
                let mut e = magnitude(x).div_euclid(step) * step;
                loop {
                    let mut m = x.clone();
                    m.absolute.multiply_pow10(-e);
                    let r = self.digits.apply(&m);
                    if magnitude(&r) >= step && !r.absolute.is_zero() {
                        e += step;
                        continue;
                    }
                    return (r, Some(e), 0);
                }
            }
            Notation::Compact(f) => {
                let mut exp = f.compact_exponent_for_magnitude(magnitude(x));
                for _ in 0..3 {
                    let mut m = x.clone();
                    m.absolute.multiply_pow10(-i16::from(exp));
                    let r = self.digits.apply(&m);
                    let again = f.compact_exponent_for_magnitude(magnitude(&r) + i16::from(exp));
                    if again == exp || r.absolute.is_zero() {
                        return (r, None, exp);
                    }
                    exp = again;
                }
                (self.digits.apply(x), None, 0)
            }
        }
    }

    /// The digits' parts, split into the sign before them, the digits and
    /// separators, and a sign after them.
    fn number_parts(&self, y: &Decimal) -> (Parts, Parts, Parts) {
        let mut sink = PartsSink::default();
        let _ = self.decimal.format(y).write_to_parts(&mut sink);
        let first = sink
            .parts
            .iter()
            .position(|(t, _)| *t != "minusSign" && *t != "plusSign" && *t != "literal");
        let last = sink
            .parts
            .iter()
            .rposition(|(t, _)| *t != "minusSign" && *t != "plusSign" && *t != "literal");
        let (Some(first), Some(last)) = (first, last) else {
            return (Vec::new(), sink.parts, Vec::new());
        };
        let after = sink.parts.split_off(last + 1);
        let body = sink.parts.split_off(first);
        (sink.parts, body, after)
    }

    /// What the style (outermost) and compact notation put before and
    /// after the digits of `y`.
    fn affixes(&self, y: &Decimal, compact: u8) -> (Parts, Parts) {
        let mut abs = y.clone();
        abs.sign = Sign::None;
        let digits = self.plain.format(&abs).write_to_string().into_owned();
        let text = match &self.affix {
            Affix::None => None,
            Affix::Percent(f) => Some(f.format(&abs).write_to_string().into_owned()),
            Affix::Currency(f, code, iso) => {
                let text = f
                    .format_fixed_decimal(&abs, *code)
                    .write_to_string()
                    .into_owned();
                Some(match iso {
                    Some(iso) => with_code(&text, &digits, iso),
                    None => text,
                })
            }
            Affix::LongCurrency(f, code) => Some(
                f.format_fixed_decimal(&abs, *code)
                    .write_to_string()
                    .into_owned(),
            ),
            Affix::Unit(f) => Some(f.format_fixed_decimal(&abs).write_to_string().into_owned()),
        };
        let (mut before, mut after) = match text {
            Some(text) => split(text.as_str(), &digits, self.affix_type),
            None => (Vec::new(), Vec::new()),
        };
        if let (Notation::Compact(f), true) = (&self.notation, compact > 0) {
            let c = CompactDecimal::from_significand_and_exponent(abs, compact);
            if let Ok(text) = f.format_compact_decimal(&c) {
                let (b, a) = split(&text.write_to_string(), &digits, "compact");
                before.extend(b);
                after.splice(0..0, a);
            }
        }
        (before, after)
    }
}

/// A number from JS: a Number (its shortest round-trip digits, as
/// ECMA-402 takes its mathematical value), or the decimal string of a
/// BigInt or of a string argument.
fn decimal_of(v: &Value<'_>) -> Option<Decimal> {
    if let Some(f) = v.as_number() {
        let mut d = Decimal::try_from_f64(f, FloatPrecision::RoundTrip).ok()?;
        if f.is_sign_negative() {
            d.sign = Sign::Negative;
        }
        return Some(d);
    }
    let s: String = v.as_string()?.to_string().ok()?;
    Decimal::try_from_str(&s).ok()
}

/// The parts of a NaN or an infinity (ICU4X's decimal data has no symbols
/// for them: CLDR's infinity is "∞" in every modern locale, its NaN is
/// [`nan_symbol`]'s).
fn special(f: &NumberFormat, v: &Value<'_>) -> Option<Parts> {
    let x = v.as_number()?;
    if x.is_finite() {
        return None;
    }
    let (kind, text) = if x.is_nan() {
        ("nan", f.nan)
    } else {
        ("infinity", "∞")
    };
    // The sign and the style's affixes, as for 1 or -1 (NaN: as for +0,
    // so signDisplay "always" shows "+NaN" and "exceptZero" no sign).
    let like = Decimal::from(if x.is_nan() {
        0
    } else if x < 0.0 {
        -1
    } else {
        1
    });
    let mut parts = f.format(like);
    let digits = ["integer", "group", "decimal", "fraction"];
    let first = parts.iter().position(|(t, _)| digits.contains(t))?;
    // Neither digits nor an exponent: an infinity has no "E0".
    parts.retain(|(t, _)| !digits.contains(t) && !t.starts_with("exponent"));
    parts.insert(first, (kind, text.to_string()));
    Some(parts)
}

fn to_js<'js>(ctx: &Ctx<'js>, parts: Parts) -> Result<Array<'js>> {
    let a = Array::new(ctx.clone())?;
    for (i, (t, s)) in parts.into_iter().enumerate() {
        a.set(2 * i, t)?;
        a.set(2 * i + 1, s)?;
    }
    Ok(a)
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlNumberFormat",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, key: String, locale: String, o: Object<'js>| {
                with_cache(&FORMATS, |c| {
                    c.handle(key, || NumberFormat::new(&ctx, &locale, &o))
                })
            },
        )?,
    )?;
    host.set(
        "intlNumberParts",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, handle: u32, v: Value<'js>| {
            let f = lookup(&ctx, &FORMATS, handle)?;
            if let Some(parts) = special(&f, &v) {
                return to_js(&ctx, parts);
            }
            let x = decimal_of(&v).ok_or_else(|| js_err(&ctx, "not a number"))?;
            to_js(&ctx, f.format(x))
        })?,
    )?;
    Ok(())
}
