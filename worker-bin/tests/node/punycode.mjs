// node:punycode (deprecated, still required by tr46, whatwg-url and
// other URL packages), node:constants (graceful-fs) and node:sys.
import punycode from "node:punycode";
import constants from "node:constants";
import sys from "node:sys";
import util from "node:util";
import fs from "node:fs";

export async function run(print) {
  // Node's copy says 2.1.0 but carries the fixes of 2.3 (bext's): the
  // version string is all that differs.
  print("version", typeof punycode.version);
  for (const s of ["mañana", "☃-⌘", "bücher", "ﾒｲｱﾙ", "abc"]) print("encode", s, punycode.encode(s));
  for (const s of ["maana-pta", "--dqo34k", "bcher-kva"]) print("decode", s, punycode.decode(s));
  for (const d of ["mañana.com", "☃-⌘.com", "example.com", "джpумлатест.bрфa", "mail@bücher.de"]) {
    print("toASCII", d, punycode.toASCII(d), punycode.toUnicode(punycode.toASCII(d)));
  }
  print("ucs2", JSON.stringify(punycode.ucs2.decode("\uD834\uDF06a")), punycode.ucs2.encode([0x1d306, 97]));
  try {
    punycode.decode("\x81");
  } catch (e) {
    print("bad", e.name, e.message);
  }
  print("constants", constants.O_RDONLY, constants.O_CREAT, constants.S_IFMT, constants.SIGTERM, constants.ENOENT,
    constants.PRIORITY_LOW, constants.RTLD_LAZY, constants.F_OK, constants.O_RDONLY === fs.constants.O_RDONLY);
  print("sys", sys === util, typeof sys.inspect);
}
