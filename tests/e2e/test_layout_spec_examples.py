"""Examples/LayoutSpecExamples end to end: Texture-style code through AsyncDisplayKit, attached to
the real gateway like TextureGram, and deterministic for `weft record` / `weft verify`.

Numbers come from the examples' layouts (Examples/LayoutSpecExamples/Layouts): the outset icon
example is an absolute spec sized to fit a 150 x 150 photo at (20, 20) and a 40 x 40 icon at
(150, 0); its image is a 300-pixel @2x file, so 150 points."""
import pytest

from conftest import built, run_cli
from browser.test_live import attached  # noqa: F401 (binds the page to the `app` fixture)
from harness import HostProgram
from test_deterministic_runs import deterministic_run

FRAMES = "150"  # 2.5 s of program time: the checkpoints at 0.25 s and 1.5 s, a drag at 0.5 s
CHECKPOINTS = ["examples-loaded.json", "exit.json", "first-layout.json", "scrolled.json"]


@pytest.fixture(scope="session")
def examples():
    return built("LayoutSpecExamples")


def elements(root):
    yield root
    for child in root.get("children", []):
        yield from elements(child)


def find(document, class_name):
    for element in (e for r in document["roots"] for e in elements(r)):
        if element.get("className") == class_name:
            return element
    raise AssertionError(f"no {class_name} in the snapshot")


def test_attached_it_shows_texture_classes_and_frames(gateway, examples):
    program = HostProgram(examples, gateway)
    program.start()
    try:
        program.call("Runtime.pause")
        program.call("Runtime.step", {"frames": 30})
        status, document = gateway.get_json(f"/api/devices/{program.device_id}/snapshot")
        assert status == 200, document
        root = document["roots"][0]
        assert root["className"] == "OverviewNode" and root["frame"] == [0, 0, 375, 667]
        assert find(document, "ASTableNode")
        outset = find(document, "PhotoWithOutsetIconOverlay")
        nodes = [e for e in elements(outset) if e is not outset and e.get("kind") != "spec"]
        assert [(n["className"], n["frame"]) for n in nodes] == [
            ("ASImageNode", [20, 20, 150, 150]), ("ASImageNode", [150, 0, 40, 40])]
        # UIImage(named:) read the files' pixel sizes and @2x scale: nothing is scaled.
        assert [(n["props"]["image"]["pixelWidth"], n["props"]["image"]["scale"]) for n in nodes] == [(300, 2), (80, 2)]
        assert nodes[0]["props"]["image"]["scalingRatio"] == 1
        assert find(document, "OverviewCellNode")["className"] == "OverviewCellNode"
    finally:
        program.stop()


@pytest.fixture
def app(gateway, examples):
    """LayoutSpecExamples attached, paused, half a second of program time stepped."""
    program = HostProgram(examples, gateway)
    program.start()
    program.call("Runtime.pause")
    program.call("Runtime.step", {"frames": 30})
    yield program
    program.stop()


def test_the_inspector_shows_the_examples_under_their_own_class_names(gateway, app, attached):
    page = attached
    status, document = gateway.get_json(f"/api/devices/{app.device_id}/snapshot")
    assert status == 200, document
    assert [c["dataSource"] for c in document["rangeControllers"]] == ["OverviewNode"]
    names = page.js("return [...weft.state.model.elements.values()].map(e => e.className)")
    for name in ("OverviewNode", "OverviewCellNode", "HeaderWithRightAndLeftItems", "PhotoWithInsetTextOverlay",
                 "PhotoWithOutsetIconOverlay", "ASCenterLayoutSpec", "ASAbsoluteLayoutSpec"):
        assert name in names, name
    outset = find(document, "PhotoWithOutsetIconOverlay")
    page.js("weft.state.select(arguments[0])", outset["id"])
    page.driver.find_element("id", "expand-all").click()
    page.driver.find_element("id", "zoom-fit").click()
    page.frames(10)
    rows = page.js("return [...document.querySelectorAll('.tree-row:not([hidden])')].map(r => r.textContent)")
    assert any("PhotoWithOutsetIconOverlay" in row for row in rows)
    assert "PhotoWithOutsetIconOverlay" in page.driver.find_element("id", "properties").text
    page.screenshot("layout-spec-examples-inspector")


def test_runs_are_deterministic_and_record_then_verify_passes(examples, weft_cli, tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    assert deterministic_run(examples, first, FRAMES) == CHECKPOINTS
    assert deterministic_run(examples, second, FRAMES) == CHECKPOINTS
    for name in CHECKPOINTS:
        result = run_cli(weft_cli, "diff", first / name, second / name)
        assert result.returncode == 0, f"{name}:\n{result.stdout}{result.stderr}"
    # The drag scrolled the table and batch fetching added rows.
    moved = run_cli(weft_cli, "diff", first / "examples-loaded.json", first / "scrolled.json")
    assert moved.returncode == 1, moved.stdout
    baselines = tmp_path / "baselines"
    recorded = run_cli(weft_cli, "record", baselines, "--", examples, "--frames", FRAMES, timeout=180)
    assert recorded.returncode == 0, recorded.stderr
    verified = run_cli(weft_cli, "verify", baselines, "--", examples, "--frames", FRAMES, timeout=180)
    assert verified.returncode == 0, verified.stdout + verified.stderr
