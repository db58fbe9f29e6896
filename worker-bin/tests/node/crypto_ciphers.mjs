// node:crypto's pbkdf2/scrypt/hkdf and createCipheriv/createDecipheriv (and
// as a stream). Fixed inputs: every deterministic output is printed whole.
import crypto from "node:crypto";
import { Buffer } from "node:buffer";

const h = (b) => Buffer.from(b).toString("hex");
function err(print, f) {
  try { f(); print("no error"); } catch (e) { print(e.name, e.code, e.message); }
}

export async function run(print) {
  // Key derivation.
  print(crypto.pbkdf2Sync("password", "salt", 1000, 32, "sha256").toString("hex"));
  print(crypto.pbkdf2Sync(Buffer.from("pw"), "salt", 1, 20, "sha1").toString("hex"), crypto.pbkdf2Sync("pw", "s", 2, 64, "sha512").toString("base64"));
  print(crypto.scryptSync("password", "salt", 32, { N: 1024 }).toString("hex"));
  print(crypto.scryptSync("pw", "NaCl", 16, { N: 1024, r: 8, p: 2 }).toString("hex"), crypto.scryptSync("pw", "s", 8, { cost: 16, blockSize: 1, parallelization: 1 }).toString("hex"));
  print(h(crypto.hkdfSync("sha256", "key", "salt", "info", 42)), crypto.hkdfSync("sha512", "k", "", "", 10) instanceof ArrayBuffer);
  print(await new Promise((res) => crypto.pbkdf2("a", "b", 10, 8, "sha512", (e, k) => res(k.toString("hex")))));
  print(await new Promise((res) => crypto.scrypt("a", "b", 8, { N: 256, r: 4 }, (e, k) => res(k.toString("hex")))));
  print(await new Promise((res) => crypto.hkdf("sha1", "a", "b", "c", 8, (e, k) => res(h(new Uint8Array(k))))));
  err(print, () => crypto.pbkdf2Sync("a", "b", 1, 10, "nope"));
  err(print, () => crypto.scryptSync("a", "b", 16, { N: 3 }));
  err(print, () => crypto.hkdfSync("sha256", "k", "s", "i", 100000));

  // Ciphers.
  const key16 = Buffer.from("000102030405060708090a0b0c0d0e0f", "hex");
  const key32 = Buffer.alloc(32, 7);
  const iv16 = Buffer.alloc(16, 1), iv12 = Buffer.alloc(12, 2);
  const text = "The quick brown fox jumps over the lazy dog, twice: the quick brown fox.";
  for (const [name, key, iv] of [["aes-128-cbc", key16, iv16], ["aes-256-cbc", key32, iv16], ["aes-128-ecb", key16, null],
    ["aes-192-ctr", Buffer.alloc(24, 3), iv16], ["aes-256-ctr", key32, Buffer.alloc(16, 0xff)], ["aes-128-gcm", key16, iv12],
    ["aes-256-gcm", key32, Buffer.alloc(7, 9)], ["chacha20-poly1305", key32, iv12]]) {
    const c = crypto.createCipheriv(name, key, iv);
    if (name.includes("gcm") || name.includes("poly")) c.setAAD(Buffer.from("header"));
    const parts = [c.update(text.slice(0, 5), "utf8", "hex"), c.update(text.slice(5), "utf8", "hex"), c.final("hex")];
    const tag = name.includes("gcm") || name.includes("poly") ? c.getAuthTag() : null;
    print(name, parts.map((p) => p.length).join(","), parts.join(""), tag && tag.toString("hex"));
    const d = crypto.createDecipheriv(name, key, iv);
    if (tag) { d.setAAD(Buffer.from("header")); d.setAuthTag(tag); }
    print(d.update(parts.join(""), "hex", "utf8") + d.final("utf8") === text);
  }
  const nopad = crypto.createCipheriv("aes-128-cbc", key16, iv16).setAutoPadding(false);
  print(Buffer.concat([nopad.update(Buffer.alloc(32, 5)), nopad.final()]).toString("base64"));
  const short = crypto.createCipheriv("aes-128-gcm", key16, iv12, { authTagLength: 8 });
  short.update("abc");
  short.final();
  print(short.getAuthTag().toString("hex"));
  const b64 = crypto.createCipheriv("aes-128-ctr", key16, iv16);
  print([b64.update("a", "utf8", "base64"), b64.update("bcd", "utf8", "base64"), b64.final("base64")].join("|"));
  err(print, () => crypto.createCipheriv("aes-128-cbc", Buffer.alloc(5), iv16));
  err(print, () => crypto.createCipheriv("aes-128-cbc", key16, Buffer.alloc(3)));
  err(print, () => crypto.createCipheriv("nope", key16, iv16));
  err(print, () => { const d = crypto.createDecipheriv("aes-128-cbc", key16, iv16); d.update(Buffer.alloc(16)); d.final(); });
  err(print, () => { const d = crypto.createDecipheriv("aes-128-cbc", key16, iv16); d.update(Buffer.alloc(5)); d.final(); });
  err(print, () => { const d = crypto.createDecipheriv("aes-128-gcm", key16, iv12); d.update(Buffer.alloc(5)); d.setAuthTag(Buffer.alloc(16)); d.final(); });
  err(print, () => crypto.createCipheriv("aes-128-gcm", key16, iv12).getAuthTag());
  // A cipher is a Transform.
  const streamed = await new Promise((resolve) => {
    const c = crypto.createCipheriv("aes-128-cbc", key16, iv16);
    const out = [];
    c.on("data", (b) => out.push(b));
    c.on("end", () => resolve(Buffer.concat(out).toString("hex")));
    c.write(text.slice(0, 20));
    c.end(text.slice(20));
  });
  const once = crypto.createCipheriv("aes-128-cbc", key16, iv16);
  print(streamed === once.update(text, "utf8", "hex") + once.final("hex"));

  // Last: Node leaves OpenSSL's memory-limit error queued, and a later
  // OpenSSL error of Node's would show it instead of its own.
  err(print, () => crypto.scryptSync("a", "b", 16, { N: 2 ** 15 }));
  err(print, () => crypto.scryptSync("a", "b", 16, { N: 2 ** 14, maxmem: 1 << 20 }));
}
