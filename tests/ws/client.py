"""A WebSocket client for the end-to-end tests (tests/tests/websockets.rs).

`python client.py CMD URL [ARG]` prints one JSON object: what the socket
did. It speaks through Python's `websockets` package (installed by
scripts/test into target/py), except the `raw-*` commands, which write
hand-made frames on a plain TCP socket to break RFC 6455 on purpose.
"""

import base64
import json
import os
import socket
import struct
import sys
import time
import urllib.parse

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


def closed_code(ws, wait=10):
    """Reads until the socket closes; its close code and reason."""
    deadline = time.time() + wait
    try:
        while time.time() < deadline:
            ws.recv(timeout=max(0.1, deadline - time.time()))
    except ConnectionClosed as e:
        rcvd = e.rcvd
        return {"code": rcvd.code if rcvd else 1006, "reason": rcvd.reason if rcvd else ""}
    except TimeoutError:
        return {"code": None, "reason": "still open"}
    return {"code": None, "reason": "still open"}


def echo(url):
    out = {}
    with connect(url, subprotocols=["chat", "v2"], max_size=None) as ws:
        out["subprotocol"] = ws.subprotocol
        ws.send("héllo")
        out["text"] = ws.recv(timeout=5)
        ws.send(bytes([0, 1, 255]))
        out["binary"] = ws.recv(timeout=5).hex()
        # One message in three fragments (a continuation frame each).
        ws.send(["frag", "ment", "ed"])
        out["fragmented"] = ws.recv(timeout=5)
        ws.send([b"\x01\x02", b"\x03"])
        out["fragmented_binary"] = ws.recv(timeout=5).hex()
        pong = ws.ping(b"are you there")
        out["pong"] = pong.wait(5)
        ws.close(1000, "bye")
    return out


def big(url, size):
    with connect(url, max_size=None) as ws:
        try:
            ws.send(b"x" * size)
        except ConnectionClosed:
            pass
        return closed_code(ws)


def wait_close(url, wait):
    with connect(url, ping_interval=None) as ws:
        started = time.time()
        out = closed_code(ws, wait)
        out["after_s"] = round(time.time() - started, 2)
        return out


# ------------------------------------------------------------ raw frames
def raw_connect(url):
    u = urllib.parse.urlparse(url)
    s = socket.create_connection((u.hostname, u.port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        (
            f"GET {u.path} HTTP/1.1\r\nHost: {u.netloc}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(1)
        if not chunk:
            raise RuntimeError("closed during the handshake")
        head += chunk
    status = head.split(b" ", 2)[1]
    if status != b"101":
        raise RuntimeError(f"handshake answered {head!r}")
    return s


def frame(opcode, payload, fin=True, rsv=0):
    """A masked client frame."""
    b0 = (0x80 if fin else 0) | (rsv << 4) | opcode
    mask = os.urandom(4)
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", b0, 0x80 | n)
    elif n < 65536:
        head = struct.pack("!BBH", b0, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", b0, 0x80 | 127, n)
    masked = bytes(c ^ mask[i % 4] for i, c in enumerate(payload))
    return head + mask + masked


def read_exact(s, n):
    buf = b""
    while len(buf) < n:
        chunk = s.recv(n - len(buf))
        if not chunk:
            raise EOFError
        buf += chunk
    return buf


def read_frame(s):
    b0, b1 = read_exact(s, 2)
    n = b1 & 0x7F
    if n == 126:
        (n,) = struct.unpack("!H", read_exact(s, 2))
    elif n == 127:
        (n,) = struct.unpack("!Q", read_exact(s, 8))
    return b0 & 0x0F, read_exact(s, n)


def raw_close_code(s, wait=10):
    s.settimeout(wait)
    try:
        while True:
            op, payload = read_frame(s)
            if op == 8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                return {"code": code, "reason": payload[2:].decode("utf-8", "replace")}
    except (EOFError, OSError):
        return {"code": 1006, "reason": "no close frame"}


def raw(url, case):
    s = raw_connect(url)
    if case == "bad-utf8":
        s.sendall(frame(0x1, b"ok \xff\xfe"))
    elif case == "reserved-bits":
        s.sendall(frame(0x2, b"x", rsv=0b100))
    elif case == "big-control":
        s.sendall(frame(0x9, b"p" * 126))
    elif case == "fragmented-control":
        s.sendall(frame(0x9, b"p", fin=False))
    else:
        raise SystemExit(f"unknown case {case}")
    return raw_close_code(s)


def raw_ping(url, idle_s):
    """Answers bextd's first ping; then stays silent until it closes."""
    s = raw_connect(url)
    s.settimeout(10)
    out = {}
    while True:
        op, payload = read_frame(s)
        if op == 0x9:
            out["pinged"] = True
            s.sendall(frame(0xA, payload))
            break
    answered = time.time()
    out.update(raw_close_code(s, idle_s * 4 + 5))
    out["silent_s"] = round(time.time() - answered, 2)
    return out


def main():
    cmd, url = sys.argv[1], sys.argv[2]
    arg = sys.argv[3] if len(sys.argv) > 3 else None
    if cmd == "echo":
        out = echo(url)
    elif cmd == "big":
        out = big(url, int(arg))
    elif cmd == "wait-close":
        out = wait_close(url, float(arg))
    elif cmd == "raw":
        out = raw(url, arg)
    elif cmd == "raw-ping":
        out = raw_ping(url, float(arg))
    else:
        raise SystemExit(f"unknown command {cmd}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
