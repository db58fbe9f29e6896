// Runs one case of the corpus per request (GET /?case=NAME): the package
// is imported from node_modules as its README shows, unbundled.
import { run } from "./run.js";

export default {
  async fetch(request) {
    const name = new URL(request.url).searchParams.get("case");
    return Response.json(await run(name));
  },
};
