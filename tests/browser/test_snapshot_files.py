"""Snapshot files in the page, through the real gateway, no device: opening files, the tree,
the screen and its overlays, the properties, ASCII and range panels, and the semantic diff of
two files. Expected values come from screens.py, where each is derived by hand."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains

import screens
from diff_panel import DIFF_TITLES, IGNORE_ERROR, IGNORE_LISTING, run_diff_ignoring

# Root coordinates (sums of origins, screens.py): share (n6) sits at (20, 195); its tappable rect
# [0, -5, 70, 40] is [20, 190, 70, 40] on the screen. like (n4) at (20, 160), tappable
# [-10, -10, 100, 40] -> [10, 150, 100, 40]. photo (n3) at (20, 60), 90 x 90.
FILL = [0, 255, 0, 102]          # green alpha 0.4 (0.4 x 255 = 102)
CLIPPED = [255, 127, 0, 204]     # orange alpha 0.8
PIXEL_AT = """
const [wx, wy] = arguments;
const view = weft.screenView.view;
const canvas = document.getElementById('screen-overlay');
const ratio = canvas.width / canvas.clientWidth;
const x = Math.floor((wx * view.zoom + view.x) * ratio), y = Math.floor((wy * view.zoom + view.y) * ratio);
return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data);
"""


PROPERTIES = """return Object.fromEntries([...document.querySelectorAll('#properties dt')]
  .map(dt => [dt.textContent, dt.nextElementSibling.textContent]));"""


def close(a, b, tolerance=3):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


@pytest.fixture
def before_file(tmp_path, page):
    return page.write_json(tmp_path, "before.json", screens.before())


@pytest.fixture
def opened(gateway, page, before_file):
    page.open(gateway.page_url())
    page.open_file(before_file)
    page.wait_js("return weft.state.model && weft.state.model.size === 14", "the file's 14 elements")
    page.frames()
    return page


def test_open_file_shows_tree_screen_and_source(opened):
    page = opened
    assert page.pill() == ["file", "File · before.json"]
    rows = page.js("return [...document.querySelectorAll('.tree-row:not([hidden])')].map(r => r.dataset.id)")
    assert rows[:4] == ["n1", "n1/0", "n1/0.0", "n2"]
    assert page.js("return document.getElementById('tree').getAttribute('role')") == "tree"
    spec_row = page.js("const r = document.querySelector('.tree-row[data-id=\"n1/0\"]');"
                       "return [r.getAttribute('role'), r.classList.contains('spec'), r.getAttribute('aria-level'), r.getAttribute('aria-expanded')]")
    assert spec_row == ["treeitem", True, "2", "true"]
    assert "14 elements" in page.js("return document.getElementById('status-text').textContent")
    page.screenshot("file-opened")


def test_a_bad_file_gets_a_clear_message(gateway, page, tmp_path):
    page.open(gateway.page_url())
    page.open_file(page.write_json(tmp_path, "not-a-snapshot.json", {"hello": 1}))
    banner = page.wait_js("const b = document.getElementById('banner'); return !b.hidden && b.textContent", "the error banner")
    assert banner == 'Could not open not-a-snapshot.json: not a Weft snapshot (format is undefined)'
    broken = tmp_path / "broken.json"
    broken.write_text("{\"format\": ")
    page.open_file(str(broken))
    banner = page.wait_js("const b = document.getElementById('banner'); return b.textContent.includes('broken') && b.textContent", "the error banner")
    assert banner.startswith("Could not open broken.json: not JSON")


def test_a_file_with_a_field_of_another_form_gets_a_clear_message_and_the_page_stays_usable(gateway, page, tmp_path):
    """A frame that is an object, or a controller's scrollDirection that is not a list: the file is
    refused with a message naming the element or controller, the field and the form expected
    (before, it opened and a view threw a TypeError: a half-drawn page). The page still opens a
    good file after it."""
    page.open(gateway.page_url())
    wrong_frame = screens.before()
    wrong_frame["roots"][0]["children"][0]["frame"] = {"x": 0, "y": 0, "w": 375, "h": 667}
    wrong_direction = screens.before()
    wrong_direction["rangeControllers"][0]["scrollDirection"] = "down"
    cases = [
        ("wrong-frame.json", wrong_frame, 'frame of element n1/0: expected an array of 4 numbers, got {"x":0,"y":0,"w":375,"h":667}'),
        ("wrong-direction.json", wrong_direction, 'scrollDirection of range controller r1: expected a list of directions, got "down"'),
    ]
    for name, document, message in cases:
        page.open_file(page.write_json(tmp_path, name, document))
        banner = page.wait_js("const b = document.getElementById('banner'); return !b.hidden && b.textContent.includes(arguments[0]) && b.textContent",
                              "the error banner", name)
        assert banner == f"Could not open {name}: {message}"
        assert page.js("return weft.state.model") is None, "nothing half shown"
    page.open_file(page.write_json(tmp_path, "before.json", screens.before()))
    page.wait_js("return weft.state.model && weft.state.model.size === 14", "the good file's 14 elements")
    page.frames()
    assert page.js("return document.getElementById('banner').hidden")
    assert page.pill() == ["file", "File · before.json"]
    assert page.severe_console_errors() == []


def test_properties_of_a_restricted_button_and_an_oversized_image(opened):
    page = opened
    page.js("weft.state.select('n6')")
    page.wait_js("return document.getElementById('properties').textContent.includes('share')", "the properties of n6")
    shown = page.js(PROPERTIES)
    assert shown["in parent"] == "0, 5  60 × 30"
    assert shown["in root"] == "20, 195  60 × 30"
    assert shown["restricted edges"] == "top, left, bottom"
    assert shown["clipped edges"] == "top, left, bottom"
    assert shown["tappable area"] == "0, -5  70 × 40"
    assert shown["hitTestSlop"] == "top -10, left -10, bottom -10, right -10"
    page.js("weft.state.select('n3')")
    page.wait_js("return document.getElementById('properties').textContent.includes('photo')", "the properties of n3")
    shown = page.js(PROPERTIES)
    assert shown["scaling ratio"] == "9.00x"
    assert shown["decoded bytes"] == "1.11 MB (1166400 bytes)"
    # wasted: (540 x 540 - floor(90 x 2) x floor(90 x 2)) x 4 = (291600 - 32400) x 4 = 1036800
    assert shown["wasted bytes"] == "1012.5 KB (1036800 bytes)"
    assert shown["description"] == "<ASLayoutElementStyle: preferredSize = {90pt, 90pt}>"
    # A file cannot be edited: the fields are read-only.
    assert page.js("return document.querySelector('#properties input[data-key=\"width\"]').disabled") is True
    page.screenshot("properties-photo")


def test_ascii_art_of_a_vertical_stack(opened):
    page = opened
    page.js("weft.state.select('n1/0.0'); weft.selectTab('ascii')")
    art = page.wait_js("const p = document.querySelector('#ascii pre'); return p && p.textContent", "the ASCII art")
    # M = 23 ("ASDisplayNode (toolbar)") >= L = 17: no extra padding; rows 1 + 2 + 23 + 2 + 1 = 29;
    # each child centred with ceil/floor of (23 - w) / 2; top: 6 dashes each side.
    assert art.split("\n") == [
        "------ASStackLayoutSpec------",
        "|     ASTextNode (title)    |",
        "|    ASImageNode (photo)    |",
        "|    ASButtonNode (like)    |",
        "|  ASDisplayNode (toolbar)  |",
        "|     ASTableNode (feed)    |",
        "-----------------------------",
    ]
    page.screenshot("ascii")


def test_range_bar_and_item_states(opened):
    page = opened
    page.js("weft.selectTab('ranges')")
    strips = page.wait_js("const c = document.querySelector('canvas.range-bar'); return c && c.dataset.strips", "the range bar")
    # Section 6's worked example at bar width 300 (inner 280): preload 5 screens is the largest;
    # visible 280 / 5 = 56, display 2.5 / 5 x 280 = 140; down: visibleX = (280 - 56) x 0.375 = 84,
    # displayX = 84 - (140 - 56) / 3 = 56; plus the 10-pt inset.
    assert strips == '[["preload",10,280],["display",66,140],["visible",94,56]]'
    assert page.js("return document.querySelector('canvas.state-map').dataset.states") == "15,15,15,15,7"
    assert page.js("return document.querySelector('.range-mode').textContent") == "full"
    # The document leaves the tuning out (Texture's): the table shows Texture's full mode,
    # display (1, 0.5) and preload (2.5, 1.5), as the bar above drew it.
    full = page.js("return [...document.querySelectorAll('tr[data-mode=\"full\"] input')].map((i) => i.value)")
    assert full == ["1", "0.5", "2.5", "1.5"]
    page.screenshot("ranges")


def test_range_bar_glides_to_wider_strips_in_a_frame_that_started_before_the_change(gateway, page, tmp_path):
    """A frame's time (requestAnimationFrame's argument) is when the frame began, which may be
    before the bar started gliding: the glide read that as a negative time, pushed a narrow strip
    (preload 50 screens each way: visible 280 / 101) past its start to a negative width, and the
    canvas threw (arcTo with a negative radius), leaving the bar half drawn. Here each frame
    began 16 ms before its callbacks run: as a frame that began while a task (here, opening the
    file) started the glide."""
    page.open(gateway.page_url())
    narrow = screens.before()
    tuning = {mode: {"display": [0, 0], "preload": [0, 0]} for mode in ("minimum", "visibleOnly", "lowMemory")}
    narrow["rangeControllers"][0]["tuning"] = {**tuning, "full": {"display": [1, 1], "preload": [50, 50]}}
    wide = screens.before()
    del wide["rangeControllers"][0]["scrollDirection"]  # no direction: no range reaches past the visible one
    page.open_file(page.write_json(tmp_path, "narrow.json", narrow))
    page.wait_js("return weft.state.source && weft.state.source.name === 'narrow.json'", "the narrow file")
    page.js("weft.selectTab('ranges')")
    assert page.wait_js("const c = document.querySelector('canvas.range-bar'); return c && c.dataset.strips", "the range bar") \
        == '[["preload",10,280],["display",145.84,8.32],["visible",148.61,2.77]]'
    page.js("window.requestAnimationFrame = (draw) => setTimeout(() => draw(performance.now() - 16), 0)")
    page.driver.get_log("browser")
    page.open_file(page.write_json(tmp_path, "wide.json", wide))
    page.wait_js("return weft.state.source && weft.state.source.name === 'wide.json'", "the wide file")
    page.js("return new Promise((done) => setTimeout(done, 500))")  # the glide's 0.3 s
    assert page.js("return document.querySelector('canvas.range-bar').dataset.strips") \
        == '[["preload",10,280],["display",10,280],["visible",10,280]]'
    assert page.severe_console_errors() == []


def test_slop_and_scaling_overlays(opened):
    page = opened
    page.js("weft.state.hover(null); weft.state.select(null)")
    page.driver.find_element("id", "overlay-slop").click()
    page.driver.find_element("id", "overlay-scaling").click()
    page.frames()
    # share: clipped top/left/bottom -> orange strips, right edge and centre -> green fill.
    assert close(page.js(PIXEL_AT, 55, 191), CLIPPED), "top strip"
    assert close(page.js(PIXEL_AT, 21, 210), CLIPPED), "left strip"
    assert close(page.js(PIXEL_AT, 55, 229), CLIPPED), "bottom strip"
    assert close(page.js(PIXEL_AT, 89, 210), FILL), "right edge is not restricted"
    assert close(page.js(PIXEL_AT, 55, 210), FILL), "centre"
    # like: unrestricted, one green area.
    assert close(page.js(PIXEL_AT, 15, 155), FILL)
    # The photo's "9.00x" label in red at its bottom-right corner (110, 150).
    red = page.js("""
      const view = weft.screenView.view, canvas = document.getElementById('screen-overlay');
      const ratio = canvas.width / canvas.clientWidth;
      const x = (110 - 40 / view.zoom) * view.zoom + view.x, y = (150 - 16 / view.zoom) * view.zoom + view.y;
      const data = canvas.getContext('2d').getImageData(Math.floor(x * ratio), Math.floor(y * ratio), Math.ceil(40 * ratio), Math.ceil(16 * ratio)).data;
      let n = 0; for (let i = 0; i < data.length; i += 4) if (data[i] > 170 && data[i + 1] < 90 && data[i + 2] < 80 && data[i + 3] > 200) n++;
      return n;""")
    assert red > 20, f"only {red} red pixels of the scaling label"
    page.screenshot("overlays-slop-scaling")


def test_hover_links_both_ways_and_click_selects_the_deepest(opened):
    page = opened
    screen = page.driver.find_element("id", "screen-overlay")
    width, height = screen.size["width"], screen.size["height"]

    def move_to(wx, wy):
        x, y = page.js("const v = weft.screenView.view; return [arguments[0] * v.zoom + v.x, arguments[1] * v.zoom + v.y]", wx, wy)
        ActionChains(page.driver).move_to_element_with_offset(screen, int(x - width / 2), int(y - height / 2)).perform()

    # like (n4) is at (20, 160), 80 x 20: its centre is (60, 170).
    move_to(60, 170)
    page.wait_js("return weft.state.hoveredId === 'n4'", "hover of n4 from the screen")
    page.frames()
    assert page.js("return document.querySelector('.tree-row[data-id=\"n4\"]').classList.contains('hovered')")
    # share (n6) inside toolbar (n5): a click at its centre (50, 210) selects n6, the deepest,
    # and reveals its row (toolbar was collapsed).
    move_to(50, 210)
    ActionChains(page.driver).click().perform()
    page.wait_js("return weft.state.selectedId === 'n6'", "the click to select the deepest element")
    page.frames()
    assert page.js("return document.querySelector('.tree-row[data-id=\"n6\"]').getAttribute('aria-selected')") == "true"
    page.screenshot("hover-select-share")
    # Hovering a tree row highlights the element on the screen (the state the overlay paints).
    row = page.driver.find_element("css selector", '.tree-row[data-id="n2"]')
    ActionChains(page.driver).move_to_element(row).perform()
    page.wait_js("return weft.state.hoveredId === 'n2'", "hover of n2 from the tree")


def test_zoom_buttons(opened):
    page = opened
    before = page.js("return weft.screenView.view.zoom")
    page.driver.find_element("id", "zoom-in").click()
    assert abs(page.js("return weft.screenView.view.zoom") - before * 1.25) < 1e-9
    assert page.js("return document.getElementById('zoom-level').textContent") == f"{round(before * 125)}%"
    page.driver.find_element("id", "zoom-fit").click()
    assert abs(page.js("return weft.screenView.view.zoom") - before) < 1e-9


def open_diff_files(gateway, page, tmp_path):
    """The Diff tab with before.json and after.json (screens.py) opened in it."""
    before = page.write_json(tmp_path, "before.json", screens.before())
    after = page.write_json(tmp_path, "after.json", screens.after())
    page.open(gateway.page_url())
    page.js("weft.selectTab('diff')")
    page.open_file(f"{before}\n{after}", input_id="diff-files")
    page.wait_js("return document.querySelectorAll('#diff-after option').length === 2", "both files listed")


def test_semantic_diff_of_two_files(gateway, page, tmp_path):
    open_diff_files(gateway, page, tmp_path)
    assert page.js("return [document.getElementById('diff-before').value, document.getElementById('diff-after').value]") == ["before.json", "after.json"]
    page.driver.find_element("id", "diff-run").click()
    summary = page.wait_js("const s = document.getElementById('diff-summary'); return s && s.textContent", "the diff summary")
    assert summary == "1 added, 2 moved, 2 resized, 2 style, 2 nodeProperty, 1 rangeController"
    titles = page.js("return [...document.querySelectorAll('#diff-table tr.diff-row')].map(r => r.title)")
    assert titles == screens.EXPECTED_DIFF
    # The after side is shown with its changed elements highlighted in the tree and on the screen.
    assert page.pill() == ["file", "File · after.json"]
    changed = page.js("return [...weft.state.diff.changedIds].sort()")
    assert changed == sorted(["n104", "n105", "n103", "n107", "n200", "n102"])
    page.frames()
    highlighted = page.js("return [...document.querySelectorAll('.tree-row.changed')].map(r => r.dataset.id).sort()")
    assert highlighted == sorted(["n102", "n103", "n104", "n105", "n107"]), "cell 5 is inside a collapsed row"
    before_after = page.js("const r = document.querySelector('#diff-table tr.diff-row[data-kind=\"moved\"]');"
                           "return [r.querySelector('.before').textContent, r.querySelector('.after').textContent]")
    assert before_after == ["0,140 80×20", "0,150 80×20"]
    page.screenshot("diff-after")
    page.driver.find_element("id", "diff-show-side").click()
    assert page.pill() == ["file", "File · before.json"]
    assert page.js("return [...weft.state.diff.changedIds].sort()") == sorted(["n4", "n5", "n3", "n7", "n2"])
    page.js("document.querySelector('#diff-table tr.diff-row[data-kind=\"nodeProperty\"]').click()")
    assert page.js("return weft.state.selectedId") == "n2"
    page.screenshot("diff-before")


def test_diff_ignore_field(gateway, page, tmp_path):
    """The ignore field (weft diff --ignore's names) is prefilled with the default list, changes
    what is listed, and refuses an unknown name with the CLI's message instead of a diff."""
    open_diff_files(gateway, page, tmp_path)
    assert page.js("return document.getElementById('diff-ignore').value") == "meta, revision"
    page.driver.find_element("id", "diff-run").click()
    page.wait_js("return document.getElementById('diff-summary')", "the diff summary")
    assert page.js(DIFF_TITLES) == screens.EXPECTED_DIFF
    assert page.js("return weft.diffPanel.result.options") == {"tolerance": 0, "ignore": ["meta", "revision"], "interfaceState": False}

    # `frame` leaves out the four frame changes (the photo resized, the like button and the
    # toolbar moved, the feed resized); the rest is listed as before.
    run_diff_ignoring(page, "meta, revision, frame")
    page.wait_js("return !document.getElementById('diff-summary').textContent.includes('moved')", "the diff without frames")
    assert page.js("return document.getElementById('diff-summary').textContent") == "1 added, 2 style, 2 nodeProperty, 1 rangeController"
    assert page.js(DIFF_TITLES) == [line for line in screens.EXPECTED_DIFF if ": frame " not in line]
    assert page.js("return weft.diffPanel.result.options.ignore") == ["meta", "revision", "frame"]
    # The highlights follow: the like button, the toolbar and the feed changed only their frames
    # (the feed's range-controller change carries the controller's id), so only the title, the
    # photo and the added cell stay marked.
    assert page.js("return [...weft.state.diff.changedIds].sort()") == sorted(["n102", "n103", "n200"])

    # A misspelt name: the CLI's message (fixtures/semantic-diff/names: "fram" is one edit from
    # "frame") with the name marked and the valid names listed, no table, no highlights left
    # from the previous run, the field marked invalid.
    run_diff_ignoring(page, "meta, fram")
    error = page.wait_js(IGNORE_ERROR, "the ignore error")
    assert error == {"head": 'ignore: unknown field or kind "fram" (did you mean "frame"?); valid names:',
                     "refused": ['"fram"'], "listing": IGNORE_LISTING, "invalid": True}
    assert page.js("return [document.getElementById('diff-table'), weft.state.diff, weft.diffPanel.result]") == [None, None, None]
    page.screenshot("diff-ignore-error")

    # An empty field ignores nothing: the revision and meta changes come back, last.
    run_diff_ignoring(page, "")
    page.wait_js("return document.getElementById('diff-summary')", "the diff summary")
    assert page.js(DIFF_TITLES) == screens.EXPECTED_DIFF + ["~ revision 4 -> 9", "~ meta.pid 1 -> 2"]
    assert page.js("return document.getElementById('diff-summary').textContent").endswith("1 rangeController, 2 document")

    assert page.js("return document.getElementById('diff-ignore').hasAttribute('aria-invalid')") is False

    run_diff_ignoring(page, "meta, revision, frame")
    page.wait_js("return !document.getElementById('diff-summary').textContent.includes('document')", "the diff without frames")
    page.screenshot("diff-ignore-frame")


# The ignore error's layout, measured in the page: the side panel's width; how far the error's
# content overflows it; the chips whose name broke over two lines or that stick out of the error;
# the chips that start a wrapped row anywhere but at their list's left edge (a clean wrap keeps
# the indent); and how many rows the kinds list takes.
IGNORE_ERROR_LAYOUT = """
const box = (element) => element.getBoundingClientRect();
const error = document.getElementById('diff-error');
const lists = [...error.querySelectorAll('ul.name-chips')];
const chips = lists.flatMap((list) => [...list.children]);
const oneLine = Math.min(...chips.map((chip) => box(chip).height));
const rowStarts = (list) => [...list.children].filter((chip, i, all) => i === 0 || box(chip).top > box(all[i - 1]).top + 1);
return {
  panelWidth: box(document.getElementById('diff')).width,
  overflow: Math.max(error.scrollWidth - error.clientWidth, document.getElementById('diff').scrollWidth - document.getElementById('diff').clientWidth),
  broken: chips.filter((chip) => chip.getClientRects().length !== 1 || box(chip).height > oneLine + 0.5).map((chip) => chip.textContent),
  outside: chips.filter((chip) => box(chip).right > box(error).right + 0.5).map((chip) => chip.textContent),
  misaligned: lists.flatMap((list) => rowStarts(list).filter((chip) => Math.abs(box(chip).left - box(list).left) > 0.5)).map((chip) => chip.textContent),
  kindRows: rowStarts(lists[0]).length,
};"""


# The labels of the side panel's tabs that are not wholly inside the tab bar's visible box.
HIDDEN_TABS = """
const bar = document.querySelector('.tabs').getBoundingClientRect();
return [...document.querySelectorAll('.tabs button')].filter(tab => {
  const box = tab.getBoundingClientRect();
  return box.left < bar.left - 0.5 || box.right > bar.right + 0.5 || box.top < bar.top - 0.5
    || box.bottom > bar.bottom + 0.5 || tab.scrollWidth > tab.clientWidth;
}).map(tab => tab.textContent.trim());
"""


def test_diff_ignore_error_reads_at_the_default_and_a_narrow_width(gateway, page, tmp_path):
    """The unknown-name error in the side panel at its default width (30% of the 1400-pixel
    window, 420 px) and at its narrowest (its 320-px minimum, in a 1000-pixel window): every valid
    name is one whole chip inside the panel, wrapped rows start at their list's edge, and nothing
    scrolls sideways. Two names are refused, sorted: "fram" (did you mean "frame") and "zzz" (no
    name is within two edits of it)."""
    open_diff_files(gateway, page, tmp_path)
    try:
        for name, window_width, panel_width in (("default", 1400, 420), ("narrow", 1000, 320)):
            page.driver.set_window_size(window_width, 900)
            run_diff_ignoring(page, "zzz, meta, fram")
            error = page.wait_js(IGNORE_ERROR, "the ignore error")
            assert error["head"] == 'ignore: unknown fields or kinds "fram" (did you mean "frame"?), "zzz"; valid names:'
            assert error["refused"] == ['"fram"', '"zzz"']
            page.frames()
            layout = page.js(IGNORE_ERROR_LAYOUT)
            assert abs(layout["panelWidth"] - panel_width) <= 1, layout
            assert (layout["overflow"], layout["broken"], layout["outside"], layout["misaligned"]) == (0, [], [], []), layout
            # 12 kinds in monospace chips need more than the narrow panel's 300 px of content.
            assert layout["kindRows"] >= 2, layout
            # Every tab of the side panel shows whole, its label unclipped (the tab bar wraps
            # rather than scrolling a tab out of sight at the narrow width).
            assert page.js(HIDDEN_TABS) == [], name
            page.screenshot(f"diff-ignore-error-{name}")
    finally:
        page.driver.set_window_size(1400, 900)


@pytest.mark.parametrize("name", ["feed.json", "profile-card.json", "minimal.json"])
def test_shared_fixture_snapshots_open(gateway, page, name):
    """The hand-written documents of fixtures/snapshots (shared with the Swift tests) open."""
    from harness import REPO_ROOT
    import json
    document = json.loads((REPO_ROOT / "fixtures" / "snapshots" / name).read_text())
    count = 0
    stack = list(document["roots"])
    while stack:
        element = stack.pop()
        count += 1
        stack.extend(element.get("children", []))
    page.open(gateway.page_url())
    page.open_file(str(REPO_ROOT / "fixtures" / "snapshots" / name))
    page.wait_js(f"return weft.state.model && weft.state.model.size === {count}", f"{name}'s {count} elements")
    assert page.pill() == ["file", f"File · {name}"]
    page.driver.find_element("id", "overlay-slop").click()
    page.driver.find_element("id", "overlay-scaling").click()
    page.frames()
    page.screenshot(f"fixture-{name}")
    assert page.js("return document.getElementById('banner').hidden") is True


def test_hand_made_screens_match_the_snapshot_schema():
    """screens.py writes valid documents (docs/snapshot.schema.json), so these tests cannot drift
    from the format the program writes."""
    import json
    import jsonschema
    from harness import REPO_ROOT
    schema = json.loads((REPO_ROOT / "docs" / "snapshot.schema.json").read_text())
    jsonschema.validate(screens.before(), schema)
    jsonschema.validate(screens.after(), schema)


def test_download_writes_the_document_on_show(opened):
    """Download saves what the views show as a snapshot file; it reads back as the same document."""
    import json
    from harness import DOWNLOADS, wait_until
    target = DOWNLOADS / "before.json"
    target.unlink(missing_ok=True)
    opened.driver.find_element("id", "download-snapshot").click()
    wait_until(lambda: target.is_file() and target.stat().st_size > 0, 10, what="the downloaded file")
    downloaded = json.loads(wait_until(lambda: target.read_text() if target.read_text().endswith("}") else None, 10, what="the whole file"))
    expected = screens.before()
    assert downloaded["format"] == "weft.snapshot" and downloaded["version"] == 1
    assert downloaded["roots"] == expected["roots"]
    assert downloaded["rangeControllers"] == expected["rangeControllers"]
    assert downloaded["revision"] == expected["revision"]
