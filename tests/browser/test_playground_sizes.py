"""The Playground's drawing of layouts of unusual sizes, laid out by a real program
(weft-example) through the real gateway."""
import json

from harness import HostProgram, host_program
from test_live import attach

# Alpha of the playground canvas's pixels in its top-left 50 x 50 px: how many are painted.
PAINTED_TOP_LEFT = """const c = document.querySelector('#playground-output canvas');
const d = c.getContext('2d').getImageData(0, 0, 50, 50).data;
let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++;
return [c.height, n];"""


def test_a_tall_layout_is_drawn(gateway, page):
    """A vertical stack 100 pt wide: a 40-pt box, a box 100 000 pt tall, a 40-pt box (100 080 pt
    in all). Drawn at the width's scale (2) the canvas would be 200 162 px tall, past what a
    browser draws (it then paints nothing). The scale keeps it at most 8 192 px tall:
    8192 / 100080 = 0.0819, so the canvas is ceil(100080 x 0.0819) + 2 = 8194 px, and the first
    box's outline (0, 0, 100, 40 pt -> about 8 x 3 px) is painted in the top-left corner."""
    with HostProgram(host_program("weft-example"), gateway) as app:
        app.call("Runtime.pause")
        attach(page, gateway, app)
        page.js("weft.selectTab('playground')")
        doc = {"sizeRange": {"min": [0, 0], "max": [100, "inf"]}, "root": {"type": "stack", "direction": "vertical", "children": [
            {"type": "box", "id": "top", "intrinsicSize": [100, 40]}, {"type": "box", "id": "tall", "style": {"height": 100000}},
            {"type": "box", "id": "end", "intrinsicSize": [100, 40]}]}}
        page.js("document.getElementById('playground-source').value = arguments[0]; document.getElementById('playground-run').click()",
                json.dumps(doc))
        page.wait_js("return document.querySelector('#playground-output canvas')", "the drawing")
        height, painted = page.js(PAINTED_TOP_LEFT)
        assert height == 8194
        assert painted > 0
        page.screenshot("playground-tall")


# How many pixels of the playground canvas's row `arguments[0]` are painted, and its size.
PAINTED_ROW = """const c = document.querySelector('#playground-output canvas');
const d = c.getContext('2d').getImageData(0, arguments[0], c.width, 1).data;
let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++;
return [c.width, c.height, n];"""


def test_an_unbounded_layout_reported_as_zero_by_zero_is_drawn(gateway, page):
    """An inset with an infinite right inset in an unbounded range ("max": ["inf", "inf"]) around a
    40 x 20 box: the inset's size, 40 + inf, is invalid, so the program reports it (and the
    layout's size) as 0 x 0, as Texture's ASLayout does, while the box keeps its 40 x 20. The
    drawing holds the box: at scale 2 the canvas is 40 x 2 + 2 = 82 by 20 x 2 + 2 = 42 px, and the
    box's bottom edge (y 20 pt: row 1 + 40 = 41, half a pixel on each side) is painted across it.
    Before, the canvas was sized by the 0 x 0 and was 2 x 2 px: nothing to see."""
    with HostProgram(host_program("weft-example"), gateway) as app:
        app.call("Runtime.pause")
        attach(page, gateway, app)
        page.js("weft.selectTab('playground')")
        doc = {"sizeRange": {"min": [0, 0], "max": ["inf", "inf"]},
               "root": {"type": "inset", "insets": [0, 0, 0, "inf"], "child": {"type": "box", "id": "a", "intrinsicSize": [40, 20]}}}
        page.js("document.getElementById('playground-source').value = arguments[0]; document.getElementById('playground-run').click()",
                json.dumps(doc))
        page.wait_js("return document.querySelector('#playground-output canvas')", "the drawing")
        assert page.js("return document.querySelector('#playground-output .muted').textContent") == "size 0 × 0"
        width, height, painted = page.js(PAINTED_ROW, 40)
        assert [width, height] == [82, 42]
        assert painted >= 80
        page.screenshot("playground-unbounded")


def test_ascii_art_too_long_to_draw_is_left_out_with_the_programs_note(gateway, page):
    """A row of one column of 1 000 boxes beside 1 000 boxes: Texture's art pads every box to the
    column's height, 1 004 lines of 15 033 characters, past what Layout.evaluate draws. The
    program leaves the art out and says why; the page shows that note instead of the art, and
    the drawing as usual."""
    with HostProgram(host_program("weft-example"), gateway) as app:
        app.call("Runtime.pause")
        attach(page, gateway, app)
        page.js("weft.selectTab('playground')")
        box = {"type": "box", "intrinsicSize": [10, 10]}
        column = {"type": "stack", "direction": "vertical", "children": [box] * 1000}
        doc = {"root": {"type": "stack", "children": [column] + [box] * 1000}}
        page.js("document.getElementById('playground-source').value = arguments[0]; document.getElementById('playground-run').click()",
                json.dumps(doc))
        note = page.wait_js("return document.getElementById('playground-ascii-omitted')?.textContent", "the note")
        assert note.startswith("No ASCII art: the ASCII art would be 1004 lines of 15033 characters")
        assert page.js("return document.getElementById('playground-ascii')") is None
        assert page.js("return !!document.querySelector('#playground-output canvas')")
