// The same echo in Node with ws (no permessage-deflate, as bextd).
//   node node-server.mjs PORT
import { WebSocketServer } from "ws";

const wss = new WebSocketServer({ port: Number(process.argv[2]), perMessageDeflate: false });
wss.on("connection", (ws) => {
  ws.on("message", (data, isBinary) => ws.send(data, { binary: isBinary }));
});
wss.on("listening", () => console.log("listening"));
