// node:fs over the worker's file room (src/fs, bound by host/fs.rs as
// `host.fs(op, ...)`): reads reach the pool's app root, read_roots and
// packages (the module loader's rule), writes only the worker's temporary
// folder (`os.tmpdir()`, with a size budget), anything else is refused as
// the OS refuses it (EACCES, ENOENT, … with code, errno, syscall, path).
// Every operation is synchronous in Rust; the callback forms call back from
// setImmediate, the promise forms (./fs_promises.js) settle in a microtask,
// the streams (./fs_streams.js) load node:stream only when one is made;
// the tables and types (constants, Stats, Dirent, Dir) are in ./fs_types.js.
// Relative paths start at the app root (`process.cwd()`).
const { Buffer } = require("buffer");

const { constants, FLAGS, Stats, Dirent, Dir, statsOf, later } = require("internal/fs_types");
const C = constants;

const { codeError, argType } = require("internal/errors");
const typeError = (code, message) => codeError(TypeError, code, message);

// A path as Node takes one: a string, a Buffer or a file: URL.
function toPath(p, name = "path") {
  if (typeof p === "string") {
    if (p.includes("\u0000")) {
      throw typeError("ERR_INVALID_ARG_VALUE",
        `The argument '${name}' must be a string, Uint8Array, or URL without null bytes. Received ${JSON.stringify(p)}`);
    }
    return p;
  }
  if (p instanceof Uint8Array) return Buffer.from(p).toString();
  if (p != null && typeof p === "object" && typeof p.href === "string" && p.protocol !== undefined) {
    return require("url").fileURLToPath(p);
  }
  throw argType(name, "of type string or an instance of Buffer or URL", p);
}

function toFd(fd) {
  if (!Number.isInteger(fd)) throw argType("fd", "of type number", fd);
  return fd;
}

function flagsOf(flags, otherwise) {
  if (flags == null) return otherwise;
  if (typeof flags === "number") return flags;
  const n = FLAGS[flags];
  if (n === undefined) {
    throw typeError("ERR_INVALID_ARG_VALUE", `The argument 'flags' is invalid. Received '${flags}'`);
  }
  return n;
}

function modeOf(mode, otherwise) {
  if (mode == null) return otherwise;
  if (typeof mode === "string") return parseInt(mode, 8);
  return mode;
}

function optionsOf(options, defaults) {
  if (options == null || typeof options === "function") return { ...defaults };
  if (typeof options === "string") return { ...defaults, encoding: options };
  if (typeof options !== "object") throw argType("options", "of type object", options);
  return { ...defaults, ...options };
}

function bytes(u8) {
  return Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
}

function encode(buf, encoding) {
  return encoding && encoding !== "buffer" ? buf.toString(encoding) : buf;
}

// What a write takes: a string (in `encoding`) or any view of bytes.
function dataOf(data, encoding, name = "data") {
  if (typeof data === "string") return Buffer.from(data, encoding || "utf8");
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw argType(name, "of type string or an instance of Buffer, TypedArray, or DataView", data);
}

// ---- the synchronous forms ---------------------------------------------

function join(a, b) {
  return require("path").join(a, b);
}

function readFileSync(path, options) {
  const o = optionsOf(options, { flag: "r" });
  let buf;
  if (typeof path === "number") {
    buf = readAll(path);
  } else {
    const flags = flagsOf(o.flag, C.O_RDONLY);
    buf = flags === C.O_RDONLY
      ? bytes(host.fs("readFile", toPath(path)))
      : (() => {
        const fd = openSync(path, flags);
        try { return readAll(fd); } finally { closeSync(fd); }
      })();
  }
  return encode(buf, o.encoding);
}

function readAll(fd) {
  const parts = [];
  for (;;) {
    const chunk = host.fs("read", toFd(fd), 65536, -1);
    if (chunk.length === 0) break;
    parts.push(bytes(chunk));
  }
  return Buffer.concat(parts);
}

function writeFileSync(path, data, options) {
  const o = optionsOf(options, { encoding: "utf8", mode: 0o666, flag: "w" });
  const buf = dataOf(data, o.encoding);
  if (typeof path === "number") {
    writeSync(path, buf);
    return;
  }
  host.fs("writeFile", toPath(path), buf, flagsOf(o.flag, FLAGS.w), modeOf(o.mode, 0o666));
}

function appendFileSync(path, data, options) {
  const o = optionsOf(options, { encoding: "utf8", mode: 0o666, flag: "a" });
  writeFileSync(path, data, o);
}

function readdirSync(path, options) {
  const o = optionsOf(options, {});
  const base = toPath(path);
  if (!o.recursive) return listing(base, base, "", o);
  // Breadth first, as Node 20 walks: a folder's entries, then its folders'.
  const out = [];
  const queue = [""];
  for (let i = 0; i < queue.length; i++) {
    const rel = queue[i];
    const dir = rel === "" ? base : join(base, rel);
    const flat = host.fs("readdir", dir);
    for (let j = 0; j < flat.length; j += 2) {
      const name = flat[j];
      const type = flat[j + 1];
      const relName = rel === "" ? name : join(rel, name);
      if (o.withFileTypes) out.push(new Dirent(name, type, dir));
      else out.push(o.encoding === "buffer" ? Buffer.from(relName) : relName);
      if (type === C.UV_DIRENT_DIR) queue.push(relName);
    }
  }
  return out;
}

function listing(dir, shown, _rel, o) {
  const flat = host.fs("readdir", dir);
  const out = [];
  for (let j = 0; j < flat.length; j += 2) {
    const name = o.encoding === "buffer" ? Buffer.from(flat[j]) : flat[j];
    out.push(o.withFileTypes ? new Dirent(name, flat[j + 1], shown) : name);
  }
  return out;
}

function statSync(path, options) {
  try {
    return statsOf(host.fs("stat", toPath(path)), options);
  } catch (e) {
    if (options && options.throwIfNoEntry === false && e.code === "ENOENT") return undefined;
    throw e;
  }
}

function lstatSync(path, options) {
  try {
    return statsOf(host.fs("lstat", toPath(path)), options);
  } catch (e) {
    if (options && options.throwIfNoEntry === false && e.code === "ENOENT") return undefined;
    throw e;
  }
}

function fstatSync(fd, options) {
  return statsOf(host.fs("fstat", toFd(fd)), options);
}

function existsSync(path) {
  try {
    host.fs("access", toPath(path), C.F_OK);
    return true;
  } catch {
    return false;
  }
}

function accessSync(path, mode = C.F_OK) {
  host.fs("access", toPath(path), mode);
}

// Node's JavaScript realpath names the first missing part, as lstat did.
function realpathSync(path, options) {
  const p = toPath(path);
  try {
    return encode(Buffer.from(host.fs("realpath", p)), optionsOf(options, {}).encoding || "utf8");
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
    const full = require("path").resolve(p);
    let missing = full;
    for (let up = require("path").dirname(full); up !== missing && !existsSync(up);) {
      missing = up;
      up = require("path").dirname(up);
    }
    throw rename(e, "lstat", missing);
  }
}

realpathSync.native = function realpathNative(path, options) {
  const real = host.fs("realpath", toPath(path));
  return encode(Buffer.from(real), optionsOf(options, {}).encoding || "utf8");
};

// The same error, for another syscall and path.
function rename(e, syscall, path) {
  const out = new Error(`${e.code}: ${e.message.split(": ")[1].split(",")[0]}, ${syscall} '${path}'`);
  Object.assign(out, { errno: e.errno, code: e.code, syscall, path });
  return out;
}

function readlinkSync(path, options) {
  const to = host.fs("readlink", toPath(path));
  return encode(Buffer.from(to), optionsOf(options, {}).encoding || "utf8");
}

function mkdirSync(path, options) {
  const o = typeof options === "number" || typeof options === "string"
    ? { mode: options } : optionsOf(options, {});
  const first = host.fs("mkdir", toPath(path), !!o.recursive, modeOf(o.mode, 0o777));
  return o.recursive ? (first ?? undefined) : undefined;
}

function mkdtempSync(prefix, options) {
  const name = host.fs("mkdtemp", toPath(prefix, "prefix"));
  return encode(Buffer.from(name), optionsOf(options, {}).encoding || "utf8");
}

function rmSync(path, options) {
  const o = optionsOf(options, {});
  const p = toPath(path);
  try {
    host.fs("rm", p, !!o.recursive, !!o.force);
  } catch (e) {
    if (e.code === "EISDIR" && e.syscall === "rm") {
      const err = new Error(`Path is a directory: rm returned EISDIR (is a directory) ${p}`);
      Object.assign(err, { code: "ERR_FS_EISDIR", errno: 21, syscall: "rm", path: p });
      err.info = { code: "EISDIR", message: "is a directory", path: p, syscall: "rm", errno: 21 };
      throw err;
    }
    throw e;
  }
}

function rmdirSync(path, options) {
  host.fs("rmdir", toPath(path), !!(options && options.recursive));
}

function unlinkSync(path) {
  host.fs("unlink", toPath(path));
}

function renameSync(from, to) {
  host.fs("rename", toPath(from, "oldPath"), toPath(to, "newPath"));
}

function copyFileSync(from, to, mode = 0) {
  host.fs("copyFile", toPath(from, "src"), toPath(to, "dest"), (mode & C.COPYFILE_EXCL) !== 0);
}

function cpSync(from, to, options) {
  const o = optionsOf(options, {});
  const src = toPath(from, "src");
  const dest = toPath(to, "dest");
  const st = statSync(src);
  if (!st.isDirectory()) return copyFileSync(src, dest);
  if (!o.recursive) {
    const e = new Error(`Recursive option is required to copy a directory: ${src}`);
    e.code = "ERR_FS_EISDIR";
    throw e;
  }
  mkdirSync(dest, { recursive: true });
  for (const d of readdirSync(src, { withFileTypes: true })) {
    cpSync(join(src, d.name), join(dest, d.name), o);
  }
}

function truncateSync(path, len = 0) {
  if (typeof path === "number") return ftruncateSync(path, len);
  host.fs("truncate", toPath(path), len);
}

function ftruncateSync(fd, len = 0) {
  host.fs("ftruncate", toFd(fd), len);
}

function openSync(path, flags, mode) {
  return host.fs("open", toPath(path), flagsOf(flags, C.O_RDONLY), modeOf(mode, 0o666));
}

function closeSync(fd) {
  host.fs("close", toFd(fd));
}

// readSync(fd, buffer, offset, length, position) or (fd, buffer, options)
function readSync(fd, buffer, offset, length, position) {
  if (offset != null && typeof offset === "object") {
    ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset);
  }
  offset = offset ?? 0;
  length = length ?? buffer.byteLength - offset;
  const got = host.fs("read", toFd(fd), length, position ?? -1);
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).set(got, offset);
  return got.length;
}

// writeSync(fd, buffer, offset, length, position) or (fd, string, position, encoding)
function writeSync(fd, data, offset, length, position) {
  let buf;
  let at;
  if (typeof data === "string") {
    buf = Buffer.from(data, typeof length === "string" ? length : "utf8");
    at = offset;
  } else {
    const view = dataOf(data, undefined, "buffer");
    if (offset != null && typeof offset === "object") {
      ({ offset = 0, length = view.byteLength - offset, position = null } = offset);
    }
    offset = offset ?? 0;
    length = length ?? view.byteLength - offset;
    buf = view.subarray(offset, offset + length);
    at = position;
  }
  return host.fs("write", toFd(fd), buf, typeof at === "number" ? at : -1);
}

function refusedSymlink(syscall) {
  return function (target, path) {
    const e = new Error(`EPERM: operation not permitted, ${syscall} '${target}' -> '${path}'`);
    Object.assign(e, { errno: -1, code: "EPERM", syscall, path: String(target), dest: String(path) });
    throw e;
  };
}

// Permissions and times are the OS's: changing them is accepted and has
// no effect (the temporary folder is the worker's alone).
function noop() {}

function unwatchable(name) {
  return function () {
    const e = new Error(`fs.${name}() is not available in bext: a worker's files are its ` +
      "deploy's; rotate workers on change with the pool's lifecycle.watch_dirs");
    e.code = "ERR_BEXT_UNAVAILABLE";
    throw e;
  };
}

function opendirSync(path) {
  const p = toPath(path);
  const flat = host.fs("opendir", p);
  const entries = [];
  for (let j = 0; j < flat.length; j += 2) entries.push(new Dirent(flat[j], flat[j + 1], p));
  return new Dir(p, entries);
}

// ---- the callback forms ------------------------------------------------

// The callback form of a synchronous one: the callback is the last
// argument, the arguments before it go to `sync` as they are.
function callback(name, sync) {
  const f = {
    [name](...args) {
      const cb = args.pop();
      if (typeof cb !== "function") throw argType("cb", "of type function", cb);
      later(cb, () => sync(...args));
    },
  }[name];
  return f;
}

function exists(path, cb) {
  const found = existsSync(path);
  setImmediate(() => cb(found));
}

function read(fd, buffer, offset, length, position, cb) {
  const args = [...arguments];
  cb = args.pop();
  later((e, n) => cb(e, n, args[1]), () => readSync(...args));
}

function write(fd, data, ...rest) {
  cb = rest.pop();
  var cb;
  later((e, n) => cb(e, n, data), () => writeSync(fd, data, ...rest));
}

function realpath(path, options, cb) {
  if (typeof options === "function") {
    cb = options;
    options = undefined;
  }
  later(cb, () => realpathSync(path, options));
}
realpath.native = callback("native", realpathSync.native);

const sync = {
  appendFileSync, accessSync, closeSync, copyFileSync, cpSync, existsSync, fstatSync,
  ftruncateSync, lstatSync, mkdirSync, mkdtempSync, openSync, opendirSync, readFileSync,
  readdirSync, readlinkSync, readSync, realpathSync, renameSync, rmSync, rmdirSync, statSync,
  truncateSync, unlinkSync, writeFileSync, writeSync,
  chmodSync: noop, lchmodSync: noop, fchmodSync: noop, chownSync: noop, lchownSync: noop,
  fchownSync: noop, utimesSync: noop, lutimesSync: noop, futimesSync: noop,
  fsyncSync: noop, fdatasyncSync: noop,
  symlinkSync: refusedSymlink("symlink"), linkSync: refusedSymlink("link"),
};

const fs = { ...sync, constants, F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, Stats, Dirent, Dir };
for (const [name, f] of Object.entries(sync)) {
  const base = name.slice(0, -4);
  if (base !== "exists" && base !== "read" && base !== "write" && base !== "realpath") {
    fs[base] = callback(base, f);
  }
}
Object.assign(fs, { exists, read, write, realpath });
fs.watch = unwatchable("watch");
fs.watchFile = unwatchable("watchFile");
fs.unwatchFile = noop;

// The streams and the promises load on first use.
const lazy = (name, get) => Object.defineProperty(fs, name, {
  configurable: true, enumerable: true, get,
});
const streams = () => require("internal/fs_streams")(fs);
// Not enumerable: `import fs from "node:fs"` must not load node:stream.
for (const name of ["ReadStream", "WriteStream"]) {
  Object.defineProperty(fs, name, { configurable: true, get: () => streams()[name] });
}
fs.createReadStream = (path, options) => new (streams().ReadStream)(path, options);
fs.createWriteStream = (path, options) => new (streams().WriteStream)(path, options);
lazy("promises", () => require("internal/fs_promises")(fs));

Object.defineProperty(fs, "_internal", {
  value: { toPath, dataOf, optionsOf, flagsOf, modeOf, bytes, encode, statsOf, later, host },
});
module.exports = fs;
