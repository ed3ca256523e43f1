"""scripts/bench-report: the table it writes, and the figures it says moved since the last one.

The expectations follow the script's rules (docs/benchmarks.md is a Markdown table of suite,
figure, value, unit; a figure moved when it changed by more than 10 % of its old value, or by
more than 2 points when its unit is a percentage), worked out by hand for each line below.
"""
import os
import pathlib
import subprocess

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "bench-report"

OLD_TABLE = """# Benchmarks

Measured on: the test machine.

| suite | figure | value | unit |
|---|---|---:|---|
| capture | host overhead streaming | 12.0 | % |
| capture | bytes per element (1k elements) | 186.5 | B |
| snapshot | encode us/element (1k) | 0.280 | us |
| snapshot | decode us/element (1k) | 1.00 | us |
| gone | a figure no longer printed | 5 | us |
"""


def run(stdin, *arguments, machine="the test machine"):
    environment = dict(os.environ, WEFT_BENCH_MACHINE=machine)
    return subprocess.run([str(SCRIPT), *arguments], input=stdin, capture_output=True, text=True, check=True,
                          env=environment)


def bench(suite, figure, value, unit):
    return f"BENCH\t{suite}\t{figure}\t{value}\t{unit}\n"


def test_writes_the_table_and_lists_what_moved(tmp_path):
    out = tmp_path / "benchmarks.md"
    out.write_text(OLD_TABLE)
    stdin = ("a line that is not a figure\n"
             + bench("capture", "host overhead streaming", "14.5", "%")          # +2.5 points: moved
             + bench("capture", "bytes per element (1k elements)", "186.7", "B")  # +0.1 %: not moved
             + bench("snapshot", "encode us/element (1k)", "0.350", "us")         # +25 %: moved
             + bench("snapshot", "decode us/element (1k)", "0.95", "us")          # -5 %: not moved
             + bench("snapshot", "a new figure", "3", "us"))                      # no old value
    result = run(stdin, "--out", str(out))
    assert result.stdout.startswith("a line that is not a figure\n")
    moved = result.stdout.split("Moved since the last ")[1].splitlines()[1:]
    assert moved == [  # the same machine: no word about it
        "  capture  host overhead streaming: 12 -> 14.5 % (+2.5 points)",
        "  snapshot  encode us/element (1k): 0.28 -> 0.350 us (+25 %)",
    ]
    rows = [line for line in out.read_text().splitlines() if line.startswith("| ") and "---" not in line]
    assert rows == [
        "| suite | figure | value | unit |",
        "| capture | host overhead streaming | 14.5 | % |",
        "| capture | bytes per element (1k elements) | 186.7 | B |",
        "| snapshot | encode us/element (1k) | 0.350 | us |",
        "| snapshot | decode us/element (1k) | 0.95 | us |",
        "| snapshot | a new figure | 3 | us |",
    ]


def test_without_an_earlier_table_nothing_is_compared(tmp_path):
    out = tmp_path / "benchmarks.md"
    result = run(bench("capture", "host overhead streaming", "14.5", "%"), "--out", str(out))
    assert "Moved since" not in result.stdout
    assert "before" not in result.stdout
    assert "| capture | host overhead streaming | 14.5 | % |" in out.read_text()


def test_without_out_it_only_prints(tmp_path):
    result = run(bench("capture", "host overhead streaming", "14.5", "%"))
    assert "host overhead streaming" in result.stdout
    assert "Moved since" not in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_a_table_from_another_machine_is_named_above_what_moved(tmp_path):
    out = tmp_path / "benchmarks.md"
    out.write_text(OLD_TABLE)
    stdin = bench("snapshot", "encode us/element (1k)", "0.350", "us")
    result = run(stdin, "--out", str(out), machine="a slower machine")
    moved = result.stdout.split("Moved since the last ")[1].splitlines()[1:]
    assert moved == [
        "  (measured on another machine: the test machine; this run: a slower machine."
        " A different processor moves every figure.)",
        "  snapshot  encode us/element (1k): 0.28 -> 0.350 us (+25 %)",
    ]
    assert "Measured on: a slower machine.\n" in out.read_text()


def test_a_table_without_a_machine_is_from_an_unrecorded_one(tmp_path):
    out = tmp_path / "benchmarks.md"
    out.write_text(OLD_TABLE.replace("Measured on: the test machine.\n", ""))
    result = run(bench("snapshot", "encode us/element (1k)", "0.350", "us"), "--out", str(out))
    assert "(measured on another machine: not recorded; this run: the test machine." in result.stdout


def test_the_machine_is_described_without_an_override(tmp_path):
    out = tmp_path / "benchmarks.md"
    environment = {key: value for key, value in os.environ.items() if key != "WEFT_BENCH_MACHINE"}
    subprocess.run([str(SCRIPT), "--out", str(out)], input=bench("a", "b", "1", "us"), capture_output=True,
                   text=True, check=True, env=environment)
    line = next(line for line in out.read_text().splitlines() if line.startswith("Measured on: "))
    assert f"{os.cpu_count()} x " in line
