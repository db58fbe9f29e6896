// node:process and the `process` global: what a worker can truthfully say.
// `env` is the pool's environment (bextd starts workers with the pool's
// `env` and nothing of its own); `exit()` throws, since a worker's life is
// bextd's to end. `version` says Node 20.11 (the Node whose built-ins bext
// follows: packages feature-test it); `versions.bext` is bext's own.
const EventEmitter = require("events");

const process = new EventEmitter();
const NS_PER_SEC = 1000000000n;

function hrtime(previous) {
  const now = host.hrtime();
  let s = Number(now / NS_PER_SEC);
  let ns = Number(now % NS_PER_SEC);
  if (previous) {
    s -= previous[0];
    ns -= previous[1];
    if (ns < 0) { s -= 1; ns += 1e9; }
  }
  return [s, ns];
}
hrtime.bigint = () => host.hrtime();

function exit(code) {
  const e = new Error(
    `process.exit(${code === undefined ? "" : code}) is not available in a bext worker: bextd ` +
      "starts and stops workers; throw an error to answer 500, or return a response",
  );
  e.code = "ERR_BEXT_PROCESS_EXIT";
  throw e;
}

function emitWarning(warning, type, code) {
  const w = typeof warning === "string" ? new Error(warning) : warning;
  if (typeof type === "object" && type !== null) ({ type, code } = type);
  w.name = type || w.name === "Error" ? type || "Warning" : w.name;
  if (code) w.code = code;
  if (!process.emit("warning", w)) {
    console.warn(`(bext:${host.pid}) ${code ? `[${code}] ` : ""}${w.name}: ${w.message}`);
  }
}

// process.nextTick: Node's own queue, run by the engine when the code
// called from outside returns and again after each round of promise jobs
// (node/ticks.rs). Each tick keeps the async context it was queued in.
const ticks = [];
let head = 0;
function nextTick(fn, ...args) {
  if (typeof fn !== "function") {
    const e = new TypeError(`The "callback" argument must be of type function. Received ${fn === null ? "null" : typeof fn}`);
    e.code = "ERR_INVALID_ARG_TYPE";
    throw e;
  }
  if (head === ticks.length) host.tickPending(true);
  ticks.push([fn, args, host.getContext()]);
}
// Runs the queue. A tick that throws leaves the rest queued (the engine
// reports the error and calls again).
function runTicks() {
  host.tickPending(true);
  while (head < ticks.length) {
    const [fn, args, frame] = ticks[head];
    ticks[head++] = undefined;
    const saved = host.getContext();
    host.setContext(frame);
    try {
      fn(...args);
    } finally {
      host.setContext(saved);
    }
  }
  ticks.length = 0;
  head = 0;
  host.tickPending(false);
}
Object.defineProperty(globalThis, Symbol.for("bext.node.ticks"), { value: runTicks });

// process.stdout and process.stderr: each line written goes to the
// worker's log as console.log (stdout) or console.error (stderr) would put
// it; a line without its end yet waits for the rest until the current
// code and its promise jobs are done.
const consoleLog = console.log;
const consoleError = console.error;
class LogStream extends EventEmitter {
  constructor(fd, out) {
    super();
    this.fd = fd;
    this.writable = true;
    this._out = out;
    this._partial = "";
    this._flushing = false;
  }
  write(chunk, encoding, cb) {
    if (typeof encoding === "function") cb = encoding;
    let text = typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
    text = this._partial + text;
    const end = text.lastIndexOf("\n");
    if (end >= 0) {
      for (const line of text.slice(0, end).split("\n")) this._out(line);
    }
    this._partial = text.slice(end + 1);
    if (this._partial && !this._flushing) {
      this._flushing = true;
      queueMicrotask(() => this._flush());
    }
    if (typeof cb === "function") nextTick(cb);
    return true;
  }
  _flush() {
    this._flushing = false;
    if (this._partial) {
      const line = this._partial;
      this._partial = "";
      this._out(line);
    }
  }
  end(chunk, encoding, cb) {
    if (typeof chunk === "function") cb = chunk;
    else if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    this._flush();
    if (typeof cb === "function") nextTick(cb);
    return this;
  }
  cork() {}
  uncork() {}
  setDefaultEncoding() { return this; }
}
const stdout = new LogStream(1, (line) => consoleLog(line));
const stderr = new LogStream(2, (line) => consoleError(line));
const stdin = Object.assign(new EventEmitter(), {
  fd: 0,
  readable: false,
  read: () => null,
  resume() { return this; },
  pause() { return this; },
  setEncoding() { return this; },
});

Object.assign(process, {
  title: "bext-worker",
  version: "v20.11.0",
  versions: { node: "20.11.0", bext: host.os("bext"), modules: "115" },
  release: { name: "node", lts: "Iron" },
  platform: "linux",
  arch: host.arch,
  argv: ["/usr/bin/bext-worker"],
  execArgv: [],
  argv0: "bext-worker",
  execPath: "/usr/bin/bext-worker",
  pid: host.pid,
  ppid: host.os("ppid"),
  exitCode: undefined,
  stdout,
  stderr,
  stdin,
  env: host.env(),
  features: {},
  config: { variables: {} },
  cwd: () => host.cwd(),
  chdir: () => { throw new Error("process.chdir() is not available in a bext worker"); },
  umask: () => host.os("umask"),
  uptime: () => performance.now() / 1000,
  hrtime,
  exit,
  abort: exit,
  kill: () => { throw new Error("process.kill() is not available in a bext worker"); },
  nextTick,
  emitWarning,
  memoryUsage: Object.assign(
    () => {
      const [heapUsed, heapTotal] = host.heap();
      return { rss: host.rss(), heapTotal, heapUsed, external: 0, arrayBuffers: 0 };
    },
    { rss: () => host.rss() },
  ),
  cpuUsage: () => ({ user: 0, system: 0 }),
  binding: () => { throw new Error("process.binding() is not available in a bext worker"); },
});
process.default = process;
module.exports = process;
