"""A deterministic `TextureGram --frames N` run with WEFT_RECORDING (docs/recording-format.md):
the same file every time, valid line by line, and the document `weft recording snapshot --at`
extracts at a revision is the one the program served live at it (its checkpoints, written with
WEFT_SNAPSHOT_DIR in the same run, carry their revision). No gateway is involved."""
import json
import os
import subprocess
import time

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


def load_lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_record_session_records_every_revision_the_program_streams(gateway, texturegram, weft_cli, tmp_path):
    """`weft record-session`: TextureGram runs in real time (its scripted finger scrolls the feed)
    and records its own run (WEFT_RECORDING) while the CLI records four seconds of it through the
    gateway (they hold a range controller's scripted switch to full mode, at about three seconds
    of program time). Mid-session an inspector pauses and resumes the program, edits it, sends a
    memory warning and the application to the background and back. Every revision of that
    window is in the session's file, line for line as the program wrote it (ops, frame, time),
    with every marker the program's own recording has there (edits, range modes, memory
    warnings, application states, pauses: the same revision, frame, time and detail), and the
    document extracted at a revision is the one the program served live then. Ctrl-C ends a
    second session with a valid file."""
    import signal

    from harness import HostProgram

    program_file = tmp_path / "program.jsonl"
    program = HostProgram(texturegram, gateway, env={"WEFT_RECORDING": str(program_file)})
    program.start()
    try:
        output = tmp_path / "session.jsonl"
        session = subprocess.Popen([weft_cli, "record-session", "--gateway", gateway.http_url, "--device",
                                    f"org.weft.TextureGram/{program.instance}", "--duration", "4s", "-o", str(output)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # Mid-session, the live document at one revision (paused, so it stays that revision),
        # then what the markers are about, paused and running.
        time.sleep(1.5)
        program.call("Runtime.pause")
        status, live = gateway.get_json(f"/api/devices/{program.device_id}/snapshot")
        assert status == 200, live
        root = live["roots"][0]["id"]
        program.call("Layout.setStyle", {"id": root, "property": "minHeight", "value": 10})
        program.call("Runtime.simulateMemoryWarning")
        program.call("Runtime.resume")
        time.sleep(0.3)
        program.call("Runtime.setApplicationState", {"state": "background"})
        time.sleep(0.3)
        program.call("Runtime.setApplicationState", {"state": "active"})
        program.call("Layout.revertEdits")
        _, stderr = session.communicate(timeout=30)
        assert session.returncode == 0, stderr
        assert "revisions" in stderr

        interrupted = tmp_path / "interrupted.jsonl"
        second = subprocess.Popen([weft_cli, "record-session", "--gateway", gateway.ws_url, "--device",
                                   program.device_id, "--duration", "60", "-o", str(interrupted)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1.5)
        second.send_signal(signal.SIGINT)
        _, stderr = second.communicate(timeout=10)
        assert second.returncode == 0 and "(interrupted)" in stderr, stderr
    finally:
        program.stop()  # SIGTERM: the program ends its own recording

    for path in (output, interrupted):
        validated = subprocess.run([str(REPO_ROOT / ".venv/bin/python"), str(REPO_ROOT / "scripts/validate-snapshots"), str(path)],
                                   capture_output=True, text=True)
        assert validated.returncode == 0, validated.stdout
        info = run_cli(weft_cli, "recording", "info", path)
        assert info.returncode == 0 and "end:        finished" in info.stdout, info.stdout + info.stderr
    assert load_lines(interrupted)[-1]["kind"] == "end"

    session_lines = load_lines(output)
    program_lines = load_lines(program_file)
    updates = [line for line in session_lines if line.get("kind") == "update"]
    revisions = [update["revision"] for update in updates]
    assert len(updates) >= 30, f"{len(updates)} updates in four seconds"
    # Every revision from the first keyframe on, none missed, each as the program recorded it.
    first_keyframe = next(line for line in session_lines if line.get("kind") == "keyframe")
    assert revisions == list(range(first_keyframe["revision"] + 1, revisions[-1] + 1))
    by_revision = {line["revision"]: line for line in program_lines if line.get("kind") == "update"}
    assert [by_revision[r] for r in revisions] == updates
    # Every marker of the window, as the program recorded it, in the order it came.
    frames = range(first_keyframe["frame"], updates[-1]["frame"] + 1)
    def markers(lines):
        return [(m["frame"], m["revision"], m["marker"], m.get("detail", ""), m["time"])
                for m in lines if m.get("kind") == "marker" and m["frame"] in frames]
    recorded = markers(session_lines)
    # (Range modes that change in one revision may be listed in another order.)
    assert sorted(recorded) == sorted(markers(program_lines))
    assert [(kind, detail) for _, _, kind, detail, _ in recorded if kind != "rangeMode"] == [
        ("pause", "paused"), ("edit", "Layout.setStyle"), ("memoryWarning", ""), ("pause", "resumed"),
        ("applicationState", "background"), ("applicationState", "active"), ("edit", "Layout.revertEdits")]
    assert any(kind == "rangeMode" for _, _, kind, _, _ in recorded)

    # The document at the revision served live, extracted from the session's recording.
    assert live["revision"] in revisions
    extracted = tmp_path / "extracted.json"
    result = run_cli(weft_cli, "recording", "snapshot", output, "--at", live["revision"], "-o", extracted)
    assert result.returncode == 0, result.stderr
    live.pop("meta")
    assert without_meta(extracted) == live
