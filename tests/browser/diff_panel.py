"""Driving and reading the Diff panel, for the tests on files (test_snapshot_files.py) and on the
live app (test_live_diff.py)."""
import json

from harness import REPO_ROOT

# The names `weft diff --ignore` lists in its error, one line per group: the fixture Swift's CLI
# and the page are both checked against, so the page's error is compared with the CLI's words.
IGNORE_LISTING = json.loads((REPO_ROOT / "fixtures" / "semantic-diff" / "names" / "ignore-names.json").read_text())["listing"]

SUMMARY = "const s = document.getElementById('diff-summary'); return s && s.textContent"
DIFF_TITLES = "return [...document.querySelectorAll('#diff-table tr.diff-row')].map(r => r.title)"

# The unknown-name error as the page shows it: its first line, the names marked as refused, each
# group of chips read back as a line of the CLI's listing (`label: a, b (note); c (note)`), and
# whether the ignore field is marked invalid. Null while no such error is shown.
IGNORE_ERROR = """
const error = document.querySelector('#diff-error .ignore-error');
if (!error) return null;
const head = error.querySelector('.ignore-error-head');
const run = (list) => {
  const names = [...list.querySelectorAll('li:not(.run-note)')].map((li) => li.textContent).join(', ');
  const note = list.querySelector('li.run-note');
  return note ? `${names} ${note.textContent}` : names;
};
return {
  head: head.textContent,
  refused: [...head.querySelectorAll('mark.refused-name')].map((mark) => mark.textContent),
  listing: [...error.querySelectorAll('.ignore-group')].map((group) =>
    `${group.querySelector('.ignore-group-label').textContent} ${[...group.querySelectorAll('ul.name-chips')].map(run).join('; ')}`),
  invalid: document.getElementById('diff-ignore').getAttribute('aria-invalid') === 'true',
};"""


def run_diff_ignoring(page, names):
    """Types `names` into the ignore field and presses Enter (which runs the diff)."""
    field = page.driver.find_element("id", "diff-ignore")
    field.clear()
    field.send_keys(names + "\n")


def wait_summary(page, summary, what):
    """Waits until the panel's summary line reads `summary` (`No differences.`, `2 moved, ...`)."""
    page.wait(lambda driver: driver.execute_script(SUMMARY) == summary, what)
