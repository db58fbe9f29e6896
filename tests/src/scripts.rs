//! Job scripts that several test files run.

/// A daemon counting, with a checkpoint at each step; it says whether it
/// resumed.
pub const COUNTING_DAEMON: &str = r#"
export async function run(job) {
  const cp = job.getCheckpoint();
  let count = cp ? cp.count : 0;
  job.log(cp ? `resumed from ${count}` : "fresh start");
  while (!job.cancelled) {
    count++;
    job.checkpoint({ count });
    await job.sleep(10);
  }
  return { count };
}
"#;

/// A short job answering its `data.n`.
pub const SHORT_JOB: &str = r#"
export async function run(job) {
  await job.sleep(20);
  return { n: job.data.n };
}
"#;
