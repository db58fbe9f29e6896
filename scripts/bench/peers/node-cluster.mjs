// Node's `cluster` module serving a bext worker script, for
// scripts/bench/peers.sh: the primary forks N workers that share the
// listening socket (the kernel hands each connection to one of them), and
// each worker calls the script's `handler(req)` in-process, as a Node app
// would. The script is the same file bextd's workers run.
//
//   node node-cluster.mjs SCRIPT PORT [WORKERS]
import cluster from "node:cluster";
import http from "node:http";
import { pathToFileURL } from "node:url";

const [script, port, workers = "2"] = process.argv.slice(2);

if (cluster.isPrimary) {
  for (let i = 0; i < Number(workers); i++) cluster.fork();
} else {
  const id = cluster.worker.id - 1;
  globalThis.bext = { worker: { id, pid: process.pid, pool: "render" } };
  const mod = await import(pathToFileURL(script).href);
  await mod.startup?.(globalThis.bext.worker);
  http
    .createServer(async (req, res) => {
      const q = req.url.indexOf("?");
      const path = q < 0 ? req.url : req.url.slice(0, q);
      let r = await mod.handler({ method: req.method, url: req.url, path, headers: req.headers });
      if (typeof r === "string") r = { body: r };
      else if (r.body === undefined && r.status === undefined && r.headers === undefined) {
        r = { headers: { "content-type": "application/json" }, body: JSON.stringify(r) };
      }
      res.writeHead(r.status ?? 200, r.headers ?? { "content-type": "text/plain; charset=utf-8" });
      res.end(typeof r.body === "string" ? r.body : JSON.stringify(r.body));
    })
    .listen(Number(port), "127.0.0.1");
}
