// The plain Node server for scripts/bench/peers.sh: Node's `cluster`
// module with N workers sharing the listening socket, each answering every
// request with hello's page, a fixed body from `http.createServer`, with no
// handler, adapter or bext API in the way. This is the server a user
// compares bext's hello with.
//
//   node node-plain.mjs PORT [WORKERS]
import cluster from "node:cluster";
import http from "node:http";

const [port, workers = "2"] = process.argv.slice(2);

if (cluster.isPrimary) {
  for (let i = 0; i < Number(workers); i++) cluster.fork();
} else {
  http
    .createServer((req, res) => {
      const body = `<h1>Hello from bext</h1><p>${req.method} ${req.url}</p>`;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(body);
    })
    .listen(Number(port), "127.0.0.1");
}
