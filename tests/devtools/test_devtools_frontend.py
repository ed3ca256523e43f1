"""The browser's own DevTools frontend (devtools://devtools/bundled/devtools_app.html) on the
gateway's DevTools socket for the real TextureGram, in headless Chromium: the Elements panel
shows the program's tree, expanding and selecting work, the Styles pane shows the selected
node's layout style, and a value typed there is a live edit that moves the frame. Screenshots go
to artifacts/ (devtools-*.png); the frontend's console must hold no protocol errors."""
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser.conftest import CHROMEDRIVER, CHROMIUM
from harness import ARTIFACTS

WAIT = 20

# The frontend renders into nested shadow roots: queries walk them all.
DEEP = """
const deepAll = (root, selector, out) => {
  root.querySelectorAll(selector).forEach(e => out.push(e));
  root.querySelectorAll('*').forEach(e => { if (e.shadowRoot) deepAll(e.shadowRoot, selector, out); });
  return out;
};
const text = e => e.textContent.replace(/\\u200b/g, '');
"""


class Frontend:
    def __init__(self, driver):
        self.driver = driver

    def js(self, script, *args):
        return self.driver.execute_script(DEEP + script, *args)

    def wait(self, script, what, *args):
        return WebDriverWait(self.driver, WAIT).until(lambda d: self.js(script, *args), message=f"timed out waiting for {what}")

    def rows(self):
        return self.js("return deepAll(document, 'li[role=treeitem]', []).filter(e => e.closest('.elements-tree-outline')).map(text);")

    def row(self, prefix):
        return self.wait("return deepAll(document, 'li[role=treeitem]', []).find(e => e.closest('.elements-tree-outline') && text(e).startsWith(arguments[0]));",
                         f"an Elements row starting {prefix!r}", prefix)

    def click(self, element, dx=60):
        x, y = self.js("const r = arguments[0].getBoundingClientRect(); return [r.x, r.y + Math.min(8, r.height / 2)];", element)
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(x) + dx, int(y))
        actions.pointer_action.click()
        actions.perform()

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def screenshot(self, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"devtools-{name}.png"
        self.driver.save_screenshot(str(path))
        return path

    def protocol_errors(self):
        return [e["message"] for e in self.driver.get_log("browser")
                if e["level"] == "SEVERE" or "protocol" in e["message"].lower() and "error" in e["message"].lower()]


@pytest.fixture
def frontend(driver, gateway, app, request):
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get(f"devtools://devtools/bundled/devtools_app.html?ws=127.0.0.1:{gateway.port}/devtools/page/{app.device_id}&panel=elements")
    helper = Frontend(driver)
    yield helper
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        helper.screenshot(f"FAILED-{request.node.name}")


def test_the_elements_panel_browses_and_edits_texturegram(gateway, app, frontend):
    # The tree: both screens, their specs shown with the flex badge.
    frontend.row('<FeedScreenNode id="n6" name="feed screen" frame="0 0 375 667">')
    frontend.row('<ExploreScreenNode')
    assert any(r.startswith('<ASStackLayoutSpec id="n6/0" type="stack"') and r.endswith("flex") for r in frontend.rows())
    frontend.screenshot("tree")

    # Selecting the feed screen's stack and expanding it with the arrow key shows its children.
    frontend.click(frontend.row('<ASStackLayoutSpec id="n6/0"'))
    frontend.keys(Keys.ARROW_RIGHT)
    bar = frontend.row('<NavigationBarNode id="n3" name="navigation bar" frame="0 0 375 44" style="height: 44px;">')
    frontend.row('<ASTableNode id="n5" name="feed"')

    # Selecting the navigation bar: the Styles pane shows its layout style as element.style.
    frontend.click(bar)
    frontend.wait("return deepAll(document, '*', []).some(e => text(e).trim() === 'element.style {')"
                  " && deepAll(document, 'ol.tree-outline', []).some(o => text(o).trim() === 'height: 44px;');",
                  "element.style { height: 44px; } in the Styles pane")
    frontend.screenshot("styles")

    # Typing a new height there is a live edit: the program's frame follows.
    value = frontend.wait("return deepAll(document, 'span.value', []).find(v => text(v) === '44px');", "the height's value")
    frontend.click(value, dx=5)
    frontend.wait("return deepAll(document, 'span.value', []).some(v => v.isContentEditable || v.classList.contains('text-prompt'));",
                  "the value to become editable")
    for key in "80px":  # editing starts with the value selected; typed at a person's pace
        frontend.keys(key)
        time.sleep(0.15)
    frontend.keys(Keys.ENTER)
    deadline = time.monotonic() + WAIT
    while app.call("Tree.getElement", {"id": "n3"})["element"]["frame"][3] != 80:
        assert time.monotonic() < deadline, "the navigation bar never became 80 points tall"
        time.sleep(0.1)
    # The stories strip below moved down, and the panel shows the new frame (a live DOM event).
    assert app.call("Tree.getElement", {"id": "n4"})["element"]["frame"][1] == 80
    frontend.row('<NavigationBarNode id="n3" name="navigation bar" frame="0 0 375 80" style="height: 80px;">')
    frontend.row('<StoriesStripNode id="n4" name="stories" frame="0 80 375 92"')
    frontend.screenshot("edited")

    errors = frontend.protocol_errors()
    assert errors == [], errors


def test_chrome_inspect_lists_the_program(gateway, app):
    """chrome://inspect with the gateway under "Discover network targets" lists the program
    (the shape of /json/version and /json/list is the one Chrome reads)."""
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--window-size=1200,700", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"devtools": {"discover_tcp_targets_enabled": True,
                                                           "tcp_discovery_config": [f"127.0.0.1:{gateway.port}"]}})
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        browser.get("chrome://inspect/#devices")
        listed = WebDriverWait(browser, WAIT).until(
            lambda d: (lambda text: text if f"TextureGram ({app.instance})" in text else None)(d.execute_script("return document.body.innerText")),
            message="chrome://inspect to list TextureGram")
        assert f"127.0.0.1:{gateway.port} (0.1.0)" in listed
        assert f"weft://org.weft.TextureGram/{app.instance}" in listed
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / "devtools-chrome-inspect.png"))
    finally:
        browser.quit()
