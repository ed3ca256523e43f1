#!/usr/bin/env python3
"""The web inspector's benchmark (`make bench-web`): starts the real gateway (tests/harness),
opens the page in headless Chromium and runs bench.js in it. Prints
`BENCH\tweb\t<figure>\t<value>\t<unit>` lines for scripts/bench-report.

--size full: 1 000, 10 000 and 100 000 elements; --size tiny: 1 000 (for `make test`).
Then, with TextureGram built (release first), the frames per second the page presents with the
Ranges tab (and, to compare, the Properties tab) shown while the program scrolls by itself and
its updates arrive (up to 30 a second): 5 s each at full size, 1 s at tiny; and the time to draw
the 3D exploded view of TextureGram's document (in perspective, labelled), until its pixels are
rasterised.

Time travel (docs/web-inspector.md): a deterministic TextureGram run recorded with
WEFT_RECORDING (ten minutes of program time at full size, twenty seconds at tiny size), opened
in the page (RecordingStore.fromFileText), and the time to show revisions spread over it."""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from harness import REPO_ROOT, Gateway, HostProgram, host_program  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SIZES = {"tiny": [1000], "full": [1000, 10000, 100000]}
RECORDING_FRAMES = {"tiny": 1200, "full": 36000}
# Served by the gateway with the page (the page fetches it), removed afterwards.
RECORDING = Path(__file__).resolve().parent / ".texturegram-recording.jsonl"

SEEK = """
const done = arguments[arguments.length - 1];
(async () => {
  const { RecordingStore } = await import('/js/recording-store.js');
  const text = await (await fetch('/bench/.texturegram-recording.jsonl')).text();
  let started = performance.now();
  const store = RecordingStore.fromFileText(text);
  const open = performance.now() - started;
  const first = store.firstRevision, last = store.lastRevision, seeks = 50;
  let slowest = 0, total = 0;
  for (let i = 1; i <= seeks; i++) {
    const revision = first + Math.floor((last - first) * i / seeks);
    started = performance.now();
    store.modelAt(revision);
    const ms = performance.now() - started;
    slowest = Math.max(slowest, ms); total += ms;
  }
  return [["timeline: open a TextureGram recording of " + (last - first + 1) + " revisions", open.toFixed(0), "ms"],
    ["timeline: show a revision, slowest of " + seeks, slowest.toFixed(1), "ms"],
    ["timeline: show a revision, mean", (total / seeks).toFixed(1), "ms"]];
})().then(done, (e) => done({ error: String(e) }));
"""


def record_texturegram(frames):
    texturegram = host_program("TextureGram")
    if texturegram is None:
        raise SystemExit("bench-web: TextureGram is not built (swift build --product TextureGram)")
    env = {k: v for k, v in os.environ.items() if k not in ("WEFT_GATEWAY", "WEFT_INSTANCE")}
    env["WEFT_RECORDING"] = str(RECORDING)
    subprocess.run([str(texturegram), "--frames", str(frames)], env=env, check=True, capture_output=True, timeout=600)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=SIZES, default="full")
    args = parser.parse_args()
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--window-size=1400,900", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.set_script_timeout(300)
        with Gateway(extra_args=["--serve-test-files"]) as gateway:  # bench/ is not one of the page's files
            driver.get(gateway.page_url())
            WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!window.weft"))
            rows = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "import('/bench/bench.js').then((m) => m.runBench(arguments[0])).then(done, (e) => done({error: String(e)}));",
                SIZES[args.size])
            if not isinstance(rows, dict):
                rows += live_tab_figures(driver, gateway, 5 if args.size == "full" else 1)
                record_texturegram(RECORDING_FRAMES[args.size])
                seek = driver.execute_async_script(SEEK)
                rows = seek if isinstance(seek, dict) else rows + seek
    finally:
        driver.quit()
        RECORDING.unlink(missing_ok=True)
    if isinstance(rows, dict):
        print(f"bench-web: {rows['error']}", file=sys.stderr)
        return 1
    for figure, value, unit in rows:
        print(f"BENCH\tweb\t{figure}\t{value}\t{unit}")
    return 0


def texturegram():
    """TextureGram's release build (`make bench` builds it), else its debug build, else None."""
    for config in ("release", "debug"):
        path = REPO_ROOT / ".build" / config / "TextureGram"
        if path.is_file():
            return path
    return None


def live_tab_figures(driver, gateway, seconds):
    """[figure, value, unit] rows: the page's fps per side tab while TextureGram's updates arrive."""
    binary = texturegram()
    if binary is None:
        print("bench-web: TextureGram is not built: no live tab figures", file=sys.stderr)
        return []
    rows = []
    with HostProgram(str(binary), gateway) as app:
        driver.get(f"{gateway.page_url()}#instance={app.instance}")
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "return window.weft && document.getElementById('connection').dataset.state === 'attached' && !!weft.state.model"))
        for tab in ("ranges", "properties"):
            fps, rate = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "import('/bench/bench.js').then((m) => m.liveTabFps(arguments[0], arguments[1])).then(done, (e) => done([0, String(e)]));",
                tab, seconds)
            rows.append([f"{tab.capitalize()} tab frames while TextureGram's updates arrive ({rate:.0f} updates/s)", f"{fps:.1f}", "fps"])
        paint = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('/bench/bench.js').then((m) => m.explodedPaint(31)).then(done, (e) => done(-1));")
        elements = driver.execute_script("return weft.state.model.size")
        rows.append([f"3D exploded view of TextureGram drawn and rasterised, perspective, labels ({elements} elements)", f"{paint:.2f}", "ms"])
    return rows


if __name__ == "__main__":
    sys.exit(main())
