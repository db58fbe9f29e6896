// node:os: the machine as a worker sees it, read by the worker itself
// (node/os.rs): `cpus()` and `availableParallelism()` count the CPUs the
// container's cgroup allows, as bextd's `jsc_workers = "auto"` does;
// `totalmem()`/`freemem()` are the cgroup's memory limit and what is left
// of it where one is set. `tmpdir()` is the worker's own temporary folder,
// where node:fs writes (src/fs/tmp.rs), made when first used.
// `networkInterfaces()` is empty: a worker has no sockets of its own. The constants are Linux's.
const signals = {
  SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGIOT: 6, SIGBUS: 7,
  SIGFPE: 8, SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14,
  SIGTERM: 15, SIGCHLD: 17, SIGSTKFLT: 16, SIGCONT: 18, SIGSTOP: 19, SIGTSTP: 20, SIGTTIN: 21,
  SIGTTOU: 22, SIGURG: 23, SIGXCPU: 24, SIGXFSZ: 25, SIGVTALRM: 26, SIGPROF: 27, SIGWINCH: 28,
  SIGIO: 29, SIGPOLL: 29, SIGPWR: 30, SIGSYS: 31
};
const errno = {
  E2BIG: 7, EACCES: 13, EADDRINUSE: 98, EADDRNOTAVAIL: 99, EAFNOSUPPORT: 97, EAGAIN: 11,
  EALREADY: 114, EBADF: 9, EBADMSG: 74, EBUSY: 16, ECANCELED: 125, ECHILD: 10, ECONNABORTED: 103,
  ECONNREFUSED: 111, ECONNRESET: 104, EDEADLK: 35, EDESTADDRREQ: 89, EDOM: 33, EDQUOT: 122,
  EEXIST: 17, EFAULT: 14, EFBIG: 27, EHOSTUNREACH: 113, EIDRM: 43, EILSEQ: 84, EINPROGRESS: 115,
  EINTR: 4, EINVAL: 22, EIO: 5, EISCONN: 106, EISDIR: 21, ELOOP: 40, EMFILE: 24, EMLINK: 31,
  EMSGSIZE: 90, EMULTIHOP: 72, ENAMETOOLONG: 36, ENETDOWN: 100, ENETRESET: 102, ENETUNREACH: 101,
  ENFILE: 23, ENOBUFS: 105, ENODATA: 61, ENODEV: 19, ENOENT: 2, ENOEXEC: 8, ENOLCK: 37,
  ENOLINK: 67, ENOMEM: 12, ENOMSG: 42, ENOPROTOOPT: 92, ENOSPC: 28, ENOSR: 63, ENOSTR: 60,
  ENOSYS: 38, ENOTCONN: 107, ENOTDIR: 20, ENOTEMPTY: 39, ENOTSOCK: 88, ENOTSUP: 95, ENOTTY: 25,
  ENXIO: 6, EOPNOTSUPP: 95, EOVERFLOW: 75, EPERM: 1, EPIPE: 32, EPROTO: 71, EPROTONOSUPPORT: 93,
  EPROTOTYPE: 91, ERANGE: 34, EROFS: 30, ESPIPE: 29, ESRCH: 3, ESTALE: 116, ETIME: 62,
  ETIMEDOUT: 110, ETXTBSY: 26, EWOULDBLOCK: 11, EXDEV: 18
};
const priority = {
  PRIORITY_LOW: 19, PRIORITY_BELOW_NORMAL: 10, PRIORITY_NORMAL: 0,
  PRIORITY_ABOVE_NORMAL: -7, PRIORITY_HIGH: -14, PRIORITY_HIGHEST: -20,
};
const dlopen = { RTLD_LAZY: 1, RTLD_NOW: 2, RTLD_GLOBAL: 256, RTLD_LOCAL: 0, RTLD_DEEPBIND: 8 };
const constants = { UV_UDP_REUSEADDR: 4, dlopen, errno, signals, priority };

const MACHINE = { x64: "x86_64", arm64: "aarch64", ia32: "i686", arm: "armv7l" };

function cpus() {
  const { count, model, speed } = host.os("cpus");
  const out = [];
  for (let i = 0; i < count; i++) {
    out.push({ model, speed, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } });
  }
  return out;
}

function userInfo(options) {
  const u = host.os("user");
  const info = { uid: u.uid, gid: u.gid, username: u.username, homedir: u.homedir, shell: u.shell || null };
  if (options && options.encoding === "buffer") {
    for (const k of ["username", "homedir", "shell"]) {
      if (info[k] !== null) info[k] = Buffer.from(info[k]);
    }
  }
  return info;
}

function setPriority() {
  const e = new Error(
    "os.setPriority() is not available in bext: a worker's scheduling is its pool's " +
      "(the pool's `scheduling` key)",
  );
  e.code = "ERR_BEXT_UNAVAILABLE";
  throw e;
}

module.exports = {
  arch: () => host.arch,
  availableParallelism: () => host.os("cpus").count,
  cpus,
  endianness: () => "LE",
  freemem: () => host.os("memory")[1],
  getPriority: () => 0,
  homedir: () => host.os("user").homedir,
  hostname: () => host.os("hostname"),
  loadavg: () => host.os("loadavg"),
  networkInterfaces: () => ({}),
  platform: () => "linux",
  release: () => host.os("release"),
  setPriority,
  tmpdir: () => host.os("tmpdir"),
  totalmem: () => host.os("memory")[0],
  type: () => "Linux",
  userInfo,
  uptime: () => host.os("uptime"),
  version: () => host.os("version"),
  machine: () => MACHINE[host.arch] || host.arch,
  constants,
  EOL: "\n",
  devNull: "/dev/null",
};
