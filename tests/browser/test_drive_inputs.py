"""The Drive panel's number fields, against a device the test plays (scripted_device.py) through
the real gateway: what a field holds that is not a finite number never reaches the device (JSON
would send NaN and Infinity as null, an empty field as 0); the log says which field and why. The
log belongs to the process the requests went to."""
from scripted_device import ScriptedDevice, document, element
from test_live_search import attach_scripted
from test_live_edits import choose
from test_ranges_edits import Instance


def test_a_field_that_is_not_a_number_is_not_sent(gateway, page):
    with ScriptedDevice(gateway, "drive-inputs", document([element("n1", [0, 0, 320, 480])])) as device:
        attach_scripted(gateway, page, "drive-inputs")
        page.js("weft.selectTab('drive')")
        cases = [("drive-dy", "3OO", "drive-drag", 'Scroll.drag not sent: dy: expected a number, got "3OO"'),
                 ("drive-dy", "", "drive-drag", 'Scroll.drag not sent: dy: expected a number, got ""'),
                 ("drive-duration", "Infinity", "drive-drag", 'Scroll.drag not sent: duration: expected a number, got "Infinity"'),
                 ("drive-frames", "1e999", "drive-step", 'Runtime.step not sent: frames: expected a number, got "1e999"'),
                 ("drive-offset-x", "12px", "drive-offset", 'Scroll.setContentOffset not sent: x: expected a number, got "12px"')]
        for field, text, button, logged in cases:
            page.js("document.getElementById(arguments[0]).value = arguments[1]; document.getElementById(arguments[2]).click()",
                    field, text, button)
            assert page.js("const li = document.querySelector('#drive-log li'); return [li.textContent, li.className]") == [logged, "error-text"]
            page.js("document.getElementById(arguments[0]).value = '1'", field)
        # A good value is sent (and answered), so the refusals above were the page's own.
        page.js("document.getElementById('drive-step').click()")
        page.wait_js("const li = document.querySelector('#drive-log li[data-ok]'); return li && li.textContent", "the step's reply")
        assert device.actions() == ["Runtime.step"]
        assert device.requests[-1] == ["Runtime.step", {"frames": 1}]


DRIVE_LOG = "return [...document.querySelectorAll('#drive-log li')].map(li => li.textContent)"
DRAG_REFUSED = 'Scroll.drag failed: n1 is not a scroll container'


def test_a_drive_error_stays_with_its_process(gateway, page):
    """The first device refuses a drag (n1 is not a scroll container). The second device, whose
    n1 is the same id, shows an empty log; back on the first, the error is there again. The first
    device then restarts (same identity, pid 2): the new process starts with an empty log. Before,
    the log was the page's: every device and process showed the first one's error."""
    roots = [element("n1", [0, 0, 320, 480])]
    with ScriptedDevice(gateway, "drive-one", document(roots, instance="drive-one")) as one, \
            ScriptedDevice(gateway, "drive-two", document(roots, instance="drive-two")):
        one.errors["Scroll.drag"] = "n1 is not a scroll container"
        attach_scripted(gateway, page, "drive-one")
        page.js("weft.selectTab('drive'); weft.state.select('n1')")
        page.js("document.getElementById('drive-drag').click()")
        assert page.wait_js(f"const log = (() => {{ {DRIVE_LOG} }})(); return log[0] === arguments[0] && log", "the drag's error",
                            DRAG_REFUSED) == [DRAG_REFUSED]
        choose(page, Instance("drive-two"))
        assert page.js(DRIVE_LOG) == []
        choose(page, Instance("drive-one"))
        assert page.js(DRIVE_LOG) == [DRAG_REFUSED]
        one.close()
        with ScriptedDevice(gateway, "drive-one", document(roots, instance="drive-one", pid=2), pid=2):
            page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model.meta.pid === 2",
                         "the restarted process's document")
            assert page.js(DRIVE_LOG) == []
