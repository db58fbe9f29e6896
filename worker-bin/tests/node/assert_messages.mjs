// node:assert: which errors say their message was generated, with the
// first line and operator Node gives each.
import assert from "node:assert";
const cases = {
  ok: () => assert.ok(false), okMsg: () => assert.ok(0, "custom"), plain: () => assert(null),
  equal: () => assert.equal(1, 2), strictEqual: () => assert.strictEqual("a", "b"), strictEqualMsg: () => assert.strictEqual(1, 2, "m"),
  deep: () => assert.deepStrictEqual({ a: 1 }, { a: 2 }), notEqual: () => assert.notStrictEqual(1, 1),
  throws: () => assert.throws(() => {}), rejects: null, match: () => assert.match("abc", /x/), fail: () => assert.fail(), failMsg: () => assert.fail("boom"),
  ifError: () => assert.ifError(new Error("e")), errMsg: () => assert.strictEqual(1, 2, new TypeError("t")),
  doesNotThrow: () => assert.doesNotThrow(() => { throw new Error("x"); }),
};
export async function run(print) {
for (const [k, f] of Object.entries(cases)) {
  if (!f) continue;
  try { f(); print(k, "no throw"); } catch (e) { print(k, e.name, e.code, e.generatedMessage, e.operator, JSON.stringify(e.message.split("\n")[0])); }
}
}
