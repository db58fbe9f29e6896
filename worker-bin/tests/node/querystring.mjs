// node:querystring and node:string_decoder.
import qs from "querystring";
import { StringDecoder } from "node:string_decoder";

export async function run(print) {
  print(JSON.stringify(qs.parse("a=1&b=2&b=3&c=%20x+y&d&e=")));
  print(qs.stringify({ a: [1, 2], b: "x y", c: "é&=", d: "" }), qs.stringify({ w: "1", x: "2" }, ";", ":"));
  print(JSON.stringify(qs.parse("a:1;b:2", ";", ":")), qs.escape("a b&c"), qs.unescape("a%20b"));
  const d = new StringDecoder("utf8");
  const euro = Buffer.from("€");
  print(JSON.stringify(d.write(euro.subarray(0, 1))), JSON.stringify(d.write(euro.subarray(1))), JSON.stringify(d.end()));
  const h = new StringDecoder("hex");
  print(h.write(Buffer.from([1, 255])), h.end(Buffer.from([16])));
}
