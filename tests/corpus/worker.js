// Runs one case of the corpus per request (GET /?case=NAME, and
// &folder=wasm for the packages that ship wasm): the package is imported
// from node_modules as its README shows, unbundled.
import { run } from "./run.js";

export default {
  async fetch(request) {
    const params = new URL(request.url).searchParams;
    return Response.json(await run(params.get("case"), params.get("folder") ?? "cases"));
  },
};
