// The pattern of user code that compresses: a pipeline through createGzip()
// and back through createGunzip(), a gzip made by Node read in pieces, a
// brotli stream, the promisified callback form, and crc32. Answers are what
// Node and bext must agree on (bext's compressed bytes are not Node's).
import { createGzip, createGunzip, createBrotliCompress, createBrotliDecompress, gzip, crc32, constants } from "node:zlib";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";

// gzipSync("hello from node\n".repeat(3)) in Node 20.
const NODE_GZIP = "H4sIAAAAAAAAA8tIzcnJV0grys9VyMtPSeXKIMAHAP32eiEwAAAA";

async function through(chunks, ...transforms) {
  const out = [];
  await pipeline(Readable.from(chunks), ...transforms, new Writable({
    write(chunk, encoding, callback) { out.push(chunk); callback(); },
  }));
  return Buffer.concat(out);
}

export default async function () {
  const rows = Array.from({ length: 300 }, (_, i) => `${i},row ${i},${i % 7 === 0 ? "seventh" : ""}\n`);
  const roundTrip = await through(rows, createGzip({ level: 9 }), createGunzip());
  const node = Buffer.from(NODE_GZIP, "base64");
  const pieces = [];
  for (let i = 0; i < node.length; i += 5) pieces.push(node.subarray(i, i + 5));
  const fromNode = await through(pieces, createGunzip());
  const brotli = await through(rows, createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    createBrotliDecompress());
  const packed = await promisify(gzip)("promisified");
  let error = null;
  try {
    await through([Buffer.from("not compressed")], createGunzip());
  } catch (e) {
    error = `${e.code} ${e.errno} ${e.message}`;
  }
  return {
    roundTrip: roundTrip.toString() === rows.join(""),
    bytes: roundTrip.length,
    fromNode: fromNode.toString(),
    brotli: brotli.toString() === rows.join(""),
    gzipHeader: [...packed.subarray(0, 3)],
    crc32: [crc32(rows.join("")), crc32("bext"), crc32(roundTrip, 7)],
    error,
  };
}
