"""The Drive panel's number fields, against a device the test plays (scripted_device.py) through
the real gateway: what a field holds that is not a finite number never reaches the device (JSON
would send NaN and Infinity as null, an empty field as 0); the log says which field and why."""
from scripted_device import ScriptedDevice, document, element
from test_live_search import attach_scripted


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
        assert [m for m, _ in device.requests if not m.startswith("Tree.")] == ["Runtime.step"]
        assert device.requests[-1] == ["Runtime.step", {"frames": 1}]
