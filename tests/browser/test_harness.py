"""The shared end-to-end harness itself (tests/harness): the real gateway on a free port,
restarts on the same port, clear errors for missing programs, and nothing left running."""
import os
import sys

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
