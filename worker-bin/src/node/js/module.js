// node:module: `createRequire`, `isBuiltin` and `builtinModules` (the
// built-ins bext has, which import; Node's list is longer). `require`
// from createRequire(file) is the worker's own CommonJS runtime
// (loader/commonjs.js), resolving from that file as `require` inside it
// would, with the pool's confinement. As in Node, the module is the
// `Module` function itself.
const RUNTIME = Symbol.for("bext.commonjs");
const builtinModules = host.builtins();

function isBuiltin(name) {
  const s = String(name);
  if (s.startsWith("node:")) return builtinModules.includes(s.slice(5));
  return builtinModules.includes(s);
}

function invalid(filename) {
  const shown = typeof filename === "string" ? `'${filename}'` : String(filename);
  const e = new TypeError(
    "The argument 'filename' must be a file URL object, file URL string, or absolute path " +
      `string. Received ${shown}`,
  );
  e.code = "ERR_INVALID_ARG_VALUE";
  return e;
}

function createRequire(filename) {
  let path = filename;
  if (filename instanceof URL || (typeof filename === "string" && filename.startsWith("file:"))) {
    path = require("url").fileURLToPath(filename);
    if (String(filename).endsWith("/")) path += "/";
  }
  if (typeof path !== "string" || !path.startsWith("/")) throw invalid(filename);
  // A folder (trailing slash) resolves from inside it, as Node does.
  if (path.endsWith("/")) path += "noop.js";
  const runtime = globalThis[RUNTIME];
  if (!runtime) throw new Error("createRequire: the module loader is not running in this context");
  return runtime.createRequire(path);
}

function unavailable(what) {
  return function () {
    const e = new Error(
      `module.${what}() is not available in bext: the worker's loader is fixed; import ` +
        "TypeScript and JSX directly, they are compiled on load",
    );
    e.code = "ERR_BEXT_UNAVAILABLE";
    throw e;
  };
}

function Module(id = "", parent) {
  this.id = id;
  this.path = id.slice(0, id.lastIndexOf("/")) || ".";
  this.exports = {};
  this.filename = null;
  this.loaded = false;
  this.children = [];
  this.parent = parent;
  this.paths = [];
}

Object.assign(Module, {
  builtinModules,
  createRequire,
  isBuiltin,
  Module,
  register: unavailable("register"),
  syncBuiltinESMExports() {},
  findSourceMap: () => undefined,
  wrap: (script) => `(function (exports, require, module, __filename, __dirname) { ${script}\n});`,
  wrapper: ["(function (exports, require, module, __filename, __dirname) { ", "\n});"],
  _extensions: { ".js": () => {}, ".json": () => {}, ".node": () => {} },
  get _cache() { return globalThis[RUNTIME] ? globalThis[RUNTIME].cache : {}; },
});

module.exports = Module;
