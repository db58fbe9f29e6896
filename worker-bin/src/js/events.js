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

  // An event's flags, in one number (one private slot instead of nine
  // makes each event cheaper to build: a WebSocket message is one).
  const BUBBLES = 1, CANCELABLE = 2, COMPOSED = 4, CANCELED = 8, STOP = 16, STOP_NOW = 32,
    PASSIVE = 64, DISPATCHING = 128, PHASE_SHIFT = 8, PHASE = 3 << PHASE_SHIFT;
  const EMPTY = Object.freeze({});

  class Event {
    #type; #flags = 0; #target = null; #current = null; #timeStamp;
    constructor(type, init) {
      if (arguments.length === 0) throw new TypeError("Event: the type is required");
      const o = init === undefined || init === null ? EMPTY : dictionary(init, "Event");
      this.#type = String(type);
      this.#flags = (o.bubbles ? BUBBLES : 0) | (o.cancelable ? CANCELABLE : 0) | (o.composed ? COMPOSED : 0);
      this.#timeStamp = host.now();
      Object.defineProperty(this, "isTrusted", IS_TRUSTED);
    }
    get type() { return this.#type; }
    get target() { return this.#target; }
    get srcElement() { return this.#target; }
    get currentTarget() { return this.#current; }
    get eventPhase() { return (this.#flags & PHASE) >> PHASE_SHIFT; }
    get bubbles() { return (this.#flags & BUBBLES) !== 0; }
    get cancelable() { return (this.#flags & CANCELABLE) !== 0; }
    get composed() { return (this.#flags & COMPOSED) !== 0; }
    get timeStamp() { return this.#timeStamp; }
    get defaultPrevented() { return (this.#flags & CANCELED) !== 0; }
    get returnValue() { return (this.#flags & CANCELED) === 0; }
    set returnValue(v) { if (!v) this.preventDefault(); }
    get cancelBubble() { return (this.#flags & STOP) !== 0; }
    set cancelBubble(v) { if (v) this.#flags |= STOP; }
    composedPath() { return this.#current ? [this.#current] : []; }
    preventDefault() { if ((this.#flags & (CANCELABLE | PASSIVE)) === CANCELABLE) this.#flags |= CANCELED; }
    stopPropagation() { this.#flags |= STOP; }
    stopImmediatePropagation() { this.#flags |= STOP | STOP_NOW; }
    initEvent(type, bubbles = false, cancelable = false) {
      if (arguments.length === 0) throw new TypeError("initEvent: the type is required");
      if (this.#flags & DISPATCHING) return;
      this.#type = String(type);
      this.#flags = (this.#flags & COMPOSED) | (bubbles ? BUBBLES : 0) | (cancelable ? CANCELABLE : 0);
      this.#target = null;
      trusted.delete(this);
    }
    // The dispatch algorithm, for a target without parents. `listenersOf`
    // gives the target's listeners of a type: an array never changed in
    // place (see EventTarget), so it needs no copy.
    static _dispatch(e, target, listenersOf) {
      if (!(e instanceof Event)) throw new TypeError("dispatchEvent: the argument is not an Event");
      if (e.#flags & DISPATCHING) throw new DOMException("dispatchEvent: the event is already being dispatched", "InvalidStateError");
      e.#flags = (e.#flags & ~PHASE) | DISPATCHING | (AT_TARGET << PHASE_SHIFT);
      e.#target = target;
      e.#current = target;
      try {
        const list = listenersOf(target, e.#type);
        if (list !== undefined) {
          if (!(e.#flags & STOP)) Event.#invoke(e, target, list, true);
          if (!(e.#flags & STOP)) Event.#invoke(e, target, list, false);
        }
      } finally {
        e.#flags &= ~(DISPATCHING | PHASE | STOP | STOP_NOW);
        e.#current = null;
      }
      return (e.#flags & CANCELED) === 0;
    }
    static #invoke(e, target, list, capture) {
      for (let i = 0; i < list.length; i++) {
        const l = list[i];
        if (l.removed || l.capture !== capture) continue;
        if (l.once) target.removeEventListener(e.#type, l.callback, l.capture);
        if (l.passive) e.#flags |= PASSIVE;
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
          e.#flags &= ~PASSIVE;
        }
        if (e.#flags & STOP_NOW) break;
      }
    }
    static _trust(e) { trusted.add(e); return e; }
    static _dispatching(e) { return (e.#flags & DISPATCHING) !== 0; }
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
  // A target's listeners of each type, in an array replaced (never changed
  // in place) when one is added or removed: a dispatch walks the array it
  // started with, so listeners added meanwhile wait for the next event,
  // without a copy per event.
  class EventTarget {
    #listeners = new Map();
    static #lookup = (target, type) => target.#listeners.get(type);
    addEventListener(type, callback, options) {
      const o = flatten(options);
      if (callback === null || callback === undefined) return;
      if (typeof callback !== "function" && typeof callback !== "object") throw new TypeError("addEventListener: the listener must be an object or a function");
      type = String(type);
      if (o.signal !== undefined && o.signal.aborted) return;
      const list = this.#listeners.get(type);
      if (list !== undefined && list.some((l) => l.callback === callback && l.capture === o.capture)) return;
      const l = { callback, capture: o.capture, once: o.once, passive: o.passive, removed: false };
      this.#listeners.set(type, list === undefined ? [l] : [...list, l]);
      if (o.signal !== undefined)
        AbortSignal._onAbort(o.signal, () => this.removeEventListener(type, callback, o.capture));
    }
    removeEventListener(type, callback, options) {
      type = String(type);
      const list = this.#listeners.get(type);
      if (!list) return;
      const capture = captureOf(options);
      const i = list.findIndex((l) => l.callback === callback && l.capture === capture);
      if (i < 0) return;
      list[i].removed = true;
      if (list.length === 1) this.#listeners.delete(type);
      else this.#listeners.set(type, list.toSpliced(i, 1));
    }
    dispatchEvent(event) {
      if (!(event instanceof Event)) throw new TypeError("dispatchEvent: the argument is not an Event");
      return Event._dispatch(event, this, EventTarget.#lookup);
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
