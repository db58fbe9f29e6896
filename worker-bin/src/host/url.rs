//! URLs and urlencoded forms, for `URL` and `URLSearchParams`. The parsing
//! follows the WHATWG URL standard (the `url` crate); a URL goes back to JS
//! as the list of its parts (see [`url_parts`]).

use rquickjs::{Array, Ctx, Function, Object, Result, function::Opt};

/// Adds `urlParse`, `urlSet`, `formParse` and `formSerialize` to `host`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    let c = ctx.clone();
    host.set(
        "urlParse",
        Function::new(c.clone(), |input: String, base: Opt<Option<String>>| {
            url_parse(&input, base.0.flatten().as_deref())
        })?,
    )?;
    host.set(
        "urlSet",
        Function::new(c.clone(), |href: String, part: String, value: String| {
            url_set(&href, &part, &value)
        })?,
    )?;
    host.set(
        "formParse",
        Function::new(c.clone(), |s: String| -> Vec<String> {
            url::form_urlencoded::parse(s.as_bytes())
                .flat_map(|(k, v)| [k.into_owned(), v.into_owned()])
                .collect()
        })?,
    )?;
    host.set(
        "formSerialize",
        Function::new(c, |flat: Array<'js>| -> Result<String> {
            let mut ser = url::form_urlencoded::Serializer::new(String::new());
            let items: Vec<String> = flat.iter().collect::<Result<_>>()?;
            for kv in items.chunks_exact(2) {
                ser.append_pair(&kv[0], &kv[1]);
            }
            Ok(ser.finish())
        })?,
    )?;
    Ok(())
}

/// `[href, origin, protocol, username, password, host, hostname, port,
/// pathname, search, hash]`.
fn url_parts(u: &url::Url) -> Vec<String> {
    vec![
        u.as_str().to_owned(),
        u.origin().ascii_serialization(),
        format!("{}:", u.scheme()),
        u.username().to_owned(),
        u.password().unwrap_or("").to_owned(),
        url::quirks::host(u).to_owned(),
        url::quirks::hostname(u).to_owned(),
        url::quirks::port(u).to_owned(),
        url::quirks::pathname(u).to_owned(),
        url::quirks::search(u).to_owned(),
        url::quirks::hash(u).to_owned(),
    ]
}

fn url_parse(input: &str, base: Option<&str>) -> Option<Vec<String>> {
    let parsed = match base {
        Some(b) => url::Url::parse(b).ok()?.join(input).ok()?,
        None => url::Url::parse(input).ok()?,
    };
    Some(url_parts(&parsed))
}

fn url_set(href: &str, part: &str, value: &str) -> Option<Vec<String>> {
    use url::quirks;
    let mut u = url::Url::parse(href).ok()?;
    let ok = match part {
        "href" => return url_parse(value, None),
        "protocol" => quirks::set_protocol(&mut u, value).is_ok(),
        "username" => quirks::set_username(&mut u, value).is_ok(),
        "password" => quirks::set_password(&mut u, value).is_ok(),
        "host" => quirks::set_host(&mut u, value).is_ok(),
        "hostname" => quirks::set_hostname(&mut u, value).is_ok(),
        "port" => quirks::set_port(&mut u, value).is_ok(),
        "pathname" => {
            quirks::set_pathname(&mut u, value);
            true
        }
        "search" => {
            quirks::set_search(&mut u, value);
            true
        }
        "hash" => {
            quirks::set_hash(&mut u, value);
            true
        }
        _ => false,
    };
    // A refused setter leaves the URL as it was, as in browsers.
    let _ = ok;
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
