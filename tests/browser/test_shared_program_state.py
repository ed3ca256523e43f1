"""What the program keeps for every inspector attached to it, seen from separate browsers (each
its own Selenium session, as people on other machines): its list of live edits (an edit made
in one browser is listed and marked in the other, whose Undo takes it back in the first and in
the program) and its run state (a pause from one browser shows in the others, and in one that
attaches while the program is paused). Against the real gateway and TextureGram."""
import pytest

from harness import HostProgram, host_program
from test_craft_defects import STACK_CHILD
from test_edits_list import SUMMARY, type_edit
from test_live import attach

PROGRAM_PAUSED = "return document.getElementById('connection').dataset.program === 'paused'"
PROGRAM_RUNNING = "return document.getElementById('connection').dataset.program === undefined"


@pytest.fixture
def texturegram(gateway):
    with HostProgram(str(host_program("TextureGram")), gateway) as program:
        yield program


def summary_is(page, text):
    page.wait_js(f"{SUMMARY.replace('return s &&', 'return !!s &&')} === arguments[0]", f"the list to read {text!r}", text)


def test_an_edit_in_one_browser_is_listed_in_another_whose_undo_reverts_it(gateway, texturegram, page, other_browsers):
    texturegram.call("Runtime.pause")
    first = attach(page, gateway, texturegram)
    second = attach(other_browsers(), gateway, texturegram)
    element_id, original = first.js(STACK_CHILD)
    height = original[3] + 6

    first.js("weft.state.select(arguments[0])", element_id)
    type_edit(first, "height", f"{height:g}")
    summary_is(first, "1 live edit on 1 element")

    # The second browser lists it, with who made it, and marks the element and its field.
    second.js("weft.state.select(arguments[0])", element_id)
    summary_is(second, "1 live edit on 1 element")
    second.js("document.getElementById('edits-list').open = true")
    row = second.js("const r = document.querySelector('#edits-list tbody tr'); return [r.dataset.id, r.dataset.key, r.cells[3].textContent, r.cells[4].textContent]")
    assert row == [element_id, "height", f"{height:g}", first.js("return weft.properties.editor")]
    second.wait_js("return document.querySelector('#properties input[data-key=height]').closest('.edit-row').classList.contains('edited')", "the marked field")
    second.wait_js("const r = document.querySelector(`.tree-row[data-id='${arguments[0]}']`); return r && r.classList.contains('edited')"
                   " && !r.querySelector('.edited-badge').hidden", "the edited mark in the tree", element_id)
    assert second.js("return document.getElementById('edits-wait').textContent").startswith("The program is paused")
    texturegram.call("Runtime.step", {"frames": 1})
    first.wait_js("return weft.state.model.get(arguments[0]).frame[3] === arguments[1]", "the taller frame", element_id, height)
    second.screenshot("shared-edit-listed")

    # Undo in the second browser: the program takes the edit back, and the first browser hears.
    second.driver.find_element("id", "edit-undo").click()
    summary_is(second, "0 live edits on 0 elements")
    summary_is(first, "0 live edits on 0 elements")
    assert not first.js("return document.querySelector('#properties input[data-key=height]').closest('.edit-row').classList.contains('edited')")
    assert first.js("return document.getElementById('edit-redo').disabled") is False
    listed = texturegram.call("Layout.getEdits")
    assert listed["edits"] == [] and listed["undo"] == 0 and listed["redo"] == 1
    texturegram.call("Runtime.step", {"frames": 1})
    first.wait_js("return weft.state.model.get(arguments[0]).frame[3] === arguments[1]", "the height back", element_id, original[3])
    element = texturegram.call("Tree.getElement", {"id": element_id})["element"]
    assert element["frame"][3] == original[3]
    first.screenshot("shared-edit-undone-elsewhere")


def test_a_pause_from_one_browser_shows_in_every_browser_attached(gateway, texturegram, page, other_browsers):
    first = attach(page, gateway, texturegram)
    second = attach(other_browsers(), gateway, texturegram)
    assert second.pill()[1].startswith("Live · ")

    first.js("weft.selectTab('drive')")
    first.driver.find_element("id", "drive-pause").click()
    second.wait_js(PROGRAM_PAUSED, "the paused pill in the other browser")
    assert second.pill()[0] == "attached" and second.pill()[1].startswith("Program paused · ")
    assert texturegram.call("Runtime.getState")["paused"] is True

    # A third browser attaching now is told at once; its edit says it waits for a step.
    third = attach(other_browsers(), gateway, texturegram)
    third.wait_js(PROGRAM_PAUSED, "the paused pill on attach")
    third.js("weft.selectTab('drive')")
    assert third.js("return document.getElementById('drive-run-state').textContent").startswith("The program is paused at frame ")
    assert third.js("return [document.getElementById('drive-pause').disabled, document.getElementById('drive-resume').disabled]") == [True, False]
    element_id, original = third.js(STACK_CHILD)
    third.js("weft.state.select(arguments[0]); weft.selectTab('properties')", element_id)
    type_edit(third, "height", f"{original[3] + 4:g}")
    second.js("weft.state.select(arguments[0])", element_id)
    second.wait_js("const n = document.getElementById('edits-wait'); return n && n.textContent.includes('Step')", "the waiting edit's notice")
    third.screenshot("program-paused-on-attach")

    # Resume from the first clears the pill everywhere.
    first.driver.find_element("id", "drive-resume").click()
    for other in (second, third):
        other.wait_js(PROGRAM_RUNNING, "the live pill")
        assert other.pill()[1].startswith("Live · ")
    second.wait_js("return !document.getElementById('edits-wait')", "the notice gone once the program runs")
    assert texturegram.call("Runtime.getState")["paused"] is False


def test_the_application_state_shows_in_every_browser_attached(gateway, texturegram, page, other_browsers):
    first = attach(page, gateway, texturegram)
    second = attach(other_browsers(), gateway, texturegram)
    run_state = "return document.getElementById('drive-run-state').textContent"
    buttons = "return [document.getElementById('drive-background').disabled, document.getElementById('drive-foreground').disabled]"
    for browser in (first, second):
        browser.js("weft.selectTab('drive')")
        browser.wait_js(f"{run_state} === 'The program is running, in the foreground.'", "the foreground said")
        assert browser.js(buttons) == [False, True]

    first.driver.find_element("id", "drive-background").click()
    second.wait_js(f"{run_state} === 'The program is running, in the background.'", "the background in the other browser")
    assert second.js(buttons) == [True, False]
    assert texturegram.call("Runtime.getState")["applicationState"] == "background"
    second.screenshot("drive-application-state-elsewhere")

    second.driver.find_element("id", "drive-foreground").click()
    first.wait_js(f"{run_state} === 'The program is running, in the foreground.'", "the foreground again in the first browser")
    assert first.js(buttons) == [False, True]
