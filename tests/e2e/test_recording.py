"""A deterministic `TextureGram --frames N` run with WEFT_RECORDING (docs/recording-format.md):
the same file every time, valid line by line, and the document `weft recording snapshot --at`
extracts at a revision is the one the program served live at it (its checkpoints, written with
WEFT_SNAPSHOT_DIR in the same run, carry their revision). No gateway is involved."""
import json
import os
import subprocess

from conftest import run_cli
from harness import REPO_ROOT

FRAMES = "600"  # 10 s of program time: scripted drags, a batch fetch, a page turn


def recorded_run(texturegram, directory):
    env = {k: v for k, v in os.environ.items() if k not in ("WEFT_GATEWAY", "WEFT_INSTANCE")}
    env["WEFT_RECORDING"] = str(directory / "run.jsonl")
    env["WEFT_SNAPSHOT_DIR"] = str(directory / "checkpoints")
    result = subprocess.run([texturegram, "--frames", FRAMES], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return directory / "run.jsonl"


def test_a_deterministic_run_records_the_same_file_every_time(texturegram, weft_cli, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = recorded_run(texturegram, tmp_path / "a")
    second = recorded_run(texturegram, tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()

    validated = subprocess.run([str(REPO_ROOT / ".venv/bin/python"), str(REPO_ROOT / "scripts/validate-snapshots"), str(first)],
                               capture_output=True, text=True)
    assert validated.returncode == 0, validated.stdout

    info = run_cli(weft_cli, "recording", "info", first)
    assert info.returncode == 0, info.stderr
    assert "org.weft.TextureGram/default" in info.stdout
    assert "frames 1 to 600" in info.stdout and "end:        finished at frame 600" in info.stdout
    assert "rangeMode" in info.stdout
    assert "lines:      indexed" in info.stdout, "the end record carries the seek index (docs/recording-format.md, Index)"


def without_meta(path):
    document = json.loads(path.read_text())
    document.pop("meta")
    return document


def test_the_snapshot_at_a_revision_is_the_one_served_live_then(texturegram, weft_cli, tmp_path):
    recording = recorded_run(texturegram, tmp_path)
    for name in ("feed-loaded", "exit"):
        live = tmp_path / "checkpoints" / f"{name}.json"
        revision = json.loads(live.read_text())["revision"]
        extracted = tmp_path / f"{name}-from-recording.json"
        result = run_cli(weft_cli, "recording", "snapshot", recording, "--at", revision, "-o", extracted)
        assert result.returncode == 0, result.stderr
        # Byte for byte, meta aside (capturedAt, pid, host and the checkpoint's name are the live run's).
        assert without_meta(extracted) == without_meta(live), name
        same = run_cli(weft_cli, "diff", live, extracted)
        assert same.returncode == 0, same.stdout

    # Two moments of the scroll differ, with weft diff's exit status and report.
    moved = run_cli(weft_cli, "recording", "diff", recording, "frame:60", "time:8")
    assert moved.returncode == 1 and "ASTableNode (feed)" in moved.stdout, moved.stdout + moved.stderr
    same = run_cli(weft_cli, "recording", "diff", recording, "frame:60", "frame:60")
    assert same.returncode == 0 and same.stdout == ""


def test_bad_recordings_get_clear_errors(weft_cli, tmp_path):
    snapshot = REPO_ROOT / "fixtures" / "snapshots"
    foreign = next(snapshot.glob("*.json"))
    result = run_cli(weft_cli, "recording", "info", foreign)
    assert result.returncode == 2 and "not a Weft recording" in result.stderr and "line 1" in result.stderr
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"format":"weft.recording","version":1,"keyframeInterval":5,"limitBytes":99999,"meta":{}}\n{"kind":\n{}\n')
    result = run_cli(weft_cli, "recording", "snapshot", broken, "--at", "1")
    assert result.returncode == 2 and "line 2 (byte 98)" in result.stderr, result.stderr
    result = run_cli(weft_cli, "recording", "info", tmp_path / "missing.jsonl")
    assert result.returncode == 2 and "no such file" in result.stderr


def test_record_session_records_a_running_program_through_the_gateway(gateway, texturegram, weft_cli, tmp_path):
    """`weft record-session`: TextureGram runs in real time (its scripted finger scrolls the feed)
    and the CLI records two seconds of it through the gateway."""
    from harness import HostProgram

    with HostProgram(texturegram, gateway) as program:
        output = tmp_path / "session.jsonl"
        result = run_cli(weft_cli, "record-session", "--gateway", gateway.http_url, "--device",
                         f"org.weft.TextureGram/{program.instance}", "--duration", "2s", "--interval", "0.05", "-o", output)
        assert result.returncode == 0, result.stderr
        assert "revisions" in result.stderr
    validated = subprocess.run([str(REPO_ROOT / ".venv/bin/python"), str(REPO_ROOT / "scripts/validate-snapshots"), str(output)],
                               capture_output=True, text=True)
    assert validated.returncode == 0, validated.stdout
    info = run_cli(weft_cli, "recording", "info", output)
    assert info.returncode == 0 and "end:        finished" in info.stdout, info.stdout + info.stderr
    lines = [json.loads(line) for line in output.read_text().splitlines()]
    updates = [line for line in lines if line.get("kind") == "update"]
    assert len(updates) >= 5, f"{len(updates)} updates in two seconds"
    # Placed by the program's frames, which move on.
    assert updates[-1]["frame"] > updates[0]["frame"] > 0
    # Every revision recorded reads back; the last one is the program's document then.
    for update in (updates[0], updates[len(updates) // 2], updates[-1]):
        extracted = run_cli(weft_cli, "recording", "snapshot", output, "--at", update["revision"])
        assert extracted.returncode == 0, extracted.stderr
        assert json.loads(extracted.stdout)["revision"] == update["revision"]
    moved = run_cli(weft_cli, "recording", "diff", output, updates[0]["revision"], updates[-1]["revision"])
    assert moved.returncode == 1, moved.stdout + moved.stderr
