// The same echo in Node with ws; permessage-deflate when WS_DEFLATE=1 (as
// bextd agrees to it when offered).
//   node node-server.mjs PORT
import { WebSocketServer } from "ws";

const wss = new WebSocketServer({ port: Number(process.argv[2]), perMessageDeflate: process.env.WS_DEFLATE === "1" });
wss.on("connection", (ws) => {
  ws.on("message", (data, isBinary) => ws.send(data, { binary: isBinary }));
});
wss.on("listening", () => console.log("listening"));
