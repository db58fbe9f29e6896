//! `Intl.PluralRules`: the value rounded as its digit options say (so
//! `1.0` with one fraction digit is "other" in English, as ECMA-402's
//! ResolvePlural takes the formatted number), then ICU4X's rules, cardinal
//! or ordinal, and CLDR's plural ranges for `selectRange`.

use std::cell::RefCell;

use fixed_decimal::{CompactDecimal, Decimal, FloatPrecision, Sign};
use icu_experimental::compactdecimal::{CompactDecimalFormatter, CompactDecimalFormatterOptions};
use icu_locale_core::Locale;
use icu_plurals::{
    PluralCategory, PluralOperands, PluralRuleType, PluralRules, PluralRulesOptions,
    PluralRulesWithRanges,
};
use rquickjs::{Ctx, Function, Object, Result};

use super::rounding::{Digits, magnitude};
use super::{Cache, data_error, lookup, with_cache};

thread_local! {
    static RULES: RefCell<Cache<Plurals>> = RefCell::default();
}

pub(crate) struct Plurals {
    rules: PluralRulesWithRanges<PluralRules>,
    digits: Digits,
    notation: Notation,
}

/// The notation a number is shown in, which sets the exponent operand
/// (`c`/`e`) the rules read ("1,5 M" is "many" in French, 1500000 "other").
enum Notation {
    Standard,
    Scientific,
    Engineering,
    Compact(Box<CompactDecimalFormatter>),
}

/// CLDR's order (and ECMA-402's for `pluralCategories`).
const ORDER: [PluralCategory; 6] = [
    PluralCategory::Zero,
    PluralCategory::One,
    PluralCategory::Two,
    PluralCategory::Few,
    PluralCategory::Many,
    PluralCategory::Other,
];

fn name(c: PluralCategory) -> &'static str {
    match c {
        PluralCategory::Zero => "zero",
        PluralCategory::One => "one",
        PluralCategory::Two => "two",
        PluralCategory::Few => "few",
        PluralCategory::Many => "many",
        PluralCategory::Other => "other",
    }
}

impl Plurals {
    fn new(ctx: &Ctx<'_>, locale: &str, o: &Object<'_>) -> Result<Plurals> {
        let loc = Locale::try_from_str(locale).map_err(|e| data_error(ctx, e))?;
        let mut options = PluralRulesOptions::default();
        options.rule_type = Some(if o.get::<_, String>("type")? == "ordinal" {
            PluralRuleType::Ordinal
        } else {
            PluralRuleType::Cardinal
        });
        let rules = PluralRulesWithRanges::try_new((&loc).into(), options)
            .map_err(|e| data_error(ctx, e))?;
        let notation = match o.get::<_, String>("notation")?.as_str() {
            "scientific" => Notation::Scientific,
            "engineering" => Notation::Engineering,
            "compact" => {
                let options = CompactDecimalFormatterOptions::default();
                let f = if o.get::<_, String>("compactDisplay")? == "long" {
                    CompactDecimalFormatter::try_new_long((&loc).into(), options)
                } else {
                    CompactDecimalFormatter::try_new_short((&loc).into(), options)
                };
                Notation::Compact(Box::new(f.map_err(|e| data_error(ctx, e))?))
            }
            _ => Notation::Standard,
        };
        Ok(Plurals {
            rules,
            digits: Digits::from_js(o)?,
            notation,
        })
    }

    fn operands(&self, x: f64) -> PluralOperands {
        let mut d = Decimal::try_from_f64(x.abs(), FloatPrecision::RoundTrip)
            .unwrap_or_else(|_| Decimal::from(0));
        d.sign = Sign::None;
        let exponent = match &self.notation {
            Notation::Standard => 0,
            Notation::Scientific => magnitude(&d),
            Notation::Engineering => magnitude(&d).div_euclid(3) * 3,
            Notation::Compact(f) => i16::from(f.compact_exponent_for_magnitude(magnitude(&d))),
        };
        // The operands of the significand shown and its exponent; an
        // exponent below zero (0.001 as 1E-3) has no operand of its own.
        let Ok(e) = u8::try_from(exponent) else {
            return PluralOperands::from(&self.digits.apply(&d));
        };
        if e == 0 || d.absolute.is_zero() {
            return PluralOperands::from(&self.digits.apply(&d));
        }
        d.absolute.multiply_pow10(-exponent);
        let significand = self.digits.apply(&d);
        PluralOperands::from(&CompactDecimal::from_significand_and_exponent(
            significand,
            e,
        ))
    }

    fn categories(&self) -> Vec<&'static str> {
        let have: Vec<PluralCategory> = self.rules.rules().categories().collect();
        ORDER
            .iter()
            .filter(|c| have.contains(c))
            .map(|c| name(*c))
            .collect()
    }
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlPluralRules",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, key: String, locale: String, o: Object<'js>| {
                with_cache(&RULES, |c| {
                    c.handle(key, || Plurals::new(&ctx, &locale, &o))
                })
            },
        )?,
    )?;
    host.set(
        "intlPluralSelect",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, handle: u32, x: f64| {
            let p = lookup(&ctx, &RULES, handle)?;
            if !x.is_finite() {
                return Ok::<_, rquickjs::Error>("other");
            }
            Ok::<_, rquickjs::Error>(name(p.rules.rules().category_for(p.operands(x))))
        })?,
    )?;
    host.set(
        "intlPluralRange",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, handle: u32, x: f64, y: f64| {
            let p = lookup(&ctx, &RULES, handle)?;
            Ok::<_, rquickjs::Error>(name(
                p.rules.category_for_range(p.operands(x), p.operands(y)),
            ))
        })?,
    )?;
    host.set(
        "intlPluralCategories",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, handle: u32| {
            Ok::<_, rquickjs::Error>(lookup(&ctx, &RULES, handle)?.categories())
        })?,
    )?;
    Ok(())
}
