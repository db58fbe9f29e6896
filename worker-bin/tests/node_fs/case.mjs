// node:fs and import.meta over a small tree beside this file (made by
// tests/node_fs.rs), run in Node and in a worker: the printed lines must
// be the same. Paths are printed with this folder as <dir>.
import fs from "node:fs";
import fsp from "node:fs/promises";
import { readFileSync, promises } from "fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = import.meta.dirname;
const show = (v) => JSON.stringify(v, (k, x) => (typeof x === "string" ? x.split(dir).join("<dir>") : x));
const err = (e) => show({ code: e.code, errno: e.errno, syscall: e.syscall, path: e.path, dest: e.dest, message: e.message, isError: e instanceof Error });
const t = (f) => { try { return show(f()); } catch (e) { return err(e); } };

export async function run(print) {
  print("meta", show([import.meta.url.startsWith("file://"), import.meta.filename, import.meta.dirname]));
  print("url", fileURLToPath(import.meta.url) === import.meta.filename);
  print("resolve", show([import.meta.resolve("./a.txt"), import.meta.resolve("./nope.js"), import.meta.resolve("node:fs"), import.meta.resolve("fs")]));
  print("resolve missing", t(() => import.meta.resolve("no-such-package-here")).includes("ERR_MODULE_NOT_FOUND"));
  const tpl = new URL("./tpl.html", import.meta.url);
  print("template", tpl.protocol, fs.readFileSync(fileURLToPath(tpl), "utf8").trim(), fs.readFileSync(tpl, "utf8").length);

  print("read", readFileSync("a.txt", "utf8"), show(fs.readFileSync(path.join(dir, "a.txt"))), fs.readFileSync("a.txt", { encoding: "base64" }));
  print("readdir", show(fs.readdirSync(".")), show(fs.readdirSync("sub", { recursive: true })));
  print("dirents", show(fs.readdirSync("sub", { withFileTypes: true }).map((d) => [d.name, d.isFile(), d.isDirectory(), d.isSymbolicLink(), d.parentPath])));
  print("dirents recursive", show(fs.readdirSync("sub", { withFileTypes: true, recursive: true }).map((d) => [d.name, d.parentPath])));
  const st = fs.statSync("a.txt");
  print("stat", st.size, st.isFile(), st.isDirectory(), (st.mode & fs.constants.S_IFMT) === fs.constants.S_IFREG, st.mtime instanceof Date, typeof st.mtimeMs, st.nlink);
  print("lstat link", fs.lstatSync("link.txt").isSymbolicLink(), fs.statSync("link.txt").isFile(), fs.readlinkSync("link.txt"));
  print("bigint", typeof fs.statSync("a.txt", { bigint: true }).size);
  print("exists", fs.existsSync("a.txt"), fs.existsSync("nope"), fs.existsSync("sub"));
  print("realpath", show([fs.realpathSync("link.txt"), fs.realpathSync.native("sub/../a.txt")]));
  print("access", t(() => fs.accessSync("a.txt", fs.constants.R_OK)), t(() => fs.accessSync("nope")));
  print("errors");
  for (const [name, f] of [
    ["open", () => fs.readFileSync("nope")],
    ["read dir", () => fs.readFileSync("sub")],
    ["scandir", () => fs.readdirSync("nope")],
    ["notdir", () => fs.readdirSync("a.txt")],
    ["stat", () => fs.statSync("nope")],
    ["lstat", () => fs.lstatSync("nope")],
    ["noentry", () => fs.statSync("nope", { throwIfNoEntry: false })],
    ["readlink", () => fs.readlinkSync("a.txt")],
    ["realpath", () => fs.realpathSync("sub/nope")],
    ["realpath native", () => fs.realpathSync.native("sub/nope")],
    ["type", () => fs.readFileSync({})],
    ["undefined", () => fs.readFileSync()],
  ]) print(" ", name, t(f));
  print("promise", await fsp.readFile("a.txt", "utf8"), await promises.readFile("nope").catch(err));
  print("promise stat", (await fsp.stat("sub")).isDirectory(), show(await fsp.readdir("sub")));
  print("callback", await new Promise((res) => fs.readFile("a.txt", "utf8", (e, d) => res([e, d]))).then(show));
  print("callback error", await new Promise((res) => fs.stat("nope", (e) => res(err(e)))));
  const order = [];
  await new Promise((res) => { fs.access("a.txt", () => { order.push("cb"); res(); }); Promise.resolve().then(() => order.push("then")); order.push("sync"); });
  print("callback order", order.join(","));
  const d = fs.opendirSync("sub");
  const names = [];
  for await (const e of d) names.push(e.name);
  print("opendir", show(names.sort()));
  const chunks = [];
  await new Promise((res, rej) => fs.createReadStream("big.txt", { highWaterMark: 1000 }).on("data", (c) => chunks.push(c.length)).on("end", res).on("error", rej));
  print("read stream", show(chunks));
  print("read stream range", await new Promise((res) => { let s = ""; fs.createReadStream("a.txt", { start: 1, end: 3, encoding: "utf8" }).on("data", (c) => { s += c; }).on("close", () => res(s)); }));
  print("read stream error", await new Promise((res) => fs.createReadStream("nope").on("error", (e) => res(err(e)))));

  // Writes, in the temporary folder.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "case-"));
  print("mkdtemp", path.basename(tmp).length, fs.statSync(tmp).isDirectory());
  const f = path.join(tmp, "w.txt");
  fs.writeFileSync(f, "hello");
  fs.appendFileSync(f, Buffer.from(" world"));
  print("write", fs.readFileSync(f, "utf8"), fs.statSync(f).size);
  print("mkdir", fs.mkdirSync(path.join(tmp, "x/y/z"), { recursive: true }) === path.join(tmp, "x"), t(() => fs.mkdirSync(path.join(tmp, "x"))).split(tmp).join("<tmp>"));
  fs.renameSync(f, path.join(tmp, "x/r.txt"));
  fs.copyFileSync(path.join(tmp, "x/r.txt"), path.join(tmp, "c.txt"));
  print("copy", fs.readFileSync(path.join(tmp, "c.txt"), "utf8"), show(fs.readdirSync(tmp, { recursive: true })));
  print("copy excl", t(() => fs.copyFileSync(path.join(tmp, "x/r.txt"), path.join(tmp, "c.txt"), fs.constants.COPYFILE_EXCL)).split(tmp).join("<tmp>"));
  const fd = fs.openSync(path.join(tmp, "fd.bin"), "w+");
  print("fd write", fs.writeSync(fd, Buffer.from([1, 2, 3, 4])), fs.writeSync(fd, "ab", 10));
  const buf = Buffer.alloc(12);
  print("fd read", fs.readSync(fd, buf, 0, 12, 0), show([...buf]), fs.fstatSync(fd).size);
  fs.ftruncateSync(fd, 2);
  fs.closeSync(fd);
  print("fd closed", t(() => fs.closeSync(fd)), fs.statSync(path.join(tmp, "fd.bin")).size);
  const fh = await fsp.open(path.join(tmp, "fh.txt"), "w");
  await fh.writeFile("handle");
  await fh.close();
  print("file handle", await fsp.readFile(path.join(tmp, "fh.txt"), "utf8"));
  await new Promise((res) => { const w = fs.createWriteStream(path.join(tmp, "s.txt")); w.on("finish", res); w.write("a"); w.write(Buffer.from("b")); w.end("c"); });
  print("write stream", fs.readFileSync(path.join(tmp, "s.txt"), "utf8"));
  print("rm dir", t(() => fs.rmSync(path.join(tmp, "x"))).split(tmp).join("<tmp>"));
  fs.unlinkSync(path.join(tmp, "c.txt"));
  print("unlink", t(() => fs.unlinkSync(path.join(tmp, "c.txt"))).split(tmp).join("<tmp>"));
  await fsp.rm(tmp, { recursive: true, force: true });
  print("rm", fs.existsSync(tmp), t(() => fs.rmSync(tmp, { force: true })));
}
