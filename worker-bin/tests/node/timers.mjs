// node:timers and node:timers/promises.
import { setTimeout as later, setImmediate as soon } from "node:timers/promises";
import timers from "timers";

export async function run(print) {
  const order = [];
  setTimeout(() => order.push("timeout"), 0);
  Promise.resolve().then(() => order.push("promise"));
  order.push("sync");
  print("value", await later(2, "v"), await soon("i"));
  print(order.join(","));
  const ac = new AbortController();
  const p = later(1000, null, { signal: ac.signal });
  ac.abort();
  try { await p; } catch (e) { print(e.name, e.code); }
  await new Promise((r) => timers.setTimeout(r, 1));
  // From a timer's callback Node runs an immediate before a timeout of 0
  // (which waits 1 ms), whatever order they were set in.
  const turns = await new Promise((r) => setTimeout(() => {
    const seen = [];
    const note = (what) => { seen.push(what); if (seen.length === 3) r(seen.join(",")); };
    setTimeout(() => note("timeout 0"), 0);
    setTimeout(() => note("timeout -5"), -5);
    setImmediate(() => note("immediate"));
  }, 0));
  print(turns);
  print("timers.setTimeout", typeof timers.clearInterval);
}
