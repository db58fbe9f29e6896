//! The W3C Trace Context headers a client sends, checked before they go
//! any further. A request's `traceparent` and `tracestate` reach its
//! worker, whose `fetch()` passes them on to the servers it calls: with
//! tracing on they are parsed and made again by bextd (`request`), with
//! tracing off they are passed as they came. Either way only what the
//! specification allows goes through:
//!
//! - `traceparent`: `VERSION-TRACEID-PARENTID-FLAGS`, lower-case hex; the
//!   version is not `ff`; neither id is all zeros; version `00` is exactly
//!   55 characters, a later version at least that with a `-` after them.
//!   One header only: two are a broken context.
//! - `tracestate`: list members `key=value` separated by commas (spaces and
//!   tabs around them, empty members allowed), at most 32, keys unique,
//!   each key and value by the specification's grammar, 512 characters in
//!   all. Several headers are one list, joined with commas.
//!
//! A broken `traceparent` is dropped with the `tracestate` (the
//! specification: a vendor that cannot parse `traceparent` must not use
//! `tracestate`); a broken `tracestate` alone is dropped by itself.
//! Pure functions, tested with tables.

/// Most list members a `tracestate` may have.
pub const MAX_TRACESTATE_MEMBERS: usize = 32;
/// Longest `tracestate` passed on.
pub const MAX_TRACESTATE_LEN: usize = 512;

/// A request's trace context once checked: what may be passed on.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Checked {
    pub traceparent: Option<String>,
    pub tracestate: Option<String>,
}

/// Checks the `traceparent` and `tracestate` headers a request carries
/// (every value of each, in order; `None` for a value that is not text).
pub fn check(traceparents: &[Option<&str>], tracestates: &[Option<&str>]) -> Checked {
    let traceparent = match traceparents {
        [Some(tp)] if traceparent_ok(tp) => (*tp).to_owned(),
        _ => return Checked::default(),
    };
    let joined = tracestates
        .iter()
        .map(|v| v.ok_or(()))
        .collect::<Result<Vec<&str>, ()>>()
        .map(|v| v.join(","));
    let tracestate = joined
        .ok()
        .filter(|ts| tracestate_ok(ts) && ts.split(',').any(|m| !m.trim_matches(OWS).is_empty()));
    Checked {
        traceparent: Some(traceparent),
        tracestate,
    }
}

/// `headers` (a worker request's, names in lower case) with their trace
/// context checked, or `None` when it needs no change: no trace header, or
/// one valid `traceparent` and at most one valid `tracestate`. Otherwise
/// the trace headers are removed and what [`check`] keeps is added back.
pub fn clean(headers: &[(String, String)]) -> Option<Vec<(String, String)>> {
    let values = |name: &str| -> Vec<Option<&str>> {
        headers
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| Some(v.as_str()))
            .collect()
    };
    let (tps, tss) = (values("traceparent"), values("tracestate"));
    if tps.is_empty() && tss.is_empty() {
        return None;
    }
    let checked = check(&tps, &tss);
    let unchanged = tps.len() == 1
        && checked.traceparent.is_some()
        && match tss.as_slice() {
            [] => true,
            [one] => checked.tracestate.as_deref() == *one,
            _ => false,
        };
    if unchanged {
        return None;
    }
    let mut out: Vec<(String, String)> = headers
        .iter()
        .filter(|(k, _)| k != "traceparent" && k != "tracestate")
        .cloned()
        .collect();
    if let Some(tp) = checked.traceparent {
        out.push(("traceparent".into(), tp));
    }
    if let Some(ts) = checked.tracestate {
        out.push(("tracestate".into(), ts));
    }
    Some(out)
}

/// Whether `v` is a `traceparent` the specification accepts.
pub fn traceparent_ok(v: &str) -> bool {
    let b = v.as_bytes();
    if b.len() < 55 || b[2] != b'-' || b[35] != b'-' || b[52] != b'-' {
        return false;
    }
    let (version, trace_id, parent_id, flags) = (&b[..2], &b[3..35], &b[36..52], &b[53..55]);
    let length_ok = if version == b"00" {
        b.len() == 55
    } else {
        b.len() == 55 || b[55] == b'-'
    };
    length_ok
        && lower_hex(version)
        && version != b"ff"
        && lower_hex(trace_id)
        && !all_zero(trace_id)
        && lower_hex(parent_id)
        && !all_zero(parent_id)
        && lower_hex(flags)
}

/// Whether `v` is a `tracestate` the specification accepts, within
/// [`MAX_TRACESTATE_MEMBERS`] and [`MAX_TRACESTATE_LEN`].
pub fn tracestate_ok(v: &str) -> bool {
    if v.len() > MAX_TRACESTATE_LEN {
        return false;
    }
    let mut keys: Vec<&str> = Vec::new();
    for member in v.split(',') {
        let member = member.trim_matches(OWS);
        if member.is_empty() {
            continue;
        }
        let Some((key, value)) = member.split_once('=') else {
            return false;
        };
        if !key_ok(key) || !value_ok(value) || keys.contains(&key) {
            return false;
        }
        keys.push(key);
    }
    keys.len() <= MAX_TRACESTATE_MEMBERS
}

/// Optional white space around list members.
const OWS: [char; 2] = [' ', '\t'];

/// `simple-key` (`lcalpha 0*255(lcalpha / DIGIT / "_" / "-" / "*" / "/")`)
/// or `tenant-id "@" system-id`.
fn key_ok(key: &str) -> bool {
    let rest_ok = |s: &[u8]| {
        s.iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || b"_-*/".contains(&c))
    };
    let b = key.as_bytes();
    match key.split_once('@') {
        None => (1..=256).contains(&b.len()) && b[0].is_ascii_lowercase() && rest_ok(&b[1..]),
        Some((tenant, system)) => {
            let (t, s) = (tenant.as_bytes(), system.as_bytes());
            (1..=241).contains(&t.len())
                && (t[0].is_ascii_lowercase() || t[0].is_ascii_digit())
                && rest_ok(&t[1..])
                && (1..=14).contains(&s.len())
                && s[0].is_ascii_lowercase()
                && rest_ok(&s[1..])
        }
    }
}

/// `0*255(chr) nblk-chr`: printable ASCII but `,` and `=`, spaces
/// allowed inside but not at the end.
fn value_ok(value: &str) -> bool {
    let b = value.as_bytes();
    (1..=256).contains(&b.len())
        && b.iter()
            .all(|&c| (0x20..=0x7e).contains(&c) && c != b',' && c != b'=')
        && b[b.len() - 1] != b' '
}

fn lower_hex(s: &[u8]) -> bool {
    s.iter().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'))
}

fn all_zero(s: &[u8]) -> bool {
    s.iter().all(|&c| c == b'0')
}

#[cfg(test)]
#[path = "w3c_tests.rs"]
mod tests;
