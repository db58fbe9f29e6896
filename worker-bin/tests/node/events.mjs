// EventEmitter ordering, once, prepend, errors, the `once` and `on` helpers.
import EventEmitter, { once, on } from "events";

export async function run(print) {
  const e = new EventEmitter();
  const seen = [];
  e.on("x", (a) => seen.push(`on1:${a}`));
  e.once("x", (a) => seen.push(`once:${a}`));
  e.prependListener("x", (a) => seen.push(`pre:${a}`));
  e.on("newListener", (name) => seen.push(`new:${name}`));
  e.on("y", () => {});
  print(e.emit("x", 1), e.emit("x", 2), e.emit("nothing"));
  print(seen.join(" "));
  print(e.listenerCount("x"), e.eventNames().join(","), e.getMaxListeners());
  try { e.emit("error", new Error("boom")); } catch (err) { print("threw", err.message); }
  setTimeout(() => e.emit("ready", "a", "b"), 1);
  print("once", (await once(e, "ready")).join(","));
  const it = on(e, "tick");
  setTimeout(() => { e.emit("tick", 1); e.emit("tick", 2); }, 1);
  const got = [];
  for await (const [n] of it) { got.push(n); if (got.length === 2) break; }
  print("on", got.join(","), e.listenerCount("tick"));
  class Sub extends EventEmitter {}
  const s = new Sub();
  s.on("z", function () { print("this is emitter", this === s); });
  s.emit("z");
  e.removeAllListeners("x");
  print(e.listenerCount("x"));
}
