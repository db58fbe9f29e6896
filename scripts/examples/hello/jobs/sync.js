// jobs/sync.js
/** @param {import("@bext/types").Job} job */
export async function run(job) {
  let cursor = job.getCheckpoint()?.cursor ?? 0;   // resume where the last run stopped
  job.log("syncing from", cursor, job.data);
  while (!job.cancelled && cursor < 1000) {
    cursor += 100;
    job.checkpoint({ cursor });                    // JSON, at most 1 MB
    job.progress(cursor / 1000);                   // 0..1
    await job.sleep(1000);                         // returns at once on cancel
  }
  return { cursor };
}
