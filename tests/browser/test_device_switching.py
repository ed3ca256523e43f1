"""The device binding's state transitions, against devices the test plays (scripted_device.py)
through the real gateway: picking devices in quick succession binds to the last choice only; a
document fetch that fails after the first is shown as an error, and the document it leaves on
show is marked as not current, as is the document of a device that disconnected; a device that
keeps sending a document the page refuses is asked for it again with back-off; a first fetch that
fails is tried again by itself, and the page says why it shows no document meanwhile; a tab
follows its program across a gateway restart whatever order the programs come back in."""
import re
import time

from harness import Gateway
from scripted_device import ScriptedDevice, document, element
from selenium.webdriver.support.ui import Select

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
weft.binding.connection.request('Gateway.listDevices').then(() => requestAnimationFrame(() => done(true)), () => done(false));"""


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

EDITS_OFF = "Style, spec and tuning edits and the tap probe are off until a fetch succeeds."


def stale_notice(revision, why):
    """A regular expression for the stale notice of `revision` of the scripted device (pid 1),
    `why` (itself a regular expression) saying why it is not current."""
    return (re.escape(f"Not current: this is revision {revision} of Scripted (pid 1), the last document the page could read. ")
            + why + " " + re.escape(EDITS_OFF))


def scripted_roots(instance, revision=1, width=100):
    """The scripted device's document: n1 with the child n2 (`width` wide)."""
    return document([element("n1", [0, 0, 320, 480], [element("n2", [10, 10, width, 40], debugName="box")])],
                    revision=revision, instance=instance)


def refused_roots(instance, revision):
    """A document the page refuses: n2's calculatedSize holds a string."""
    refused = scripted_roots(instance, revision)
    refused["roots"][0]["children"][0]["calculatedSize"] = ["10", 40]
    return refused


REFUSED_REASON = 'calculatedSize of element n2: expected an array of 2 numbers, got ["10",40]'


def test_a_refused_resync_keeps_the_last_document_marked_not_current(gateway, page):
    """Revision 1 is shown live, n2 selected. A gap makes the page fetch the document again; the
    device answers with one the page refuses (a size that is a string). The page keeps revision 1
    on show (before, it showed it exactly as if it were live, under the device error pill) but says
    it is not current, with its revision and the reason; fades the tree and screen; disables the
    style fields; and refuses the tap probe with the reason, sending the device nothing. Its own
    *Fetch the document again*, once the device's document is good (revision 9), goes live again."""
    roots = lambda revision, width=100: scripted_roots("stale-doc", revision, width)  # noqa: E731
    with ScriptedDevice(gateway, "stale-doc", roots(1)) as device:
        attach_scripted(gateway, page, "stale-doc")
        page.js("weft.state.select('n2'); weft.screenView.fit()")
        page.frames()
        assert page.js(SHOWN) == [None, "Live", False, False]

        device.document = refused_roots("stale-doc", 8)
        device.update(7, 8, [])
        reason = REFUSED_REASON
        page.wait_js("return document.getElementById('connection').dataset.state === 'device-error'", "the device error")
        page.frames()
        assert page.pill() == ["device-error", f"Device error: {reason}"]
        notice, *rest = page.js(SHOWN)
        assert re.fullmatch(stale_notice(1, re.escape(f"Fetching the app's document again failed: {reason}. ")
                                         + r"Next automatic try when the app changes(, in 1 s at the earliest)?\."), notice), notice
        assert rest == ["Live, not current", True, True]
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


NOTICE = "return document.getElementById('stale').hidden ? null : document.getElementById('stale-text').textContent"


def test_a_device_that_keeps_sending_a_refused_document_is_asked_again_with_back_off(gateway, page):
    """An op that does not fit (no gap behind it) makes the page fetch revision 1 again; the device
    answers with one the page refuses. The next update is based on revision 1, the one on show: it
    is not applied (before, it was, under the notice that called the document not current). The
    device then streams updates with gaps, 30 a second: before, each fetched the whole document;
    now the first waits for the back-off's second, and after that fetch is refused too, the next
    waits two. The notice says when the next try is. The notice's button fetches at once."""
    instance = "refetch-storm"
    with ScriptedDevice(gateway, instance, scripted_roots(instance)) as device:
        attach_scripted(gateway, page, instance)
        device.document = refused_roots(instance, 1)
        device.update(1, 2, [{"op": "remove", "id": "ghost"}])
        page.wait_js("return document.getElementById('connection').dataset.state === 'device-error'", "the device error")
        device.update(1, 2, [{"op": "set", "id": "n2", "fields": {"frame": [10, 10, 150, 40]}}])
        page.wait_js("return weft.state.model.revision === 2 || /Next automatic try in 1 s/.test(document.getElementById('stale-text').textContent)",
                     "the update applied, or the next try scheduled")
        assert page.js("return [weft.state.model.revision, weft.state.model.get('n2').frame[2]]") == [1, 100], \
            "the update based on the document on show is not applied to it"
        assert re.fullmatch(stale_notice(1, re.escape(f"Fetching the app's document again failed: {REFUSED_REASON}. Next automatic try in 1 s.")),
                            page.js(NOTICE))
        page.frames()
        page.screenshot("refetch-backing-off")

        page.wait_js("return /Next automatic try when the app changes, in 2 s at the earliest/.test(document.getElementById('stale-text').textContent)",
                     "the scheduled try, refused: the next waits 2 s")
        refused_at = time.monotonic()
        assert device.calls("Tree.getDocument") == 3
        for revision in range(5, 20):  # half a second of a 30-a-second stream, each update a gap
            device.update(revision, revision + 1, [])
            time.sleep(1 / 30)
        page.wait_js("return /Next automatic try in [12] s\\.$/.test(document.getElementById('stale-text').textContent.split(' Style')[0])",
                     "the next try scheduled")
        assert time.monotonic() - refused_at < 1.5, "the check below is within the 2 s wait"
        assert device.calls("Tree.getDocument") == 3, "no fetch per update while the back-off waits"
        assert page.js("return weft.state.model.revision") == 1
        page.screenshot("refetch-backing-off-stream")

        device.document = scripted_roots(instance, 30, width=150)
        page.driver.find_element("id", "stale-fetch").click()  # at once, not when the back-off's wait ends
        page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model.revision === 30",
                     "the page live again", timeout=1.5)
        assert page.js(NOTICE) is None
        assert page.js("return weft.state.model.get('n2').frame[2]") == 150
        device.update(30, 31, [{"op": "set", "id": "n2", "fields": {"frame": [10, 10, 160, 40]}}])
        page.wait_js("return weft.state.model.revision === 31 && weft.state.model.get('n2').frame[2] === 160", "updates applied again")
        assert device.calls("Tree.getDocument") == 4
        assert page.severe_console_errors() == []


def test_a_disconnected_device_leaves_its_document_marked_not_current_until_it_is_back(page):
    """The device disconnects: its document stays on show, marked not current as a refused fetch
    leaves it (before, only the pill said so), with a notice naming the app, its pid and revision,
    and when it disconnected; no button, since there is nothing to fetch from. The gateway drops
    it after its grace period (1 s here): the same notice. It comes back (pid 2): its document is
    fetched and the page is live again."""
    instance = "gone-doc"
    with Gateway(extra_args=["--grace", "1"]) as gateway:
        device = ScriptedDevice(gateway, instance, scripted_roots(instance))
        attach_scripted(gateway, page, instance)
        page.js("weft.state.select('n2'); weft.screenView.fit()")
        device.close()
        page.wait_js("return document.getElementById('connection').dataset.state === 'device-disconnected'", "the disconnect")
        page.frames()
        notice, *rest = page.js(SHOWN)
        disconnected = r"Scripted disconnected at \d\d:\d\d:\d\d; the page fetches its document again when it reconnects\."
        assert re.fullmatch(stale_notice(1, disconnected), notice), notice
        assert rest == ["Live, not current", True, True]
        assert page.js("return document.getElementById('stale-fetch').hidden") is True
        assert page.js("return [weft.state.model.revision, weft.state.selectedId]") == [1, "n2"]
        page.driver.find_element("id", "probe-mode").click()
        click_world(page, 60, 30)
        failed = page.wait_js("const e = document.querySelector('#probe-result .error-text'); return e && e.textContent", "the probe's error")
        assert failed.startswith("Probe failed: the document shown is not the app's current one (Scripted disconnected"), failed
        page.driver.find_element("id", "probe-mode").click()
        page.screenshot("disconnected-document")

        page.wait_js("return document.getElementById('connection').dataset.state === 'waiting'", "the device's removal", timeout=5)
        page.frames()
        assert page.js(SHOWN) == [notice, "Live, not current", True, True], "removed: the same absence, since the disconnect"

        back = scripted_roots(instance, width=150)
        back["meta"]["pid"] = 2
        with ScriptedDevice(gateway, instance, back, pid=2):
            page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model.meta.pid === 2",
                         "the app back and live")
            page.frames()
            assert page.js(SHOWN) == [None, "Live", False, False]
            assert page.js("return weft.state.model.get('n2').frame[2]") == 150
        assert page.severe_console_errors() == []


def pick_scripted(gateway, page, instance):
    """Opens the page and picks the scripted device registered as `instance` (whatever its fetch brings)."""
    page.open(gateway.page_url())
    label = page.wait_js("const o = [...document.querySelectorAll('#device-select option')].find(o => o.textContent.includes(arguments[0]));"
                         "return o && o.textContent;", "the device in the list", instance)
    Select(page.driver.find_element("id", "device-select")).select_by_visible_text(label)


def missing_notice(why):
    """A regular expression for the notice the page shows while it has no document of the scripted
    device because its fetch failed: `why` (a regular expression) says how, and when it tries again."""
    return re.escape("No document yet: fetching Scripted's document failed: ") + why


# The notice's text (None when hidden), whether its button is shown, and the tree's empty message
# (None when hidden).
MISSING = """const empty = document.getElementById('tree-empty');
return [document.getElementById('stale').hidden ? null : document.getElementById('stale-text').textContent,
        !document.getElementById('stale-fetch').hidden, empty.hidden ? null : empty.textContent];"""
EMPTY_TREE = "No document yet: the notice above says why."


def test_a_first_fetch_the_app_does_not_answer_is_tried_again_by_itself(page):
    """The app does not answer the first two fetches (a paused program; the gateway's time-out,
    1 s here, answers them). Before, the page said "Device error" in the pill only and never
    fetched again: a paused program sends no update, and only the button recovered. Now a notice
    says there is no document, why, and when the next try is; the page tries again after 1 s,
    then 2 s, with no update from the app, and the third fetch brings the document."""
    instance = "first-unanswered"
    with Gateway(extra_args=["--request-timeout", "1"]) as gateway, ScriptedDevice(gateway, instance, scripted_roots(instance)) as device:
        device.unanswered_documents = 2
        pick_scripted(gateway, page, instance)
        page.wait_js("return document.getElementById('connection').dataset.state === 'device-error'", "the first fetch's time-out")
        assert page.pill() == ["device-error", "Device error: request timed out"]
        notice, button, empty = page.js(MISSING)
        assert re.fullmatch(missing_notice(r"request timed out\. (Next automatic try in 1 s\.|Fetching it again…)"), notice), notice
        assert button and empty == EMPTY_TREE
        page.wait_js("return /Next automatic try in 2 s\\.$/.test(document.getElementById('stale-text').textContent)",
                     "the second try timed out too: the next waits 2 s", timeout=5)
        page.screenshot("first-fetch-unanswered")
        assert device.calls("Tree.getDocument") == 2
        page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model?.revision === 1",
                     "the third try's document, with no update from the app", timeout=5)
        assert device.calls("Tree.getDocument") == 3
        assert page.js(MISSING) == [None, False, None]
        assert page.js("return document.getElementById('status-text').textContent.split(' · ')[0]") == "Live"
        assert page.severe_console_errors() == []


def test_a_first_fetch_refused_is_tried_again_when_the_app_changes(gateway, page):
    """The first document the device sends is one the page refuses. Before, every update was
    dropped and nothing fetched again but the button. Now the notice says why there is no
    document; the page does not ask again while the app does not change (the same document would
    be refused again), and the app's next update brings a fetch, which succeeds."""
    instance = "first-refused"
    with ScriptedDevice(gateway, instance, refused_roots(instance, 1)) as device:
        pick_scripted(gateway, page, instance)
        page.wait_js("return document.getElementById('connection').dataset.state === 'device-error'", "the refused document")
        assert page.pill() == ["device-error", f"Device error: {REFUSED_REASON}"]
        notice, button, empty = page.js(MISSING)
        assert re.fullmatch(missing_notice(re.escape(f"{REFUSED_REASON}. ") + r"Next automatic try when the app changes(, in 1 s at the earliest)?\."),
                            notice), notice
        assert button and empty == EMPTY_TREE
        page.wait_js("return /Next automatic try when the app changes\\.$/.test(document.getElementById('stale-text').textContent)",
                     "the notice counted down")
        page.screenshot("first-fetch-refused")
        assert device.calls("Tree.getDocument") == 1, "no fetch while the app does not change"

        device.document = scripted_roots(instance, 2, width=150)
        device.update(1, 2, [])
        page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model?.revision === 2",
                     "the document the update's fetch brought")
        assert device.calls("Tree.getDocument") == 2
        assert page.js(MISSING) == [None, False, None]
        assert page.js("return weft.state.model.get('n2').frame[2]") == 150
        assert page.severe_console_errors() == []


def test_a_tab_follows_its_program_when_a_restarted_gateway_sees_them_come_back_in_another_order(page):
    """Issue 27, 5: alpha and beta are connected, the tab shows alpha. The gateway restarts and the
    two come back in the other order (beta first): the tab shows alpha again, under the id alpha
    had (ids are derived from identities, so a restarted gateway cannot swap them)."""
    with Gateway() as gateway:
        alpha = ScriptedDevice(gateway, "alpha", document([element("n1", [0, 0, 100, 50], debugName="alpha")], instance="alpha"))
        beta = ScriptedDevice(gateway, "beta", document([element("n1", [0, 0, 200, 50], debugName="beta")], instance="beta"))
        attach_scripted(gateway, page, "alpha")
        alpha_id = page.js("return weft.binding.deviceId")
        assert page.js("return weft.state.model.get('n1').frame[2]") == 100
        alpha.close()
        beta.close()
        gateway.restart()
        page.wait_js("return document.getElementById('connection').dataset.state !== 'attached'", "the page to notice")
        beta = ScriptedDevice(gateway, "beta", document([element("n1", [0, 0, 200, 50], debugName="beta")], instance="beta"))
        alpha = ScriptedDevice(gateway, "alpha", document([element("n1", [0, 0, 100, 50], debugName="alpha")], instance="alpha"))
        page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model", "alpha again", timeout=20)
        assert page.js("return weft.binding.deviceId") == alpha_id
        assert page.js("return weft.state.model.get('n1').frame[2]") == 100, "alpha's document, not beta's"
        assert {d["identity"]["instance"]: d["deviceId"] for d in gateway.devices()}["alpha"] == alpha_id
        alpha.close()
        beta.close()
