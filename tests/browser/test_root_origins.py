"""Roots whose frame has an origin (a window not at its screen's top-left corner), against a
device the test plays (scripted_device.py) through the real gateway. A root's frame is its
window's frame on its screen: each root sits at its origin on a screen of its own, and the
screens sit side by side, 24 pt apart, each ending at its root's right edge.

  w1 [0, 0, 320, 480]     screen 0 ... 320:          w1 at 0, 0
  w2 [30, 40, 100, 100]   screen from 320 + 24 = 344: w2 at 374, 40; its screen ends at 474
    b [10, 10, 50, 50]                               b at 384, 50
  w3 [0, 0, 50, 50]       screen from 474 + 24 = 498: w3 at 498, 0
Before, the screens after a root advanced by its width only: w3 sat at 468, over w2's right
edge, and a tap probe was measured from w2's screen (30, 40 off) instead of w2's corner."""
from selenium.webdriver.common.action_chains import ActionChains

from scripted_device import ScriptedDevice, document, element
from test_live_search import attach_scripted

ROOTS = [element("w1", [0, 0, 320, 480]),
         element("w2", [30, 40, 100, 100], [element("b", [10, 10, 50, 50])]),
         element("w3", [0, 0, 50, 50])]


def click_world(page, wx, wy):
    """Clicks the screen at a point of the world (root-row) coordinates."""
    screen = page.driver.find_element("id", "screen-overlay")
    x, y = page.js("const v = weft.screenView.view; return [arguments[0] * v.zoom + v.x, arguments[1] * v.zoom + v.y]", wx, wy)
    ActionChains(page.driver).move_to_element_with_offset(screen, int(x - screen.size["width"] / 2),
                                                          int(y - screen.size["height"] / 2)).click().perform()


def test_roots_sit_at_their_origins_and_probes_are_measured_from_their_corner(gateway, page):
    with ScriptedDevice(gateway, "root-origins", document(ROOTS, instance="root-origins")) as device:
        attach_scripted(gateway, page, "root-origins")
        page.js("weft.screenView.fit()")
        page.frames()
        assert page.js("return ['w1', 'w2', 'b', 'w3'].map(id => weft.state.boxes.rect(id))") == [
            [0, 0, 320, 480], [374, 40, 100, 100], [384, 50, 50, 50], [498, 0, 50, 50]]
        # w2's right edge, 470: w2's, not w3's (which began at 468 before).
        click_world(page, 470, 45)
        page.wait_js("return weft.state.selectedId === 'w2'", "w2 selected")
        page.screenshot("root-origins")
        # A tap probe at b's centre (409, 75) is 35, 35 from w2's top-left corner.
        page.driver.find_element("id", "probe-mode").click()
        click_world(page, 409, 75)
        page.wait(lambda d: device.calls("HitTest.probe") == 1, "the probe")
        [probe] = [params for method, params in device.requests if method == "HitTest.probe"]
        # The click lands on a whole CSS pixel: within 2 pt at this zoom (before: 65, 75).
        assert probe["root"] == "w2" and abs(probe["x"] - 35) < 2 and abs(probe["y"] - 35) < 2, probe
