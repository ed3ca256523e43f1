"""A device whose reply is not JSON. The gateway forwards a reply's body without reading it (a
snapshot can be megabytes), so the page meets the broken text itself: it fails the request the
reply names at once, with the parse error, instead of waiting out its 15 s time-out."""
import json
import threading
import time

import websocket  # websocket-client (requirements-test.txt)
from selenium.webdriver.support.ui import Select


class BrokenDevice:
    """Registers with the real gateway, then answers every request with a reply whose body
    breaks off after its head."""

    def __init__(self, gateway, instance):
        self.socket = websocket.create_connection(f"{gateway.ws_url}/device", subprotocols=["weft.v1"], timeout=10,
                                                  suppress_origin=True)  # devices are not pages: no Origin
        self.socket.send(json.dumps({"id": 1, "method": "Gateway.register", "params": {
            "protocolVersion": 1, "identity": {"appId": "org.weft.Broken", "instance": instance, "host": "test"}}}))
        registered = json.loads(self.socket.recv())
        assert "result" in registered, registered
        self.answered = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                request = json.loads(self.socket.recv())
            except (websocket.WebSocketException, OSError, ValueError):
                return
            if "id" in request and "method" in request:
                self.answered.append(request["method"])
                self.socket.send(f'{{"id":{request["id"]},"result":{{"roots":[tru')

    def close(self):
        self.socket.close()


def test_a_reply_that_is_not_json_fails_its_request_at_once(gateway, page):
    device = BrokenDevice(gateway, "broken-reply")
    try:
        page.open(gateway.page_url())
        label = page.wait_js("const o = [...document.querySelectorAll('#device-select option')]"
                             ".find(o => o.textContent.includes('broken-reply')); return o && o.textContent;",
                             "the device in the list")
        started = time.monotonic()
        Select(page.driver.find_element("id", "device-select")).select_by_visible_text(label)
        _, text = page.wait_js("const p = document.getElementById('connection');"
                               "return p.dataset.state === 'device-error' && [p.dataset.state, p.textContent];",
                               "the device error")
        assert time.monotonic() - started < 5, "failed at once, not after a time-out"
        assert text.startswith("Device error: the reply to Tree.getDocument is not valid JSON"), text
        assert "Tree.getDocument" in device.answered
        page.screenshot("broken-device-reply")
    finally:
        device.close()
