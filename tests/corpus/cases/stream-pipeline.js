// The pattern of user code that streams: a pipeline of a Readable through
// Transforms (one a generator) into a Writable, with backpressure.
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

export default async function () {
  const lines = [];
  let drains = 0;
  const sink = new Writable({
    highWaterMark: 8,
    write(chunk, encoding, callback) { lines.push(chunk.toString()); setTimeout(callback, 0); },
  });
  sink.on("drain", () => { drains += 1; });
  const csv = ["id,name", "1,ada", "2,grace", "3,linus"].join("\n");
  await pipeline(
    Readable.from([csv.slice(0, 10), csv.slice(10)]),
    new Transform({
      readableObjectMode: true,
      transform(chunk, encoding, callback) {
        this.rest = (this.rest || "") + chunk;
        const parts = this.rest.split("\n");
        this.rest = parts.pop();
        for (const p of parts) this.push(p);
        callback();
      },
      flush(callback) { callback(null, this.rest); },
    }),
    async function* (rows) {
      for await (const row of rows) if (!row.startsWith("id")) yield `${row.split(",")[1].toUpperCase()}\n`;
    },
    sink,
  );
  return { lines, drains: drains > 0, finished: sink.writableFinished };
}
