// DOM: Event, CustomEvent, EventTarget, AbortController, AbortSignal.
test("Event constructor and init dictionary", () => {
  const e = new Event("x", { bubbles: true, cancelable: true, composed: true });
  same([e.type, e.bubbles, e.cancelable, e.composed, e.defaultPrevented, e.eventPhase], ["x", true, true, true, false, 0]);
  const d = new Event("y");
  same([d.bubbles, d.cancelable, d.composed], [false, false, false]);
  throws(TypeError, () => new Event());
  throws(TypeError, () => new Event("x", 5));
  ok(typeof e.timeStamp === "number");
});
test("phase constants on Event and its prototype", () => {
  same([Event.NONE, Event.CAPTURING_PHASE, Event.AT_TARGET, Event.BUBBLING_PHASE], [0, 1, 2, 3]);
  same([Event.prototype.AT_TARGET, new Event("x").BUBBLING_PHASE], [2, 3]);
});
test("isTrusted is an own unforgeable property, false for script events", () => {
  const e = new Event("x");
  eq(e.isTrusted, false);
  const d = Object.getOwnPropertyDescriptor(e, "isTrusted");
  ok(d && typeof d.get === "function" && d.configurable === false, "own accessor");
  eq(Object.getOwnPropertyDescriptor(new Event("y"), "isTrusted").get, d.get, "one getter");
});
test("the abort event a controller fires is trusted", () => {
  const c = new AbortController();
  let trusted = null;
  c.signal.addEventListener("abort", (e) => { trusted = e.isTrusted; });
  c.abort();
  eq(trusted, true);
});
test("initEvent sets type and flags, not during dispatch", () => {
  const e = new Event("a");
  e.initEvent("b", true, true);
  same([e.type, e.bubbles, e.cancelable], ["b", true, true]);
  const t = new EventTarget();
  t.addEventListener("b", (ev) => { ev.initEvent("c", false, false); });
  t.dispatchEvent(e);
  eq(e.type, "b");
  throws(TypeError, () => e.initEvent());
});
test("cancelBubble and returnValue", () => {
  const e = new Event("x", { cancelable: true });
  eq(e.cancelBubble, false);
  e.cancelBubble = false;
  eq(e.cancelBubble, false);
  e.cancelBubble = true;
  eq(e.cancelBubble, true);
  e.cancelBubble = false;
  eq(e.cancelBubble, true, "cannot be unset");
  eq(e.returnValue, true);
  e.returnValue = false;
  same([e.returnValue, e.defaultPrevented], [false, true]);
});
test("cancelBubble set before dispatch stops every listener; reset after", () => {
  const t = new EventTarget();
  let ran = false;
  t.addEventListener("x", () => { ran = true; });
  const e = new Event("x");
  e.cancelBubble = true;
  t.dispatchEvent(e);
  eq(ran, false);
  eq(e.cancelBubble, false);
});
test("CustomEvent carries detail", () => {
  const e = new CustomEvent("x", { detail: { a: 1 } });
  eq(e.detail.a, 1);
  ok(e instanceof Event);
  eq(new CustomEvent("y").detail, null);
  e.initCustomEvent("z", true, false, 5);
  same([e.type, e.bubbles, e.detail], ["z", true, 5]);
  eq(Object.prototype.toString.call(e), "[object CustomEvent]");
});
test("dispatch: target, currentTarget, phase, composedPath, then reset", () => {
  const t = new EventTarget();
  const e = new Event("x");
  let seen;
  t.addEventListener("x", function (ev) { seen = [this === t, ev.target === t, ev.currentTarget === t, ev.eventPhase, ev.composedPath().length]; });
  eq(t.dispatchEvent(e), true);
  same(seen, [true, true, true, 2, 1]);
  same([e.target === t, e.currentTarget, e.eventPhase, e.composedPath().length], [true, null, 0, 0]);
});
test("capture listeners run first, then the others, each in order", () => {
  const t = new EventTarget();
  const order = [];
  t.addEventListener("x", () => order.push("b1"));
  t.addEventListener("x", () => order.push("c1"), true);
  t.addEventListener("x", () => order.push("b2"), { capture: false });
  t.addEventListener("x", () => order.push("c2"), { capture: true });
  t.dispatchEvent(new Event("x"));
  same(order, ["c1", "c2", "b1", "b2"]);
});
test("the same listener with and without capture is two listeners", () => {
  const t = new EventTarget();
  let n = 0;
  const f = () => n++;
  t.addEventListener("x", f);
  t.addEventListener("x", f);
  t.addEventListener("x", f, true);
  t.dispatchEvent(new Event("x"));
  eq(n, 2);
  t.removeEventListener("x", f, true);
  t.dispatchEvent(new Event("x"));
  eq(n, 3);
});
test("stopPropagation in a capture listener skips the others; stopImmediate stops at once", () => {
  const t = new EventTarget();
  const order = [];
  t.addEventListener("x", (e) => { order.push("c"); e.stopPropagation(); }, true);
  t.addEventListener("x", () => order.push("c2"), true);
  t.addEventListener("x", () => order.push("b"));
  t.dispatchEvent(new Event("x"));
  same(order, ["c", "c2"]);
  const u = new EventTarget();
  const o2 = [];
  u.addEventListener("x", (e) => { o2.push(1); e.stopImmediatePropagation(); });
  u.addEventListener("x", () => o2.push(2));
  u.dispatchEvent(new Event("x"));
  same(o2, [1]);
});
test("preventDefault: only cancelable events, never in passive listeners", () => {
  const t = new EventTarget();
  t.addEventListener("x", (e) => e.preventDefault(), { passive: true });
  const e = new Event("x", { cancelable: true });
  eq(t.dispatchEvent(e), true);
  eq(e.defaultPrevented, false);
  const u = new EventTarget();
  u.addEventListener("x", (ev) => ev.preventDefault());
  eq(u.dispatchEvent(new Event("x", { cancelable: true })), false);
  eq(u.dispatchEvent(new Event("x")), true);
});
test("re-dispatching an event being dispatched throws InvalidStateError", () => {
  const t = new EventTarget();
  let err = null;
  t.addEventListener("x", (e) => { try { t.dispatchEvent(e); } catch (x) { err = x; } });
  const e = new Event("x");
  t.dispatchEvent(e);
  ok(err instanceof DOMException && err.name === "InvalidStateError", String(err));
  t.dispatchEvent(e);
  throws(TypeError, () => t.dispatchEvent({ type: "x" }));
});
test("once, handleEvent objects, removal during dispatch, listener added during dispatch", () => {
  const t = new EventTarget();
  const order = [];
  const second = () => order.push("second");
  t.addEventListener("x", () => { order.push("first"); t.removeEventListener("x", second); t.addEventListener("x", () => order.push("late")); });
  t.addEventListener("x", second);
  t.addEventListener("x", { handleEvent(e) { order.push("obj:" + (this !== t)); } });
  t.addEventListener("x", () => order.push("once"), { once: true });
  t.dispatchEvent(new Event("x"));
  same(order, ["first", "obj:true", "once"]);
  order.length = 0;
  t.dispatchEvent(new Event("x"));
  same(order, ["first", "obj:true", "late"]);
});
test("a signal option removes the listener on abort; an aborted one adds nothing", () => {
  const t = new EventTarget();
  const c = new AbortController();
  let n = 0;
  t.addEventListener("x", () => n++, { signal: c.signal });
  t.dispatchEvent(new Event("x"));
  c.abort();
  t.dispatchEvent(new Event("x"));
  eq(n, 1);
  t.addEventListener("x", () => n++, { signal: AbortSignal.abort() });
  t.dispatchEvent(new Event("x"));
  eq(n, 1);
  throws(TypeError, () => t.addEventListener("x", () => {}, { signal: {} }));
});
test("a throwing listener does not stop the others", () => {
  const t = new EventTarget();
  let ran = false;
  t.addEventListener("x", () => { throw new Error("listener failure (expected in this test)"); });
  t.addEventListener("x", () => { ran = true; });
  t.dispatchEvent(new Event("x"));
  eq(ran, true);
});
test("AbortController.abort: reason, once only, event order", () => {
  const c = new AbortController();
  const order = [];
  c.signal.addEventListener("abort", (e) => order.push(e.type + ":" + c.signal.aborted));
  c.signal.onabort = () => order.push("onabort");
  c.abort();
  c.abort("again");
  same(order, ["abort:true", "onabort"]);
  ok(c.signal.reason instanceof DOMException && c.signal.reason.name === "AbortError");
  const d = new AbortController();
  d.abort(0);
  eq(d.signal.reason, 0);
  throws(TypeError, () => new AbortSignal());
});
test("AbortSignal.any follows its sources, flattened through dependents", () => {
  const a = new AbortController(), b = new AbortController();
  const any1 = AbortSignal.any([a.signal]);
  const any2 = AbortSignal.any([any1, b.signal]);
  const order = [];
  a.signal.onabort = () => order.push("a");
  any1.onabort = () => order.push("any1:" + any2.aborted);
  any2.onabort = () => order.push("any2");
  a.abort("why");
  same([any1.aborted, any1.reason, any2.aborted, any2.reason], [true, "why", true, "why"]);
  same(order, ["a", "any1:true", "any2"]);
});
test("AbortSignal.any of an aborted signal is aborted at once; chained and repeated signals", () => {
  const r = AbortSignal.any([new AbortController().signal, AbortSignal.abort("now")]);
  same([r.aborted, r.reason], [true, "now"]);
  const c = new AbortController();
  const chain = AbortSignal.any([AbortSignal.any([AbortSignal.any([c.signal])])]);
  const twice = AbortSignal.any([c.signal, c.signal]);
  let fired = 0;
  twice.onabort = () => fired++;
  c.abort(3);
  same([chain.aborted, chain.reason, fired], [true, 3, 1]);
  eq(AbortSignal.any([]).aborted, false);
  throws(TypeError, () => AbortSignal.any([{}]));
});
test("AbortSignal.any: a dependent does not abort when another source does later", () => {
  const a = new AbortController(), b = new AbortController();
  const s = AbortSignal.any([a.signal, b.signal]);
  let n = 0;
  s.onabort = () => n++;
  a.abort("first");
  b.abort("second");
  same([n, s.reason], [1, "first"]);
});
test("AbortSignal.timeout aborts with TimeoutError", async () => {
  const s = AbortSignal.timeout(1);
  await new Promise((r) => s.addEventListener("abort", r));
  eq(s.reason.name, "TimeoutError");
});
test("abort and throwIfAborted", () => {
  const s = AbortSignal.abort();
  eq(s.reason.name, "AbortError");
  throws("AbortError", () => s.throwIfAborted());
  eq(Object.prototype.toString.call(s), "[object AbortSignal]");
});
test("abort events: the source first, then dependents in the order they were made", () => {
  const c = new AbortController();
  const s = [c.signal];
  s.push(AbortSignal.any([c.signal]));
  s.push(AbortSignal.any([c.signal]));
  s.push(AbortSignal.any([s[0]]));
  s.push(AbortSignal.any([s[1]]));
  let order = "";
  s.forEach((x, i) => x.addEventListener("abort", () => { order += i; }));
  c.abort();
  eq(order, "01234");
  const d = new AbortController();
  const dep = AbortSignal.any([d.signal]);
  let seen = null;
  d.signal.onabort = () => { seen = [dep.aborted, dep.reason]; };
  d.abort("r");
  same(seen, [true, "r"], "dependents are aborted before the first event");
});
test("init dictionaries are read in order; unknown members ignored", () => {
  const log = [];
  const init = {};
  for (const k of ["sweet", "cancelable", "bubbles", "composed", "detail"])
    Object.defineProperty(init, k, { get() { log.push(k); return true; }, enumerable: true });
  new CustomEvent("x", init);
  same(log, ["bubbles", "cancelable", "composed", "detail"]);
  eq(new Event("x", { sweet: 1 }).sweet, undefined);
  throws(TypeError, () => Event("x"));
});
test("listener options are read in order: capture, once, passive, signal", () => {
  const log = [];
  const o = {};
  for (const k of ["signal", "passive", "once", "capture"])
    Object.defineProperty(o, k, { get() { log.push(k); return undefined; } });
  new EventTarget().addEventListener("x", () => {}, o);
  same(log, ["capture", "once", "passive", "signal"]);
  throws(TypeError, () => new EventTarget().addEventListener("x", null, { signal: null }));
});
test("initCustomEvent does nothing while the event is dispatched", () => {
  const t = new EventTarget();
  const e = new CustomEvent("x", { detail: 1 });
  t.addEventListener("x", () => e.initCustomEvent("y", true, true, 2));
  t.dispatchEvent(e);
  same([e.type, e.bubbles, e.detail], ["x", false, 1]);
});
