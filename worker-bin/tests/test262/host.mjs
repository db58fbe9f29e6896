// The test262 host of the runner (main.rs): the globals test262's
// INTERPRETING.md asks of a host (`print`, `$262`) and the run of one test,
// the same in a bext worker (worker.mjs) and in Node (node.mjs), so both
// engines get the same harness.
//
// A job is { script, async, module }: `script` is the harness files and the
// test (after "use strict"; when the run is strict), evaluated as a global
// script by an indirect eval; `module`, for a module test, is the specifier
// of the test file, imported once the script (its harness) ran. The answer
// is { status: "pass" }, or { status: "threw", name, message } for an error
// that escaped the script or the import, or { status: "async-failure",
// name, message } for a $DONE(error). An async test whose $DONE is never
// called never answers: the caller sees that nothing is left to run.

function describe(e) {
  let name = typeof e;
  let message = "";
  try {
    if (e !== null && (typeof e === "object" || typeof e === "function")) {
      name = e.constructor?.name || e.name || "Object";
      message = String(e.message ?? e);
    } else {
      message = String(e);
    }
  } catch {
    message = "(the thrown value cannot be printed)";
  }
  return { name, message };
}

// What the host itself uses after a test ran, taken before any test can
// change it: tests taint built-ins on purpose (testIntl.js's taintArray
// makes Array.prototype.push throw), and the answer still has to get out.
const { defineProperty, getOwnPropertyDescriptor } = Object;
const { apply, ownKeys } = Reflect;
const setHas = Set.prototype.has;
const GUARDED = [
  globalThis, Object, Object.prototype, Array, Array.prototype, Function.prototype,
  String, String.prototype, Number.prototype, Boolean.prototype, Symbol, Symbol.prototype,
  Promise, Promise.prototype, JSON, Reflect, Error, Error.prototype, Math, Map.prototype,
  Set.prototype, RegExp.prototype,
  Object.getPrototypeOf([][Symbol.iterator]()), Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
];

/** Each guarded object's own properties, as they are now. */
function snapshot() {
  const saved = [];
  for (let i = 0; i < GUARDED.length; i++) {
    const keys = ownKeys(GUARDED[i]);
    const descs = [];
    for (let j = 0; j < keys.length; j++) descs[j] = getOwnPropertyDescriptor(GUARDED[i], keys[j]);
    saved[i] = { keys, descs, known: new Set(keys) };
  }
  return saved;
}

/** Puts the guarded objects' properties back as `snapshot` found them. */
function restore(saved) {
  for (let i = 0; i < GUARDED.length; i++) {
    const target = GUARDED[i];
    const { keys, descs, known } = saved[i];
    const now = ownKeys(target);
    for (let j = 0; j < now.length; j++) {
      if (!apply(setHas, known, [now[j]])) {
        try {
          delete target[now[j]];
        } catch {}
      }
    }
    for (let j = 0; j < keys.length; j++) {
      try {
        defineProperty(target, keys[j], descs[j]);
      } catch {}
    }
  }
}

function noRealm() {
  throw new TypeError("$262.createRealm: this host cannot make a new realm");
}

/** Installs `print` and `$262` on `global` (this realm's, or a new one's). */
export function install262(global, evalScript, hooks = {}) {
  const $262 = {
    global,
    evalScript,
    createRealm: hooks.createRealm ?? noRealm,
    gc: hooks.gc ?? (() => {
      throw new TypeError("$262.gc: this host cannot collect garbage on demand");
    }),
    detachArrayBuffer(buffer) {
      structuredClone(buffer, { transfer: [buffer] });
    },
    agent: {},
  };
  Object.defineProperty(global, "$262", { value: $262, writable: true, configurable: true });
  return $262;
}

export async function run262(job, hooks = {}) {
  let settle;
  const finished = new Promise((resolve) => (settle = resolve));
  const failure = "Test262:AsyncTestFailure:";
  globalThis.print = (...args) => {
    const line = args.map(String).join(" ");
    if (line === "Test262:AsyncTestComplete") settle({ status: "pass" });
    else if (line.startsWith(failure)) {
      const text = line.slice(failure.length);
      const colon = text.indexOf(": ");
      settle({
        status: "async-failure",
        name: colon < 0 ? "Error" : text.slice(0, colon),
        message: colon < 0 ? text : text.slice(colon + 2),
      });
    }
  };
  install262(globalThis, (source) => (0, eval)(source), hooks);
  const saved = snapshot();
  let answer;
  try {
    (0, eval)(job.script);
    if (job.module) await import(job.module);
    answer = job.async ? await finished : { status: "pass" };
  } catch (e) {
    answer = { status: "threw", ...describe(e) };
  }
  restore(saved);
  return answer;
}

// Features test262 names in `features:` and how to tell this engine has
// them; a feature not listed here counts as present. The runner names the
// absent ones beside a test that fails.
const PROBES = {
  "Intl.Locale": () => typeof Intl.Locale === "function",
  "Intl.DurationFormat": () => typeof Intl.DurationFormat === "function",
  "Intl.ListFormat": () => typeof Intl.ListFormat === "function",
  "Intl.Segmenter": () => typeof Intl.Segmenter === "function",
  "Intl.RelativeTimeFormat": () => typeof Intl.RelativeTimeFormat === "function",
  "Intl.DisplayNames": () => typeof Intl.DisplayNames === "function",
  "Intl.DisplayNames-v2": () => new Intl.DisplayNames("en", { type: "calendar" }).of("gregory") !== undefined,
  "Intl.NumberFormat-v3": () => typeof Intl.NumberFormat.prototype.formatRange === "function",
  "Intl.NumberFormat-unified": () =>
    new Intl.NumberFormat("en", { style: "unit", unit: "meter" }).resolvedOptions().unit === "meter",
  "Intl.Locale-info": () => typeof Intl.Locale.prototype.getWeekInfo === "function",
  "Intl-enumeration": () => typeof Intl.supportedValuesOf === "function",
  "Intl.DateTimeFormat-formatRange": () => typeof Intl.DateTimeFormat.prototype.formatRange === "function",
  "Intl.DateTimeFormat-dayPeriod": () =>
    new Intl.DateTimeFormat("en", { dayPeriod: "short" }).resolvedOptions().dayPeriod === "short",
  "Intl.DateTimeFormat-fractionalSecondDigits": () =>
    new Intl.DateTimeFormat("en", { fractionalSecondDigits: 2 }).resolvedOptions().fractionalSecondDigits === 2,
  "Intl.DateTimeFormat-datetimestyle": () =>
    new Intl.DateTimeFormat("en", { dateStyle: "short" }).resolvedOptions().dateStyle === "short",
  "Intl.DateTimeFormat-extend-timezonename": () =>
    new Intl.DateTimeFormat("en", { timeZoneName: "shortOffset" }).resolvedOptions().timeZoneName === "shortOffset",
  Temporal: () => typeof Temporal === "object",
  BigInt: () => typeof BigInt === "function",
  Proxy: () => typeof Proxy === "function",
  Reflect: () => typeof Reflect === "object",
  "Reflect.construct": () => typeof Reflect.construct === "function",
  Symbol: () => typeof Symbol === "function",
  "Symbol.toStringTag": () => typeof Symbol.toStringTag === "symbol",
  "Array.prototype.includes": () => typeof Array.prototype.includes === "function",
  TypedArray: () => typeof Uint8Array === "function",
  "cross-realm": (hooks) => typeof hooks.createRealm === "function",
};

/** The features of `PROBES` this engine (with these host hooks) lacks. */
export function absentFeatures(hooks = {}) {
  return Object.keys(PROBES).filter((name) => {
    try {
      return !PROBES[name](hooks);
    } catch {
      return true;
    }
  });
}
