"""The device binding's state transitions, against devices the test plays (scripted_device.py)
through the real gateway: picking devices in quick succession binds to the last choice only; a
document fetch that fails after the first is shown as an error, and the document it leaves on
show is marked as not current."""
from scripted_device import ScriptedDevice, document, element
from test_live_search import attach_scripted
from test_root_origins import click_world

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


# What the page says of the document on show: the stale notice (None when hidden), the status
# bar, whether the tree and screen are faded, and whether every style field is disabled.
SHOWN = """const notice = document.getElementById('stale');
return [notice.hidden ? null : document.getElementById('stale-text').textContent,
        document.getElementById('status-text').textContent.split(' · ')[0],
        'stale' in document.getElementById('layout').dataset,
        [...document.querySelectorAll('#properties input[data-key]')].every((i) => i.disabled)];"""


# How the Diff panel lists the live document (the only one it can compare here: no files are open).
LIVE_DIFF_CHOICE = "return document.querySelector('#diff-before option').textContent"


def test_a_refused_resync_keeps_the_last_document_marked_not_current(gateway, page):
    """Revision 1 is shown live, n2 selected. A gap makes the page fetch the document again; the
    device answers with one the page refuses (a size that is a string). The page keeps revision 1
    on show (before, it showed it exactly as if it were live, under the device error pill) but says
    it is not current, with its revision and the reason; fades the tree and screen; disables the
    style fields; and refuses the tap probe with the reason, sending the device nothing. Its own
    *Fetch the document again*, once the device's document is good (revision 9), goes live again."""
    roots = lambda revision, width=100: document(  # noqa: E731
        [element("n1", [0, 0, 320, 480], [element("n2", [10, 10, width, 40], debugName="box")])], revision=revision, instance="stale-doc")
    with ScriptedDevice(gateway, "stale-doc", roots(1)) as device:
        attach_scripted(gateway, page, "stale-doc")
        page.js("weft.state.select('n2'); weft.screenView.fit()")
        page.frames()
        assert page.js(SHOWN) == [None, "Live", False, False]

        refused = roots(8)
        refused["roots"][0]["children"][0]["calculatedSize"] = ["10", 40]
        device.document = refused
        device.update(7, 8, [])
        reason = 'calculatedSize of element n2: expected an array of 2 numbers, got ["10",40]'
        page.wait_js("return document.getElementById('connection').dataset.state === 'device-error'", "the device error")
        page.frames()
        assert page.pill() == ["device-error", f"Device error: {reason}"]
        assert page.js(SHOWN) == [
            f"Not current: this is revision 1 of Scripted (pid 1), the last document the page could read. Fetching the app's document "
            f"again failed: {reason}. Style, spec and tuning edits and the tap probe are off until a fetch succeeds.",
            "Live, not current", True, True]
        assert page.js("return [weft.state.model.revision, weft.state.selectedId]") == [1, "n2"], "the last good document, as it was"
        assert page.js(LIVE_DIFF_CHOICE) == "Live app, not current (revision 1)"

        page.driver.find_element("id", "probe-mode").click()
        click_world(page, 60, 30)
        failed = page.wait_js("const e = document.querySelector('#probe-result .error-text'); return e && e.textContent", "the probe's error")
        assert failed == f"Probe failed: the document shown is not the app's current one ({reason}): its elements may not be those the app would name"
        assert device.calls("HitTest.probe") == 0
        page.driver.find_element("id", "probe-mode").click()
        page.screenshot("stale-document")

        device.document = roots(9, width=150)
        page.driver.find_element("id", "stale-fetch").click()
        page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model.revision === 9",
                     "the page live again")
        page.frames()
        assert page.js(SHOWN) == [None, "Live", False, False]
        assert page.js(LIVE_DIFF_CHOICE) == "Live app"
        assert page.js("return weft.state.model.get('n2').frame[2]") == 150
        assert page.severe_console_errors() == []
