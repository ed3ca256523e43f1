"""scripts/check-self-contained: nothing in the repository refers to a file outside it."""
import pathlib
import subprocess

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = REPOSITORY / "scripts" / "check-self-contained"


def check(root):
    return subprocess.run([str(SCRIPT), str(root)], capture_output=True, text=True)


def test_the_repository_refers_to_nothing_outside_it():
    result = check(REPOSITORY)
    assert result.returncode == 0, result.stdout + result.stderr


def repository_with(tmp_path, files):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", "."], check=True)
    return tmp_path


def test_each_kind_of_outside_reference_is_reported_with_its_line(tmp_path):
    outside = "/" + "work" + "/spec.md"
    up = "../"  # spelled in pieces: this file is checked too
    root = repository_with(tmp_path, {
        "docs/a.md": f"fine\n[rules]({up * 2}elsewhere/rules.md)\n[gone](missing.md)\n[here](b.md#top)\n",
        "docs/b.md": "see https://example.com/home/x and /api/devices\n",
        "src/x.c": f"/* {outside} */\n",
        "src/y.swift": f"// the rules of {up}" + "shared/texture-semantics.md\n",
        "src/z.js": f"import '{up * 4}outside.js';\nimport '{up}docs/a.md';\n",
        "src/w.py": "# " + "DESIGN" + ".md, Conventions\n",
    })
    result = check(root)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "docs/a.md:2: ../../elsewhere/rules.md climbs out of the repository",
        "docs/a.md:2: link ../../elsewhere/rules.md leaves the repository",
        "docs/a.md:3: link missing.md names no file in the repository",
        "src/w.py:1: refers to DESIGN" + ".md, which is not in the repository",
        "src/x.c:1: absolute path outside the repository (/" + "work/...)",
        f"src/y.swift:1: refers to {up}shared, which is not in the repository",
        f"src/z.js:1: {up * 4}outside.js climbs out of the repository",
    ]


def test_files_that_are_not_tracked_are_not_read(tmp_path):
    root = repository_with(tmp_path, {"README.md": "ok\n"})
    (root / "notes.txt").write_text("/" + "home" + "/someone\n")
    assert check(root).returncode == 0
