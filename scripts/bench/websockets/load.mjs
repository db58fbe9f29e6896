// The benchmark's client (ws).
//   node load.mjs echo URL CONNECTIONS SECONDS INFLIGHT
//     each connection keeps INFLIGHT 64-byte text messages outstanding;
//     prints the echoes received per second in the measured window, and
//     every echo received from the first (the warm-up's too), for the
//     server's CPU per message.
//   node load.mjs idle URL CONNECTIONS
//     opens the connections, prints "ready", and holds them until stdin
//     closes.
import { WebSocket } from "ws";

const [mode, url, connsArg, secsArg, inflightArg] = process.argv.slice(2);
const conns = Number(connsArg);
const payload = "x".repeat(64);
// WS_DEFLATE=1: offer permessage-deflate (ws's default threshold leaves
// 64-byte messages uncompressed; the handshake and idle cost still show).
const deflate = process.env.WS_DEFLATE === "1";

function open() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: deflate });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

async function openAll() {
  const out = [];
  // In batches, so the listen backlog never overflows.
  for (let i = 0; i < conns; i += 100) {
    const n = Math.min(100, conns - i);
    out.push(...(await Promise.all(Array.from({ length: n }, open))));
  }
  return out;
}

if (mode === "idle") {
  const sockets = await openAll();
  console.log(`ready ${sockets.length}`);
  process.stdin.resume();
  process.stdin.on("end", () => process.exit(0));
} else {
  const secs = Number(secsArg);
  const inflight = Number(inflightArg);
  const sockets = await openAll();
  let count = 0;
  let all = 0;
  let counting = false;
  for (const ws of sockets) {
    ws.on("message", () => {
      all++;
      if (counting) count++;
      ws.send(payload);
    });
  }
  // A second of warm-up, then the measured window.
  for (const ws of sockets) for (let i = 0; i < inflight; i++) ws.send(payload);
  await new Promise((r) => setTimeout(r, 1000));
  counting = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, secs * 1000));
  const rate = count / ((performance.now() - t0) / 1000);
  console.log(`${Math.round(rate)} ${all}`);
  process.exit(0);
}
