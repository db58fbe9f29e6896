//! The page's server-side rendering.

#[test]
fn a_crash_is_said_once_in_the_reason_column() {
    let w = serde_json::json!({
        "last_exit": "killed from outside (signal 9 (SIGKILL)); pid 6540, up 4834 ms",
        "rotation_reason": null,
        "last_error": "killed from outside (signal 9 (SIGKILL))",
    });
    assert_eq!(
        reason(&w),
        "killed from outside (signal 9 (SIGKILL)); pid 6540, up 4834 ms"
    );
    let w =
        serde_json::json!({ "last_exit": null, "rotation_reason": "memory", "last_error": "boom" });
    assert_eq!(reason(&w), "memory · boom");
}

use super::*;

#[test]
fn options_come_from_the_query() {
    let o = Options::parse("q=render%2F1+x&sort=rss&wrong=1");
    assert_eq!(
        o,
        Options {
            filter: "render/1 x".into(),
            sort: "rss".into(),
            wrong: true
        }
    );
    assert_eq!(decode("%zz%"), "%zz%");
}

#[test]
fn text_is_escaped() {
    assert_eq!(
        esc("<a href='x'>&\""),
        "&lt;a href=&#39;x&#39;&gt;&amp;&quot;"
    );
}

#[test]
fn the_page_needs_nothing_inline() {
    let view = serde_json::json!({
        "actions": false, "last_event_id": 0, "limits": {}, "jobs": [],
        "pools": [{"name": "render", "route": "^/", "min_workers": 1, "max_workers": 1,
            "max_memory_bytes": 1048576, "errors": {}, "rps": 0, "p50_ms": 0, "p99_ms": 0, "queue": 0}],
        "workers": [{"pool": "render", "id": 0, "state": "ACTIVE", "pid": 7, "generation": 1,
            "current_memory_bytes": 10, "js_heap_bytes": 1, "uptime_ms": 1000}],
    });
    let html = render(&view, &History::new(), &[], &Options::default());
    assert!(html.contains("data-key=\"render/0\""));
    assert!(!html.contains("style=") && !html.contains("<script>") && !html.contains("onclick"));
    assert!(html.len() + CSS.len() + JS.len() < 60 * 1024);
}

#[test]
fn the_store_line_says_when_the_store_is_out_and_why() {
    let since = crate::history::unix_ms() - 12_000;
    let down = serde_json::json!({"kind": "postgres", "location": "postgres://u:***@db/jobs",
        "up": false, "down_since": since, "error": "connection refused"});
    let (class, line) = store_line(&down);
    assert_eq!(class, "down");
    assert!(line.contains("OUT for 12 s: connection refused"), "{line}");
    assert!(line.contains("postgres://u:***@db/jobs"), "{line}");
    let up = serde_json::json!({"kind": "sqlite", "location": "/srv/jobs.db", "up": true});
    assert_eq!(
        store_line(&up),
        ("up", "store: sqlite /srv/jobs.db — up".into())
    );
}

#[test]
fn the_sockets_column_shows_open_sockets_once_a_worker_had_any() {
    let none = serde_json::json!({"sockets": {"open": 0, "messages_in": 0, "messages_out": 0}});
    assert_eq!(sockets(&none), "–");
    assert_eq!(sockets(&serde_json::json!({})), "–");
    let open = serde_json::json!({"sockets": {"open": 3, "messages_in": 0, "messages_out": 3}});
    assert_eq!(sockets(&open), "3");
    let had = serde_json::json!({"sockets": {"open": 0, "messages_in": 5, "messages_out": 5}});
    assert_eq!(sockets(&had), "0");
}
