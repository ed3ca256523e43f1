"""Snapshot files no well-behaved program writes, opened in the page through the real gateway:
text that looks like HTML, colours the canvas cannot read. Every expectation is derived here by
hand."""
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
