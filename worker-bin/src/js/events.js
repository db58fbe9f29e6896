// The DOM's event model as far as AbortSignal (`req.signal`) needs it:
// Event, EventTarget, AbortSignal and AbortController. Evaluated inside the
// prelude's module (see prelude.rs), which defines the globals.
(function (host, deps) {
  "use strict";
  const { reportError, addTimer } = deps;

  // Listeners run in the order they were added, `once` and `signal` options,
  // a throwing listener is reported and the others still run, and `onabort`
  // keeps the place in the list where it was first set.
  let dispatching = null;
  class Event {
    #type; #cancelable; #canceled = false; #stop = false; #target = null; #current = null;
    constructor(type, init) {
      if (arguments.length === 0) throw new TypeError("Event: the type is required");
      this.#type = String(type);
      this.#cancelable = !!(init && init.cancelable);
      this.timeStamp = host.now();
    }
    get type() { return this.#type; }
    get target() { return this.#target; }
    get srcElement() { return this.#target; }
    get currentTarget() { return this.#current; }
    get bubbles() { return false; }
    get composed() { return false; }
    get cancelable() { return this.#cancelable; }
    get defaultPrevented() { return this.#canceled; }
    get isTrusted() { return dispatching === this; }
    get eventPhase() { return this.#current ? 2 : 0; }
    composedPath() { return this.#current ? [this.#current] : []; }
    preventDefault() { if (this.#cancelable) this.#canceled = true; }
    stopPropagation() {}
    stopImmediatePropagation() { this.#stop = true; }
    static _enter(e, target) { e.#target = target; e.#current = target; e.#stop = false; }
    static _leave(e) { e.#current = null; }
    static _stopped(e) { return e.#stop; }
  }
  const captureOf = (o) => (typeof o === "boolean" ? o : !!(o && o.capture));
  class EventTarget {
    #listeners = new Map();
    addEventListener(type, callback, options) {
      if (callback === null || callback === undefined) return;
      type = String(type);
      const capture = captureOf(options);
      const o = options !== null && typeof options === "object" ? options : {};
      if (o.signal !== undefined && o.signal.aborted) return;
      let list = this.#listeners.get(type);
      if (!list) this.#listeners.set(type, (list = []));
      if (list.some((l) => l.callback === callback && l.capture === capture)) return;
      list.push({ callback, capture, once: !!o.once, removed: false });
      if (o.signal !== undefined)
        o.signal.addEventListener("abort", () => this.removeEventListener(type, callback, capture));
    }
    removeEventListener(type, callback, options) {
      const list = this.#listeners.get(String(type));
      if (!list) return;
      const capture = captureOf(options);
      const i = list.findIndex((l) => l.callback === callback && l.capture === capture);
      if (i >= 0) { list[i].removed = true; list.splice(i, 1); }
    }
    dispatchEvent(event) {
      if (!(event instanceof Event)) throw new TypeError("dispatchEvent: the argument is not an Event");
      Event._enter(event, this);
      try {
        for (const l of [...(this.#listeners.get(event.type) || [])]) {
          if (l.removed) continue;
          if (l.once) this.removeEventListener(event.type, l.callback, l.capture);
          try {
            if (typeof l.callback === "function") l.callback.call(this, event);
            else if (typeof l.callback.handleEvent === "function") l.callback.handleEvent(event);
          } catch (e) {
            reportError(`error in a "${event.type}" listener`, e);
          }
          if (Event._stopped(event)) break;
        }
      } finally {
        Event._leave(event);
      }
      return !event.defaultPrevented;
    }
  }
  // `on<type>` attributes: set once, they hold a place among the listeners.
  function eventHandler(proto, type) {
    const slots = new WeakMap();
    Object.defineProperty(proto, "on" + type, {
      get() { const s = slots.get(this); return s ? s.fn : null; },
      set(v) {
        const fn = typeof v === "function" ? v : null;
        let s = slots.get(this);
        if (fn === null) {
          if (s) { this.removeEventListener(type, s.listener); slots.delete(this); }
          return;
        }
        if (s) { s.fn = fn; return; }
        s = { fn, listener: (e) => { s.fn.call(this, e); } };
        slots.set(this, s);
        this.addEventListener(type, s.listener);
      },
      configurable: true,
      enumerable: true,
    });
  }
  const abortError = (msg) => new DOMException(msg || "This operation was aborted", "AbortError");
  let makingSignal = false;
  class AbortSignal extends EventTarget {
    #aborted = false; #reason = undefined; #dependents = [];
    constructor() {
      if (!makingSignal) throw new TypeError("Illegal constructor");
      super();
    }
    static _make() { makingSignal = true; try { return new AbortSignal(); } finally { makingSignal = false; } }
    get aborted() { return this.#aborted; }
    get reason() { return this.#reason; }
    throwIfAborted() { if (this.#aborted) throw this.#reason; }
    // Marks this signal and its dependents aborted, then fires "abort" on each.
    static _signalAbort(s, reason) {
      if (s.#aborted) return;
      s.#aborted = true;
      s.#reason = reason === undefined ? abortError() : reason;
      const fire = [s];
      for (const d of s.#dependents) if (!d.#aborted) { d.#aborted = true; d.#reason = s.#reason; fire.push(d); }
      s.#dependents = [];
      for (const x of fire) {
        const ev = new Event("abort");
        dispatching = ev;
        try { x.dispatchEvent(ev); } finally { dispatching = null; }
      }
    }
    static abort(reason) {
      const s = AbortSignal._make();
      s.#aborted = true;
      s.#reason = reason === undefined ? abortError() : reason;
      return s;
    }
    static timeout(ms) {
      const s = AbortSignal._make();
      addTimer(() => AbortSignal._signalAbort(s, new DOMException("The operation timed out.", "TimeoutError")), ms, [], false);
      return s;
    }
    static any(signals) {
      const s = AbortSignal._make();
      const list = [...signals];
      for (const x of list) {
        if (!(x instanceof AbortSignal)) throw new TypeError("AbortSignal.any: every item must be an AbortSignal");
        if (x.#aborted) { s.#aborted = true; s.#reason = x.#reason; return s; }
      }
      for (const x of list) x.#dependents.push(s);
      return s;
    }
    get [Symbol.toStringTag]() { return "AbortSignal"; }
  }
  eventHandler(AbortSignal.prototype, "abort");
  class AbortController {
    #signal = AbortSignal._make();
    get signal() { return this.#signal; }
    abort(reason) { AbortSignal._signalAbort(this.#signal, reason); }
    get [Symbol.toStringTag]() { return "AbortController"; }
  }

  return { Event, EventTarget, AbortSignal, AbortController, abortError };
})
