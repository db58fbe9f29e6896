//! Route order and unreachable routes.
//!
//! Pools are tried in the order the file declares them, `[render]` where it
//! stands. A pool whose route can never win, because a pool before it
//! matches every path it would, is a configuration error naming both pools:
//! the classic mistake is `[render] route = "^/"` before `[pools.api] route
//! = "^/api/"`.
//!
//! Deciding whether one regex covers another is hard in general, so this
//! only speaks when it is certain: the earlier route must be a plain prefix
//! (`^/api`, `^/api/.*`), a plain substring (`api`) or match everything
//! (`^/`, `.*`, empty), and the later route must start with a literal
//! (`^/api/v2`, `^/api/(a|b)`) or be shadowed by an everything-route.

use regex_syntax::hir::{Class, Hir, HirKind, Look};

use super::Pool;
use super::checker::Checker;

/// The set of paths a route surely matches.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Cover {
    /// Every path that starts with this (every path starts with `/`).
    Prefix(String),
    /// Every path that contains this.
    Contains(String),
}

/// What every match of a route surely starts with.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Needs {
    /// Anchored at the start, then this literal (maybe empty).
    Prefix(String),
    /// Not anchored: it may match anywhere.
    Anywhere,
}

/// Reports each pool whose route an earlier pool's route covers.
pub(super) fn check_shadowing(c: &mut Checker<'_>, pools: &[Pool]) {
    for (i, later) in pools.iter().enumerate() {
        let Some(needs) = needs(later.route.as_str()) else {
            continue;
        };
        let shadow = pools[..i].iter().find(|earlier| {
            cover(earlier.route.as_str()).is_some_and(|cover| shadows(&cover, &needs))
        });
        if let Some(earlier) = shadow {
            let key = route_key(&later.name);
            let path: Vec<&str> = key.iter().map(String::as_str).collect();
            c.report(
                &path,
                Some(format!("{:?}", later.route.as_str())),
                format!(
                    "can never match: {} (route {:?}) comes first in the file and matches every path this route would; declare {} before {}, or narrow the earlier route",
                    section(&earlier.name),
                    earlier.route.as_str(),
                    section(&later.name),
                    section(&earlier.name),
                ),
            );
        }
    }
}

fn section(pool: &str) -> String {
    if pool == "render" {
        "[render]".into()
    } else {
        format!("[pools.{pool}]")
    }
}

fn route_key(pool: &str) -> Vec<String> {
    if pool == "render" {
        vec!["render".into(), "route".into()]
    } else {
        vec!["pools".into(), pool.into(), "route".into()]
    }
}

fn shadows(cover: &Cover, needs: &Needs) -> bool {
    match (cover, needs) {
        // Every request path starts with `/`.
        (Cover::Prefix(p), _) if p.is_empty() || p == "/" => true,
        (Cover::Prefix(p), Needs::Prefix(q)) => q.starts_with(p.as_str()),
        (Cover::Contains(p), Needs::Prefix(q)) => q.contains(p.as_str()),
        (_, Needs::Anywhere) => false,
    }
}

fn parse(pattern: &str) -> Option<Hir> {
    regex_syntax::Parser::new().parse(pattern).ok()
}

/// The paths `pattern` surely matches, if they have one of the shapes above.
fn cover(pattern: &str) -> Option<Cover> {
    let hir = parse(pattern)?;
    if matches!(hir.kind(), HirKind::Empty) {
        return Some(Cover::Prefix(String::new()));
    }
    let parts: &[Hir] = match hir.kind() {
        HirKind::Concat(parts) => parts,
        _ => std::slice::from_ref(&hir),
    };
    let (anchored, rest) = match parts.first().map(Hir::kind) {
        Some(HirKind::Look(Look::Start)) => (true, &parts[1..]),
        _ => (false, parts),
    };
    let (lit, rest) = match rest.first().map(Hir::kind) {
        Some(HirKind::Literal(l)) => (String::from_utf8(l.0.to_vec()).ok()?, &rest[1..]),
        _ => (String::new(), rest),
    };
    // What may follow: nothing, `.*`, or (unanchored) an empty pattern.
    let tail_ok = match rest {
        [] => true,
        [r] => is_any_star(r),
        _ => false,
    };
    if !tail_ok {
        return None;
    }
    match (anchored, lit.is_empty()) {
        (true, _) => Some(Cover::Prefix(lit)),
        (false, true) => Some(Cover::Prefix(String::new())),
        (false, false) => Some(Cover::Contains(lit)),
    }
}

/// What every match of `pattern` starts with.
fn needs(pattern: &str) -> Option<Needs> {
    let hir = parse(pattern)?;
    let parts: &[Hir] = match hir.kind() {
        HirKind::Concat(parts) => parts,
        _ => std::slice::from_ref(&hir),
    };
    match parts.first().map(Hir::kind) {
        Some(HirKind::Look(Look::Start)) => {}
        _ => return Some(Needs::Anywhere),
    }
    let lit = match parts.get(1).map(Hir::kind) {
        Some(HirKind::Literal(l)) => String::from_utf8(l.0.to_vec()).ok()?,
        _ => String::new(),
    };
    Some(Needs::Prefix(lit))
}

/// `.*` or `[^...]*`-like: zero or more of any character (but perhaps `\n`,
/// which a path never holds).
fn is_any_star(h: &Hir) -> bool {
    let HirKind::Repetition(r) = h.kind() else {
        return false;
    };
    if r.min != 0 || r.max.is_some() {
        return false;
    }
    let HirKind::Class(Class::Unicode(class)) = r.sub.kind() else {
        return false;
    };
    let mut next = '\0';
    for range in class.iter() {
        if range.start() > next && !(next == '\n' && range.start() == '\u{b}') {
            return false;
        }
        next = match char::from_u32(range.end() as u32 + 1) {
            Some(ch) => ch,
            None if range.end() == '\u{d7ff}' => '\u{e000}',
            None => return true,
        };
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shadowed(earlier: &str, later: &str) -> bool {
        let (Some(c), Some(n)) = (cover(earlier), needs(later)) else {
            return false;
        };
        shadows(&c, &n)
    }

    #[test]
    fn a_catch_all_before_anything_shadows_it() {
        for catch_all in ["^/", "", ".*", "^/.*", "^"] {
            assert!(shadowed(catch_all, "^/api/"), "{catch_all}");
            assert!(shadowed(catch_all, "api"), "{catch_all}");
        }
    }

    #[test]
    fn a_prefix_shadows_longer_prefixes_only() {
        assert!(shadowed("^/api", "^/api/v2"));
        assert!(shadowed("^/api/.*", "^/api/(a|b)"));
        assert!(!shadowed("^/api/", "^/app"));
        assert!(!shadowed("^/api/v2", "^/api"));
        assert!(
            !shadowed("^/api", "v2"),
            "an unanchored later route may match elsewhere"
        );
    }

    #[test]
    fn a_substring_shadows_prefixes_that_contain_it() {
        assert!(shadowed("api", "^/v1/api/"));
        assert!(!shadowed("api", "^/v1/"));
    }

    #[test]
    fn anything_else_is_not_judged() {
        assert_eq!(cover("^/(api|app)"), None);
        assert_eq!(cover("^/api$"), None);
        assert_eq!(cover("(?i)^/api"), None);
        assert_eq!(cover("^/api/[0-9]+"), None);
        assert!(!shadowed("^/api$", "^/api$"));
    }
}
