// node:console: the global console, and Console writing to streams of its
// own: log/warn, dir, table, group, count, time, assert and trace as Node
// formats them.
import consoleModule, { Console } from "node:console";
import { PassThrough, Writable } from "node:stream";

function sink() {
  const lines = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { stream, lines };
}

export async function run(print) {
  print("global", consoleModule === globalThis.console, typeof Console, consoleModule.Console === Console);
  const out = sink();
  const err = sink();
  const c = new Console(out.stream, err.stream);
  c.log("hello %s, %d items", "world", 3, { a: [1, { b: 2 }] });
  c.info("info", [1, 2, 3], new Map([["k", 1]]), new Set(["s"]));
  c.warn("warned", null, undefined, 1n);
  c.error(new RangeError("broken").message);
  c.dir({ deep: { deeper: { deepest: { bottom: 1 } } } }, { depth: 0 });
  c.dir({ deep: { deeper: { deepest: { bottom: 1 } } } });
  c.group("group one");
  c.log("inside\nsecond line");
  c.group();
  c.log("deeper");
  c.groupEnd();
  c.groupEnd();
  c.log("outside");
  c.count();
  c.count();
  c.count("named");
  c.countReset();
  c.count();
  c.assert(true, "not shown");
  c.assert(false, "shown %s", "formatted");
  c.assert(false, { an: "object" });
  c.assert(false);
  c.table([{ a: 1, b: "Y" }, { a: "Z", c: 2 }]);
  c.table([1, "two", { three: 3 }]);
  c.table({ x: { v: 1 }, y: { v: 22 } }, ["v"]);
  c.table(new Map([["k", { n: 1 }], [{ o: 1 }, "v"]]));
  c.table(new Set([1, "s"]));
  c.table("not tabular");
  c.table([]);
  const { log } = c;
  log("bound");
  const t = new Console({ stdout: out.stream, groupIndentation: 4 });
  t.group("four");
  t.log("indented");
  t.warn("to stdout too");
  print("stdout", JSON.stringify(out.lines));
  print("stderr", JSON.stringify(err.lines));

  // time/timeEnd print a duration: only its shape is compared.
  const timed = sink();
  const tc = new Console(timed.stream);
  tc.time("job");
  tc.timeLog("job", "step", 1);
  tc.timeEnd("job");
  print("timed", timed.lines.map((l) => l.replace(/\d+(\.\d+)?ms/, "Nms")).join("|"));

  for (const bad of [undefined, {}, { stdout: {} }, { stdout: new PassThrough(), stderr: {} }]) {
    try {
      new Console(bad);
    } catch (e) {
      print("bad", e.name, e.code, e.message);
    }
  }
  try {
    c.table([], "x");
  } catch (e) {
    print("bad properties", e.name, e.code);
  }
  print("no new", typeof Console(out.stream).log);
}
