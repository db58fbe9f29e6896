//! Strings from JS, lossy where the web expects it. A JS string is UTF-16
//! and may hold unpaired surrogates (`"\uD800"`), which no Rust `String`
//! can; rquickjs's own conversion fails on them ("Conversion from string
//! failed"). The web's answer is the "scalar value string": each unpaired
//! surrogate becomes U+FFFD. Every host function that takes text takes a
//! [`Text`], so no string, however malformed, turns into an exception.
//!
//! The common case costs nothing more: only a string that fails the strict
//! conversion is made well-formed (`String.prototype.toWellFormed`) first.

use rquickjs::{Ctx, FromJs, Function, Result, Value, function::This};

/// A JS string as a Rust `String`, unpaired surrogates replaced by U+FFFD.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text(pub String);

impl Text {
    pub fn into_string(self) -> String {
        self.0
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'js> FromJs<'js> for Text {
    fn from_js(ctx: &Ctx<'js>, value: Value<'js>) -> Result<Self> {
        lossy(ctx, &value).map(Text)
    }
}

/// `value` (a string) as UTF-8, unpaired surrogates as U+FFFD.
pub fn lossy<'js>(ctx: &Ctx<'js>, value: &Value<'js>) -> Result<String> {
    let Some(s) = value.as_string() else {
        return String::from_js(ctx, value.clone());
    };
    match s.to_string() {
        Ok(s) => Ok(s),
        Err(rquickjs::Error::Utf8(_)) => {
            let well_formed: Function = ctx
                .globals()
                .get::<_, rquickjs::Object>("String")?
                .get::<_, rquickjs::Object>("prototype")?
                .get("toWellFormed")?;
            let fixed: rquickjs::String = well_formed.call((This(value.clone()),))?;
            fixed.to_string()
        }
        Err(e) => Err(e),
    }
}

/// A list of strings (header lists, form pairs), each converted lossily.
#[derive(Debug, Clone, Default)]
pub struct Texts(pub Vec<String>);

impl<'js> FromJs<'js> for Texts {
    fn from_js(ctx: &Ctx<'js>, value: Value<'js>) -> Result<Self> {
        let items = Vec::<Text>::from_js(ctx, value)?;
        Ok(Texts(items.into_iter().map(Text::into_string).collect()))
    }
}
