// WebSockets on the server side, in Deno's shape:
//   const { socket, response } = bext.upgradeWebSocket(req, { protocol });
//   socket.onmessage = (e) => socket.send(e.data);
//   return response;
// `req` is a handler's request object or a fetch(request) Request. The
// response is what the handler returns (as is): bextd answers the client
// 101 and relays frames (RFC 6455 framing, fragments, ping/pong, limits are
// bextd's); `socket` is the standard WebSocket object (readyState, send,
// close, bufferedAmount, protocol, binaryType, on*/addEventListener).
// Evaluated inside the prelude's module (see prelude.rs); `deps` are the
// prelude's pieces.
//
// A message goes to bextd at once while the socket's credit window is open
// (host.wsSend says true); else it waits here, counted in bufferedAmount,
// until the client has taken enough (socketEvent 3).
(function (host, deps) {
  "use strict";
  const { Event, EventTarget, eventHandler, reportError, bytesOf } = deps;
  const CONNECTING = 0, OPEN = 1, CLOSING = 2, CLOSED = 3;

  class MessageEvent extends Event {
    #data; #origin;
    constructor(type, init) {
      super(type, init);
      const o = init || {};
      this.#data = o.data === undefined ? null : o.data;
      this.#origin = o.origin === undefined ? "" : String(o.origin);
    }
    get data() { return this.#data; }
    get origin() { return this.#origin; }
    get lastEventId() { return ""; }
    get source() { return null; }
    get ports() { return []; }
  }
  class CloseEvent extends Event {
    #code; #reason; #wasClean;
    constructor(type, init) {
      super(type, init);
      const o = init || {};
      this.#code = o.code === undefined ? 0 : Number(o.code);
      this.#reason = o.reason === undefined ? "" : String(o.reason);
      this.#wasClean = !!o.wasClean;
    }
    get code() { return this.#code; }
    get reason() { return this.#reason; }
    get wasClean() { return this.#wasClean; }
  }

  const sockets = new Map();
  let nextSid = 1;
  const OWN = Symbol("own");
  class WebSocket extends EventTarget {
    #sid; #state = CONNECTING; #protocol; #url; #queue = []; #buffered = 0; #binaryType = "arraybuffer";
    constructor(own, sid, protocol, url, closed) {
      if (own !== OWN) throw new TypeError("WebSocket: a server-side socket comes from bext.upgradeWebSocket(req)");
      super();
      this.#sid = sid;
      this.#protocol = protocol;
      this.#url = url;
      // A plain request's socket: never opens.
      if (closed) this.#state = CLOSED;
    }
    get readyState() { return this.#state; }
    get bufferedAmount() { return this.#buffered; }
    get protocol() { return this.#protocol; }
    get extensions() { return ""; }
    get url() { return this.#url; }
    get binaryType() { return this.#binaryType; }
    set binaryType(v) {
      if (v !== "arraybuffer" && v !== "blob") throw new SyntaxError(`WebSocket.binaryType: "${v}" is neither "arraybuffer" nor "blob"`);
      this.#binaryType = v;
    }
    send(data) {
      if (this.#state === CONNECTING) throw new DOMException("WebSocket.send: the socket is not open yet", "InvalidStateError");
      if (this.#state !== OPEN) return;
      const bytes = typeof data !== "string" && (data instanceof ArrayBuffer || ArrayBuffer.isView(data));
      let msg = typeof data === "string" || bytes ? data : String(data);
      // Nothing waits and the window is open: handed over as it is (the
      // host copies it), with no count of its bytes.
      if (this.#queue.length === 0 && host.wsSend(this.#sid, bytes ? bytesOf(msg) : msg)) return;
      // Kept: a copy, the caller may change its bytes meanwhile.
      if (bytes) msg = bytesOf(msg).slice();
      // Bytes of text as UTF-8: what bufferedAmount counts.
      const size = typeof msg === "string" ? host.utf8Length(msg) : msg.length;
      this.#queue.push([msg, size]);
      this.#buffered += size;
      this._flush();
    }
    _flush() {
      while (this.#queue.length > 0 && this.#state === OPEN) {
        const [msg, size] = this.#queue[0];
        if (!host.wsSend(this.#sid, msg)) return;
        this.#queue.shift();
        this.#buffered -= size;
      }
    }
    close(code, reason) {
      if (code !== undefined) {
        code = Number(code);
        if (code !== 1000 && !(code >= 3000 && code <= 4999)) throw new DOMException(`WebSocket.close: code ${code} is neither 1000 nor from 3000 to 4999`, "InvalidAccessError");
      }
      reason = reason === undefined ? "" : String(reason);
      if (host.utf8Length(reason) > 123) throw new DOMException("WebSocket.close: the reason is over 123 bytes of UTF-8", "SyntaxError");
      if (this.#state === CLOSING || this.#state === CLOSED) return;
      const connecting = this.#state === CONNECTING;
      this.#state = CLOSING;
      // Closed before it opened: bextd closes it right after the 101.
      if (connecting) this._closeAtOpen = [code === undefined ? 1000 : code, reason];
      else host.wsClose(this.#sid, code === undefined ? 1000 : code, reason);
    }
    _event(kind, a, b) {
      switch (kind) {
        case 0: {
          if (this._closeAtOpen) { host.wsClose(this.#sid, ...this._closeAtOpen); return; }
          this.#state = OPEN;
          this.dispatchEvent(new Event("open"));
          return;
        }
        case 1: this.dispatchEvent(new MessageEvent("message", { data: a })); return;
        case 2: {
          const data = this.#binaryType === "blob" ? new Blob([a]) : a.buffer.slice(a.byteOffset, a.byteOffset + a.byteLength);
          this.dispatchEvent(new MessageEvent("message", { data }));
          return;
        }
        case 3: this._flush(); return;
        default: {
          sockets.delete(this.#sid);
          this.#state = CLOSED;
          this.#queue = [];
          this.#buffered = 0;
          // 1006: the connection ended without a close handshake (the
          // client vanished, or its worker's bextd side closed abnormally).
          if (a === 1006 || a === 1011 || a === 1002 || a === 1007 || a === 1009) this.dispatchEvent(new Event("error"));
          this.dispatchEvent(new CloseEvent("close", { code: a, reason: b, wasClean: a !== 1006 }));
        }
      }
    }
    get [Symbol.toStringTag]() { return "WebSocket"; }
  }
  for (const [name, value] of [["CONNECTING", CONNECTING], ["OPEN", OPEN], ["CLOSING", CLOSING], ["CLOSED", CLOSED]]) {
    Object.defineProperty(WebSocket, name, { value, enumerable: true });
    Object.defineProperty(WebSocket.prototype, name, { value, enumerable: true });
  }
  for (const type of ["open", "message", "close", "error"]) eventHandler(WebSocket.prototype, type);

  function headerOf(req, name) {
    const h = req && req.headers;
    if (!h) return null;
    if (typeof h.get === "function") return h.get(name);
    const v = h[name];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : String(v);
  }
  const hasToken = (v, word) => v !== null && v.split(",").some((t) => t.trim().toLowerCase() === word);
  // The upgrade's response: returned by the handler as is.
  const UPGRADE = Symbol("upgrade");
  // The one place the upgrade is checked (header values compared without
  // case, RFC 9110): a plain request gets a socket that never opens and a
  // 426 that says what the resource wants, so a handler needs no test.
  function upgradeWebSocket(req, options) {
    const method = req && req.method;
    if (method !== "GET" || !hasToken(headerOf(req, "upgrade"), "websocket") || !hasToken(headerOf(req, "connection"), "upgrade")) {
      const socket = new WebSocket(OWN, 0, "", typeof (req && req.url) === "string" ? req.url : "", true);
      const response = { status: 426, headers: { upgrade: "websocket", connection: "upgrade", "content-type": "text/plain; charset=utf-8" }, body: "a WebSocket upgrade is required here (GET with Upgrade: websocket)\n" };
      return { socket, response };
    }
    const o = options == null ? {} : options;
    const offered = (headerOf(req, "sec-websocket-protocol") || "").split(",").map((p) => p.trim()).filter(Boolean);
    let protocol = "";
    if (o.protocol !== undefined && o.protocol !== null) {
      protocol = String(o.protocol);
      if (!offered.includes(protocol)) throw new TypeError(`bext.upgradeWebSocket: the client did not offer the subprotocol "${protocol}" (it offered: ${offered.join(", ") || "none"})`);
    }
    const sid = nextSid++;
    const url = typeof req.url === "string" ? req.url : "";
    const socket = new WebSocket(OWN, sid, protocol, url);
    sockets.set(sid, socket);
    const response = Object.freeze({ status: 101, headers: protocol ? { "sec-websocket-protocol": protocol } : {}, body: null, [UPGRADE]: socket });
    return { socket, response };
  }
  const isUpgrade = (v) => v !== null && typeof v === "object" && v[UPGRADE] !== undefined;
  // The handler of `token` returned an upgrade's response.
  function accept(token, v) {
    const socket = v[UPGRADE];
    const flat = socket.protocol ? ["sec-websocket-protocol", socket.protocol] : [];
    for (const [sid, s] of sockets) if (s === socket) return host.wsAccept(token, sid, flat);
    throw new TypeError("the handler returned the response of a WebSocket that was already used");
  }
  function socketEvent(sid, kind, a, b) {
    const s = sockets.get(sid);
    if (!s) return;
    try { s._event(kind, a, b); } catch (e) { reportError("error in a WebSocket listener", e); }
  }
  return { WebSocket, MessageEvent, CloseEvent, upgradeWebSocket, isUpgrade, accept, socketEvent };
})
