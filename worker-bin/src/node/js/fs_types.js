// node:fs's types and tables (./fs.js): `constants` (Linux's), Node's
// open flags, `Stats` and `BigIntStats`, `Dirent`, `Dir` (what opendir
// gives), and `later`, which calls a callback from setImmediate as Node's
// callbacks come after the I/O.
const constants = {
  UV_FS_SYMLINK_DIR: 1, UV_FS_SYMLINK_JUNCTION: 2, O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2,
  UV_DIRENT_UNKNOWN: 0, UV_DIRENT_FILE: 1, UV_DIRENT_DIR: 2, UV_DIRENT_LINK: 3, UV_DIRENT_FIFO: 4,
  UV_DIRENT_SOCKET: 5, UV_DIRENT_CHAR: 6, UV_DIRENT_BLOCK: 7, EXTENSIONLESS_FORMAT_JAVASCRIPT: 0,
  EXTENSIONLESS_FORMAT_WASM: 1, S_IFMT: 61440, S_IFREG: 32768, S_IFDIR: 16384, S_IFCHR: 8192,
  S_IFBLK: 24576, S_IFIFO: 4096, S_IFLNK: 40960, S_IFSOCK: 49152, O_CREAT: 64, O_EXCL: 128,
  UV_FS_O_FILEMAP: 0, O_NOCTTY: 256, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536,
  O_NOATIME: 262144, O_NOFOLLOW: 131072, O_SYNC: 1052672, O_DSYNC: 4096, O_DIRECT: 16384,
  O_NONBLOCK: 2048, S_IRWXU: 448, S_IRUSR: 256, S_IWUSR: 128, S_IXUSR: 64, S_IRWXG: 56,
  S_IRGRP: 32, S_IWGRP: 16, S_IXGRP: 8, S_IRWXO: 7, S_IROTH: 4, S_IWOTH: 2, S_IXOTH: 1,
  F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, UV_FS_COPYFILE_EXCL: 1, COPYFILE_EXCL: 1,
  UV_FS_COPYFILE_FICLONE: 2, COPYFILE_FICLONE: 2, UV_FS_COPYFILE_FICLONE_FORCE: 4,
  COPYFILE_FICLONE_FORCE: 4,
};

const C = constants;

const FLAGS = {
  r: C.O_RDONLY, rs: C.O_RDONLY | C.O_SYNC, sr: C.O_RDONLY | C.O_SYNC,
  "r+": C.O_RDWR, "rs+": C.O_RDWR | C.O_SYNC, "sr+": C.O_RDWR | C.O_SYNC,
  w: C.O_TRUNC | C.O_CREAT | C.O_WRONLY, wx: C.O_TRUNC | C.O_CREAT | C.O_WRONLY | C.O_EXCL,
  xw: C.O_TRUNC | C.O_CREAT | C.O_WRONLY | C.O_EXCL,
  "w+": C.O_TRUNC | C.O_CREAT | C.O_RDWR, "wx+": C.O_TRUNC | C.O_CREAT | C.O_RDWR | C.O_EXCL,
  "xw+": C.O_TRUNC | C.O_CREAT | C.O_RDWR | C.O_EXCL,
  a: C.O_APPEND | C.O_CREAT | C.O_WRONLY, ax: C.O_APPEND | C.O_CREAT | C.O_WRONLY | C.O_EXCL,
  xa: C.O_APPEND | C.O_CREAT | C.O_WRONLY | C.O_EXCL, as: C.O_APPEND | C.O_CREAT | C.O_WRONLY | C.O_SYNC,
  sa: C.O_APPEND | C.O_CREAT | C.O_WRONLY | C.O_SYNC, "a+": C.O_APPEND | C.O_CREAT | C.O_RDWR,
  "ax+": C.O_APPEND | C.O_CREAT | C.O_RDWR | C.O_EXCL, "xa+": C.O_APPEND | C.O_CREAT | C.O_RDWR | C.O_EXCL,
  "as+": C.O_APPEND | C.O_CREAT | C.O_RDWR | C.O_SYNC, "sa+": C.O_APPEND | C.O_CREAT | C.O_RDWR | C.O_SYNC,
};

// ---- Stats and Dirent --------------------------------------------------

const kType = Symbol("type");

function dateOf(ms) {
  return new Date(Math.round(ms));
}

class StatsBase {
  isFile() { return this._checkModeProperty(C.S_IFREG); }
  isDirectory() { return this._checkModeProperty(C.S_IFDIR); }
  isSymbolicLink() { return this._checkModeProperty(C.S_IFLNK); }
  isFIFO() { return this._checkModeProperty(C.S_IFIFO); }
  isSocket() { return this._checkModeProperty(C.S_IFSOCK); }
  isCharacterDevice() { return this._checkModeProperty(C.S_IFCHR); }
  isBlockDevice() { return this._checkModeProperty(C.S_IFBLK); }
  _checkModeProperty(property) {
    return (Number(this.mode) & C.S_IFMT) === property;
  }
}

class Stats extends StatsBase {
  constructor(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks,
    atimeMs, mtimeMs, ctimeMs, birthtimeMs) {
    super();
    Object.assign(this, { dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks,
      atimeMs, mtimeMs, ctimeMs, birthtimeMs });
    this.atime = dateOf(atimeMs);
    this.mtime = dateOf(mtimeMs);
    this.ctime = dateOf(ctimeMs);
    this.birthtime = dateOf(birthtimeMs);
  }
}

class BigIntStats extends StatsBase {
  constructor(f) {
    super();
    const names = ["dev", "mode", "nlink", "uid", "gid", "rdev", "blksize", "ino", "size", "blocks"];
    names.forEach((n, i) => { this[n] = BigInt(f[i]); });
    ["atime", "mtime", "ctime", "birthtime"].forEach((n, i) => {
      const ms = f[10 + i];
      this[n + "Ms"] = BigInt(Math.floor(ms));
      this[n + "Ns"] = BigInt(Math.floor(ms)) * 1000000n + BigInt(Math.round((ms % 1) * 1e6));
    });
    ["atime", "mtime", "ctime", "birthtime"].forEach((n, i) => { this[n] = dateOf(f[10 + i]); });
  }
}

function statsOf(f, options) {
  return options && options.bigint ? new BigIntStats(f) : new Stats(...f);
}

class Dirent {
  constructor(name, type, path) {
    this.name = name;
    this.parentPath = path;
    this.path = path;
    this[kType] = type;
  }
  isFile() { return this[kType] === C.UV_DIRENT_FILE; }
  isDirectory() { return this[kType] === C.UV_DIRENT_DIR; }
  isSymbolicLink() { return this[kType] === C.UV_DIRENT_LINK; }
  isFIFO() { return this[kType] === C.UV_DIRENT_FIFO; }
  isSocket() { return this[kType] === C.UV_DIRENT_SOCKET; }
  isCharacterDevice() { return this[kType] === C.UV_DIRENT_CHAR; }
  isBlockDevice() { return this[kType] === C.UV_DIRENT_BLOCK; }
}

class Dir {
  constructor(path, entries) {
    this.path = path;
    this._entries = entries;
    this._closed = false;
  }
  readSync() {
    if (this._closed) throw Object.assign(new Error("Directory handle was closed"), { code: "ERR_DIR_CLOSED" });
    return this._entries.shift() ?? null;
  }
  read(cb) {
    if (typeof cb === "function") return later(cb, () => this.readSync());
    return Promise.resolve().then(() => this.readSync());
  }
  closeSync() {
    if (this._closed) throw Object.assign(new Error("Directory handle was closed"), { code: "ERR_DIR_CLOSED" });
    this._closed = true;
  }
  close(cb) {
    if (typeof cb === "function") return later(cb, () => this.closeSync());
    return Promise.resolve().then(() => this.closeSync());
  }
  async *entries() {
    try {
      for (let d = this.readSync(); d !== null; d = this.readSync()) yield d;
    } finally {
      if (!this._closed) this.closeSync();
    }
  }
  [Symbol.asyncIterator]() {
    return this.entries();
  }
}

function later(cb, run) {
  let result;
  let error = null;
  try {
    result = run();
  } catch (e) {
    error = e;
  }
  setImmediate(() => (error ? cb(error) : cb(null, result)));
}

module.exports = { constants, FLAGS, Stats, BigIntStats, Dirent, Dir, statsOf, later, kType };
