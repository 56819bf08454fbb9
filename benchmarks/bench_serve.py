"""Benchmark (issue 41, points 3, 4 and 5): `printkit serve` where a designer waits. It asserts nothing.

    python benchmarks/bench_serve.py [--runs N] [--quick] [--only starter|xlsx-100|csv-1000 ...]

printkit is installed as a user installs it (bench_build.py's `install`: a new venv and `pip install`
of a clean copy of this repository, not editable; `--venv DIR`: a venv printkit is already so
installed in). Each project is served by that venv's `python -m printkit serve` in a new process,
with a page cache of its own, after a `printkit build` of it (what "the last build" leaves: its PDFs,
no pictures yet). The figures, medians of --runs:
- start: from the process's start to the page answering with every card's picture listed (GET /,
  each card picture's <img> counted), for the starter game (`printkit new`) and for a declared deck of
  1,000 rows (bench_sets.py's project: bench_deck.py's game, its table grown); bar 2 s whatever the size;
- save to new picture shown: from the file's save to the changed card's new picture shown in the
  page open in headless Chromium (benchmarks/chromium.py, as bench_build.py's serve figure measures
  it: its <img> at a new URL, loaded); without Chromium, to the event stream telling the picture's
  new version and that picture answering at it (said so). One card's text in the starter game (bar
  0.3 s), a cell of a 100-row .xlsx sheet (bar 0.5 s), one row of the 1,000-row deck's CSV (bar
  0.5 s). Each save is made once the page that follows the last one's pictures is made.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import chromium  # noqa: E402  (the benchmarks' own modules)
from bench_build import Bench, install  # noqa: E402
from bench_sets import project  # noqa: E402

START_BAR = 2.0
BARS = {"starter": 0.3, "xlsx-100": 0.5, "csv-1000": 0.5}
STARTER_TEXT = "1 point. Beats the 12"  # the starter game's first card's words, in its game.yaml
WAIT = 120.0  # seconds at most for anything the benchmark awaits


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


BENCH: Bench | None = None  # the venv printkit is installed in (main)


def env(cache: Path) -> dict:
    return BENCH.env(cache)


def printkit(*args, cwd: Path, cache: Path) -> None:
    subprocess.run([BENCH.python, "-m", "printkit", *map(str, args)], cwd=cwd, env=env(cache), check=True,
                   stdout=subprocess.DEVNULL)


# --- the projects -----------------------------------------------------------------------------------

def starter(tmp: Path) -> Path:
    folder = tmp / "starter"
    printkit("new", folder, cwd=tmp, cache=tmp / "cache-new")
    return folder


class Served:
    """`printkit serve` of a project in its own process, on a port chosen before it starts."""

    def __init__(self, folder: Path, cache: Path):
        self.folder, self.port, self.out = folder, free_port(), folder / "output"
        self.started = time.perf_counter()
        self.process = subprocess.Popen([BENCH.python, "-m", "printkit", "serve", "--port", str(self.port)],
                                        cwd=folder, env=env(cache), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)

    def get(self, path: str) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def listed(self, cards: int) -> float:
        """Seconds from the process's start to the page listing `cards` card pictures."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                status, page = self.get("/")
            except OSError:  # not listening yet
                time.sleep(0.02)
                continue
            if status == 200 and len(re.findall(rb'<img[^>]+src="[^"]*/card-\d+\.png', page)) >= cards:
                return time.perf_counter() - self.started
            time.sleep(0.02)
        raise SystemExit(f"printkit serve never listed {cards} cards' pictures")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


class Events:
    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        self.connection.request("GET", "/_printkit/events")
        self.response = self.connection.getresponse()

    def next(self) -> dict:
        while True:
            line = self.response.readline()
            if not line:
                raise SystemExit("printkit serve: the event stream ended")
            if line.startswith(b"data: "):
                return json.loads(line[6:])

    def close(self) -> None:
        self.connection.close()


def first_card(page: bytes, product: str) -> str:
    """The path of the product's first card's picture, as the page lists it."""
    found = sorted(re.findall(rf'<img[^>]+src="([^"?]*/{product}/card-\d+\.png)'.encode(), page))
    return unquote(found[0].decode())


def saved_to_served(served: Served, picture: str, edit) -> tuple[float, float]:
    """Seconds from `edit()` (a save) to the picture's new version answering, and to the page
    made again after it (the next save is made once it is: a designer reads the picture first)."""
    events = Events(served.port)
    try:
        state = events.next()
        while not state["images"].get(picture):  # pictures drawn in the background at start: once all are
            state = events.next()
        before, index = state["images"][picture], state["index"]
        old = served.get(f"/{picture}?v={before}")[1]
        saved, shown = time.perf_counter(), None
        edit()
        while True:
            state = events.next()
            version = state["images"].get(picture)
            if shown is None and version and version != before:
                status, data = served.get(f"/{picture}?v={version}")
                if status == 200 and data != old:
                    shown = time.perf_counter() - saved
            if shown is not None and state["index"] != index:
                return shown, time.perf_counter() - saved
    finally:
        events.close()


def replaced(path: Path, old: str, new: str):
    def edit() -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text, (path, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


def row(path: Path, number: int, text: str):
    """The CSV's row `number` (1: the first card) with its text (the last column) replaced."""
    def edit() -> None:
        lines = path.read_text(encoding="utf-8").split("\n")
        lines[number] = lines[number].rsplit(",\"", 1)[0] + f',"{text}"'
        path.write_text("\n".join(lines), encoding="utf-8")
    return edit


def cell(path: Path, at: str, value: str):
    def edit() -> None:
        import openpyxl
        book = openpyxl.load_workbook(path)
        book["Cards"][at] = value
        book.save(path)
    return edit


# --- the runs --------------------------------------------------------------------------------------------

def measure(name: str, folder: Path, cards: int, product: str, edits, tmp: Path) -> tuple[float, list[float]]:
    cache = tmp / f"cache-{name}"
    printkit("build", cwd=folder, cache=cache)
    shutil.rmtree(folder / "output" / "preview", ignore_errors=True)  # a build leaves PDFs, no pictures
    say(f"{name}: serve")
    served = Served(folder, cache)
    try:
        start = served.listed(cards)
        picture = first_card(served.get("/")[1], product)
        status, _ = served.get(f"/{picture}")
        say(f"  listed in {start:.2f} s; its first card's picture answered ({status}) at "
            f"{time.perf_counter() - served.started:.2f} s")
        if chromium.missing():
            say(f"  measured without a browser: {chromium.missing()}")
            return start, served_without_browser(served, picture, edits)
        page = chromium.Page(f"http://127.0.0.1:{served.port}/", tmp / f"chromium-{name}")
        try:
            page.follow(f'figure.card a.card img[src^="{picture}?"]')
            times = []
            for i, edit in enumerate(edits):
                index = page.index()
                times.append(page.saved_to_shown(edit))
                page.settled(index)
                say(f"  edit {i + 1}: picture shown in Chromium {times[-1]:.3f} s")
                time.sleep(0.3)
            return start, times
        finally:
            page.quit()
    finally:
        served.stop()


def served_without_browser(served: Served, picture: str, edits) -> list[float]:
    times = []
    for i, edit in enumerate(edits):
        shown, page = saved_to_served(served, picture, edit)
        times.append(shown)
        say(f"  edit {i + 1}: picture {shown:.3f} s, the page made again {page:.3f} s")
        time.sleep(0.3)
    return times


def figure(name: str, seconds: float, bar: float) -> str:
    return f"{name:<44} {seconds:7.3f} s   bar {bar:.1f} s   {'met' if seconds <= bar else 'NOT MET'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="edits of each project (default 3)")
    parser.add_argument("--quick", action="store_true", help="one edit each, the big deck left out")
    parser.add_argument("--only", choices=list(BARS), action="append",
                        help="this project only (again for more); the old and the new compared interleaved")
    parser.add_argument("--venv", type=Path, help="a venv printkit is pip-installed in (else one is made)")
    args = parser.parse_args()
    only = set(args.only or BARS) - ({"csv-1000"} if args.quick and not args.only else set())
    runs = 1 if args.quick else args.runs
    global BENCH
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as name:
        tmp = Path(name)
        BENCH = Bench(tmp, args.venv.absolute()) if args.venv else install(tmp)
        say(f"printkit pip-installed (not editable) in a venv {'given' if args.venv else 'made for this run'}")
        rows = []
        if "starter" in only:
            folder = starter(tmp)
            yaml = folder / "content" / "three-skies" / "game.yaml"
            start, times = measure("starter", folder, 12, "deck",
                                   [replaced(yaml, STARTER_TEXT, f"{STARTER_TEXT} [{i}]") for i in range(runs)], tmp)
            rows += [figure("start, starter game", start, START_BAR),
                     figure("save -> picture shown, starter card's text", statistics.median(times), BARS["starter"])]
        if "xlsx-100" in only:
            folder = project(tmp, 100, "xlsx")
            book = folder / "content" / "bench" / "cards.xlsx"
            _, times = measure("xlsx-100", folder, 100, "deck",
                               [cell(book, "F2", f"Deal {i} damage.") for i in range(runs)], tmp)
            rows.append(figure("save -> picture shown, 100-row .xlsx cell", statistics.median(times), BARS["xlsx-100"]))
        if "csv-1000" in only:
            folder = project(tmp, 1000, "csv")
            table = folder / "content" / "bench" / "cards.csv"
            start, times = measure("csv-1000", folder, 1000, "deck",
                                   [row(table, 1, f"deal {i + 10} :fire: damage") for i in range(runs)], tmp)
            rows += [figure("start, 1,000-row deck", start, START_BAR),
                     figure("save -> picture shown, one card of 1,000", statistics.median(times), BARS["csv-1000"])]
        print("\n".join(rows))


if __name__ == "__main__":
    main()
