// node:process and the `process` global: what a worker can truthfully say.
// `env` is the pool's environment (bextd starts workers with the pool's
// `env` and nothing of its own); `exit()` throws, since a worker's life is
// bextd's to end.
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

Object.assign(process, {
  title: "bext-worker",
  version: "v20.0.0",
  versions: { node: "20.0.0", bext: "1" },
  release: { name: "node" },
  platform: "linux",
  arch: host.arch,
  argv: ["bext-worker"],
  execArgv: [],
  argv0: "bext-worker",
  execPath: "/usr/bin/bext-worker",
  pid: host.pid,
  ppid: 0,
  exitCode: undefined,
  env: host.env(),
  features: {},
  config: { variables: {} },
  cwd: () => host.cwd(),
  chdir: () => { throw new Error("process.chdir() is not available in a bext worker"); },
  umask: () => 0o22,
  uptime: () => Number(host.hrtime()) / 1e9,
  hrtime,
  exit,
  abort: exit,
  kill: () => { throw new Error("process.kill() is not available in a bext worker"); },
  nextTick: (fn, ...args) => queueMicrotask(() => fn(...args)),
  emitWarning,
  memoryUsage: Object.assign(
    () => ({ rss: host.rss(), heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
    { rss: () => host.rss() },
  ),
  cpuUsage: () => ({ user: 0, system: 0 }),
  binding: () => { throw new Error("process.binding() is not available in a bext worker"); },
});
process.default = process;
module.exports = process;
