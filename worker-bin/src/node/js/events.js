// node:events: the `events` package (the reference EventEmitter outside
// Node) plus `on`, the async iterator of an event.
const EventEmitter = require("internal/events");

function on(emitter, event, options) {
  const signal = options && options.signal;
  const queue = [];
  const waiting = [];
  let error = null;
  let done = false;
  const push = (item) => (waiting.length ? waiting.shift()(item) : queue.push(item));
  const onEvent = (...args) => push({ value: args, done: false });
  const onError = (e) => { error = e; push(null); };
  emitter.on(event, onEvent);
  if (event !== "error") emitter.on("error", onError);
  const stop = () => {
    done = true;
    emitter.removeListener(event, onEvent);
    emitter.removeListener("error", onError);
    while (waiting.length) waiting.shift()({ value: undefined, done: true });
  };
  if (signal) signal.addEventListener("abort", () => { error = signal.reason; stop(); }, { once: true });
  return {
    next() {
      if (queue.length) {
        const item = queue.shift();
        if (item !== null) return Promise.resolve(item);
      }
      if (error) { const e = error; error = null; stop(); return Promise.reject(e); }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => {
        waiting.push((item) => {
          if (item === null) { const e = error; error = null; stop(); reject(e); } else resolve(item);
        });
      });
    },
    return() { stop(); return Promise.resolve({ value: undefined, done: true }); },
    throw(e) { stop(); return Promise.reject(e); },
    [Symbol.asyncIterator]() { return this; },
  };
}

EventEmitter.on = on;
EventEmitter.default = EventEmitter;
module.exports = EventEmitter;
