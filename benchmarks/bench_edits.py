"""Benchmark (issue 41, points 2 and 4): what an edit of a big declared deck costs, each figure
beside its bar. It asserts nothing.

    python benchmarks/bench_edits.py [--runs N] [--cards 1000] [--small 500]

With the interpreter running it (printkit as it is installed there), every command a new process
(`python -m printkit`, interpreter start and imports included), on bench_deck.py's game (a deck in
three layouts extending a base, bindings, conditions, markup with an image icon and a glyph icon;
its rules):
- the deck grown to --cards rows: a cold build (a new, empty PRINTKIT_CACHE: no key, no compiled
  template, no page), then one card's words edited (card 500's text) and built again, then
  `validate` after that build; the edit's bar is 10 % of the cold build, validate's 0.3 s;
- --small cards: `build --only deck` cold, against bare_reportlab.py drawing the same planned pages
  (bench_deck.py's dump of them), also a whole process: bar 1.3x.
Medians of --runs. Beside each wall-clock time, the CPU seconds of the process and its workers
(a machine shared with other work moves the first more than the second).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_deck import INSTALLED, dump, game  # noqa: E402  (the benchmarks' own modules)

EDIT_BAR = 0.10  # one card's edit: at most this part of the cold build
VALIDATE_BAR = 0.3  # seconds, validate after a build
DECK_BAR = 1.3  # the small deck's cold build against bare ReportLab
EDITED = 500  # the card whose text is edited


def timed(args: list[str], cwd: Path, cache: Path | None) -> tuple[float, float]:
    """A whole process's wall-clock seconds and the CPU seconds of it and its children."""
    env = {**INSTALLED, "PRINTKIT_CACHE": str(cache)} if cache else INSTALLED
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, cwd=cwd, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def edit(folder: Path, run: int) -> None:
    """Card EDITED's text, another each run."""
    cards = folder / "content" / "bench" / "cards.csv"
    rows = cards.read_text(encoding="utf-8").splitlines()
    rows[EDITED] = rows[EDITED].replace("damage to a card", f"damage ({run + 1}) to a card", 1)
    cards.write_text("\n".join(rows) + "\n", encoding="utf-8")


def big_deck(tmp: Path, cards: int, runs: int) -> dict[str, list[tuple[float, float]]]:
    """Each run: a new project and an empty cache, its cold build, an edit's build, validate."""
    found: dict[str, list] = {"cold": [], "edit": [], "validate": []}
    for run in range(runs):
        folder, cache = tmp / f"big{run}", tmp / f"big-cache{run}"
        game(folder, cards)
        build = ["-m", "printkit", "build", "-q", "--out", str(folder / "out")]
        found["cold"].append(timed(build, folder, cache))
        edit(folder, run)
        found["edit"].append(timed(build, folder, cache))
        found["validate"].append(timed(["-m", "printkit", "validate", "-q"], folder, cache))
    return found


def small_deck(tmp: Path, cards: int, runs: int) -> tuple[int, list, list]:
    """The small deck's cold builds (`--only deck`) and bare ReportLab's drawing of its pages."""
    folder = tmp / "small"
    game(folder, cards)
    pages = dump(folder, tmp / "pages.json")
    ours, bare = [], []
    for run in range(runs):  # in turn, so that a drift in the machine's speed reaches both
        ours.append(timed(["-m", "printkit", "build", "bench", "--only", "deck", "-q", "--out", str(tmp / f"o{run}")],
                          folder, tmp / f"small-cache{run}"))
        bare.append(timed([str(HERE / "bare_reportlab.py"), str(tmp / "pages.json"), str(tmp / f"bare{run}")], tmp,
                          None))
    return pages, ours, bare


def median(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)


def row(name: str, value: str, cpu: str, bar: str, met: bool | None) -> str:
    verdict = "" if met is None else ("met" if met else "NOT MET")
    return f"{name:<44} {value:>10} {cpu:>10}   {bar:<22} {verdict}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--small", type=int, default=500)
    arguments = parser.parse_args()
    # the printkit the commands import, compiled first (as an installed one is)
    subprocess.run([sys.executable, "-c", "import compileall, os, printkit; compileall.compile_dir(os.path.dirname("
                    "printkit.__file__), quiet=1)"], check=True, env=INSTALLED, cwd=tempfile.gettempdir())
    load, started = os.getloadavg(), time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="printkit-edits-") as tmp:
        tmp = Path(tmp)
        big = {name: median(pairs) for name, pairs in big_deck(tmp, arguments.cards, arguments.runs).items()}
        pages, ours, bare = small_deck(tmp, arguments.small, arguments.runs)
        shutil.rmtree(tmp, ignore_errors=True)
    (cold, cold_cpu), (edited, edited_cpu), (checked, checked_cpu) = big["cold"], big["edit"], big["validate"]
    (deck, deck_cpu), (floor, floor_cpu) = median(ours), median(bare)
    print(f"{sys.executable}, medians of {arguments.runs}; machine: {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.2f}' for x in load)} at the start, {', '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"at the end; {time.perf_counter() - started:.0f} s in all")
    print(row("figure", "wall", "cpu", "bar", None).rstrip())
    print(row(f"{arguments.cards:,} cards: cold build (empty cache)", f"{cold:.3f} s", f"{cold_cpu:.3f} s", "—", None))
    print(row(f"  one card's edit, built again", f"{edited:.3f} s", f"{edited_cpu:.3f} s", "", None))
    print(row("    against the cold build", f"{100 * edited / cold:.1f} %", f"{100 * edited_cpu / cold_cpu:.1f} %",
              f"<= {100 * EDIT_BAR:g} % of the cold build", edited <= EDIT_BAR * cold))
    print(row("  validate after that build", f"{checked:.3f} s", f"{checked_cpu:.3f} s", f"<= {VALIDATE_BAR:g} s",
              checked <= VALIDATE_BAR))
    print(row(f"{arguments.small:,} cards ({pages} pages): build --only deck, cold", f"{deck:.3f} s",
              f"{deck_cpu:.3f} s", "", None))
    print(row("  bare ReportLab, the same pages", f"{floor:.3f} s", f"{floor_cpu:.3f} s", "", None))
    print(row("  printkit against bare ReportLab", f"{deck / floor:.2f}x", f"{deck_cpu / floor_cpu:.2f}x",
              f"<= {DECK_BAR:g}x", deck / floor <= DECK_BAR))


if __name__ == "__main__":
    main()
