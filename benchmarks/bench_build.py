"""Benchmark: how long printkit takes, each figure printed beside its bar.

Prints its figures; it asserts nothing (speed is measured here, not in a timed test).

    python benchmarks/bench_build.py [--runs N]

- cold build: `python -m printkit build` in a new process, interpreter start and imports included;
- validate: `python -m printkit validate` in a new process (load, rules, plan on A4 and Letter);
- rebuilds: the same in a built project, with nothing changed and after editing one scenario;
- plan and draw: the pipeline's two halves in this process, every product of every game on A4;
- ReportLab alone: the same planned pages drawn by a bare loop of ReportLab canvas calls (no
  printkit code between the plan and the canvas), to see what printkit's drawing layer costs;
- growth (`--campaign 500`): the cold build of the whole kit with a synthetic Cross Sums campaign
  of that many scenarios (the 50, then scenarios 41-50 again and again, each with a title of its
  own), against the cold build of the 50, and the largest process's peak memory.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reportlab.lib.units import mm  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from printkit.options import Options  # noqa: E402
from printkit.pipeline import files, load_all, plan_every, select_games  # noqa: E402
from printkit.plan.geometry import PAPERS  # noqa: E402
from printkit.plan.marks import Box, Circle, Group, Line, Polygon, UseForm  # noqa: E402
from printkit.plan.text import Text  # noqa: E402
from printkit.render.draw import render  # noqa: E402

BARS = {"cold": 1.0, "validate": 0.5, "unchanged": 0.25, "edited": 0.5}  # seconds, whole process
WATCHED = 0.3  # seconds: the rebuild after editing one scenario inside `printkit watch` (a warm process)
GROWTH = 6.0  # a campaign ten times as long builds in at most this many times the time of the 50
MEMORY = 150  # MiB, the largest process of that build


# As an installed printkit runs: its modules compiled once (pip compiles them when it installs), even
# where the environment asks Python not to write bytecode (PYTHONDONTWRITEBYTECODE).
INSTALLED = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def whole_process(args: list[str], cwd: Path, cache: Path) -> float:
    """Seconds for one printkit command in a new process, keeping its planned pages in `cache`."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printkit", *args], check=True, stdout=subprocess.DEVNULL, cwd=cwd,
                   env={**INSTALLED, "PRINTKIT_CACHE": str(cache)})
    return time.perf_counter() - started


def project(tmp: Path) -> Path:
    folder = tmp / "project"
    shutil.copytree(ROOT / "content", folder / "content")
    shutil.copytree(ROOT / "templates", folder / "templates")
    return folder


def rebuilds(folder: Path, runs: int, cache: Path) -> tuple[list[float], list[float]]:
    """Whole-process rebuilds of a built project: with nothing changed, and after editing one Cross
    Sums scenario (its tagline, a different text each run, so every run is a real change)."""
    whole_process(["build"], folder, cache)
    unchanged, edited = [], []
    scenarios = folder / "content" / "cross-sums" / "scenarios.yaml"
    original = scenarios.read_text(encoding="utf-8")
    for run in range(runs):
        unchanged.append(whole_process(["build"], folder, cache))
        scenarios.write_text(original.replace("Which card do you take", f"Which card ({run}) do you take"),
                             encoding="utf-8")
        edited.append(whole_process(["build"], folder, cache))
    return unchanged, edited


def campaign(folder: Path, count: int) -> None:
    """The project's Cross Sums campaign made `count` scenarios long: the seed's 50, then its last
    stage (scenarios 41-50: the whole deck, hand 5, distinct values) again and again, renumbered,
    each title its own. Every scenario keeps the campaign's rules, so the rules model checks and
    solves all of them."""
    import yaml

    scenarios = folder / "content" / "cross-sums" / "scenarios.yaml"
    data = yaml.safe_load(scenarios.read_text(encoding="utf-8"))
    seed = list(data["scenarios"])
    for number in range(len(seed) + 1, count + 1):
        scenario = dict(seed[40 + (number - 51) % 10], number=number)
        scenario["title"] = f"{scenario['title'][:48]} ({number})"
        data["scenarios"].append(scenario)
    scenarios.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100), encoding="utf-8")
    rules = folder / "content" / "cross-sums" / "campaign.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace(f"scenarios: {len(seed)}", f"scenarios: {count}"), encoding="utf-8")


def growth(tmp: Path, count: int, runs: int, base: float) -> list[str]:
    """The cold build with a campaign of `count` scenarios, beside the bar."""
    folder = project(tmp / f"campaign-{count}")
    campaign(folder, count)
    times = [whole_process(["build", "--out", str(tmp / f"grown{i}")], folder, tmp / f"grown-cache{i}")
             for i in range(runs)]
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB: the largest child so far, which this is
    seconds = statistics.median(times)
    ratio = seconds / base
    files = sum(1 for _ in (tmp / "grown0").rglob("*.pdf"))
    return [f"{'cold build, ' + str(count) + ' scenarios':<36} {seconds:7.3f} s   {ratio:.1f}x the 50's, "
            f"bar {GROWTH:.0f}x  {'met' if ratio <= GROWTH else 'NOT MET'}   {files} files",
            f"{'  its largest process':<36} {peak / 1024:7.0f} MiB bar {MEMORY} MiB  "
            f"{'met' if peak / 1024 < MEMORY else 'NOT MET'}"]


def watched(folder: Path, runs: int, cache: Path) -> list[float]:
    """The rebuild after editing one scenario inside `printkit watch`, as it reports it (from the
    settled edit to the files written), for `runs` edits in one watch."""
    process = subprocess.Popen([sys.executable, "-m", "printkit", "watch"], cwd=folder, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env={**INSTALLED, "PRINTKIT_CACHE": str(cache)})
    scenarios = folder / "content" / "cross-sums" / "scenarios.yaml"
    original = scenarios.read_text(encoding="utf-8")
    times = []
    try:
        _line_with(process, "watching")
        for run in range(runs):
            scenarios.write_text(original.replace("Which card do you take", f"Which card [{run}] do you take"),
                                 encoding="utf-8")
            times.append(float(_line_with(process, "files changed, in ").split(" in ")[1].split()[0]))
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        scenarios.write_text(original, encoding="utf-8")
    return times


def _line_with(process, text: str) -> str:
    for line in process.stdout:
        if text in line:
            return line
    raise RuntimeError(f"printkit watch ended before printing {text!r}")


def plan_and_draw(runs: int):
    """(plan seconds, draw seconds, the documents) for every product of every game on A4."""
    planned, drawn, documents = [], [], []
    for _ in range(runs):
        started = time.perf_counter()
        kits = load_all(select_games([]), ROOT / "content", Options(PAPERS["a4"]))
        documents = plan_every(files(kits))
        middle = time.perf_counter()
        for document in documents:
            render(document)
        planned.append(middle - started)
        drawn.append(time.perf_counter() - middle)
    return statistics.median(planned), statistics.median(drawn), documents


def reportlab_alone(documents, runs: int) -> float:
    """The planned pages drawn by the plainest loop of canvas calls there is."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        for document in documents:
            _bare(document)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _bare(document) -> bytes:
    import io
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    for form in document.forms:
        canvas.beginForm(form.name, 0, 0, form.paper.width * mm, form.paper.height * mm)
        _marks(canvas, form.marks)
        canvas.endForm()
    for page in document.pages:
        canvas.setPageSize((page.paper.width * mm, page.paper.height * mm))
        _marks(canvas, page.marks)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _marks(c, marks) -> None:
    for m in marks:
        kind = type(m)
        if kind is Text:
            for line in m.lines:
                t = c.beginText((m.x + line.x) * mm, (m.top + line.baseline) * mm)
                for font, run in line.runs:
                    t.setFont(font, line.size)
                    t.textOut(run)
                c.drawText(t)
        elif kind is Box:
            c.setLineWidth(m.width * mm)
            c.rect(m.rect.x * mm, m.rect.y * mm, m.rect.width * mm, m.rect.height * mm,
                   stroke=int(m.level is not None), fill=int(m.fill is not None))
        elif kind is Line:
            c.setLineWidth(m.width * mm)
            c.line(m.seg.x1 * mm, m.seg.y1 * mm, m.seg.x2 * mm, m.seg.y2 * mm)
        elif kind is Circle:
            c.circle(m.x * mm, m.y * mm, m.r * mm, stroke=1, fill=int(m.fill is not None))
        elif kind is Polygon:
            path = c.beginPath()
            path.moveTo(m.points[0][0] * mm, m.points[0][1] * mm)
            for x, y in m.points[1:]:
                path.lineTo(x * mm, y * mm)
            path.close()
            c.drawPath(path, stroke=1, fill=int(m.fill is not None))
        elif kind is Group:
            c.saveState()
            c.translate(m.x * mm, m.y * mm)
            c.rotate(m.angle)
            _marks(c, m.marks)
            c.restoreState()
        elif kind is UseForm:
            c.saveState()
            c.translate(m.x * mm, m.y * mm)
            c.doForm(m.name)
            c.restoreState()


def line(name: str, seconds: float, bar: float | None = None, note: str = "") -> str:
    against = f"   bar {bar:.2f} s  {'met' if seconds <= bar else 'NOT MET'}" if bar else ""
    return f"{name:<36} {seconds:7.3f} s{against}{('   ' + note) if note else ''}"


def main() -> None:
    from printkit.plan.fonts import register_fonts

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--campaign", type=int, metavar="N", help="also build a synthetic campaign of N scenarios")
    arguments = parser.parse_args()
    runs = arguments.runs
    register_fonts()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "printkit")], check=True, env=INSTALLED)
    with tempfile.TemporaryDirectory() as tmp:
        folder = project(Path(tmp))
        tmp = Path(tmp)  # a cold build keeps its pages in a new, empty cache: nothing planned before
        cold = [whole_process(["build", "--out", str(tmp / f"cold{i}")], folder, tmp / f"cache{i}") for i in range(runs)]
        child_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        validate = [whole_process(["validate"], folder, tmp / "cache0") for _ in range(runs)]
        unchanged, edited = rebuilds(folder, runs, tmp / "cache0")
        in_watch = watched(folder, runs, tmp / "cache0")
        grown = growth(tmp, arguments.campaign, runs, statistics.median(cold)) if arguments.campaign else []
    planned, drawn, documents = plan_and_draw(runs)
    alone = reportlab_alone(documents, runs)
    pages = sum(len(d.pages) for d in documents)
    print(f"printkit: {len(documents)} files, {pages} pages, A4, median of {runs} runs, {os.cpu_count()} cores")
    print(line("cold build (new process)", statistics.median(cold), BARS["cold"],
               f"{pages / statistics.median(cold):.0f} pages/s, peak memory {child_peak:.0f} MiB"))
    print(line("validate (new process)", statistics.median(validate), BARS["validate"], "plans both papers, draws nothing"))
    print(line("rebuild, nothing changed", statistics.median(unchanged), BARS["unchanged"]))
    print(line("rebuild, 1 scenario edited", statistics.median(edited), BARS["edited"]))
    print(line("  the same inside printkit watch", statistics.median(in_watch), WATCHED,
               "a warm process, as it reports the rebuild"))
    for text in grown:
        print(text)
    print(line("plan every product (in process)", planned, note="load, rules, text set, pages as marks"))
    print(line("draw every plan (in process)", drawn, note=f"{drawn / pages * 1000:.1f} ms a page"))
    print(line("ReportLab alone, same pages", alone,
               note=f"{alone / pages * 1000:.1f} ms a page; printkit's drawing / bare canvas = {drawn / alone:.2f}x"))


if __name__ == "__main__":
    main()
