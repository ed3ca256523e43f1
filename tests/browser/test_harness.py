"""The shared end-to-end harness itself (tests/harness): the real gateway on a free port,
restarts on the same port, clear errors for missing programs, and nothing left running."""
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from harness import Gateway, HostProgram, ProcessError, unique_instance, wait_until


def test_gateway_starts_on_a_free_port_and_stops():
    with Gateway() as first, Gateway() as second:
        assert first.port != second.port, "--port 0 gives each gateway its own port"
        status, body = first.get_json("/healthz")
        assert (status, body) == (200, {"ok": True})
        pid = first.process.pid
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # stopped, not left behind


def test_restart_keeps_the_port():
    with Gateway() as gateway:
        port = gateway.port
        gateway.restart()
        assert gateway.port == port
        assert gateway.get_json("/api/devices") == (200, {"devices": []})


def test_token_is_sent_on_http_calls():
    with Gateway(token="t0k") as gateway:
        assert gateway.get_json("/api/devices")[0] == 200
        status, _, _ = gateway.request("GET", "/api/devices", headers={"Authorization": "Bearer wrong"})
        assert status == 401
        assert gateway.page_url() == f"{gateway.http_url}/#token=t0k"


def test_missing_programs_fail_clearly(tmp_path, monkeypatch):
    monkeypatch.setenv("WEFT_GATEWAY_BINARY", str(tmp_path / "nope"))
    with pytest.raises(ProcessError, match="the gateway is not built"):
        Gateway().start()
    monkeypatch.delenv("WEFT_GATEWAY_BINARY")
    with Gateway() as gateway:
        with pytest.raises(ProcessError, match="host program not built"):
            HostProgram(str(tmp_path / "missing"), gateway).start()
        # A program that exits at once is reported at once, not after the whole time-out.
        with pytest.raises(ProcessError, match="exited with status 3"):
            HostProgram(sys.executable, gateway, args=["-c", "raise SystemExit(3)"]).start(register_timeout=10)


def test_unique_instances_and_bounded_waits():
    assert unique_instance() != unique_instance()
    with pytest.raises(ProcessError, match="timed out after 0.2s waiting for nothing"):
        wait_until(lambda: False, 0.2, 0.05, "nothing")


def _running(pid: int) -> bool:
    """True while `pid` runs (a zombie waiting for a reaper has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_children_die_with_a_killed_test_process():
    # A stand-in for a crashed test run: a Python process starts a long `sleep` through the
    # harness, prints its pid, and is killed with SIGKILL (no cleanup can run). The child must
    # go too, within a bounded time.
    script = "from harness.processes import spawn; print(spawn(['sleep', '60']).pid, flush=True); import time; time.sleep(60)"
    tests = Path(__file__).resolve().parent.parent
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(tests)})
    try:
        child = int(parent.stdout.readline())
        assert _running(child)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(5)
        wait_until(lambda: not _running(child), timeout=5, what=f"child {child} of the killed parent to end")
    finally:
        parent.kill()
        parent.wait(5)
        parent.stdout.close()
