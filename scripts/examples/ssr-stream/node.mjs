// The same bundle (dist/worker.js) in Node 20: for comparing its output
// and timings with bextd's (scripts/bench/ssr-stream.sh, the e2e tests).
//
//   node node.mjs serve PORT [WORKERS]   Node's cluster, WORKERS processes
//                                        (2) sharing 127.0.0.1:PORT, each
//                                        calling the bundle's fetch() and
//                                        writing its body as it comes
//   node node.mjs print PATH             one answer's body on stdout
import cluster from "node:cluster";
import http from "node:http";
import { fileURLToPath } from "node:url";

const bundle = new URL("./dist/worker.js", import.meta.url);
const [mode, arg, workers = "2"] = process.argv.slice(2);

if (mode === "print") {
  const app = (await import(bundle.href)).default;
  const resp = await app.fetch(new Request(new URL(arg, "http://localhost")));
  for await (const chunk of resp.body) process.stdout.write(chunk);
  // React's web build schedules its work through a MessageChannel, whose
  // open port would keep Node running.
  process.stdout.end(() => process.exit(0));
} else if (mode === "serve" && cluster.isPrimary) {
  for (let i = 0; i < Number(workers); i++) cluster.fork();
} else if (mode === "serve") {
  const app = (await import(bundle.href)).default;
  http
    .createServer(async (req, res) => {
      const aborter = new AbortController();
      res.on("close", () => aborter.abort());
      const request = new Request(new URL(req.url, `http://${req.headers.host}`), {
        method: req.method,
        headers: req.headers,
        signal: aborter.signal,
      });
      const resp = await app.fetch(request);
      res.writeHead(resp.status, [...resp.headers].flat());
      try {
        for await (const chunk of resp.body) {
          if (!res.write(chunk)) await new Promise((ok) => res.once("drain", ok));
        }
        res.end();
      } catch (e) {
        console.error(e);
        res.destroy(e);
      }
    })
    .listen(Number(arg), "127.0.0.1");
} else {
  console.error(`usage: node ${fileURLToPath(import.meta.url)} serve PORT [WORKERS] | print PATH`);
  process.exit(64);
}
