// node:timers/promises: promise forms of the timers, with an AbortSignal.
const g = globalThis;

function abortable(arm, disarm, options) {
  const signal = options && options.signal;
  if (signal && signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const id = arm(resolve);
    if (signal) {
      signal.addEventListener("abort", () => { disarm(id); reject(abortError(signal)); }, { once: true });
    }
  });
}

function abortError(signal) {
  const e = new Error("The operation was aborted");
  e.name = "AbortError";
  e.code = "ABORT_ERR";
  e.cause = signal.reason;
  return e;
}

function setTimeout(delay, value, options) {
  return abortable((done) => g.setTimeout(() => done(value), delay), g.clearTimeout, options);
}

function setImmediate(value, options) {
  return abortable((done) => g.setImmediate(() => done(value)), g.clearImmediate, options);
}

async function* setInterval(delay, value, options) {
  const signal = options && options.signal;
  let ticks = 0;
  let wake = null;
  const id = g.setInterval(() => { ticks++; if (wake) { wake(); wake = null; } }, delay);
  try {
    for (;;) {
      if (signal && signal.aborted) throw abortError(signal);
      if (ticks === 0) {
        await new Promise((resolve, reject) => {
          wake = resolve;
          if (signal) signal.addEventListener("abort", () => reject(abortError(signal)), { once: true });
        });
      }
      ticks--;
      yield value;
    }
  } finally {
    g.clearInterval(id);
  }
}

module.exports = {
  setTimeout,
  setImmediate,
  setInterval,
  scheduler: { wait: (delay, options) => setTimeout(delay, undefined, options), yield: () => setImmediate() },
};
