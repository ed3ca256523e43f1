"""The view paused while the program restarts, against the real gateway and the real example
program (weft-example), stopped and started again with the same instance. The view stays on the
old process: its document, and what the page keeps per process (an edit, the Drive log, the
Playground's result), with a notice that the program restarted; requests, which would reach the
new process with the old document's ids, are not sent, and the Drive panel, the Playground and the
tap probe say so (the probe said it needed a device, while one was attached). Going live shows the new process, with
none of the old one's records. Before, the page took the new process for the one on show while
it still showed the old document, and showed the new process's (empty) records beside it."""
import pytest

from harness import HostProgram, host_program
from test_live import attach
from test_root_origins import click_world

EXAMPLE = host_program("weft-example")

# What the page shows of the records it keeps per process.
RECORDS = """return {
  pid: weft.state.model.meta.pid,
  drive: [...document.querySelectorAll('#drive-log li')].map((li) => li.textContent),
  playground: document.getElementById('playground-output').textContent,
  edited: [...document.querySelectorAll('#properties .edit-row.edited input')].map((input) => input.dataset.key),
};"""
FLEX_GROW_DISABLED = "return document.querySelector('#properties input[data-key=\"flexGrow\"]').disabled"
NOTICE = "const n = document.getElementById('restarted'); return !n.hidden && n.textContent;"
REFUSED = "the program restarted while the view was paused: go live to send requests to the new process"


@pytest.fixture
def example(gateway, page):
    if EXAMPLE is None:
        raise RuntimeError("weft-example is not built: run `make test-browser` (or swift build --product weft-example)")
    page.prefix = "paused-restart-"
    with HostProgram(EXAMPLE, gateway) as program:
        program.call("Runtime.pause")
        yield program


def keep_records(page):
    """An accepted edit (flexGrow of the first node), a Drive step and a Playground layout, all of
    the process on show; returns the id of the edited node."""
    node = page.js("for (const [id, el] of weft.state.model.elements) if (el.kind !== 'spec') return id; return null;")
    page.js("weft.state.select(arguments[0])", node)
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="flexGrow"]'), "the flexGrow field")
    field.send_keys("1\n")
    page.wait_js("return document.querySelector('#properties input[data-key=\"flexGrow\"]').closest('.edit-row').classList.contains('edited')",
                 "the edit to be accepted")
    page.js("weft.selectTab('drive')")
    page.driver.find_element("id", "drive-step").click()
    page.wait_js("return document.querySelector('#drive-log li[data-ok]')", "the step's reply")
    page.js("weft.selectTab('playground')")
    page.driver.find_element("id", "playground-run").click()
    page.wait_js("return document.getElementById('playground-ascii')", "the playground's layout")
    return node


def restart(example, page):
    """Stops the program and starts it again with the same instance; returns the new one."""
    example.stop()
    page.wait_js("return document.getElementById('connection').dataset.state === 'device-disconnected'", "the disconnected state")
    again = HostProgram(example.executable, example.gateway, instance=example.instance).start()
    again.call("Runtime.pause")
    return again


def test_a_paused_view_stays_on_the_old_process_when_the_program_restarts(gateway, example, page):
    attach(page, gateway, example)
    node = keep_records(page)
    old = page.js(RECORDS)
    assert old["pid"] == example.device["info"]["pid"]
    assert old["drive"][0].startswith("Runtime.step → ") and old["playground"].startswith("size ") and old["edited"] == ["flexGrow"]

    page.driver.find_element("id", "pause-view").click()
    again = restart(example, page)
    try:
        new_pid = again.device["info"]["pid"]
        notice = page.wait_js(NOTICE, "the notice that the program restarted", timeout=20)
        assert f"restarted (pid {old['pid']} → {new_pid})" in notice, notice
        assert page.js(RECORDS) == old, "the view and the records stay on the old process"
        page.screenshot("held")

        # Requests would reach the new process: they are not sent, and say why.
        assert page.js("return weft.properties.live.canEdit()") is False
        assert page.js(FLEX_GROW_DISABLED) is True
        page.js("weft.selectTab('drive')")
        page.driver.find_element("id", "drive-step").click()
        assert page.wait_js("const li = document.querySelector('#drive-log li.error-text'); return li && li.textContent",
                            "the refused step") == f"Runtime.step failed: {REFUSED}"
        page.js("weft.selectTab('playground')")
        page.driver.find_element("id", "playground-run").click()
        assert page.wait_js("const e = document.querySelector('#playground-output .error-text'); return e && e.textContent",
                            "the refused layout") == REFUSED
        # The tap probe too (before, it said it needed the live app and a device: one is attached).
        page.driver.find_element("id", "probe-mode").click()
        click_world(page, 10, 10)
        assert page.wait_js("const e = document.querySelector('#probe-result .error-text'); return e && e.textContent",
                            "the refused probe") == f"Probe failed: {REFUSED}"
        page.driver.find_element("id", "probe-mode").click()

        page.driver.find_element("id", "restarted-go-live").click()
        page.wait_js("return weft.state.model.meta.pid === arguments[0]", "the new process on show", new_pid)
        assert page.js("return document.getElementById('restarted').hidden") is True
        assert page.driver.find_element("id", "pause-view").text == "Pause view"
        page.js("weft.state.select(arguments[0])", node)
        assert page.js(RECORDS) == {"pid": new_pid, "drive": [], "playground": "", "edited": []}
        assert page.js("return weft.properties.live.canEdit()") is True
        assert page.js(FLEX_GROW_DISABLED) is False
        page.screenshot("live-again")
    finally:
        again.stop()
