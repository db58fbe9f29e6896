// The WPT host of the runner (main.rs): runs one test file with WPT's
// testharness.js the way WPT's worker wrapper of an `.any.js` file does
// (testharness.js, the `// META: script=` files, the test, then `done()`),
// or a `.worker.js` file as written (its `importScripts` served from the
// job), and answers every subtest's result. The same in a bext worker
// (worker.mjs) and in Node (node.mjs), so both engines get the same harness.
//
// A job is { scripts: [{ name, text }], files: { path: text }, done, search }:
// `scripts` are evaluated in order as global scripts (indirect evals; the
// ones after testharness.js as one, so they share top-level bindings),
// `files` are what `importScripts(path)` finds (paths as the test writes
// them), and `done` says to call testharness's `done()` after the last
// script; `search` is the query of the worker's `location` (a WPT
// `variant`, or ""). The answer is { harness: { status, message }, tests: [{ name,
// status, message }] } with testharness's status names, or { error } when
// a script threw before the harness could report.

const STATUS = ["PASS", "FAIL", "TIMEOUT", "NOTRUN", "PRECONDITION_FAILED"];
const HARNESS = ["OK", "ERROR", "TIMEOUT", "PRECONDITION_FAILED"];

function describe(e) {
  try {
    if (e !== null && typeof e === "object") return `${e.name || e.constructor?.name || "Error"}: ${e.message}`;
    return String(e);
  } catch {
    return "(the thrown value cannot be printed)";
  }
}

export function runWpt(job) {
  const g = globalThis;
  if (g.self === undefined) g.self = g;
  // A worker's location as WPT serves the test (`x.any.js` as
  // `x.any.worker.js`), its query the job's variant (`?1-1000`, or none):
  // WPT's common/subset-tests.js runs the subtests `location.search` names
  // (all of them when it is empty), testharness.js names untitled tests
  // after the file.
  if (g.location === undefined) {
    const test = job.scripts.at(-1)?.name ?? "worker.js";
    const pathname = `/${test.replace(/\.any\.js$/, ".any.worker.js")}`;
    const search = job.search ?? "";
    const origin = "https://web-platform.test";
    const href = `${origin}${pathname}${search}`;
    g.location = { href, origin, protocol: "https:", host: "web-platform.test", hostname: "web-platform.test", port: "", pathname, search, hash: "", toString: () => href };
  }
  const evaluate = (0, eval);
  g.importScripts = (...paths) => {
    for (const path of paths) {
      const text = job.files[path];
      if (text === undefined) throw new Error(`importScripts: ${path} is not in the job`);
      evaluate(`${text}\n//# sourceURL=${path}`);
    }
  };
  return new Promise((resolve) => {
    let harnessLoaded = false;
    const finish = (tests, status) =>
      resolve({
        harness: { status: HARNESS[status.status] ?? String(status.status), message: status.message ?? null },
        tests: tests.map((t) => ({ name: t.name, status: STATUS[t.status] ?? String(t.status), message: t.message ?? null })),
      });
    let next = 0;
    while (!harnessLoaded && next < job.scripts.length) {
      const { name, text } = job.scripts[next++];
      try {
        evaluate(`${text}\n//# sourceURL=${name}`);
      } catch (e) {
        return resolve({ error: `${name} threw ${describe(e)}` });
      }
      if (typeof g.add_completion_callback === "function") {
        harnessLoaded = true;
        g.add_completion_callback(finish);
      }
    }
    // The scripts after the harness run as one: in a page or a worker each
    // is a global script, whose top-level `class`, `let` and `const` the
    // next ones see (wasm/jsapi's `WasmModuleBuilder`), while an indirect
    // eval keeps them to itself.
    const rest = job.scripts.slice(next);
    if (harnessLoaded && rest.length > 0) {
      try {
        evaluate(rest.map((s) => s.text).join("\n;\n"));
      } catch (e) {
        return resolve({ error: `${rest.map((s) => s.name).join(" + ")} threw ${describe(e)}` });
      }
    }
    if (!harnessLoaded) return resolve({ error: "testharness.js was not loaded" });
    if (job.done) g.done();
  });
}
