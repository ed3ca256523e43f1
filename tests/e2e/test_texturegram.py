"""TextureGram end to end: the real gateway (tests/harness), the real TextureGram and the real web
inspector in headless Chromium, and the `weft` CLI through the gateway.

TextureGram is paused (Runtime.pause) as soon as it registers and only moves when a test steps it
(Runtime.step), so nothing here depends on timing. Numbers are derived from TextureGram's layout
(Sources/TextureGram) by hand, in comments.
"""
import json
import os
import re
import shutil

import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser.test_live import COUNT
from conftest import run_cli, start_texturegram
from harness import REPO_ROOT

SCREENSHOT = REPO_ROOT / "docs" / "images" / "inspector.png"


@pytest.fixture
def app(gateway, texturegram):
    """TextureGram, paused, its scripted finger on the stories and the explore pager only (the
    tests drag the feed themselves, so its offset is theirs to decide); one second of program
    time stepped so the first screen's photos and avatars have arrived (at most 200 ms)."""
    program = start_texturegram(texturegram, gateway, "--scroll-pattern", "stories:right,pages:right")
    program.call("Runtime.step", {"frames": 60})
    yield program
    program.stop()


def elements(root):
    """`root` and its descendants, depth first in document order."""
    yield root
    for child in root.get("children", []):
        yield from elements(child)


def find(root, class_name, debug_name=None):
    """The first element of that class (and debug name) in `root` (an element or a document)."""
    for element in (e for r in root.get("roots", [root]) for e in elements(r)):
        if element.get("className") == class_name and (debug_name is None or element.get("debugName") == debug_name):
            return element
    raise AssertionError(f"no {class_name} ({debug_name}) in the snapshot")


def snapshot(gateway, app):
    status, document = gateway.get_json(f"/api/devices/{app.device_id}/snapshot")
    assert status == 200, document
    return document


def test_the_feed_appears(gateway, app, attached):
    page = attached
    document = snapshot(gateway, app)
    # Two roots: the feed screen and the explore screen, both 375 x 667 windows.
    assert [root["className"] for root in document["roots"]] == ["FeedScreenNode", "ExploreScreenNode"]
    assert page.js(COUNT, document) == page.js("return weft.state.model.size")
    names = page.js("return [...weft.state.model.elements.values()].map(e => e.className)")
    assert "PostCellNode" in names and "StoryCellNode" in names and "ExploreRowCellNode" in names
    # Range controllers: the feed, the stories strip, the pager and the explore pages' tables.
    sources = {c["dataSource"] for c in document["rangeControllers"]}
    assert {"FeedDataSource", "StoriesDataSource", "ExplorePagerDataSource", "ExploreDataSource"} <= sources
    rows = page.js("return [...document.querySelectorAll('.tree-row:not([hidden])')].map(r => r.textContent)")
    assert any("FeedScreenNode" in row for row in rows)


def test_a_style_edit_moves_a_frame(gateway, app, attached):
    page = attached
    # The feed screen's navigation bar is 44 points tall (style height 44); the stories strip
    # sits right under it at y 44. Height 60 moves the strip to y 60.
    feed_screen = snapshot(gateway, app)["roots"][0]
    bar = find(feed_screen, "NavigationBarNode", "navigation bar")
    strip = find(feed_screen, "StoriesStripNode", "stories")
    assert bar["frame"][3] == 44 and strip["frame"][1] == 44
    page.js("weft.state.select(arguments[0])", bar["id"])
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="height"]'), "the height field")
    field.send_keys(Keys.CONTROL, "a")  # typed over, as a user does (clear() would leave the field emptied first)
    field.send_keys("60\n")
    page.wait_js("return document.querySelector('#properties .edit-row.edited')", "the edit to be accepted")
    app.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.get(arguments[0]).frame[1] === 60", "the stories strip to move down", strip["id"])
    assert page.js("return weft.state.model.get(arguments[0]).frame[3]", bar["id"]) == 60


def test_range_bars_move_as_the_app_is_dragged(gateway, app, attached):
    page = attached
    feed = next(c for c in snapshot(gateway, app)["rangeControllers"] if c["dataSource"] == "FeedDataSource")
    page.js("weft.selectTab('ranges')")
    bar = f'canvas.range-bar[data-controller="{feed["id"]}"]'
    states = f'canvas.state-map[data-controller="{feed["id"]}"]'
    before = page.wait_js(f"const b = document.querySelector('{bar}'), s = document.querySelector('{states}');"
                          "return b && s && [b.dataset.strips, s.dataset.states]", "the feed's range bar and state map")
    # The feed has not been dragged yet: minimum mode. A finger drag of three screens down over
    # 0.3 s of program time, then 1 s of frames: the feed leaves minimum mode for full mode (the
    # user scrolled), so the bar's strips grow to full mode's tuning, and the items on screen
    # change.
    assert feed.get("mode", "minimum") == "minimum"  # omitted: the default
    app.call("Scroll.drag", {"id": feed["owner"], "dx": 0, "dy": 3 * feed["viewport"][3], "duration": 0.3})
    reply = app.call("Runtime.step", {"frames": 60})
    page.wait_js("return weft.state.model.revision >= arguments[0]", "the stepped frames' updates", reply["revision"])
    page.frames()
    after = page.js(f"return [document.querySelector('{bar}').dataset.strips, document.querySelector('{states}').dataset.states]")
    assert after[0] != before[0], "the range bar's strips moved"
    assert after[1] != before[1], "the item states moved"
    controller = page.js("return weft.state.model.controllers.get(arguments[0])", feed["id"])
    assert controller["mode"] == "full"
    assert controller["contentOffset"][1] >= 3 * feed["viewport"][3] - 1


def test_cli_snapshots_of_the_paused_app_diff_cleanly_and_show_exactly_an_edit(gateway, texturegram, weft_cli, tmp_path):
    # No scripted finger: once the photos are in, frames change nothing, so the only difference
    # after the edit is the edit's.
    app = start_texturegram(texturegram, gateway, "--no-scroll")
    try:
        app.call("Runtime.step", {"frames": 60})
        common = ["--gateway", gateway.ws_url, "--device", app.device_id]
        first, second, edited = tmp_path / "first.json", tmp_path / "second.json", tmp_path / "edited.json"
        for path in (first, second):
            result = run_cli(weft_cli, "snapshot", *common, "-o", path)
            assert result.returncode == 0, result.stderr
        clean = run_cli(weft_cli, "diff", first, second)
        assert clean.returncode == 0, clean.stdout + clean.stderr

        # The first post's action row: a horizontal stack (spacing 16) of three 16-point
        # buttons inside an inset (12 on each side). Spacing 24 moves comment from x 16 + 16 = 32
        # to 16 + 24 = 40 in the stack, and share from 64 to 80. The stack itself keeps its
        # frame: the actions node is stretched to the cell's 375 points, and an inset spec hands
        # its child min = max - insets (Texture's ASInsetLayoutSpec), so the stack is 351 wide
        # either way. Like, the inset and everything else stay.
        document = json.loads(first.read_text())
        actions = find(document, "PostActionsNode", "actions")
        stack_id = actions["id"] + "/0.0"
        app.call("Layout.setSpecProperty", {"id": stack_id, "property": "spacing", "value": 24})
        app.call("Runtime.step", {"frames": 1})
        result = run_cli(weft_cli, "snapshot", *common, "-o", edited)
        assert result.returncode == 0, result.stderr
        diff = run_cli(weft_cli, "diff", first, edited, "--format", "json")
        assert diff.returncode == 1, diff.stdout + diff.stderr
        changes = json.loads(diff.stdout)
        (tmp_path / "diff.json").write_text(diff.stdout)
        summary = sorted(summarise(changes), key=repr)
        assert summary == sorted([
            ("ASStackLayoutSpec", None, "props.spacing", 16, 24),
            ("ActionButtonNode", "comment", "frame", [32, 0, 16, 16], [40, 0, 16, 16]),
            ("ActionButtonNode", "share", "frame", [64, 0, 16, 16], [80, 0, 16, 16]),
        ], key=repr), json.dumps(changes, indent=1)
    finally:
        app.stop()


def summarise(report):
    """(className, debugName, field, before, after) per change of `weft diff --format json`; the
    element is the last component of the change's structural path, `Class (debugName)[n]`."""
    for change in report["changes"]:
        last = change["path"].split(" > ")[-1]
        match = re.fullmatch(r"([^ (\[]+)(?: \((.*)\))?(?:\[\d+\])?", last)
        assert match, f"unexpected path component {last!r}"
        yield match.group(1), match.group(2), change["field"], change["before"], change["after"]


def test_screenshot_for_the_readme(gateway, app, attached):
    """The README's picture: TextureGram in the inspector, the feed dragged down and back up to
    its top by a finger (so its ranges are in full mode), the like button of the first post
    selected, the hit-test slop and image scaling overlays on, the spec boxes off, the range bars
    shown. Always written to artifacts/; copied to docs/images/inspector.png when that file is
    missing or WEFT_README_SCREENSHOT=1 (`make readme-screenshot`), so that `make test` does not
    leave a changed picture in everybody's working tree."""
    page = attached
    feed = find(snapshot(gateway, app)["roots"][0], "ASTableNode", "feed")
    app.call("Scroll.drag", {"id": feed["id"], "dx": 0, "dy": 1200, "duration": 0.3})
    app.call("Runtime.step", {"frames": 120})
    app.call("Scroll.drag", {"id": feed["id"], "dx": 0, "dy": -4000, "duration": 0.3})
    reply = app.call("Runtime.step", {"frames": 60})  # photos arrive within 0.2 s of preloading
    page.wait_js("return weft.state.model.revision >= arguments[0]", "the stepped frames' updates", reply["revision"])
    post = find(find(snapshot(gateway, app)["roots"][0], "ASTableNode", "feed"), "PostCellNode", "post 0")
    page.js("weft.state.select(arguments[0])", find(post, "ActionButtonNode", "like")["id"])
    for toggle, wanted in (("overlay-slop", True), ("overlay-scaling", True), ("overlay-specs", False)):
        element = page.driver.find_element("id", toggle)
        if element.is_selected() != wanted:
            element.click()
    page.driver.find_element("id", "zoom-fit").click()
    page.js("weft.selectTab('ranges')")
    page.frames(30)  # the range bars glide to their places (0.3 s)
    shot = page.screenshot("texturegram-inspector")
    if os.environ.get("WEFT_README_SCREENSHOT") == "1" or not SCREENSHOT.exists():
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SCREENSHOT)
