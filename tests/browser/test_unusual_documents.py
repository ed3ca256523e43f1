"""Snapshot files no well-behaved program writes, opened in the page through the real gateway:
text that looks like HTML, colours the canvas cannot read, trees tens of thousands of levels deep.
Every expectation is derived here by hand."""
import pytest

from harness import DOWNLOADS, wait_until
from scripted_device import document, element

# The scene canvas's pixel at a point of the screen (world coordinates).
SCENE_PIXEL_AT = """
const [wx, wy] = arguments;
const view = weft.screenView.view;
const canvas = document.getElementById('screen-scene');
const ratio = canvas.width / canvas.clientWidth;
const x = Math.floor((wx * view.zoom + view.x) * ratio), y = Math.floor((wy * view.zoom + view.y) * ratio);
return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data);
"""


def open_document(gateway, page, tmp_path, value, size):
    page.open(gateway.page_url())
    page.open_file(page.write_json(tmp_path, "unusual.json", value))
    page.wait_js("return weft.state.model && weft.state.model.size === arguments[0]", "the file's elements", size)
    page.js("weft.state.select(null); weft.state.hover(null)")
    page.frames()


def test_an_unreadable_background_colour_paints_nothing(gateway, page, tmp_path):
    """Three boxes on a white 320 x 480 screen: red (#ff0000), then "bogus", then "#zzzzzz" (not
    colours). Only the red one is filled; inside the others (away from their 1 px outline) the
    white screen shows, not the red painted just before them."""
    value = document([element("n1", [0, 0, 320, 480], [
        element("n2", [10, 10, 100, 40], props={"backgroundColor": "#ff0000"}),
        element("n3", [10, 60, 100, 40], props={"backgroundColor": "bogus"}),
        element("n4", [10, 110, 100, 40], props={"backgroundColor": "#zzzzzz"}),
    ])])
    open_document(gateway, page, tmp_path, value, 4)
    assert page.js(SCENE_PIXEL_AT, 60, 30) == [255, 0, 0, 255]
    assert page.js(SCENE_PIXEL_AT, 60, 80) == [255, 255, 255, 255]
    assert page.js(SCENE_PIXEL_AT, 60, 130) == [255, 255, 255, 255]
    page.screenshot("unreadable-colours")


def test_text_from_the_program_is_shown_as_text_never_as_html(gateway, page, tmp_path):
    """Class names, debugNames, texts and a range controller's data source that look like HTML
    are shown literally in the tree, the properties, the ASCII art, the ranges and the tooltip:
    no element is created from them and none of their scripts runs."""
    evil = '<img id="evil-img" src=x onerror="window.pwned=1"><script id="evil-script">window.pwned=2</script><b id="evil-b">bold</b>'
    value = document([element("n1", [0, 0, 320, 480], [
        element("n2", [10, 10, 300, 40], className=evil, debugName=evil, props={"text": evil}),
    ])], controllers=[{
        "id": "r1", "owner": "n1", "dataSource": evil, "orientation": "vertical", "scrollDirection": ["down"], "mode": "full",
        "viewport": [0, 0, 320, 480], "contentSize": [320, 480], "contentOffset": [0, 0], "itemCount": 1,
        "visible": [[0, 0]], "display": [[0, 0]], "preload": [[0, 0]], "itemStates": [[0, 0, 15]]}])
    open_document(gateway, page, tmp_path, value, 2)
    page.js("weft.state.select('n2')")
    for tab in ("ascii", "ranges", "properties"):
        page.js("weft.selectTab(arguments[0])", tab)
        page.frames()
    page.js("weft.selectTab('ascii')")
    page.frames()
    shown = page.js("""return {
        row: document.querySelector('.tree-row[data-id="n2"] .class').textContent,
        debug: document.querySelector('.tree-row[data-id="n2"] .debug').textContent,
        ascii: document.querySelector('#ascii pre').textContent,
        made: [...document.querySelectorAll("#evil-img, #evil-script, #evil-b")].map(e => e.outerHTML.slice(0, 80)),
        pwned: window.pwned === undefined ? null : window.pwned};""")
    assert shown["row"] == evil and shown["debug"] == f"({evil})"
    assert evil in shown["ascii"]
    assert shown["made"] == [] and shown["pwned"] is None
    page.js("weft.selectTab('ranges')")
    page.frames()
    assert evil in page.js("return document.querySelector('#ranges h3').textContent")
    page.screenshot("html-looking-text")


def test_a_file_with_a_repeated_id_gets_a_clear_message(gateway, page, tmp_path):
    """Two elements with the id n2: the page, which finds elements by id, refuses the file and
    says why, as for any bad file, and keeps showing nothing (before: no message, and the screen
    overran the boxes it had sized by the ids)."""
    value = document([element("n1", [0, 0, 320, 480], [element("n2", [0, 0, 10, 10]), element("n2", [0, 20, 10, 10])])])
    page.open(gateway.page_url())
    page.driver.get_log("browser")  # the log is the browser's: earlier tests' entries are read off first
    page.open_file(page.write_json(tmp_path, "twice.json", value))
    banner = page.wait_js("const b = document.getElementById('banner'); return !b.hidden && b.textContent", "the error banner")
    assert banner == "Could not open twice.json: element id n2 appears twice"
    assert page.js("return weft.state.model") is None
    assert page.severe_console_errors() == []


# The overlay canvas's pixel at a point of the screen (world coordinates).
OVERLAY_PIXEL_AT = SCENE_PIXEL_AT.replace("screen-scene", "screen-overlay")


def deep_document_text(depth, kind):
    """A snapshot whose one root nests `depth` elements, each the only child of the one before:
    the root n0 (visible, interface state 15) and the innermost n(depth - 1) are nodes, the ones
    between of `kind` ("node", or "spec": wrapper specs, which pass the root's state through to
    the innermost node). n0 ... n(depth - 2) are all 320 x 480 at 0, 0, and the innermost a
    50 x 50 box at 100, 200 (in root coordinates too, since every origin above it is 0). Written
    as text: Python's json module recurses too, and stops at about 1 000 levels."""
    node = '"kind": "node", "type": "node", "className": "ASDisplayNode"'
    between = node if kind == "node" else '"kind": "spec", "type": "wrapper"'
    root = node + ', "interfaceState": 15'  # visible: passed down to the innermost node
    opening = "".join(f'{{"id": "n{i}", {between if i else root}, "frame": [0, 0, 320, 480], "children": [' for i in range(depth - 1))
    innermost = f'{{"id": "n{depth - 1}", {node}, "frame": [100, 200, 50, 50]}}'
    return ('{"format": "weft.snapshot", "version": 1, "revision": 1, "meta": {"appId": "org.weft.Deep", "pid": 1}, "roots": ['
            + opening + innermost + "]}" * (depth - 1) + "]}")


DEPTH = 30000


@pytest.mark.parametrize("kind", ["node", "spec"])
def test_a_file_30000_levels_deep_opens_and_downloads(gateway, page, tmp_path, kind):
    """A tree 30 000 levels deep (past where a recursive copy overflows the stack, about 1 500, or
    a recursive walk through the specs under a node, some thousands) opens: its 30 000 elements
    are shown, selecting the innermost element reveals its tree row (at level 30 000), and the
    overlay paints the selection over its box (100, 200, 50 x 50) and nowhere else. Before, opening
    it threw "Maximum call stack size exceeded" and showed nothing; then Download did (it wrote
    with JSON.stringify, which recurses)."""
    path = tmp_path / "deep.json"
    path.write_text(deep_document_text(DEPTH, kind))
    page.open(gateway.page_url())
    page.driver.get_log("browser")  # the log is the browser's: earlier tests' entries are read off first
    page.open_file(str(path))
    page.wait_js("return weft.state.model && weft.state.model.size === arguments[0]", "the file's elements", DEPTH)
    innermost = f"n{DEPTH - 1}"
    page.js("weft.state.hover(null); weft.state.select(arguments[0])", innermost)
    row = page.wait_js("const r = document.querySelector(`.tree-row[data-id=\"${arguments[0]}\"]`); return r && r.getAttribute('aria-level')",
                       "the innermost element's row", innermost)
    assert row == str(DEPTH)
    page.js("weft.screenView.fit()")
    page.frames()
    selected = page.js(OVERLAY_PIXEL_AT, 125, 225)
    assert selected[3] > 0, selected
    assert page.js(OVERLAY_PIXEL_AT, 50, 50) == [0, 0, 0, 0]
    assert page.js("return weft.state.model.get(arguments[0]).interfaceState", innermost) == 15
    assert page.severe_console_errors() == []
    page.screenshot(f"deep-file-{kind}")
    # Download writes it back, in the compact form: only the root writes its interface state (the
    # nodes under it inherit it) and no spec its class. Read by counting brackets: Python's json
    # module would recurse.
    target = DOWNLOADS / "deep.json"
    target.unlink(missing_ok=True)
    page.driver.find_element("id", "download-snapshot").click()
    text = wait_until(lambda: target.is_file() and target.read_text().endswith("}") and target.read_text(), 10, what="the downloaded file")
    assert nesting(text) == 2 * DEPTH + 2  # per element its object and its children's list; the document and its roots
    assert text.count('"id":') == DEPTH and text.count('"interfaceState"') == 1 and "ASWrapperLayoutSpec" not in text
    assert page.severe_console_errors() == []


def nesting(text):
    """The deepest nesting of brackets in a JSON text (whose strings hold none)."""
    depth = deepest = 0
    for character in text:
        if character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest


def test_files_30000_levels_deep_are_compared(gateway, page, tmp_path):
    """The Diff panel compares two trees 30 000 levels deep whose innermost box grew from 50 to
    60 points wide: one change, `resized`, on the innermost element. Before, the comparison
    walked the trees recursively, overflowed the stack at about 5 000 levels, and Compare showed
    nothing."""
    before = deep_document_text(DEPTH, "node")
    after = before.replace('"frame": [100, 200, 50, 50]', '"frame": [100, 200, 60, 50]')
    (tmp_path / "before.json").write_text(before)
    (tmp_path / "after.json").write_text(after)
    page.open(gateway.page_url())
    page.driver.get_log("browser")  # the log is the browser's: earlier tests' entries are read off first
    page.js("weft.selectTab('diff')")
    page.open_file(f"{tmp_path / 'before.json'}\n{tmp_path / 'after.json'}", input_id="diff-files")
    page.wait_js("return document.querySelectorAll('#diff-after option').length === 2", "both files listed")
    page.driver.find_element("id", "diff-run").click()
    summary = page.wait_js("const s = document.getElementById('diff-summary'); return s && s.textContent", "the diff summary")
    assert summary == "1 resized"
    assert page.js("return [...document.querySelectorAll('#diff-table tr.diff-row')].map(r => r.dataset.id)") == [f"n{DEPTH - 1}"]
    assert page.js("return [...weft.state.diff.changedIds]") == [f"n{DEPTH - 1}"]
    assert page.severe_console_errors() == []
    page.screenshot("deep-files-diff")


def test_the_ascii_art_of_specs_30000_levels_deep(gateway, page, tmp_path):
    """The ASCII panel on the file of 29 998 wrapper specs between n0 and the innermost node
    n29999 (ASDisplayNode, 13 characters). The art of spec n29997 (the innermost spec's parent):
    the innermost box's row, "|  ASDisplayNode  |", is 19 wide, as wide as its name
    ASWrapperLayoutSpec, so its top border has no dashes (Texture's quirk); the box around it is
    6 wider. n0's own art is its name; its layout spec's art would be 59 997 lines (2 x 29 998
    + 1) of 180 001 characters (19 + 6 x 29 997): the panel says so in its place. Before, the
    drawing recursed, overflowed the stack, and the panel showed nothing new."""
    path = tmp_path / "deep.json"
    path.write_text(deep_document_text(DEPTH, "spec"))
    page.open(gateway.page_url())
    page.driver.get_log("browser")  # the log is the browser's: earlier tests' entries are read off first
    page.open_file(str(path))
    page.wait_js("return weft.state.model && weft.state.model.size === arguments[0]", "the file's elements", DEPTH)
    page.js("weft.selectTab('ascii')")
    shown = "return [...document.querySelectorAll('#ascii pre, #ascii .error-text')].map(e => [e.getAttribute('aria-label'), e.textContent])"
    page.js("weft.state.select(arguments[0])", f"n{DEPTH - 3}")
    assert page.js(shown) == [["ASCII art", "\n".join([
        "---ASWrapperLayoutSpec---",
        "|  ASWrapperLayoutSpec  |",
        "|  |  ASDisplayNode  |  |",
        "|  -------------------  |",
        "-------------------------"])]]
    page.js("weft.state.select('n0')")
    assert page.js(shown) == [["ASCII art", "ASDisplayNode"],
                              ["Layout spec ASCII art", "The ASCII art would be 59997 lines of 180001 characters: too large to draw"]]
    assert page.severe_console_errors() == []
    page.screenshot("deep-specs-ascii")


# The selected row's label (its twisty and class name) against the tree's visible area (its
# client width and height, without the scrollbars): the label's edges from the view's top-left
# corner, in CSS px, and the tree's horizontal scroll.
SELECTED_LABEL = """const tree = document.getElementById('tree'), row = tree.querySelector('.tree-row[aria-selected="true"]');
const view = tree.getBoundingClientRect(), left = row.querySelector('.twisty').getBoundingClientRect().left;
const right = row.querySelector('.class').getBoundingClientRect().right, box = row.getBoundingClientRect();
return {left: left - view.left, right: right - view.left, top: box.top - view.top, bottom: box.bottom - view.top,
        width: tree.clientWidth, height: tree.clientHeight, scrollLeft: tree.scrollLeft};"""


def label_in_view(label):
    return 0 <= label["left"] and label["right"] <= label["width"] and 0 <= label["top"] and label["bottom"] <= label["height"]


def test_the_tree_scrolls_sideways_to_a_deep_selected_row(gateway, page, tmp_path):
    """A chain 500 levels deep: row k is indented 4 + 14k px, so the innermost row's label starts
    about 7 000 px from the left, far past the tree's width (about 390 px). Selecting it scrolls
    the tree sideways until its label is in view, and the row (the last) stays above the
    horizontal scrollbar its width brings; selecting the root scrolls back. A shallow row whose
    label is in view already does not move the tree sideways, even scrolled a little. Before, the
    tree only scrolled up and down: the innermost row was shown out of view."""
    depth = 500
    path = tmp_path / "deep.json"
    path.write_text(deep_document_text(depth, "node"))
    page.open(gateway.page_url())
    page.open_file(str(path))
    page.wait_js("return weft.state.model && weft.state.model.size === arguments[0]", "the file's elements", depth)
    page.js("weft.state.select(arguments[0])", f"n{depth - 1}")
    page.frames()
    deep = page.js(SELECTED_LABEL)
    assert label_in_view(deep) and deep["scrollLeft"] > 6000, deep
    page.screenshot("deep-row-in-view")
    page.js("weft.state.select('n0')")
    page.frames()
    root = page.js(SELECTED_LABEL)
    assert label_in_view(root) and root["scrollLeft"] == 0, root
    page.js("weft.state.select('n2')")
    page.frames()
    assert page.js(SELECTED_LABEL)["scrollLeft"] == 0
    page.js("document.getElementById('tree').scrollLeft = 40; weft.state.select('n4')")
    page.frames()
    shallow = page.js(SELECTED_LABEL)
    assert label_in_view(shallow) and shallow["scrollLeft"] == 40, shallow
