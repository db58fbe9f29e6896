// The built-ins' own `require`: one instance of each per worker, made on
// first use. A cycle sees the exports object as it is so far, as in Node.
(function (host) {
  const cache = new Map();
  function require(name) {
    const id = String(name).startsWith("node:") ? String(name).slice(5) : String(name);
    const cached = cache.get(id);
    if (cached !== undefined) return cached.exports;
    const run = host.source(id);
    const module = { id: `node:${id}`, exports: {} };
    cache.set(id, module);
    try {
      run.call(module.exports, module, module.exports, require, host);
    } catch (e) {
      cache.delete(id);
      throw e;
    }
    return module.exports;
  }
  return require;
})
