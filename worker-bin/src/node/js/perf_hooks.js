// node:perf_hooks: the worker's global `performance` (its clock starts with
// the worker), given Node's user timing on first import: `mark`,
// `measure`, `getEntries*`, `clearMarks`/`clearMeasures`, `timerify`, and
// `PerformanceObserver` for marks, measures and timerified functions
// (delivered with setImmediate, as Node does). The event loop's own
// figures (`monitorEventLoopDelay`, `eventLoopUtilization`) are not
// measured in a worker: they throw when called.
const performance = globalThis.performance;
const now = () => performance.now();

function error(Type, code, message) {
  const e = new Type(message);
  e.code = code;
  return e;
}

class PerformanceEntry {
  constructor(name, entryType, startTime, duration, detail) {
    this.name = name;
    this.entryType = entryType;
    this.startTime = startTime;
    this.duration = duration;
    if (detail !== undefined) this.detail = detail;
  }
  toJSON() {
    const o = { name: this.name, entryType: this.entryType, startTime: this.startTime,
      duration: this.duration };
    if ("detail" in this) o.detail = this.detail;
    return o;
  }
}
class PerformanceMark extends PerformanceEntry {
  constructor(name, options) {
    if (name === undefined) throw error(TypeError, "ERR_MISSING_ARGS", 'The "name" argument must be specified');
    const start = options && options.startTime !== undefined ? options.startTime : now();
    const detail = options && options.detail !== undefined ? structuredClone(options.detail) : null;
    super(String(name), "mark", start, 0, detail);
  }
}
class PerformanceMeasure extends PerformanceEntry {}

const buffer = []; // marks and measures, in order of creation
const observers = new Set();

function notify(entry) {
  for (const o of observers) o._take(entry);
}

function mark(name, options) {
  const m = new PerformanceMark(name, options);
  buffer.push(m);
  notify(m);
  return m;
}

// The time a mark name or a number stands for.
function timeOf(value, what) {
  if (typeof value === "number") return value;
  for (let i = buffer.length - 1; i >= 0; i--) {
    const e = buffer[i];
    if (e.entryType === "mark" && e.name === value) return e.startTime;
  }
  const DOMException = globalThis.DOMException;
  const msg = `The "${value}" performance mark has not been set`;
  throw DOMException ? new DOMException(msg, "SyntaxError") : error(SyntaxError, what, msg);
}

function measure(name, startOrOptions, endMark) {
  if (name === undefined) throw error(TypeError, "ERR_MISSING_ARGS", 'The "name" argument must be specified');
  let start = 0;
  let end;
  let detail = null;
  if (startOrOptions !== null && typeof startOrOptions === "object") {
    const o = startOrOptions;
    if (o.start !== undefined && o.end !== undefined && o.duration !== undefined) {
      throw error(TypeError, "ERR_PERFORMANCE_MEASURE_INVALID_OPTIONS",
        "Must not have options.start, options.end, and options.duration specified");
    }
    if (o.end !== undefined) end = timeOf(o.end, "start");
    if (o.start !== undefined) start = timeOf(o.start, "start");
    else if (o.duration !== undefined && end !== undefined) start = end - o.duration;
    if (end === undefined) end = o.duration !== undefined ? start + o.duration : now();
    if (o.detail !== undefined) detail = structuredClone(o.detail);
  } else {
    if (startOrOptions !== undefined) start = timeOf(startOrOptions, "start");
    end = endMark !== undefined ? timeOf(endMark, "end") : now();
  }
  const m = new PerformanceMeasure(String(name), "measure", start, end - start, detail);
  buffer.push(m);
  notify(m);
  return m;
}

const byStart = (list) => list.slice().sort((a, b) => a.startTime - b.startTime);
const getEntries = () => byStart(buffer);
const getEntriesByType = (type) => byStart(buffer.filter((e) => e.entryType === type));
const getEntriesByName = (name, type) =>
  byStart(buffer.filter((e) => e.name === name && (type === undefined || e.entryType === type)));

function clear(type, name) {
  for (let i = buffer.length - 1; i >= 0; i--) {
    const e = buffer[i];
    if (e.entryType === type && (name === undefined || e.name === name)) buffer.splice(i, 1);
  }
}

function timerify(fn) {
  if (typeof fn !== "function") {
    throw error(TypeError, "ERR_INVALID_ARG_TYPE",
      `The "fn" argument must be of type function. Received ${fn === null ? "null" : typeof fn}`);
  }
  function timerified(...args) {
    const start = now();
    const result = new.target ? Reflect.construct(fn, args, fn) : fn.apply(this, args);
    const entry = new PerformanceEntry(fn.name, "function", start, now() - start, args);
    notify(entry);
    return result;
  }
  Object.defineProperty(timerified, "name", { value: `timerified ${fn.name}` });
  Object.defineProperty(timerified, "length", { value: fn.length });
  return timerified;
}

class PerformanceObserverEntryList {
  constructor(entries) { this._entries = entries; }
  getEntries() { return byStart(this._entries); }
  getEntriesByType(type) { return byStart(this._entries.filter((e) => e.entryType === type)); }
  getEntriesByName(name, type) {
    return byStart(this._entries.filter((e) => e.name === name && (type === undefined || e.entryType === type)));
  }
}

const SUPPORTED = ["function", "mark", "measure"];

class PerformanceObserver {
  constructor(callback) {
    if (typeof callback !== "function") {
      throw error(TypeError, "ERR_INVALID_ARG_TYPE",
        `The "callback" argument must be of type function. Received ${callback === null ? "null" : typeof callback}`);
    }
    this._callback = callback;
    this._types = new Set();
    this._pending = [];
    this._scheduled = false;
  }
  static get supportedEntryTypes() { return SUPPORTED.slice(); }
  observe(options = {}) {
    const types = options.entryTypes !== undefined ? options.entryTypes : [options.type];
    for (const t of types) if (SUPPORTED.includes(t)) this._types.add(t);
    if (this._types.size === 0) return;
    observers.add(this);
    if (options.buffered && options.type !== undefined) {
      for (const e of buffer) if (e.entryType === options.type) this._take(e);
    }
  }
  disconnect() {
    observers.delete(this);
    this._pending = [];
  }
  takeRecords() {
    const list = this._pending;
    this._pending = [];
    return list;
  }
  _take(entry) {
    if (!this._types.has(entry.entryType)) return;
    this._pending.push(entry);
    if (this._scheduled) return;
    this._scheduled = true;
    setImmediate(() => {
      this._scheduled = false;
      if (this._pending.length === 0) return;
      const list = new PerformanceObserverEntryList(this.takeRecords());
      this._callback(list, this);
    });
  }
}

function unavailable(what) {
  return function () {
    throw error(Error, "ERR_BEXT_UNAVAILABLE",
      `perf_hooks.${what}() is not available in bext: a worker does not measure its event ` +
        "loop; bext's traces and /__bext/workers give request times");
  };
}

class Performance {
  constructor() {
    throw error(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
  }
}
Object.setPrototypeOf(performance, Performance.prototype);

Object.assign(performance, {
  mark,
  measure,
  getEntries,
  getEntriesByName,
  getEntriesByType,
  clearMarks: (name) => clear("mark", name),
  clearMeasures: (name) => clear("measure", name),
  clearResourceTimings() {},
  setResourceTimingBufferSize() {},
  timerify,
  eventLoopUtilization: unavailable("performance.eventLoopUtilization"),
});

module.exports = {
  Performance,
  PerformanceEntry,
  PerformanceMark,
  PerformanceMeasure,
  PerformanceObserver,
  PerformanceObserverEntryList,
  monitorEventLoopDelay: unavailable("monitorEventLoopDelay"),
  createHistogram: unavailable("createHistogram"),
  performance,
  constants: {
    NODE_PERFORMANCE_GC_MAJOR: 4, NODE_PERFORMANCE_GC_MINOR: 1,
    NODE_PERFORMANCE_GC_INCREMENTAL: 8, NODE_PERFORMANCE_GC_WEAKCB: 16,
    NODE_PERFORMANCE_GC_FLAGS_NO: 0, NODE_PERFORMANCE_GC_FLAGS_CONSTRUCT_RETAINED: 2,
    NODE_PERFORMANCE_GC_FLAGS_FORCED: 4, NODE_PERFORMANCE_GC_FLAGS_SYNCHRONOUS_PHANTOM_PROCESSING: 8,
    NODE_PERFORMANCE_GC_FLAGS_ALL_AVAILABLE_GARBAGE: 16,
    NODE_PERFORMANCE_GC_FLAGS_ALL_EXTERNAL_MEMORY: 32,
    NODE_PERFORMANCE_GC_FLAGS_SCHEDULE_IDLE: 64,
  },
};
