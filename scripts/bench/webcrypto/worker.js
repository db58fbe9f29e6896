// bext's side of the operations benchmark: GET /?ms=N runs ops.js in the
// worker and answers the rates as JSON.
import { run } from "./ops.js";

export async function handler(req) {
  const ms = Number(new URL(req.url, "http://x").searchParams.get("ms") || 1000);
  return { headers: { "content-type": "application/json" }, body: JSON.stringify(await run(crypto.subtle, ms)) };
}
