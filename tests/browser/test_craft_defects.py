"""Defects a careful user hits within minutes (issue "Web inspector craft"), each against the real
gateway and TextureGram, paused (Runtime.pause) and stepped, so nothing depends on timing."""
import pytest

from harness import HostProgram, host_program
from test_live import attach

# A node child of a stack spec, with a frame: its width and height follow its style.
STACK_CHILD = """for (const [id, el] of weft.state.model.elements) {
    const parent = weft.state.model.parentOf(id);
    if (el.kind !== 'spec' && parent && parent.type === 'stack' && el.frame && el.frame[2] > 10) return [id, el.frame];
  } return null;"""


@pytest.fixture
def texturegram(gateway, page):
    page.prefix = "craft-"
    with HostProgram(str(host_program("TextureGram")), gateway) as program:
        program.call("Runtime.pause")
        yield program


@pytest.fixture
def attached(gateway, texturegram, page):
    return attach(page, gateway, texturegram)


def frame_text(page):
    return page.js("return [...document.querySelectorAll('#properties dt')].find(dt => dt.textContent === 'in parent').nextElementSibling.textContent")


def test_properties_update_in_place_keeping_focus_and_selected_text(texturegram, attached):
    page = attached
    element_id, frame = page.js(STACK_CHILD)
    page.js("weft.state.select(arguments[0])", element_id)
    page.wait_js("return document.querySelector('#properties select[data-key=alignSelf]')", "the fields")
    # The user selects the class's text and tabs into a menu.
    page.js("""const dd = [...document.querySelectorAll('#properties dt')].find(dt => dt.textContent === 'class').nextElementSibling;
      window.__classValue = dd; getSelection().selectAllChildren(dd);
      document.querySelector('#properties select[data-key=alignSelf]').focus();""")
    texturegram.call("Layout.setStyle", {"id": element_id, "property": "height", "value": frame[3] + 7})
    texturegram.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.get(arguments[0]).frame[3] === arguments[1]", "the update", element_id, frame[3] + 7)
    page.frames()
    assert frame_text(page).endswith(f"× {frame[3] + 7:g}"), "the values follow the update while a field has focus"
    assert page.js("return document.activeElement.dataset.key") == "alignSelf", "focus stays on the menu"
    assert page.js("return window.__classValue.isConnected"), "the shown values are updated in place, not rebuilt"
    assert page.js("return getSelection().toString()") == page.js("return window.__classValue.textContent")
    page.screenshot("properties-in-place")


def test_the_pill_says_the_program_is_paused_and_edits_wait_for_a_step(texturegram, attached):
    page = attached
    page.js("weft.selectTab('drive')")
    assert page.driver.find_element("id", "drive-pause").text == "Pause program"
    page.driver.find_element("id", "drive-pause").click()
    page.wait_js("return document.getElementById('connection').dataset.state === 'program-paused'", "the paused pill")
    assert page.pill()[1].endswith("· program paused")
    element_id, frame = page.js(STACK_CHILD)
    page.js("weft.state.select(arguments[0]); weft.selectTab('properties')", element_id)
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="height"]'), "the height field")
    field.send_keys(f"{frame[3] + 3:g}\n")
    notice = page.wait_js("const n = document.querySelector('#properties .row-actions [role=alert]'); return n && n.textContent", "the notice")
    assert "paused" in notice and "Step" in notice
    page.screenshot("program-paused")
    page.js("weft.selectTab('drive')")
    page.driver.find_element("id", "drive-resume").click()
    page.wait_js("return document.getElementById('connection').dataset.state === 'attached'", "the live pill")


def test_a_downloaded_snapshot_is_dated_by_the_revision_it_holds(texturegram, attached):
    import json
    from datetime import datetime, timedelta, timezone
    from harness import DOWNLOADS, wait_until
    page = attached
    fetched = page.js("return weft.state.model.meta.capturedAt")
    element_id, frame = page.js(STACK_CHILD)
    before_update = datetime.now(timezone.utc)
    texturegram.call("Layout.setStyle", {"id": element_id, "property": "height", "value": frame[3] + 5})
    reply = texturegram.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.revision === arguments[0]", "the update", reply["revision"])
    name = page.js("return `${weft.state.model.meta.appId}-r${weft.state.model.revision}.json`")
    target = DOWNLOADS / name
    target.unlink(missing_ok=True)
    page.driver.find_element("id", "download-snapshot").click()
    wait_until(lambda: target.is_file() and target.stat().st_size > 0, 10, what="the downloaded file")
    document = json.loads(target.read_text())
    assert document["revision"] == reply["revision"]
    captured = datetime.fromisoformat(document["meta"]["capturedAt"].replace("Z", "+00:00"))
    # The time the update arrived, not the fetch's (before the update was asked for).
    assert captured >= before_update - timedelta(milliseconds=1), (fetched, document["meta"]["capturedAt"])


def test_file_banner_closes_and_goes_with_back_to_live(texturegram, attached, tmp_path):
    import screens
    page = attached
    good = page.write_json(tmp_path, "good.json", screens.before())
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    page.open_file(good)
    page.wait_js("return weft.state.source.kind === 'file'", "the file")
    page.open_file(str(bad))
    page.wait_js("const b = document.getElementById('banner'); return !b.hidden && b.textContent.includes('bad.json')", "the banner")
    page.driver.find_element("id", "back-to-live").click()
    assert page.js("return document.getElementById('banner').hidden"), "Back to live clears the file's error"
    page.open_file(str(bad))
    page.wait_js("return !document.getElementById('banner').hidden", "the banner again")
    page.driver.find_element("id", "banner-close").click()
    assert page.js("return document.getElementById('banner').hidden")


def test_turning_the_tap_probe_off_keeps_its_report_until_closed(texturegram, attached):
    from selenium.webdriver.common.action_chains import ActionChains
    page = attached
    cx, cy = page.js("const r = weft.state.boxes.rect(arguments[0]); return [r[0] + r[2] / 2, r[1] + r[3] / 2]", page.js(STACK_CHILD)[0])
    page.driver.find_element("id", "probe-mode").click()
    screen = page.driver.find_element("id", "screen-overlay")
    x, y = page.js("const v = weft.screenView.view; return [arguments[0] * v.zoom + v.x, arguments[1] * v.zoom + v.y]", cx, cy)
    ActionChains(page.driver).move_to_element_with_offset(screen, int(x - screen.size["width"] / 2), int(y - screen.size["height"] / 2)).click().perform()
    page.wait_js("return document.querySelector('#probe-result [data-target]')", "the probe's answer")
    page.driver.find_element("id", "probe-mode").click()
    assert page.js("return document.getElementById('probe-result').hidden") is False, "the report stays after the probe is off"
    page.driver.find_element("id", "probe-close").click()
    assert page.js("return document.getElementById('probe-result').hidden") is True
