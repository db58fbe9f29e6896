// Encoding standard: TextEncoder, TextDecoder, the streams.
const bytes = (...b) => new Uint8Array(b);
const hex = (u8) => Array.from(u8, (b) => b.toString(16).padStart(2, "0")).join(" ");

test("TextEncoder encodes UTF-8", () => {
  const e = new TextEncoder();
  eq(e.encoding, "utf-8");
  eq(hex(e.encode("a€😀")), "61 e2 82 ac f0 9f 98 80");
  eq(e.encode().length, 0);
  eq(e.encode(undefined).length, 0);
});
test("TextEncoder turns unpaired surrogates into U+FFFD", () => {
  const e = new TextEncoder();
  eq(hex(e.encode("\uD800")), "ef bf bd");
  eq(hex(e.encode("a\uDC00b")), "61 ef bf bd 62");
  eq(hex(e.encode("\uDBFF\uD800")), "ef bf bd ef bf bd");
});
test("encodeInto writes whole code points and counts", () => {
  const e = new TextEncoder();
  const d = new Uint8Array(5);
  same(e.encodeInto("a😀b", d), { read: 3, written: 5 });
  const small = new Uint8Array(3);
  same(e.encodeInto("a😀", small), { read: 1, written: 1 });
  same(e.encodeInto("\uD800x", new Uint8Array(4)), { read: 2, written: 4 });
  throws(TypeError, () => e.encodeInto("a", new Uint16Array(2)));
});
test("labels: every WHATWG encoding, case and ASCII whitespace", () => {
  const cases = [["utf8", "utf-8"], ["unicode-1-1-utf-8", "utf-8"], ["UTF-16", "utf-16le"], ["utf-16be", "utf-16be"],
    ["latin1", "windows-1252"], ["ascii", "windows-1252"], ["iso-8859-2", "iso-8859-2"], ["koi8-r", "koi8-r"],
    ["sjis", "shift_jis"], ["euc-jp", "euc-jp"], ["iso-2022-jp", "iso-2022-jp"], ["gbk", "gbk"], ["gb18030", "gb18030"],
    ["big5", "big5"], ["euc-kr", "euc-kr"], ["x-user-defined", "x-user-defined"], ["macintosh", "macintosh"],
    [" \t\n\f\rutf-8 \r\n", "utf-8"], ["unicode11utf8", "utf-8"], ["x-unicode20utf8", "utf-8"], ["unicodefffe", "utf-16be"]];
  for (const [label, name] of cases) eq(new TextDecoder(label).encoding, name, label);
});
test("labels: padding other than ASCII whitespace and replacement labels are refused", () => {
  for (const bad of ["\vutf-8", "utf-8\v", "\u00a0utf-8", "utf-8\u2028", "\u3000utf-8", "iso-2022-kr", "replacement", "hz-gb-2312", "utf-7", "", "utf-32"])
    throws(RangeError, () => new TextDecoder(bad), JSON.stringify(bad));
});
test("decode: UTF-8 with and without BOM, fatal and replacement", () => {
  eq(new TextDecoder().decode(bytes(0xef, 0xbb, 0xbf, 0x61)), "a");
  eq(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes(0xef, 0xbb, 0xbf, 0x61)), "\uFEFFa");
  eq(new TextDecoder().decode(bytes(0x61, 0xff, 0x62)), "a\uFFFDb");
  eq(new TextDecoder().decode(bytes(0xf0, 0x9f, 0x98)), "\uFFFD");
  eq(new TextDecoder().decode(bytes(0xed, 0xa0, 0x80)), "\uFFFD\uFFFD\uFFFD");
  throws(TypeError, () => new TextDecoder("utf-8", { fatal: true }).decode(bytes(0xff)));
  eq(new TextDecoder().decode(), "");
  eq(new TextDecoder().decode(new Uint8Array([0x61, 0x62, 0x63]).subarray(1)), "bc");
  eq(new TextDecoder().decode(new Uint8Array([0x61, 0x62]).buffer), "ab");
  eq(new TextDecoder().decode(new DataView(new Uint8Array([0x78]).buffer)), "x");
});
test("decode: UTF-16LE and UTF-16BE, BOM and unpaired surrogates", () => {
  eq(new TextDecoder("utf-16le").decode(bytes(0xff, 0xfe, 0x41, 0x00, 0x3d, 0xd8, 0x00, 0xde)), "A😀");
  eq(new TextDecoder("utf-16be").decode(bytes(0xfe, 0xff, 0x00, 0x41)), "A");
  eq(new TextDecoder("utf-16be").decode(bytes(0xff, 0xfe, 0x00, 0x41)), "\uFFFEA", "a BOM of the other order is a character");
  eq(new TextDecoder("utf-16le").decode(bytes(0x00, 0xd8, 0x41, 0x00)), "\uFFFDA");
  eq(new TextDecoder("utf-16le").decode(bytes(0x41)), "\uFFFD", "an odd byte");
  throws(TypeError, () => new TextDecoder("utf-16le", { fatal: true }).decode(bytes(0x00, 0xd8)));
});
test("decode: single-byte legacy encodings", () => {
  eq(new TextDecoder("windows-1252").decode(bytes(0x80, 0xe9, 0x41)), "€éA");
  eq(new TextDecoder("iso-8859-5").decode(bytes(0xb0)), "А");
  eq(new TextDecoder("koi8-r").decode(bytes(0xc1)), "а");
  eq(new TextDecoder("x-user-defined").decode(bytes(0x80, 0x41)), "\uF780A");
  eq(new TextDecoder("iso-8859-3").decode(bytes(0xa5)), "\uFFFD", "an unmapped byte");
  throws(TypeError, () => new TextDecoder("iso-8859-3", { fatal: true }).decode(bytes(0xa5)));
});
test("decode: multi-byte legacy encodings", () => {
  eq(new TextDecoder("shift_jis").decode(bytes(0x82, 0xa0)), "あ");
  eq(new TextDecoder("euc-jp").decode(bytes(0xa4, 0xa2)), "あ");
  eq(new TextDecoder("iso-2022-jp").decode(bytes(0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42)), "あ");
  eq(new TextDecoder("gbk").decode(bytes(0xc4, 0xe3)), "你");
  eq(new TextDecoder("gb18030").decode(bytes(0x81, 0x30, 0x81, 0x30)), "\u0080");
  eq(new TextDecoder("big5").decode(bytes(0xa4, 0x40)), "一");
  eq(new TextDecoder("euc-kr").decode(bytes(0xb0, 0xa1)), "가");
});
test("stream: a UTF-8 character split across chunks", () => {
  const d = new TextDecoder();
  const all = [0x61, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x62];
  for (let cut = 1; cut < all.length; cut++) {
    const out = d.decode(new Uint8Array(all.slice(0, cut)), { stream: true }) + d.decode(new Uint8Array(all.slice(cut)));
    eq(out, "a€😀b", `cut at ${cut}`);
  }
  let s = "";
  for (const b of all) s += d.decode(bytes(b), { stream: true });
  eq(s + d.decode(), "a€😀b", "byte by byte");
  eq(d.decode(bytes(0xe2), { stream: true }) + d.decode(), "\uFFFD", "an unfinished character at the end");
});
test("stream: UTF-16 and a multi-byte encoding split across chunks", () => {
  const d = new TextDecoder("utf-16le");
  eq(d.decode(bytes(0x3d), { stream: true }) + d.decode(bytes(0xd8, 0x00), { stream: true }) + d.decode(bytes(0xde)), "😀");
  const j = new TextDecoder("shift_jis");
  eq(j.decode(bytes(0x82), { stream: true }) + j.decode(bytes(0xa0)), "あ");
  const i = new TextDecoder("iso-2022-jp");
  eq(i.decode(bytes(0x1b, 0x24, 0x42), { stream: true }) + i.decode(bytes(0x24, 0x22), { stream: true }) + i.decode(), "あ");
});
test("stream: the BOM is dropped once, a new stream starts fresh", () => {
  const d = new TextDecoder();
  eq(d.decode(bytes(0xef, 0xbb), { stream: true }) + d.decode(bytes(0xbf, 0x61), { stream: true }) + d.decode(bytes(0xef, 0xbb, 0xbf)), "a\uFEFF");
  eq(d.decode(bytes(0xef, 0xbb, 0xbf, 0x62)), "b");
});
test("stream: fatal errors throw and reset the decoder", () => {
  const d = new TextDecoder("utf-8", { fatal: true });
  eq(d.decode(bytes(0xe2, 0x82), { stream: true }), "");
  throws(TypeError, () => d.decode(bytes(0x41), { stream: true }));
  eq(d.decode(bytes(0x41)), "A");
});
test("attributes and option dictionaries", () => {
  const d = new TextDecoder("utf-16le", { fatal: true, ignoreBOM: true });
  same([d.encoding, d.fatal, d.ignoreBOM], ["utf-16le", true, true]);
  throws(TypeError, () => new TextDecoder("utf-8", 5));
  throws(TypeError, () => new TextDecoder().decode(new Uint8Array(1), 5));
  throws(TypeError, () => new TextDecoder().decode("abc"));
  eq(Object.prototype.toString.call(new TextDecoder()), "[object TextDecoder]");
});
test("TextDecoderStream joins characters split across chunks", async () => {
  const s = new TextDecoderStream();
  const w = s.writable.getWriter();
  const chunks = [[0xe2], [0x82, 0xac, 0xf0], [0x9f, 0x98], [0x80]];
  for (const c of chunks) w.write(new Uint8Array(c));
  w.close();
  let out = "";
  for await (const t of s.readable) out += t;
  eq(out, "€😀");
});
test("TextDecoderStream refuses chunks that are not bytes", async () => {
  const s = new TextDecoderStream();
  const w = s.writable.getWriter();
  const r = s.readable.getReader();
  w.write("text").catch(() => {});
  await rejects(TypeError, r.read());
});
test("TextEncoderStream joins a surrogate pair split across chunks", async () => {
  const s = new TextEncoderStream();
  const w = s.writable.getWriter();
  w.write("a\uD83D");
  w.write("\uDE00");
  w.write("\uD800");
  w.close();
  const parts = [];
  for await (const c of s.readable) parts.push(...c);
  eq(hex(new Uint8Array(parts)), "61 f0 9f 98 80 ef bf bd");
});
