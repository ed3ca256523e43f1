#!/usr/bin/env python3
"""The web inspector's benchmark (`make bench-web`): starts the real gateway (tests/harness),
opens the page in headless Chromium and runs bench.js in it. Prints
`BENCH\tweb\t<figure>\t<value>\t<unit>` lines for scripts/bench-report.

--size full: 1 000, 10 000 and 100 000 elements; --size tiny: 1 000 (for `make test`).
Then, with TextureGram built (release first), the frames per second the page presents with the
Ranges tab (and, to compare, the Properties tab) shown while the program scrolls by itself and
its updates arrive (up to 30 a second): 5 s each at full size, 1 s at tiny; and the time to draw
the 3D exploded view of TextureGram's document."""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from harness import REPO_ROOT, Gateway, HostProgram  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SIZES = {"tiny": [1000], "full": [1000, 10000, 100000]}


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
    finally:
        driver.quit()
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
        rows.append([f"3D exploded view of TextureGram drawn ({elements} elements)", f"{paint:.2f}", "ms"])
    return rows


if __name__ == "__main__":
    sys.exit(main())
