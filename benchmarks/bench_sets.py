"""Benchmark (issue 38, point 8): a big set. A deck of 10,000 cards against the same deck of 1,000,
from a CSV file and from a workbook (.xlsx), each figure beside its bar. It asserts nothing.

    python benchmarks/bench_sets.py [--runs N] [--cards 1000 10000] [--quick]

printkit is installed as a user installs it (bench_build.install: a new venv, `pip install` of a
clean copy of this repository, not editable), and each build is that venv's `printkit build` in a
new process with an empty page cache, of bench_deck.py's game (its deck in three layouts extending
a base, bindings, conditions, markup and icons; its rules): the cards from `cards.csv`, or from the
sheet `Cards` of `cards.xlsx` (written by openpyxl, as a spreadsheet writes one: shared strings,
numbers as numbers).

The figures (medians of --runs, the two sizes built in turn so that a drift in the machine's speed
reaches both):
- time: the 10,000 cards' build against the 1,000's, bar 12x;
- peak memory of the 10,000's build (the deck and the rules, on the machine's cores): the largest
  sum of the resident sizes of printkit's process and every worker it forked, sampled every 10 ms
  (forked workers share pages with printkit, so the sum is above what the machine gives them),
  bar < 500 MiB; beside it, the largest sum of their proportional shares (Pss: a shared page
  counted once in all) and the largest single process (wait4's ru_maxrss, exact).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_build import install, load, say  # noqa: E402  (the benchmarks' own modules)
from bench_deck import game  # noqa: E402

TIME_BAR = 12.0  # the large deck's build at most this many times the small one's
MEMORY_BAR = 500  # MiB, the large deck's build (printkit and its workers together), strictly under
SAMPLED_EVERY = 0.01  # seconds
TABLES = ("csv", "xlsx")


@dataclass(frozen=True)
class Build:
    seconds: float
    tree: float  # MiB: the largest sum of printkit's and its workers' resident sizes seen
    shares: float  # MiB: the largest sum of their proportional shares (what the machine gave them)
    largest: float  # MiB: the largest single process (wait4)
    pages: int


# --- the projects -----------------------------------------------------------------------------------

def project(tmp: Path, cards: int, table: str) -> Path:
    """bench_deck.py's game of `cards` cards, its table as CSV or as a workbook's sheet."""
    folder = tmp / f"{table}-{cards}"
    game(folder, cards)
    if table == "xlsx":
        home = folder / "content" / "bench"
        workbook(home / "cards.csv", home / "cards.xlsx")
        (home / "cards.csv").unlink()
        text = (home / "game.yaml").read_text(encoding="utf-8")
        (home / "game.yaml").write_text(text.replace("cards: cards.csv", "cards: {file: cards.xlsx, sheet: Cards}"),
                                        encoding="utf-8")
    return folder


def workbook(csv_path: Path, target: Path) -> None:
    """The CSV's rows as the sheet `Cards` of an .xlsx file, numbers as numbers."""
    import csv

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    with csv_path.open(encoding="utf-8", newline="") as rows:
        for row in csv.reader(rows):
            sheet.append([int(value) if value.isdigit() else value for value in row])
    data = io.BytesIO()
    book.save(data)
    target.write_bytes(data.getvalue())


# --- a build, timed and measured --------------------------------------------------------------------

def resident(pid: int) -> tuple[int, int, list[int]]:
    """A process's resident size and its proportional share of it (KiB: a page it shares with
    another process counted half), and its children's pids; (0, 0, []) once it has ended."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        children = []
        for task in Path(f"/proc/{pid}/task").iterdir():
            children += [int(child) for child in (task / "children").read_text().split()]
    except (OSError, ValueError):
        return 0, 0, []
    rss, pss = (re.search(rf"^{name}:\s+(\d+)", rollup, re.MULTILINE) for name in ("Rss", "Pss"))
    return (int(rss.group(1)) if rss else 0), (int(pss.group(1)) if pss else 0), children


def tree_rss(pid: int) -> tuple[int, int]:
    """The resident sizes of a process and all its descendants, summed, and their proportional
    shares, summed (KiB)."""
    total, shared, waiting = 0, 0, [pid]
    while waiting:
        size, share, children = resident(waiting.pop())
        total, shared = total + size, shared + share
        waiting += children
    return total, shared


def build(bench, folder: Path, out: Path, cache: Path, warm: Path | None = None) -> Build:
    """`printkit build` of the deck in a new process, an empty page cache and output folder. The
    cache keeps what a user's keeps whatever the pages, from the cache `warm` of a build before:
    the user's key and the compiled templates (as bench_build.py's cold build does)."""
    cache.mkdir(mode=0o700)
    for kept in warm.iterdir() if warm else ():
        if kept.name == "key":
            shutil.copy2(kept, cache / kept.name)
        elif kept.name.startswith("templates-"):
            shutil.copytree(kept, cache / kept.name)
    argv = [str(bench.printkit), "build", "bench", "-q", "--out", str(out)]  # the deck and the rules, side by side
    peak = [0, 0]
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen(argv, cwd=folder, env=bench.env(cache), stdout=subprocess.DEVNULL, stderr=errors)
        sampling = threading.Event()

        def sample() -> None:
            while not sampling.is_set():
                rss, pss = tree_rss(process.pid)
                peak[0], peak[1] = max(peak[0], rss), max(peak[1], pss)
                sampling.wait(SAMPLED_EVERY)
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        sampling.set()
        sampler.join()
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            raise SystemExit(f"{' '.join(argv)} failed:\n{errors.read().decode(errors='replace')[-2000:]}")
    pdf = out / "bench" / "deck.pdf"
    pages = max(int(n) for n in re.findall(rb"/Count (\d+)", pdf.read_bytes()))  # the page tree's root
    shutil.rmtree(out)
    if warm:
        shutil.rmtree(cache)
    return Build(seconds, peak[0] / 1024, peak[1] / 1024, usage.ru_maxrss / 1024, pages)


def measured(bench, tmp: Path, sizes: tuple[int, int], table: str, runs: int) -> tuple[list[Build], list[Build]]:
    """Builds of the small and the large deck, in turn."""
    small, large = (project(tmp, cards, table) for cards in sizes)
    say(f"{table}: {sizes[0]:,} and {sizes[1]:,} cards, {runs} builds of each, in turn")
    warm = {folder: tmp / f"warm-{folder.name}" for folder in (small, large)}
    for folder, cache in warm.items():  # untimed: the templates compiled, as a user's first build compiles them
        build(bench, folder, tmp / "warm-out", cache)
    a, b = [], []
    for i in range(runs):
        a.append(build(bench, small, tmp / f"out-{table}-s{i}", tmp / f"cache-{table}-s{i}", warm[small]))
        b.append(build(bench, large, tmp / f"out-{table}-l{i}", tmp / f"cache-{table}-l{i}", warm[large]))
    return a, b


# --- the table ---------------------------------------------------------------------------------------

def rows(table: str, sizes: tuple[int, int], small: list[Build], large: list[Build]) -> list[str]:
    seconds_small = statistics.median(b.seconds for b in small)
    seconds_large = statistics.median(b.seconds for b in large)
    ratio = seconds_large / seconds_small
    tree = max(b.tree for b in large)
    largest = max(b.largest for b in large)
    pages = f"{small[0].pages:,} and {large[0].pages:,} pages"
    return [
        f"{table}: {sizes[0]:,} cards {seconds_small:7.3f} s, {sizes[1]:,} cards {seconds_large:7.3f} s ({pages})",
        figure(f"  {sizes[1]:,} cards against {sizes[0]:,}", f"{ratio:.2f}x", f"<= {TIME_BAR:g}x", ratio <= TIME_BAR),
        figure(f"  {sizes[1]:,} cards' peak, with its workers", f"{tree:.0f} MiB", f"< {MEMORY_BAR} MiB",
               tree < MEMORY_BAR),
        figure("    their proportional shares (Pss)", f"{max(b.shares for b in large):.0f} MiB", "", None),
        figure("    its largest process (wait4)", f"{largest:.0f} MiB", "", None),
        figure(f"  {sizes[0]:,} cards' peak, with its workers", f"{max(b.tree for b in small):.0f} MiB", "", None)]


def figure(name: str, value: str, bar: str, met: bool | None) -> str:
    verdict = "" if met is None else ("met" if met else "NOT MET")
    return f"{name:<40} {value:>10}   {bar or '—':<12} {verdict}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="builds of each size (default 3)")
    parser.add_argument("--cards", type=int, nargs=2, default=(1000, 10000), metavar=("SMALL", "LARGE"))
    parser.add_argument("--quick", action="store_true", help="one build of each, CSV only: a smoke run")
    arguments = parser.parse_args()
    runs, tables = (1, ("csv",)) if arguments.quick else (arguments.runs, TABLES)
    sizes = tuple(arguments.cards)
    started, load_before = time.perf_counter(), load()
    lines = []
    with tempfile.TemporaryDirectory(prefix="printkit-sets-") as tmp:
        tmp = Path(tmp)
        bench = install(tmp)
        for table in tables:
            try:
                small, large = measured(bench, tmp, sizes, table, runs)
            except ImportError as error:  # openpyxl, to write the workbook
                lines.append(f"{table}: could not be measured ({error})")
                continue
            lines += rows(table, sizes, small, large)
    print(f"printkit from a new venv (pip install, not editable), bench_deck.py's game, cold builds, "
          f"medians of {runs}")
    print(f"{'figure':<40} {'measured':>10}   {'bar':<12} verdict")
    print("\n".join(lines))
    print(f"machine: {os.cpu_count()} cores, load average (1, 5, 15 min) {load_before} at the start, {load()} at "
          f"the end; {time.perf_counter() - started:.0f} s in all")


if __name__ == "__main__":
    main()
