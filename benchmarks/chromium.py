"""Headless Chromium for the benchmarks of `printkit serve` (bench_build.py, bench_serve.py): both
measure what a designer waits for the same way, from a file's save to the edited card's new
picture shown in the page (its <img> pointing at a new URL, that picture loaded and decoded),
on the browser's clock against the save's. None where selenium, chromium or chromedriver is missing."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

WAIT = 30.0  # seconds at most for a picture to change


def missing() -> str | None:
    """Why Chromium cannot be driven here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install selenium)"
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        return "no chromium and chromedriver (apt-get install chromium chromium-driver)"
    return None


class Page:
    """A page open in headless Chromium, one picture of it followed (a CSS selector)."""

    def __init__(self, url: str, profile: Path):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium")
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     "--window-size=1400,1000", f"--user-data-dir={profile}"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        self.driver.get(url)

    def follow(self, selector: str) -> None:
        """Follow the picture `selector` finds, once the page shows it with a version (drawn)."""
        self.selector = selector.replace('"', '\\"')
        deadline = time.monotonic() + WAIT * 4
        while not self.driver.execute_script(f"""const img = document.querySelector("{self.selector}");
                return img && img.getAttribute('src').includes('?v=') && img.complete && img.naturalWidth""") \
                and time.monotonic() < deadline:
            time.sleep(0.05)
        self.driver.execute_script(f'document.querySelector("{self.selector}").scrollIntoView()')

    def settled(self, index: str | None) -> None:
        """Wait for the page to be made again after a save (its index no longer `index`)."""
        deadline = time.monotonic() + WAIT
        while self.index() == index and time.monotonic() < deadline:
            time.sleep(0.05)

    def index(self) -> str | None:
        return self.driver.execute_script("return window.printkitLive && window.printkitLive.index")

    def saved_to_shown(self, save) -> float:
        """Seconds from `save()` to the followed picture's new version shown (checked every frame)."""
        before = self.driver.execute_script(f'return document.querySelector("{self.selector}").getAttribute("src")')
        self.driver.execute_script(f"""window.shownAt = 0; const old = arguments[0];
            (function look() {{ const img = document.querySelector("{self.selector}");
              if (img && img.getAttribute('src') !== old && img.complete && img.naturalWidth) window.shownAt = Date.now();
              else requestAnimationFrame(look); }})();""", before)
        saved = time.time()
        save()
        deadline = time.monotonic() + WAIT
        while not self.driver.execute_script("return window.shownAt") and time.monotonic() < deadline:
            time.sleep(0.02)
        shown = self.driver.execute_script("return window.shownAt")
        if not shown:
            raise SystemExit("printkit serve: the edited card's picture never changed in the page")
        return shown / 1000 - saved

    def quit(self) -> None:
        self.driver.quit()
