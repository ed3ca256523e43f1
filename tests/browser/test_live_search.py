"""Search in the tree while the live document changes, against a device the test plays
(scripted_device.py) through the real gateway: the matches follow the updates, and stepping
through them with Enter goes on from where it was."""
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from scripted_device import ScriptedDevice, document, element


def text_node(element_id, y, text):
    return element(element_id, [0, y, 320, 20], className="ASTextNode", props={"text": text})


def attach_scripted(gateway, page, device_instance):
    page.open(gateway.page_url())
    label = page.wait_js("const o = [...document.querySelectorAll('#device-select option')].find(o => o.textContent.includes(arguments[0]));"
                         "return o && o.textContent;", "the device in the list", device_instance)
    Select(page.driver.find_element("id", "device-select")).select_by_visible_text(label)
    page.wait_js("return document.getElementById('connection').dataset.state === 'attached' && weft.state.model", "the document")


def search_state(page):
    return page.js("return [document.getElementById('search-count').textContent, weft.state.selectedId]")


def test_enter_goes_on_from_the_current_match_after_an_update(gateway, page):
    """Items n2, n3, n4 match "item". Enter twice: the second match, n3 ("2 / 3"). An update
    then adds a node that does not match (n9 "Footer", at the end); the matches are the same,
    so Enter goes on to the third, n4 ("3 / 3"), not back to the first."""
    value = document([element("n1", [0, 0, 320, 480], [
        text_node("n2", 0, "Item 0"), text_node("n3", 20, "Item 1"), text_node("n4", 40, "Item 2")])], revision=1)
    with ScriptedDevice(gateway, "search-structure", value) as device:
        attach_scripted(gateway, page, "search-structure")
        search = page.driver.find_element("id", "tree-search")
        search.send_keys("item")
        search.send_keys(Keys.ENTER)
        assert search_state(page) == ["2 / 3", "n3"]
        device.update(1, 2, [{"op": "add", "parent": "n1", "index": 3, "element": text_node("n9", 60, "Footer")}])
        page.wait_js("return weft.state.model.revision === 2", "the update")
        page.frames()
        search.send_keys(Keys.ENTER)
        assert search_state(page) == ["3 / 3", "n4"]


def test_matches_follow_text_changes(gateway, page):
    """Items n2 "Item 0" and n4 "Item 2" match "item"; n3 reads "Loading" ("1 / 2" at n2). A set
    op gives n3 the text "Item 1" (no structural change): three matches, n3 marked, still at
    the first ("1 / 3"), and Enter goes to n3. Then n2's text becomes "Done": two matches again."""
    value = document([element("n1", [0, 0, 320, 480], [
        text_node("n2", 0, "Item 0"), text_node("n3", 20, "Loading"), text_node("n4", 40, "Item 2")])], revision=1)
    with ScriptedDevice(gateway, "search-text", value) as device:
        attach_scripted(gateway, page, "search-text")
        search = page.driver.find_element("id", "tree-search")
        search.send_keys("item")
        assert search_state(page) == ["1 / 2", "n2"]
        device.update(1, 2, [{"op": "set", "id": "n3", "fields": {"props": {"text": "Item 1"}}}])
        page.wait_js("return weft.state.model.revision === 2", "the update")
        page.frames()
        assert search_state(page) == ["1 / 3", "n2"]
        assert page.js("return document.querySelector('.tree-row[data-id=\"n3\"]').classList.contains('match')")
        search.send_keys(Keys.ENTER)
        assert search_state(page) == ["2 / 3", "n3"]
        device.update(2, 3, [{"op": "set", "id": "n2", "fields": {"props": {"text": "Done"}}}])
        page.wait_js("return weft.state.model.revision === 3", "the update")
        page.frames()
        assert search_state(page) == ["1 / 2", "n3"]
        assert not page.js("return document.querySelector('.tree-row[data-id=\"n2\"]').classList.contains('match')")
