"""Benchmark: how long printkit takes, each figure printed beside its bar.

Prints its figures; it asserts nothing (speed is measured here, not in a timed test).

    python benchmarks/bench_build.py [--runs N]

- cold build: `python -m printkit build` in a new process, interpreter start and imports included;
- validate: `python -m printkit validate` in a new process (load, rules, plan on A4 and Letter);
- rebuilds: the same in a built project, with nothing changed and after editing one scenario;
- plan and draw: the pipeline's two halves in this process, every product of every game on A4;
- ReportLab alone: the same planned pages drawn by a bare loop of ReportLab canvas calls (no
  printkit code between the plan and the canvas), to see what printkit's drawing layer costs.
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


# As an installed printkit runs: its modules compiled once (pip compiles them when it installs), even
# where the environment asks Python not to write bytecode (PYTHONDONTWRITEBYTECODE).
INSTALLED = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def whole_process(args: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printkit", *args], check=True, stdout=subprocess.DEVNULL, cwd=cwd,
                   env=INSTALLED)
    return time.perf_counter() - started


def project(tmp: Path) -> Path:
    folder = tmp / "project"
    shutil.copytree(ROOT / "content", folder / "content")
    shutil.copytree(ROOT / "templates", folder / "templates")
    return folder


def rebuilds(folder: Path, runs: int) -> tuple[list[float], list[float]]:
    """Whole-process rebuilds of a built project: with nothing changed, and after editing one Cross
    Sums scenario (its tagline, a different text each run, so every run is a real change)."""
    whole_process(["build"], folder)
    unchanged, edited = [], []
    scenarios = folder / "content" / "cross-sums" / "scenarios.yaml"
    original = scenarios.read_text(encoding="utf-8")
    for run in range(runs):
        unchanged.append(whole_process(["build"], folder))
        scenarios.write_text(original.replace("Which card do you take", f"Which card ({run}) do you take"),
                             encoding="utf-8")
        edited.append(whole_process(["build"], folder))
    return unchanged, edited


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
    runs = parser.parse_args().runs
    register_fonts()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "printkit")], check=True, env=INSTALLED)
    with tempfile.TemporaryDirectory() as tmp:
        folder = project(Path(tmp))
        cold = [whole_process(["build", "--out", str(Path(tmp) / f"cold{i}")], folder) for i in range(runs)]
        child_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        validate = [whole_process(["validate"], folder) for _ in range(runs)]
        unchanged, edited = rebuilds(folder, runs)
    planned, drawn, documents = plan_and_draw(runs)
    alone = reportlab_alone(documents, runs)
    pages = sum(len(d.pages) for d in documents)
    print(f"printkit: {len(documents)} files, {pages} pages, A4, median of {runs} runs, {os.cpu_count()} cores")
    print(line("cold build (new process)", statistics.median(cold), BARS["cold"],
               f"{pages / statistics.median(cold):.0f} pages/s, peak memory {child_peak:.0f} MiB"))
    print(line("validate (new process)", statistics.median(validate), BARS["validate"], "plans both papers, draws nothing"))
    print(line("rebuild, nothing changed", statistics.median(unchanged), BARS["unchanged"]))
    print(line("rebuild, 1 scenario edited", statistics.median(edited), BARS["edited"]))
    print(line("plan every product (in process)", planned, note="load, rules, text set, pages as marks"))
    print(line("draw every plan (in process)", drawn, note=f"{drawn / pages * 1000:.1f} ms a page"))
    print(line("ReportLab alone, same pages", alone,
               note=f"{alone / pages * 1000:.1f} ms a page; printkit's drawing / bare canvas = {drawn / alone:.2f}x"))


if __name__ == "__main__":
    main()
