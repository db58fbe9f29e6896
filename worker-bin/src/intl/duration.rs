//! `Intl.DurationFormat`'s locale data: ECMA-402's `[[DigitalFormat]]`,
//! the separator of hours, minutes and seconds and whether hours show two
//! digits, from CLDR's `durationUnit` patterns (`h:mm:ss`, `hh.mm.ss`) as
//! ICU4X's duration data holds them. The formatting itself is the spec's:
//! NumberFormat for each unit and ListFormat around them
//! (`js/intl_duration.js`), so no formatter is built here.

use icu_experimental::duration::provider::DigitalDurationDataV1;
use icu_locale_core::Locale;
use icu_provider::prelude::*;
use rquickjs::{Ctx, Function, Object, Result};

use super::data_error;

/// The separator and whether hours take two digits, for `locale` (its nearest ancestor with
/// data: the root's is `:` and one-digit hours).
fn digital(ctx: &Ctx<'_>, locale: &str) -> Result<(String, bool)> {
    let loc = Locale::try_from_str(locale).map_err(|e| data_error(ctx, e))?;
    let data_locale = DataLocale::from(&loc);
    let response: DataResponse<DigitalDurationDataV1> = icu_experimental::provider::Baked
        .load(DataRequest {
            id: DataIdentifierBorrowed::for_locale(&data_locale),
            ..Default::default()
        })
        .map_err(|e| data_error(ctx, e))?;
    let data = response.payload.get();
    Ok((data.separator.to_string(), data.hms_padding.h >= 2))
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlDurationDigital",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, locale: String| {
            let (separator, two_digit_hours) = digital(&ctx, &locale)?;
            let hours = if two_digit_hours {
                "2-digit"
            } else {
                "numeric"
            };
            Ok::<_, rquickjs::Error>(vec![separator, hours.to_string()])
        })?,
    )?;
    Ok(())
}
