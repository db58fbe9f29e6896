// node:diagnostics_channel: channels, subscribers, stores and tracing
// channels around sync, promise and callback calls, as undici and APM
// agents use them.
import dc, { channel, subscribe, unsubscribe, hasSubscribers, tracingChannel, Channel } from "node:diagnostics_channel";
import { AsyncLocalStorage } from "node:async_hooks";

export async function run(print) {
  const ch = channel("bext:test");
  print("same", ch === channel("bext:test"), ch instanceof Channel, ch.name, typeof dc.channel);
  print("empty", ch.hasSubscribers, hasSubscribers("bext:test"), hasSubscribers("never:made"));
  const seen = [];
  const a = (msg, name) => seen.push(["a", msg.n, name]);
  const b = (msg) => seen.push(["b", msg.n]);
  ch.subscribe(a);
  subscribe("bext:test", b);
  print("has", ch.hasSubscribers, hasSubscribers("bext:test"));
  ch.publish({ n: 1 });
  print("unsubscribe", ch.unsubscribe(a), ch.unsubscribe(a), unsubscribe("bext:test", b));
  ch.publish({ n: 2 });
  print("seen", JSON.stringify(seen), ch.hasSubscribers);

  const sym = Symbol("s");
  print("symbol", channel(sym).name === sym);
  for (const bad of [1, null, {}]) {
    try {
      channel(bad);
    } catch (e) {
      print("bad name", e.name, e.code);
    }
  }
  try {
    ch.subscribe("nope");
  } catch (e) {
    print("bad subscriber", e.name, e.code, e.message);
  }

  // A subscriber that throws: the others still run, the error comes back
  // later as an uncaught exception.
  const order = [];
  const thrower = () => {
    throw new Error("subscriber broke");
  };
  const after = () => order.push("after");
  ch.subscribe(thrower);
  ch.subscribe(after);
  // Node would stop on the error thrown again: a handler keeps it going (in
  // bext the error goes to the worker's log).
  const caught = [];
  const onUncaught = (e) => caught.push(e.message);
  process.on("uncaughtException", onUncaught);
  ch.publish({ n: 3 });
  order.push("published");
  await new Promise((resolve) => setTimeout(resolve, 5));
  process.off("uncaughtException", onUncaught);
  print("thrower", order.join(","));
  ch.unsubscribe(thrower);
  ch.unsubscribe(after);

  // bindStore: the published call runs inside the store's value.
  const store = new AsyncLocalStorage();
  const sc = channel("bext:store");
  sc.bindStore(store, (data) => ({ id: data.id }));
  print("bound", sc.hasSubscribers);
  const inside = sc.runStores({ id: 7 }, function (x) {
    return [store.getStore().id, this.k, x];
  }, { k: "this" }, "arg");
  print("runStores", JSON.stringify(inside), store.getStore());
  print("unbind", sc.unbindStore(store), sc.unbindStore(store), sc.hasSubscribers);

  // Tracing channels.
  const tc = tracingChannel("bext:op");
  print("tracing", tc.start.name, tc.asyncEnd.name, tc.error instanceof Channel);
  const events = [];
  const handlers = {};
  for (const ev of ["start", "end", "asyncStart", "asyncEnd", "error"]) {
    handlers[ev] = (ctx) => events.push(`${ev}:${ctx.result ?? ""}:${ctx.error ? ctx.error.message : ""}`);
  }
  tc.subscribe(handlers);
  print("sync", tc.traceSync((x, y) => x + y, { }, null, 2, 3));
  try {
    tc.traceSync(() => {
      throw new Error("sync fail");
    });
  } catch (e) {
    print("sync threw", e.message);
  }
  print("promise", await tc.tracePromise(async (x) => x * 2, {}, null, 21));
  try {
    await tc.tracePromise(async () => {
      throw new Error("async fail");
    });
  } catch (e) {
    print("promise rejected", e.message);
  }
  const viaCallback = await new Promise((resolve) => {
    tc.traceCallback((x, cb) => setTimeout(() => cb(null, x + 1), 1), -1, {}, null, 41, (err, v) => resolve([err, v]));
  });
  print("callback", JSON.stringify(viaCallback));
  print("events", events.join(" "));
  print("untrace", tc.unsubscribe(handlers), tc.unsubscribe(handlers));
  const ctx = {};
  tc.traceSync(() => "quiet", ctx);
  print("context written without subscribers", ctx.result);
  const made = tracingChannel({ start: channel("s"), end: channel("e"), asyncStart: channel("as"), asyncEnd: channel("ae"), error: channel("er") });
  print("from channels", made.start.name, made.error.name);
  try {
    tracingChannel({ start: channel("s") });
  } catch (e) {
    print("bad channels", e.name);
  }
}
