// bext's side of the Intl benchmark: GET /?ms=N runs ops.js in the worker
// and answers the rates as JSON.
import { run } from "./ops.js";

export function handler(req) {
  const ms = Number(new URL(req.url, "http://x").searchParams.get("ms") || 1000);
  return { headers: { "content-type": "application/json" }, body: JSON.stringify(run(ms)) };
}
