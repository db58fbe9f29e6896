// node:os (the parts that do not depend on the machine), node:tty.
import os, { EOL, constants, platform } from "node:os";
import tty from "tty";

export async function run(print) {
  print("EOL", JSON.stringify(EOL), JSON.stringify(os.EOL), os.devNull);
  print("platform", platform(), os.type(), os.arch() === process.arch, os.endianness());
  print("machine", os.machine() === { x64: "x86_64", arm64: "aarch64" }[process.arch]);
  print("signals", JSON.stringify(constants.signals));
  print("errno", JSON.stringify(constants.errno));
  print("priority", JSON.stringify(constants.priority), os.getPriority());
  print("dlopen", JSON.stringify(constants.dlopen), Object.isFrozen(constants.signals));
  print("tmpdir", typeof os.tmpdir(), os.tmpdir().startsWith("/"), !os.tmpdir().endsWith("/"));
  print("homedir", os.homedir() === os.userInfo().homedir);
  const u = os.userInfo();
  print("userInfo", Object.keys(u).join(","), typeof u.uid, typeof u.username);
  print("buffer user", Buffer.isBuffer(os.userInfo({ encoding: "buffer" }).username));
  print("hostname", typeof os.hostname(), os.hostname().length > 0);
  print("release", /^\d+\.\d+/.test(os.release()), typeof os.version());
  const cpus = os.cpus();
  print("cpus", cpus.length >= 1, cpus.length === os.availableParallelism(),
    Object.keys(cpus[0]).join(","), Object.keys(cpus[0].times).join(","));
  print("memory", os.totalmem() > 0, os.freemem() > 0, os.freemem() <= os.totalmem());
  print("uptime", os.uptime() > 0);
  const la = os.loadavg();
  print("loadavg", la.length, la.every((n) => typeof n === "number" && n >= 0));
  print("networkInterfaces", typeof os.networkInterfaces());
  print("tty", tty.isatty(0), tty.isatty(1), tty.isatty(2), typeof tty.ReadStream,
    typeof tty.WriteStream, tty.WriteStream.prototype.isTTY);
}
