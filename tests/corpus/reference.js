// Node's answers for every case of a folder (cases/, or the one named by
// the first argument: wasm/), as one JSON object by case name.
import { readdirSync } from "node:fs";
import { run } from "./run.js";

const folder = process.argv[2] ?? "cases";
const names = readdirSync(new URL(`./${folder}/`, import.meta.url)).map((f) => f.replace(/\.js$/, "")).sort();
const out = {};
for (const name of names) out[name] = await run(name, folder);
console.log(JSON.stringify(out));
