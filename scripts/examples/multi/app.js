// The `render` pool: every path the `api` pool does not take.
/** @param {import("@bext/types").BextRequest} req */
export function handler(req) {
  return {
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8" },
    body: `<p>pool ${bext.worker.pool} served ${req.path}</p>`,
  };
}
