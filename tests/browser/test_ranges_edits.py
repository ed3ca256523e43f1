"""Tuning edits in the Ranges panel with two devices the test plays (scripted_device.py) through
the real gateway, each with a range controller r1: an error from one is not shown on the other."""
from scripted_device import ScriptedDevice, document, element
from test_live_edits import choose
from test_live_search import attach_scripted

CONTROLLER = {"id": "r1", "owner": "n1", "dataSource": "Feed", "orientation": "vertical", "scrollDirection": ["down"],
              "mode": "full", "viewport": [0, 0, 320, 480], "contentSize": [320, 960], "contentOffset": [0, 0], "itemCount": 2,
              "visible": [[0, 1]], "display": [[0, 1]], "preload": [[0, 1]], "itemStates": [[0, 1, 15]]}
ERRORS = "return [...document.querySelectorAll('#ranges .edit-error')].map(e => e.textContent)"
REFUSED_ABC = 'full display leading: screenfuls are numbers ≥ 0, e.g. 1.5 (got "abc")'
FIELD = '#ranges tr[data-mode="full"] input[data-range-type="display"][data-side="{}"]'




class Instance:
    """What test_live_edits.choose needs of a program: its instance name."""
    def __init__(self, instance):
        self.instance = instance


def test_a_tuning_error_stays_with_its_device(gateway, page):
    """"abc" as the full mode's display lead is refused in the page ("Screenfuls are numbers ≥ 0")
    under the first device's r1. The second device's r1 shows no error; back on the first, the
    error is there again (its field still holds what was refused)."""
    roots = [element("n1", [0, 0, 320, 480])]
    with ScriptedDevice(gateway, "ranges-one", document(roots, controllers=[CONTROLLER], instance="ranges-one")) as one, \
            ScriptedDevice(gateway, "ranges-two", document(roots, controllers=[CONTROLLER], instance="ranges-two")):
        attach_scripted(gateway, page, "ranges-one")
        page.js("weft.selectTab('ranges')")
        field = page.wait(lambda d: d.find_element("css selector", '#ranges tr[data-mode="full"] input[data-range-type="display"][data-side="0"]'),
                          "the full mode's display lead")
        page.js("arguments[0].value = 'abc'; arguments[0].dispatchEvent(new Event('change'))", field)
        assert page.wait_js(ERRORS, "the error") == [REFUSED_ABC]
        choose(page, Instance("ranges-two"))
        page.frames()
        assert page.js(ERRORS) == []
        choose(page, Instance("ranges-one"))
        page.frames()
        assert page.js(ERRORS) == [REFUSED_ABC]
        assert one.calls("Range.setTuningParameters") == 0


def test_a_tuning_edit_is_marked_named_when_refused_and_reverted(gateway, page):
    """A negative trailing value is refused naming its field, which keeps what was typed; a good
    one is sent, marked edited with the value it replaced, and its revert sends that value back."""
    roots = [element("n1", [0, 0, 320, 480])]
    controller = dict(CONTROLLER, tuning={"full": {"display": [1, 0.5], "preload": [2.5, 1.5]}})
    with ScriptedDevice(gateway, "ranges-edit", document(roots, controllers=[controller], instance="ranges-edit")) as device:
        attach_scripted(gateway, page, "ranges-edit")
        page.js("weft.selectTab('ranges')")
        trailing = page.wait(lambda d: d.find_element("css selector", FIELD.format(1)), "the full mode's display trail")
        page.js("arguments[0].value = '-1'; arguments[0].dispatchEvent(new Event('change'))", trailing)
        assert page.wait_js(ERRORS, "the error") == ['full display trailing: screenfuls are numbers ≥ 0, e.g. 1.5 (got "-1")']
        field = page.driver.find_element("css selector", FIELD.format(1))
        assert (field.get_attribute("value"), field.get_attribute("aria-invalid")) == ("-1", "true"), "the field keeps what was typed"
        page.js("arguments[0].value = '0.75'; arguments[0].dispatchEvent(new Event('change'))", field)
        page.wait_js("return document.querySelector(arguments[0]).classList.contains('edited')", "the edited mark", FIELD.format(1))
        assert page.js(ERRORS) == []
        assert device.requests[-1] == ["Range.setTuningParameters", {"controller": "r1", "mode": "full", "rangeType": "display", "leading": 1, "trailing": 0.75}]
        assert "display edited (was 1, 0.5)" in page.js("return document.querySelector('#ranges .tuning-notes').textContent")
        page.screenshot("tuning-edited")
        page.driver.find_element("css selector", '#ranges [data-revert="r1:full:display"]').click()
        page.wait_js("return !document.querySelector('#ranges input.edited')", "the mark gone")
        assert device.requests[-1] == ["Range.setTuningParameters", {"controller": "r1", "mode": "full", "rangeType": "display", "leading": 1, "trailing": 0.5}]
