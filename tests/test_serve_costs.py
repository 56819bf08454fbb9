"""What a save costs `printkit serve` around its build (issue 41, point 4): the page's look for the
cards changed since printed never holds more than one of the browser's few connections to printkit
(it is answered once the build under way is done, and the edited card's new picture is fetched
through those connections), and with nothing recorded it is answered at once, build or not.

The page is Debian's Chromium run headless on the Numbered Cards kit served as a designer serves it
(tests/browser.py), as tests/test_serve_browser.py does."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time

import pytest

from browser import Serving, headless_chromium, needs_chromium
from conftest import CONTENT, ROOT
from printkit.live.serve import Proofing

GAME = "numbered-cards"
ABILITY = "Rearrange all cards in the row."
# counts the page's looks at /_printkit/printed under way at once (live.js calls the global fetch)
COUNTED = """window.looks = {now: 0, most: 0, done: 0}; const fetched = window.fetch;
window.fetch = function (url, options) {
  if (String(url).indexOf('/_printkit/printed') < 0) return fetched(url, options);
  looks.now += 1; looks.most = Math.max(looks.most, looks.now);
  const end = () => { looks.now -= 1; looks.done += 1; };
  return fetched(url, options).then(r => { end(); return r; }, e => { end(); throw e; });
};"""


def wait(condition, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout} s: {condition}")


def edit(project, old: str, new: str) -> None:
    path = project / "content" / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


@needs_chromium
def test_the_page_looks_for_changes_since_printed_once_at_a_time_and_once_more_after_the_last_state(tmp_path):
    """Printed recorded, so each look waits for the build: an edit's several states (its picture,
    then its index) make one look at a time, and the last look, made after the last state, counts
    the edited card."""
    project = tmp_path / "project"
    shutil.copytree(CONTENT / GAME, project / "content" / GAME)
    shutil.copytree(ROOT / "templates", project / "templates")
    serving = Serving(project, GAME, "--content", "content", "--dpi", "100")
    driver = headless_chromium(tmp_path / "chromium")
    try:
        driver.get(serving.url)
        wait(lambda: driver.execute_script("return window.printkitLive && window.printkitLive.version") >= 1)
        assert subprocess.run([sys.executable, "-m", "printkit", "printed", GAME, "--content", "content"],
                              cwd=project, capture_output=True).returncode == 0
        button = driver.find_element("id", "printkit-printed-open")
        wait(lambda: button.is_displayed() and button.text == "Changed since printed (0)")
        driver.execute_script(COUNTED)
        for n in range(3):  # saves in a row, each its own build, each told in several states
            edit(project, ABILITY if n == 0 else f"Rearrange the row ({n - 1}).", f"Rearrange the row ({n}).")
            time.sleep(0.4)
        wait(lambda: button.text == "Changed since printed (1)")
        wait(lambda: driver.execute_script("return looks.now") == 0)
        looks = driver.execute_script("return looks")
        assert looks["most"] == 1 and looks["done"] >= 2, looks
    finally:
        driver.quit()
        assert serving.stop() == 0, serving.terminal()


def test_with_nothing_recorded_the_look_is_answered_while_a_build_holds_the_lock(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    proofing = Proofing([], content, tmp_path / "output", None, 100, say=lambda line: None,
                        complain=lambda line: None)
    answers = []
    with proofing.lock:  # a build under way
        looking = threading.Thread(target=lambda: answers.append(proofing.printed()), daemon=True)
        looking.start()
        looking.join(2)
        assert answers == [{"recorded": False}]


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
