// The smallest bext worker: one handler, plus the optional hooks.
let served = 0;

/** @param {import("@bext/types").WorkerIdentity} worker */
export async function startup(worker) {
  console.log(`hello worker ${worker.id} (pid ${worker.pid}) of pool ${worker.pool} is up`);
}

/** @param {import("@bext/types").BextRequest} req */
export function handler(req) {
  served++;
  if (req.path === "/json") {
    return { hello: "world", served, worker: bext.worker.id };
  }
  return {
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8" },
    body: `<h1>Hello from bext</h1><p>${req.method} ${req.url}</p>`,
  };
}

export async function shutdown() {
  console.log(`worker ${bext.worker.id} served ${served} requests`);
}
