"""Chrome DevTools and the Weft page on one program: what DevTools highlights shows as the hover
box in the page's screen view, and while DevTools is in inspect mode a pick on the page's screen
selects the node in DevTools (Overlay.inspectNodeRequested). A CDP client stands in for the
DevTools window (the real frontend is tests/devtools/test_devtools_frontend.py)."""
from selenium.webdriver.common.action_chains import ActionChains

from browser.conftest import page  # noqa: F401 (fixture)
from browser.test_live import attach
from cdp_client import attributes


def click_element(page, element_id):
    """Clicks the middle of an element's box in the page's screen view."""
    page.js("weft.screenView.fit()")
    page.frames()
    screen = page.driver.find_element("id", "screen-overlay")
    x, y = page.js("const r = weft.state.boxes.rect(arguments[0]), v = weft.screenView.view;"
                   "return [(r[0] + r[2] / 2) * v.zoom + v.x, (r[1] + r[3] / 2) * v.zoom + v.y]", element_id)
    ActionChains(page.driver).move_to_element_with_offset(screen, int(x - screen.size["width"] / 2),
                                                          int(y - screen.size["height"] / 2)).click().perform()


def test_devtools_highlight_and_inspect_mode_reach_the_page(gateway, app, page, cdp):
    attach(page, gateway, app)
    root = cdp.call("DOM.getDocument")["root"]
    bar = cdp.call("DOM.querySelector", nodeId=root["nodeId"], selector='[name="navigation bar"]')["nodeId"]
    bar_id = attributes(cdp.call("DOM.describeNode", nodeId=bar)["node"])["id"]
    cdp.call("Overlay.highlightNode", nodeId=bar, highlightConfig={})
    page.wait_js("return weft.state.hoveredId === arguments[0]", "DevTools' highlight as the page's hover box", bar_id)
    page.screenshot("devtools-highlight")
    cdp.call("Overlay.hideHighlight")
    page.wait_js("return weft.state.hoveredId === null", "the highlight to go")

    # Not in inspect mode: a pick on the page stays the page's.
    stories_id = app.call("Tree.getElement", {"id": "n4"})["element"]["id"]
    click_element(page, stories_id)
    page.wait_js("return weft.state.selectedId !== null", "the page's selection")
    cdp.call("Runtime.runIfWaitingForDebugger")
    assert cdp.take_events("Overlay.inspectNodeRequested") == []

    cdp.call("Overlay.setInspectMode", mode="searchForNode", highlightConfig={})
    page.wait_js("return weft.devToolsInspecting()", "the page to hear of inspect mode")
    picked = page.js("return weft.state.selectedId")
    click_element(page, bar_id)
    page.wait_js("return weft.state.selectedId !== arguments[0]", "a new selection", picked)
    selected = page.js("return weft.state.selectedId")
    event = cdp.wait_event("Overlay.inspectNodeRequested")["params"]
    # The node's ancestors were pushed first, so the frontend can select it by that id.
    assert attributes(cdp.call("DOM.describeNode", backendNodeId=event["backendNodeId"])["node"])["id"] == selected
    cdp.call("Overlay.setInspectMode", mode="none", highlightConfig={})
    page.wait_js("return !weft.devToolsInspecting()", "the page to hear inspect mode ended")
