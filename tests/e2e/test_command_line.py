"""TextureGram's command line and its behaviour without a gateway: a clear message, never a hang,
the feed keeps running, and the client attaches by itself once a gateway appears."""
import subprocess

from conftest import free_port
from harness import Gateway, wait_until


def test_help_and_bad_options(texturegram):
    shown = subprocess.run([texturegram, "--help"], capture_output=True, text=True, timeout=30)
    assert shown.returncode == 0
    assert shown.stdout.startswith("usage: TextureGram") and "--frames N" in shown.stdout
    bad = subprocess.run([texturegram, "--frames", "soon"], capture_output=True, text=True, timeout=30)
    assert bad.returncode == 2
    assert bad.stderr == "TextureGram: --frames needs a whole number from 1 to 1e9, not 'soon' (see TextureGram --help)\n"
    # A gateway URL that cannot be used is refused at once (a gateway that is not running is not).
    wrong = subprocess.run([texturegram, "--gateway", "ftp://127.0.0.1:1"], capture_output=True, text=True, timeout=30)
    assert wrong.returncode == 2
    assert 'invalid gateway URL "ftp://127.0.0.1:1": unsupported scheme' in wrong.stderr


def test_no_gateway_is_a_clear_message_then_it_attaches_when_one_starts(texturegram, tmp_path):
    port = free_port()
    log = tmp_path / "texturegram.log"
    with open(log, "wb") as stderr:
        program = subprocess.Popen([texturegram, "--gateway", f"ws://127.0.0.1:{port}", "--instance", f"e2e-{port}"],
                                   stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)
    try:
        wait_until(lambda: "cannot reach the Weft gateway" in log.read_text(), 15, 0.1, "the unreachable-gateway message")
        text = log.read_text()
        assert f"cannot reach the Weft gateway at ws://127.0.0.1:{port}" in text
        assert "keeps running" in text
        assert program.poll() is None, "TextureGram keeps running without a gateway"
        gateway = Gateway().start(port)  # the address TextureGram keeps retrying
        try:
            wait_until(lambda: "attached to the gateway" in log.read_text(), 30, 0.1, "TextureGram to attach")
            device = next(d for d in gateway.devices() if d["identity"]["instance"] == f"e2e-{port}")
            assert device["identity"]["appId"] == "org.weft.TextureGram"
            assert device["state"] == "connected"
        finally:
            gateway.stop()
    finally:
        program.terminate()
        program.wait(timeout=10)
    assert program.returncode == 0, "SIGTERM stops TextureGram cleanly"
