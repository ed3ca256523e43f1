"""The live edits list: each edit (element, property, old and new value), revert one property,
undo and redo, and the same list in every tab attached to the program. Against the real gateway
and TextureGram, paused and stepped."""
import pytest
from selenium.webdriver.common.keys import Keys

from harness import HostProgram, host_program
from test_craft_defects import STACK_CHILD
from test_live import attach

ROWS = """return [...document.querySelectorAll('#edits-list tbody tr')].map(r => [r.dataset.id, r.dataset.key, r.cells[2].textContent, r.cells[3].textContent])"""
SUMMARY = "const s = document.querySelector('#edits-list summary'); return s && s.textContent"


@pytest.fixture
def texturegram(gateway):
    with HostProgram(str(host_program("TextureGram")), gateway) as program:
        program.call("Runtime.pause")
        yield program


def type_edit(page, key, text):
    field = page.wait(lambda d: d.find_element("css selector", f'#properties input[data-key="{key}"]'), f"the {key} field")
    field.send_keys(Keys.CONTROL, "a")  # typed over, as a user does
    field.send_keys(text + "\n")
    page.wait_js("return document.querySelector(`#properties input[data-key=${arguments[0]}]`).closest('.edit-row').classList.contains('edited')",
                 f"the {key} edit", key)


def frame(page, element_id):
    return page.js("return weft.state.model.get(arguments[0]).frame", element_id)


def test_edits_list_revert_one_undo_redo_and_other_tabs(gateway, texturegram, page):
    attach(page, gateway, texturegram)
    element_id, original = page.js(STACK_CHILD)
    page.js("weft.state.select(arguments[0])", element_id)
    old_height = page.js("const s = weft.state.model.get(arguments[0]).style; return s && s.height !== undefined ? String(s.height) : 'default'", element_id)
    type_edit(page, "height", f"{original[3] + 6:g}")
    type_edit(page, "minWidth", "10")
    assert page.js(SUMMARY) == "2 live edits on 1 element"
    page.js("document.getElementById('edits-list').open = true")
    assert page.js(ROWS) == [[element_id, "height", old_height, f"{original[3] + 6:g}"], [element_id, "minWidth", "default", "10"]]
    texturegram.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.get(arguments[0]).frame[3] === arguments[1]", "the taller frame", element_id, original[3] + 6)
    page.screenshot("edits-list")

    # A second tab on the same program lists the same edits and marks the field.
    first = page.driver.current_window_handle
    page.driver.switch_to.new_window("tab")
    attach(page, gateway, texturegram)
    page.js("weft.state.select(arguments[0])", element_id)
    page.wait_js("const s = document.querySelector('#edits-list summary'); return s && s.textContent === '2 live edits on 1 element'", "the other tab's list")
    assert page.js("return [...document.querySelectorAll('#properties .edit-row.edited [data-key]')].map(e => e.dataset.key)") == ["height", "minWidth"]

    # Revert one property there: height back, minWidth kept; the first tab hears of it.
    page.js("document.getElementById('edits-list').open = true")
    page.driver.find_element("css selector", f'#edits-list tr[data-key="height"] .revert').click()
    page.wait_js("const s = document.querySelector('#edits-list summary'); return s && s.textContent === '1 live edit on 1 element'", "height reverted")
    texturegram.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.get(arguments[0]).frame[3] === arguments[1]", "the height back", element_id, original[3])
    page.driver.close()
    page.driver.switch_to.window(first)
    page.wait_js("const s = document.querySelector('#edits-list summary'); return s && s.textContent === '1 live edit on 1 element'", "the first tab told")

    # Undo takes minWidth back (the element has no override left), redo sets it again.
    page.driver.find_element("id", "edit-undo").click()
    page.wait_js("const s = document.querySelector('#edits-list summary'); return s && s.textContent === '0 live edits on 0 elements'", "the undo")
    page.driver.find_element("id", "edit-redo").click()
    page.wait_js("const s = document.querySelector('#edits-list summary'); return s && s.textContent === '1 live edit on 1 element'", "the redo")
    assert page.js(ROWS) == [[element_id, "minWidth", "default", "10"]]
