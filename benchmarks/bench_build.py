"""Benchmark: how long a full build takes, and how much of it is ReportLab's own drawing.

Prints its figures; it asserts nothing (speed is measured here, not in a timed test).

    python benchmarks/bench_build.py [--runs N]

- cold build: `python -m printkit build` in a new process, interpreter start and imports included;
- in-process build: the pipeline called again in this process (imports and fonts already loaded);
- ReportLab share: the in-process build under cProfile, time spent inside ReportLab's own functions
  (drawing, fonts, paragraph layout, compression) against the whole build. The bar: a full build
  within 2x of ReportLab's time, and under 1 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.games import Options  # noqa: E402
from printkit.pipeline import build, select_games  # noqa: E402
from printkit.plan.geometry import PAPERS  # noqa: E402


def cold_build(out: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printkit", "build", "--content", str(ROOT / "content"),
                    "--out", str(out)], check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - started


def warm_build(out: Path):
    started = time.perf_counter()
    results = build(select_games([]), ROOT / "content", out, Options(PAPERS["a4"]))
    return time.perf_counter() - started, sum(o.pages for o, _ in results), len(results)


def reportlab_share(out: Path) -> tuple[float, float]:
    profile = cProfile.Profile()
    profile.enable()
    build(select_games([]), ROOT / "content", out, Options(PAPERS["a4"]))
    profile.disable()
    stats = pstats.Stats(profile).stats
    total = max(entry[3] for entry in stats.values())  # cumulative time of the outermost call
    inside = sum(entry[2] for (file, _, _), entry in stats.items() if f"{os.sep}reportlab{os.sep}" in file)
    return total, inside


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
        total, inside = reportlab_share(tmp / "profiled")
    self_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"printkit build: {files} files, {pages} pages, A4, {runs} runs each, {os.cpu_count()} cores")
    print(f"cold build (new process):  median {statistics.median(cold):.3f} s   best {min(cold):.3f} s"
          f"   {pages / statistics.median(cold):.0f} pages/s   peak memory {child_peak:.0f} MiB")
    print(f"in-process build:          median {statistics.median(warm_times):.3f} s   best {min(warm_times):.3f} s"
          f"   {pages / statistics.median(warm_times):.0f} pages/s   peak memory {self_peak:.0f} MiB")
    print(f"under cProfile:            total {total:.3f} s, inside ReportLab {inside:.3f} s,"
          f" build / ReportLab = {total / inside:.2f}x")


if __name__ == "__main__":
    main()
