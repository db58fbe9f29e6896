// The `api` pool: JSON under /api/.
/** @param {import("@bext/types").BextRequest} req */
export function handler(req) {
  return { pool: bext.worker.pool, worker: bext.worker.id, path: req.path };
}
