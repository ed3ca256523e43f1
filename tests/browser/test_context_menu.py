"""The context menu of an element on tree rows and on the screen: select parent, copy path /
frame / style / ASCII art (read back from the clipboard), keyboard (Shift+F10, arrows, Escape).
A file document: no program needed."""
import screens
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

ITEMS = "return [...document.querySelectorAll('#context-menu .menu-item')].map(b => [b.textContent, b.disabled])"


def clipboard(page):
    return page.driver.execute_async_script("const done = arguments[0]; navigator.clipboard.readText().then(done, e => done('error ' + e))")


def test_context_menus_on_tree_and_screen(gateway, page, tmp_path):
    page.open(gateway.page_url())
    page.driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"], "origin": gateway.http_url})
    page.open_file(page.write_json(tmp_path, "before.json", screens.before()))
    page.wait_js("return document.querySelector('.tree-row[data-id=n3]')", "the rows")
    row = page.driver.find_element("css selector", ".tree-row[data-id=n3]")
    ActionChains(page.driver).context_click(row).perform()
    items = page.js(ITEMS)
    assert [label for label, _ in items] == ["Select parent", "Scroll to it", "Copy path", "Copy frame", "Copy style (layout-json)",
                                             "Copy ASCII art", "Revert edits of this element"]
    assert items[-1][1] is True, "a file holds no live edits"
    page.screenshot("context-menu")
    page.driver.find_element("xpath", "//button[text()='Copy path']").click()
    page.wait(lambda d: clipboard(page) == "ASDisplayNode (window) > ASInsetLayoutSpec > ASStackLayoutSpec > ASImageNode (photo)", "the path copied")
    assert page.js("return document.getElementById('context-menu').hidden")
    # Keyboard: Shift+F10 on the tree opens the selection's menu; arrows move; Enter acts.
    tree = page.driver.find_element("id", "tree")
    tree.send_keys(Keys.SHIFT, Keys.F10)
    assert page.js("return document.activeElement.textContent") == "Select parent"
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    assert page.js("return document.activeElement.textContent") == "Copy frame"
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait(lambda d: clipboard(page) == "0, 40  90 × 90", "the frame copied")
    assert page.js("return document.activeElement.id") == "tree", "focus goes back to the tree"
    tree.send_keys(Keys.SHIFT, Keys.F10)
    page.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert page.js("return document.getElementById('context-menu').hidden")
    # On the screen: the element under the pointer; Select parent.
    x, y = page.js("const r = weft.state.boxes.rect('n3'), v = weft.screenView.view; return [r[0] * v.zoom + v.x + 10, r[1] * v.zoom + v.y + 10]")
    overlay = page.driver.find_element("id", "screen-overlay")
    ActionChains(page.driver).move_to_element_with_offset(overlay, int(x - overlay.size["width"] / 2), int(y - overlay.size["height"] / 2)).context_click().perform()
    assert page.js("return weft.state.selectedId") == "n3"
    page.driver.find_element("xpath", "//button[text()='Select parent']").click()
    assert page.js("return weft.state.selectedId") == "n1/0.0"


def test_alt_hover_measures_against_the_selection(gateway, page, tmp_path):
    """The photo n3 (root box 20, 60, 90 x 90) selected, the like button n4 (20, 160, 80 x 20)
    hovered with Alt held: a 10-pt vertical gap, centres 5 left and 65 down. Without Alt: none."""
    page.open(gateway.page_url())
    page.open_file(page.write_json(tmp_path, "before.json", screens.before()))
    page.wait_js("return weft.state.model", "the file")
    page.js("weft.state.select('n3')")
    x, y = page.js("const r = weft.state.boxes.rect('n4'), v = weft.screenView.view; return [(r[0] + 10) * v.zoom + v.x, (r[1] + 10) * v.zoom + v.y]")
    overlay = page.driver.find_element("id", "screen-overlay")
    offset = (int(x - overlay.size["width"] / 2), int(y - overlay.size["height"] / 2))
    ActionChains(page.driver).move_to_element_with_offset(overlay, *offset).perform()
    assert page.js("return weft.state.hoveredId") == "n4"
    assert page.js("return weft.screenView.measurement") is None, "no measuring without the modifier"
    ActionChains(page.driver).key_down(Keys.ALT).move_to_element_with_offset(overlay, offset[0] + 1, offset[1]).perform()
    page.frames()
    measured = page.js("const m = weft.screenView.measurement; return m && [m.segments.map(s => s.length), m.centres]")
    assert measured == [[10], {"dx": -5, "dy": 65}], measured
    page.screenshot("measure")
    ActionChains(page.driver).key_up(Keys.ALT).perform()
    assert page.js("return weft.screenView.measurement") is None
