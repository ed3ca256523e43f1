"""scripts/paced-pinned: the threads of the run it pins, the figures it renames, and its refusals.

The benchmark it runs is a stand-in that reports, as figures, the processors its main thread
and a second thread may run on half a second in (weft-bench itself cannot say), so that what
is checked is the affinity the script really set.
"""
import os
import pathlib
import subprocess
import textwrap

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "paced-pinned"
CPUS = sorted(os.sched_getaffinity(0))

# Prints its arguments and where its two threads may run, as weft-bench prints figures.
STAND_IN = textwrap.dedent("""\
    #!/usr/bin/env python3
    import os, sys, threading, time
    if os.environ.get("STAND_IN_FAILS"):
        sys.exit(3)
    seen = {}
    def worker():
        time.sleep(0.5)
        seen["worker"] = os.sched_getaffinity(0)
    thread = threading.Thread(target=worker)
    thread.start()
    time.sleep(0.5)
    seen["main"] = os.sched_getaffinity(0)
    thread.join()
    cpus = lambda name: ",".join(str(cpu) for cpu in sorted(seen[name]))
    print(f"BENCH\\tcapture\\targuments\\t{' '.join(sys.argv[1:])}\\t")
    print(f"BENCH\\tcapture\\tmain thread processors\\t{cpus('main')}\\t")
    print(f"BENCH\\tcapture\\tworker processors\\t{cpus('worker')}\\t")
    print("a line that is not a figure")
""")


@pytest.fixture
def stand_in(tmp_path):
    path = tmp_path / "weft-bench"
    path.write_text(STAND_IN)
    path.chmod(0o755)
    return path


def run(*arguments, env=None, prefix=()):
    return subprocess.run([*prefix, str(SCRIPT), *arguments], capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})))


def figures(output):
    """The report's figures: name -> value (lines that are not figures left out)."""
    rows = [line.split("\t") for line in output.splitlines()]
    return [(row[2], row[3]) for row in rows if len(row) == 5 and row[0] == "BENCH"]


needs_two = pytest.mark.skipif(len(CPUS) < 2, reason="pinning needs two processors (CI has two)")


@needs_two
def test_pins_the_main_thread_alone_and_renames_the_figures(stand_in):
    result = run("--binary", str(stand_in), "--fps", "250", "--size", "tiny")
    assert result.returncode == 0, result.stderr
    others = ",".join(str(cpu) for cpu in CPUS[1:])
    assert figures(result.stdout) == [
        ("arguments, threads pinned", "--paced 250 --size tiny"),
        ("main thread processors, threads pinned", str(CPUS[0])),
        ("worker processors, threads pinned", others),
    ]
    assert "a line that is not a figure" in result.stdout.splitlines()


@needs_two
def test_compare_runs_the_build_unpinned_after(stand_in):
    result = run("--binary", str(stand_in), "--size", "tiny", "--compare")
    assert result.returncode == 0, result.stderr
    every = ",".join(str(cpu) for cpu in CPUS)
    assert figures(result.stdout)[3:] == [
        ("arguments", "--paced 500 --size tiny"),
        ("main thread processors", every),
        ("worker processors", every),
    ]


@needs_two
def test_a_failed_run_fails_the_script(stand_in):
    result = run("--binary", str(stand_in), "--size", "tiny", env={"STAND_IN_FAILS": "1"})
    assert result.returncode != 0
    assert "exited with 3" in result.stderr


def test_one_processor_is_refused(stand_in):
    result = run("--binary", str(stand_in), prefix=("taskset", "-c", str(CPUS[0])))
    assert result.returncode != 0
    assert "needs at least two processors" in result.stderr


def test_a_missing_build_is_named(tmp_path):
    if len(CPUS) < 2:
        pytest.skip("the processor check comes first")
    result = run("--binary", str(tmp_path / "weft-bench"))
    assert result.returncode != 0
    assert "swift build -c release --product weft-bench" in result.stderr
