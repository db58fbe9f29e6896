//! URLs and urlencoded forms, for `URL` and `URLSearchParams`. URLs are
//! parsed by Ada (`ada-url`), a complete implementation of the WHATWG URL
//! standard (the `url` crate, which the rest of the worker uses, misses
//! some of its cases: `file:` hosts, opaque paths, `blob:` origins); a URL
//! goes back to JS as the list of its parts (see [`url_parts`]). Forms use
//! `url`'s `application/x-www-form-urlencoded` parser and serializer.

use rquickjs::{Ctx, Function, Object, Result, function::Opt};

use ada_url::Url;

use super::text::{Text, Texts};

/// Adds `urlParse`, `urlSet`, `formParse` and `formSerialize` to `host`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    let c = ctx.clone();
    host.set(
        "urlParse",
        Function::new(c.clone(), |input: Text, base: Opt<Option<Text>>| {
            url_parse(&input, base.0.flatten().as_deref())
        })?,
    )?;
    host.set(
        "urlSet",
        Function::new(c.clone(), |href: Text, part: Text, value: Text| {
            url_set(&href, &part, &value)
        })?,
    )?;
    host.set(
        "formParse",
        Function::new(c.clone(), |s: Text| -> Vec<String> {
            url::form_urlencoded::parse(s.as_bytes())
                .flat_map(|(k, v)| [k.into_owned(), v.into_owned()])
                .collect()
        })?,
    )?;
    host.set(
        "formSerialize",
        Function::new(c, |flat: Texts| -> String {
            let mut ser = url::form_urlencoded::Serializer::new(String::new());
            for kv in flat.0.chunks_exact(2) {
                ser.append_pair(&kv[0], &kv[1]);
            }
            ser.finish()
        })?,
    )?;
    Ok(())
}

/// `[href, origin, protocol, username, password, host, hostname, port,
/// pathname, search, hash]`.
fn url_parts(u: &Url) -> Vec<String> {
    vec![
        u.href().to_owned(),
        u.origin(),
        u.protocol().to_owned(),
        u.username().to_owned(),
        u.password().to_owned(),
        u.host().to_owned(),
        u.hostname().to_owned(),
        u.port().to_owned(),
        u.pathname().to_owned(),
        u.search().to_owned(),
        u.hash().to_owned(),
    ]
}

fn url_parse(input: &str, base: Option<&str>) -> Option<Vec<String>> {
    Url::parse(input, base).ok().map(|u| url_parts(&u))
}

/// A setter of `URL`: a value the standard refuses leaves the URL as it
/// was, as in browsers; only `href` reports it (None), since that setter
/// throws.
fn url_set(href: &str, part: &str, value: &str) -> Option<Vec<String>> {
    let mut u = Url::parse(href, None).ok()?;
    let v = Some(value);
    let _refused = match part {
        "href" => return url_parse(value, None),
        "protocol" => u.set_protocol(value),
        "username" => u.set_username(v),
        "password" => u.set_password(v),
        "host" => u.set_host(v),
        "hostname" => u.set_hostname(v),
        "port" => u.set_port(v),
        "pathname" => u.set_pathname(v),
        "search" => {
            u.set_search(v);
            Ok(())
        }
        "hash" => {
            u.set_hash(v);
            Ok(())
        }
        _ => Err(()),
    };
    Some(url_parts(&u))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_parts_follow_whatwg() {
        let p = url_parse("../b?x=1#h", Some("http://u:p@example.com:8080/a/c")).unwrap();
        assert_eq!(p[0], "http://u:p@example.com:8080/b?x=1#h");
        assert_eq!(p[1], "http://example.com:8080");
        assert_eq!(
            &p[2..],
            [
                "http:",
                "u",
                "p",
                "example.com:8080",
                "example.com",
                "8080",
                "/b",
                "?x=1",
                "#h"
            ]
        );
        assert!(url_parse("not a url", None).is_none());
        let q = url_set(&p[0], "pathname", "/z y").unwrap();
        assert_eq!(q[8], "/z%20y");
    }
}
