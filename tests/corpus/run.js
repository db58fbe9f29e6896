// One case of the corpus, the same in bext (worker.js) and in Node
// (reference.js): its answer, or the error that stopped it.
export async function run(name) {
  try {
    const mod = await import(`./cases/${name}.js`);
    return { ok: true, out: await mod.default() };
  } catch (e) {
    return { ok: false, error: String((e && e.message) || e) };
  }
}
