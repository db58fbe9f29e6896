// The built-ins whose modules load in a worker but whose calls need what a
// worker has not (sockets, processes, threads, a terminal, V8): node:http,
// node:net, node:child_process, ... A package that only imports them (or
// reads `http.STATUS_CODES` at import) loads; calling `http.createServer()`
// throws an Error with code ERR_BEXT_UNAVAILABLE that says what to use
// instead. This file is compiled once, as `internal/unavailable`; each of
// those built-ins is `require("internal/unavailable")(name)`, and the
// advice is the catalogue's (catalogue.rs `refused_at_call`).
const EventEmitter = require("events");

// The refusing functions and classes of built-in `name`.
function kit(name, advice) {
  function unavailable(what) {
    const e = new Error(`${what} is not available in bext: ${advice}`);
    e.code = "ERR_BEXT_UNAVAILABLE";
    return e;
  }
  // A function that throws when called.
  const refuse = (fn) => ({ [fn]() { throw unavailable(`${name}.${fn}()`); } })[fn];
  // A class that can be named, extended and tested with instanceof, and
  // throws when constructed.
  const refuseClass = (cls) => ({ [cls]: class extends EventEmitter {
    constructor() { super(); throw unavailable(`new ${name}.${cls}()`); }
  } })[cls];
  function build(fns, classes, values) {
    const out = {};
    for (const f of fns) out[f] = refuse(f);
    for (const c of classes) out[c] = refuseClass(c);
    return Object.assign(out, values);
  }
  return { refuse, refuseClass, build };
}

const STATUS_CODES = {
  100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints", 200: "OK",
  201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
  205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported",
  226: "IM Used", 300: "Multiple Choices", 301: "Moved Permanently", 302: "Found",
  303: "See Other", 304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect",
  308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 402: "Payment Required",
  403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
  407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
  411: "Length Required", 412: "Precondition Failed", 413: "Payload Too Large",
  414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
  417: "Expectation Failed", 418: "I'm a Teapot", 421: "Misdirected Request",
  422: "Unprocessable Entity", 423: "Locked", 424: "Failed Dependency", 425: "Too Early",
  426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
  431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
  500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
  503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
  506: "Variant Also Negotiates", 507: "Insufficient Storage", 508: "Loop Detected",
  509: "Bandwidth Limit Exceeded", 510: "Not Extended", 511: "Network Authentication Required"
};
const METHODS = [
  "ACL", "BIND", "CHECKOUT", "CONNECT", "COPY", "DELETE", "GET", "HEAD", "LINK", "LOCK",
  "M-SEARCH", "MERGE", "MKACTIVITY", "MKCALENDAR", "MKCOL", "MOVE", "NOTIFY", "OPTIONS", "PATCH",
  "POST", "PROPFIND", "PROPPATCH", "PURGE", "PUT", "QUERY", "REBIND", "REPORT", "SEARCH", "SOURCE",
  "SUBSCRIBE", "TRACE", "UNBIND", "UNLINK", "UNLOCK", "UNSUBSCRIBE"
];

// An agent only matters to http.request, which throws: SDKs make one at
// import (`new https.Agent({ keepAlive: true })`), so it can be made.
class Agent extends EventEmitter {
  constructor(options) {
    super();
    this.options = { path: null, ...options };
    this.keepAlive = !!(options && options.keepAlive);
    this.maxSockets = (options && options.maxSockets) || Infinity;
    this.maxFreeSockets = (options && options.maxFreeSockets) || 256;
    this.requests = Object.create(null);
    this.sockets = Object.create(null);
    this.freeSockets = Object.create(null);
  }
  destroy() {}
}

const TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
function validateHeaderName(header) {
  if (typeof header !== "string" || !header || !TOKEN.test(header)) {
    const e = new TypeError(`Header name must be a valid HTTP token ["${header}"]`);
    e.code = "ERR_INVALID_HTTP_TOKEN";
    throw e;
  }
}
function validateHeaderValue(header, value) {
  if (value === undefined) {
    const e = new TypeError(`Invalid value "${value}" for header "${header}"`);
    e.code = "ERR_HTTP_INVALID_HEADER_VALUE";
    throw e;
  }
  if (INVALID_VALUE.test(String(value))) {
    const e = new TypeError(`Invalid character in header content ["${header}"]`);
    e.code = "ERR_INVALID_CHAR";
    throw e;
  }
}

// node:net's isIP (Node's own expressions), made on first use.
let IPv4Reg;
let IPv6Reg;
function ipExpressions() {
  const v4Seg = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])";
  const v4Str = `(?:${v4Seg}\\.){3}${v4Seg}`;
  IPv4Reg = new RegExp(`^${v4Str}$`);
  const v6Seg = "(?:[0-9a-fA-F]{1,4})";
  IPv6Reg = new RegExp("^(?:" +
    `(?:${v6Seg}:){7}(?:${v6Seg}|:)|` +
    `(?:${v6Seg}:){6}(?:${v4Str}|:${v6Seg}|:)|` +
    `(?:${v6Seg}:){5}(?::${v4Str}|(?::${v6Seg}){1,2}|:)|` +
    `(?:${v6Seg}:){4}(?:(?::${v6Seg}){0,1}:${v4Str}|(?::${v6Seg}){1,3}|:)|` +
    `(?:${v6Seg}:){3}(?:(?::${v6Seg}){0,2}:${v4Str}|(?::${v6Seg}){1,4}|:)|` +
    `(?:${v6Seg}:){2}(?:(?::${v6Seg}){0,3}:${v4Str}|(?::${v6Seg}){1,5}|:)|` +
    `(?:${v6Seg}:){1}(?:(?::${v6Seg}){0,4}:${v4Str}|(?::${v6Seg}){1,6}|:)|` +
    `(?::(?:(?::${v6Seg}){0,5}:${v4Str}|(?::${v6Seg}){1,7}|:))` +
  ")(?:%[0-9a-zA-Z-.:]{1,})?$");
}
const isIPv4 = (s) => (IPv4Reg || ipExpressions(), IPv4Reg.test(String(s)));
const isIPv6 = (s) => (IPv6Reg || ipExpressions(), IPv6Reg.test(String(s)));
const isIP = (s) => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0);

const DNS = ["lookup", "lookupService", "resolve", "resolve4", "resolve6", "resolveAny",
  "resolveCaa", "resolveCname", "resolveMx", "resolveNaptr", "resolveNs", "resolvePtr",
  "resolveSoa", "resolveSrv", "resolveTxt", "reverse", "setServers", "getServers"];
const dnsPromises = (build) => build(DNS, ["Resolver"], {
  getDefaultResultOrder: () => "verbatim", setDefaultResultOrder() {},
});

function make(name) {
  const { refuse, refuseClass, build } = kit(name, host.advice(name));
  switch (name) {
    case "http":
    case "https": {
      const fns = ["createServer", "request", "get"];
      const classes = ["Server"];
      if (name === "http") {
        classes.push("ClientRequest", "IncomingMessage", "OutgoingMessage", "ServerResponse");
        return build(fns, classes, {
          METHODS, STATUS_CODES, Agent, globalAgent: new Agent({ keepAlive: true }),
          maxHeaderSize: 16384, validateHeaderName, validateHeaderValue,
          setMaxIdleHTTPParsers() {},
        });
      }
      return build(fns, classes, { Agent, globalAgent: new Agent({ keepAlive: true }) });
    }
    case "http2":
      return build(["connect", "createServer", "createSecureServer", "performServerHandshake",
        "getPackedSettings", "getUnpackedSettings"],
      ["Http2ServerRequest", "Http2ServerResponse"], {
        constants: {}, sensitiveHeaders: Symbol("nodejs.http2.sensitiveHeaders"),
        getDefaultSettings: () => ({}),
      });
    case "net":
      return build(["connect", "createConnection", "createServer"],
        ["Server", "Socket", "Stream", "BlockList", "SocketAddress"], {
          isIP, isIPv4, isIPv6,
          getDefaultAutoSelectFamily: () => true, setDefaultAutoSelectFamily() {},
          getDefaultAutoSelectFamilyAttemptTimeout: () => 250,
          setDefaultAutoSelectFamilyAttemptTimeout() {},
        });
    case "tls":
      return build(["connect", "createServer", "createSecureContext", "createSecurePair",
        "checkServerIdentity", "getCiphers"], ["TLSSocket", "Server", "SecureContext"], {
        CLIENT_RENEG_LIMIT: 3, CLIENT_RENEG_WINDOW: 600, DEFAULT_ECDH_CURVE: "auto",
        DEFAULT_MIN_VERSION: "TLSv1.2", DEFAULT_MAX_VERSION: "TLSv1.3", rootCertificates: [],
      });
    case "dgram":
      return build(["createSocket"], ["Socket"], {});
    case "dns":
      return Object.assign(build(DNS, ["Resolver"], {
        getDefaultResultOrder: () => "verbatim", setDefaultResultOrder() {},
      }), { promises: dnsPromises(build) });
    case "dns/promises":
      return dnsPromises(build);
    case "child_process":
      return build(["exec", "execFile", "execFileSync", "execSync", "fork", "spawn", "spawnSync"],
        ["ChildProcess"], {});
    case "cluster":
      return Object.assign(new EventEmitter(), {
        isPrimary: true, isMaster: true, isWorker: false, workers: {}, settings: {},
        SCHED_NONE: 1, SCHED_RR: 2, schedulingPolicy: 2,
        fork: refuse("fork"), setupPrimary: refuse("setupPrimary"),
        setupMaster: refuse("setupMaster"), disconnect: refuse("disconnect"),
        Worker: refuseClass("Worker"),
      });
    case "worker_threads": {
      const g = globalThis;
      return build(["moveMessagePortToContext", "receiveMessageOnPort", "postMessageToThread"],
        ["Worker"], {
          isMainThread: true, parentPort: null, workerData: null, threadId: 0,
          resourceLimits: {}, SHARE_ENV: Symbol.for("nodejs.worker_threads.SHARE_ENV"),
          MessageChannel: g.MessageChannel, MessagePort: g.MessagePort,
          BroadcastChannel: g.BroadcastChannel, markAsUntransferable() {},
          setEnvironmentData() {}, getEnvironmentData: () => undefined,
        });
    }
    case "readline":
    case "readline/promises":
      return build(["createInterface", "clearLine", "clearScreenDown", "cursorTo",
        "emitKeypressEvents", "moveCursor"], ["Interface"], {});
    case "vm":
      return build(["createContext", "createScript", "runInContext", "runInNewContext",
        "runInThisContext", "compileFunction", "measureMemory"], ["Script"], {
        isContext: () => false, constants: {},
      });
    case "v8":
      return build(["getHeapSnapshot", "getHeapStatistics", "getHeapSpaceStatistics",
        "getHeapCodeStatistics", "setFlagsFromString", "deserialize", "serialize",
        "takeCoverage", "stopCoverage", "writeHeapSnapshot", "queryObjects",
        "setHeapSnapshotNearHeapLimit", "cachedDataVersionTag"],
      ["Serializer", "Deserializer", "DefaultSerializer", "DefaultDeserializer", "GCProfiler"],
      {});
    case "inspector":
      return build(["open", "waitForDebugger"], ["Session"], {
        close() {}, url: () => undefined, console: globalThis.console,
      });
    default:
      throw new Error(`node:${name} has no stand-in`);
  }
}

module.exports = make;
