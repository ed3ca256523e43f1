"""A page on a long host name cannot reach the gateway (issue 27, 1).

The gateway once read the Origin header into 256 bytes and took one that did not fit for no
Origin at all: a page whose origin is that long (a legal 245-character host name does it) listed
the programs, drove them and registered as one of them, replacing it. Here a real Chromium opens
such a page (its host name mapped to 127.0.0.1 with --host-resolver-rules; /etc/hosts is left
alone), served by a local HTTP server, and tries all three against the default gateway (no
token). A short host name the gateway allows (--allow-origin) runs the same page as the control:
the page's script works, so the refusals are the gateway's."""
import functools
import http.server
import json
import threading
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from conftest import CHROMEDRIVER, CHROMIUM, WAIT
from harness import ARTIFACTS, Gateway
from scripted_device import ScriptedDevice

# Four labels of 60 and one of 1: 245 characters, a legal host name (RFC 1035: labels <= 63,
# name <= 253). Its origin, http://NAME:PORT, is over 256 bytes.
LONG_HOST = ".".join(["a" * 60, "b" * 60, "c" * 60, "d" * 60, "e"])
SHORT_HOST = "allowed.test"

# The attacking page: opens /inspector (hello, list the devices, drive one) and /device (register
# as the running program), and reports what happened in window.outcome.
ATTACK_PAGE = """<!doctype html><meta charset="utf-8"><title>attack</title><script>
const gateway = new URLSearchParams(location.search).get('gw');
const identity = JSON.parse(new URLSearchParams(location.search).get('identity'));
window.outcome = {inspector: 'pending', device: 'pending', devices: null, registered: null};
function attempt(path, onOpen, key) {
  const ws = new WebSocket(`ws://${gateway}${path}`, 'weft.v1');
  let opened = false;
  ws.onopen = () => { opened = true; window.outcome[key] = 'open'; onOpen(ws); };
  ws.onclose = () => { if (!opened) window.outcome[key] = 'refused'; };
  ws.onmessage = (m) => {
    const message = JSON.parse(m.data);
    if (key === 'inspector' && message.id === 1) ws.send(JSON.stringify({id: 2, method: 'Gateway.listDevices'}));
    if (key === 'inspector' && message.id === 2) {
      window.outcome.devices = message.result ? message.result.devices.length : -1;
      ws.send(JSON.stringify({id: 3, method: 'Layout.setStyle', device: identity.appId + '@' + identity.instance,
                              params: {nodeId: 'n1', style: {}}}));
    }
    if (key === 'device' && message.id === 1 && !message.method) window.outcome.registered = message.result ? true : JSON.stringify(message.error);
  };
}
attempt('/inspector', (ws) => ws.send(JSON.stringify({id: 1, method: 'Gateway.hello', params: {protocolVersion: 1}})), 'inspector');
attempt('/device', (ws) => ws.send(JSON.stringify({id: 1, method: 'Gateway.register', params: {protocolVersion: 1, identity}})), 'device');
setInterval(() => { document.getElementById('out').textContent =
  `page origin: ${location.origin.length} bytes\n${JSON.stringify(window.outcome, null, 1)}`; }, 50);
</script><pre id="out"></pre>"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def page_server(tmp_path):
    (tmp_path / "attack.html").write_text(ATTACK_PAGE)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()


@pytest.fixture
def mapped_browser():
    """A Chromium of its own that resolves both test host names to 127.0.0.1."""
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--host-resolver-rules=MAP {LONG_HOST} 127.0.0.1, MAP {SHORT_HOST} 127.0.0.1"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield browser
    browser.quit()


def run_attack(browser, host, page_port, gateway, identity):
    query = f"gw=127.0.0.1:{gateway.port}&identity={json.dumps(identity)}"
    browser.get(f"http://{host}:{page_port}/attack.html?{query}")
    assert browser.execute_script("return location.hostname") == host
    WebDriverWait(browser, WAIT).until(
        lambda d: d.execute_script("const o = window.outcome; return o && o.inspector !== 'pending' && o.device !== 'pending'"
                                   " && (o.inspector !== 'open' || o.devices !== null) && (o.device !== 'open' || o.registered !== null)"),
        message="the page's connections to settle (and what an opened one does next)")
    time.sleep(0.2)  # a Layout.setStyle sent last has time to arrive
    return browser.execute_script("return window.outcome")


def test_a_page_on_a_long_host_name_cannot_list_drive_or_register(mapped_browser, page_server):
    with Gateway(extra_args=["--allow-origin", f"http://{SHORT_HOST}:{page_server}"]) as gateway:
        program = ScriptedDevice(gateway, "victim", {"format": "weft.snapshot", "version": 1, "revision": 1, "roots": []})
        identity = {"appId": "org.weft.Scripted", "instance": "victim", "host": "test"}
        try:
            # Control: the page from an allowed origin does what it sets out to do.
            # (It registers under an identity of its own, so the program is not replaced.)
            control = {**identity, "instance": "control"}
            allowed = run_attack(mapped_browser, SHORT_HOST, page_server, gateway, control)
            # The list holds the program, and the page's own registration when that came first.
            assert allowed["inspector"] == "open" and allowed["devices"] in (1, 2), allowed
            assert allowed["device"] == "open" and allowed["registered"] is True, allowed
            # The long origin: refused on both paths, nothing listed, nothing registered.
            outcome = run_attack(mapped_browser, LONG_HOST, page_server, gateway, identity)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            mapped_browser.save_screenshot(str(ARTIFACTS / "browser-long-origin-attack.png"))
            assert outcome == {"inspector": "refused", "device": "refused", "devices": None, "registered": None}, outcome
            # The program is still the registered one, and nothing reached it.
            victims = [d for d in gateway.devices() if d["identity"]["instance"] == "victim"]
            assert [d["state"] for d in victims] == ["connected"], victims
            assert victims[0]["info"].get("appName") == "Scripted", victims
            assert not [m for m, _ in program.requests if m == "Layout.setStyle"], program.requests
            log = gateway.log_path.read_text(errors="replace")
            assert "refused 403 /inspector" in log and "refused 403 /device" in log, log[-2000:]
        finally:
            program.close()
