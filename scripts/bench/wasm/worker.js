// scripts/bench/wasm.sh's bext side: the kernel imported as a module
// (the loader compiles sha256.wasm), GET /?ms=N runs ops.js.
import module from "./sha256.wasm";
import { readFileSync } from "node:fs";
import { run } from "./ops.js";

const bytes = readFileSync(new URL("./sha256.wasm", import.meta.url));

export default {
  fetch(request) {
    const params = new URL(request.url).searchParams;
    const ms = Number(params.get("ms") ?? 1000);
    return Response.json(run({ module, bytes }, ms, Number(params.get("jsms") ?? ms)));
  },
};
