// node:assert: Node's assertions and AssertionError (name, code
// ERR_ASSERTION, actual, expected, operator). Messages are shorter than
// Node's diffs; names, codes and what throws are the same.
const { inspect } = require("internal/inspect");

class AssertionError extends Error {
  constructor(options) {
    const { message, actual, expected, operator } = options;
    super(message !== undefined ? String(message) : `${inspect(actual)} ${operator} ${inspect(expected)}`);
    this.generatedMessage = message === undefined;
    this.code = "ERR_ASSERTION";
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
  }
  get name() { return "AssertionError"; }
}

// `generated` is the message Node makes when the caller gave none: such an
// error says `generatedMessage: true`; a message the caller (or the
// assertion's own fixed wording, as Node's throws() has) gave says false.
function fail(actual, expected, message, operator, generated) {
  if (message instanceof Error) throw message;
  const e = new AssertionError({ message: message ?? generated, actual, expected, operator });
  e.generatedMessage = message == null;
  throw e;
}

function isDeepEqual(a, b, strict, seen = new Map()) {
  if (strict ? Object.is(a, b) : a == b || (a !== a && b !== b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const tag = Object.prototype.toString.call(a);
  if (tag !== Object.prototype.toString.call(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp) return String(a) === String(b) && a.lastIndex === b.lastIndex;
  if (a instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
  if (ArrayBuffer.isView(a)) {
    if (a.byteLength !== b.byteLength) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i]) && !(!strict && a[i] == b[i])) return false;
  }
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !isDeepEqual(v, b.get(k), strict, seen)) return false;
  } else if (a instanceof Set) {
    if (a.size !== b.size) return false;
    for (const v of a) {
      if (b.has(v)) continue;
      if (typeof v !== "object" || ![...b].some((w) => isDeepEqual(v, w, strict, seen))) return false;
    }
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!isDeepEqual(a[k], b[k], strict, seen)) return false;
  }
  if (strict) {
    const sa = Object.getOwnPropertySymbols(a).filter((s) => Object.prototype.propertyIsEnumerable.call(a, s));
    for (const s of sa) if (!isDeepEqual(a[s], b[s], strict, seen)) return false;
  }
  return true;
}

function matches(err, expected, message) {
  if (expected === undefined) return;
  if (typeof expected === "function") {
    if (expected.prototype !== undefined && err instanceof expected) return;
    if (Error.isPrototypeOf(expected) || expected === Error) fail(err, expected, message, "throws");
    if (expected.call({}, err) === true) return;
    fail(err, expected, message || "The validation function is expected to return \"true\". Received false", "throws");
  }
  if (expected instanceof RegExp) {
    if (expected.test(String(err))) return;
    fail(err, expected, message || `The input did not match the regular expression ${expected}. Input:\n\n${inspect(String(err))}\n`, "throws");
  }
  if (typeof expected === "object" && expected !== null) {
    for (const k of Object.keys(expected)) {
      const want = expected[k];
      const ok = want instanceof RegExp && typeof err[k] === "string" ? want.test(err[k]) : isDeepEqual(err[k], want, true);
      if (!ok) fail(err, expected, message, "throws");
    }
  }
}

function threw(fn) {
  try { fn(); } catch (e) { return { e }; }
  return null;
}

const NO_EXCEPTION = (message, what) => message || `Missing expected ${what}.`;

function ok(value, message) {
  if (!value) {
    const why = arguments.length === 0 ? "No value argument passed to `assert.ok()`"
      : "The expression evaluated to a falsy value:\n\n  assert.ok(" + inspect(value) + ")\n";
    fail(value, true, message, "==", why);
  }
}

const assert = function (value, message) { ok.apply(null, arguments); };
Object.assign(assert, {
  ok,
  AssertionError,
  fail: (message) => fail(undefined, undefined, message, "fail", "Failed"),
  equal: (a, b, m) => { if (!(a == b || (a !== a && b !== b))) fail(a, b, m, "=="); },
  notEqual: (a, b, m) => { if (a == b || (a !== a && b !== b)) fail(a, b, m, "!="); },
  strictEqual: (a, b, m) => { if (!Object.is(a, b)) fail(a, b, m, "strictEqual", `Expected values to be strictly equal:\n\n${inspect(a)} !== ${inspect(b)}\n`); },
  notStrictEqual: (a, b, m) => { if (Object.is(a, b)) fail(a, b, m, "notStrictEqual", `Expected "actual" to be strictly unequal to: ${inspect(b)}`); },
  deepEqual: (a, b, m) => { if (!isDeepEqual(a, b, false)) fail(a, b, m, "deepEqual", `Expected values to be loosely deep-equal:\n\n${inspect(a)}\n\nshould loosely deep-equal\n\n${inspect(b)}`); },
  notDeepEqual: (a, b, m) => { if (isDeepEqual(a, b, false)) fail(a, b, m, "notDeepEqual"); },
  deepStrictEqual: (a, b, m) => { if (!isDeepEqual(a, b, true)) fail(a, b, m, "deepStrictEqual", `Expected values to be strictly deep-equal:\n${inspect(a)}\n\nshould equal\n\n${inspect(b)}`); },
  notDeepStrictEqual: (a, b, m) => { if (isDeepEqual(a, b, true)) fail(a, b, m, "notDeepStrictEqual"); },
  throws(fn, expected, message) {
    if (typeof expected === "string") { message = expected; expected = undefined; }
    const r = threw(fn);
    if (r === null) fail(undefined, expected, NO_EXCEPTION(message, "exception"), "throws");
    matches(r.e, expected, message);
  },
  doesNotThrow(fn, expected, message) {
    const r = threw(fn);
    if (r !== null) fail(r.e, expected, `Got unwanted exception.\nActual message: "${r.e && r.e.message}"`, "doesNotThrow");
  },
  async rejects(p, expected, message) {
    if (typeof expected === "string") { message = expected; expected = undefined; }
    try { await (typeof p === "function" ? p() : p); } catch (e) { matches(e, expected, message); return; }
    fail(undefined, expected, NO_EXCEPTION(message, "rejection"), "rejects");
  },
  async doesNotReject(p, expected, message) {
    try { await (typeof p === "function" ? p() : p); } catch (e) { fail(e, expected, message ?? `Got unwanted rejection.\nActual message: "${e && e.message}"`, "doesNotReject"); }
  },
  match: (s, re, m) => { if (!re.test(s)) fail(s, re, m, "match", `The input did not match the regular expression ${re}. Input:\n\n${inspect(s)}\n`); },
  doesNotMatch: (s, re, m) => { if (re.test(s)) fail(s, re, m, "doesNotMatch", `The input was expected to not match the regular expression ${re}. Input:\n\n${inspect(s)}\n`); },
  ifError: (v) => {
    if (v === null || v === undefined) return;
    const what = typeof v === "object" && typeof v.message === "string"
      ? (v.message.length === 0 && v.constructor ? v.constructor.name : v.message)
      : inspect(v);
    throw new AssertionError({ message: `ifError got unwanted exception: ${what}`, actual: v, expected: null, operator: "ifError" });
  },
});
// For util.isDeepStrictEqual; not a named export of node:assert.
Object.defineProperty(assert, "isDeepEqual", { value: isDeepEqual });

const strict = function (value, message) { ok.apply(null, arguments); };
Object.assign(strict, assert, {
  equal: assert.strictEqual,
  notEqual: assert.notStrictEqual,
  deepEqual: assert.deepStrictEqual,
  notDeepEqual: assert.notDeepStrictEqual,
});
strict.strict = strict;
assert.strict = strict;
module.exports = assert;
