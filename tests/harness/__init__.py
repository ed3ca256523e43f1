"""Reusable end-to-end test harness (docs/architecture.md, "Tests and conventions").

Every Python end-to-end test uses it: it starts the real gateway on a free port (`--port 0`,
reading the port from the gateway's first stdout line), starts real host programs with unique
`WEFT_INSTANCE` names, and stops everything within a bounded time, even when a test fails.
"""
from .paths import REPO_ROOT, ARTIFACTS, DOWNLOADS, gateway_binary, host_program
from .processes import ProcessError, wait_until
from .gateway import Gateway
from .host import HostProgram, unique_instance

__all__ = [
    "REPO_ROOT", "ARTIFACTS", "DOWNLOADS", "gateway_binary", "host_program", "ProcessError", "wait_until",
    "Gateway", "HostProgram", "unique_instance",
]
