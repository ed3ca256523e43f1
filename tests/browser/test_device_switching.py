"""The device binding's state transitions, against devices the test plays (scripted_device.py)
through the real gateway: picking devices in quick succession binds to the last choice only; a
document fetch that fails after the first is shown as an error."""
from scripted_device import ScriptedDevice, document, element
from test_live_search import attach_scripted

# Picks the device list's option whose text contains arguments[0], then at once the first option
# ("Choose a device…": no device), as fast as a user's keyboard in the list can.
PICK_THEN_NONE = """
const select = document.getElementById('device-select');
const option = [...select.options].find(o => o.textContent.includes(arguments[0]));
select.value = option.value; select.dispatchEvent(new Event('change'));
select.value = ''; select.dispatchEvent(new Event('change'));"""

# Resolves after a round trip to the gateway, so every reply to what the page sent before it
# (the attach) has arrived: replies come back in order on the one connection.
ROUND_TRIP = """const done = arguments[arguments.length - 1];
weft.session.connection.request('Gateway.listDevices').then(() => requestAnimationFrame(() => done(true)), () => done(false));"""


def test_a_device_left_before_its_attach_answered_is_not_shown(gateway, page):
    """The user picks the device and, before the gateway answers the attach, picks no device:
    the page shows no document and never asks the device for one."""
    with ScriptedDevice(gateway, "switch-away", document([element("n1", [0, 0, 320, 480])])) as device:
        page.open(gateway.page_url())
        page.wait_js("return [...document.querySelectorAll('#device-select option')].some(o => o.textContent.includes('switch-away'))",
                     "the device in the list")
        page.js(PICK_THEN_NONE, "switch-away")
        assert page.driver.execute_async_script(ROUND_TRIP)
        assert page.js("return weft.state.model") is None
        assert page.pill() == ["connected", "Gateway connected · pick a device"]
        assert device.calls("Tree.getDocument") == 0


def test_a_failed_resync_is_shown_not_the_old_document_as_live(gateway, page):
    """The document (revision 1) is shown live. An update with a gap (base 5) makes the page ask
    for the document again; the device fails that call. The page must not go on calling the old
    document live: it shows the device error. The next update (another gap) brings a
    successful fetch (revision 9): live again."""
    with ScriptedDevice(gateway, "resync-fails", document([element("n1", [0, 0, 320, 480])], instance="resync-fails")) as device:
        attach_scripted(gateway, page, "resync-fails")
        device.failing_documents = 1
        device.update(5, 6, [])
        state = page.wait_js("const p = document.getElementById('connection'); return p.dataset.state === 'device-error' && p.textContent",
                             "the device error")
        assert state == "Device error: capture failed"
        assert device.calls("Tree.getDocument") == 2
        device.document = document([element("n1", [0, 0, 320, 480])], revision=9, instance="resync-fails")
        device.update(7, 8, [])
        page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model.revision === 9",
                     "the page live again")
