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
