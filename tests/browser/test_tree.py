"""The tree with 100 000 elements (a synthetic feed from web-inspector/bench): virtualisation
(the DOM holds only the rows in view), ARIA roles, keyboard navigation and search."""
import pytest
from selenium.webdriver.common.keys import Keys

from harness import REPO_ROOT

# The generator (no imports of its own) is handed to the page as a module of its own: the gateway
# serves only the page's files, not bench/.
GENERATOR = (REPO_ROOT / "web-inspector" / "bench" / "synthetic-snapshot.js").read_text()
LOAD = """
const done = arguments[arguments.length - 1];
import(URL.createObjectURL(new Blob([arguments[1]], {type: 'text/javascript'}))).then((m) => {
  const snapshot = m.syntheticSnapshot(arguments[0]);
  weft.files.set('synthetic.json', snapshot);
  weft.showFile('synthetic.json');
  requestAnimationFrame(() => requestAnimationFrame(() => done(weft.state.model.size)));
}).catch((e) => done(String(e)));
"""
LIVE_ROWS = "return document.querySelectorAll('.tree-row:not([hidden])').length"


@pytest.fixture
def big(gateway, page):
    page.open(gateway.page_url())
    assert page.driver.execute_async_script(LOAD, 100000, GENERATOR) == 99997  # 2 + 14 285 cells x 7
    return page


def test_virtualised_tree_keeps_few_dom_rows(big):
    page = big
    page.driver.find_element("id", "expand-all").click()
    page.frames()
    assert page.js("return weft.state.rows.length") == 99997, "every element has a row"
    # The spacer gives the scrollbar the full height; the DOM holds the rows in view + overscan.
    assert page.js("return document.getElementById('tree').scrollHeight") == 99997 * 20
    assert page.js(LIVE_ROWS) < 100
    page.js("const t = document.getElementById('tree'); t.scrollTop = t.scrollHeight;")
    page.frames()
    last = page.js("return [...document.querySelectorAll('.tree-row:not([hidden])')].map(r => r.dataset.id).at(-1)")
    assert last == page.js("return weft.state.rows.ids.at(-1)")
    assert page.js(LIVE_ROWS) < 100
    page.js("const t = document.getElementById('tree'); t.scrollTop = t.scrollHeight / 2;")
    page.frames()
    assert page.js(LIVE_ROWS) < 100
    page.screenshot("tree-100k-middle")


def test_keyboard_navigation(big):
    page = big
    tree = page.driver.find_element("id", "tree")
    page.driver.find_element("css selector", '.tree-row[data-id="n1"] .class').click()
    assert page.js("return weft.state.selectedId") == "n1"
    tree.send_keys(Keys.ARROW_DOWN)
    assert page.js("return weft.state.selectedId") == "n2", "down: the table"
    tree.send_keys(Keys.ARROW_LEFT)
    assert page.js("return weft.state.rows.isExpanded('n2')") is False, "left on an expanded row collapses it"
    assert page.js("return weft.state.rows.length") == 2
    tree.send_keys(Keys.ARROW_RIGHT)
    assert page.js("return weft.state.rows.isExpanded('n2')") is True, "right expands"
    tree.send_keys(Keys.ARROW_RIGHT)
    assert page.js("return weft.state.selectedId") == "n10", "right again: the first child (cell 0)"
    tree.send_keys(Keys.ENTER)
    assert page.js("return weft.state.rows.isExpanded('n10')") is False, "Enter toggles"
    tree.send_keys(Keys.ARROW_LEFT)
    assert page.js("return weft.state.selectedId") == "n2", "left on a collapsed row goes to the parent"
    tree.send_keys(Keys.END)
    last = page.js("return weft.state.selectedId")
    assert last == page.js("return weft.state.rows.ids.at(-1)")
    page.frames()
    row = page.js("const r = document.querySelector('.tree-row[aria-selected=\"true\"]'); return r && r.dataset.id")
    assert row == last, "End scrolls the selection into view"
    assert page.js("return document.getElementById('tree').getAttribute('aria-activedescendant')") == \
        page.js("return document.querySelector('.tree-row[aria-selected=\"true\"]').id")


def test_slash_search_by_text_class_and_debug_name(big):
    page = big
    page.driver.find_element("tag name", "body").send_keys("/")
    assert page.js("return document.activeElement.id") == "tree-search"
    search = page.driver.find_element("id", "tree-search")
    search.send_keys("user4242")
    # cell i has ids n(10 + 8i) ...: the name text of cell 4242 is n(10 + 33936 + 2) = n33948.
    page.wait_js("return weft.state.selectedId === 'n33948'", "the search to select user4242's text node")
    page.frames()
    assert page.js("return document.querySelector('.tree-row[data-id=\"n33948\"]').getAttribute('aria-selected')") == "true"
    assert page.js("return document.getElementById('search-count').textContent") == "1 / 1"
    search.clear()
    search.send_keys("like")
    # "like" matches every ASButtonNode's debugName and text: 1000+ results, Enter steps through them.
    page.wait_js("return document.getElementById('search-count').textContent.startsWith('1 / ')", "like matches")
    first = page.js("return weft.state.selectedId")
    search.send_keys(Keys.ENTER)
    assert page.js("return weft.state.selectedId") != first
    search.clear()
    search.send_keys("ASTableNode")
    page.wait_js("return weft.state.selectedId === 'n2'", "class-name search")
    page.screenshot("tree-search")
    search.send_keys(Keys.ESCAPE)
    assert page.js("return document.activeElement.id") == "tree"
