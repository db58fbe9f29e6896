// A chat room over WebSockets: every message a client sends goes to every
// client connected to the same worker (a room per worker; a real app would
// share rooms through a store). Serve it with a pool of its own:
//   [pools.chat]
//   script = "chat.js"
//   route = "^/chat"
/** @type {Set<WebSocket>} */
const room = new Set();

export default {
  /** @param {Request} request */
  fetch(request) {
    if (request.headers.get("upgrade") !== "websocket") {
      return new Response("connect with a WebSocket client\n", { status: 426 });
    }
    const { socket, response } = bext.upgradeWebSocket(request);
    socket.onopen = () => {
      room.add(socket);
      socket.send(`welcome: ${room.size} here`);
    };
    socket.onmessage = (e) => {
      for (const peer of room) if (peer.readyState === WebSocket.OPEN) peer.send(e.data);
    };
    socket.onclose = () => room.delete(socket);
    return response;
  },
};
