// Node's side of the operations benchmark: prints ops.js's rates as JSON.
//   node node-ops.mjs MS
import { webcrypto } from "node:crypto";
import { run } from "./ops.js";

console.log(JSON.stringify(await run(webcrypto.subtle, Number(process.argv[2] || 1000))));
