// One case of the corpus, the same in bext (worker.js) and in Node
// (reference.js): its answer, or the error that stopped it. `folder` is
// cases/ (packages in JavaScript) or wasm/ (packages that ship wasm).
export async function run(name, folder = "cases") {
  if (folder !== "cases" && folder !== "wasm") return { ok: false, error: `no folder ${folder}` };
  try {
    const mod = await import(`./${folder}/${name}.js`);
    return { ok: true, out: await mod.default() };
  } catch (e) {
    return { ok: false, error: String((e && e.message) || e) };
  }
}
