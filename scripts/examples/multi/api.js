// The `api` pool: JSON under /api/.
export function handler(req) {
  return { pool: bext.worker.pool, worker: bext.worker.id, path: req.path };
}
