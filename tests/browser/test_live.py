"""The page against the real gateway and a real host program (the example program of Examples/,
or TextureGram): devices listed, tree shown, selection shows properties, an edit changes a frame,
range bars and item states change after a step of dragging, slop overlay drawn, tap probe
answers, reconnect after a gateway restart. The program is paused (Runtime.pause) and advanced
with Runtime.step, so nothing depends on timing.

Every built program of HOST_CANDIDATES runs them (or WEFT_HOST_PROGRAM alone); without one
these tests are skipped, naming what is missing."""
import os

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import HostProgram, host_program

HOST_CANDIDATES = ["weft-example", "TextureGram"]


def find_hosts():
    """[(name, path)]: WEFT_HOST_PROGRAM alone when set, else every built candidate."""
    explicit = os.environ.get("WEFT_HOST_PROGRAM")
    if explicit:
        return [(os.path.basename(explicit), explicit)]
    return [(name, str(path)) for name in HOST_CANDIDATES if (path := host_program(name))]


HOSTS = find_hosts()
# No host program is an error, not a reason to skip: `make test-browser` builds both first.
if not HOSTS:
    raise RuntimeError(f"no host program built (looked for {', '.join(HOST_CANDIDATES)} in .build/debug and "
                       ".build/release; run `make test-browser`, or set WEFT_HOST_PROGRAM)")

COUNT = """let n = 0; const stack = [...arguments[0].roots];
while (stack.length) { const e = stack.pop(); n++; if (e.children) stack.push(...e.children); } return n;"""


@pytest.fixture(params=HOSTS, ids=lambda host: host[0])
def app(request, gateway, page):
    name, path = request.param
    page.prefix = f"live-{name}-"
    with HostProgram(path, gateway) as program:
        program.call("Runtime.pause")
        yield program


@pytest.fixture
def attached(gateway, app, page):
    """The page bound to the program (chosen in the device list)."""
    return attach(page, gateway, app)


def attach(page, gateway, app):
    """Opens the page and binds it to `app` by choosing it in the device list; returns the page
    once the live document is shown."""
    page.open(gateway.page_url())
    label = page.wait_js(
        "const o = [...document.querySelectorAll('#device-select option')].find(o => o.textContent.includes(arguments[0]));"
        "return o && o.textContent;", "the program in the device list", app.instance)
    Select(page.driver.find_element("id", "device-select")).select_by_visible_text(label)
    page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model", "the live document")
    page.frames()
    return page


def drag(app, controller, screenfuls=1.0, duration=0.1):
    """Scroll.drag along the controller's axis (positive: towards larger offsets); returns the axis."""
    axis = 0 if controller.get("orientation") == "horizontal" else 1
    distance = screenfuls * controller["viewport"][2 + axis]
    app.call("Scroll.drag", {"id": controller["owner"], "dx": distance if axis == 0 else 0,
                             "dy": distance if axis == 1 else 0, "duration": duration})
    return axis


def snapshot(gateway, app):
    status, document = gateway.get_json(f"/api/devices/{app.device_id}/snapshot")
    assert status == 200, document
    return document


def test_devices_listed_and_tree_shown(gateway, app, attached):
    page = attached
    document = snapshot(gateway, app)
    expected = page.js(COUNT, document)
    assert page.js("return weft.state.model.size") == expected
    assert page.js("return weft.state.model.revision") == document["revision"]
    assert page.pill()[0] == "attached"
    assert page.js("return document.querySelectorAll('.tree-row:not([hidden])').length") > 0
    page.screenshot("attached")


def test_selection_shows_properties(gateway, app, attached):
    page = attached
    first = page.js("return weft.state.model.roots[0]")
    page.js("weft.state.select(arguments[0])", first["id"])
    shown = page.wait_js("""const p = document.getElementById('properties');
      return p.textContent.includes(arguments[0]) && Object.fromEntries([...p.querySelectorAll('dt')].map(dt => [dt.textContent, dt.nextElementSibling.textContent]));""",
                         "the root's properties", first["id"])
    frame = first.get("frame", [0, 0, 0, 0])
    assert shown["class"] == first["className"]
    assert shown["in root"].replace(" ", "") == f"{frame[0]:g},{frame[1]:g}{frame[2]:g}×{frame[3]:g}".replace(" ", "")


def test_an_edit_changes_a_frame(gateway, app, attached):
    page = attached
    # A node child of a stack spec: its width is decided by its style (layout-json "width").
    target = page.js("""for (const [id, el] of weft.state.model.elements) {
        const parent = weft.state.model.parentOf(id);
        if (el.kind !== 'spec' && parent && parent.type === 'stack' && el.frame && el.frame[2] > 10) return [id, el.frame];
      } return null;""")
    assert target, "the program has no node inside a stack to edit"
    element_id, frame = target
    width = frame[2] - 8
    page.js("weft.state.select(arguments[0])", element_id)
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="width"]'), "the width field")
    field.send_keys(Keys.CONTROL, "a")  # typed over, as a user does (clear() would leave the field emptied first)
    field.send_keys(f"{width:g}\n")
    page.wait_js("return document.querySelector('#properties .edit-row.edited')", "the edit to be accepted")
    app.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.get(arguments[0]).frame[2] === arguments[1]", "the new frame", element_id, width)
    page.screenshot("edit")
    page.driver.find_element("id", "revert-all").click()
    app.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.get(arguments[0]).frame[2] === arguments[1]", "the frame back", element_id, frame[2])


def test_range_bars_and_item_states_change_after_a_step_of_dragging(gateway, app, attached):
    page = attached
    controllers = snapshot(gateway, app)["rangeControllers"]
    assert controllers, "the program has no range controller"
    controller = controllers[0]
    page.js("weft.selectTab('ranges')")
    selector = f'canvas.state-map[data-controller="{controller["id"]}"]'
    axis = 0 if controller.get("orientation") == "horizontal" else 1
    offset = f"return (weft.state.model.controllers.get(arguments[0]).contentOffset || [0, 0])[{axis}]"
    states = f"return document.querySelector('{selector}').dataset.states"
    bar = f"return document.querySelector('canvas.range-bar[data-controller=\"{controller['id']}\"]').dataset.strips"
    page.wait_js(f"return document.querySelector('{selector}')", "the item-state map")
    before = (page.js(offset, controller["id"]), page.js(states), page.js(bar))
    # A drag of two screenfuls along the container's axis (positive: the content moves towards
    # larger offsets), played while paused only as the program steps.
    drag(app, controller, 2, 0.2)
    page.frames()
    assert page.js(offset, controller["id"]) == before[0], "nothing moves before a step"
    app.call("Runtime.step", {"frames": 30})
    page.wait_js(offset + " > arguments[1]", "the content offset to grow", controller["id"], before[0])
    page.frames()
    assert page.js(states) != before[1], "item states follow the scroll"
    assert page.js(bar) != before[2] or page.js("return weft.state.model.controllers.get(arguments[0]).mode", controller["id"]) == "full"
    page.screenshot("ranges-after-drag")


def test_slop_overlay_and_tap_probe(gateway, app, attached):
    page = attached
    target = page.js("""for (const [id, el] of weft.state.model.elements) if (el.tappable && el.tappable.rect) {
        const r = weft.state.boxes.rect(id), t = el.tappable.rect;
        return [id, r[0] + t[0] + t[2] / 2, r[1] + t[1] + t[3] / 2, r[0] + r[2] / 2, r[1] + r[3] / 2];
      } return null;""")
    assert target, "the program has no control with a tappable area"
    element_id, tx, ty, cx, cy = target
    page.driver.find_element("id", "overlay-slop").click()
    page.frames()
    pixel = page.js("""const [wx, wy] = arguments; const v = weft.screenView.view, c = document.getElementById('screen-overlay');
      const r = c.width / c.clientWidth; return Array.from(c.getContext('2d').getImageData(Math.floor((wx * v.zoom + v.x) * r), Math.floor((wy * v.zoom + v.y) * r), 1, 1).data);""", tx, ty)
    assert pixel[1] > 200 and pixel[3] > 90, f"tappable fill at the area's centre: {pixel}"
    page.screenshot("slop")
    page.driver.find_element("id", "probe-mode").click()
    screen = page.driver.find_element("id", "screen-overlay")
    x, y = page.js("const v = weft.screenView.view; return [arguments[0] * v.zoom + v.x, arguments[1] * v.zoom + v.y]", cx, cy)
    ActionChains(page.driver).move_to_element_with_offset(screen, int(x - screen.size["width"] / 2), int(y - screen.size["height"] / 2)).click().perform()
    result = page.wait_js("const r = document.querySelector('#probe-result [data-target]'); return r && r.dataset.target", "the probe's answer")
    assert result == element_id
    page.screenshot("probe")


def test_reconnects_after_a_gateway_restart(gateway, app, attached):
    page = attached
    gateway.restart()
    # The program reconnects by itself (its client retries with back-off), then the page.
    page.wait_js("return document.getElementById('connection').dataset.state === 'attached'",
                 "the page to rebind to the program", timeout=30)
    app.call("Runtime.pause")
    assert page.js("return weft.state.model.size") == page.js(COUNT, snapshot(gateway, app))
    page.screenshot("reconnected")


def test_pause_view_freezes_and_resume_catches_up(gateway, app, attached):
    page = attached
    controllers = snapshot(gateway, app)["rangeControllers"]
    assert controllers, "the program has no range controller to scroll"
    revision = page.js("return weft.state.model.revision")
    page.driver.find_element("id", "pause-view").click()
    assert page.pill()[1].endswith("· view paused")
    drag(app, controllers[0])
    reply = app.call("Runtime.step", {"frames": 10})  # replies after its Tree.updated was sent
    assert reply["revision"] > revision
    page.frames()
    assert page.js("return weft.state.model.revision") == revision, "the view stays frozen"
    page.driver.find_element("id", "pause-view").click()
    page.wait_js("return weft.state.model.revision >= arguments[0]", "the held updates", reply["revision"])


def test_spec_property_edits_through_the_menu_and_revert(gateway, app, attached):
    """An enum spec property is edited through its menu (Layout.setSpecProperty): a stack whose
    children are centred across its axis aligns them to the start, so a child shorter than
    the stack moves to cross offset 0; reverting puts it back."""
    page = attached
    found = page.js("""for (const [id, el] of weft.state.model.elements) {
        if (el.type !== 'stack' || !el.props || el.props.alignItems !== 'center') continue;
        const vertical = el.props.direction === 'vertical', cross = vertical ? 0 : 1, size = el.frame[vertical ? 2 : 3];
        const child = (el.children || []).find((c) => c.frame && c.frame[cross] > 0 && c.frame[vertical ? 2 : 3] < size);
        if (child) return [id, child.id, cross, child.frame[cross]];
      } return null;""")
    assert found, "the program has no centred stack with a child shorter than it: this test needs one"
    spec_id, child_id, cross, offset = found
    page.js("weft.state.select(arguments[0])", spec_id)
    menu = page.wait(lambda d: d.find_element("css selector", '#properties select[data-key="alignItems"]'), "the alignItems menu")
    Select(menu).select_by_value("start")
    page.wait_js("return document.querySelector('#properties select[data-key=\"alignItems\"]').closest('.edit-row').classList.contains('edited')",
                 "the edit to be accepted")
    app.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.get(arguments[0]).frame[arguments[1]] === 0", "the child at the start", child_id, cross)
    page.screenshot("spec-edit")
    page.driver.find_element("css selector", "#properties .edit-row.edited .revert").click()
    app.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.get(arguments[0]).frame[arguments[1]] === arguments[2]", "the child centred again",
                 child_id, cross, offset)
    assert page.js("return document.querySelector('#properties .edit-row.edited')") is None


def test_an_edit_the_program_refuses_shows_its_error_inline(gateway, app, attached):
    """A value the page can parse but the program refuses (-32011, invalid value: a negative
    flexGrow) shows the program's message under the field; nothing is marked edited."""
    page = attached
    node = page.js("for (const [id, el] of weft.state.model.elements) if (el.kind !== 'spec') return id; return null;")
    page.js("weft.state.select(arguments[0])", node)
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="flexGrow"]'), "the flexGrow field")
    field.send_keys("-1\n")
    error = page.wait_js("const e = document.querySelector('#properties .edit-error'); return e && e.textContent", "the inline error")
    assert "flexGrow" in error and "-1" in error
    assert page.js("return document.querySelector('#properties .edit-row.edited')") is None
    page.screenshot("edit-refused")


def test_rebinds_to_the_same_app_after_it_restarts_and_after_a_reload(gateway, app, attached):
    """The choice is an identity (appId + instance + host), remembered: a restarted program with
    the same instance is shown again, and a reloaded page binds to it without asking."""
    page = attached
    first_pid = app.device["info"].get("pid")
    app.stop()
    page.wait_js("return document.getElementById('connection').dataset.state === 'device-disconnected'", "the disconnected state")
    with HostProgram(app.executable, gateway, instance=app.instance) as again:
        again.call("Runtime.pause")
        page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && "
                     "weft.binding.devices.get(weft.binding.deviceId).info.pid === arguments[0]",
                     "the page to show the restarted program", again.device["info"].get("pid"), timeout=20)
        assert again.device["info"].get("pid") != first_pid
        page.driver.refresh()
        page.wait_js("return window.weft && document.getElementById('connection').dataset.state === 'attached'",
                     "the reloaded page to bind by itself")
        assert again.instance in page.js("return document.getElementById('device-select').selectedOptions[0].textContent")
        page.screenshot("rebound")


def test_ascii_art_from_the_program_matches_the_pages_own(gateway, app, attached):
    """Layout.getAsciiArt (Swift) and the page's ascii-art.js agree on every spec of the live
    tree: the two builders never drift."""
    page = attached
    specs = page.js("return [...weft.state.model.elements.values()].filter(e => e.kind === 'spec').map(e => e.id)")
    assert specs, "the program has no layout spec"
    for spec_id in specs[:12]:
        device = app.call("Layout.getAsciiArt", {"id": spec_id})["text"]
        local = page.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('/js/ascii-art.js').then(m => done(m.asciiArt(weft.state.model.get(arguments[0]))));", spec_id)
        assert local == device, f"{spec_id}:\n{device}\n!=\n{local}"
    page.js("weft.selectTab('ascii'); weft.state.select(arguments[0])", specs[0])
    shown = page.wait_js("const p = document.getElementById('ascii');"
                         "return p.textContent.includes('from the device') && p.querySelector('pre').textContent", "the device's art")
    assert shown == app.call("Layout.getAsciiArt", {"id": specs[0]})["text"]
    page.screenshot("ascii")


def test_playground_and_drive_panels(gateway, app, attached):
    page = attached
    page.js("weft.selectTab('playground')")
    page.driver.find_element("id", "playground-run").click()
    art = page.wait_js("const p = document.getElementById('playground-ascii'); return p && p.textContent", "the playground's ASCII art")
    assert "ASInsetLayoutSpec" in art.split("\n")[0]
    assert page.js("return document.querySelector('#playground-output canvas').width") > 0
    source = page.driver.find_element("id", "playground-source")
    source.clear()
    source.send_keys('{"root": {"type": "stack", "children": [{"type": "nope"}]}}')
    page.driver.find_element("id", "playground-run").click()
    error = page.wait_js("const e = document.querySelector('#playground-output .error-text'); return e && e.textContent", "the error")
    assert "nope" in error or "type" in error
    page.screenshot("playground-error")
    page.js("weft.selectTab('drive')")
    revision = page.js("return weft.state.model.revision")
    page.driver.find_element("id", "drive-step").click()
    reply = page.wait_js("const li = document.querySelector('#drive-log li[data-ok]'); return li && li.textContent", "the step's reply")
    assert reply.startswith("Runtime.step → {\"frame\":")
    assert page.js("return weft.state.model.revision") >= revision


def test_live_updates_keep_selection_scroll_and_expanded_rows(gateway, app, attached):
    page = attached
    controllers = snapshot(gateway, app)["rangeControllers"]
    assert controllers, "the program has no range controller to scroll"
    owner = controllers[0]["owner"]
    page.driver.find_element("id", "expand-all").click()
    page.js("weft.state.select(arguments[0]); weft.state.rows.setExpanded(weft.state.model.roots[0].children[0].id, false);"
            "const t = document.getElementById('tree'); t.scrollTop = 40;", owner)
    page.frames()
    before = page.js("return [weft.state.selectedId, document.getElementById('tree').scrollTop, [...weft.state.rows.expanded].sort(), weft.state.model.revision]")
    drag(app, controllers[0])
    reply = app.call("Runtime.step", {"frames": 20})
    page.wait_js("return weft.state.model.revision >= arguments[0]", "the updates", reply["revision"])
    page.frames()
    after = page.js("return [weft.state.selectedId, document.getElementById('tree').scrollTop, [...weft.state.rows.expanded].sort(), weft.state.model.revision]")
    assert after[0] == before[0], "selection kept"
    assert after[1] == before[1], "tree scroll position kept"
    survivors = [i for i in before[2] if page.js("return !!weft.state.model.get(arguments[0])", i)]
    assert set(survivors) <= set(after[2]), "expanded rows that still exist stay expanded"
    assert after[3] > before[3]
    # The status bar shows how fast updates arrive (a program's capture budget may slow them).
    rate = page.js(r"return document.getElementById('status-text').textContent.match(/([0-9.]+) updates\/s/)")
    assert rate and float(rate[1]) > 0, "the status bar shows the rate of the updates that arrived"

