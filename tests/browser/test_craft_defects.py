"""Defects a careful user hits within minutes (issue "Web inspector craft"), each against the real
gateway and TextureGram, paused (Runtime.pause) and stepped, so nothing depends on timing."""
import pytest
from selenium.webdriver.common.keys import Keys

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
    page.wait_js("return document.getElementById('connection').dataset.program === 'paused'", "the paused pill")
    assert page.pill()[1].startswith("Program paused · ")
    assert page.js("return document.getElementById('drive-run-state').textContent").startswith("The program is paused at frame ")
    element_id, frame = page.js(STACK_CHILD)
    page.js("weft.state.select(arguments[0]); weft.selectTab('properties')", element_id)
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="height"]'), "the height field")
    field.send_keys(Keys.CONTROL, "a")  # typed over the shown value, as a user does
    field.send_keys(f"{frame[3] + 3:g}\n")
    notice = page.wait_js("const n = document.getElementById('edits-wait'); return n && n.textContent", "the notice")
    assert "paused" in notice and "Step" in notice
    page.screenshot("program-paused")
    page.js("weft.selectTab('drive')")
    page.driver.find_element("id", "drive-resume").click()
    page.wait_js("return document.getElementById('connection').dataset.program === undefined", "the live pill")
    assert page.pill() == ["attached", page.pill()[1]] and page.pill()[1].startswith("Live · ")


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


# A 100 x 100 window whose photo (scaled 2x) spills over its right and bottom edges, with a
# position that is no round number, and a range controller owned by an element not in the tree.
SPILLING = {
    "format": "weft.snapshot", "version": 1, "revision": 3,
    "meta": {"appId": "spill", "appName": "Spill", "screen": {"width": 100, "height": 100, "scale": 2}},
    "roots": [{"id": "n1", "kind": "node", "className": "ASDisplayNode", "frame": [0, 0, 100, 100], "children": [
        {"id": "n2", "kind": "node", "className": "ASImageNode", "debugName": "photo", "frame": [60, 60, 100, 100],
         "style": {"layoutPosition": [12.9951171875, 0]},
         "props": {"image": {"pixelWidth": 400, "pixelHeight": 400, "scale": 2, "scalingRatio": 2}}}]}],
    "rangeControllers": [{"id": "rc1", "owner": "n325", "dataSource": "Gone", "orientation": "vertical",
                          "viewport": [0, 0, 100, 100], "contentSize": [100, 400], "contentOffset": [0, 0],
                          "items": [], "ranges": {}}],
}

# Painted overlay pixels (alpha > 0) at world points, in CSS px of the overlay canvas.
OVERLAY_ALPHA = """const v = weft.screenView.view, c = document.getElementById('screen-overlay'), r = c.width / c.clientWidth;
return arguments[0].map(([wx, wy]) => c.getContext('2d').getImageData(Math.floor((wx * v.zoom + v.x) * r), Math.floor((wy * v.zoom + v.y) * r), 1, 1).data[3]);"""


def test_marks_and_labels_stay_inside_their_window(gateway, page, tmp_path):
    page.open(gateway.page_url())
    page.open_file(page.write_json(tmp_path, "spill.json", SPILLING))
    page.wait_js("return weft.state.model", "the file")
    page.driver.find_element("id", "overlay-scaling").click()
    page.js("weft.state.select('n2'); weft.screenView.zoomBy(0.5)")  # the spill in view too
    page.frames()
    inside, outside_right, outside_below = page.js(OVERLAY_ALPHA, [[80, 80], [130, 80], [80, 130]])
    page.screenshot("marks-in-window")
    assert inside > 0, "the selection is marked in the window"
    assert (outside_right, outside_below) == (0, 0), "nothing is drawn past the window's edges"
    # The scaling label sits at the corner of what shows of the photo: the window's.
    assert page.js(OVERLAY_ALPHA, [[97, 97]])[0] > 0


def test_smaller_defects(gateway, page, tmp_path):
    page.open(gateway.page_url())
    # Nothing to download or freeze, and nothing for Drive to drive, without a document.
    assert page.js("return ['download-snapshot', 'pause-view'].map(id => document.getElementById(id).disabled)") == [True, True]
    page.js("weft.selectTab('drive')")
    assert page.js("return [...document.querySelectorAll('#drive button')].every(b => b.disabled)")
    assert page.js("return document.title") == "Weft inspector"
    # The search box's placeholder shows whole.
    assert page.js("""const s = document.getElementById('tree-search'), c = document.createElement('canvas').getContext('2d');
      const style = getComputedStyle(s); c.font = `${style.fontSize} ${style.fontFamily}`;
      return c.measureText(s.placeholder).width <= s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)""")
    page.open_file(page.write_json(tmp_path, "spill.json", SPILLING))
    page.wait_js("return weft.state.model", "the file")
    assert page.js("return document.title") == "spill.json · Weft inspector"
    assert page.js("return ['download-snapshot', 'pause-view'].map(id => document.getElementById(id).disabled)") == [False, False]
    # Drive lists no container that is not in the tree.
    assert page.js("return [...document.querySelectorAll('#drive-container option')].map(o => o.textContent)") == ["no scroll container"]
    # Values print rounded.
    page.js("weft.state.select('n2'); weft.selectTab('properties')")
    assert page.js("return document.querySelector('#properties input[data-key=layoutPosition]').value") == "12.995, 0"
    # The slop overlay says what its colours mean.
    assert page.js("return document.getElementById('slop-legend').hidden")
    page.driver.find_element("id", "overlay-slop").click()
    legend = page.js("return document.getElementById('slop-legend').textContent")
    assert "tappable area" in legend and "clipped" in legend and "restricted" in legend
    page.screenshot("smaller-defects")


def test_title_names_the_program_and_drive_follows_its_connection(gateway, texturegram, attached):
    page = attached
    assert page.js("return document.title") == "TextureGram · Weft inspector"
    page.js("weft.selectTab('drive')")
    assert page.js("return document.getElementById('drive-step').disabled") is False
    gateway.stop()
    page.wait_js("return document.getElementById('drive-step').disabled", "Drive's buttons disabled")
    label = page.wait_js("const o = document.querySelector('#device-select option:checked'); return o && o.textContent.includes('gateway down') && o.textContent",
                         "the device list to say it is not current")
    assert "TextureGram" in label
    page.screenshot("gateway-down")


def test_a_900_by_700_window_shows_ranges_and_tree_ids_whole(texturegram, attached):
    page = attached
    try:
        page.driver.set_window_size(900, 700)
        page.js("weft.selectTab('ranges')")
        page.wait_js("return document.querySelector('#ranges canvas.range-bar')", "the range bars")
        page.frames()
        assert page.js("const r = document.getElementById('ranges'); return r.scrollWidth <= r.clientWidth"), "nothing in Ranges scrolls sideways"
        clipped = page.js("""const tree = document.getElementById('tree').getBoundingClientRect();
          return [...document.querySelectorAll('.tree-row:not([hidden]) .id')].filter(id => {
            const r = id.getBoundingClientRect(); return r.top >= tree.top && r.bottom <= tree.bottom && r.right > tree.right + 0.5;
          }).map(id => id.textContent);""")
        assert clipped == [], "every row's id shows"
        page.screenshot("900x700-ranges")
    finally:
        page.driver.set_window_size(1400, 900)


def test_one_file_in_diff_is_before_and_values_are_rounded(gateway, texturegram, attached, tmp_path):
    import re
    page = attached
    status, baseline = gateway.get_json(f"/api/devices/{texturegram.device_id}/snapshot")
    assert status == 200
    element_id, frame = page.js(STACK_CHILD)
    stack = list(baseline["roots"])
    while stack:
        element = stack.pop()
        if element["id"] == element_id:
            element["frame"] = [frame[0] - 34.2225691445866, *frame[1:]]
        stack.extend(element.get("children", []))
    page.js("weft.selectTab('diff')")
    page.open_file(page.write_json(tmp_path, "baseline.json", baseline), input_id="diff-files")
    page.wait_js("return document.getElementById('diff-before').value === 'baseline.json'", "the file as before")
    assert page.js("return document.getElementById('diff-after').selectedOptions[0].textContent") == "Live app"
    page.driver.find_element("id", "diff-run").click()
    cells = page.wait_js("const rows = [...document.querySelectorAll('#diff-table tr.diff-row')]; return rows.length && rows.map(r => [r.dataset.id, r.cells[2].textContent, r.title])", "the diff")
    moved = [c for c in cells if c[0] == element_id]
    assert moved, cells
    assert "-34.2225691445866" in moved[0][2] or "34.2225691445866" in moved[0][2], "the title keeps the whole value"
    assert not any(re.search(r"\d\.\d{4,}", c[1]) for c in cells), cells
    page.screenshot("diff-one-file")


def test_a_released_selection_says_it_is_gone_and_returns(texturegram, attached):
    from test_live import drag
    page = attached
    controller = page.js("""for (const c of weft.state.model.controllers.values()) {
        const owner = weft.state.model.get(c.owner); if (owner && owner.debugName === 'feed') return c; } return null;""")
    first_cell = page.js("return weft.state.model.get(arguments[0]).children[0].id", controller["owner"])
    page.js("weft.state.select(arguments[0])", first_cell)
    path = page.js("return weft.state.selectedPath")
    # An edit on the cell (one that changes nothing: its own height as its minimum height).
    from selenium.webdriver.common.keys import Keys
    height = page.js("return weft.state.model.get(arguments[0]).frame[3]", first_cell)
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="minHeight"]'), "the minHeight field")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(f"{height:g}\n")
    page.wait_js("return document.querySelector('#edits-list summary')", "the edit listed")
    drag(texturegram, controller, screenfuls=6, duration=0.05)
    texturegram.call("Runtime.step", {"frames": 30})
    lost = page.wait_js("const n = document.getElementById('selection-lost'); return n && n.textContent", "the notice that the cell is gone")
    assert path in lost and first_cell in lost
    # The edits list says which element its edit is on, and that it is gone.
    page.js("document.getElementById('edits-list').open = true")
    assert page.js("return [...document.querySelectorAll('#edits-list tbody tr')].map(r => [r.dataset.id, !!r.querySelector('.gone')])") == [[first_cell, True]]
    page.screenshot("selection-lost")
    drag(texturegram, controller, screenfuls=-6, duration=0.05)
    texturegram.call("Runtime.step", {"frames": 30})
    page.wait_js("return weft.state.selectedPath === arguments[0]", "the cell selected again", path)
    assert page.js("return document.getElementById('selection-lost')") is None


def test_a_size_edit_the_parent_overrides_says_so(texturegram, attached):
    from selenium.webdriver.common.keys import Keys
    page = attached
    # The navigation bar: its parent, a vertical stack that stretches, passes it an exact width.
    element_id = page.js("""for (const [id, el] of weft.state.model.elements) if (el.debugName === 'navigation bar') return id; return null;""")
    assert page.js("const r = weft.state.model.get(arguments[0]).constrainedSize; return r.min[0] === r.max[0]", element_id)
    page.js("weft.state.select(arguments[0])", element_id)
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="width"]'), "the width field")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("50%\n")
    hint = page.wait_js("const h = document.querySelector('#properties .edit-hint'); return h && h.textContent", "the hint")
    assert "exact width" in hint and "375" in hint
    page.screenshot("size-edit-hint")
