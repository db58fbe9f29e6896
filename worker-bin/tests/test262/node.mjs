// The Node side of the test262 runner (main.rs): runs the host.mjs job in
// the file named by argv[2] and prints the answer; nothing printed when an
// async test never calls $DONE (Node exits 13 on the unsettled await).
// `$262.createRealm` makes a new realm with node:vm, as test262's own Node
// host does; `$262.gc` is Node's (--expose-gc).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import { absentFeatures, install262, run262 } from "./host.mjs";

function createRealm() {
  const context = vm.createContext();
  const global = vm.runInContext("this", context);
  return install262(global, (source) => vm.runInContext(source, context), hooks);
}
const hooks = { createRealm, gc: globalThis.gc };

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
if (job.module) job.module = pathToFileURL(job.module).href;
const answer = job.probe ? { absent: absentFeatures(hooks) } : await run262(job, hooks);
process.stdout.write(JSON.stringify(answer));
