// util.format/inspect of common values, promisify, types, isDeepStrictEqual.
import util, { format, inspect, promisify, types } from "node:util";

export async function run(print) {
  const values = [
    { a: 1, b: "x", c: [1, 2, { d: null }] }, [1, 2, 3], "str", 42, -0, 10n, null, undefined, true,
    new Map([["k", { v: 1 }]]), new Set([1, "a"]), function named() {}, class Klass {}, () => {},
    new Date(0), /ab+c/gi, Symbol("s"), { nested: { deeper: { deepest: { gone: 1 } } } },
    Array.from({ length: 30 }, (_, i) => i * 3), ["apple", "banana", "cherry", "date", "elder", "fig", "grape"],
    { "quoted-key": 1, valid_key: 2 }, [undefined, null, , 4], new Uint8Array([1, 2, 3]),
    { long: "a".repeat(60), other: "b".repeat(20) }, Object.create(null), [[1, [2, [3, [4]]]]],
  ];
  for (const v of values) print(inspect(v));
  const circ = { name: "c" };
  circ.self = circ;
  print(inspect(circ));
  print(inspect({ a: { b: { c: 1 } } }, { depth: 0 }));
  print(format("%s is %d years and %i, %f, %j %%", "Bob", 42.5, 42.5, "1.5", { x: [1] }), format("a", 1, { b: 2 }), format("%s", { a: 1 }), format(1, 2));
  const sleep = promisify((ms, cb) => setTimeout(() => cb(null, ms * 2), ms));
  print("promisify", await sleep(1));
  const failing = promisify((cb) => cb(new Error("nope")));
  try { await failing(); } catch (e) { print("rejected", e.message); }
  print(types.isPromise(Promise.resolve()), types.isDate(new Date()), types.isRegExp(/x/), types.isUint8Array(new Uint8Array()), types.isAsyncFunction(async () => {}));
  print(util.isDeepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), util.isDeepStrictEqual({ a: 1 }, { a: "1" }));
  function A() {}
  function B() {}
  util.inherits(A, B);
  print(new A() instanceof B, A.super_ === B);
  print(new util.TextDecoder().decode(new util.TextEncoder().encode("ünïcode")));
}
