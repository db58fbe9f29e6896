// The bext side of the test262 runner (main.rs): a worker whose one request
// carries a job of host.mjs, or { probe: true } for the features it lacks.
import { absentFeatures, run262 } from "./host.mjs";

export async function handler(req) {
  const job = JSON.parse(req.body);
  const answer = job.probe ? { absent: absentFeatures() } : await run262(job);
  return { status: 200, body: JSON.stringify(answer) };
}
