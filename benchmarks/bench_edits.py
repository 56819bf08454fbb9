"""Benchmark (issue 41, points 2 and 4): what an edit of a big declared deck costs, each figure
beside its bar. It asserts nothing.

    python benchmarks/bench_edits.py [--runs N] [--cards 1000] [--small 500]

printkit is installed as a user installs it (bench_build.py's `install`: a new venv and `pip install`
of a clean copy of this repository, not editable; `--venv DIR`: a venv printkit is already so
installed in), every command that venv's interpreter in a new process (`python -m printkit`,
interpreter start and imports included), on bench_deck.py's game (a deck in
three layouts extending a base, bindings, conditions, markup with an image icon and a glyph icon;
its rules):
- the deck grown to --cards rows: a cold build (a new, empty PRINTKIT_CACHE: no key, no compiled
  template, no page), then one card's words edited (card 500's text) and built again, then
  `validate` after that build; the edit's bar is 10 % of the cold build, validate's 0.3 s; beside
  the edit, a build with nothing changed, the floor of a new process (interpreter, imports, the
  manifest and the digests of the sources), which an edit's build pays before it plans anything;
- the same edit as `printkit watch` makes it, in its one long-lived process (no interpreter start,
  no imports): watch started on that build and idle (it has said it is watching, and made itself
  ready for the first edit: printkit/pipeline/warm.py), then --saves edits of card 500's text, each
  timed from the save to the deck's PDF written again (watch's wait for the save to settle included,
  and shown apart); its bar is 10 % of the cold build too;
- --small cards: `build --only deck` cold, against bare_reportlab.py drawing the same planned pages
  (bench_deck.py's dump of them), also a whole process: bar 1.3x.
Medians of --runs. Beside each wall-clock time, the CPU seconds of the process and its workers
(a machine shared with other work moves the first more than the second).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_build import Bench, install  # noqa: E402  (the benchmarks' own modules)
from bench_deck import dump, game  # noqa: E402
from printkit.live.watch import CLOSED_QUIET as SETTLED  # noqa: E402  (seconds watch waits after a file written whole and closed)

EDIT_BAR = 0.10  # one card's edit: at most this part of the cold build
VALIDATE_BAR = 0.3  # seconds, validate after a build
DECK_BAR = 1.3  # the small deck's cold build against bare ReportLab
EDITED = 500  # the card whose text is edited
DAMAGE = re.compile(r"damage( \(\d+\))? to a card")  # the words edited (a number put in, another each edit)
WRITTEN_WITHIN = 60.0  # seconds: a watch that writes nothing in this long has failed


BENCH: Bench | None = None  # the venv printkit is installed in (main)


def timed(args: list[str], cwd: Path, cache: Path | None) -> tuple[float, float]:
    """A whole process's wall-clock seconds and the CPU seconds of it and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([BENCH.python, *args], check=True, stdout=subprocess.DEVNULL, cwd=cwd, env=BENCH.env(cache))
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def edit(folder: Path, run: int) -> None:
    """Card EDITED's text, another each run."""
    cards = folder / "content" / "bench" / "cards.csv"
    rows = cards.read_text(encoding="utf-8").splitlines()
    rows[EDITED] = DAMAGE.sub(f"damage ({run + 1}) to a card", rows[EDITED], count=1)
    cards.write_text("\n".join(rows) + "\n", encoding="utf-8")


def big_deck(tmp: Path, cards: int, runs: int, saves: int) -> dict[str, list[tuple[float, float]]]:
    """Each run: a new project and an empty cache, its cold build, an edit's build, validate, then
    `saves` edits as watch makes them."""
    found: dict[str, list] = {"cold": [], "edit": [], "unchanged": [], "validate": [], "watch": []}
    for run in range(runs):
        folder, cache = tmp / f"big{run}", tmp / f"big-cache{run}"
        game(folder, cards)
        build = ["-m", "printkit", "build", "-q", "--out", str(folder / "out")]
        found["cold"].append(timed(build, folder, cache))
        edit(folder, run)
        found["edit"].append(timed(build, folder, cache))
        found["unchanged"].append(timed(build, folder, cache))
        found["validate"].append(timed(["-m", "printkit", "validate", "-q"], folder, cache))
        found["watch"] += watched(folder, cache, saves, first=runs + run * saves)
    return found


def watched(folder: Path, cache: Path, saves: int, first: int) -> list[tuple[float, float]]:
    """`printkit watch` on the project built: each of `saves` edits (numbered from `first`), the
    seconds from its save to the deck's PDF written again, and the CPU seconds watch spent on it."""
    deck = folder / "out" / "bench" / "deck.pdf"
    watch = subprocess.Popen([BENCH.python, "-m", "printkit", "watch", "--out", str(folder / "out")], cwd=folder,
                             env=BENCH.env(cache), stdout=subprocess.PIPE, text=True)
    lines = _lines(watch)
    try:
        _wait_for(lines, "watching ")
        _idle(watch.pid)  # made ready for the first edit (printkit/pipeline/warm.py), as a designer's first save finds it
        found = []
        for n in range(saves):
            before, cpu = _written(deck), _cpu(watch.pid)
            edit(folder, first + n)
            saved = time.perf_counter()
            while _written(deck) == before:
                if time.perf_counter() - saved > WRITTEN_WITHIN or watch.poll() is not None:
                    raise SystemExit(f"watch wrote no {deck.name} after an edit")
                time.sleep(0.001)
            found.append((time.perf_counter() - saved, _cpu(watch.pid) - cpu))
            _wait_for(lines, " files changed, in ")  # its build ended (the manifest written after the PDF)
        return found
    finally:
        watch.send_signal(signal.SIGINT)
        watch.wait(10)


def _lines(process: subprocess.Popen) -> list:
    """The lines `process` prints, as they come (read by a thread of their own)."""
    lines: list = []
    threading.Thread(target=lambda: [lines.append(line) for line in process.stdout], daemon=True).start()
    return lines


def _wait_for(lines: list, words: str) -> None:
    """Until a line with `words` is printed (those before it taken)."""
    waited = time.perf_counter()
    while True:
        while lines:
            if words in lines.pop(0):
                return
        if time.perf_counter() - waited > WRITTEN_WITHIN:
            raise SystemExit(f"watch never said {words.strip()!r}")
        time.sleep(0.001)


def _written(path: Path) -> tuple | None:
    """What tells a file written again apart (write.py replaces it whole: a new inode)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_ino, stat.st_mtime_ns, stat.st_size


def _idle(pid: int, quiet: float = 0.2) -> None:
    """Until process `pid` has used no CPU for `quiet` seconds."""
    waited, last, since = time.perf_counter(), _cpu(pid), time.perf_counter()
    while time.perf_counter() - since < quiet:
        if time.perf_counter() - waited > WRITTEN_WITHIN:
            raise SystemExit("watch never went idle")
        time.sleep(0.02)
        if (now := _cpu(pid)) != last:
            last, since = now, time.perf_counter()


def _cpu(pid: int) -> float:
    """The CPU seconds process `pid` has used so far (Linux's /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    parser.add_argument("--saves", type=int, default=3, help="edits made in watch, each run")
    parser.add_argument("--venv", type=Path, help="a venv printkit is pip-installed in (else one is made)")
    arguments = parser.parse_args()
    global BENCH
    with tempfile.TemporaryDirectory(prefix="printkit-edits-") as tmp:
        tmp = Path(tmp)
        BENCH = Bench(tmp, arguments.venv.absolute()) if arguments.venv else install(tmp)
        load, started = os.getloadavg(), time.perf_counter()
        big = {name: median(pairs) for name, pairs in big_deck(tmp, arguments.cards, arguments.runs,
                                                                            arguments.saves).items()}
        pages, ours, bare = small_deck(tmp, arguments.small, arguments.runs)
        shutil.rmtree(tmp, ignore_errors=True)
    (cold, cold_cpu), (edited, edited_cpu), (checked, checked_cpu) = big["cold"], big["edit"], big["validate"]
    watched_, watched_cpu = big["watch"]
    unchanged, unchanged_cpu = big["unchanged"]
    (deck, deck_cpu), (floor, floor_cpu) = median(ours), median(bare)
    how = "given" if arguments.venv else "made for this run"
    print(f"printkit pip-installed (not editable) in a venv {how}, medians of {arguments.runs}; machine: "
          f"{os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.2f}' for x in load)} at the start, {', '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"at the end; {time.perf_counter() - started:.0f} s in all")
    print(row("figure", "wall", "cpu", "bar", None).rstrip())
    print(row(f"{arguments.cards:,} cards: cold build (empty cache)", f"{cold:.3f} s", f"{cold_cpu:.3f} s", "—", None))
    print(row(f"  one card's edit, built again (a new process)", f"{edited:.3f} s", f"{edited_cpu:.3f} s", "", None))
    print(row("    against the cold build", f"{100 * edited / cold:.1f} %", f"{100 * edited_cpu / cold_cpu:.1f} %",
              f"<= {100 * EDIT_BAR:g} % of the cold build", edited <= EDIT_BAR * cold))
    print(row(f"    beside: a build with nothing changed (a new process's own)", f"{unchanged:.3f} s",
              f"{unchanged_cpu:.3f} s", "", None))
    print(row(f"  the same edit in watch, save -> PDF written", f"{watched_:.3f} s", f"{watched_cpu:.3f} s", "", None))
    print(row(f"    of which watch's wait once the file is closed", f"{SETTLED:.3f} s", "", "", None))
    print(row("    against the cold build", f"{100 * watched_ / cold:.1f} %", f"{100 * watched_cpu / cold_cpu:.1f} %",
              f"<= {100 * EDIT_BAR:g} % of the cold build", watched_ <= EDIT_BAR * cold))
    print(row("  validate after that build", f"{checked:.3f} s", f"{checked_cpu:.3f} s", f"<= {VALIDATE_BAR:g} s",
              checked <= VALIDATE_BAR))
    print(row(f"{arguments.small:,} cards ({pages} pages): build --only deck, cold", f"{deck:.3f} s",
              f"{deck_cpu:.3f} s", "", None))
    print(row("  bare ReportLab, the same pages", f"{floor:.3f} s", f"{floor_cpu:.3f} s", "", None))
    print(row("  printkit against bare ReportLab", f"{deck / floor:.2f}x", f"{deck_cpu / floor_cpu:.2f}x",
              f"<= {DECK_BAR:g}x", deck / floor <= DECK_BAR))


if __name__ == "__main__":
    main()
