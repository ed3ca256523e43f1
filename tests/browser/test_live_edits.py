"""Style edits against a real program (weft-example), beyond the happy paths of test_live.py:
what the page sends for one typed edit, and whose edits the page marks when more than one
program (or one program's next process) is shown. The programs are paused, so nothing here
depends on timing."""
from selenium.webdriver.support.ui import Select

from harness import HostProgram, host_program
from test_live import attach

EXAMPLE = host_program("weft-example")

# Records every request the page sends through its gateway connection, as [method, params].
RECORD_REQUESTS = """window.sentRequests = [];
const connection = weft.session.connection, request = connection.request.bind(connection);
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


def type_into(page, key, text):
    field = page.wait(lambda d: d.find_element("css selector", f'#properties input[data-key="{key}"]'), f"the {key} field")
    field.clear()
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
        assert sent == [["Layout.setStyle", {"id": node, "property": "width", "value": 40}],
                        ["Layout.setStyle", {"id": node, "property": "flexGrow", "value": -1}]]
