// What scripts/bench/wasm.sh times, the same in a bext worker (worker.js)
// and in Node (node-ops.mjs): SHA-256 over 1 MiB by the wasm kernel
// (sha256.wasm, built from kernel/) and by the same algorithm in plain
// JavaScript (sha256.js), each for `ms` milliseconds; MiB per second. The
// digests are checked against each other first.
import { sha256 } from "./sha256.js";

const MIB = 1 << 20;

export function input() {
  const data = new Uint8Array(MIB);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 8)) & 255;
  return data;
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** A hasher over `module`'s instance: data in, digest out. */
export function wasmHasher(module) {
  const { exports: e } = new WebAssembly.Instance(module, {});
  return (data) => {
    new Uint8Array(e.memory.buffer, e.input(), data.length).set(data);
    e.digest(data.length);
    return new Uint8Array(e.memory.buffer, e.output(), 32).slice();
  };
}

function rate(ms, f) {
  const start = performance.now();
  let n = 0;
  do {
    f();
    n++;
  } while (performance.now() - start < ms);
  return n / ((performance.now() - start) / 1000);
}

/** Each kernel's MiB/s over `ms` milliseconds (the JS one over
 * `jsMs`: QuickJS hashes a MiB in about a second). */
export function run(module, ms, jsMs = ms) {
  const data = input();
  const started = performance.now();
  const fresh = wasmHasher(new WebAssembly.Module(module.bytes));
  const compileMs = performance.now() - started;
  const hash = wasmHasher(module.module);
  const a = hex(hash(data)), b = hex(sha256(data)), c = hex(fresh(data));
  if (a !== b || a !== c) throw new Error(`digests differ: wasm ${a}, js ${b}, fresh ${c}`);
  return {
    digest: a,
    "compile+instantiate ms": Math.round(compileMs * 100) / 100,
    "wasm MiB/s": Math.round(rate(ms, () => hash(data)) * 10) / 10,
    "js MiB/s": Math.round(rate(jsMs, () => sha256(data)) * 100) / 100,
  };
}
