"""Deep links: the address names the device (by identity), the selected element (by structural
path, as `weft ascii --element` takes it), the side tab and the zoom; opening or reloading it
restores them, and the address follows what the page shows. Against the real gateway and
TextureGram (paused)."""
from urllib.parse import quote

import pytest

from harness import HostProgram, host_program


@pytest.fixture
def texturegram(gateway):
    with HostProgram(str(host_program("TextureGram")), gateway) as program:
        program.call("Runtime.pause")
        yield program


PATH = "FeedScreenNode (feed screen) > ASStackLayoutSpec > NavigationBarNode (navigation bar)"


def opened(page):
    page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.selectedId", "the linked element")
    page.frames()
    return page.js("""return {path: weft.state.selectedPath, tab: document.querySelector('[role=tab][aria-selected=true]').dataset.tab,
        zoom: Math.round(weft.screenView.view.zoom * 100) / 100, device: document.getElementById('device-select').selectedOptions[0].textContent}""")


def test_a_deep_link_opens_device_element_tab_and_zoom_and_survives_a_reload(gateway, texturegram, page):
    link = f"{gateway.page_url()}#app=org.weft.TextureGram&instance={quote(texturegram.instance)}&element={quote(PATH)}&tab=ranges&zoom=1.5"
    page.open(link)
    shown = opened(page)
    assert shown["path"] == PATH and shown["tab"] == "ranges" and shown["zoom"] == 1.5, shown
    assert texturegram.instance in shown["device"]
    page.screenshot("deep-link-opened")
    # The address follows the page: another element and tab, then a reload shows them again.
    page.js("weft.state.select(weft.state.model.roots[1].id); weft.selectTab('ascii')")
    page.frames()
    hash = page.js("return location.hash")
    assert "tab=ascii" in hash and "element=ExploreScreenNode" in hash and f"instance={texturegram.instance}" in hash, hash
    page.driver.refresh()
    page.wait(lambda d: d.execute_script("return !!window.weft"), "the page")
    again = opened(page)
    assert again["path"] == "ExploreScreenNode (explore screen)" and again["tab"] == "ascii", again
    assert again["zoom"] == 1.5


def test_a_link_to_an_element_that_is_not_there_keeps_the_device_and_says_nothing_wrong(gateway, texturegram, page):
    page.open(f"{gateway.page_url()}#instance={quote(texturegram.instance)}&element={quote('FeedScreenNode (feed screen) > Nope')}")
    page.wait_js("return document.getElementById('connection').dataset.state === 'attached'", "the linked device")
    assert page.js("return weft.state.selectedId") is None
    assert page.severe_console_errors() == []


def test_breadcrumbs_select_ancestors_and_copy_the_path(gateway, texturegram, page):
    page.open(f"{gateway.page_url()}#instance={quote(texturegram.instance)}&element={quote(PATH)}")
    opened(page)
    crumbs = page.js("return [...document.querySelectorAll('#breadcrumbs .crumb')].map(b => b.textContent)")
    assert " > ".join(crumbs) == PATH
    assert page.js("return document.querySelector('#breadcrumbs [aria-current=location]').textContent") == "NavigationBarNode (navigation bar)"
    page.js("document.querySelectorAll('#breadcrumbs .crumb')[0].click()")
    assert page.js("return weft.state.selectedPath") == "FeedScreenNode (feed screen)"
    # Copy path: the clipboard holds the structural path (granted in headless Chromium through CDP).
    page.driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"], "origin": gateway.http_url})
    page.js("weft.state.select(weft.state.model.roots[0].children[0].id)")
    page.driver.find_element("id", "copy-path").click()
    page.wait_js("return document.getElementById('copy-path').textContent === 'Copied'", "the copy")
    copied = page.driver.execute_async_script("const done = arguments[0]; navigator.clipboard.readText().then(done, e => done('error ' + e))")
    assert copied == "FeedScreenNode (feed screen) > ASStackLayoutSpec"
    page.screenshot("breadcrumbs")
