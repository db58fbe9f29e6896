// Node's answers for every case, as one JSON object by case name.
import { readdirSync } from "node:fs";
import { run } from "./run.js";

const names = readdirSync(new URL("./cases/", import.meta.url)).map((f) => f.replace(/\.js$/, "")).sort();
const out = {};
for (const name of names) out[name] = await run(name);
console.log(JSON.stringify(out));
