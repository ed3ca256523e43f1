"""Chrome DevTools Protocol through the gateway (docs/devtools.md), with a CDP client against
the real gateway and the real TextureGram, paused: discovery, access rules, every DOM / CSS /
Overlay method the Elements panel uses checked against the program's own snapshot, hit test
and edits, live events, independent connections, and bad input answered with CDP errors."""
import json
import urllib.request

import pytest
import websocket

from cdp_client import CDP, CDPError, attributes, nodes
from conftest import devtools_url
from harness import Gateway, HostProgram


def snapshot(gateway, app):
    status, document = gateway.get_json(f"/api/devices/{app.device_id}/snapshot")
    assert status == 200, document
    return document


def elements(element, origin=(0, 0)):
    """(element, absolute rect) for an element and its descendants, frames added up."""
    x, y, w, h = element["frame"]
    rect = (origin[0] + x, origin[1] + y, w, h)
    yield element, rect
    for child in element.get("children", []):
        yield from elements(child, rect[:2])


def whole_document(cdp):
    return cdp.call("DOM.getDocument", depth=-1)["root"]


def by_weft_id(root):
    return {attributes(n)["id"]: n for n in nodes(root) if n["nodeType"] == 1}


# ---- discovery and access ----

def test_discovery_lists_the_program_as_chrome_inspect_reads_it(gateway, app):
    status, targets = gateway.get_json("/json/list")
    assert status == 200
    target = next(t for t in targets if t["id"] == app.device_id)
    assert target["type"] == "page"
    assert target["title"] == f"TextureGram ({app.instance})"
    assert target["url"] == f"weft://org.weft.TextureGram/{app.instance}"
    socket = f"127.0.0.1:{gateway.port}/devtools/page/{app.device_id}"
    assert target["webSocketDebuggerUrl"] == f"ws://{socket}"
    assert target["devtoolsFrontendUrl"] == f"devtools://devtools/bundled/devtools_app.html?ws={socket}"
    assert gateway.get_json("/json")[1] == targets
    status, version = gateway.get_json("/json/version")
    assert status == 200 and version["Protocol-Version"] == "1.3" and version["Browser"].startswith("Weft/")
    status, _, _ = gateway.request("POST", "/json/list", body={})
    assert status == 405


def test_discovery_and_sockets_follow_the_token(texturegram):
    with Gateway(token="s3cret") as gw:
        with HostProgram(texturegram, gw, args=["--no-scroll"]) as app:
            status, _, _ = gw.request("GET", "/json/list", headers={"Authorization": "Bearer wrong"})
            assert status == 401
            status, targets = gw.get_json("/json/list")
            assert status == 200
            # The URLs carry the token, so chrome://inspect and scripts can open them as listed.
            url = targets[0]["webSocketDebuggerUrl"]
            assert url.endswith(f"/devtools/page/{app.device_id}?token=s3cret")
            assert targets[0]["devtoolsFrontendUrl"].endswith(f"/devtools/page/{app.device_id}%3Ftoken%3Ds3cret")
            with pytest.raises(websocket.WebSocketBadStatusException) as refused:
                CDP(url.split("?")[0])
            assert refused.value.status_code == 401
            client = CDP(url)
            assert client.call("DOM.getDocument")["root"]["nodeName"] == "#document"
            client.close()


def test_the_origin_rule_admits_devtools_and_scripts_and_refuses_web_pages(gateway, app):
    url = devtools_url(gateway, app)
    for origin in ("http://evil.example", "https://127.0.0.1:1", "null", "file://"):
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            CDP(url, origin=origin)
        assert refused.value.status_code == 403, origin
    for origin in (None, "devtools://devtools", f"http://127.0.0.1:{gateway.port}"):
        client = CDP(url, origin=origin)
        assert client.call("DOM.getDocument")["root"]["nodeId"] == 1
        client.close()
    with pytest.raises(websocket.WebSocketBadStatusException) as unknown:
        CDP(f"ws://127.0.0.1:{gateway.port}/devtools/page/no-such-program")
    assert unknown.value.status_code == 404


# ---- the tree ----

def test_the_document_is_the_snapshot_as_elements(gateway, app, cdp):
    document = snapshot(gateway, app)
    root = whole_document(cdp)
    assert root["nodeType"] == 9 and root["childNodeCount"] == len(document["roots"])
    described = by_weft_id(root)
    snapshot_elements = [e for r in document["roots"] for e, _ in elements(r)]
    assert set(described) == {e["id"] for e in snapshot_elements}
    for element in snapshot_elements:
        node = described[element["id"]]
        attrs = attributes(node)
        assert node["nodeName"] == node["localName"] == element.get("className", "ASStackLayoutSpec" if element.get("type") == "stack" else node["nodeName"])
        assert attrs.get("name") == element.get("debugName")
        assert attrs["frame"] == " ".join(f"{v:g}" for v in element["frame"])
        text = element.get("props", {}).get("text") if element.get("kind", "node") == "node" else None
        children = node.get("children", [])
        if text is not None:
            assert children[0]["nodeType"] == 3 and children[0]["nodeValue"] == text
            children = children[1:]
        assert [attributes(c)["id"] for c in children] == [c["id"] for c in element.get("children", [])]
        assert node["childNodeCount"] == len(element.get("children", [])) + (text is not None)
    # Depth 1 (the default): the roots without their children; requestChildNodes sends them.
    shallow = cdp.call("DOM.getDocument")["root"]
    first = shallow["children"][0]
    assert "children" not in first and first["childNodeCount"] == 1
    assert cdp.call("DOM.requestChildNodes", nodeId=first["nodeId"]) == {}
    event = cdp.wait_event("DOM.setChildNodes")["params"]
    assert event["parentId"] == first["nodeId"]
    assert [attributes(n)["id"] for n in event["nodes"]] == [document["roots"][0]["children"][0]["id"]]


def test_box_models_are_the_snapshot_frames(gateway, app, cdp):
    document = snapshot(gateway, app)
    described = by_weft_id(whole_document(cdp))
    checked = 0
    for element, (x, y, w, h) in (pair for r in document["roots"] for pair in elements(r)):
        model = cdp.call("DOM.getBoxModel", nodeId=described[element["id"]]["nodeId"])["model"]
        assert model["border"] == [x, y, x + w, y, x + w, y + h, x, y + h], element["id"]
        assert (model["width"], model["height"]) == (w, h)
        if element.get("type") == "inset":
            top, left, bottom, right = element["props"]["insets"]
            assert model["content"] == [x + left, y + top, x + w - right, y + top, x + w - right, y + h - bottom, x + left, y + h - bottom]
        else:
            assert model["content"] == model["border"]
        checked += 1
    assert checked > 100


def test_node_for_location_is_the_programs_hit_test(gateway, app, cdp):
    cdp.call("DOM.getDocument")
    for x, y in ((20, 20), (187, 90), (30, 160), (200, 400), (350, 600)):
        probe = app.call("HitTest.probe", {"x": x, "y": y})
        found = cdp.call("DOM.getNodeForLocation", x=x, y=y)
        # Its ancestors were pushed (setChildNodes), so the id is one the client knows.
        described = cdp.call("DOM.describeNode", nodeId=found["nodeId"])["node"]
        assert attributes(described)["id"] == probe["target"], (x, y)
        assert found["backendNodeId"] == found["nodeId"]


def test_search_selectors_and_node_helpers(gateway, app, cdp):
    document = snapshot(gateway, app)
    texts = [e for r in document["roots"] for e, _ in elements(r) if e.get("className") == "ASTextNode"]
    root = cdp.call("DOM.getDocument")["root"]
    search = cdp.call("DOM.performSearch", query="astextnode")
    assert search["resultCount"] == len(texts)
    found = cdp.call("DOM.getSearchResults", searchId=search["searchId"], fromIndex=0, toIndex=3)["nodeIds"]
    assert [attributes(cdp.call("DOM.describeNode", nodeId=n)["node"])["id"] for n in found] == [t["id"] for t in texts[:3]]
    cdp.call("DOM.discardSearchResults", searchId=search["searchId"])
    with pytest.raises(CDPError):
        cdp.call("DOM.getSearchResults", searchId=search["searchId"], fromIndex=0, toIndex=1)
    # By debug name, and by text.
    every = [e for r in document["roots"] for e, _ in elements(r)]
    named = [e for e in every if "navigation bar" in e.get("debugName", "")]
    assert cdp.call("DOM.performSearch", query="Navigation Bar")["resultCount"] == len(named) > 0
    word = texts[0]["props"]["text"]
    assert cdp.call("DOM.performSearch", query=word)["resultCount"] >= 1
    all_text = cdp.call("DOM.querySelectorAll", nodeId=root["nodeId"], selector="ASTextNode")["nodeIds"]
    assert len(all_text) == len(texts)
    bar = cdp.call("DOM.querySelector", nodeId=root["nodeId"], selector='FeedScreenNode [name="navigation bar"]')["nodeId"]
    assert attributes(cdp.call("DOM.describeNode", nodeId=bar)["node"])["name"] == "navigation bar"
    # Child combinators: the screen's spec's child; not a grandchild of the screen itself.
    assert cdp.call("DOM.querySelectorAll", nodeId=root["nodeId"], selector="FeedScreenNode > [type=stack] > NavigationBarNode")["nodeIds"] == [bar]
    assert cdp.call("DOM.querySelectorAll", nodeId=root["nodeId"], selector="FeedScreenNode > NavigationBarNode")["nodeIds"] == []
    assert len(cdp.call("DOM.querySelectorAll", nodeId=bar, selector="ASTextNode, #" + attributes(cdp.call("DOM.describeNode", nodeId=bar)["node"])["id"])["nodeIds"]) >= 1
    assert cdp.call("DOM.querySelector", nodeId=root["nodeId"], selector="NoSuchClass")["nodeId"] == 0
    with pytest.raises(CDPError) as bad:
        cdp.call("DOM.querySelector", nodeId=root["nodeId"], selector="[unclosed")
    assert bad.value.code == -32000
    assert cdp.call("DOM.pushNodesByBackendIdsToFrontend", backendNodeIds=[bar, 999999])["nodeIds"] == [bar, 0]
    assert cdp.call("DOM.resolveNode", nodeId=bar)["object"]["subtype"] == "node"
    assert cdp.call("DOM.setInspectedNode", nodeId=bar) == {}
    assert "<NavigationBarNode" in cdp.call("DOM.getOuterHTML", nodeId=bar)["outerHTML"]
    for method, params in (("Overlay.highlightNode", {"nodeId": bar}), ("Overlay.hideHighlight", {}),
                           ("Overlay.setInspectMode", {"mode": "searchForNode"}), ("Overlay.setInspectMode", {"mode": "none"})):
        assert cdp.call(method, **params) == {}


# ---- styles and edits ----

def find_node(cdp, root_id, name):
    return cdp.call("DOM.querySelector", nodeId=root_id, selector=f'[name="{name}"]')["nodeId"]


def test_styles_are_the_layout_style_in_css_terms(gateway, app, cdp):
    root = cdp.call("DOM.getDocument")["root"]
    bar = find_node(cdp, root["nodeId"], "navigation bar")
    matched = cdp.call("CSS.getMatchedStylesForNode", nodeId=bar)
    inline = matched["inlineStyle"]
    assert inline["cssText"] == "height: 44px;"
    assert [(p["name"], p["value"]) for p in inline["cssProperties"]] == [("height", "44px")]
    assert inline["styleSheetId"].startswith("inline:")
    feed = find_node(cdp, root["nodeId"], "feed")
    assert cdp.call("CSS.getInlineStylesForNode", nodeId=feed)["inlineStyle"]["cssText"] == "flex-grow: 1;"
    # The screen's stack: its properties as a flex rule; computed display: flex and the frame.
    screen = root["children"][0]["nodeId"]
    cdp.call("DOM.requestChildNodes", nodeId=screen)
    stack = cdp.wait_event("DOM.setChildNodes")["params"]["nodes"][0]["nodeId"]
    rule = cdp.call("CSS.getMatchedStylesForNode", nodeId=stack)["matchedCSSRules"][0]["rule"]
    declared = {p["name"]: p["value"] for p in rule["style"]["cssProperties"]}
    assert declared["display"] == "flex" and declared["flex-direction"] == "column"
    computed = {p["name"]: p["value"] for p in cdp.call("CSS.getComputedStyleForNode", nodeId=stack)["computedStyle"]}
    assert computed["display"] == "flex" and computed["width"] == "375px" and computed["height"] == "667px"
    text = cdp.call("DOM.querySelector", nodeId=bar, selector="ASTextNode")["nodeId"]
    fonts = cdp.call("CSS.getPlatformFontsForNode", nodeId=text)["fonts"]
    assert len(fonts) == 1 and fonts[0]["glyphCount"] > 0
    assert cdp.call("CSS.getPlatformFontsForNode", nodeId=bar)["fonts"] == []


def test_set_style_texts_moves_a_frame_with_the_edits_validation_and_reverts(gateway, app, cdp):
    root = cdp.call("DOM.getDocument")["root"]
    bar = find_node(cdp, root["nodeId"], "navigation bar")
    sheet = cdp.call("CSS.getInlineStylesForNode", nodeId=bar)["inlineStyle"]
    stories_before = app.call("Tree.getElement", {"id": "n4"})["element"]["frame"]
    edit = {"styleSheetId": sheet["styleSheetId"], "range": sheet["range"], "text": "height: 80px;"}
    styles = cdp.call("CSS.setStyleTexts", edits=[edit])["styles"]
    assert styles[0]["cssText"] == "height: 80px;"
    bar_id = attributes(cdp.call("DOM.describeNode", nodeId=bar)["node"])["id"]
    assert app.call("Tree.getElement", {"id": bar_id})["element"]["frame"][3] == 80
    # Its own edit comes back to the editing connection as inlineStyleInvalidated (Chrome's way,
    # which leaves the Styles pane's editor alone), and getAttributes reads the new style.
    invalidated = cdp.wait_event("DOM.inlineStyleInvalidated")["params"]
    assert invalidated["nodeIds"] == [bar]
    attrs = cdp.call("DOM.getAttributes", nodeId=bar)["attributes"]
    assert dict(zip(attrs[::2], attrs[1::2]))["style"] == "height: 80px;"
    # The stories strip below it moved down by 36 points.
    stories = [e for e, _ in elements(snapshot(gateway, app)["roots"][0]) if e.get("debugName") == "stories"][0]
    assert stories["frame"][1] == stories_before[1] + 36
    # Typed in the Styles pane, a value that does not read is marked (parsedOk false), said in the
    # Console (Log.entryAdded, the edit's message) and not applied: the frame stays.
    cdp.take_events()
    typed = cdp.call("CSS.setStyleTexts", edits=[dict(edit, text="height: tall; color: red;")])["styles"][0]
    assert [(p["name"], p.get("parsedOk", True)) for p in typed["cssProperties"]] == [("height", False), ("color", False)]
    warnings = [e["params"]["entry"]["text"] for e in cdp.take_events("Log.entryAdded")]
    assert len(warnings) == 2 and warnings[0].startswith("height: expected a length") and "not a layout style property" in warnings[1]
    assert app.call("Tree.getElement", {"id": bar_id})["element"]["frame"][3] == 80
    # Through the style attribute (scripts), a bad value is the edit's error and changes nothing.
    bad = cdp.call_raw("DOM.setAttributeValue", {"nodeId": bar, "name": "style", "value": "height: 10px; width: tall"})
    assert bad["error"]["code"] == -32011 and "width" in bad["error"]["message"]
    assert app.call("Tree.getElement", {"id": bar_id})["element"]["frame"][3] == 80
    # Typing the old text back puts the frame back; setAttributeValue("style") is the same edit.
    cdp.call("CSS.setStyleTexts", edits=[dict(edit, text="height: 44px;")])
    assert app.call("Tree.getElement", {"id": bar_id})["element"]["frame"][3] == 44
    cdp.call("DOM.setAttributeValue", nodeId=bar, name="style", value="height: 60px")
    assert app.call("Tree.getElement", {"id": bar_id})["element"]["frame"][3] == 60
    assert cdp.call_raw("DOM.setAttributeValue", {"nodeId": bar, "name": "frame", "value": "0 0 1 1"})["error"]["code"] == -32011
    # Layout.revertEdits, the Weft page's revert, drops the DevTools edit too.
    app.call("Layout.revertEdits", {"id": bar_id})
    assert app.call("Tree.getElement", {"id": bar_id})["element"]["frame"][3] == 44


# ---- live events ----

def test_dom_events_follow_a_drag_and_an_edit(gateway, app, cdp):
    document = snapshot(gateway, app)
    feed = next(e for e, _ in elements(document["roots"][0]) if e.get("debugName") == "feed")
    root = whole_document(cdp)
    cdp.take_events()
    app.call("Scroll.drag", {"id": feed["id"], "dx": 0, "dy": 1500, "duration": 0.3})
    app.call("Runtime.step", {"frames": 40})
    cdp.call("Runtime.runIfWaitingForDebugger")  # a round trip: the events sent before it are in
    events = cdp.take_events()
    methods = {e["method"] for e in events}
    assert "DOM.childNodeInserted" in methods and "DOM.childNodeRemoved" in methods, methods
    # Applying the events to the described tree gives the program's new tree.
    ids = {n["nodeId"]: attributes(n).get("id") for n in nodes(root) if n["nodeType"] == 1}
    children = {n["nodeId"]: [c["nodeId"] for c in n.get("children", [])] for n in nodes(root)}
    for event in events:
        p = event["params"]
        if event["method"] == "DOM.childNodeRemoved":
            children[p["parentNodeId"]].remove(p["nodeId"])
        elif event["method"] == "DOM.childNodeInserted":
            siblings = children[p["parentNodeId"]]
            siblings.insert(siblings.index(p["previousNodeId"]) + 1 if p["previousNodeId"] else 0, p["node"]["nodeId"])
            ids[p["node"]["nodeId"]] = attributes(p["node"])["id"]
            children[p["node"]["nodeId"]] = [] if p["node"]["childNodeCount"] == 0 else None
    table = next(n for n in nodes(root) if attributes(n).get("name") == "feed")
    now = next(e for e, _ in elements(snapshot(gateway, app)["roots"][0]) if e.get("debugName") == "feed")
    assert [ids[c] for c in children[table["nodeId"]]] == [c["id"] for c in now["children"]]
    # An edit shows as attribute changes of the nodes it moved.
    bar = next(n for n in nodes(root) if attributes(n).get("name") == "navigation bar")
    app.call("Layout.setStyle", {"id": attributes(bar)["id"], "property": "height", "value": 50})
    modified = cdp.wait_event("DOM.attributeModified")["params"]
    cdp.call("Runtime.runIfWaitingForDebugger")
    changes = [modified] + [e["params"] for e in cdp.take_events("DOM.attributeModified")]
    assert {"nodeId": bar["nodeId"], "name": "frame", "value": "0 0 375 50"} in changes
    assert {"nodeId": bar["nodeId"], "name": "style", "value": "height: 50px;"} in changes


def test_two_devtools_connections_keep_their_own_state(gateway, app, cdp):
    other = CDP(devtools_url(gateway, app))
    try:
        a = cdp.call("DOM.getDocument")["root"]
        b = other.call("DOM.getDocument")["root"]
        # Each numbers what it was sent; one's requests send events to it alone.
        screen_a = a["children"][1]["nodeId"]
        cdp.call("DOM.requestChildNodes", nodeId=screen_a)
        first = cdp.wait_event("DOM.setChildNodes")["params"]["nodes"][0]["nodeId"]
        other.call("DOM.requestChildNodes", nodeId=b["children"][0]["nodeId"])
        second = other.wait_event("DOM.setChildNodes")["params"]["nodes"][0]["nodeId"]
        assert first == second  # both gave their first pushed child the next id, independently
        assert other.take_events("DOM.setChildNodes") == []
        assert cdp.take_events("DOM.setChildNodes") == []
        # An id only the first connection has is unknown to the second.
        deep = cdp.call("DOM.querySelector", nodeId=1, selector='[name="feed"]')["nodeId"]
        assert other.call_raw("DOM.describeNode", {"nodeId": deep + 1000})["error"]["code"] == -32000
        # Closing one leaves the other working; the program forgets the closed one's state.
        other.close()
        assert cdp.call("DOM.describeNode", nodeId=deep)["node"]["nodeName"] == "ASTableNode"
    finally:
        other.close()


def test_a_restarted_program_sends_document_updated(gateway, app, cdp):
    """The socket is bound to the program's identity: the same instance started again is the
    same page, and the frontend is told to read the new tree."""
    cdp.call("DOM.getDocument")
    app.stop()
    restarted = HostProgram(app.executable, gateway, args=["--no-scroll"], instance=app.instance)
    restarted.start()
    try:
        cdp.wait_event("DOM.documentUpdated", timeout=20)
        root = cdp.call("DOM.getDocument")["root"]
        assert [c["nodeName"] for c in root["children"]] == ["FeedScreenNode", "ExploreScreenNode"]
    finally:
        restarted.stop()


# ---- bad input ----

def test_bad_cdp_input_gets_cdp_errors_and_breaks_nothing(gateway, app, cdp):
    screen = cdp.call("DOM.getDocument")["root"]["children"][0]["nodeId"]
    cdp.send_raw("not json")
    assert cdp.receive()["error"]["code"] == -32700
    cdp.send_raw(json.dumps({"method": "DOM.getDocument"}))
    assert cdp.receive() == {"id": None, "error": {"code": -32600, "message": "a CDP request is an object with a positive integer id"}}
    cdp.send_raw(json.dumps({"id": 90, "method": "DOM.getDocument", "params": [1]}))
    assert cdp.reply(90)["error"]["code"] == -32602
    cdp.send_raw(json.dumps({"id": 91, "method": "DOM.getDocument", "sessionId": "other"}))
    assert cdp.reply(91)["error"]["code"] == -32602
    for method, params, code in (
        ("No.suchMethod", {}, -32601),
        ("DOM.describeNode", {"nodeId": 424242}, -32000),
        ("DOM.describeNode", {"nodeId": "x"}, -32602),
        ("DOM.describeNode", {}, -32602),
        ("DOM.getDocument", {"depth": -7}, -32602),
        ("DOM.getSearchResults", {"searchId": "nope", "fromIndex": 0, "toIndex": 1}, -32000),
        ("CSS.setStyleTexts", {"edits": [{"styleSheetId": "inline:999", "text": "width: 1px"}]}, -32000),
        ("CSS.setStyleTexts", {"edits": "x"}, -32602),
        ("DOM.pushNodesByBackendIdsToFrontend", {"backendNodeIds": list(range(20000))}, -32602),
        ("Overlay.setInspectMode", {"mode": "everything"}, -32602),
        ("Runtime.evaluate", {"expression": "1"}, -32000),
        ("DOM.querySelectorAll", {"nodeId": 1, "selector": "x" * 2000}, -32000),
        ("DOM.setAttributeValue", {"nodeId": screen, "name": "style", "value": "width: 1px;" * 1000}, -32011),
    ):
        reply = cdp.call_raw(method, params)
        assert reply["error"]["code"] == code, (method, reply)
    # A selector of 300 descendant combinators is answered (each compound and ancestor is
    # tried once), not left to backtrack through every ancestor chain.
    assert cdp.call("DOM.querySelectorAll", nodeId=1, selector=" ".join(["*"] * 300))["nodeIds"] == []
    assert cdp.call("DOM.getDocument")["root"]["nodeId"] == 1
    assert app.call("Tree.getDocument")["roots"]
    # Only the gateway speaks for a DevTools session: the HTTP API (and inspectors) cannot.
    status, _, body = gateway.request("POST", f"/api/devices/{app.device_id}/call",
                                      {"method": "DevTools.call", "params": {"session": 1, "method": "DOM.getDocument"}})
    assert status == 400 and json.loads(body)["error"]["code"] == -32601
