"""A small OTLP/HTTP traces receiver for the end-to-end tests.

It decodes each POST /v1/traces body with the official OpenTelemetry proto
definitions (the `opentelemetry-proto` package, installed by scripts/test
into target/py) and prints every span as one JSON line on stdout: its ids
(hex), parent, name, kind, service name, attributes and links. Its first
line is `listening PORT` (it binds an ephemeral port on 127.0.0.1).

    receiver.py [--delay SECONDS]   # answer each export this much later
    receiver.py --quiet             # decode, print nothing (benchmarks)
"""

import json
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

DELAY = 0.0
QUIET = False


def value(v):
    kind = v.WhichOneof("value")
    return getattr(v, kind) if kind else None


def spans(req):
    for rs in req.resource_spans:
        resource = {a.key: value(a.value) for a in rs.resource.attributes}
        for ss in rs.scope_spans:
            for s in ss.spans:
                yield {
                    "trace_id": s.trace_id.hex(),
                    "span_id": s.span_id.hex(),
                    "parent": s.parent_span_id.hex(),
                    "name": s.name,
                    "kind": s.kind,
                    "service": resource.get("service.name"),
                    "start": s.start_time_unix_nano,
                    "end": s.end_time_unix_nano,
                    "status": s.status.code,
                    "attributes": {a.key: value(a.value) for a in s.attributes},
                    "events": [
                        {
                            "name": e.name,
                            "attributes": {a.key: value(a.value) for a in e.attributes},
                        }
                        for e in s.events
                    ],
                    "links": [
                        {"trace_id": l.trace_id.hex(), "span_id": l.span_id.hex()}
                        for l in s.links
                    ],
                }


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        if DELAY:
            time.sleep(DELAY)
        req = ExportTraceServiceRequest()
        req.ParseFromString(body)
        for s in spans(req):
            if not QUIET:
                print(json.dumps(s), flush=True)
        out = ExportTraceServiceResponse().SerializeToString()
        self.send_response(200 if self.path == "/v1/traces" else 404)
        self.send_header("content-type", "application/x-protobuf")
        self.send_header("content-length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--delay":
        DELAY = float(sys.argv[2])
    QUIET = sys.argv[1:] == ["--quiet"]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"listening {server.server_address[1]}", flush=True)
    server.serve_forever()
