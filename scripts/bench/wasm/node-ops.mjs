// scripts/bench/wasm.sh's Node side: the same ops.js on the same .wasm.
//   node node-ops.mjs MS [JS_MS]
import { readFileSync } from "node:fs";
import { run } from "./ops.js";

const bytes = readFileSync(new URL("./sha256.wasm", import.meta.url));
const module = new WebAssembly.Module(bytes);
const ms = Number(process.argv[2] ?? 1000);
console.log(JSON.stringify(run({ module, bytes }, ms, Number(process.argv[3] ?? ms))));
