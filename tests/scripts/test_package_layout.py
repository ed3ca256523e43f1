"""Package.swift keeps test and benchmark code out of what a host program links: no library
product reaches WeftTestSupport or WeftSynthetic, and nothing but test targets builds from Tests/."""
import json
import pathlib
import subprocess

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
TEST_HELPERS = {"WeftTestSupport", "WeftSynthetic"}


def package():
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=REPOSITORY, capture_output=True,
                          text=True, check=True)
    description = json.loads(dump.stdout)
    return description, {target["name"]: target for target in description["targets"]}


def reached(targets, names):
    seen, pending = set(), list(names)
    while pending:
        name = pending.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        pending += [dependency["byName"][0] for dependency in targets[name]["dependencies"] if "byName" in dependency]
    return seen


def test_library_products_hold_no_test_or_benchmark_helpers():
    description, targets = package()
    for product in description["products"]:
        if "library" in product["type"]:
            assert not reached(targets, product["targets"]) & TEST_HELPERS, product["name"]


def test_only_test_targets_build_from_tests():
    _, targets = package()
    for name, target in targets.items():
        path = target.get("path") or f"Sources/{name}"
        if target["type"] != "test":
            assert not path.startswith("Tests/"), name
    assert not any((targets[name].get("path") or "").startswith("Tests/") for name in reached(targets, ["weft-bench"]))
