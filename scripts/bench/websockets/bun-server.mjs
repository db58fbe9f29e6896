// The same echo in Bun (Bun.serve's own WebSocket server); permessage-deflate
// when WS_DEFLATE=1 (as bextd agrees to it when offered).
//   bun bun-server.mjs PORT
Bun.serve({
  port: Number(process.argv[2]),
  hostname: "127.0.0.1",
  fetch(req, server) {
    if (server.upgrade(req)) return undefined;
    return new Response("a WebSocket upgrade was expected", { status: 400 });
  },
  websocket: {
    perMessageDeflate: process.env.WS_DEFLATE === "1",
    message(ws, message) {
      ws.send(message);
    },
  },
});
console.log("listening");
