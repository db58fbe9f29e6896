// Buffer: encodings and everyday methods; `import { Buffer } from "buffer"` (bare).
import { Buffer } from "buffer";
import nodeBuffer from "node:buffer";

export async function run(print) {
  print(Buffer === nodeBuffer.Buffer, Buffer === globalThis.Buffer);
  const b = Buffer.from("héllo wörld €", "utf8");
  for (const enc of ["hex", "base64", "base64url", "latin1", "ascii", "utf16le", "utf8"]) print(enc, b.toString(enc));
  print(Buffer.from("aGVsbG8", "base64").toString(), Buffer.from("68656c6c6f", "hex").toString());
  print(b.length, Buffer.byteLength("€uro"), Buffer.isBuffer(b), Buffer.isBuffer(new Uint8Array(2)));
  print(Buffer.concat([Buffer.from("ab"), Buffer.from("cd")]).toString(), Buffer.compare(Buffer.from("a"), Buffer.from("b")));
  print(b.slice(1, 4).toString("hex"), b.subarray(-3).toString("hex"), b.indexOf("l"), b.includes("wörld"));
  const w = Buffer.alloc(16);
  w.writeUInt32BE(0xdeadbeef, 0);
  w.writeInt16LE(-2, 4);
  w.writeDoubleLE(1.5, 6);
  print(w.toString("hex"), w.readUInt32BE(0), w.readInt16LE(4), w.readDoubleLE(6));
  w.writeBigUInt64BE(2n ** 63n, 8);
  print(w.readBigUInt64BE(8));
  print(JSON.stringify(Buffer.from([1, 2, 3])), Buffer.from("abc").equals(Buffer.from("abc")));
  print(Buffer.alloc(3, "ab").toString(), Buffer.from("xyz").fill("q").toString());
}
