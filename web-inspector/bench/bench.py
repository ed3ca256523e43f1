#!/usr/bin/env python3
"""The web inspector's benchmark (`make bench-web`): starts the real gateway (tests/harness),
opens the page in headless Chromium and runs bench.js in it. Prints
`BENCH\tweb\t<figure>\t<value>\t<unit>` lines for scripts/bench-report.

--size full: 1 000, 10 000 and 100 000 elements; --size tiny: 1 000 (for `make test`)."""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from harness import Gateway  # noqa: E402
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
    finally:
        driver.quit()
    if isinstance(rows, dict):
        print(f"bench-web: {rows['error']}", file=sys.stderr)
        return 1
    for figure, value, unit in rows:
        print(f"BENCH\tweb\t{figure}\t{value}\t{unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
