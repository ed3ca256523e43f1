"""A device whose reply is not JSON. The gateway forwards a reply's body without reading it (a
snapshot can be megabytes), so the page meets the broken text itself: it fails the request the
reply names at once, with the parse error, instead of waiting out its 15 s time-out."""
import time

from selenium.webdriver.support.ui import Select

from scripted_device import ScriptedDevice


class BrokenDevice(ScriptedDevice):
    """Registers with the real gateway, then answers every request with a reply whose body
    breaks off after its head."""

    def __init__(self, gateway, instance):
        super().__init__(gateway, instance, document=None)

    def reply(self, request):
        return f'{{"id":{request["id"]},"result":{{"roots":[tru'


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
        assert device.calls("Tree.getDocument") > 0
        page.screenshot("broken-device-reply")
    finally:
        device.close()
