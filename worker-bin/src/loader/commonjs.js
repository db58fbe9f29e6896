// The CommonJS runtime (see commonjs.rs): require(), module, exports and
// the ES module face of a CommonJS file. `host` holds the loader's
// functions: resolve(specifier, parentFile) -> [format, name],
// ["error", message] or ["refused", message]; compile(name) -> the file
// wrapped in a function; read(name) -> its text; importSync(name) -> an
// ES module's namespace.
(function (host) {
  "use strict";
  const cache = Object.create(null);
  const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

  function dirname(p) {
    const i = p.lastIndexOf("/");
    return i > 0 ? p.slice(0, i) : "/";
  }

  function resolve(specifier, parent) {
    if (typeof specifier !== "string" || specifier === "") {
      throw new TypeError(`The "id" argument must be a non-empty string. Received ${String(specifier)}`);
    }
    const r = host.resolve(specifier, parent);
    if (r[0] === "error" || r[0] === "refused") {
      const e = new Error(r[1]);
      // Node's permission model says ERR_ACCESS_DENIED for a refused read.
      e.code = r[0] === "error" ? "MODULE_NOT_FOUND" : "ERR_ACCESS_DENIED";
      throw e;
    }
    return r;
  }

  function makeRequire(module) {
    const require = (specifier) => {
      const [format, name] = resolve(specifier, module.filename);
      return load(name, format, module);
    };
    require.resolve = (specifier) => resolve(specifier, module.filename)[1];
    require.cache = cache;
    return require;
  }

  // Node's Module._load: a module in the cache (also one still loading,
  // in a cycle) gives its exports as they are now.
  function load(name, format, parent) {
    const hit = cache[name];
    if (hit !== undefined) return hit.exports;
    const file = name.split("?")[0];
    if (file.endsWith(".node")) {
      const e = new Error(
        `require() of ${file}: native addons are not available in bext: a worker runs ` +
          "JavaScript and WebAssembly only; use the package's JavaScript or WebAssembly build",
      );
      e.code = "ERR_BEXT_UNAVAILABLE";
      throw e;
    }
    // require() of a built-in gives its own exports; of an ES module, its
    // namespace, as in Node 22.
    if (format === "builtin") return host.requireBuiltin(name);
    if (format === "esm") return host.importSync(name);
    const module = {
      id: name, filename: file, path: dirname(file), exports: {},
      loaded: false, children: [], parent, paths: [],
    };
    module.require = makeRequire(module);
    cache[name] = module;
    if (parent) parent.children.push(module);
    try {
      if (format === "json") module.exports = JSON.parse(host.read(name));
      else host.compile(name).call(module.exports, module.exports, module.require, module, file, module.path);
    } catch (e) {
      delete cache[name];
      throw e;
    }
    module.loaded = true;
    return module.exports;
  }

  // The source of the ES module that stands for CommonJS file `name`: its
  // module.exports as the default export, and each enumerable key that is
  // a name as a named export (found by running it, once).
  function facade(name) {
    const exports = load(name, "cjs", undefined);
    const keys = exports !== null && (typeof exports === "object" || typeof exports === "function")
      ? Object.keys(exports).filter((k) => k !== "default" && IDENTIFIER.test(k))
      : [];
    let src = `const m = globalThis[Symbol.for("bext.commonjs")].cache[${JSON.stringify(name)}].exports;\nexport default m;\n`;
    keys.forEach((k, i) => {
      src += `const e${i} = m[${JSON.stringify(k)}];\nexport { e${i} as ${k} };\n`;
    });
    return src;
  }

  // node:module's createRequire(filename): a require() that resolves from
  // `filename` as one inside that file would.
  function createRequire(filename) {
    const module = {
      id: filename, filename, path: dirname(filename), exports: {},
      loaded: true, children: [], paths: [],
    };
    return makeRequire(module);
  }

  return { cache, load, facade, createRequire };
})
