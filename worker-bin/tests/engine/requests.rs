//! The request a handler gets and the web classes around it: the fetch
//! export's `Request`, `request.signal`, headers, and the classes loaded
//! on first use.

use super::*;

#[test]
fn a_default_fetch_export_gets_a_request_and_answers_a_response() {
    let mut h = Harness::new(
        r#"export default {
            async fetch(request, env, ctx) {
                const url = new URL(request.url);
                if (url.pathname === "/json") {
                    const data = await request.json();
                    return Response.json({ got: data, m: request.method, t: request.headers.get("x-test"),
                        q: url.searchParams.get("q"), env: typeof env, wait: typeof ctx.waitUntil,
                        isReq: request instanceof Request }, { status: 201, headers: { "x-a": "1" } });
                }
                if (url.pathname === "/bytes") {
                    const b = new Uint8Array(await request.arrayBuffer());
                    ctx.waitUntil(new Promise((r) => setTimeout(r, 5)));
                    return new Response(b, { headers: { "content-type": "application/octet-stream" } });
                }
                if (url.pathname === "/stream") {
                    const enc = new TextEncoder();
                    const body = new ReadableStream({ start(c) { c.enqueue(enc.encode("a")); c.enqueue(enc.encode("b")); c.close(); } });
                    return new Response(body.pipeThrough(new TransformStream()), { status: 202 });
                }
                if (url.pathname === "/redirect") return Response.redirect("https://example.com/next", 307);
                return new Response("missing", { status: 404 });
            },
        };"#,
    );
    let r = h.request("POST", "/json?q=1", br#"{"x":[1,2]}"#).unwrap();
    assert_eq!(r.status, 201);
    assert_eq!(header(&r, "content-type"), Some("application/json"));
    assert_eq!(header(&r, "x-a"), Some("1"));
    let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"got": {"x": [1, 2]}, "m": "POST", "t": "yes", "q": "1",
            "env": "object", "wait": "function", "isReq": true})
    );
    let bin: Vec<u8> = (0..=255u8).rev().collect();
    let r = h.request("PUT", "/bytes", &bin).unwrap();
    assert_eq!(r.body, bin);
    let r = h.get("/stream").unwrap();
    assert_eq!((r.status, body(&r).as_str()), (202, "ab"));
    let r = h.get("/redirect").unwrap();
    assert_eq!(r.status, 307);
    assert_eq!(header(&r, "location"), Some("https://example.com/next"));
    assert_eq!(h.get("/other").unwrap().status, 404);
}

/// `request.signal` is made only when a handler reads it, so it must still
/// tell the truth whenever that is: read before the abort it fires, read
/// after the abort it is already aborted, read after the answer it never
/// fires.
#[test]
fn request_signal_tells_the_truth_whenever_it_is_first_read() {
    let mut h = Harness::new(
        r#"const kept = {};
           let fired = null;
           export default {
             async fetch(request) {
               const path = new URL(request.url).pathname;
               if (path === "/early") {
                 request.signal.addEventListener("abort", () => { fired = request.signal.reason.name; });
                 return new Promise(() => {});
               }
               if (path === "/late" || path === "/done") {
                 kept[path] = request;
                 return path === "/done" ? new Response("ok") : new Promise(() => {});
               }
               const late = kept["/late"].signal, done = kept["/done"].signal;
               return Response.json({ fired, late: [late.aborted, late.reason && late.reason.name],
                 done: done.aborted, same: late === kept["/late"].signal });
             },
           };"#,
    );
    let req = |url: &str| HttpRequest {
        method: "GET".into(),
        url: url.into(),
        headers: vec![],
        body: vec![],
        ip: String::new(),
    };
    h.engine.dispatch(61, 1, req("/early"));
    h.engine.dispatch(62, 2, req("/late"));
    h.engine.run_jobs();
    assert_eq!(body(&h.get("/done").unwrap()), "ok");
    h.engine.abort(61, false);
    h.engine.abort(62, true);
    let r = h.get("/report").unwrap();
    assert_eq!(header(&r, "content-type"), Some("application/json"));
    let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"fired": "AbortError", "late": [true, "TimeoutError"],
            "done": false, "same": true})
    );
}

/// The common answers carry their headers as a flat list until read; read,
/// they are a real Headers that the handler can change.
#[test]
fn the_headers_of_a_plain_response_are_real_once_read() {
    let mut h = Harness::new(
        r#"export default {
             fetch(request) {
               const path = new URL(request.url).pathname;
               if (path === "/text") return new Response("hi");
               if (path === "/json") return Response.json([1]);
               const r = new Response("hi");
               r.headers.set("x-added", "1");
               const j = Response.json({});
               const c = j.clone();
               return Response.json({ text: [...r.headers], json: [...j.headers], clone: [...c.headers],
                 type: [r.type, r.url, r.redirected, Response.error().type], req: [...request.headers] });
             },
           };"#,
    );
    let r = h.get("/text").unwrap();
    assert_eq!(header(&r, "content-type"), Some("text/plain;charset=UTF-8"));
    let r = h.get("/json").unwrap();
    assert_eq!(
        (header(&r, "content-type"), body(&r).as_str()),
        (Some("application/json"), "[1]")
    );
    let v: serde_json::Value = serde_json::from_slice(&h.get("/read").unwrap().body).unwrap();
    assert_eq!(
        v,
        serde_json::json!({
            "text": [["content-type", "text/plain;charset=UTF-8"], ["x-added", "1"]],
            "json": [["content-type", "application/json"]],
            "clone": [["content-type", "application/json"]],
            "type": ["default", "", false, "error"],
            "req": [["x-test", "yes"]],
        })
    );
    // The list the fast path shares was not changed by the first set().
    assert_eq!(
        h.get("/text").unwrap().headers,
        vec![(
            "content-type".to_string(),
            "text/plain;charset=UTF-8".to_string()
        )]
    );
}

#[test]
fn fetch_classes_follow_the_standard() {
    let mut h = Harness::new(
        r#"export async function handler() {
            const out = {};
            const hd = new Headers({ "Content-Type": "text/html", "X-B": "1" });
            hd.append("x-b", "2");
            hd.append("Set-Cookie", "a=1");
            hd.append("Set-Cookie", "b=2");
            out.headers = [...hd];
            out.getB = hd.get("X-B");
            out.cookies = hd.getSetCookie();
            try { hd.append("bad name", "x"); out.badName = false; } catch (e) { out.badName = e instanceof TypeError; }
            const blob = new Blob(["hé", new Uint8Array([33])], { type: "Text/Plain" });
            out.blob = [blob.size, blob.type, await blob.slice(1, 3).text(), await blob.text()];
            const bin = new Uint8Array(300).map((_, i) => (i * 7) & 255);
            const fd = new FormData();
            fd.append("title", "x\ny");
            fd.append("file", new Blob([bin], { type: "image/gif" }), "a.gif");
            const back = await new Response(fd).formData();
            const f = back.get("file");
            const fb = new Uint8Array(await f.arrayBuffer());
            out.form = [back.get("title"), f instanceof File, f.name, f.type, fb.length === 300 && fb.every((x, i) => x === bin[i])];
            const url = await new Request("https://h.example/p", { method: "post", body: new URLSearchParams({ a: "1 2" }) }).formData();
            out.urlencoded = url.get("a");
            const r = new Response("text body", { status: 299, statusText: "Fine" });
            const c = r.clone();
            out.clone = [await r.text(), await c.text(), r.bodyUsed, r.ok, r.statusText];
            try { await r.text(); out.reused = false; } catch (e) { out.reused = e instanceof TypeError; }
            const s = new Response(new ReadableStream({ start(ctl) { ctl.enqueue(new Uint8Array([104, 105])); ctl.close(); } }));
            const s2 = s.clone();
            out.stream = [await s.text(), await s2.text()];
            const chunks = [];
            const piped = new ReadableStream({ start(ctl) { ctl.enqueue("é"); ctl.enqueue("!"); ctl.close(); } })
                .pipeThrough(new TextEncoderStream()).pipeThrough(new TextDecoderStream());
            for await (const ch of piped) chunks.push(ch);
            out.textStreams = chunks.join("");
            try { new Request("/relative"); out.relative = false; } catch (e) { out.relative = e instanceof TypeError; }
            try { new Request("https://h.example/", { body: "x" }); out.getBody = false; } catch (e) { out.getBody = e instanceof TypeError; }
            out.jsonType = Response.json({ a: 1 }).headers.get("content-type");
            out.errType = Response.error().type;
            const pat = new URLPattern({ pathname: "/users/:id" });
            out.pattern = [pat.test("https://h.example/users/42"), pat.exec("https://h.example/users/42").pathname.groups.id, pat.test("https://h.example/posts/1")];
            return out;
        }"#,
    );
    let r = h.get("/").unwrap();
    let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    assert_eq!(
        v["headers"],
        serde_json::json!([
            ["content-type", "text/html"],
            ["set-cookie", "a=1"],
            ["set-cookie", "b=2"],
            ["x-b", "1, 2"]
        ])
    );
    assert_eq!(v["getB"], "1, 2");
    assert_eq!(v["cookies"], serde_json::json!(["a=1", "b=2"]));
    assert_eq!(v["badName"], true);
    assert_eq!(v["blob"], serde_json::json!([4, "text/plain", "é", "hé!"]));
    assert_eq!(
        v["form"],
        serde_json::json!(["x\r\ny", true, "a.gif", "image/gif", true])
    );
    assert_eq!(v["urlencoded"], "1 2");
    assert_eq!(
        v["clone"],
        serde_json::json!(["text body", "text body", true, true, "Fine"])
    );
    assert_eq!(v["reused"], true);
    assert_eq!(v["stream"], serde_json::json!(["hi", "hi"]));
    assert_eq!(v["textStreams"], "é!");
    assert_eq!(v["relative"], true);
    assert_eq!(v["getBody"], true);
    assert_eq!(v["jsonType"], "application/json");
    assert_eq!(v["errType"], "error");
    assert_eq!(v["pattern"], serde_json::json!([true, "42", false]));
}

#[test]
fn web_classes_load_on_first_use_and_then_look_as_if_always_there() {
    let mut h = Harness::new(
        r#"const d = (n) => Object.getOwnPropertyDescriptor(globalThis, n);
        const lazy = ["Request", "Response", "Headers", "ReadableStream", "fetch", "URLPattern"]
            .every((n) => typeof d(n).get === "function" && !d(n).enumerable);
        globalThis.fetch = "mine";
        const t = typeof ReadableStream;
        const loaded = ["Response", "Headers", "ReadableStream", "Blob", "URLPattern"]
            .every((n) => d(n).writable && d(n).configurable && !d(n).enumerable && typeof d(n).value === "function");
        const r = new Response("x");
        export function handler() {
            return { lazy, t, loaded, kept: globalThis.fetch, inst: r instanceof Response,
                     stream: r.body instanceof ReadableStream };
        }"#,
    );
    let r = h.get("/").unwrap();
    assert_eq!(
        body(&r),
        r#"{"lazy":true,"t":"function","loaded":true,"kept":"mine","inst":true,"stream":true}"#
    );
}

#[test]
fn a_handler_that_never_touches_the_web_classes_never_loads_them() {
    let mut h = Harness::new(
        r#"export function handler() {
            return { lazy: typeof Object.getOwnPropertyDescriptor(globalThis, "ReadableStream").get };
        }"#,
    );
    assert_eq!(body(&h.get("/").unwrap()), r#"{"lazy":"function"}"#);
    assert_eq!(body(&h.get("/").unwrap()), r#"{"lazy":"function"}"#);
}

#[test]
fn repeated_request_headers_are_joined_in_order_under_one_name() {
    let mut h = Harness::new(
        r#"export function handler(req) {
            return { names: Object.keys(req.headers), a: req.headers["x-a"], b: req.headers["x-b"] };
        }"#,
    );
    let req = HttpRequest {
        method: "GET".into(),
        url: "/".into(),
        headers: vec![
            ("x-a".into(), "1".into()),
            ("x-b".into(), "only".into()),
            ("x-a".into(), "2".into()),
            ("x-a".into(), "3".into()),
        ],
        body: Vec::new(),
        ip: "127.0.0.1".into(),
    };
    h.engine.dispatch(100, 1, req);
    let r = h.wait(100).unwrap();
    assert_eq!(
        body(&r),
        r#"{"names":["x-a","x-b"],"a":"1, 2, 3","b":"only"}"#
    );
}
