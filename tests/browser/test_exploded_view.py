"""The 3D exploded view against the real gateway and TextureGram: layers by depth in perspective,
turned by dragging and the arrow keys, zoomed by the wheel and +/-, spacing adjustable, a click
where the projection draws an element selects it (tree and breadcrumbs follow), Alt measures
between the selected and hovered elements with measure.js's numbers, labels, the overlays."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.keys import Keys

from harness import HostProgram, host_program
from test_live import attach

# Pixels of the 3D canvas that differ from its background: how much is drawn.
DRAWN = """const c = document.getElementById('screen-3d'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0) n++; return n;"""
# Pixels of the measuring red (#d93025) drawn opaque on the 3D canvas.
RED = """const c = document.getElementById('screen-3d'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] < 80 && d[i + 2] < 70 && d[i + 3] > 200) n++; return n;"""
# The [r, g, b, a] of the 3D canvas at a point (CSS px).
PIXEL = """const c = document.getElementById('screen-3d'), k = c.width / c.clientWidth, [x, y] = arguments[0];
return Array.from(c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data);"""
# A leaf node the user sees whole, its centre on no other element's layer: where a click must
# select it. Chosen from the view's own layers (each element's visible part), biggest first.
TARGET = """const x = weft.exploded, boxes = weft.state.boxes;
const leaves = [...x.entries.values()].filter(({ entry }) => boxes.end[entry.i] === entry.i + 1
  && boxes.elements[entry.i].kind !== 'spec' && !entry.outside && entry.rect[2] > 40 && entry.rect[3] > 30);
leaves.sort((a, b) => b.entry.rect[2] * b.entry.rect[3] - a.entry.rect[2] * a.entry.rect[3]);
return leaves.map(({ entry }) => entry.id);"""


@pytest.fixture
def texturegram(gateway):
    with HostProgram(str(host_program("TextureGram")), gateway) as program:
        program.call("Runtime.pause")
        yield program


def view(page):
    return page.js("const v = weft.exploded.view; return {yaw: v.yaw, pitch: v.pitch, zoom: v.zoom, spacing: v.spacing}")


def click_at(page, canvas, point, alt=False):
    """Moves to a point of the canvas (px from its top-left) and clicks, or with `alt` only hovers holding Alt."""
    size = canvas.size
    chain = ActionChains(page.driver)
    if alt:
        chain.key_down(Keys.ALT)
    chain.move_to_element_with_offset(canvas, point[0] - size["width"] / 2, point[1] - size["height"] / 2)
    if not alt:
        chain.click()
    chain.perform()


def test_exploded_view_turns_zooms_picks_and_measures(gateway, texturegram, page):
    attach(page, gateway, texturegram)
    page.driver.find_element("id", "view-3d").click()
    page.frames()
    assert page.js("return document.getElementById('screen-3d').hidden") is False
    assert page.js("return getComputedStyle(document.getElementById('screen-scene')).visibility") == "hidden"
    assert page.js("return document.getElementById('exploded-controls').hidden") is False
    layers = page.js("return weft.exploded.layers.filter(Boolean).length")
    assert layers >= 6, layers
    # Focusable, with a text alternative that says what is shown.
    canvas = page.driver.find_element("id", "screen-3d")
    assert canvas.get_attribute("tabindex") == "0" and canvas.get_attribute("role") == "img"
    label = canvas.get_attribute("aria-label")
    assert label.startswith("3D exploded view of ") and f"{layers} layers" in label and "perspective" in label, label
    assert page.js(DRAWN) > 10000
    # Layers are named: labels placed, none overlapping another.
    placed = page.js("return weft.exploded.placedLabels.map(l => l.rect)")
    assert len(placed) >= 5, placed
    for n, a in enumerate(placed):
        for b in placed[n + 1:]:
            assert not (a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]), (a, b)
    page.screenshot("exploded")

    # Dragging turns it on both axes.
    before = view(page)
    ActionChains(page.driver).move_to_element(canvas).click_and_hold().move_by_offset(60, 20).release().perform()
    after = view(page)
    assert abs(after["yaw"] - before["yaw"] - 0.6) < 0.05 and abs(after["pitch"] - before["pitch"] - 0.2) < 0.05, (before, after)
    # The arrow keys turn it, + and - zoom, from the focused canvas.
    canvas.send_keys(Keys.ARROW_RIGHT)
    assert page.js("return document.activeElement.id") == "screen-3d"
    turned = view(page)
    assert abs(turned["yaw"] - after["yaw"] - 0.0873) < 0.001 and turned["pitch"] == after["pitch"]
    canvas.send_keys(Keys.ARROW_UP)
    assert abs(view(page)["pitch"] - turned["pitch"] + 0.0873) < 0.001
    canvas.send_keys("+")
    assert abs(view(page)["zoom"] / turned["zoom"] - 1.25) < 1e-6
    canvas.send_keys("-")
    assert abs(view(page)["zoom"] / turned["zoom"] - 1) < 1e-6
    # The wheel zooms in about the pointer.
    ActionChains(page.driver).scroll_from_origin(ScrollOrigin.from_element(canvas), 0, -300).perform()
    page.frames()
    assert view(page)["zoom"] > turned["zoom"] * 1.2
    assert page.js("return document.getElementById('zoom-level').textContent") == f"{round(view(page)['zoom'] * 100)}%"
    # A pinch (a trackpad's: wheel events with Ctrl) zooms in too.
    wheeled = view(page)["zoom"]
    box = page.js("const r = document.getElementById('screen-3d').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
    page.driver.execute_cdp_cmd("Input.synthesizePinchGesture", {"x": box[0], "y": box[1], "scaleFactor": 1.5, "gestureSourceType": "mouse"})
    page.frames()
    assert view(page)["zoom"] > wheeled * 1.2, (wheeled, view(page))
    # Reset (0) turns it back and fits it; spacing 0 puts every layer on one plane.
    canvas.send_keys("0")
    assert view(page)["yaw"] == pytest.approx(-0.4) and view(page)["pitch"] == pytest.approx(0.2) and view(page)["zoom"] < turned["zoom"] * 1.2
    page.js("const s = document.getElementById('layer-spacing'); s.value = '35'; s.dispatchEvent(new Event('input'))")
    assert view(page)["spacing"] == 35
    page.frames()

    # A click where the projection draws a known element selects that element; tree and breadcrumbs follow.
    targets = page.js(TARGET)
    assert len(targets) >= 2, targets
    target, second = targets[0], targets[1]
    point = page.js("return weft.exploded.screenPointOf(arguments[0])", target)
    before_pixel = page.js(PIXEL, point)
    click_at(page, canvas, point)
    assert page.js("return weft.state.selectedId") == target
    assert page.js("return weft.state.model.pathTo(arguments[0]).length", target) > 2
    page.wait_js("return document.querySelector('.tree-row[aria-selected=\"true\"]')?.dataset.id === arguments[0]", "the tree row", target)
    name = page.js("return weft.state.model.get(arguments[0]).className", target)
    assert name in page.js("return document.getElementById('breadcrumbs').textContent")
    assert name in canvas.get_attribute("aria-label")
    size = page.js("const [, , w, h] = weft.state.boxes.rect(arguments[0]); return `${w} × ${h}`", target)
    assert page.js("return weft.exploded.placedLabels[0].text", target).endswith(size)
    # The selected layer is tinted and outlined in the selection blue, and named first.
    page.frames()
    pixel = page.js(PIXEL, point)
    assert pixel[2] - pixel[0] > before_pixel[2] - before_pixel[0] + 30, (before_pixel, pixel)
    assert page.js("return weft.exploded.placedLabels[0].entry.id") == target
    page.screenshot("exploded-selected")

    # Alt held over a second element: measure.js's distances between the two, drawn in red.
    assert page.js(RED) == 0
    click_at(page, canvas, page.js("return weft.exploded.screenPointOf(arguments[0])", second), alt=True)
    page.frames()
    assert page.js("return weft.state.hoveredId") == second
    measured = page.js("""const m = weft.screenView.measurement; return m && m.segments.map(s => s.length);""")
    expected = page.js("""return import('/js/measure.js').then(({measureBetween}) =>
        measureBetween(weft.state.boxes.rect(arguments[0]), weft.state.boxes.rect(arguments[1])).segments.map(s => s.length));""", target, second)
    assert measured and measured == expected, (measured, expected)
    assert page.js(RED) > 200
    page.screenshot("exploded-measuring")
    ActionChains(page.driver).key_up(Keys.ALT).perform()
    page.frames()
    assert page.js(RED) == 0

    # The overlays are drawn on the layers: the slop overlay's green shows.
    green = """const c = document.getElementById('screen-3d'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 1] > 200 && d[i] < 150 && d[i + 2] < 150 && d[i + 3] > 60) n++; return n;"""
    assert page.js(green) == 0
    page.driver.find_element("id", "overlay-slop").click()
    page.frames()
    assert page.js(green) > 50
    # Orthographic: every layer the same size on screen; labels off: none placed.
    page.driver.find_element("id", "exploded-perspective").click()
    page.driver.find_element("id", "exploded-labels").click()
    page.frames()
    assert "orthographic" in canvas.get_attribute("aria-label")
    assert page.js("return weft.exploded.placedLabels.length") == 0
    page.screenshot("exploded-orthographic")
    page.driver.find_element("id", "view-3d").click()
    assert page.js("return document.getElementById('screen-3d').hidden") is True
    assert page.js("return document.getElementById('screen').getAttribute('role')") == "img"
