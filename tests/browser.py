"""Debian's Chromium, headless, driven by selenium: for the tests of the pages printkit makes (the
preview's index.html, the page `printkit serve` serves). Without `chromium` and `chromedriver` the
tests that use it are skipped, unless PRINTKIT_BROWSER_TEST=required (as `.ci/run` sets, having
installed them)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
REQUIRED = os.environ.get("PRINTKIT_BROWSER_TEST") == "required"
needs_chromium = pytest.mark.skipif(not (CHROMIUM and DRIVER) and not REQUIRED,
                                    reason="no chromium and chromedriver (apt-get install chromium chromium-driver)")


def headless_chromium(profile: Path):
    """A new headless Chromium, 1400 x 1000, its profile in the folder `profile`."""
    assert CHROMIUM and DRIVER, "PRINTKIT_BROWSER_TEST=required, but chromium or chromedriver is missing"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1400,1000", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


class phone:
    """Within it, `driver` is a phone, 390 x 844 CSS pixels, as Chromium's device mode makes one: a
    page's viewport tag is honoured (without one a phone lays a page out at 980 px)."""

    def __init__(self, driver):
        self.driver = driver

    def __enter__(self):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
        return self.driver

    def __exit__(self, *exc) -> None:
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


class Serving:
    """`python -m printkit serve ARGS` in `project`, as a designer runs it: `url` once it serves.
    Its terminal is read all along, into `lines` (stdout and stderr): a pipe left unread fills
    (64 KB of "built ..." lines) and then stops serve at its next line."""

    def __init__(self, project: Path, *args: str):
        self.process = subprocess.Popen([sys.executable, "-m", "printkit", "serve", *args], cwd=project,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.url = next((line.split()[1] for line in self.process.stdout if line.startswith("serving ")), None)
        self.readers = [threading.Thread(target=self._read, args=(stream,), daemon=True)
                        for stream in (self.process.stdout, self.process.stderr)]
        for reader in self.readers:
            reader.start()
        assert self.url, self.terminal()

    def _read(self, stream) -> None:
        for line in stream:
            self.lines.append(line.rstrip("\n"))

    def terminal(self) -> str:
        return "\n".join(self.lines)

    def stop(self) -> int:
        """Ctrl-C: serve's exit status, once its terminal is read to its end."""
        self.process.send_signal(signal.SIGINT)
        code = self.process.wait(20)
        for reader in self.readers:
            reader.join(5)
        return code
