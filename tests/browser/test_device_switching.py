"""Picking devices in quick succession, against devices the test plays (scripted_device.py)
through the real gateway: the page ends up bound to the last choice only."""
from scripted_device import ScriptedDevice, document, element

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
