"""Fixtures of the DevTools tests: the real gateway and TextureGram (tests/e2e), and CDP clients
on the gateway's DevTools socket."""
import pytest

from e2e.conftest import built, free_port, start_texturegram, texturegram  # noqa: F401 (fixtures)
from browser.conftest import driver, gateway, pytest_runtest_makereport  # noqa: F401 (fixtures, hook)
from cdp_client import CDP


@pytest.fixture
def app(gateway, texturegram):
    """TextureGram, paused once registered, its scripted finger off (the tests drag it)."""
    program = start_texturegram(texturegram, gateway, "--no-scroll")
    yield program
    if program.process is not None:
        program.stop()


def devtools_url(gateway, app):
    return f"ws://127.0.0.1:{gateway.port}/devtools/page/{app.device_id}"


@pytest.fixture
def cdp(gateway, app):
    client = CDP(devtools_url(gateway, app))
    yield client
    client.close()
