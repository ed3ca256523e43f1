"""Style edits against a real program (weft-example), beyond the happy paths of test_live.py:
what the page sends for one typed edit, and whose edits the page marks when more than one
program (or one program's next process) is shown. The programs are paused, so nothing here
depends on timing."""
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import HostProgram, host_program
from scripted_device import ScriptedDevice, document, element
from test_live import attach
from test_live_search import attach_scripted

EXAMPLE = host_program("weft-example")

# Records every request the page sends through its gateway connection, as [method, params].
RECORD_REQUESTS = """window.sentRequests = [];
const connection = weft.binding.connection, request = connection.request.bind(connection);
connection.request = (method, params, device) => { window.sentRequests.push([method, params]); return request(method, params, device); };"""

FIRST_STACK_CHILD = """for (const [id, el] of weft.state.model.elements) {
    const parent = weft.state.model.parentOf(id);
    if (el.kind !== 'spec' && parent && parent.type === 'stack' && el.frame && el.frame[2] > 10) return id;
  } return null;"""


def choose(page, app):
    """Picks `app` in the device list and waits for its document."""
    label = page.wait_js("const o = [...document.querySelectorAll('#device-select option')].find(o => o.textContent.includes(arguments[0]));"
                         "return o && o.textContent;", "the program in the device list", app.instance)
    Select(page.driver.find_element("id", "device-select")).select_by_visible_text(label)
    page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model &&"
                 "weft.state.model.meta.instance === arguments[0]", "the program's document", app.instance)


def edit_markers(page):
    """What the properties panel shows of live edits: the edits bar, edited fields, inline errors."""
    return page.js("""const p = document.getElementById('properties'), bar = p.querySelector('#edits-list summary');
      return {bar: bar ? bar.textContent : null, edited: [...p.querySelectorAll('.edit-row.edited [data-key]')].map(e => e.dataset.key),
              errors: [...p.querySelectorAll('.edit-error')].map(e => e.textContent)};""")


def type_into(page, key, text):
    field = page.wait(lambda d: d.find_element("css selector", f'#properties input[data-key="{key}"]'), f"the {key} field")
    field.send_keys(Keys.CONTROL, "a")  # typed over, as a user does (clear() would leave the field emptied first)
    field.send_keys(text)


def test_enter_sends_one_edit(gateway, page):
    """Enter in a style field is one edit: one Layout.setStyle, whether the program accepts the
    value or refuses it (leaving the field after Enter must not send it again)."""
    with HostProgram(EXAMPLE, gateway) as app:
        app.call("Runtime.pause")
        attach(page, gateway, app)
        page.js(RECORD_REQUESTS)
        node = page.js(FIRST_STACK_CHILD)
        page.js("weft.state.select(arguments[0])", node)
        type_into(page, "width", "40\n")
        page.wait_js("return document.querySelector('#properties .edit-row.edited')", "the edit to be accepted")
        type_into(page, "flexGrow", "-1\n")  # refused by the program (-32011)
        page.wait_js("return document.querySelector('#properties .edit-error')", "the program's error")
        page.frames()
        sent = page.js("return window.sentRequests")
        by = page.js("return weft.properties.editor")  # who made it, in every page's list
        assert sent == [["Layout.setStyle", {"id": node, "property": "width", "value": 40, "by": by}],
                        ["Layout.setStyle", {"id": node, "property": "flexGrow", "value": -1, "by": by}]]


def test_edits_belong_to_the_program_they_were_made_in(gateway, page):
    """Two instances of one program have the same element ids. An edit made in the first (and an
    error it gave) is not shown on the second's element of the same id, nor offered for revert
    there; it is shown again on going back to the first, which still has it. A file shown
    instead of the live app has no live edits either."""
    with HostProgram(EXAMPLE, gateway) as first, HostProgram(EXAMPLE, gateway) as second:
        first.call("Runtime.pause")
        second.call("Runtime.pause")
        attach(page, gateway, first)
        node = page.js(FIRST_STACK_CHILD)
        page.js("weft.state.select(arguments[0])", node)
        type_into(page, "width", "40\n")
        page.wait_js("return document.querySelector('#properties .edit-row.edited')", "the edit to be accepted")
        type_into(page, "flexGrow", "-1\n")
        page.wait_js("return document.querySelector('#properties .edit-error')", "the program's error")
        in_first = edit_markers(page)
        assert in_first["bar"] == "1 live edit on 1 element" and in_first["edited"] == ["width"] and len(in_first["errors"]) == 1

        choose(page, second)
        page.js("weft.state.select(arguments[0])", node)
        page.frames()
        assert edit_markers(page) == {"bar": None, "edited": [], "errors": []}
        page.screenshot("edits-other-instance")

        choose(page, first)
        page.js("weft.state.select(arguments[0])", node)
        page.frames()
        assert edit_markers(page) == in_first

        page.js("weft.files.set('f.json', weft.state.model.toSnapshot()); weft.showFile('f.json'); weft.state.select(arguments[0])", node)
        page.frames()
        assert edit_markers(page) == {"bar": None, "edited": [], "errors": []}


def test_edits_of_a_program_that_restarted_are_gone(gateway, page):
    """A restarted program (same identity, a new process) has none of the old process's edits."""
    with HostProgram(EXAMPLE, gateway) as app:
        app.call("Runtime.pause")
        attach(page, gateway, app)
        node = page.js(FIRST_STACK_CHILD)
        page.js("weft.state.select(arguments[0])", node)
        type_into(page, "width", "40\n")
        page.wait_js("return document.querySelector('#properties .edit-row.edited')", "the edit to be accepted")
        app.stop()
        with HostProgram(EXAMPLE, gateway, instance=app.instance) as again:
            again.call("Runtime.pause")
            page.wait_js("return document.getElementById('connection').dataset.state === 'attached' &&"
                         "weft.state.model.meta.pid === arguments[0]", "the restarted program", again.device["info"]["pid"], timeout=20)
            page.js("weft.state.select(arguments[0])", node)
            page.frames()
            assert edit_markers(page) == {"bar": None, "edited": [], "errors": []}


def test_an_emptied_field_or_the_default_entry_shows_the_value_again(gateway, page):
    """Emptying a field, or picking a menu's "default (…)" entry, is not an edit (nothing is
    sent; Revert goes back to defaults). The field then shows the element's value again
    instead of pretending the default was applied. A vertical stack spec with spacing 8: its
    direction menu goes back to "vertical", its spacing field to "8"."""
    stack = element("n1/0", [0, 0, 320, 480], kind="spec", type="stack", className="ASStackLayoutSpec",
                    props={"direction": "vertical", "spacing": 8})
    with ScriptedDevice(gateway, "empty-edits", document([element("n1", [0, 0, 320, 480], [stack])])) as device:
        attach_scripted(gateway, page, "empty-edits")
        page.js("weft.state.select('n1/0')")
        page.wait(lambda d: d.find_element("css selector", '#properties select[data-key="direction"]'), "the direction menu")
        page.js("const menu = document.querySelector('#properties select[data-key=\"direction\"]');"
                "menu.focus(); menu.value = ''; menu.dispatchEvent(new Event('change'));")  # as a pick in the open menu does
        page.frames()
        assert page.js("return document.querySelector('#properties select[data-key=\"direction\"]').value") == "vertical"
        field = page.driver.find_element("css selector", '#properties input[data-key="spacing"]')
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.DELETE, Keys.ENTER)
        page.frames()
        assert page.js("return document.querySelector('#properties input[data-key=\"spacing\"]').value") == "8"
        assert [m for m in device.actions() if m.startswith("Layout.")] == []
