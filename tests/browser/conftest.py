"""Fixtures of the browser tests: the real gateway (tests/harness), a headless Chromium driven by
Selenium, and screenshots written to artifacts/ (always at the points the tests choose, and on
failure)."""
import json
import os
import re

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from harness import ARTIFACTS, DOWNLOADS, Gateway

CHROMIUM = os.environ.get("WEFT_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("WEFT_CHROMEDRIVER", "/usr/bin/chromedriver")
WAIT = 10  # seconds: every wait in these tests is bounded by it


def new_browser():
    """A headless Chromium of its own (its own profile: storage, tabs and connections unshared)."""
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--window-size=1400,900", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    options.add_experimental_option("prefs", {"download.default_directory": str(DOWNLOADS), "download.prompt_for_download": False})
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_script_timeout(60)
    return browser


@pytest.fixture(scope="session")
def driver():
    browser = new_browser()
    yield browser
    browser.quit()


@pytest.fixture
def other_browsers():
    """Opens more browsers than the session's (`other_browsers()` -> a Page in a new Chromium
    session), as other people on other machines would; each quits after the test."""
    opened = []

    def open_browser():
        opened.append(new_browser())
        return Page(opened[-1])
    yield open_browser
    for browser in opened:
        browser.quit()


@pytest.fixture
def gateway():
    with Gateway() as gw:
        yield gw


@pytest.fixture
def page(driver, request):
    """A helper bound to the driver; takes a screenshot when the test fails."""
    helper = Page(driver)
    yield helper
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        helper.screenshot(f"FAILED-{request.node.name}")
    driver.execute_script("try { localStorage.clear(); } catch (e) {}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


class Page:
    def __init__(self, driver):
        self.driver = driver
        self.prefix = ""  # screenshot name prefix (the live tests name their program)

    def open(self, url):
        self.driver.get("about:blank")
        # The driver outlives each test: what the page before logged (a page left connected to
        # a gateway its test then stopped logs refused reconnections) is not this test's.
        self.driver.get_log("browser")
        self.driver.get(url)
        self.wait(lambda d: d.execute_script("return !!window.weft"), "the page's modules to load")

    def wait(self, condition, what, timeout=WAIT):
        return WebDriverWait(self.driver, timeout).until(condition, message=f"timed out waiting for {what}")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait_js(self, script, what, *args, timeout=WAIT):
        """Waits until `script` (a JS expression body returning a value) is truthy; returns it."""
        return self.wait(lambda d: d.execute_script(script, *args), what, timeout)

    def frames(self, count=2):
        """Waits for `count` animation frames, so scheduled renders have painted."""
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; let n = arguments[0];"
            "const tick = () => (--n <= 0 ? done() : requestAnimationFrame(tick)); requestAnimationFrame(tick);", count)

    def screenshot(self, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"browser-{re.sub(r'[^A-Za-z0-9_.-]+', '-', self.prefix + name)}.png"
        self.driver.save_screenshot(str(path))
        return path

    def pill(self):
        return self.js("const p = document.getElementById('connection'); return [p.dataset.state, p.textContent];")

    def severe_console_errors(self, ignore=()):
        """Console errors other than the expected ones (substrings in `ignore`)."""
        entries = self.driver.get_log("browser")
        return [e["message"] for e in entries if e["level"] == "SEVERE" and not any(s in e["message"] for s in ignore)]

    def write_json(self, tmp_path, name, value):
        path = tmp_path / name
        path.write_text(json.dumps(value))
        return str(path)

    def open_file(self, path, input_id="open-snapshot"):
        self.driver.find_element("id", input_id).send_keys(path)
