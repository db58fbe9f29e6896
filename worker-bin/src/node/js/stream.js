// node:stream: Node's own stream code (the `readable-stream` package, which
// is Node's lib/internal/streams published on npm), with the web-stream
// adapters it leaves out (`Readable.toWeb`/`fromWeb`, `Writable.toWeb`/
// `fromWeb`, `Duplex.toWeb`/`fromWeb`) from ./stream_adapters.js, run only
// when one is called. As in Node, the module is the legacy `Stream` class,
// `require("stream").Stream === require("stream")`, and `promises` is
// node:stream/promises.
const Stream = require("internal/readable-stream");

const adapters = () => require("internal/stream_adapters");
function define(target, name, fn) {
  Object.defineProperty(target, name, { value: fn, writable: true, configurable: true });
}
define(Stream.Readable, "fromWeb", (readableStream, options) =>
  adapters().newStreamReadableFromReadableStream(readableStream, options));
define(Stream.Readable, "toWeb", (streamReadable, options) =>
  adapters().newReadableStreamFromStreamReadable(streamReadable, options));
define(Stream.Writable, "fromWeb", (writableStream, options) =>
  adapters().newStreamWritableFromWritableStream(writableStream, options));
define(Stream.Writable, "toWeb", (streamWritable) =>
  adapters().newWritableStreamFromStreamWritable(streamWritable));
define(Stream.Duplex, "fromWeb", (pair, options) =>
  adapters().newStreamDuplexFromReadableWritablePair(pair, options));
define(Stream.Duplex, "toWeb", (duplex) => adapters().newReadableWritablePairFromDuplex(duplex));

module.exports = Stream;
