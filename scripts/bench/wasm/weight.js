// scripts/bench/wasm.sh's weight pool: a worker that has touched no wasm,
// until GET /load compiles and instantiates the kernel and hashes 1 MiB.
let kept = null;

export default {
  async fetch(request) {
    if (new URL(request.url).pathname === "/load") {
      const { default: module } = await import("./sha256.wasm");
      const { wasmHasher, input } = await import("./ops.js");
      kept = wasmHasher(module);
      kept(input());
    }
    return new Response(kept === null ? "no wasm" : "wasm loaded");
  },
};
