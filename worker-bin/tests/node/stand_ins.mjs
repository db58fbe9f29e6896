// What node:http, node:net, node:cluster, node:worker_threads and the
// other built-ins whose calls bext refuses give at import, as Node does.
import http, { STATUS_CODES, METHODS } from "node:http";
import https from "https";
import net from "node:net";
import cluster from "node:cluster";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import dns from "node:dns";
import child_process from "node:child_process";
import readline from "node:readline";
import vm from "node:vm";
import v8 from "node:v8";
import tls from "node:tls";
import dgram from "node:dgram";
import http2 from "node:http2";
import inspector from "node:inspector";

export async function run(print) {
  print("STATUS_CODES", JSON.stringify(STATUS_CODES));
  print("METHODS", METHODS.join(","));
  for (const s of ["::1", "1.2.3.4", "01.2.3.4", "fe80::1%eth0", "::ffff:1.2.3.4", "x", "1::2::3",
    "256.1.1.1", "2001:db8::8a2e:370:7334", ""]) {
    print("isIP", JSON.stringify(s), net.isIP(s), net.isIPv4(s), net.isIPv6(s));
  }
  print("cluster", cluster.isPrimary, cluster.isMaster, cluster.isWorker);
  print("worker_threads", isMainThread, parentPort, workerData);
  print("agent", typeof http.Agent, new https.Agent({ keepAlive: true }).keepAlive,
    http.globalAgent instanceof http.Agent);
  http.validateHeaderName("x-ok");
  for (const [n, v] of [["bad name", "v"], ["x-v", "a\nb"], ["x-u", undefined]]) {
    try {
      if (n === "bad name") http.validateHeaderName(n);
      else http.validateHeaderValue(n, v);
    } catch (e) {
      print("header", e.name, e.code);
    }
  }
  const fns = [
    ["http", http, ["createServer", "request", "get"]],
    ["net", net, ["connect", "createConnection", "createServer"]],
    ["dns", dns, ["lookup", "resolve4", "reverse"]],
    ["child_process", child_process, ["spawn", "exec", "execSync", "fork"]],
    ["readline", readline, ["createInterface"]],
    ["vm", vm, ["runInNewContext", "createContext"]],
    ["v8", v8, ["getHeapStatistics", "serialize"]],
    ["tls", tls, ["connect", "createServer"]],
    ["dgram", dgram, ["createSocket"]],
    ["http2", http2, ["connect", "createServer"]],
    ["inspector", inspector, ["open"]],
  ];
  for (const [name, mod, list] of fns) {
    print(name, list.map((f) => typeof mod[f]).join(","));
  }
  print("classes", typeof http.Server, typeof net.Socket, typeof child_process.ChildProcess,
    typeof vm.Script, typeof tls.TLSSocket, typeof dns.promises.lookup);
}
