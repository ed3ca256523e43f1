"""scripts/demo, what `make demo` runs: the gateway and the release TextureGram attached to it, the
URL to open (and the release weft CLI's command), both stopped on Ctrl-C; a clear message when the
port is taken. A free port stands in for
9223 (tests never use fixed ports)."""
import json
import os
import re
import signal
import socket
import subprocess
import tempfile
import urllib.request

import websocket

from conftest import free_port
from harness import REPO_ROOT, wait_until
from harness.processes import read_line

DEMO = REPO_ROOT / "scripts" / "demo"


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def devices(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/devices", timeout=2) as response:
        return json.load(response)["devices"]


def test_demo_starts_gateway_and_texturegram_and_ctrl_c_stops_both():
    port = free_port()
    env = dict(os.environ, WEFT_DEMO_PORT=str(port))
    env.pop("WEFT_GATEWAY", None)
    env.pop("WEFT_INSTANCE", None)
    errors = tempfile.TemporaryFile()
    # A terminal's foreground job gets SIGINT at its default. A runner started in the background
    # (`make test &`) passes it on ignored, and a shell cannot trap a signal ignored on entry.
    demo = subprocess.Popen([DEMO], env=env, stdout=subprocess.PIPE, stderr=errors, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        lines = []
        while not all(any(end in line for line in lines) for end in ("Or from a terminal", "Chrome DevTools")):
            lines.append(read_line(demo, 60, "scripts/demo"))
        text = "\n".join(lines)
        assert f"Open  http://127.0.0.1:{port}/#app=org.weft.TextureGram&instance=default  in a browser" in text
        app_pid = int(re.search(r"TextureGram \(pid (\d+)\)", text).group(1))
        # The optimised builds `make demo` makes (the demo is where Weft's speed is judged).
        assert "/release/" in os.readlink(f"/proc/{app_pid}/exe")
        weft = re.search(r"Or from a terminal:  (\S+) devices --gateway ws://127\.0\.0\.1:(\d+)", text)
        assert weft and "/release/" in weft.group(1) and weft.group(2) == str(port)
        device = wait_until(lambda: next((d for d in devices(port) if d["state"] == "connected"), None), 20, 0.1,
                            "TextureGram to attach to the demo's gateway")
        assert device["identity"]["appId"] == "org.weft.TextureGram"
        assert device["identity"]["instance"] == "default", "the instance the printed link names"
        # The printed DevTools URL names a socket that serves TextureGram's document.
        devtools = re.search(r"devtools://devtools/bundled/devtools_app\.html\?ws=(\S+)", text).group(1)
        assert devtools == f"127.0.0.1:{port}/devtools/page/org.weft.TextureGram"
        cdp = websocket.create_connection(f"ws://{devtools}", timeout=10, suppress_origin=True)
        cdp.send(json.dumps({"id": 1, "method": "DOM.getDocument"}))
        assert json.loads(cdp.recv())["result"]["root"]["childNodeCount"] == 2
        cdp.close()
        # Ctrl-C in a terminal signals the whole foreground process group.
        os.killpg(demo.pid, signal.SIGINT)
        status = demo.wait(timeout=20)
        errors.seek(0)
        assert status == 0, errors.read().decode(errors="replace")
        wait_until(lambda: not alive(app_pid), 10, 0.1, "TextureGram to stop")
        with socket.socket() as probe:
            # Nothing listens there any more (SO_REUSEADDR: connections may linger in TIME_WAIT).
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(("127.0.0.1", port))
    finally:
        if demo.poll() is None:
            os.killpg(demo.pid, signal.SIGKILL)
            demo.wait()
        errors.close()


def test_demo_says_clearly_when_the_port_is_taken():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([DEMO], env=dict(os.environ, WEFT_DEMO_PORT=str(port)), capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert f"demo: port {port} on 127.0.0.1 is already in use." in result.stderr
    assert "make demo WEFT_DEMO_PORT=" in result.stderr
