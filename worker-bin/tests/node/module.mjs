// node:module: createRequire, isBuiltin, builtinModules.
import { createRequire, isBuiltin, builtinModules } from "node:module";
import Module from "module";

export async function run(print) {
  print("isBuiltin", isBuiltin("os"), isBuiltin("node:events"), isBuiltin("node:path/posix"),
    isBuiltin("events/"), isBuiltin("left-pad"), isBuiltin("node:left-pad"), isBuiltin("test"));
  print("builtinModules", Array.isArray(builtinModules), !builtinModules.some((m) => m.startsWith("node:")));
  for (const m of ["buffer", "events", "os", "module", "tty", "perf_hooks", "http", "net", "process"]) {
    print("listed", m, builtinModules.includes(m));
  }
  print("Module", Module === Module.Module, Module.createRequire === createRequire, typeof Module);
  const require = createRequire(new URL("file:///no/such/dir/"));
  print("require", typeof require, typeof require.resolve);
  print("require events", require("events") === require("node:events"), typeof require("events").once);
  print("require util", typeof require("node:util").format);
  const fromPath = createRequire("/no/such/dir/file.js");
  print("from url string", typeof createRequire("file:///no/such/file.js"));
  print("from path", typeof fromPath);
  try {
    createRequire("relative/file.js");
  } catch (e) {
    print(e.name, e.code, e.message);
  }
  try {
    fromPath("./missing-module");
  } catch (e) {
    print("missing", e.code);
  }
}
