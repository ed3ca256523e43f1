"""The ASCII tab when the program leaves art out of Layout.getAsciiArt as too long to draw on its
loop (`textOmitted` / `layoutTextOmitted`, docs/protocol.md "Limits of the device methods"): the
part it drew is shown as the program's, the part it left out is the page's own drawing from the
snapshot, with the program's sentence above it. The program side is WeftCaptureTests
(`asciiArtTooLongIsOmitted`); a scripted device gives the answer here."""
from scripted_device import ScriptedDevice, document, element
from test_live_search import attach_scripted

SENTENCE = ("the ASCII art would be 204 lines of 17497 characters, "
            "longer than Layout.getAsciiArt draws (1048576 characters)")
NOTE = f"Computed from the snapshot: the program did not draw it ({SENTENCE})"
SHOWN = """const panel = document.getElementById('ascii');
  return panel.textContent.includes('from the device') && [...panel.querySelectorAll('.section')].map(s => [
    s.querySelector('h3').firstChild.textContent, s.querySelector('.art-note')?.textContent ?? null,
    s.querySelector('pre').textContent]);"""
PAGE_ART = """const done = arguments[arguments.length - 1];
  import('/js/ascii-art.js').then(m => done(m[arguments[0]](weft.state.model.get(arguments[1]))));"""


def test_art_the_program_leaves_out_is_drawn_by_the_page_with_the_programs_note(gateway, page):
    stack = element("n1/0", [0, 0, 320, 480], [element("n2", [0, 0, 320, 40], debugName="title")],
                    kind="spec", type="stack", className="ASStackLayoutSpec", props={"direction": "horizontal"})
    with ScriptedDevice(gateway, "ascii-omitted", document([element("n1", [0, 0, 320, 480], [stack])])) as device:
        attach_scripted(gateway, page, "ascii-omitted")
        page.js("weft.selectTab('ascii')")
        # A node: its own art (its name) from the program, its layout spec's art left out.
        device.results["Layout.getAsciiArt"] = {"text": "ASDisplayNode (from the program)", "layoutTextOmitted": SENTENCE}
        page.js("weft.state.select('n1')")
        spec_art = page.driver.execute_async_script(PAGE_ART, "layoutAsciiArt", "n1")
        assert "ASStackLayoutSpec" in spec_art
        assert page.wait_js(SHOWN, "the program's answer") == [
            ["ASCII art", None, "ASDisplayNode (from the program)"],
            ["Layout spec ASCII art", NOTE, spec_art]]
        page.screenshot("ascii-omitted")
        # A spec: its own art left out.
        device.results["Layout.getAsciiArt"] = {"textOmitted": SENTENCE}
        page.js("weft.state.select('n1/0')")
        assert page.wait_js(SHOWN, "the program's answer") == [
            ["ASCII art", NOTE, page.driver.execute_async_script(PAGE_ART, "asciiArt", "n1/0")]]
        assert page.severe_console_errors() == []
