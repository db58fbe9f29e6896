//! ECMA-402's rounding of a number (its digit options: fraction or
//! significant digits and their priority, increments, rounding modes,
//! trailing zeros), on ICU4X's `fixed_decimal`.

use fixed_decimal::{Decimal, RoundingIncrement, SignedRoundingMode, UnsignedRoundingMode};
use rquickjs::{Object, Result};

/// How the digits are rounded (ECMA-402's digit options, resolved).
#[derive(Debug, Clone)]
pub(crate) struct Digits {
    pub min_int: i16,
    pub min_fd: i16,
    pub max_fd: i16,
    pub min_sd: i16,
    pub max_sd: i16,
    /// fractionDigits, significantDigits, morePrecision, lessPrecision.
    pub kind: String,
    pub increment: u32,
    pub mode: SignedRoundingMode,
    pub strip_if_integer: bool,
}

impl Digits {
    pub(crate) fn from_js(o: &Object<'_>) -> Result<Digits> {
        let n = |k: &str| -> Result<i16> { Ok(o.get::<_, Option<f64>>(k)?.unwrap_or(0.0) as i16) };
        let mode: String = o.get("roundingMode")?;
        Ok(Digits {
            min_int: n("minimumIntegerDigits")?.max(1),
            min_fd: n("minimumFractionDigits")?,
            max_fd: n("maximumFractionDigits")?,
            min_sd: n("minimumSignificantDigits")?,
            max_sd: n("maximumSignificantDigits")?,
            kind: o.get("roundingType")?,
            increment: o.get::<_, Option<f64>>("roundingIncrement")?.unwrap_or(1.0) as u32,
            mode: rounding_mode(&mode),
            strip_if_integer: o.get::<_, String>("trailingZeroDisplay")? == "stripIfInteger",
        })
    }

    /// `x` rounded and padded as these options say.
    pub(crate) fn apply(&self, x: &Decimal) -> Decimal {
        let mag = magnitude(x);
        let by_fraction = || {
            let mut y = x.clone();
            let (position, step) = increment(self.increment, -self.max_fd);
            y.round_with_mode_and_increment(position, self.mode, step);
            y.absolute.trim_end();
            if self.min_fd > 0 {
                y.absolute.pad_end(-self.min_fd);
            }
            y
        };
        let by_significance = || {
            let mut y = x.clone();
            y.round_with_mode(mag - self.max_sd + 1, self.mode);
            let at = magnitude(&y) - self.min_sd + 1;
            y.absolute.trim_end();
            if at < 0 {
                y.absolute.pad_end(at);
            }
            y
        };
        let significance_finer = mag - self.max_sd < -self.max_fd;
        let mut y = match self.kind.as_str() {
            "significantDigits" => by_significance(),
            "morePrecision" if significance_finer => by_significance(),
            "lessPrecision" if !significance_finer => by_significance(),
            "morePrecision" | "lessPrecision" => by_fraction(),
            _ => by_fraction(),
        };
        if self.strip_if_integer {
            y.absolute.trim_end_if_integer();
        }
        y.absolute.pad_start(self.min_int);
        y
    }
}

/// ECMA-402's rounding increment (1, 2, 5, 10, 20, 25, 50, …, 5000) at
/// `position` as ICU4X takes it: a step of 1, 2, 5 or 25 at a position.
pub(crate) fn increment(n: u32, position: i16) -> (i16, RoundingIncrement) {
    let (mut base, mut shift) = (n.max(1), 0);
    while base % 10 == 0 {
        base /= 10;
        shift += 1;
    }
    let step = match base {
        2 => RoundingIncrement::MultiplesOf2,
        5 => RoundingIncrement::MultiplesOf5,
        25 => RoundingIncrement::MultiplesOf25,
        _ => RoundingIncrement::MultiplesOf1,
    };
    (position + shift, step)
}

pub(crate) fn rounding_mode(name: &str) -> SignedRoundingMode {
    use UnsignedRoundingMode as U;
    match name {
        "ceil" => SignedRoundingMode::Ceil,
        "floor" => SignedRoundingMode::Floor,
        "expand" => SignedRoundingMode::Unsigned(U::Expand),
        "trunc" => SignedRoundingMode::Unsigned(U::Trunc),
        "halfCeil" => SignedRoundingMode::HalfCeil,
        "halfFloor" => SignedRoundingMode::HalfFloor,
        "halfTrunc" => SignedRoundingMode::Unsigned(U::HalfTrunc),
        "halfEven" => SignedRoundingMode::Unsigned(U::HalfEven),
        _ => SignedRoundingMode::Unsigned(U::HalfExpand),
    }
}

/// The power of ten of `x`'s first digit (0 for zero).
pub(crate) fn magnitude(x: &Decimal) -> i16 {
    if x.absolute.is_zero() {
        0
    } else {
        x.absolute.nonzero_magnitude_start()
    }
}
