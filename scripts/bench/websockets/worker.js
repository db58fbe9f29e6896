// The echo the benchmark serves from bextd (scripts/bench/websockets.sh).
export function handler(req) {
  const { socket, response } = bext.upgradeWebSocket(req);
  socket.onmessage = (e) => socket.send(e.data);
  return response;
}
