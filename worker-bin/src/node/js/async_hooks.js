// node:async_hooks: AsyncLocalStorage and AsyncResource.
//
// A "frame" is an immutable Map from each AsyncLocalStorage to its store;
// `run()` makes a new frame for the length of a call. Callbacks carry the
// frame that was current when they were registered: timers, setImmediate,
// queueMicrotask, process.nextTick, EventTarget-free promise reactions
// (`then`/`catch`/`finally`) and AsyncResource.bind. Loading this module
// wraps those entry points once; a worker that never imports it keeps the
// plain ones.
//
// QuickJS resumes an `await` from its job queue without any hook an
// embedder can use (its promise hooks fire for thenable jobs only), so the
// continuation after an `await` sees the frame of whatever ran last: keep
// what must survive an `await` in a variable, or chain it with `.then()`.
let current = new Map();

function bindFrame(fn, frame = current) {
  if (typeof fn !== "function") return fn;
  return function (...args) {
    const saved = current;
    current = frame;
    try {
      return fn.apply(this, args);
    } finally {
      current = saved;
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
{
  const original = g.queueMicrotask;
  Object.defineProperty(g, "queueMicrotask", {
    value: (fn) => original(bindFrame(fn)),
    writable: true, configurable: true, enumerable: false,
  });
  const then = Promise.prototype.then;
  Object.defineProperty(Promise.prototype, "then", {
    value: function (onFulfilled, onRejected) {
      return then.call(this, bindFrame(onFulfilled), bindFrame(onRejected));
    },
    writable: true, configurable: true, enumerable: false,
  });
}

class AsyncLocalStorage {
  #enabled = true;
  static bind(fn) { return bindFrame(fn); }
  static snapshot() {
    const frame = current;
    return (fn, ...args) => bindFrame(fn, frame)(...args);
  }
  getStore() {
    return this.#enabled ? current.get(this) : undefined;
  }
  run(store, callback, ...args) {
    const frame = new Map(current);
    frame.set(this, store);
    this.#enabled = true;
    return bindFrame(callback, frame)(...args);
  }
  exit(callback, ...args) {
    const frame = new Map(current);
    frame.delete(this);
    return bindFrame(callback, frame)(...args);
  }
  enterWith(store) {
    const frame = new Map(current);
    frame.set(this, store);
    this.#enabled = true;
    current = frame;
  }
  disable() {
    this.#enabled = false;
    if (current.has(this)) {
      const frame = new Map(current);
      frame.delete(this);
      current = frame;
    }
  }
}

class AsyncResource {
  #frame = current;
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
