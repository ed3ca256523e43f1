"""Fixtures of the end-to-end tests: the real gateway, the real TextureGram and the real web
inspector in headless Chromium. The Chromium driver, the page helper and the fixture that binds
the page to a program are the browser tests' own (tests/browser), imported rather than copied."""
import socket
import subprocess

import pytest

from browser.conftest import driver, gateway, page, pytest_runtest_makereport  # noqa: F401 (fixtures, hook)
from browser.test_live import attached  # noqa: F401 (binds the page to the `app` fixture)
from harness import HostProgram, ProcessError, host_program


def built(name):
    path = host_program(name)
    if path is None:
        pytest.fail(f"{name} is not built (run `swift build`): the end-to-end tests need it")
    return str(path)


@pytest.fixture(scope="session")
def texturegram():
    return built("TextureGram")


@pytest.fixture(scope="session")
def weft_cli():
    return built("weft")


def run_cli(weft_cli, *args, timeout=60):
    """`weft ARGS`; returns the CompletedProcess (text)."""
    try:
        return subprocess.run([weft_cli, *map(str, args)], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as error:
        raise ProcessError(f"weft {' '.join(map(str, args))} did not finish within {timeout}s") from error


def start_texturegram(texturegram, gateway, *args):
    """TextureGram attached to `gateway` with a unique instance; paused once registered."""
    program = HostProgram(texturegram, gateway, args=args)
    program.start()
    program.call("Runtime.pause")
    return program


def free_port():
    """A port nothing listens on right now (the kernel's pick; another program could take it
    before the test does, which the tests would report as a failure to start, not hide)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
