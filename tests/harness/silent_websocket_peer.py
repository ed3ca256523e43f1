#!/usr/bin/env python3
"""A WebSocket server that accepts every connection and never answers a message.

What a host program meets when something other than a working gateway listens on the gateway's
port: a hung gateway, or another program that speaks WebSocket. It completes the upgrade (with
subprotocol weft.v1, as the gateway does), then reads and discards every frame; it never sends
a frame, not even a close or a pong. The Swift tests (WeftTestSupport's SilentWebSocketPeer)
use it to check that a client gives up on an unanswered registration and reconnects.

    python3 silent_websocket_peer.py [PORT]     # 0 or nothing: a free port

stdout, one line each, flushed:
    listening PORT
    connection N SECONDS            the N-th upgrade was accepted (N from 1) at SECONDS (a
                                    monotonic clock: differences are exact, however late the
                                    reader reads them)
    message N TEXT                  a text message of connection N (its first line only)
"""
import base64
import hashlib
import socket
import sys
import threading
import time

# RFC 6455, section 1.3: the accept key is base64(SHA-1(key + this GUID)).
WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
OPCODE_CONTINUATION, OPCODE_TEXT = 0x0, 0x1

output_lock = threading.Lock()


def say(line):
    with output_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def read_exactly(conn, count):
    data = b""
    while len(data) < count:
        chunk = conn.recv(count - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def read_upgrade_request(conn):
    request = b""
    while b"\r\n\r\n" not in request:
        chunk = conn.recv(4096)
        if not chunk:
            raise EOFError
        request += chunk
    headers = {}
    for line in request.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return headers


def accept_upgrade(conn, headers):
    digest = hashlib.sha1((headers["sec-websocket-key"] + WEBSOCKET_GUID).encode()).digest()
    response = (
        "HTTP/1.1 101 Switching Protocols\r\n"
        "Upgrade: websocket\r\n"
        "Connection: Upgrade\r\n"
        f"Sec-WebSocket-Accept: {base64.b64encode(digest).decode()}\r\n"
        "Sec-WebSocket-Protocol: weft.v1\r\n\r\n"
    )
    conn.sendall(response.encode())


def read_frame(conn):
    """One frame (RFC 6455, section 5.2): (fin, opcode, unmasked payload)."""
    first, second = read_exactly(conn, 2)
    length = second & 0x7F
    if length == 126:
        length = int.from_bytes(read_exactly(conn, 2), "big")
    elif length == 127:
        length = int.from_bytes(read_exactly(conn, 8), "big")
    mask = read_exactly(conn, 4) if second & 0x80 else b"\0\0\0\0"
    payload = bytes(byte ^ mask[i % 4] for i, byte in enumerate(read_exactly(conn, length)))
    return bool(first & 0x80), first & 0x0F, payload


def serve(conn, number):
    with conn:
        try:
            accept_upgrade(conn, read_upgrade_request(conn))
            say(f"connection {number} {time.monotonic():.6f}")
            message, is_text = b"", False
            while True:
                fin, opcode, payload = read_frame(conn)
                if opcode not in (OPCODE_TEXT, OPCODE_CONTINUATION):
                    continue  # close, ping, pong: never answered
                if opcode == OPCODE_TEXT:
                    message, is_text = b"", True
                message += payload
                if fin and is_text:
                    text = message.decode("utf-8", "replace").splitlines()[0] if message else ""
                    say(f"message {number} {text}")
                    message, is_text = b"", False
        except (EOFError, OSError, KeyError, ValueError):
            pass  # the client hung up (or was no WebSocket client): forget it


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(16)
    say(f"listening {server.getsockname()[1]}")
    number = 0
    while True:
        conn, _ = server.accept()
        number += 1
        threading.Thread(target=serve, args=(conn, number), daemon=True).start()


if __name__ == "__main__":
    main()
