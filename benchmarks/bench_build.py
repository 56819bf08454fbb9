"""Benchmark: how long a full build takes, and how much of it is ReportLab's own drawing.

Prints its figures; it asserts nothing (speed is measured here, not in a timed test).

    python benchmarks/bench_build.py [--runs N]

- cold build: `python -m printkit build` in a new process, interpreter start and imports included;
- rebuilds: the same in a built project, with nothing changed and after editing one scenario;
- in-process build: the pipeline called again in this process (imports and fonts already loaded);
- ReportLab alone: every call the build made to ReportLab (through `PdfFile`, printkit's one door
  to it) recorded, then replayed on fresh files with no printkit logic at all: no loading,
  validation, planning, templates or text fitting. Paragraphs are rebuilt from their markup, so
  ReportLab parses, lays out and draws them again. The bar: a full build within 2x of that time,
  and under 1 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import contextlib
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

from reportlab.platypus import Paragraph  # noqa: E402

from printkit.games import Options  # noqa: E402
from printkit.render import pdf as pdf_module  # noqa: E402
from printkit.pipeline import build, select_games  # noqa: E402
from printkit.plan.geometry import PAPERS  # noqa: E402


def cold_build(out: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printkit", "build", "--content", str(ROOT / "content"),
                    "--out", str(out)], check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - started


def rebuilds(tmp: Path, runs: int) -> tuple[list[float], list[float]]:
    """Whole-process rebuilds of a built project: with nothing changed, and after editing one Cross
    Sums scenario (its tagline, a different text each run, so every run is a real change)."""
    project = tmp / "project"
    shutil.copytree(ROOT / "content", project / "content")
    shutil.copytree(ROOT / "templates", project / "templates")
    command = [sys.executable, "-m", "printkit", "build"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=project)
    unchanged, edited = [], []
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    original = scenarios.read_text(encoding="utf-8")
    for run in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=project)
        unchanged.append(time.perf_counter() - started)
        scenarios.write_text(original.replace("Which card do you take", f"Which card ({run}) do you take"),
                             encoding="utf-8")
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=project)
        edited.append(time.perf_counter() - started)
    return unchanged, edited


def warm_build(out: Path):
    started = time.perf_counter()
    results = build(select_games([]), ROOT / "content", out, Options(PAPERS["a4"]))
    return time.perf_counter() - started, sum(o.pages for o, _ in results), len(results)


class Recorder:
    """Wraps PdfFile's methods to log every call, with paragraphs kept as markup and style."""

    METHODS = ("begin_page", "line", "rect", "polygon", "circle", "text", "flowable", "begin_form", "end_form",
               "place_form", "finish")

    def __init__(self):
        self.files: list[list] = []
        self.saved = {}

    def __enter__(self):
        recorder = self
        original_init = pdf_module.PdfFile.__init__

        def init(pdf, *args, **kwargs):
            recorder.files.append([("__init__", args, kwargs)])
            pdf._log = recorder.files[-1]
            original_init(pdf, *args, **kwargs)

        self.saved["__init__"] = original_init
        pdf_module.PdfFile.__init__ = init
        for name in self.METHODS:
            self.saved[name] = getattr(pdf_module.PdfFile, name)
            setattr(pdf_module.PdfFile, name, self._logged(name, self.saved[name]))
        self.saved["placed"] = pdf_module.PdfFile.placed
        pdf_module.PdfFile.placed = self._logged_placed(self.saved["placed"])
        return self

    def __exit__(self, *exc):
        for name, method in self.saved.items():
            setattr(pdf_module.PdfFile, name, method)

    @staticmethod
    def _logged(name, method):
        def call(pdf, *args, **kwargs):
            if name == "flowable":
                para = args[0]
                logged = ((para.text, para.style, para.bulletText) + args[1:], kwargs)
            else:
                logged = (args, kwargs)
            pdf._log.append((name,) + logged)
            result = method(pdf, *args, **kwargs)
            if name == "finish":
                pdf._log.append(("__bytes__", result, None))
            return result
        return call

    @staticmethod
    def _logged_placed(method):
        @contextlib.contextmanager
        def placed(pdf, *args, **kwargs):
            pdf._log.append(("placed", args, kwargs))
            with method(pdf, *args, **kwargs):
                yield
            pdf._log.append(("end placed", (), {}))
        return placed


def replay(files: list[list]) -> tuple[float, bool]:
    """Draw the recorded calls again, straight into ReportLab: (seconds, same bytes as the build)."""
    started = time.perf_counter()
    same = True
    for log in files:
        _, args, kwargs = log[0]
        pdf = pdf_module.PdfFile(*args, **kwargs)
        stack, data = [], None
        for name, args, kwargs in log[1:]:
            if name == "flowable":
                text, style, bullet, *rest = args
                pdf.flowable(Paragraph(text, style, bulletText=bullet), *rest, **kwargs)
            elif name == "placed":
                stack.append(pdf.placed(*args, **kwargs))
                stack[-1].__enter__()
            elif name == "end placed":
                stack.pop().__exit__(None, None, None)
            elif name == "__bytes__":
                same = same and data == args
            else:
                data = getattr(pdf, name)(*args, **kwargs)
    return time.perf_counter() - started, same


def reportlab_alone(out: Path, runs: int) -> tuple[float, int, bool]:
    with Recorder() as recorder:
        build(select_games([]), ROOT / "content", out, Options(PAPERS["a4"]))
    calls = sum(len(log) for log in recorder.files)
    results = [replay(recorder.files) for _ in range(runs)]
    return statistics.median(t for t, _ in results), calls, all(same for _, same in results)


def campaign_check(runs: int) -> tuple[float, float]:
    """Cross Sums: loading and validating all 50 scenarios (solving included), and solving alone."""
    from printkit.games.cross_sums.model import scenario_of
    from printkit.pipeline import load_kit
    from printkit.rules.cross_sums import solve

    game = select_games(["cross-sums"])[0]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        kit = load_kit(game, ROOT / "content", Options(PAPERS["a4"]))
        times.append(time.perf_counter() - started)
    scenarios = [scenario_of(s) for s in kit.data["scenarios"]["scenarios"]]
    started = time.perf_counter()
    for scenario in scenarios:
        solve(scenario)
    return statistics.median(times), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        cold = [cold_build(tmp / f"cold{i}") for i in range(runs)]
        child_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        warm = [warm_build(tmp / f"warm{i}") for i in range(runs)]
        pages, files = warm[0][1], warm[0][2]
        warm_times = [t for t, _, _ in warm]
        alone, calls, same = reportlab_alone(tmp / "recorded", runs)
        validate_time, solve_time = campaign_check(runs)
        unchanged, edited = rebuilds(tmp, runs)
    self_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"printkit build: {files} files, {pages} pages, A4, {runs} runs each, {os.cpu_count()} cores")
    print(f"cold build (new process):  median {statistics.median(cold):.3f} s   best {min(cold):.3f} s"
          f"   {pages / statistics.median(cold):.0f} pages/s   peak memory {child_peak:.0f} MiB")
    print(f"in-process build:          median {statistics.median(warm_times):.3f} s   best {min(warm_times):.3f} s"
          f"   {pages / statistics.median(warm_times):.0f} pages/s   peak memory {self_peak:.0f} MiB")
    warm_median = statistics.median(warm_times)
    print(f"ReportLab alone (replay):  median {alone:.3f} s for the same {calls} drawing calls;"
          f" build / ReportLab = {warm_median / alone:.2f}x"
          f" (replayed PDFs {'identical to' if same else 'DIFFERENT from'} the build's)")
    print(f"rebuild, nothing changed:  median {statistics.median(unchanged):.3f} s (new process, manifest: "
          f"nothing drawn)")
    print(f"rebuild, 1 scenario edited: median {statistics.median(edited):.3f} s (new process: its sheet, both "
          f"booklets, the table and the key drawn)")
    print(f"Cross Sums campaign:       load and validate 50 scenarios {validate_time * 1000:.0f} ms"
          f" (median), of which solving all 50 grids {solve_time * 1000:.1f} ms")


if __name__ == "__main__":
    main()
