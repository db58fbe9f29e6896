//! The status page's script and stylesheet, embedded in bextd.

use futures_util::future::BoxFuture;

use super::{Access, Call, Http, HttpAnswer, Op};
use crate::hub::page;

pub const APP_JS: Op = Op {
    name: "status page script",
    doc: "the status page's script.",
    access: Access::Admin,
    http: Some(Http::get("/__bext/app.js", js)),
    control: None,
};

pub const APP_CSS: Op = Op {
    name: "status page stylesheet",
    doc: "the status page's stylesheet.",
    access: Access::Admin,
    http: Some(Http::get("/__bext/app.css", css)),
    control: None,
};

fn js(_: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    let a = HttpAnswer::Asset("text/javascript; charset=utf-8", page::JS);
    Box::pin(std::future::ready(a))
}

fn css(_: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    let a = HttpAnswer::Asset("text/css; charset=utf-8", page::CSS);
    Box::pin(std::future::ready(a))
}
