// jobs/ticker.js: a daemon. It counts until cancelled, saving its count, so
// a restart (after a crash, or of bextd) goes on from where it was.
/** @param {import("@bext/types").Job} job */
export async function run(job) {
  let ticks = job.getCheckpoint()?.ticks ?? 0;
  job.log(ticks ? `resuming at tick ${ticks}` : "first start");
  while (!job.cancelled) {
    ticks++;
    job.checkpoint({ ticks });
    await job.sleep(1000);
  }
  return { ticks };
}
