"""Benchmark: a large declared deck in the layout language, beside bare ReportLab (issue 22).

Prints its figures, each beside its bar; it asserts nothing.

    python benchmarks/bench_deck.py [--runs N] [--cards 500]

- printkit: `python -m printkit build` of a game of 500 cards in three layouts (hero, monster,
  spell: each extending a base, per-type colours bound to the data, conditions, a turned label),
  their text in markup with inline icons (an image and a glyph), in a new process with an empty page
  cache: the whole process, interpreter start and imports included;
- bare ReportLab: bare_reportlab.py, which draws the same planned pages (every mark printkit
  planned, read from a plain dump of them) with the plainest canvas calls there are, also a whole
  process;
- the floor under both: `python -c pass`.
The figure is the cold build's seconds a page against bare ReportLab's; the bar is 1.3x.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

BAR = 1.3  # printkit's seconds a page at most this many times bare ReportLab's
INSTALLED = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
TYPES = ("hero", "monster", "spell")
ELEMENTS = {"fire": "ember", "water": "sea", "earth": "moss"}

GAME = """\
title: Benchmark Deck
colours: {ember: "#b5361c", sea: "#1f4e8c", moss: "#3d6b2a", ink: "#1b1b1b", paper: "#fbf6ea"}
icons:
  fire: {file: icons/fire.png}
  star: {glyph: "★", colour: ember}
products:
  deck:
    kind: deck
    size: poker
    cards: cards.csv
    id: name
    layouts:
      base:
        background: {field: element, map: {fire: ember, water: sea, earth: moss}}
        frame: false
        layers:
          panel: {kind: rect, x: 4, y: 46, width: 55.5, height: 38, radius: 2, fill: paper}
          title: {kind: text, field: name, x: 5, y: 5, width: 44, height: 9, size: 13, bold: true, colour: paper,
                  line: true, align: left}
          cost: {kind: ellipse, x: 50, y: 4, width: 10, height: 10, fill: paper, stroke: ink, stroke_width: 0.4}
          cost-value: {kind: text, field: cost, x: 50, y: 4, width: 10, height: 10, size: 12, bold: true,
                       colour: ink, line: true}
          text: {kind: text, field: text, x: 6, y: 48, width: 51.5, height: 30, size: 9.5, colour: ink}
          kind: {kind: text, text: "{{ type|upper }} · {{ element }}", x: 6, y: 79, width: 51.5, height: 4, size: 7, colour: ink,
                 line: true}
      hero:
        extends: base
        layers:
          power: {kind: star, x: 6, y: 16, width: 14, height: 14, tips: 5, fill: paper, stroke: ink}
          power-value: {kind: text, field: power, x: 6, y: 16, width: 14, height: 14, size: 9, bold: true,
                        colour: ink, line: true}
      monster:
        extends: base
        layers:
          band: {kind: rect, x: 0, y: 34, width: 63.5, height: 9, fill: ink, opacity: 0.6, under: panel}
          threat: {kind: text, text: "= 'Threat ' ~ power", x: 4, y: 34, width: 55.5, height: 9, size: 10,
                   colour: paper, line: true, if: "power > 2"}
      spell:
        extends: base
        layers:
          side: {kind: text, text: Spell, x: 54, y: 18, width: 6, height: 24, rotate: 90, size: 8, colour: paper,
                 line: true}
    face: {field: type}
    back:
      background: ink
      layers:
        seal: {kind: ellipse, x: 16.75, y: 29.45, width: 30, height: 30, stroke: paper, stroke_width: 1}
        words: {kind: text, text: Benchmark, x: 8, y: 40, width: 47.5, height: 9, size: 14, bold: true,
                colour: paper, line: true}
  rules: {kind: rules}
"""


def game(folder: Path, cards: int) -> None:
    """A project with the benchmark's game: its game.yaml, a CSV of `cards` cards, an icon."""
    from PIL import Image, ImageDraw

    home = folder / "content" / "bench"
    (home / "icons").mkdir(parents=True)
    (home / "game.yaml").write_text(GAME, encoding="utf-8")
    icon = Image.new("RGBA", (120, 120), (0, 0, 0, 0))
    ImageDraw.Draw(icon).polygon([(60, 4), (112, 116), (8, 116)], fill=(200, 60, 20, 255))
    icon.save(home / "icons" / "fire.png")
    rows = ["name,type,element,cost,power,text"]
    for n in range(cards):
        kind, element = TYPES[n % 3], list(ELEMENTS)[n // 3 % 3]
        text = (f"<b>Strike {n % 7 + 1}:</b> deal {n % 5 + 1} :fire: damage to a card in play.<br/>"
                f"<i>Then</i> gain :star: for each {element} card you hold.")
        rows.append(f'Card {n + 1:03},{kind},{element},{n % 9},{n % 6},"{text}"')
    (home / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "templates" / "bench").mkdir(parents=True)
    (folder / "templates" / "bench" / "rules.j2").write_text("# Rules\nPlay it.\n", encoding="utf-8")
    for name in ("common.j2", "print-guide.j2"):
        shutil.copyfile(ROOT / "templates" / name, folder / "templates" / name)


def whole_process(args: list[str], cwd: Path, cache: Path | None = None) -> float:
    env = {**INSTALLED, "PRINTKIT_CACHE": str(cache)} if cache else INSTALLED
    started = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, cwd=cwd, env=env)
    return time.perf_counter() - started


def dump(folder: Path, target: Path) -> int:
    """The deck's planned pages as plain drawing operations, for bare_reportlab.py; their count."""
    from printkit.load.options import Options
    from printkit.games import project_games
    from printkit.pipeline.kits import load_all
    from printkit.pipeline.planning import files, plan_every
    from printkit.plan.geometry import PAPERS
    from venv_steps import document, fonts

    kits = load_all([project_games(folder / "content")["bench"]], folder / "content", Options(PAPERS["a4"]))
    (planned,) = plan_every(files(kits, ["deck"]))
    target.write_text(json.dumps({"fonts": fonts(), "documents": [document(planned)]}), encoding="utf-8")
    return len(planned.pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cards", type=int, default=500)
    arguments = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "printkit")], check=True, env=INSTALLED)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        folder = tmp / "project"
        game(folder, arguments.cards)
        pages = dump(folder, tmp / "pages.json")
        floor = [whole_process(["-c", "pass"], tmp) for _ in range(arguments.runs)]
        printkit = [whole_process(["-m", "printkit", "build", "bench", "--only", "deck", "--out", str(tmp / f"out{i}")],
                                  folder, tmp / f"cache{i}") for i in range(arguments.runs)]
        bare = [whole_process([str(HERE / "bare_reportlab.py"), str(tmp / "pages.json"), str(tmp / f"bare{i}")], tmp)
                for i in range(arguments.runs)]
    ours, theirs = statistics.median(printkit), statistics.median(bare)
    ratio = ours / theirs
    print(f"{arguments.cards} cards, 3 layouts, markup and icons: {pages} pages (medians of {arguments.runs})")
    print(f"{'python -c pass (floor)':<40} {statistics.median(floor):7.3f} s")
    print(f"{'bare ReportLab, whole process':<40} {theirs:7.3f} s   {1000 * theirs / pages:6.1f} ms a page")
    print(f"{'printkit build, cold, whole process':<40} {ours:7.3f} s   {1000 * ours / pages:6.1f} ms a page   "
          f"{ratio:.2f}x bare ReportLab, bar {BAR}x  {'met' if ratio <= BAR else 'NOT MET'}")


if __name__ == "__main__":
    main()
