"""Update ops of a kind the page does not know (a newer program's), from a device the test plays
(scripted_device.py) through the real gateway: the page fetches the document once, then leaves
those ops out (applying the ops it knows beside them), and says so, naming the kind, until the
user fetches the document again. Before, every update that carried such an op made the page
fetch the whole document again."""
from scripted_device import ScriptedDevice, document, element
from test_live_search import attach_scripted

NOTICE = "const n = document.getElementById('unknown-ops'); return n.hidden ? null : document.getElementById('unknown-ops-text').textContent"


def notice_text(left_out):
    return ('The app sends update ops this page does not know: "frobnicate" '
            f'({left_out} left out since the document was fetched). The page fetched the whole document once when it met '
            'each kind and leaves those ops out since, so what they change may not show.')


def test_an_unknown_op_kind_is_fetched_for_once_and_named(gateway, page):
    frobnicate = {"op": "frobnicate", "id": "n1"}
    rename = lambda name: {"op": "set", "id": "n1", "fields": {"debugName": name}}  # noqa: E731
    roots = lambda revision: document([element("n1", [0, 0, 320, 480])], revision=revision, instance="unknown-ops")  # noqa: E731
    with ScriptedDevice(gateway, "unknown-ops", roots(1)) as device:
        attach_scripted(gateway, page, "unknown-ops")
        device.document = roots(2)  # what the program's document is once it has sent revision 2
        device.update(1, 2, [frobnicate])
        page.wait_js("return weft.state.model.revision === 2", "the document fetched again")
        assert page.wait_js(NOTICE, "the notice") == notice_text(0)
        device.update(2, 3, [frobnicate, rename("three")])
        device.update(3, 4, [frobnicate])
        page.wait_js("return weft.state.model.revision === 4", "the updates applied")
        assert page.js("return weft.state.model.get('n1').debugName") == "three"
        assert device.calls("Tree.getDocument") == 2, "the first fetch and one for the unknown kind"
        assert page.wait_js(f"return (() => {{ {NOTICE} }})() === arguments[0]", "the count", notice_text(2))
        assert page.pill()[0] == "attached"
        page.screenshot("unknown-ops")
        device.document = roots(4)
        page.js("document.getElementById('unknown-ops-fetch').click()")
        page.wait(lambda d: device.calls("Tree.getDocument") == 3, "the fetch asked for")
        assert page.wait_js(f"return (() => {{ {NOTICE} }})() === arguments[0]", "the count back to 0", notice_text(0))
        # A file shown instead of the live app is not what the notice is about.
        page.js("weft.files.set('f.json', weft.state.model.toSnapshot()); weft.showFile('f.json')")
        assert page.js(NOTICE) is None
