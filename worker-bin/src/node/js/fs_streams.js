// fs.ReadStream and fs.WriteStream on node:stream, over the descriptors
// of ./fs.js: made on the first createReadStream()/createWriteStream(),
// so node:fs alone never loads node:stream. Events in Node's order:
// 'open' (fd), 'ready', the data, 'end'/'finish', 'close'.
module.exports = function (fs) {
  if (fs._streams) return fs._streams;
  const { Readable, Writable } = require("stream");
  const { toPath, optionsOf, bytes } = fs._internal;

  function ReadStream(path, options) {
    if (!(this instanceof ReadStream)) return new ReadStream(path, options);
    const o = optionsOf(options, {});
    Readable.call(this, { highWaterMark: o.highWaterMark ?? 65536, encoding: o.encoding,
      emitClose: o.emitClose ?? true, autoDestroy: o.autoClose ?? true, signal: o.signal });
    this.fd = o.fd ?? null;
    this.path = this.fd === null ? toPath(path) : undefined;
    this.flags = o.flags ?? "r";
    this.mode = o.mode ?? 0o666;
    this.start = o.start;
    this.end = o.end ?? Infinity;
    this.pos = this.start;
    this.bytesRead = 0;
    this.pending = this.fd === null;
  }
  Object.setPrototypeOf(ReadStream.prototype, Readable.prototype);
  Object.setPrototypeOf(ReadStream, Readable);

  ReadStream.prototype._construct = function (cb) {
    if (this.fd !== null) return cb();
    try {
      this.fd = fs.openSync(this.path, this.flags, this.mode);
    } catch (e) {
      return cb(e);
    }
    this.pending = false;
    cb();
    this.emit("open", this.fd);
    this.emit("ready");
  };

  ReadStream.prototype._read = function (n) {
    const left = this.end === Infinity ? n : Math.min(n, this.end - (this.pos ?? this.bytesRead) + 1);
    if (left <= 0) return this.push(null);
    let chunk;
    try {
      chunk = fs._internal.host.fs("read", this.fd, left, this.pos ?? -1);
    } catch (e) {
      return this.destroy(e);
    }
    if (chunk.length === 0) return this.push(null);
    if (this.pos !== undefined) this.pos += chunk.length;
    this.bytesRead += chunk.length;
    this.push(bytes(chunk));
  };

  ReadStream.prototype._destroy = function (err, cb) {
    if (this.fd !== null && this.fd >= 0) {
      try { fs.closeSync(this.fd); } catch {}
      this.fd = null;
    }
    cb(err);
  };

  ReadStream.prototype.close = function (cb) {
    if (typeof cb === "function") require("stream").finished(this, cb);
    this.destroy();
  };

  function WriteStream(path, options) {
    if (!(this instanceof WriteStream)) return new WriteStream(path, options);
    const o = optionsOf(options, {});
    Writable.call(this, { highWaterMark: o.highWaterMark, decodeStrings: true,
      defaultEncoding: o.encoding ?? "utf8", emitClose: o.emitClose ?? true,
      autoDestroy: o.autoClose ?? true, signal: o.signal });
    this.fd = o.fd ?? null;
    this.path = this.fd === null ? toPath(path) : undefined;
    this.flags = o.flags ?? "w";
    this.mode = o.mode ?? 0o666;
    this.start = o.start;
    this.pos = this.start;
    this.bytesWritten = 0;
    this.pending = this.fd === null;
  }
  Object.setPrototypeOf(WriteStream.prototype, Writable.prototype);
  Object.setPrototypeOf(WriteStream, Writable);

  WriteStream.prototype._construct = ReadStream.prototype._construct;
  WriteStream.prototype._destroy = ReadStream.prototype._destroy;

  WriteStream.prototype._write = function (chunk, _encoding, cb) {
    try {
      const n = fs.writeSync(this.fd, chunk, 0, chunk.length, this.pos ?? null);
      if (this.pos !== undefined) this.pos += n;
      this.bytesWritten += n;
    } catch (e) {
      return cb(e);
    }
    cb();
  };

  WriteStream.prototype.close = function (cb) {
    if (typeof cb === "function") require("stream").finished(this, (e) => cb(e ?? null));
    if (!this.writableEnded) this.end();
    else this.destroy();
  };
  WriteStream.prototype.destroySoon = WriteStream.prototype.end;

  const out = { ReadStream, WriteStream };
  Object.defineProperty(fs, "_streams", { value: out });
  return out;
};
