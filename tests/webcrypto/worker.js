// bext's half of the differential test: POST a JSON operation (rpc.js),
// get its result as JSON, or { error: name, message } when it fails.
import { perform } from "./rpc.js";

export default {
  async fetch(request) {
    const r = await request.json();
    try {
      return Response.json(await perform(crypto.subtle, r));
    } catch (e) {
      return Response.json({ error: e.name, message: e.message }, { status: 422 });
    }
  },
};
