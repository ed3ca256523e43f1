"""Where the repository's programs and artifacts are."""
import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("WEFT_ARTIFACTS", REPO_ROOT / "artifacts"))
DOWNLOADS = ARTIFACTS / "downloads"  # where the browser tests' Chromium saves downloads


def gateway_binary() -> Path:
    """The gateway built by `make -C gateway` (override with WEFT_GATEWAY_BINARY)."""
    return Path(os.environ.get("WEFT_GATEWAY_BINARY", REPO_ROOT / "gateway" / "build" / "weft-gateway"))


def host_program(name: str) -> Path | None:
    """A Swift executable of the package (debug build first, then release), or None."""
    for config in ("debug", "release"):
        candidate = REPO_ROOT / ".build" / config / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None
