//! The key table behind `CryptoKey`: a key's material goes when JS no
//! longer holds the key, and none of it is reachable from JS.

mod harness;

use harness::Harness;

const SCRIPT: &str = r#"
let kept = [];
export default {
  async fetch(request) {
    const n = Number(new URL(request.url).searchParams.get("n"));
    const made = [];
    for (let i = 0; i < n; i++)
      made.push(await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"]));
    if (new URL(request.url).pathname === "/keep") kept = made;
    // Nothing about the key shows its bytes.
    const k = made[0];
    const seen = JSON.stringify([k, Object.getOwnPropertyNames(k), Object.getOwnPropertySymbols(k).length, k.algorithm]);
    return new Response(seen);
  },
};
"#;

fn keys(h: &Harness) -> usize {
    h.engine.host().keys.borrow().len()
}

#[test]
fn collected_keys_leave_the_table() {
    let mut h = Harness::new(SCRIPT);
    let r = h.get("/keep?n=50").unwrap();
    assert_eq!(
        String::from_utf8(r.body).unwrap(),
        r#"[{},[],0,{"name":"HMAC","hash":{"name":"SHA-256"},"length":512}]"#
    );
    h.get("/drop?n=200").unwrap();
    assert!(keys(&h) >= 50);
    h.engine.run_gc();
    h.engine.run_jobs(); // the FinalizationRegistry's callbacks
    assert_eq!(
        keys(&h),
        50,
        "the 200 dropped keys are gone, the 50 kept stay"
    );
}
