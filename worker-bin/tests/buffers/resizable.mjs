// Resizable ArrayBuffer and growable SharedArrayBuffer (ECMAScript 2024),
// the same answers in Node 20 and in a worker: construction, the
// accessors, resize and grow with views that track the length, the errors
// of a bad length, and slice and structuredClone keeping or
// dropping resizability as the standard says (Node 20 has no transfer).
function attempt(f) {
  try {
    return String(f());
  } catch (e) {
    return e.constructor.name;
  }
}

function describe(b) {
  const shared = b instanceof SharedArrayBuffer;
  return [b.constructor.name, b.byteLength, b.maxByteLength, shared ? b.growable : b.resizable].join(" ");
}

export async function run(print) {
  for (const Kind of [ArrayBuffer, SharedArrayBuffer]) {
    const grow = Kind === SharedArrayBuffer ? "grow" : "resize";
    const b = new Kind(2, { maxByteLength: 16 });
    print(describe(b), describe(new Kind(5)), describe(new Kind(3, {})), describe(new Kind(3, { maxByteLength: undefined })));
    const tracking = new Uint8Array(b);
    const fixed = new Uint8Array(b, 0, 2);
    const words = new Uint16Array(b, 2);
    const view = new DataView(b);
    tracking[1] = 7;
    print(grow, b[grow](10), describe(b), tracking.length, fixed.length, words.length, view.byteLength, tracking[1], tracking[9]);
    tracking[9] = 9;
    print("again", b[grow](16), tracking.length, words.length, tracking[9], Array.from(tracking.slice(8, 12)).join(","));
    print("past max", attempt(() => b[grow](17)), "negative", attempt(() => b[grow](-1)), describe(b));
    print("smaller", attempt(() => b[grow](4)), describe(b), tracking.length, words.length);
    print("not growable", attempt(() => new Kind(4)[grow](4)), "max below length", attempt(() => new Kind(4, { maxByteLength: 2 })));
    print("max too big", attempt(() => new Kind(0, { maxByteLength: 2 ** 53 })));
    print("max from valueOf", describe(new Kind(1, { maxByteLength: { valueOf: () => 6 } })));
    print("slice", describe(b.slice(1, 5)));
    print("getter on the other kind", attempt(() => Object.getOwnPropertyDescriptor(Kind.prototype, "maxByteLength").get.call(Kind === ArrayBuffer ? new SharedArrayBuffer(1) : new ArrayBuffer(1))));
    print("clone", describe(structuredClone(b)));
    const big = new Kind(0, { maxByteLength: 1 << 20 });
    big[grow](1 << 20);
    const all = new Uint8Array(big);
    all[(1 << 20) - 1] = 1;
    print("a MiB", big.byteLength, all.length, all.reduce((a, x) => a + x, 0));
    print(Object.getOwnPropertyNames(Kind.prototype).filter((n) => /grow|resiz|max/i.test(n)).sort().join(","));
  }
  const r = new ArrayBuffer(4, { maxByteLength: 8 });
  const shrink = new Uint8Array(r);
  r.resize(1);
  print("shrunk", shrink.length, r.byteLength, describe(r));
  const s = new SharedArrayBuffer(4, { maxByteLength: 8 });
  const i32 = new Int32Array(s, 0);
  s.grow(8);
  print("atomics", Atomics.add(i32, 0, 5), Atomics.load(i32, 0), i32.length);
}
