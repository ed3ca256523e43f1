"""`TextureGram --frames N` is deterministic: two runs with WEFT_SNAPSHOT_DIR write the same
checkpoints (compared with `weft diff`, which ignores meta and revision), and `weft record` /
`weft verify` agree run after run. No gateway is involved (WEFT_SNAPSHOT_DIR without
WEFT_GATEWAY connects nowhere)."""
import json
import os
import subprocess

import jsonschema

from conftest import run_cli
from harness import REPO_ROOT

FRAMES = "600"  # 10 s of program time: several scripted drags, a batch fetch, a page turn
CHECKPOINTS = ["exit.json", "feed-loaded.json", "first-layout.json"]


def deterministic_run(program, directory, frames=FRAMES):
    """`program --frames N` with WEFT_SNAPSHOT_DIR and no gateway; the checkpoint file names."""
    env = {k: v for k, v in os.environ.items() if k not in ("WEFT_GATEWAY", "WEFT_INSTANCE")}
    env["WEFT_SNAPSHOT_DIR"] = str(directory)
    result = subprocess.run([program, "--frames", frames], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return sorted(path.name for path in directory.iterdir())


def test_two_runs_write_identical_checkpoints(texturegram, weft_cli, tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    assert deterministic_run(texturegram, first) == CHECKPOINTS
    assert deterministic_run(texturegram, second) == CHECKPOINTS
    for name in CHECKPOINTS:
        result = run_cli(weft_cli, "diff", first / name, second / name)
        assert result.returncode == 0, f"{name}:\n{result.stdout}{result.stderr}"
    # Every checkpoint is a valid snapshot (docs/snapshot.schema.json).
    schema = json.loads((REPO_ROOT / "docs" / "snapshot.schema.json").read_text())
    for name in CHECKPOINTS:
        jsonschema.validate(json.loads((first / name).read_text()), schema)
    # The run did something: the feed scrolled between the first layout and the exit.
    moved = run_cli(weft_cli, "diff", first / "first-layout.json", first / "exit.json")
    assert moved.returncode == 1 and "ASTableNode (feed)" in moved.stdout


def test_record_then_verify_passes(texturegram, weft_cli, tmp_path):
    baselines = tmp_path / "baselines"
    recorded = run_cli(weft_cli, "record", baselines, "--", texturegram, "--frames", FRAMES, timeout=180)
    assert recorded.returncode == 0, recorded.stderr
    assert sorted(p.name for p in baselines.iterdir() if p.suffix == ".json") == CHECKPOINTS
    verified = run_cli(weft_cli, "verify", baselines, "--", texturegram, "--frames", FRAMES, timeout=180)
    assert verified.returncode == 0, verified.stdout + verified.stderr
