"""scripts/build-docs: the documentation check over the compiler's symbol graphs.

Every public symbol a module declares needs a documentation comment, members it declares in
extensions of another module's types (`<Module>@<Other>.symbols.json`) included; synthesized
members (no source location) and internal ones are not asked for one. The graphs below are
written the way swift-symbolgraph-extract writes them, cut down to the fields the check reads.
"""
import importlib.machinery
import importlib.util
import json
import pathlib

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "build-docs"


def load_script():
    loader = importlib.machinery.SourceFileLoader("build_docs", str(SCRIPT))
    spec = importlib.util.spec_from_loader("build_docs", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def symbol(path, kind, documented, access="public", located=True):
    entry = {"pathComponents": path, "kind": {"identifier": f"swift.{kind}"}, "accessLevel": access}
    if located:
        entry["location"] = {"uri": "file:///Sources/Demo/Demo.swift", "position": {"line": 1, "character": 4}}
    if documented:
        entry["docComment"] = {"lines": [{"text": "What it is."}]}
    return entry


def write_graphs(root, files):
    directory = root / "Demo"
    directory.mkdir(parents=True)
    for name, symbols in files.items():
        (directory / name).write_text(json.dumps({"symbols": symbols}))


def check(tmp_path, files, capsys):
    build_docs = load_script()
    build_docs.MODULES = ["Demo"]
    write_graphs(tmp_path, files)
    passed = build_docs.check_coverage(tmp_path)
    return passed, capsys.readouterr()


def test_passes_when_every_public_symbol_is_documented(tmp_path, capsys):
    passed, output = check(tmp_path, {
        "Demo.symbols.json": [
            symbol(["Widget"], "class", True),
            symbol(["Widget", "size"], "property", True),
            symbol(["Widget", "hidden"], "property", False, access="internal"),
            symbol(["Widget", "hash(into:)"], "method", False, located=False),
        ],
        "Demo@Other.symbols.json": [
            symbol(["Colour"], "extension", False),
            symbol(["Colour", "teal"], "type.property", True),
        ],
    }, capsys)
    assert passed
    assert "3 of 3 public symbols documented" in output.out
    assert output.err == ""


def test_fails_and_names_an_undocumented_symbol_in_the_module_and_in_an_extension(tmp_path, capsys):
    passed, output = check(tmp_path, {
        "Demo.symbols.json": [
            symbol(["Widget"], "class", True),
            symbol(["Widget", "size"], "property", False),
        ],
        "Demo@Other.symbols.json": [
            symbol(["Colour", "teal"], "type.property", False),
        ],
    }, capsys)
    assert not passed
    assert "Demo.Widget.size (property) is public and has no documentation comment" in output.err
    assert "Demo.Colour.teal (type.property) is public and has no documentation comment" in output.err
    assert "1 of 3 public symbols documented" in output.out
