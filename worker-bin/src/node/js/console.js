// node:console: the worker's global console (whose lines go to the worker's
// log), with Node's `Console` class for consoles of one's own that write
// to any stream with a `write()` (a PassThrough, a Transform whose output
// is collected, process.stdout): log, warn, dir, table, group, count,
// time and assert format as Node 20's do, through node:util's inspect.
const { format, inspect, types } = require("util");

const kSecond = 1000;
const kMinute = 60 * kSecond;
const kHour = 60 * kMinute;

const { codeError } = require("internal/errors");
const typeError = (code, message) => codeError(TypeError, code, message);

function warn(message) {
  require("process").emitWarning(message);
}

const pad = (v) => String(v).padStart(2, "0");

// How console.timeEnd prints a duration (Node's formatTime).
function formatTime(ms) {
  let hours = 0;
  let minutes = 0;
  let seconds = 0;
  if (ms >= kSecond) {
    if (ms >= kMinute) {
      if (ms >= kHour) {
        hours = Math.floor(ms / kHour);
        ms = ms % kHour;
      }
      minutes = Math.floor(ms / kMinute);
      ms = ms % kMinute;
    }
    seconds = ms / kSecond;
  }
  if (hours !== 0 || minutes !== 0) {
    [seconds, ms] = seconds.toFixed(3).split(".");
    const res = hours !== 0 ? `${hours}:${pad(minutes)}` : minutes;
    return `${res}:${pad(seconds)}.${ms} (${hours !== 0 ? "h:m" : ""}m:ss.mmm)`;
  }
  if (seconds !== 0) return `${seconds.toFixed(3)}s`;
  return `${Number(ms.toFixed(3))}ms`;
}

// console.table's box (Node's internal/cli_table): cells aligned left, as
// Node 20.20 draws them.
const width = (s) => [...String(s)].length;
function renderRow(row, widths) {
  let out = "│ ";
  for (let i = 0; i < row.length; i++) {
    out += row[i] + " ".repeat(widths[i] - width(row[i]));
    if (i !== row.length - 1) out += " │ ";
  }
  return out + " │";
}
function renderTable(head, columns) {
  const rows = [];
  const widths = head.map(width);
  const longest = Math.max(...columns.map((c) => c.length));
  for (let i = 0; i < head.length; i++) {
    const column = columns[i];
    for (let j = 0; j < longest; j++) {
      if (rows[j] === undefined) rows[j] = [];
      const value = (rows[j][i] = Object.prototype.hasOwnProperty.call(column, j) ? column[j] : "");
      widths[i] = Math.max(widths[i] || 0, width(value));
    }
  }
  const divider = widths.map((w) => "─".repeat(w + 2));
  let out = `┌${divider.join("┬")}┐\n${renderRow(head, widths)}\n├${divider.join("┼")}┤\n`;
  for (const row of rows) out += `${renderRow(row, widths)}\n`;
  return out + `└${divider.join("┴")}┘`;
}

// A function, not a class: Node's Console may be called without `new`.
function Console(options, stderr, ignoreErrors) {
  if (!new.target) return Reflect.construct(Console, arguments);
  if (!options || typeof options.write === "function") {
    options = { stdout: options, stderr, ignoreErrors };
  }
  const { stdout, ignoreErrors: ignore = true, groupIndentation = 2, inspectOptions } = options;
  const err = options.stderr || stdout;
  if (!stdout || typeof stdout.write !== "function") {
    throw typeError("ERR_CONSOLE_WRITABLE_STREAM", "Console expects a writable stream instance for stdout");
  }
  if (!err || typeof err.write !== "function") {
    throw typeError("ERR_CONSOLE_WRITABLE_STREAM", "Console expects a writable stream instance for stderr");
  }
  for (const [k, v] of Object.entries({
    _stdout: stdout, _stderr: err, _ignoreErrors: ignore, _inspectOptions: inspectOptions,
    _groupIndent: "", _groupIndentation: groupIndentation, _counts: new Map(), _times: new Map(),
  })) {
    Object.defineProperty(this, k, { value: v, writable: true, configurable: true, enumerable: false });
  }
  // Node binds every method to its console, so `const { log } = c` works.
  for (const name of Object.getOwnPropertyNames(Methods.prototype)) {
    if (name !== "constructor" && !name.startsWith("_")) this[name] = Console.prototype[name].bind(this);
  }
}

class Methods {
  _write(stream, string) {
    if (this._groupIndent.length !== 0) {
      if (string.includes("\n")) string = string.replace(/\n/g, `\n${this._groupIndent}`);
      string = this._groupIndent + string;
    }
    string += "\n";
    if (!this._ignoreErrors) return stream.write(string);
    try {
      stream.write(string);
    } catch {
      // A console never throws for its stream (Node's ignoreErrors).
    }
  }

  _format(args) {
    return this._inspectOptions ? require("util").formatWithOptions(this._inspectOptions, ...args) : format(...args);
  }

  log(...args) {
    this._write(this._stdout, this._format(args));
  }
  info(...args) {
    this.log(...args);
  }
  debug(...args) {
    this.log(...args);
  }
  dirxml(...args) {
    this.log(...args);
  }
  warn(...args) {
    this._write(this._stderr, this._format(args));
  }
  error(...args) {
    this.warn(...args);
  }
  dir(object, options) {
    this._write(this._stdout, inspect(object, { customInspect: false, ...this._inspectOptions, ...options }));
  }
  trace(...args) {
    const err = { name: "Trace", message: this._format(args) };
    Error.captureStackTrace?.(err, this.trace);
    const stack = err.stack || `Trace: ${err.message}\n${new Error().stack.split("\n").slice(1).join("\n")}`;
    this.error(stack);
  }
  assert(expression, ...args) {
    if (expression) return;
    args[0] = `Assertion failed${args.length === 0 ? "" : `: ${args[0]}`}`;
    this.warn(...args);
  }
  count(label = "default") {
    label = `${label}`;
    const n = (this._counts.get(label) || 0) + 1;
    this._counts.set(label, n);
    this.log(`${label}: ${n}`);
  }
  countReset(label = "default") {
    label = `${label}`;
    if (!this._counts.delete(label)) warn(`Count for '${label}' does not exist`);
  }
  group(...data) {
    if (data.length > 0) this.log(...data);
    this._groupIndent += " ".repeat(this._groupIndentation);
  }
  groupCollapsed(...data) {
    this.group(...data);
  }
  groupEnd() {
    this._groupIndent = this._groupIndent.slice(0, this._groupIndent.length - this._groupIndentation);
  }
  time(label = "default") {
    label = `${label}`;
    if (this._times.has(label)) return warn(`Label '${label}' already exists for console.time()`);
    this._times.set(label, performance.now());
  }
  timeEnd(label = "default") {
    label = `${label}`;
    if (this._timeLog("timeEnd", label, [])) this._times.delete(label);
  }
  timeLog(label = "default", ...data) {
    this._timeLog("timeLog", `${label}`, data);
  }
  _timeLog(name, label, data) {
    const start = this._times.get(label);
    if (start === undefined) {
      warn(`No such label '${label}' for console.${name}()`);
      return false;
    }
    this.log(`${label}: ${formatTime(performance.now() - start)}`, ...data);
    return true;
  }
  table(data, properties) {
    if (properties !== undefined && !Array.isArray(properties)) {
      throw typeError("ERR_INVALID_ARG_TYPE", 'The "properties" argument must be an instance of Array.');
    }
    if (data === null || typeof data !== "object") return this.log(data);
    const show = (v) => {
      const depth = v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 2 ? -1 : 0;
      return inspect(v, { depth, maxArrayLength: 3, breakLength: Infinity, ...this._inspectOptions });
    };
    const indexes = (length) => Array.from({ length }, (_, i) => show(i));
    const final = (head, columns) => this.log(renderTable(head, columns));
    if (types.isMap(data)) {
      const keys = [];
      const values = [];
      for (const [k, v] of data) {
        keys.push(show(k));
        values.push(show(v));
      }
      return final(["(iteration index)", "Key", "Values"], [indexes(keys.length), keys, values]);
    }
    // An iterator is read through (Node previews it without moving it).
    if (types.isSet(data) || types.isSetIterator(data) || types.isMapIterator(data)) {
      const values = [...data].map(show);
      return final(["(iteration index)", "Values"], [indexes(values.length), values]);
    }
    const map = Object.create(null);
    let hasPrimitives = false;
    const valuesColumn = [];
    const indexColumn = Object.keys(data);
    for (let i = 0; i < indexColumn.length; i++) {
      const item = data[indexColumn[i]];
      const primitive = item === null || (typeof item !== "function" && typeof item !== "object");
      if (properties === undefined && primitive) {
        hasPrimitives = true;
        valuesColumn[i] = show(item);
      } else {
        for (const key of properties || Object.keys(item)) {
          map[key] ??= [];
          map[key][i] = (primitive && properties) || !Object.prototype.hasOwnProperty.call(item, key) ? "" : show(item[key]);
        }
      }
    }
    const head = Object.keys(map);
    const columns = Object.values(map);
    if (hasPrimitives) {
      head.push("Values");
      columns.push(valuesColumn);
    }
    head.unshift("(index)");
    columns.unshift(indexColumn);
    return final(head, columns);
  }
}

for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(Methods.prototype))) {
  if (name !== "constructor") Object.defineProperty(Console.prototype, name, { ...d, enumerable: false });
}

const global = globalThis.console;
global.Console = Console;
module.exports = global;
