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
import zlib

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


def deflate(url):
    """Offers permessage-deflate (as `websockets` does by default) and
    echoes large, repetitive text and binary messages."""
    text = "héllo, deflate " * 40000
    data = bytes(range(256)) * 2000
    with connect(url, max_size=None) as ws:
        out = {"extensions": ws.response.headers.get("Sec-WebSocket-Extensions")}
        ws.send(text)
        out["text_ok"] = ws.recv(timeout=10) == text
        ws.send(data)
        out["binary_ok"] = ws.recv(timeout=10) == data
        ws.close(1000, "bye")
    out["sizes"] = [len(text.encode()), len(data)]
    return out


def status(url):
    """The status the upgrade was answered with (101 when it opened)."""
    from websockets.exceptions import InvalidStatus
    try:
        with connect(url, open_timeout=10):
            return {"status": 101}
    except InvalidStatus as e:
        return {"status": e.response.status_code}


def wait_close(url, wait):
    with connect(url, ping_interval=None) as ws:
        started = time.time()
        out = closed_code(ws, wait)
        out["after_s"] = round(time.time() - started, 2)
        return out


# ------------------------------------------------------------ raw frames
def raw_connect(url):
    return raw_handshake(url)[0]


def raw_handshake(url, extensions=None):
    """A plain socket after the upgrade, and the handshake's answer."""
    u = urllib.parse.urlparse(url)
    offer = f"Sec-WebSocket-Extensions: {extensions}\r\n" if extensions else ""
    s = socket.create_connection((u.hostname, u.port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        (
            f"GET {u.path} HTTP/1.1\r\nHost: {u.netloc}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{offer}\r\n"
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
    return s, head.decode()


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


def read_frame(s, rsv1=None):
    """The next frame's opcode and payload; `rsv1`, a list, gets whether
    it was compressed."""
    b0, b1 = read_exact(s, 2)
    n = b1 & 0x7F
    if n == 126:
        (n,) = struct.unpack("!H", read_exact(s, 2))
    elif n == 127:
        (n,) = struct.unpack("!Q", read_exact(s, 8))
    if rsv1 is not None:
        rsv1.append(bool(b0 & 0x40))
    return b0 & 0x0F, read_exact(s, n)


def deflated(payload):
    """`payload` compressed as permessage-deflate sends it (RFC 7692 §7.2.1)."""
    c = zlib.compressobj(wbits=-15)
    out = c.compress(payload) + c.flush(zlib.Z_SYNC_FLUSH)
    assert out.endswith(b"\x00\x00\xff\xff")
    return out[:-4]


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


def raw_deflate(url, case):
    """Hand-made compressed frames: `echo` sends a compressed message and
    reads the echo as it came on the wire; `bomb` sends a compressed
    message of a few KiB that inflates to 64 MiB."""
    s, head = raw_handshake(url, "permessage-deflate; client_max_window_bits")
    out = {"head": head}
    if case == "echo":
        msg = b"abcdefgh" * 4096
        s.sendall(frame(0x2, deflated(msg), rsv=0b100))
        s.settimeout(10)
        rsv1 = []
        op, payload = read_frame(s, rsv1)
        out["compressed"] = rsv1[0]
        if rsv1[0]:
            payload = zlib.decompressobj(wbits=-15).decompress(payload + b"\x00\x00\xff\xff")
        out["echo_ok"] = op == 0x2 and payload == msg
        s.sendall(frame(0x8, struct.pack("!H", 1000)))
        out.update(raw_close_code(s))
    elif case == "bomb":
        bomb = deflated(bytes(64 << 20))
        out["wire_bytes"] = len(bomb)
        s.sendall(frame(0x2, bomb, rsv=0b100))
        out.update(raw_close_code(s))
    else:
        raise SystemExit(f"unknown case {case}")
    return out


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


# ------------------------------------------------------ many sockets
async def crowd(url, n, secs):
    """Opens `n` sockets (each learns its worker's pid from the first
    message), prints "ready" with the pids, then runs an acknowledged
    echo protocol on each for `secs` seconds: numbered messages, each
    resent until echoed; a socket closed by bextd reconnects (to whichever
    worker takes it) and resends what was not acknowledged. Prints the
    close codes met, the seconds from the first close to the last, and any
    message lost or duplicated."""
    import asyncio
    from websockets.asyncio.client import connect as aconnect

    codes, closed_at, pids = {}, [], {}
    lost, dup, acked_total = 0, 0, 0
    start_evt = asyncio.Event()

    async def one(i):
        nonlocal lost, dup, acked_total
        seq, acked = 0, set()
        ws = await aconnect(url, open_timeout=30, ping_interval=None)
        pid = await ws.recv()
        pids[pid] = pids.get(pid, 0) + 1
        await start_evt.wait()
        deadline = time.time() + secs
        pending = []
        while time.time() < deadline:
            try:
                if not pending:
                    seq += 1
                    pending.append(seq)
                for m in pending:
                    await ws.send(f"{i}:{m}")
                for m in list(pending):
                    got = await asyncio.wait_for(ws.recv(), 10)
                    k = int(got.split(":")[1])
                    if k in acked:
                        dup += 1
                    acked.add(k)
                    if k in pending:
                        pending.remove(k)
                await asyncio.sleep(0.02)
            except ConnectionClosed as e:
                code = e.rcvd.code if e.rcvd else 1006
                codes[code] = codes.get(code, 0) + 1
                closed_at.append(time.time())
                ws = await aconnect(url, open_timeout=30, ping_interval=None)
                await ws.recv()  # its pid
        await ws.close()
        lost += len(set(range(1, seq + 1)) - acked) - len(pending)
        acked_total += len(acked)

    tasks = [asyncio.create_task(one(i)) for i in range(n)]
    while sum(pids.values()) < n:
        await asyncio.sleep(0.05)
        for t in tasks:
            if t.done() and t.exception():
                raise t.exception()
    print(json.dumps({"ready": True, "pids": pids}), flush=True)
    sys.stdin.readline()  # the test says when to start
    start_evt.set()
    await asyncio.gather(*tasks)
    spread = round(max(closed_at) - min(closed_at), 2) if closed_at else None
    return {"codes": {str(k): v for k, v in codes.items()}, "close_spread_s": spread,
            "first_close": min(closed_at) if closed_at else None,
            "lost": lost, "duplicated": dup, "acked": acked_total}


async def hold(url, n, wait):
    """Opens `n` sockets, prints "ready" with each one's worker pid, then
    waits for bextd to close them: the close codes by worker pid."""
    import asyncio
    from websockets.asyncio.client import connect as aconnect

    socks = []
    for _ in range(n):
        ws = await aconnect(url, open_timeout=30, ping_interval=None)
        socks.append((await ws.recv(), ws))
    pids = {}
    for pid, _ in socks:
        pids[pid] = pids.get(pid, 0) + 1
    print(json.dumps({"ready": True, "pids": pids}), flush=True)
    sys.stdin.readline()
    began = time.time()
    out = {}

    async def end(pid, ws):
        took = None
        try:
            await asyncio.wait_for(ws.wait_closed(), wait)
            code = ws.close_code if ws.close_code is not None else 1006
            took = time.time() - began
        except asyncio.TimeoutError:
            code = "open"
        out.setdefault(pid, {}).setdefault(str(code), 0)
        out[pid][str(code)] += 1
        return took

    after = [t for t in await asyncio.gather(*(end(pid, ws) for pid, ws in socks)) if t is not None]
    return {"codes": out, "last_close_s": round(max(after), 2) if after else None}


def stall(url, total):
    """Asks the worker for a flood, reads nothing until told to go, then
    reads `total` bytes of messages: their count in bytes."""
    s = raw_connect(url)
    s.sendall(frame(0x1, b"flood"))
    print(json.dumps({"ready": True, "pids": {}}), flush=True)
    sys.stdin.readline()
    got = 0
    s.settimeout(30)
    while got < total:
        op, payload = read_frame(s)
        if op in (1, 2, 0):
            got += len(payload)
    return {"bytes": got}


def flood(url, kind, secs):
    """Floods one socket for `secs` seconds once told to go, reading
    nothing: `in` sends 64 KiB binary messages, `ping` 125-byte pings.
    Prints the bytes bextd took (TCP pushes back when it stops reading)
    and whether it closed the connection."""
    s = raw_connect(url)
    if kind == "in":
        unit = frame(0x2, b"x" * (64 << 10))
    else:
        unit = frame(0x9, b"p" * 125) * 8192
    print(json.dumps({"ready": True, "pids": {}}), flush=True)
    sys.stdin.readline()
    s.settimeout(0.2)
    sent, closed = 0, False
    deadline = time.time() + secs
    view, pos = memoryview(unit), 0
    while time.time() < deadline and not closed:
        try:
            n = s.send(view[pos:])
            sent += n
            pos = (pos + n) % len(unit)
        except socket.timeout:
            continue
        except OSError:
            closed = True
    return {"sent": sent, "closed": closed}


def churn(url, n, big):
    """Echoes one message of `big` bytes on a socket of its own, then
    opens and closes `n` sockets, 50 at a time, each echoing one message
    of 64 KiB first."""
    import asyncio
    from websockets.asyncio.client import connect as aconnect

    async def one(size):
        async with aconnect(url, open_timeout=30, ping_interval=None, max_size=None) as ws:
            await ws.send(b"x" * size)
            await ws.recv()

    async def run():
        if big:
            await one(big)
        for _ in range(n // 50):
            await asyncio.gather(*(one(64 << 10) for _ in range(50)))

    asyncio.run(run())
    return {"sockets": n}


def main():
    cmd, url = sys.argv[1], sys.argv[2]
    arg = sys.argv[3] if len(sys.argv) > 3 else None
    import resource
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if cmd == "echo":
        out = echo(url)
    elif cmd == "status":
        out = status(url)
    elif cmd == "big":
        out = big(url, int(arg))
    elif cmd == "wait-close":
        out = wait_close(url, float(arg))
    elif cmd == "raw":
        out = raw(url, arg)
    elif cmd == "deflate":
        out = deflate(url)
    elif cmd == "raw-deflate":
        out = raw_deflate(url, arg)
    elif cmd == "stall":
        out = stall(url, int(float(arg.split(",")[1])))
    elif cmd in ("crowd", "hold"):
        import asyncio
        n, secs = arg.split(",")
        f = crowd if cmd == "crowd" else hold
        out = asyncio.run(f(url, int(n), float(secs)))
    elif cmd in ("flood-in", "ping-flood"):
        out = flood(url, "in" if cmd == "flood-in" else "ping", float(arg.split(",")[1]))
    elif cmd == "churn":
        n, size = arg.split(",")
        out = churn(url, int(n), int(size))
    elif cmd == "raw-ping":
        out = raw_ping(url, float(arg))
    else:
        raise SystemExit(f"unknown command {cmd}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
