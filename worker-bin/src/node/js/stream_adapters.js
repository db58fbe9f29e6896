// Node's node:stream <-> web stream adapters (lib/internal/webstreams/
// adapters.js in Node 20, which readable-stream leaves out), over the
// worker's own ReadableStream / WritableStream. Loaded on the first
// `Readable.toWeb` (or any of the five others).
const { Buffer } = require("buffer");
const process = require("process");
const { Readable, Writable, Duplex, finished, destroy, isDestroyed, isReadable, isWritable } =
  require("stream");

function argType(name, type, value) {
  const got = value === null ? "null" : value === undefined ? "undefined" : `type ${typeof value}`;
  const e = new TypeError(`The "${name}" argument must be an instance of ${type}. Received ${got}`);
  e.code = "ERR_INVALID_ARG_TYPE";
  return e;
}

class AbortError extends Error {
  constructor(message = "The operation was aborted", options = undefined) {
    super(message, options);
    this.code = "ABORT_ERR";
    this.name = "AbortError";
  }
}

function prematureClose() {
  const e = new Error("Premature close");
  e.code = "ERR_STREAM_PREMATURE_CLOSE";
  return e;
}

const isWritableEnded = (s) => s.writableEnded === true || s._writableState.ended === true;

function deferred() {
  let resolve, reject;
  const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

// Callbacks run from promise reactions: what they throw must not become an
// unhandled rejection, so it is thrown again outside the promise.
function rethrowLater(error) {
  process.nextTick(() => { throw error; });
}

function newReadableStreamFromStreamReadable(streamReadable, options = {}) {
  if (typeof streamReadable?._readableState !== "object") {
    throw argType("streamReadable", "stream.Readable", streamReadable);
  }
  if (isDestroyed(streamReadable) || !isReadable(streamReadable)) {
    const readable = new ReadableStream();
    readable.cancel();
    return readable;
  }
  const objectMode = streamReadable.readableObjectMode;
  const highWaterMark = streamReadable.readableHighWaterMark;
  const strategy = options?.strategy ||
    (objectMode ? new CountQueuingStrategy({ highWaterMark }) : { highWaterMark });
  let controller;
  function onData(chunk) {
    // A copy, so the web side never shares a Buffer's pool.
    if (Buffer.isBuffer(chunk) && !objectMode) chunk = new Uint8Array(chunk);
    controller.enqueue(chunk);
    if (controller.desiredSize <= 0) streamReadable.pause();
  }
  function onFinished(error) {
    cleanup();
    // Legacy streams may emit 'error' again after finished.
    streamReadable.on("error", () => {});
    if (error) return controller.error(error);
    controller.close();
  }
  const cleanup = finished(streamReadable, onFinished);
  streamReadable.on("data", onData);
  return new ReadableStream({
    start(c) { controller = c; },
    pull() { streamReadable.resume(); },
    cancel(reason) { destroy(streamReadable, reason); },
  }, strategy);
}

function newStreamReadableFromReadableStream(readableStream, options = {}) {
  if (!(readableStream instanceof ReadableStream)) {
    throw argType("readableStream", "ReadableStream", readableStream);
  }
  const { highWaterMark, encoding, objectMode = false, signal } = options;
  if (encoding !== undefined && !Buffer.isEncoding(encoding)) {
    const e = new TypeError(`The argument 'options.encoding' is invalid. Received '${encoding}'`);
    e.code = "ERR_INVALID_ARG_VALUE";
    throw e;
  }
  const reader = readableStream.getReader();
  let closed = false;
  const readable = new Readable({
    objectMode, highWaterMark, encoding, signal,
    read() {
      reader.read().then(
        (chunk) => readable.push(chunk.done ? null : chunk.value),
        (error) => destroy(readable, error));
    },
    destroy(error, callback) {
      function done() {
        try { callback(error); } catch (e) { rethrowLater(e); }
      }
      if (!closed) {
        reader.cancel(error).then(done, done);
        return;
      }
      done();
    },
  });
  reader.closed.then(() => { closed = true; }, (error) => { closed = true; destroy(readable, error); });
  return readable;
}

function newWritableStreamFromStreamWritable(streamWritable) {
  if (typeof streamWritable?._writableState !== "object") {
    throw argType("streamWritable", "stream.Writable", streamWritable);
  }
  if (isDestroyed(streamWritable) || !isWritable(streamWritable)) {
    const writable = new WritableStream();
    writable.close();
    return writable;
  }
  const highWaterMark = streamWritable.writableHighWaterMark;
  const strategy = streamWritable.writableObjectMode
    ? new CountQueuingStrategy({ highWaterMark })
    : { highWaterMark };
  let controller;
  let backpressure;
  let closed;
  function onDrain() {
    if (backpressure !== undefined) backpressure.resolve();
  }
  const cleanup = finished(streamWritable, (error) => {
    if (error?.code === "ERR_STREAM_PREMATURE_CLOSE") error = new AbortError(undefined, { cause: error });
    cleanup();
    streamWritable.on("error", () => {});
    if (error != null) {
      if (backpressure !== undefined) backpressure.reject(error);
      // An error after close() began rejects that close.
      if (closed !== undefined) {
        closed.reject(error);
        closed = undefined;
      }
      controller.error(error);
      controller = undefined;
      return;
    }
    if (closed !== undefined) {
      closed.resolve();
      closed = undefined;
      return;
    }
    controller.error(new AbortError());
    controller = undefined;
  });
  streamWritable.on("drain", onDrain);
  return new WritableStream({
    start(c) { controller = c; },
    write(chunk) {
      if (streamWritable.writableNeedDrain || !streamWritable.write(chunk)) {
        backpressure = deferred();
        return backpressure.promise.finally(() => { backpressure = undefined; });
      }
    },
    abort(reason) { destroy(streamWritable, reason); },
    close() {
      if (closed === undefined && !streamWritable.writableEnded) {
        closed = deferred();
        streamWritable.end();
        return closed.promise;
      }
      controller = undefined;
      return Promise.resolve();
    },
  }, strategy);
}

function newStreamWritableFromWritableStream(writableStream, options = {}) {
  if (!(writableStream instanceof WritableStream)) {
    throw argType("writableStream", "WritableStream", writableStream);
  }
  const { highWaterMark, decodeStrings = true, objectMode = false, signal } = options;
  const writer = writableStream.getWriter();
  let closed = false;
  const writable = new Writable({
    highWaterMark, objectMode, decodeStrings, signal,
    writev(chunks, callback) {
      function done(error) {
        try { callback(error); } catch (e) { process.nextTick(() => destroy(writable, e)); }
      }
      writer.ready.then(
        () => Promise.all(chunks.map((data) => writer.write(data.chunk))).then(() => done(), done),
        done);
    },
    write(chunk, encoding, callback) {
      if (typeof chunk === "string" && decodeStrings && !objectMode) {
        const b = Buffer.from(chunk, encoding);
        chunk = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      }
      function done(error) {
        try { callback(error); } catch (e) { destroy(writable, e); }
      }
      writer.ready.then(() => writer.write(chunk).then(done, done), done);
    },
    destroy(error, callback) {
      function done() {
        try { callback(error); } catch (e) { rethrowLater(e); }
      }
      if (!closed) {
        if (error != null) writer.abort(error).then(done, done);
        else writer.close().then(done, done);
        return;
      }
      done();
    },
    final(callback) {
      function done(error) {
        try { callback(error); } catch (e) { process.nextTick(() => destroy(writable, e)); }
      }
      if (!closed) writer.close().then(done, done);
    },
  });
  writer.closed.then(() => {
    // Closed on the web side before the Writable was ended.
    closed = true;
    if (!isWritableEnded(writable)) destroy(writable, prematureClose());
  }, (error) => {
    closed = true;
    destroy(writable, error);
  });
  return writable;
}

function newReadableWritablePairFromDuplex(duplex) {
  if (typeof duplex?._writableState !== "object" || typeof duplex?._readableState !== "object") {
    throw argType("duplex", "stream.Duplex", duplex);
  }
  if (isDestroyed(duplex)) {
    const writable = new WritableStream();
    const readable = new ReadableStream();
    writable.close();
    readable.cancel();
    return { readable, writable };
  }
  let writable;
  if (isWritable(duplex)) {
    writable = newWritableStreamFromStreamWritable(duplex);
  } else {
    writable = new WritableStream();
    writable.close();
  }
  let readable;
  if (isReadable(duplex)) {
    readable = newReadableStreamFromStreamReadable(duplex);
  } else {
    readable = new ReadableStream();
    readable.cancel();
  }
  return { writable, readable };
}

function newStreamDuplexFromReadableWritablePair(pair = {}, options = {}) {
  if (typeof pair !== "object" || pair === null) throw argType("pair", "Object", pair);
  const { readable: readableStream, writable: writableStream } = pair;
  if (!(readableStream instanceof ReadableStream)) {
    throw argType("pair.readable", "ReadableStream", readableStream);
  }
  if (!(writableStream instanceof WritableStream)) {
    throw argType("pair.writable", "WritableStream", writableStream);
  }
  const { allowHalfOpen = false, objectMode = false, encoding, decodeStrings = true,
    highWaterMark, signal } = options;
  const writer = writableStream.getWriter();
  const reader = readableStream.getReader();
  let writableClosed = false;
  let readableClosed = false;
  const duplex = new Duplex({
    allowHalfOpen, highWaterMark, objectMode, encoding, decodeStrings, signal,
    writev(chunks, callback) {
      function done(error) {
        try { callback(error); } catch (e) { process.nextTick(() => destroy(duplex, e)); }
      }
      writer.ready.then(
        () => Promise.all(chunks.map((data) => writer.write(data.chunk))).then(() => done(), done),
        done);
    },
    write(chunk, encoding, callback) {
      if (typeof chunk === "string" && decodeStrings && !objectMode) {
        const b = Buffer.from(chunk, encoding);
        chunk = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      }
      function done(error) {
        try { callback(error); } catch (e) { destroy(duplex, e); }
      }
      writer.ready.then(() => writer.write(chunk).then(done, done), done);
    },
    final(callback) {
      function done(error) {
        try { callback(error); } catch (e) { process.nextTick(() => destroy(duplex, e)); }
      }
      if (!writableClosed) writer.close().then(done, done);
    },
    read() {
      reader.read().then(
        (chunk) => duplex.push(chunk.done ? null : chunk.value),
        (error) => destroy(duplex, error));
    },
    destroy(error, callback) {
      function done() {
        try { callback(error); } catch (e) { rethrowLater(e); }
      }
      async function closeWriter() {
        if (!writableClosed) await writer.abort(error);
      }
      async function closeReader() {
        if (!readableClosed) await reader.cancel(error);
      }
      if (!writableClosed || !readableClosed) {
        Promise.all([closeWriter(), closeReader()]).then(done, done);
        return;
      }
      done();
    },
  });
  writer.closed.then(() => {
    writableClosed = true;
    if (!isWritableEnded(duplex)) destroy(duplex, prematureClose());
  }, (error) => {
    writableClosed = true;
    readableClosed = true;
    destroy(duplex, error);
  });
  reader.closed.then(() => { readableClosed = true; }, (error) => {
    writableClosed = true;
    readableClosed = true;
    destroy(duplex, error);
  });
  return duplex;
}

module.exports = {
  newReadableStreamFromStreamReadable,
  newStreamReadableFromReadableStream,
  newWritableStreamFromStreamWritable,
  newStreamWritableFromWritableStream,
  newReadableWritablePairFromDuplex,
  newStreamDuplexFromReadableWritablePair,
};
