// node:tty: a worker has no terminal. `isatty()` is false for every fd (as
// in Node whose output goes to a pipe or a file), so packages such as
// `debug` and `supports-color` load and pick their plain output. The
// classes exist for `instanceof` and subclassing; making one throws.
const EventEmitter = require("events");

function unavailable(what) {
  const e = new Error(
    `${what} is not available in bext: a worker has no terminal; write to the log with ` +
      "console or process.stdout",
  );
  e.code = "ERR_BEXT_UNAVAILABLE";
  return e;
}

class ReadStream extends EventEmitter {
  constructor() {
    super();
    throw unavailable("new tty.ReadStream()");
  }
}
ReadStream.prototype.isTTY = true;
ReadStream.prototype.isRaw = false;
ReadStream.prototype.setRawMode = function () { return this; };

class WriteStream extends EventEmitter {
  constructor() {
    super();
    throw unavailable("new tty.WriteStream()");
  }
}
WriteStream.prototype.isTTY = true;
WriteStream.prototype.columns = 80;
WriteStream.prototype.rows = 24;
WriteStream.prototype.getColorDepth = () => 1;
WriteStream.prototype.hasColors = () => false;
WriteStream.prototype.getWindowSize = () => [80, 24];

module.exports = {
  isatty: () => false,
  ReadStream,
  WriteStream,
};
