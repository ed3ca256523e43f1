"""The Explain tab against TextureGram: the real gateway, program and page in headless Chromium.

A post's like button is explained from the feed screen down; clicking an ancestor step selects it
and keeps the chain; the README's `width: 50%` edit on the post's actions node shows no visible
effect, and the explanation says why (the cell's column stretches it to exactly 375). Numbers are
derived by hand from Sources/TextureGram/Feed (PostCellNode, PostActionsNode, ActionButtonNode).
"""
from selenium.webdriver.common.keys import Keys

from test_texturegram import app, find, snapshot  # noqa: F401 (the paused TextureGram fixture)

ROWS = "return [...document.querySelectorAll('#explain .explain-row')].map(r => r.textContent)"


def test_the_explain_tab_derives_a_buttons_frame_and_an_edit_without_effect(gateway, app, attached):  # noqa: F811
    page = attached
    feed_screen = snapshot(gateway, app)["roots"][0]
    cell = find(feed_screen, "PostCellNode")
    actions = find(cell, "PostActionsNode", "actions")
    like = find(actions, "ActionButtonNode", "like")
    page.js("weft.selectTab('explain'); weft.state.select(arguments[0])", like["id"])
    page.wait_js("return document.querySelector('#explain .explain-chain')", "the explanation")
    rows = page.js(ROWS)
    # Root first: the feed screen and the table outside the cell's pass, then the cell, its
    # column, the actions node, its inset, the row and the button.
    assert "FeedScreenNode" in rows[0] and any("ASTableNode" in r for r in rows)
    assert "ActionButtonNode (like) 16 x 16 at (0, 0)" in rows[-1]
    # The row is 351 wide (375 - 12 - 12) and its three 16-point buttons and two gaps of 16 take
    # 80: 271 free, and no button grows.
    assert "line 1 (children 0...2) measures 80 along the stack: 271 free (below the min 351)" in rows[-2]
    assert "(center does not stretch) -> 16 x 16" in rows[-1]
    boxes = page.js("return weft.state.highlights")
    assert [b["kind"] for b in boxes][:1] == ["element"] and any(b["kind"] == "free" and b["label"] == "free 271" for b in boxes)
    page.frames()
    page.screenshot("explain-like-button")

    # An ancestor step: it is selected, the chain stays the button's, and that step is in focus.
    page.driver.find_element("css selector", f'#explain .explain-step[data-id="{actions["id"]}"]').click()
    page.wait_js("return weft.state.selectedId === arguments[0]", "the actions node selected", actions["id"])
    focused = page.js("return document.querySelector('#explain .explain-row[aria-current=\"step\"]').textContent")
    assert focused.startswith("PostActionsNode (actions) 375 x 34")
    assert "ActionButtonNode (like)" in page.js(ROWS)[-1]

    # The README's edit: width 50% on the actions node. Its column stretches it to exactly 375,
    # and an exact range from the parent wins over the node's own style: nothing moves.
    page.js("weft.selectTab('properties')")
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="width"]'), "the width field")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("50%\n")
    page.wait_js("return document.querySelector('#properties .edit-row.edited')", "the edit to be accepted")
    app.call("Runtime.step", {"frames": 1})
    assert page.js("return weft.state.model.get(arguments[0]).frame[2]", actions["id"]) == 375
    page.js("weft.selectTab('explain')")
    verdict = page.wait_js("const v = document.querySelector('#explain .explain-verdict'); return v && v.textContent",
                           "the no-effect verdict")
    assert "No visible effect on PostActionsNode (actions)." in verdict
    assert "style width 50% of 375 = 187.5 has no effect: the parent gave an exact width of 375" in verdict
    assert "ASStackLayoutSpec decided: measured with its flex basis auto" in verdict
    clamp = page.js("return weft.state.highlights.find(b => b.kind === 'clamp')")
    assert clamp["label"] == "ASStackLayoutSpec: width exactly 375 wins"
    page.frames()
    page.screenshot("explain-width-edit")
    assert page.severe_console_errors() == []
