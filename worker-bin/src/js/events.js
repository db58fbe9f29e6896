// The DOM's event model without a tree: Event, CustomEvent, EventTarget,
// AbortSignal and AbortController, after the DOM standard's "dispatch" and
// "signal abort". Evaluated inside the prelude's module (see prelude.rs),
// which defines the globals.
//
// A target has no parent here, so a dispatch is the target alone: its
// capture listeners (phase AT_TARGET), then, unless propagation was
// stopped, its other listeners. Listeners run in the order they were
// added; `once`, `passive` and `signal` options; a throwing listener is
// reported and the others still run; `on<type>` keeps the place in the
// list where it was first set.
(function (host, deps) {
  "use strict";
  const { reportError, addTimer } = deps;

  const NONE = 0, CAPTURING_PHASE = 1, AT_TARGET = 2, BUBBLING_PHASE = 3;
  function dictionary(o, what) {
    if (o === undefined || o === null) return {};
    if (typeof o !== "object" && typeof o !== "function") throw new TypeError(`${what}: the options must be an object`);
    return o;
  }
  // `isTrusted` is an own, unforgeable property of each event; one getter
  // serves them all.
  const trusted = new WeakSet();
  const isTrustedGetter = { get isTrusted() { return trusted.has(this); } };
  const IS_TRUSTED = Object.getOwnPropertyDescriptor(isTrustedGetter, "isTrusted");
  IS_TRUSTED.enumerable = true;
  IS_TRUSTED.configurable = false;

  class Event {
    #type; #bubbles = false; #cancelable = false; #composed = false;
    #canceled = false; #stop = false; #stopNow = false; #passive = false;
    #dispatching = false; #target = null; #current = null; #phase = NONE;
    #timeStamp;
    constructor(type, init) {
      if (arguments.length === 0) throw new TypeError("Event: the type is required");
      const o = dictionary(init, "Event");
      this.#type = String(type);
      this.#bubbles = !!o.bubbles;
      this.#cancelable = !!o.cancelable;
      this.#composed = !!o.composed;
      this.#timeStamp = host.now();
      Object.defineProperty(this, "isTrusted", IS_TRUSTED);
    }
    get type() { return this.#type; }
    get target() { return this.#target; }
    get srcElement() { return this.#target; }
    get currentTarget() { return this.#current; }
    get eventPhase() { return this.#phase; }
    get bubbles() { return this.#bubbles; }
    get cancelable() { return this.#cancelable; }
    get composed() { return this.#composed; }
    get timeStamp() { return this.#timeStamp; }
    get defaultPrevented() { return this.#canceled; }
    get returnValue() { return !this.#canceled; }
    set returnValue(v) { if (!v) this.preventDefault(); }
    get cancelBubble() { return this.#stop; }
    set cancelBubble(v) { if (v) this.#stop = true; }
    composedPath() { return this.#current ? [this.#current] : []; }
    preventDefault() { if (this.#cancelable && !this.#passive) this.#canceled = true; }
    stopPropagation() { this.#stop = true; }
    stopImmediatePropagation() { this.#stop = true; this.#stopNow = true; }
    initEvent(type, bubbles = false, cancelable = false) {
      if (arguments.length === 0) throw new TypeError("initEvent: the type is required");
      if (this.#dispatching) return;
      this.#type = String(type);
      this.#bubbles = !!bubbles;
      this.#cancelable = !!cancelable;
      this.#canceled = this.#stop = this.#stopNow = false;
      this.#target = null;
      trusted.delete(this);
    }
    // The dispatch algorithm, for a target without parents.
    static _dispatch(e, target, listenersOf) {
      if (!(e instanceof Event)) throw new TypeError("dispatchEvent: the argument is not an Event");
      if (e.#dispatching) throw new DOMException("dispatchEvent: the event is already being dispatched", "InvalidStateError");
      e.#dispatching = true;
      e.#target = target;
      e.#current = target;
      e.#phase = AT_TARGET;
      try {
        const list = listenersOf(e.#type);
        if (list && !e.#stop) Event.#invoke(e, target, list, true);
        if (list && !e.#stop) Event.#invoke(e, target, list, false);
      } finally {
        e.#dispatching = false;
        e.#phase = NONE;
        e.#current = null;
        e.#stop = e.#stopNow = false;
      }
      return !e.#canceled;
    }
    static #invoke(e, target, all, capture) {
      for (const l of [...all]) {
        if (l.removed || l.capture !== capture) continue;
        if (l.once) target.removeEventListener(e.#type, l.callback, l.capture);
        e.#passive = l.passive;
        try {
          const cb = l.callback;
          if (typeof cb === "function") cb.call(target, e);
          else {
            const f = cb.handleEvent;
            if (typeof f !== "function") throw new TypeError("the listener has no handleEvent method");
            f.call(cb, e);
          }
        } catch (err) {
          reportError(`error in a "${e.#type}" listener`, err);
        } finally {
          e.#passive = false;
        }
        if (e.#stopNow) break;
      }
    }
    static _trust(e) { trusted.add(e); return e; }
    static _dispatching(e) { return e.#dispatching; }
    get [Symbol.toStringTag]() { return "Event"; }
  }
  for (const [k, v] of Object.entries({ NONE, CAPTURING_PHASE, AT_TARGET, BUBBLING_PHASE })) {
    Object.defineProperty(Event, k, { value: v, enumerable: true });
    Object.defineProperty(Event.prototype, k, { value: v, enumerable: true });
  }

  class CustomEvent extends Event {
    #detail;
    constructor(type, init) {
      if (arguments.length === 0) throw new TypeError("CustomEvent: the type is required");
      super(type, init);
      const o = dictionary(init, "CustomEvent");
      const detail = o.detail;
      this.#detail = detail === undefined ? null : detail;
    }
    get detail() { return this.#detail; }
    initCustomEvent(type, bubbles = false, cancelable = false, detail = null) {
      if (arguments.length === 0) throw new TypeError("initCustomEvent: the type is required");
      if (Event._dispatching(this)) return;
      this.initEvent(type, bubbles, cancelable);
      this.#detail = detail;
    }
    get [Symbol.toStringTag]() { return "CustomEvent"; }
  }

  function flatten(options) {
    if (typeof options === "boolean") return { capture: options, once: false, passive: false, signal: undefined };
    const o = options !== null && typeof options === "object" ? options : {};
    const capture = !!o.capture, once = !!o.once, passive = !!o.passive, signal = o.signal;
    if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError("addEventListener: signal must be an AbortSignal");
    return { capture, once, passive, signal };
  }
  const captureOf = (o) => (typeof o === "boolean" ? o : !!(o !== null && typeof o === "object" && o.capture));
  class EventTarget {
    #listeners = new Map();
    addEventListener(type, callback, options) {
      const o = flatten(options);
      if (callback === null || callback === undefined) return;
      if (typeof callback !== "function" && typeof callback !== "object") throw new TypeError("addEventListener: the listener must be an object or a function");
      type = String(type);
      if (o.signal !== undefined && o.signal.aborted) return;
      let list = this.#listeners.get(type);
      if (!list) this.#listeners.set(type, (list = []));
      if (list.some((l) => l.callback === callback && l.capture === o.capture)) return;
      list.push({ callback, capture: o.capture, once: o.once, passive: o.passive, removed: false });
      if (o.signal !== undefined)
        AbortSignal._onAbort(o.signal, () => this.removeEventListener(type, callback, o.capture));
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
      return Event._dispatch(event, this, (type) => this.#listeners.get(type));
    }
    get [Symbol.toStringTag]() { return "EventTarget"; }
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
    #aborted = false; #reason = undefined; #algorithms = [];
    #dependent = false; #sources = []; #dependents = [];
    constructor() {
      if (!makingSignal) throw new TypeError("Illegal constructor");
      super();
    }
    static _make() { makingSignal = true; try { return new AbortSignal(); } finally { makingSignal = false; } }
    get aborted() { return this.#aborted; }
    get reason() { return this.#reason; }
    throwIfAborted() { if (this.#aborted) throw this.#reason; }
    // Steps run when the signal aborts, before its "abort" event.
    static _onAbort(s, fn) { if (!s.#aborted) s.#algorithms.push(fn); }
    // The DOM's "signal abort": this signal and its dependents are marked
    // aborted first, then each runs its steps and fires "abort", in order.
    static _signalAbort(s, reason) {
      if (s.#aborted) return;
      s.#aborted = true;
      s.#reason = reason === undefined ? abortError() : reason;
      const toAbort = [];
      for (const d of s.#dependents) {
        if (!d.#aborted) { d.#aborted = true; d.#reason = s.#reason; toAbort.push(d); }
      }
      s.#dependents = [];
      AbortSignal.#runSteps(s);
      for (const d of toAbort) AbortSignal.#runSteps(d);
    }
    static #runSteps(s) {
      const algorithms = s.#algorithms;
      s.#algorithms = [];
      s.#sources = [];
      for (const fn of algorithms) {
        try { fn(); } catch (e) { reportError("error in an abort step", e); }
      }
      s.dispatchEvent(Event._trust(new Event("abort")));
    }
    static abort(reason) {
      const s = AbortSignal._make();
      s.#aborted = true;
      s.#reason = reason === undefined ? abortError() : reason;
      return s;
    }
    static timeout(ms) {
      const n = Number(ms);
      if (!Number.isFinite(n) || n < 0 || n > Number.MAX_SAFE_INTEGER) throw new TypeError("AbortSignal.timeout: the delay must be a non-negative integer");
      const s = AbortSignal._make();
      addTimer(() => AbortSignal._signalAbort(s, new DOMException("The operation timed out.", "TimeoutError")), Math.trunc(n), [], false);
      return s;
    }
    static any(signals) {
      const list = [...signals];
      for (const x of list) if (!(x instanceof AbortSignal)) throw new TypeError("AbortSignal.any: every item must be an AbortSignal");
      const s = AbortSignal._make();
      for (const x of list) {
        if (x.#aborted) { s.#aborted = true; s.#reason = x.#reason; return s; }
      }
      s.#dependent = true;
      const link = (src) => {
        if (s.#sources.includes(src)) return;
        s.#sources.push(src);
        // Held strongly: a dependent with listeners must outlive its
        // sources' abort even when nothing else holds it.
        src.#dependents.push(s);
      };
      for (const x of list) {
        if (!x.#dependent) link(x);
        else for (const src of x.#sources) link(src);
      }
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

  return { Event, CustomEvent, EventTarget, AbortSignal, AbortController, abortError, eventHandler };
})
