// node:async_hooks: AsyncLocalStorage and AsyncResource.
//
// A "frame" is an immutable Map from each AsyncLocalStorage to its store;
// `run()` makes a new frame for the length of a call. The current frame is
// the engine's async context (node/context.rs): QuickJS carries it with
// every promise job, so a store follows `await`, `then` and
// `queueMicrotask` by itself. Timers are fired by the worker, not by the
// job queue: loading this module wraps setTimeout, setInterval and
// setImmediate once so that their callbacks run in the frame they were
// registered in (a worker that never imports it keeps the plain ones).
const EMPTY = new Map();
const current = () => host.getContext() || EMPTY;

function bindFrame(fn, frame = current()) {
  if (typeof fn !== "function") return fn;
  return function (...args) {
    const saved = host.getContext();
    host.setContext(frame);
    try {
      return fn.apply(this, args);
    } finally {
      host.setContext(saved);
    }
  };
}

const g = globalThis;
for (const name of ["setTimeout", "setInterval", "setImmediate"]) {
  const original = g[name];
  Object.defineProperty(g, name, {
    value: (fn, ...rest) => original(bindFrame(fn), ...rest),
    writable: true, configurable: true, enumerable: false,
  });
}

class AsyncLocalStorage {
  #enabled = true;
  static bind(fn) { return bindFrame(fn); }
  static snapshot() {
    const frame = current();
    return (fn, ...args) => bindFrame(fn, frame)(...args);
  }
  getStore() {
    return this.#enabled ? current().get(this) : undefined;
  }
  run(store, callback, ...args) {
    const frame = new Map(current());
    frame.set(this, store);
    this.#enabled = true;
    return bindFrame(callback, frame)(...args);
  }
  exit(callback, ...args) {
    const frame = new Map(current());
    frame.delete(this);
    return bindFrame(callback, frame)(...args);
  }
  enterWith(store) {
    const frame = new Map(current());
    frame.set(this, store);
    this.#enabled = true;
    host.setContext(frame);
  }
  disable() {
    this.#enabled = false;
    if (current().has(this)) {
      const frame = new Map(current());
      frame.delete(this);
      host.setContext(frame);
    }
  }
}

class AsyncResource {
  #frame = current();
  constructor(type) { this.type = type; }
  static bind(fn, type, thisArg) { return new AsyncResource(type || "bound-anonymous-fn").bind(fn, thisArg); }
  bind(fn, thisArg) {
    const bound = bindFrame(fn, this.#frame);
    return thisArg === undefined ? bound : bound.bind(thisArg);
  }
  runInAsyncScope(fn, thisArg, ...args) { return bindFrame(fn, this.#frame).apply(thisArg, args); }
  emitDestroy() { return this; }
  asyncId() { return 0; }
  triggerAsyncId() { return 0; }
}

module.exports = {
  AsyncLocalStorage,
  AsyncResource,
  executionAsyncId: () => 0,
  triggerAsyncId: () => 0,
  executionAsyncResource: () => ({}),
  createHook: () => ({ enable() { return this; }, disable() { return this; } }),
};
