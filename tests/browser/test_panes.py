"""Resizable, collapsible panes that remember their sizes, and Fit applied again when the screen
pane changes size (until the user zooms). A file document: no program needed."""
import screens
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

WIDTHS = "return ['.tree-pane', '.screen-pane', '.side-pane'].map(s => Math.round(document.querySelector(s).getBoundingClientRect().width))"


def test_panes_resize_collapse_and_are_remembered(gateway, page, tmp_path):
    page.open(gateway.page_url())
    page.open_file(page.write_json(tmp_path, "before.json", screens.before()))
    page.wait_js("return weft.state.model", "the file")
    tree, screen, side = page.js(WIDTHS)
    zoom = page.js("return weft.screenView.view.zoom")
    # Drag the tree's splitter 250 px right: the tree grows, the screen shrinks and is fitted again
    # (narrow enough that its width, not its height, limits the fit).
    splitter = page.driver.find_element("id", "tree-splitter")
    ActionChains(page.driver).click_and_hold(splitter).move_by_offset(250, 0).release().perform()
    page.frames()
    tree2, screen2, side2 = page.js(WIDTHS)
    assert abs(tree2 - (tree + 250)) <= 2 and abs(screen2 - (screen - 250)) <= 2 and side2 == side
    assert page.js("return weft.screenView.view.zoom") < zoom, "Fit is applied again for the narrower screen"
    # Keys: the side panel's splitter, left arrow widens it by 16 px; Enter collapses it.
    side_splitter = page.driver.find_element("id", "side-splitter")
    side_splitter.send_keys(Keys.ARROW_LEFT)
    assert abs(page.js(WIDTHS)[2] - (side + 16)) <= 2
    side_splitter.send_keys(Keys.ENTER)
    page.frames()
    assert page.js("return document.querySelector('.side-pane').hidden") is True
    assert side_splitter.get_attribute("aria-expanded") == "false"
    page.screenshot("panes-collapsed")
    # A reload keeps the sizes and the collapsed pane.
    page.driver.refresh()
    page.wait(lambda d: d.execute_script("return !!window.weft"), "the page")
    assert page.js("return document.querySelector('.side-pane').hidden") is True
    assert abs(page.js(WIDTHS)[0] - (tree + 250)) <= 2
    page.driver.find_element("id", "side-splitter").send_keys(Keys.ENTER)
    assert abs(page.js(WIDTHS)[2] - (side + 16)) <= 2, "brought back at its size"
