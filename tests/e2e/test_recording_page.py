"""Time travel in the page (docs/web-inspector.md, "Time travel") against the real gateway and a
real TextureGram that records its run to a file at the same time (WEFT_RECORDING): the page
keeps every revision it receives; scrubbing back to an earlier revision shows the tree and the
range bars exactly as `weft recording snapshot --at` extracts them from the program's own
recording (the same frames, the same item states); the page's export, opened again in a page
with no program, shows the same picture.

TextureGram is paused and stepped (Runtime.step), so its scripted finger scrolls the feed by
program time and nothing depends on timing."""
import json

import pytest

from browser.test_live import attach
from conftest import run_cli
from harness import HostProgram

# The page's view of a model: every element's frame and every range controller's ranges and
# item states, in forms comparable with a snapshot file's.
MODEL_PICTURE = """
const model = arguments[0] === null ? weft.state.model : weft.timeline.store.modelAt(arguments[0]);
const frames = {};
for (const [id, e] of model.elements) frames[id] = e.frame;
const ranges = {};
for (const [id, c] of model.controllers) ranges[id] = { visible: c.visible, display: c.display, preload: c.preload, itemStates: c.itemStates };
return { revision: model.revision, frames, ranges };
"""


def file_picture(document):
    frames = {}
    stack = list(document["roots"])
    while stack:
        element = stack.pop()
        frames[element["id"]] = element.get("frame")
        stack.extend(element.get("children", []))
    ranges = {c["id"]: {key: c.get(key) for key in ("visible", "display", "preload", "itemStates")}
              for c in document.get("rangeControllers", [])}
    return {"revision": document["revision"], "frames": frames, "ranges": ranges}


def normalized(picture):
    # The page fills in implied values (an empty range list is written [] or left out).
    for ranges in picture["ranges"].values():
        for key in ranges:
            ranges[key] = ranges[key] or []
    return picture


@pytest.fixture
def recording_app(gateway, texturegram, tmp_path):
    program = HostProgram(texturegram, gateway, env={"WEFT_RECORDING": str(tmp_path / "program.jsonl")})
    program.start()
    program.call("Runtime.pause")
    yield program
    program.stop()


def test_scrub_back_and_see_what_the_program_recorded(gateway, recording_app, page, weft_cli, tmp_path):
    page.prefix = "time-travel-"
    attach(page, gateway, recording_app)
    attached_at = recording_app.call("Runtime.getState")["frame"]
    # About three seconds of program time, a step at a time: the scripted finger drags the feed.
    # Between steps, what the markers are about (the timeline's and the recordings').
    root = page.js("return weft.state.model.roots[0].id")
    driven = {3: ("Layout.setStyle", {"id": root, "property": "minHeight", "value": 10}),
              5: ("Runtime.simulateMemoryWarning", {}), 6: ("Runtime.setApplicationState", {"state": "background"}),
              8: ("Runtime.setApplicationState", {"state": "active"}), 9: ("Layout.revertEdits", {})}
    last = None
    for step in range(12):
        if step in driven:
            recording_app.call(*driven[step])
        last = recording_app.call("Runtime.step", {"frames": 15})["revision"]
    page.wait_js("return weft.state.model.revision === arguments[0]", "the last revision", last)
    first = page.js("return weft.timeline.store.firstRevision")
    assert last - first >= 8, f"the page kept revisions {first} to {last}"
    timeline = page.js("return document.getElementById('timeline-label').textContent")
    assert timeline.startswith("Live"), timeline

    # Scrub to a revision in the middle, then one step back with the arrow key.
    middle = (first + last) // 2
    page.js("weft.timeline.seek(arguments[0])", middle + 1)
    slider = page.driver.find_element("id", "timeline-slider")
    slider.send_keys("\ue012")  # ArrowLeft
    page.wait_js("return weft.state.model.revision === arguments[0]", "the earlier revision", middle)
    label = page.js("return document.getElementById('timeline-label').textContent")
    assert label.startswith("Not live") and f"revision {middle}" in label, label
    assert page.js("return weft.state.source.kind") == "file", "an earlier revision is read-only"
    page.js("weft.selectTab('ranges')")
    page.frames()
    page.screenshot("scrubbed")
    shown = normalized(page.js(MODEL_PICTURE, None))
    # The live document kept moving meanwhile: the picture is the earlier one.
    assert shown != normalized(page.js(MODEL_PICTURE, last))

    # The page's markers are the program's own recording's since the page attached (the same
    # revision, frame, time and detail), but for the pause the program's exit undoes.
    page_markers = page.js("return weft.timeline.store.markers.map((m) => [m.kind, m.detail ?? '', m.revision, m.frame, m.time])")
    recording_app.stop()
    program_markers = [[m["marker"], m.get("detail", ""), m["revision"], m["frame"], m["time"]]
                       for m in map(json.loads, (tmp_path / "program.jsonl").read_text().splitlines())
                       if m.get("kind") == "marker" and m["frame"] > attached_at]
    # (Range modes that change in one revision may be listed in another order.)
    left = sorted(program_markers)
    for marker in page_markers:
        assert marker in left, f"{marker} is not in the program's recording"
        left.remove(marker)
    assert [m[:2] for m in left] in ([], [["pause", "resumed"]])
    assert [m[:2] for m in page_markers if m[0] != "rangeMode"] == [
        ["edit", "Layout.setStyle"], ["memoryWarning", ""], ["applicationState", "background"],
        ["applicationState", "active"], ["edit", "Layout.revertEdits"]]
    assert any(m[0] == "rangeMode" for m in page_markers)

    # The program's own recording, extracted at that revision by the CLI.
    extracted = tmp_path / "extracted.json"
    result = run_cli(weft_cli, "recording", "snapshot", tmp_path / "program.jsonl", "--at", middle, "-o", extracted)
    assert result.returncode == 0, result.stderr
    assert shown == normalized(file_picture(json.loads(extracted.read_text())))

    # Back to live in one action.
    page.driver.find_element("id", "timeline-live").click()
    page.wait_js("return weft.state.source.kind === 'live'", "live again")

    # Export, then open in a page with no program: the same revision, the same picture.
    exported = tmp_path / "page.jsonl"
    exported.write_text(page.js("return weft.timeline.fileText()"))
    info = run_cli(weft_cli, "recording", "info", exported)
    assert info.returncode == 0, info.stderr
    page.open(gateway.page_url())
    page.open_file(str(exported), input_id="timeline-open")
    page.wait_js("return weft.timeline.fromFile === 'page.jsonl' && weft.state.model", "the opened recording")
    page.js("weft.timeline.seek(arguments[0])", middle)
    page.wait_js("return weft.state.model.revision === arguments[0]", "the revision in the file", middle)
    assert normalized(page.js(MODEL_PICTURE, None)) == shown
    page.screenshot("reopened")


def test_revisions_received_while_the_view_is_paused_are_kept(gateway, recording_app, page, weft_cli, tmp_path):
    """"Pause view" freezes the views, not the recording: every revision that comes while paused
    is kept (the last one can be looked at while paused), and after resuming, a revision from
    inside the paused window shows its own tree and range bars (as the program's recording has
    them), not the document the view was frozen on."""
    page.prefix = "time-travel-paused-"
    attach(page, gateway, recording_app)
    before = None
    for _ in range(3):
        before = recording_app.call("Runtime.step", {"frames": 15})["revision"]
    page.wait_js("return weft.state.model.revision === arguments[0]", "the live revision", before)

    page.driver.find_element("id", "pause-view").click()
    page.wait_js("return document.getElementById('pause-view').getAttribute('aria-pressed') === 'true'", "the paused view")
    last = None
    for _ in range(8):  # the scripted finger goes on scrolling the feed
        last = recording_app.call("Runtime.step", {"frames": 15})["revision"]
    page.wait_js("return weft.timeline.store.lastRevision === arguments[0]", "the recording to keep up", last)
    assert page.js("return weft.state.model.revision") == before, "the view stays frozen"
    kept = page.js("return weft.timeline.store.records.map((r) => r.revision)")
    assert kept[kept.index(before):] == list(range(before, last + 1)), kept
    label = page.js("return document.getElementById('timeline-label').textContent")
    assert f"view paused at revision {before}" in label and f"recording on to revision {last}" in label, label
    page.screenshot("paused")
    # While paused, the timeline's end is the last revision received, not the frozen view.
    page.js("weft.timeline.seek(arguments[0])", last)
    page.wait_js("return weft.state.model.revision === arguments[0]", "the last revision, read-only", last)
    assert page.js("return weft.state.source.kind") == "file"
    page.driver.find_element("id", "timeline-live").click()
    page.wait_js("return weft.state.model.revision === arguments[0]", "the frozen view again", before)

    page.driver.find_element("id", "pause-view").click()
    page.wait_js("return weft.state.model.revision === arguments[0]", "live again after resuming", last)
    inside = (before + last) // 2
    assert before < inside < last
    page.js("weft.timeline.seek(arguments[0])", inside)
    page.wait_js("return weft.state.model.revision === arguments[0]", "the revision from the paused window", inside)
    label = page.js("return document.getElementById('timeline-label').textContent")
    assert label.startswith("Not live") and f"revision {inside}" in label, label
    page.js("weft.selectTab('ranges')")
    page.frames()
    page.screenshot("scrubbed-into-pause")
    shown = normalized(page.js(MODEL_PICTURE, None))
    assert shown != normalized(page.js(MODEL_PICTURE, before)) and shown != normalized(page.js(MODEL_PICTURE, last))

    recording_app.stop()
    extracted = tmp_path / "extracted.json"
    result = run_cli(weft_cli, "recording", "snapshot", tmp_path / "program.jsonl", "--at", inside, "-o", extracted)
    assert result.returncode == 0, result.stderr
    assert shown == normalized(file_picture(json.loads(extracted.read_text())))


def test_a_bad_recording_file_gets_a_message(gateway, page, tmp_path):
    page.prefix = "time-travel-"
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format":"weft.snapshot","version":1}\n')
    page.open(gateway.page_url())
    page.open_file(str(bad), input_id="timeline-open")
    text = page.wait_js("const b = document.getElementById('banner'); return !b.hidden && b.textContent", "the message")
    assert "Could not open bad.jsonl: line 1: not a Weft recording" in text
