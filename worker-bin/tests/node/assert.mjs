// node:assert: what throws, error names and codes.
import assert, { AssertionError } from "node:assert";
import strict from "node:assert/strict";

function attempt(print, what, fn) {
  try { fn(); print(what, "passed"); } catch (e) { print(what, e.name, e.code, e instanceof AssertionError, e.operator); }
}

export async function run(print) {
  attempt(print, "ok", () => assert.ok(0));
  attempt(print, "call", () => assert(false, "msg"));
  attempt(print, "equal", () => assert.equal(1, "1"));
  attempt(print, "strictEqual", () => assert.strictEqual(1, "1"));
  attempt(print, "notStrictEqual", () => assert.notStrictEqual(1, 1));
  attempt(print, "deepEqual", () => assert.deepEqual({ a: [1] }, { a: ["1"] }));
  attempt(print, "deepStrictEqual", () => assert.deepStrictEqual({ a: [1] }, { a: ["1"] }));
  attempt(print, "deepStrictEqual ok", () => assert.deepStrictEqual(new Map([[1, { a: 2 }]]), new Map([[1, { a: 2 }]])));
  attempt(print, "strict.equal", () => strict.equal(1, "1"));
  attempt(print, "throws ok", () => assert.throws(() => { throw new TypeError("x"); }, TypeError));
  attempt(print, "throws none", () => assert.throws(() => {}));
  attempt(print, "throws regexp", () => assert.throws(() => { throw new Error("abc"); }, /abc/));
  attempt(print, "throws object", () => assert.throws(() => { throw new RangeError("r"); }, { name: "RangeError", message: "r" }));
  attempt(print, "match", () => assert.match("abc", /x/));
  attempt(print, "fail", () => assert.fail("boom"));
  attempt(print, "ifError", () => assert.ifError(null));
  const e = new AssertionError({ actual: 1, expected: 2, operator: "strictEqual", message: "custom" });
  print(e.message.split("\n")[0], e.generatedMessage, e.actual, e.expected);
  try { await assert.rejects(Promise.resolve(1)); } catch (err) { print("rejects", err.name, err.code); }
  await assert.rejects(Promise.reject(new Error("x")), Error);
  print("rejects ok");
}
