// process.nextTick against promise callbacks, in the contexts Node
// distinguishes: a macrotask (timer), an async function after an await,
// a promise reaction, a tick queuing more.
export async function run(print) {
  const log = [];
  await new Promise((done) => setTimeout(() => {
    Promise.resolve().then(() => log.push("p1"));
    process.nextTick(() => log.push("t1"));
    Promise.resolve().then(() => log.push("p2"));
    process.nextTick((a, b) => log.push(`t2:${a}${b}`), "x", "y");
    (async () => {
      await null;
      process.nextTick(() => log.push("t-async"));
      Promise.resolve().then(() => log.push("p-async"));
      await null;
      log.push("async-2");
    })();
    Promise.resolve().then(() => {
      process.nextTick(() => {
        log.push("t-reaction");
        process.nextTick(() => log.push("t-nested"));
        Promise.resolve().then(() => log.push("p-in-tick"));
      });
      Promise.resolve().then(() => log.push("p-reaction"));
    });
    setTimeout(done, 5);
  }, 1));
  print("timer", log.join(" "));
  log.length = 0;
  // The continuation of an await is a promise job: its ticks run after
  // every promise callback queued so far.
  process.nextTick(() => log.push("t"));
  Promise.resolve().then(() => log.push("p"));
  queueMicrotask(() => log.push("m"));
  await new Promise((r) => setTimeout(r, 2));
  print("after await", log.join(" "));
  try {
    process.nextTick(42);
  } catch (e) {
    print(e.name, e.code);
  }
}
