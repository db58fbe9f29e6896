// node:stream/web: the worker's own web streams (the globals), as Node's
// module names them. CompressionStream and DecompressionStream are here
// when the worker has them.
const names = [
  "ReadableStream", "ReadableStreamDefaultReader", "ReadableStreamBYOBReader",
  "ReadableStreamBYOBRequest", "ReadableByteStreamController", "ReadableStreamDefaultController",
  "TransformStream", "TransformStreamDefaultController", "WritableStream",
  "WritableStreamDefaultWriter", "WritableStreamDefaultController", "ByteLengthQueuingStrategy",
  "CountQueuingStrategy", "TextEncoderStream", "TextDecoderStream", "CompressionStream",
  "DecompressionStream",
];
for (const name of names) {
  if (typeof globalThis[name] === "function") exports[name] = globalThis[name];
}
