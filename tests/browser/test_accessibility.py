"""An axe-core audit (the copy axe-selenium-python bundles) of every main state of the page: empty,
TextureGram attached, each tab, a selection, a live edit listed, the context menu, the 3D view,
the playground's output, the Diff tab with two files compared, and the dark theme. Any violation fails, named with its nodes. Also the keyboard contract of the tabs
(arrow keys, ids, aria-labelledby) and of the header's file buttons."""
import json

from axe_selenium_python import Axe
from selenium.webdriver.common.keys import Keys

import screens
from harness import HostProgram, host_program
from test_live import attach

TABS = ["properties", "ascii", "explain", "ranges", "drive", "diff", "playground"]


def audit(page, state):
    """Runs axe on the whole page; fails naming each violation and its first nodes."""
    page.frames()
    axe = Axe(page.driver)
    axe.inject()
    results = axe.run()
    found = [f"{v['id']} ({v['impact']}): {v['help']} at "
             + "; ".join(" ".join(n["target"]) for n in v["nodes"][:4]) for v in results["violations"]]
    page.screenshot(f"axe-{state}")
    assert not found, f"axe in state '{state}':\n" + "\n".join(found)


def test_every_main_state_passes_axe(gateway, page, tmp_path):
    page.open(gateway.page_url())
    page.wait_js("return document.getElementById('connection').dataset.state === 'connected'", "the gateway")
    audit(page, "empty")
    with HostProgram(str(host_program("TextureGram")), gateway) as app:
        app.call("Runtime.pause")
        attach(page, gateway, app)
        audit(page, "attached")
        first_node = page.js("return weft.state.model.roots[0].children[0].id")
        page.js("weft.state.select(arguments[0], {origin: 'tree'})", first_node)
        for tab in TABS:
            page.js("weft.selectTab(arguments[0])", tab)
            audit(page, f"selection-{tab}")
        # A live edit listed (the edits list open), the context menu, the 3D view.
        page.js("weft.selectTab('properties')")
        field = page.driver.find_element("css selector", '#properties input[data-key="flexGrow"]')
        field.send_keys("0\n")
        page.wait_js("return document.querySelector('#edits-list')", "the edits list")
        page.js("document.getElementById('edits-list').open = true")
        audit(page, "edits-list")
        page.js("weft.contextMenu.open(weft.state.selectedId, 200, 200, document.getElementById('tree'))")
        audit(page, "context-menu")
        page.js("weft.contextMenu.close()")
        page.driver.find_element("id", "view-3d").click()
        audit(page, "3d")
        page.driver.find_element("id", "view-3d").click()
        page.js("weft.selectTab('playground'); document.getElementById('playground-run').click()")
        page.wait_js("return document.querySelector('#playground-output canvas')", "the playground's drawing")
        audit(page, "playground")
    before = page.write_json(tmp_path, "before.json", screens.before())
    after = page.write_json(tmp_path, "after.json", screens.after())
    page.js("weft.selectTab('diff')")
    page.open_file(f"{before}\n{after}", input_id="diff-files")
    page.wait_js("return document.getElementById('diff-before').value === 'before.json' && document.getElementById('diff-after').value === 'after.json'", "both files chosen")
    page.driver.find_element("id", "diff-run").click()
    page.wait_js("return document.querySelectorAll('#diff-table tr.diff-row').length", "the diff table")
    audit(page, "diff")


def test_tabs_follow_the_aria_tabs_pattern(gateway, page):
    page.open(gateway.page_url())
    tabs = page.js("return [...document.querySelectorAll('[role=tab]')].map(t => [t.id, t.getAttribute('aria-controls'), t.tabIndex])")
    assert [t[1] for t in tabs] == TABS
    assert all(t[0] for t in tabs), "every tab has an id"
    assert [t[2] for t in tabs] == [0] + [-1] * (len(TABS) - 1), "one tab in the Tab order (roving tabindex)"
    labelled = page.js("return [...document.querySelectorAll('[role=tabpanel]')].map(p => p.getAttribute('aria-labelledby'))")
    assert labelled == [t[0] for t in tabs]
    first = page.driver.find_element("css selector", "[role=tab]")
    first.send_keys(Keys.ARROW_RIGHT)
    assert page.js("return document.activeElement.getAttribute('aria-controls')") == "ascii"
    assert page.js("return document.getElementById('ascii').hidden") is False
    page.driver.switch_to.active_element.send_keys(Keys.END)
    assert page.js("return document.activeElement.getAttribute('aria-controls')") == "playground"
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert page.js("return document.activeElement.getAttribute('aria-controls')") == "properties", "arrows wrap"
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert page.js("return document.activeElement.getAttribute('aria-controls')") == "playground"
    page.driver.switch_to.active_element.send_keys(Keys.HOME)
    assert page.js("return document.activeElement.getAttribute('aria-controls')") == "properties"


def test_screen_and_range_canvases_have_text_alternatives(gateway, page, tmp_path):
    page.open(gateway.page_url())
    page.open_file(page.write_json(tmp_path, "before.json", screens.before()))
    page.wait_js("return weft.state.model", "the file's document")
    screen = page.js("const s = document.getElementById('screen'); return [s.tabIndex, s.getAttribute('role'), s.getAttribute('aria-label')]")
    assert screen[0] == 0 and screen[1] == "img"
    assert "ASDisplayNode" in screen[2] or "window" in screen[2], screen
    page.js("weft.state.select('n3', {origin: 'tree'})")
    assert "photo" in page.js("return document.getElementById('screen').getAttribute('aria-label')")
    page.js("weft.selectTab('ranges')")
    page.wait_js("return document.querySelector('#ranges canvas')", "the range bars")
    roles = page.js("return [...document.querySelectorAll('#ranges canvas')].map(c => [c.getAttribute('role'), c.getAttribute('aria-label')])")
    assert roles and all(r[0] == "img" and r[1] for r in roles), roles


def test_virtual_tree_rows_say_their_place(gateway, page, tmp_path):
    page.open(gateway.page_url())
    page.open_file(page.write_json(tmp_path, "before.json", screens.before()))
    page.wait_js("return document.querySelectorAll('.tree-row:not([hidden])').length", "the rows")
    rows = page.js("return [...document.querySelectorAll('.tree-row:not([hidden])')].map(r => [r.dataset.id, r.getAttribute('aria-level'), r.getAttribute('aria-setsize'), r.getAttribute('aria-posinset')])")
    by_id = {r[0]: r[1:] for r in rows}
    assert by_id["n1"] == ["1", "1", "1"]
    assert by_id["n2"][1:] == ["5", "1"], "the stack's five children: the title first"
    assert by_id["n7"][1:] == ["5", "5"]


def test_file_buttons_reachable_by_keyboard(gateway, page):
    page.open(gateway.page_url())
    for button_id, input_id in (("open-snapshot-button", "open-snapshot"), ("diff-open-button", "diff-files")):
        if button_id.startswith("diff"):
            page.js("weft.selectTab('diff')")
        # Clicking the real button opens the file's input: Chromium's headless file chooser is not
        # observable, so the input's click is.
        page.js("window.__clicked = null; document.getElementById(arguments[0]).addEventListener('click', e => { window.__clicked = e.target.id; e.preventDefault(); }, {once: true});", input_id)
        button = page.driver.find_element("id", button_id)
        assert page.js("return arguments[0].tabIndex", button) == 0
        button.send_keys(Keys.ENTER)
        assert page.js("return window.__clicked") == input_id, button_id


def test_the_dark_theme_follows_the_system_and_passes_axe(gateway, page, tmp_path):
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        page.open(gateway.page_url())
        page.open_file(page.write_json(tmp_path, "before.json", screens.before()))
        page.wait_js("return weft.state.model", "the file")
        page.js("weft.state.select('n3')")
        background = page.js("return getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(30, 31, 34)", background
        # The screen canvas's background follows (the app's screens stay white).
        pixel = page.js("const c = document.getElementById('screen-scene'); return Array.from(c.getContext('2d').getImageData(2, 2, 1, 1).data)")
        assert max(pixel[:3]) < 40, pixel
        audit(page, "dark-selection")
        for tab in ("ranges", "diff"):
            page.js("weft.selectTab(arguments[0])", tab)
            audit(page, f"dark-{tab}")
        # The 3D view on the dark canvas, its labels on dark pills.
        page.driver.find_element("id", "view-3d").click()
        audit(page, "dark-3d")
        assert page.js("return weft.exploded.placedLabels.length") > 0
    finally:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
