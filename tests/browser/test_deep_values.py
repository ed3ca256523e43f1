"""Values nested 50 000 levels deep wherever the page takes any JSON: in a file's style, the
props the views do not read as text or numbers, a font's weight, a control target's event and
action, its tappable edges, its revision and its range controller's scroll directions, and in a
device's replies to the Playground and the Drive panel and its document's meta, through the real
gateway.
JSON.stringify, structuredClone, String() of a list and arithmetic on one all recurse through
such a value and overflow the stack; the page shows it as a short notice with its depth, draws
nothing for it, and writes and compares it as it is. Before, opening the file threw, and so did
selecting, hovering, downloading, comparing and printing replies.
Where snapshot.schema.json asks for a string or a word (an element's className, debugName,
type and props.text; a controller's owner, dataSource, orientation and mode), an integer
(itemCount, the runs' indices) or a number (a size range's sizes, tuning), such a value is
refused where it enters the page, with a message that quotes it as the notice: a file
is not opened, a device's update op fetches the document again, a device's document is the
device error. Python's json module recurses too: the deep values are written as text."""
import json

from selenium.webdriver.support.ui import Select

from harness import DOWNLOADS, wait_until
from scripted_device import ScriptedDevice, document, element
from test_live_search import attach_scripted

DEPTH = 50000
NOTICE = f"(a value nested {DEPTH} levels deep: too deep to show)"
DEEP = "[" * DEPTH + "1" + "]" * DEPTH  # a list of a list ... of 1
DEEP_OBJECT = '{"k":' * DEPTH + "1" + "}" * DEPTH


def with_deep_values(value):
    """The compact JSON text of `value`, its strings "DEEP" and "DEEP_OBJECT" replaced by the deep values."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return text.replace('"DEEP_OBJECT"', DEEP_OBJECT).replace('"DEEP"', DEEP)


STYLE = {key: "DEEP" for key in ("width", "minHeight", "flexGrow", "ascender", "alignSelf", "layoutPosition")}
# The document as the page writes it (compact, implied values left out: the spec's class, the
# layout root's constrainedSize, the inherited interface states), so a download reads the same.
FILE = document([element(
    "n1", [0, 0, 320, 480], interfaceState=15, constrainedSize={"min": [0, 0], "max": [320, "inf"]},
    style={**STYLE, "custom": "DEEP_OBJECT"}, props={"backgroundColor": "DEEP", "custom": "DEEP_OBJECT"},
    tappable={"rect": [0, 0, 320, 40], "restricted": "DEEP"},
    children=[{"id": "n1/0", "kind": "spec", "type": "stack", "frame": [0, 0, 320, 480],
               "style": {"flexGrow": "DEEP"}, "props": {"spacing": "DEEP", "direction": "DEEP", "custom": "DEEP"}, "children": [
        element("n2", [10, 10, 200, 40], className="ASTextNode", props={
            "text": "hello", "font": {"size": 13, "weight": "DEEP"}, "alpha": "DEEP",
            "clipsToBounds": "DEEP", "hidden": "DEEP", "control": {"enabled": True, "targets": [{"event": "DEEP", "action": "DEEP_OBJECT"}]}}),
        element("n3", [10, 60, 100, 100], className="ASImageNode", props={"image": {
            "pixelWidth": 200, "pixelHeight": 200, "source": "DEEP"}}),
        element("n4", [10, 200, 200, 40], className="ASTextNode", props={"text": "n4", "note": "DEEP"}),
        element("n5", [10, 300, 100, 40], className="ASButtonNode", debugName="named"),
    ]}])])
FILE["revision"] = "DEEP"
FILE["rangeControllers"] = [{
    "id": "r1", "owner": "n1", "dataSource": "Feed", "orientation": "vertical", "scrollDirection": "DEEP", "mode": "full",
    "viewport": [0, 0, 320, 480], "contentSize": [320, 480], "contentOffset": [0, 0], "itemCount": 3,
    "visible": [[0, 1]], "display": [[0, 1]], "preload": [[0, 2]], "itemStates": [[0, 1, 15]]}]
FILE_TEXT = with_deep_values(FILE)

PROPERTIES = """return [...document.querySelectorAll('#properties dt')].map((dt) => {
  const dd = dt.nextElementSibling, field = dd.querySelector('input');
  return [dt.textContent, field ? field.value : dd.textContent];
});"""


def shown_properties(page, element_id):
    page.js("weft.state.select(arguments[0])", element_id)
    page.frames()
    return dict(page.js(PROPERTIES))


def hover(page, wx, wy):
    """Moves the pointer over a point of the screen (world coordinates); returns the tooltip's text."""
    page.js("""const [wx, wy] = arguments, v = weft.screenView.view, c = document.getElementById('screen-overlay');
      const r = c.getBoundingClientRect(), x = r.left + wx * v.zoom + v.x, y = r.top + wy * v.zoom + v.y;
      c.dispatchEvent(new PointerEvent('pointermove', {clientX: x, clientY: y, bubbles: true}));""", wx, wy)
    return page.js("const t = document.getElementById('screen-tooltip'); return t.hidden ? null : t.textContent")


def test_a_file_with_values_50000_levels_deep_is_shown_written_and_compared(gateway, page, tmp_path):
    path = tmp_path / "deep-values.json"
    path.write_text(FILE_TEXT)
    page.open(gateway.page_url())
    page.driver.get_log("browser")  # the log is the browser's: earlier tests' entries are read off first
    page.open_file(str(path))
    page.wait_js("return weft.state.model && weft.state.model.size === 6", "the file's elements")
    page.js("weft.screenView.fit()")
    assert page.js("return document.getElementById('status-text').textContent").endswith(f"revision {NOTICE}")

    # Properties: each deep value is the notice (a value inside it one level less deep).
    root = shown_properties(page, "n1")
    inner = NOTICE.replace(str(DEPTH), str(DEPTH - 1))
    assert root["backgroundColor"] == NOTICE and root["width"] == NOTICE and root["flexGrow"] == NOTICE
    assert root["tappable area"] == "0, 0  320 × 40" and root["restricted edges"] == NOTICE
    assert f"alignSelf = {NOTICE}" in root["description"] and f"layoutPosition = {{{inner}, undefined}}" in root["description"]
    spec = shown_properties(page, "n1/0")
    assert spec["spacing"] == NOTICE and spec["custom"] == NOTICE and spec["flexGrow"] == NOTICE
    text = shown_properties(page, "n2")
    assert text["lines"] == "1" and text["font"] == f"13 pt, {NOTICE}" and text["targets"] == f"{NOTICE} → {NOTICE}"
    assert text["clipsToBounds"] == NOTICE and text["hidden"] == NOTICE and text["alpha"] == NOTICE
    image = shown_properties(page, "n3")
    assert image["pixels"] == "200 × 200 @1x" and image["decoded bytes"] == "156.3 KB (160000 bytes)"
    page.js("weft.state.select('n1')")
    page.js("weft.selectTab('ascii')")
    page.frames()
    assert "ASButtonNode (named)" in page.js("return document.querySelector('#ascii pre[aria-label=\"Layout spec ASCII art\"]').textContent")
    page.js("weft.selectTab('ranges')")
    page.frames()
    ranges = page.js("""const card = document.querySelector('#ranges [data-controller="r1"]');
      return [card.querySelector('h3').textContent, card.querySelector('.range-mode').textContent, card.querySelector('.runs-visible').textContent,
              card.querySelector('.content-offset').textContent, card.querySelector('input[data-mode="minimum"]').value];""")
    assert ranges == ["Feed · r1", "full", "0–1", "0, 0 of 320 × 480", "0.25"]
    page.js("weft.selectTab('drive')")
    page.frames()
    assert page.js("return document.querySelector('#drive-container option').textContent") == "ASDisplayNode n1 (Feed)"

    # The screen: the tooltips, and the overlays over values that are not numbers.
    page.js("weft.state.select(null); weft.selectTab('properties')")
    for overlay in ("overlay-slop", "overlay-scaling"):
        page.driver.find_element("id", overlay).click()
    assert hover(page, 50, 100).startswith("ASImageNode  100 × 100")
    assert hover(page, 50, 220).startswith("ASTextNode  200 × 40")
    assert hover(page, 50, 320) == "ASButtonNode (named)  100 × 40"
    page.frames()
    assert page.severe_console_errors() == []
    page.screenshot("deep-values")

    # Download writes the file as it was.
    target = DOWNLOADS / "deep-values.json"
    target.unlink(missing_ok=True)
    page.driver.find_element("id", "download-snapshot").click()
    assert wait_until(lambda: target.is_file() and target.read_text() == FILE_TEXT, 10, what="the downloaded file")

    # The Diff panel: the file against a copy whose n4 note ends in 2, not 1.
    changed = tmp_path / "deep-values-changed.json"
    changed.write_text(FILE_TEXT.replace(f'"note":{DEEP}', f'"note":{DEEP.replace("1", "2")}'))
    page.js("weft.selectTab('diff')")
    page.open_file(f"{path}\n{changed}", input_id="diff-files")
    page.wait_js("return document.querySelectorAll('#diff-after option').length === 2", "both files listed")
    page.driver.find_element("id", "diff-run").click()
    rows = page.wait_js("""const rows = [...document.querySelectorAll('#diff-table tr.diff-row')];
      return rows.length && rows.map((r) => [r.dataset.id, r.querySelector('.before').textContent, r.querySelector('.after').textContent]);""",
                        "the diff's rows")
    assert rows == [["n4", NOTICE, NOTICE]]
    assert page.severe_console_errors() == []


def test_replies_with_values_50000_levels_deep_are_shown_as_a_notice(gateway, page):
    """The Playground's result, whose JSON is printed indented (its indentation alone would grow
    with the square of the depth), and the Drive panel's reply."""
    with ScriptedDevice(gateway, "deep-replies", document([element("n1", [0, 0, 320, 480])], instance="deep-replies")) as device:
        replies = {
            "Layout.evaluate": '{"size":[20,10],"ascii":"art","root":{"type":"stack","frame":[0,0,20,10],"children":['
                               f'{{"type":"box","id":{DEEP},"frame":[{DEEP},0,5,5]}},{{"type":"box","id":"b","frame":[5,0,5,5]}}]}}}}',
            "Runtime.step": f'{{"frame":{DEEP}}}',
        }
        device.reply = lambda request: (f'{{"id":{request["id"]},"result":{replies[request["method"]]}}}'
                                        if request["method"] in replies else ScriptedDevice.reply(device, request))
        attach_scripted(gateway, page, "deep-replies")
        page.driver.get_log("browser")
        page.js("weft.selectTab('playground')")
        page.driver.find_element("id", "playground-run").click()
        page.wait_js("return document.getElementById('playground-ascii')", "the playground's layout")
        assert page.js("return document.querySelector('#playground-output details pre').textContent") \
            == NOTICE.replace(str(DEPTH), str(DEPTH + 5))  # the result > root > children > a box > its frame > the deep value
        page.js("weft.selectTab('drive')")
        page.driver.find_element("id", "drive-step").click()
        step = page.wait_js("const li = document.querySelector('#drive-log li[data-ok]'); return li && li.textContent", "the step's reply")
        assert step == f"Runtime.step → {NOTICE.replace(str(DEPTH), str(DEPTH + 1))}"
        assert page.severe_console_errors() == []
        page.screenshot("deep-replies")


def test_a_meta_with_an_app_name_and_a_pid_50000_levels_deep_is_named_with_the_notice(gateway, page):
    """A device's document may hold any JSON in its meta: the per-process key (asked for as the
    page takes the document) and the notice that the program restarted while the view was paused
    wrote meta.pid and meta.appName with templates; a list nested this deep overflowed the stack
    there (the document never showed) and an object was "[object Object]"."""
    roots = [element("n1", [0, 0, 320, 480])]
    deep_meta = with_deep_values({**document(roots, instance="deep-meta"), "meta": {
        **document(roots, instance="deep-meta")["meta"], "appName": "DEEP_OBJECT", "pid": "DEEP"}})
    device = ScriptedDevice(gateway, "deep-meta", document(roots, instance="deep-meta"))
    device.reply = lambda request: (f'{{"id":{request["id"]},"result":{deep_meta}}}' if request["method"] == "Tree.getDocument"
                                    else ScriptedDevice.reply(device, request))
    try:
        # As attach_scripted, but waiting for a model without returning it: WebDriver would copy it, deep meta and all.
        page.open(gateway.page_url())
        label = page.wait_js("const o = [...document.querySelectorAll('#device-select option')].find(o => o.textContent.includes('deep-meta'));"
                             "return o && o.textContent;", "the device in the list")
        Select(page.driver.find_element("id", "device-select")).select_by_visible_text(label)
        page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && !!weft.state.model", "the document")
        assert shown_properties(page, "n1")["class"] == "ASDisplayNode"
        page.js("weft.selectTab('drive')")
        page.driver.find_element("id", "drive-step").click()
        assert page.wait_js("const li = document.querySelector('#drive-log li'); return li && li.textContent", "the step's reply") \
            .startswith("Runtime.step")
        page.driver.find_element("id", "pause-view").click()
    finally:
        device.close()
    page.wait_js("return document.getElementById('connection').dataset.state === 'device-disconnected'", "the disconnected state")
    with ScriptedDevice(gateway, "deep-meta", document(roots, instance="deep-meta", pid=2), pid=2):
        notice = page.wait_js("const n = document.getElementById('restarted'); return !n.hidden && n.textContent",
                              "the notice that the program restarted")
        assert notice.startswith(f"{NOTICE} restarted (pid {NOTICE} → 2) while the view was paused."), notice
        assert page.severe_console_errors() == []
        page.screenshot("deep-meta-restarted")


def banner_for(page, name):
    return page.wait_js("const b = document.getElementById('banner'); return !b.hidden && b.textContent.includes(arguments[0]) && b.textContent",
                        "the error banner", name)


def test_a_file_with_a_value_of_another_form_is_refused_with_a_message(gateway, page, tmp_path):
    """A className, debugName, type or props.text is a string, a controller's mode a word, a size
    range's sizes and tuning numbers, runs integers: nested 50 000 deep there, the file is refused
    with a message that quotes the value as the notice (before, the value was shown as the notice),
    and so it is when a string stands for a number (before, a run was printed "a–1", a tuning's
    bar drawn as one full-width strip); a good file still opens after them."""
    page.open(gateway.page_url())
    page.driver.get_log("browser")
    def with_field(path, value):
        changed = json.loads(json.dumps(FILE))
        target = changed
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return with_deep_values(changed)
    n5 = ["roots", 0, "children", 0, "children", 3]
    cases = [
        ("deep-class.json", with_field([*n5, "className"], "DEEP"), f"className of element n5: expected a string, got {NOTICE}"),
        ("deep-debug-name.json", with_field([*n5, "debugName"], "DEEP_OBJECT"), f"debugName of element n5: expected a string, got {NOTICE}"),
        ("deep-type.json", with_field(["roots", 0, "children", 0, "type"], "DEEP"), f"type of element n1/0: expected a string, got {NOTICE}"),
        ("deep-mode.json", with_field(["rangeControllers", 0, "mode"], "DEEP"),
         f'mode of range controller r1: expected "minimum", "full", "visibleOnly" or "lowMemory", got {NOTICE}'),
        ("deep-text.json", with_field(["roots", 0, "children", 0, "children", 2, "props", "text"], "DEEP"),
         f"props.text of element n4: expected a string, got {NOTICE}"),
        ("deep-size.json", with_field(["roots", 0, "constrainedSize", "min", 0], "DEEP"),
         f'constrainedSize of element n1: expected {{"min": [w, h], "max": [w, h]}} of numbers, got {NOTICE.replace(str(DEPTH), str(DEPTH + 2))}'),
        ("string-size.json", with_field(["roots", 0, "constrainedSize", "min", 0], "10"),
         'constrainedSize of element n1: expected {"min": [w, h], "max": [w, h]} of numbers, got {"min":["10",0],"max":[320,"inf"]}'),
        ("string-run.json", with_field(["rangeControllers", 0, "visible"], [["a", 1]]),
         'visible of range controller r1: expected a list of runs [start, end] of integers >= 0, got [["a",1]]'),
        ("string-tuning.json", with_field(["rangeControllers", 0, "tuning"], {"full": {"display": ["a", 1], "preload": [1, 1]}}),
         'tuning of range controller r1: expected an object of modes, each {"display": [leading, trailing], "preload": [leading, trailing]} '
         'of numbers, got {"full":{"display":["a",1],"preload":[1,1]}}'),
    ]
    for name, text, message in cases:
        (tmp_path / name).write_text(text)
        page.open_file(str(tmp_path / name))
        assert banner_for(page, name) == f"Could not open {name}: {message}"
        assert page.js("return weft.state.model") is None, "nothing shown"
    page.screenshot("refused-file")  # the last one's banner: a tuning of strings
    path = tmp_path / "deep-values.json"
    path.write_text(FILE_TEXT)
    page.open_file(str(path))
    page.wait_js("return weft.state.model && weft.state.model.size === 6 && document.getElementById('banner').hidden", "the good file")
    assert page.severe_console_errors() == []


def test_a_device_name_50000_levels_deep_is_refused_in_an_op_and_in_a_document(gateway, page):
    """A set op whose debugName is nested 50 000 deep is refused (the page fetches the document
    again, its name unchanged), as a set op refused any name that was not a string before values
    of any depth were let through; a document whose className is is the device error, quoting it
    as the notice."""
    roots = lambda revision: document([element("n1", [0, 0, 320, 480], debugName="one")], revision=revision, instance="deep-names")  # noqa: E731
    with ScriptedDevice(gateway, "deep-names", roots(1)) as device:
        attach_scripted(gateway, page, "deep-names")
        page.driver.get_log("browser")
        device.document = roots(2)  # the program's document once it has sent revision 2
        with device.send_lock:
            device.socket.send('{"method":"Tree.updated","params":{"baseRevision":1,"revision":2,"ops":['
                               f'{{"op":"set","id":"n1","fields":{{"debugName":{DEEP_OBJECT}}}}}]}}}}')
        page.wait_js("return weft.state.model.revision === 2", "the document fetched again")
        assert device.calls("Tree.getDocument") == 2
        assert page.js("return weft.state.model.get('n1').debugName") == "one"
        assert page.pill()[0] == "attached"

        deep_document = with_deep_values(document([element("n1", [0, 0, 320, 480], className="DEEP")], revision=5, instance="deep-names"))
        device.reply = lambda request: (f'{{"id":{request["id"]},"result":{deep_document}}}' if request["method"] == "Tree.getDocument"
                                        else ScriptedDevice.reply(device, request))
        device.update(4, 5, [])  # a gap: the page fetches the document again
        text = page.wait_js("const p = document.getElementById('connection'); return p.dataset.state === 'device-error' && p.textContent",
                            "the device error")
        assert text == f"Device error: className of element n1: expected a string, got {NOTICE}"
        assert page.severe_console_errors() == []
        page.screenshot("deep-name-refused")
