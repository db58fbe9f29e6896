// node:fs/promises: the synchronous forms of ./fs.js run in a promise's
// job (the file room answers at once), and FileHandle over a descriptor.
const { Buffer } = require("buffer");

module.exports = function (fs) {
  if (fs._promises) return fs._promises;
  const { toPath, dataOf, optionsOf } = fs._internal;

  const wrap = (f) => async (...args) => f(...args);

  class FileHandle {
    constructor(fd) {
      this.fd = fd;
    }
    getAsyncId() { return this.fd; }
    async read(buffer, offset, length, position) {
      if (buffer == null || !ArrayBuffer.isView(buffer)) {
        const o = buffer || {};
        buffer = o.buffer || Buffer.alloc(16384);
        ({ offset = 0, length = buffer.byteLength - offset, position = null } = o);
      } else if (offset != null && typeof offset === "object") {
        ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset);
      }
      const bytesRead = fs.readSync(this.fd, buffer, offset ?? 0, length, position);
      return { bytesRead, buffer };
    }
    async write(data, ...rest) {
      const bytesWritten = fs.writeSync(this.fd, data, ...rest);
      return { bytesWritten, buffer: data };
    }
    async readFile(options) { return fs.readFileSync(this.fd, options); }
    async writeFile(data, options) {
      const o = optionsOf(options, { encoding: "utf8" });
      fs.writeSync(this.fd, dataOf(data, o.encoding));
    }
    async appendFile(data, options) { return this.writeFile(data, options); }
    async stat(options) { return fs.fstatSync(this.fd, options); }
    async truncate(len) { return fs.ftruncateSync(this.fd, len); }
    async sync() {}
    async datasync() {}
    async chmod() {}
    async chown() {}
    async utimes() {}
    async close() {
      if (this.fd === -1) return;
      const fd = this.fd;
      this.fd = -1;
      fs.closeSync(fd);
    }
    createReadStream(options) { return fs.createReadStream(null, { ...options, fd: this.fd }); }
    createWriteStream(options) { return fs.createWriteStream(null, { ...options, fd: this.fd }); }
    async [Symbol.asyncDispose]() { return this.close(); }
  }

  const promises = {
    access: wrap(fs.accessSync),
    appendFile: wrap(fs.appendFileSync),
    chmod: wrap(fs.chmodSync),
    chown: wrap(fs.chownSync),
    copyFile: wrap(fs.copyFileSync),
    cp: wrap(fs.cpSync),
    lchown: wrap(fs.lchownSync),
    link: wrap(fs.linkSync),
    lstat: wrap(fs.lstatSync),
    lutimes: wrap(fs.lutimesSync),
    mkdir: wrap(fs.mkdirSync),
    mkdtemp: wrap(fs.mkdtempSync),
    open: async (path, flags, mode) => new FileHandle(fs.openSync(toPath(path), flags, mode)),
    opendir: wrap(fs.opendirSync),
    readdir: wrap(fs.readdirSync),
    readFile: async (path, options) => path instanceof FileHandle
      ? path.readFile(options) : fs.readFileSync(path, options),
    readlink: wrap(fs.readlinkSync),
    realpath: wrap(fs.realpathSync.native),
    rename: wrap(fs.renameSync),
    rm: wrap(fs.rmSync),
    rmdir: wrap(fs.rmdirSync),
    stat: wrap(fs.statSync),
    symlink: wrap(fs.symlinkSync),
    truncate: wrap(fs.truncateSync),
    unlink: wrap(fs.unlinkSync),
    utimes: wrap(fs.utimesSync),
    watch: wrap(fs.watch),
    writeFile: async (path, data, options) => path instanceof FileHandle
      ? path.writeFile(data, options) : fs.writeFileSync(path, data, options),
    constants: fs.constants,
    FileHandle,
  };
  Object.defineProperty(fs, "_promises", { value: promises });
  return promises;
};
