"""What the tap probe and the Playground show comes from one process, against two devices the
test plays (scripted_device.py) through the real gateway, with the same element ids: another
device, or the same one restarted (a new pid), shows none of it; going back to the first shows
it again (js/ui/per-process.js). Before, the probe's report and the Playground's result or
error stayed on the page whatever was shown next."""
from scripted_device import ScriptedDevice, document, element
from test_live_edits import choose
from test_live_search import attach_scripted
from test_ranges_edits import Instance
from test_root_origins import click_world

ROOTS = [element("n1", [0, 0, 320, 480])]
PROBE_POINT = (160, 240)  # n1's centre, in world (root-row) coordinates

PROBE_REPORT = """const out = document.getElementById('probe-result');
return out.hidden ? null : out.textContent;"""

# Pixels of the probe's mark (its cross, opaque green) within 12 CSS px of the world point.
PROBE_MARK_PIXELS = """const [wx, wy] = arguments; const v = weft.screenView.view, c = document.getElementById('screen-overlay');
const r = c.width / c.clientWidth, x = Math.floor((wx * v.zoom + v.x - 12) * r), y = Math.floor((wy * v.zoom + v.y - 12) * r);
const d = c.getContext('2d').getImageData(x, y, Math.ceil(24 * r), Math.ceil(24 * r)).data;
let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] === 24 && d[i + 1] === 128 && d[i + 2] === 56 && d[i + 3] === 255) n++;
return n;"""


def probe_shown(page):
    """The probe's report on show (None when hidden) and whether its mark is drawn."""
    page.frames()
    return page.js(PROBE_REPORT), page.js(PROBE_MARK_PIXELS, *PROBE_POINT) > 0


def restart(gateway, page, instance, roots):
    """A ScriptedDevice for the process `instance` started again (pid 2), once the page shows it."""
    device = ScriptedDevice(gateway, instance, document(roots, instance=instance, pid=2), pid=2)
    page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model.meta.pid === 2",
                 "the restarted process's document")
    return device


def test_a_tap_probe_report_stays_with_its_process(gateway, page):
    """The first device's probe finds n1; the second's fails. Each device shows its own report
    and mark only, the first again on going back to it, and the first restarted shows none."""
    with ScriptedDevice(gateway, "probe-one", document(ROOTS, instance="probe-one")) as one, \
            ScriptedDevice(gateway, "probe-two", document(ROOTS, instance="probe-two")) as two:
        one.results["HitTest.probe"] = {"path": ["n1"], "target": "n1"}
        two.errors["HitTest.probe"] = "no window at that point"
        attach_scripted(gateway, page, "probe-one")
        page.js("weft.screenView.fit()")
        page.driver.find_element("id", "probe-mode").click()
        click_world(page, *PROBE_POINT)
        found = page.wait_js("const r = document.querySelector('#probe-result [data-target]'); return r && r.textContent", "the probe's report")
        assert found.startswith("Tap at ") and "goes to ASDisplayNode n1" in found, found
        in_one = probe_shown(page)
        assert in_one == (found, True)
        page.screenshot("probe-kept-one")

        choose(page, Instance("probe-two"))
        assert probe_shown(page) == (None, False)
        page.screenshot("probe-kept-two-before")
        click_world(page, *PROBE_POINT)
        failed = page.wait_js("const e = document.querySelector('#probe-result .error-text'); return e && e.textContent", "the probe's error")
        assert failed == "Probe failed: no window at that point"

        choose(page, Instance("probe-one"))
        assert probe_shown(page) == in_one
        choose(page, Instance("probe-two"))
        assert probe_shown(page) == (failed, False)

        choose(page, Instance("probe-one"))
        one.close()
        with restart(gateway, page, "probe-one", ROOTS):
            assert probe_shown(page) == (None, False)
            page.screenshot("probe-kept-restarted")


PLAYGROUND_OUTPUT = "return document.getElementById('playground-output').textContent"
NO_DEVICE = "No device is attached: choose one in the device list (the attached program lays the document out)."
LAID_OUT = {"size": [100, 50], "root": {"type": "box", "id": "a", "frame": [0, 0, 100, 50]}, "ascii": "<box a>"}


def evaluate(page, what):
    page.driver.find_element("id", "playground-run").click()
    return page.wait_js("const e = document.querySelector(arguments[0]); return e && e.textContent", what,
                        "#playground-ascii" if what == "the layout" else "#playground-output .error-text")


def test_a_playground_result_stays_with_its_process(gateway, page):
    """The first device lays the document out; the second refuses it. Each device shows its own
    result or error only, the first again on going back to it, and the first restarted shows
    neither."""
    with ScriptedDevice(gateway, "playground-one", document(ROOTS, instance="playground-one")) as one, \
            ScriptedDevice(gateway, "playground-two", document(ROOTS, instance="playground-two")) as two:
        one.results["Layout.evaluate"] = LAID_OUT
        two.errors["Layout.evaluate"] = "root: unknown type"
        attach_scripted(gateway, page, "playground-one")
        page.js("weft.selectTab('playground')")
        assert evaluate(page, "the layout") == "<box a>"
        in_one = page.js(PLAYGROUND_OUTPUT)
        assert in_one.startswith("size 100 × 50"), in_one

        choose(page, Instance("playground-two"))
        assert page.js(PLAYGROUND_OUTPUT) == ""
        assert evaluate(page, "the error") == "root: unknown type"

        choose(page, Instance("playground-one"))
        assert page.js(PLAYGROUND_OUTPUT) == in_one
        page.screenshot("playground-kept-one")
        choose(page, Instance("playground-two"))
        assert page.js(PLAYGROUND_OUTPUT) == "root: unknown type"

        choose(page, Instance("playground-one"))
        one.close()
        with restart(gateway, page, "playground-one", ROOTS):
            assert page.js(PLAYGROUND_OUTPUT) == ""


def test_the_playground_evaluates_on_the_attached_device_while_a_file_is_shown(gateway, page, tmp_path):
    """A device is attached and the user opens a file: the Playground still lays its document
    out on the device (the file cannot compute a layout), and the result is the device's: back
    on the live document it is still there. Before, the page said "Attach a device first"."""
    with ScriptedDevice(gateway, "playground-file", document(ROOTS, instance="playground-file")) as device:
        device.results["Layout.evaluate"] = LAID_OUT
        attach_scripted(gateway, page, "playground-file")
        page.open_file(page.write_json(tmp_path, "opened.json", document(ROOTS, instance="from-a-file")))
        page.wait_js("return weft.state.source && weft.state.source.kind === 'file'", "the file on show")
        page.js("weft.selectTab('playground')")
        assert evaluate(page, "the layout") == "<box a>"
        assert device.calls("Layout.evaluate") == 1
        laid_out = page.js(PLAYGROUND_OUTPUT)
        page.screenshot("playground-over-a-file")
        page.driver.find_element("id", "back-to-live").click()
        page.wait_js("return weft.state.source.kind === 'live'", "the live document")
        assert page.js(PLAYGROUND_OUTPUT) == laid_out


def test_the_playground_says_when_no_device_is_attached(gateway, page, tmp_path):
    """With no device at all (a file on show, or nothing), the Playground says it needs one."""
    page.open(gateway.page_url())
    page.js("weft.selectTab('playground')")
    assert evaluate(page, "the error") == NO_DEVICE
    page.open(gateway.page_url())
    page.open_file(page.write_json(tmp_path, "alone.json", document(ROOTS)))
    page.wait_js("return weft.state.source && weft.state.source.kind === 'file'", "the file on show")
    page.js("weft.selectTab('playground')")
    assert evaluate(page, "the error") == NO_DEVICE
