// The bext side of the WPT runner (main.rs): a worker whose one request
// carries a job of host.mjs.
import { runWpt } from "./host.mjs";

export async function handler(req) {
  const answer = await runWpt(JSON.parse(req.body));
  return { status: 200, body: JSON.stringify(answer) };
}
