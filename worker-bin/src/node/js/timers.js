// node:timers: the worker's own timer globals.
const g = globalThis;
module.exports = {
  setTimeout: (...a) => g.setTimeout(...a),
  clearTimeout: (t) => g.clearTimeout(t),
  setInterval: (...a) => g.setInterval(...a),
  clearInterval: (t) => g.clearInterval(t),
  setImmediate: (...a) => g.setImmediate(...a),
  clearImmediate: (t) => g.clearImmediate(t),
  get promises() { return require("timers/promises"); },
};
