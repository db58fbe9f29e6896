// Node's side of the Intl benchmark: prints ops.js's rates as JSON.
//   node node-ops.mjs MS
import { run } from "./ops.js";

console.log(JSON.stringify(run(Number(process.argv[2] || 1000))));
