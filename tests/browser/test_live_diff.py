"""The Diff panel on the live app: a snapshot file taken from TextureGram through the real gateway
is the baseline, the live document the other side; an edit made through the page shows up when
the program steps (the panel re-runs a live diff on every update), an ignore list hides exactly
its changes, an unknown name replaces the result with the error, which no live update brings
back, and the diff follows the app while the views show its file side.

TextureGram runs with --no-scroll and is paused (Runtime.pause) once its photos are in (60
frames, one second of program time; they arrive within 0.2 s), so from then on only the test's
steps change it. Numbers are derived from TextureGram's sources by hand, in comments."""
import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from diff_panel import DIFF_TITLES, IGNORE_ERROR, IGNORE_LISTING, SUMMARY, run_diff_ignoring, wait_summary
from harness import HostProgram, host_program
from test_live import attach, snapshot

# The first element of a class and debug name, depth first in document order (the first post's
# actions node is the first PostActionsNode: the feed screen is the first root, the feed's cells
# are in item order).
FIND = """const [className, debugName] = arguments;
const stack = [...weft.state.model.roots].reverse();
while (stack.length) {
  const element = stack.pop();
  if (element.className === className && element.debugName === debugName) return element.id;
  stack.push(...[...(element.children || [])].reverse());
}
return null;"""


@pytest.fixture
def texturegram(gateway, page):
    path = host_program("TextureGram")
    if path is None:
        pytest.fail("TextureGram is not built (run `make test-browser`): this test needs it")
    page.prefix = "live-diff-"
    with HostProgram(str(path), gateway, args=["--no-scroll"]) as program:
        program.call("Runtime.pause")
        program.call("Runtime.step", {"frames": 60})
        yield program


def compare_with_a_baseline(page, gateway, app, tmp_path, before, after):
    """Binds the page to `app`, opens a snapshot of it taken through the gateway as baseline.json
    in the Diff panel and chooses the sides (`Live app` or `baseline.json`); returns the baseline."""
    attach(page, gateway, app)
    baseline = snapshot(gateway, app)
    page.js("weft.selectTab('diff')")
    page.open_file(page.write_json(tmp_path, "baseline.json", baseline), input_id="diff-files")
    page.wait_js("return [...document.querySelectorAll('#diff-before option')].some(o => o.value === 'baseline.json')", "the baseline listed")
    Select(page.driver.find_element("id", "diff-before")).select_by_visible_text(before)
    Select(page.driver.find_element("id", "diff-after")).select_by_visible_text(after)
    return baseline


# The first post's action row: a horizontal stack (spacing Theme.actionSpacing = 16, items
# centred) of three 16 x 16 buttons (ActionButtonNode: a 32 x 32-pixel icon at scale 2) inside an
# inset of 12. With spacing s the buttons sit at x = 0, 16 + s and 2 (16 + s), same size, y 0.
# The stack keeps its frame: PostActionsNode is stretched to the cell's width and the inset hands
# its child min = max - insets (Texture's ASInsetLayoutSpec), so the stack's width does not follow
# its content. Like stays, and the buttons' tappable areas are their own bounds grown by their
# slop, which no moved ancestor clips. So a change of s is three changes, depth first: the
# stack's spacing, then comment and share moved.
# The row's structural path: FeedScreenNode's layout is a vertical stack of the navigation bar,
# the stories and the feed table (debug name "feed"), whose first cell is post 0; a post lays
# out a vertical stack of header, photo ratio, actions and footer inset; the actions node an
# inset around the row.
ROW = ("FeedScreenNode (feed screen) > ASStackLayoutSpec > ASTableNode (feed) > PostCellNode (post 0) > "
       "ASStackLayoutSpec > PostActionsNode (actions) > ASInsetLayoutSpec > ASStackLayoutSpec")


def spacing_changes(before, after):
    """The diff's lines when the row's spacing goes from `before` to `after`."""
    return [
        f"~ {ROW}: props.spacing {before} -> {after}",
        f"~ {ROW} > ActionButtonNode (comment): frame {16 + before},0 16x16 -> {16 + after},0 16x16",
        f"~ {ROW} > ActionButtonNode (share): frame {2 * (16 + before)},0 16x16 -> {2 * (16 + after)},0 16x16",
    ]


def row_id(page):
    actions = page.js(FIND, "PostActionsNode", "actions")
    return page.js("return weft.state.model.get(arguments[0]).children[0].children[0].id", actions)


def test_live_diff_reruns_with_an_ignore_list(gateway, texturegram, page, tmp_path):
    baseline = compare_with_a_baseline(page, gateway, texturegram, tmp_path, before="baseline.json", after="Live app")
    # The program is paused and nothing was stepped since the baseline: the page's live
    # document is the same tree, so with the default list (meta, revision) nothing differs.
    page.driver.find_element("id", "diff-run").click()
    wait_summary(page, "No differences.", "the first live diff")

    # The row's spacing edited through the page, 16 -> 24 (comment 32 -> 40, share 64 -> 80).
    row = row_id(page)
    page.js("weft.selectTab('properties'); weft.state.select(arguments[0])", row)
    field = page.wait(lambda d: d.find_element("css selector", '#properties input[data-key="spacing"]'), "the spacing field")
    field.send_keys(Keys.CONTROL, "a")  # typed over, as a user does (clear() would leave the field emptied first)
    field.send_keys("24\n")
    page.wait_js("return document.querySelector('#properties input[data-key=\"spacing\"]').closest('.edit-row').classList.contains('edited')",
                 "the edit to be accepted")
    page.js("weft.selectTab('diff')")
    texturegram.call("Runtime.step", {"frames": 1})
    # No Compare pressed: the panel re-runs the live diff when the update arrives.
    wait_summary(page, "2 moved, 1 specProperty", "the live diff to show the edit")
    edited = spacing_changes(16, 24)
    assert page.js(DIFF_TITLES) == edited
    page.screenshot("edited")

    # props.spacing hides the stack's change, `moved` the two buttons' (kind moved: same size):
    # nothing is left. Each alone hides only its own.
    run_diff_ignoring(page, "meta, revision, props.spacing, moved")
    wait_summary(page, "No differences.", "the diff ignoring the edit")
    assert page.js("return weft.diffPanel.result.options.ignore") == ["meta", "revision", "props.spacing", "moved"]
    page.screenshot("ignored")
    run_diff_ignoring(page, "meta, revision, moved")
    wait_summary(page, "1 specProperty", "the diff ignoring the moves")
    assert page.js(DIFF_TITLES) == edited[:1]
    # The list back to the default: the edit shows again. Cleared entirely, revision and meta
    # are compared too: the revision went from the baseline's to the page's (the step's
    # update), listed after the elements' changes with the meta entries that differ.
    run_diff_ignoring(page, "meta, revision")
    wait_summary(page, "2 moved, 1 specProperty", "the edit again")
    assert page.js(DIFF_TITLES) == edited
    run_diff_ignoring(page, "")
    summary = page.wait_js(SUMMARY, "the diff of everything")
    assert summary.startswith("2 moved, 1 specProperty, ") and summary.endswith(" document"), summary
    titles = page.js(DIFF_TITLES)
    revision = page.js("return weft.state.model.revision")
    assert revision > baseline["revision"]
    assert titles[:4] == [*edited, f"~ revision {baseline['revision']} -> {revision}"], titles
    assert all(title.startswith("~ meta.") for title in titles[4:]), titles

    # An unknown name during the live diff: the error replaces the result (no table, no
    # highlights, no result for a live update to re-run) and the field is marked. "spacng" is
    # one edit from "spacing", the only name that close.
    run_diff_ignoring(page, "meta, revision, spacng")
    error = page.wait_js(IGNORE_ERROR, "the ignore error")
    assert error == {"head": 'ignore: unknown field or kind "spacng" (did you mean "spacing"?); valid names:',
                     "refused": ['"spacng"'], "listing": IGNORE_LISTING, "invalid": True}
    gone = "return [document.getElementById('diff-table'), document.getElementById('diff-summary'), weft.state.diff, weft.diffPanel.result]"
    assert page.js(gone) == [None, None, None, None]
    # The edit reverted through the page and stepped: an update arrives, and after the panel's
    # re-run delay (250 ms after an update) the error is still all there is.
    page.js("weft.selectTab('properties'); weft.state.select(arguments[0])", row)
    page.driver.find_element("css selector", "#properties .edit-row.edited .revert").click()
    page.js("weft.selectTab('diff')")
    reply = texturegram.call("Runtime.step", {"frames": 1})
    page.wait_js("return weft.state.model.revision >= arguments[0]", "the revert's update", reply["revision"])
    page.driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 400)")
    assert page.js(gone) == [None, None, None, None]
    assert page.js(IGNORE_ERROR) == error
    page.screenshot("ignore-error")

    # The name fixed: the reverted app is the baseline again.
    run_diff_ignoring(page, "meta, revision, spacing")
    wait_summary(page, "No differences.", "the diff of the reverted app")
    assert page.js("return document.getElementById('diff-ignore').hasAttribute('aria-invalid')") is False


def test_a_live_diff_follows_the_app_while_its_file_side_is_shown(gateway, texturegram, page, tmp_path):
    """The live app as "before" and the baseline as "after": the views show the file, whose
    document never changes, yet an edit of the app re-runs the diff (the page tells the panel
    about every live change, not only those of the document on show)."""
    compare_with_a_baseline(page, gateway, texturegram, tmp_path, before="Live app", after="baseline.json")
    page.driver.find_element("id", "diff-run").click()
    wait_summary(page, "No differences.", "the first live diff")
    assert page.pill() == ["file", "File · baseline.json"]
    # The page edits only the document on show, so the program is asked directly; the live side
    # is "before", so the lines read from the new spacing to the baseline's.
    texturegram.call("Layout.setSpecProperty", {"id": row_id(page), "property": "spacing", "value": 24})
    texturegram.call("Runtime.step", {"frames": 1})
    wait_summary(page, "2 moved, 1 specProperty", "the live diff to follow the edit")
    assert page.js(DIFF_TITLES) == spacing_changes(24, 16)
    assert page.pill() == ["file", "File · baseline.json"]
    page.screenshot("file-side")
