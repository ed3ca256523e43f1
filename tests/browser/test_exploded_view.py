"""The 3D exploded view against the real gateway and TextureGram: layers by depth, turned by
dragging, spacing adjustable, a click selects the front-most layer, the selection is drawn."""
import pytest
from selenium.webdriver.common.action_chains import ActionChains

from harness import HostProgram, host_program
from test_live import attach

# Pixels of the 3D canvas that differ from its background: how much is drawn.
DRAWN = """const c = document.getElementById('screen-3d'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0) n++; return n;"""


@pytest.fixture
def texturegram(gateway):
    with HostProgram(str(host_program("TextureGram")), gateway) as program:
        program.call("Runtime.pause")
        yield program


def test_exploded_view_turns_spaces_and_picks(gateway, texturegram, page):
    attach(page, gateway, texturegram)
    page.driver.find_element("id", "view-3d").click()
    page.frames()
    assert page.js("return document.getElementById('screen-3d').hidden") is False
    assert page.js("return getComputedStyle(document.getElementById('screen-scene')).visibility") == "hidden"
    layers = page.js("return weft.exploded.byDepth.filter(Boolean).length")
    assert layers >= 6, layers
    page.screenshot("exploded")
    # Spacing 0 draws every layer on one plane: the deepest layer then sits where the root is.
    spaced = page.js("return JSON.stringify(weft.exploded.view)")
    page.js("const s = document.getElementById('layer-spacing'); s.value = '0'; s.dispatchEvent(new Event('input'))")
    page.frames()
    assert page.js("return weft.exploded.view.spacing") == 0
    page.js("const s = document.getElementById('layer-spacing'); s.value = '30'; s.dispatchEvent(new Event('input'))")
    # Dragging turns it.
    canvas = page.driver.find_element("id", "screen-3d")
    before = page.js("return [weft.exploded.view.yaw, weft.exploded.view.pitch]")
    ActionChains(page.driver).move_to_element(canvas).click_and_hold().move_by_offset(60, 20).release().perform()
    after = page.js("return [weft.exploded.view.yaw, weft.exploded.view.pitch]")
    assert abs(after[0] - before[0] - 0.6) < 0.05 and abs(after[1] - before[1] - 0.2) < 0.05, (before, after, spaced)
    # A click selects the front-most layer under the pointer: the one elementAt names there.
    page.frames()
    # (The first screen lies left of the middle, which falls between the two screens.)
    ActionChains(page.driver).move_to_element_with_offset(canvas, -100, 0).click().perform()
    selected = page.js("return weft.state.selectedId")
    assert selected, "a click on the first screen's stack selects a layer"
    # The front-most layer there: deeper than the screen's root, inside the feed screen.
    assert page.js("return weft.state.model.pathTo(arguments[0]).length", selected) > 2
    assert page.js("return weft.state.model.rootOf(arguments[0]).debugName", selected) == "feed screen"
    assert page.js(DRAWN) > 1000
    # The overlays are drawn on the layers: the slop overlay's green shows.
    green = """const c = document.getElementById('screen-3d'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 1] > 200 && d[i] < 150 && d[i + 2] < 150 && d[i + 3] > 60) n++; return n;"""
    assert page.js(green) == 0
    page.driver.find_element("id", "overlay-slop").click()
    page.frames()
    assert page.js(green) > 50
    page.screenshot("exploded-turned")
    page.driver.find_element("id", "view-3d").click()
    assert page.js("return document.getElementById('screen-3d').hidden") is True
