//! Node's built-ins through the real bextd and workers: a bare
//! `import { Buffer } from "buffer"`, the documented refusal of a built-in
//! bext lacks (`node:repl`) at load, and `AsyncLocalStorage` keeping each request's store apart
//! while many requests interleave in one worker.

use std::time::Duration;

use bext_e2e::{Daemon, Setup, request};

/// Each request runs in its own store and awaits hops through timers,
/// immediates, microtasks, `process.nextTick` and promise reactions with
/// random delays, so the requests' steps interleave; every hop's callback
/// and the code after every `await` read the store back.
const ALS_WORKER: &str = r#"
import { AsyncLocalStorage } from "node:async_hooks";
import { Buffer } from "buffer";
const als = new AsyncLocalStorage();
const hop = (kind, ms) => new Promise((resolve) => {
  const check = () => resolve(als.getStore().id);
  if (kind === 0) setTimeout(check, ms);
  else if (kind === 1) setImmediate(check);
  else if (kind === 2) queueMicrotask(check);
  else if (kind === 3) process.nextTick(check);
  else Promise.resolve().then(() => new Promise((r) => setTimeout(r, ms))).then(check);
});
export function handler(req) {
  const id = req.query.id;
  return als.run({ id }, async () => {
    const seen = [];
    for (let step = 0; step < 8; step++) {
      seen.push(await hop((step + Number(id)) % 5, Math.floor(Math.random() * 5)));
      // The code after an await runs in the request's store too.
      seen.push(als.getStore().id);
      await null;
    }
    return Buffer.from(JSON.stringify({ id, seen, outside: als.getStore().id })).toString();
  });
}
"#;

#[test]
fn async_local_storage_keeps_each_concurrent_requests_store() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\nworker_concurrency = 64\n",
        files: &[("worker.js", ALS_WORKER)],
        ..Setup::default()
    });
    let addr = d.addr;
    let replies: Vec<(usize, String)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..48)
            .map(|i| {
                s.spawn(move || {
                    let r = request(addr, "GET", &format!("/?id={i}"), &[], b"");
                    assert_eq!(r.status, 200, "request {i}: {}", r.body);
                    (i, r.body)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (i, body) in replies {
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        let id = i.to_string();
        assert_eq!(v["id"], id, "{body}");
        assert_eq!(v["outside"], id, "{body}");
        let seen = v["seen"].as_array().unwrap();
        assert_eq!(seen.len(), 16, "{body}");
        assert!(
            seen.iter()
                .all(|s| s == &serde_json::Value::String(id.clone())),
            "request {i} saw another's store: {body}"
        );
    }
}

#[test]
fn a_builtin_bext_lacks_fails_at_load_with_the_documented_message() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[(
            "worker.js",
            "import { start } from \"node:repl\";\nexport function handler() { return start; }\n",
        )],
        ..Setup::default()
    });
    d.wait_log(
        "node:repl is not available in bext",
        Duration::from_secs(10),
    );
    assert!(d.logs().contains("no use in a bext worker"), "{}", d.logs());
}
