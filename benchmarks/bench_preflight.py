"""Benchmark (issue 41, point 5): preflight of an export costs at most the export's own time.

    python benchmarks/bench_preflight.py [--runs N] [--rows 60] [--targets pdfx tgc mbprint]

It installs nothing: printkit is this interpreter's (`sys.executable -m printkit`). The deck is
Lantern Delve (`printkit new --example lantern-delve`: pictures to the bleed, a back a card type)
with its cards grown to --rows rows, a card each (one row's copies: 1), so that a 60-row deck
exports 120 card sides. For each target, one untimed export first (its fonts and caches as a
user's second export finds them), then --runs runs (3), each a new process running
`printkit export --for TARGET` into a new folder, in which the export's own call and the
preflight it ends with are timed apart (printkit/targets/commands.py's two calls, wrapped); then
`printkit preflight` of that folder alone, a whole process, beside the export's whole process.
The figures are medians; the bar is preflight / export <= 1.0x. It prints one table, asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BAR = 1.0  # preflight's seconds at most this many times the export's own
EXAMPLE = "lantern-delve"
ROW = re.compile(r"^      - \{type: .*\}$", re.MULTILINE)  # a card of the example's game.yaml, one a line

# Run in the timed process: the export command as the command line runs it, its two calls timed.
DRIVER = """\
import json, sys, time
from printkit.cli import main as cli
from printkit.targets import commands
spent = {"export": 0.0, "preflight": 0.0}
def timed(name, call):
    def run(*args, **kwargs):
        started = time.perf_counter()
        try:
            return call(*args, **kwargs)
        finally:
            spent[name] += time.perf_counter() - started
    return run
commands.export = timed("export", commands.export)
commands.preflight = timed("preflight", commands.preflight)
code = cli.main(sys.argv[1:])
print(json.dumps({**spent, "code": code}), file=sys.stderr)
"""


def say(text: str) -> None:
    print(f"[bench] {text}", file=sys.stderr, flush=True)


def grown(folder: Path, rows: int) -> Path:
    """The example's project with its deck grown to `rows` cards (each its own name, one copy)."""
    subprocess.run([sys.executable, "-m", "printkit", "new", str(folder), "--example", EXAMPLE, "-q"], check=True)
    game = folder / "content" / EXAMPLE / "game.yaml"
    text = game.read_text(encoding="utf-8")
    cards = ROW.findall(text)
    if not cards:
        raise SystemExit(f"no card rows found in {game}: the example changed; update bench_preflight.py's ROW")
    named = [re.sub(r"name: ([^,]+),", rf"name: \1 {n + 1},", cards[n % len(cards)], count=1) for n in range(rows)]
    made = [re.sub(r", copies: \d+", "", card) for card in named]
    start, end = text.index(cards[0]), text.index(cards[-1]) + len(cards[-1])
    game.write_text(text[:start] + "\n".join(made) + text[end:], encoding="utf-8")
    return folder


def export(project: Path, target: str, out: Path, env: dict) -> dict:
    """One `export --for target` in a new process: {export, preflight, whole} seconds."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", DRIVER, "--project", str(project), "export", "--for", target,
                           "--out", str(out)], capture_output=True, text=True, env=env)
    whole = time.perf_counter() - started
    last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    try:
        figures = json.loads(last)
    except json.JSONDecodeError:
        raise SystemExit(f"export --for {target} failed:\n{done.stdout}{done.stderr}") from None
    if figures["code"] != 0:
        raise SystemExit(f"export --for {target} exited {figures['code']}:\n{done.stdout}{done.stderr}")
    return {**figures, "whole": whole}


def preflight_alone(project: Path, out: Path, env: dict) -> float:
    """`printkit preflight OUT`, a whole process."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printkit", "preflight", str(out)], check=True, stdout=subprocess.DEVNULL,
                   cwd=project, env=env)
    return time.perf_counter() - started


def measured(project: Path, target: str, runs: int, tmp: Path, env: dict) -> dict:
    export(project, target, tmp / f"{target}-warm", env)
    found = [export(project, target, tmp / f"{target}-{n}", env) for n in range(runs)]
    alone = [preflight_alone(project, tmp / f"{target}-{n}", env) for n in range(runs)]
    median = {key: statistics.median(run[key] for run in found) for key in ("export", "preflight", "whole")}
    return {**median, "alone": statistics.median(alone)}


def table(figures: dict, rows: int, runs: int) -> list[str]:
    lines = [f"{rows}-row {EXAMPLE} deck ({2 * rows} card sides), medians of {runs}; python {sys.version.split()[0]}",
             f"{'target':<9}{'export':>9}{'preflight':>11}{'ratio':>8}  bar {BAR:.1f}x   "
             f"{'export --for, whole':>20}{'preflight alone, whole':>24}"]
    for target, f in figures.items():
        ratio = f["preflight"] / f["export"]
        lines.append(f"{target:<9}{f['export']:>8.2f}s{f['preflight']:>10.2f}s{ratio:>7.2f}x  "
                     f"{'met    ' if ratio <= BAR else 'NOT MET'}  {f['whole']:>19.2f}s{f['alone']:>23.2f}s")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rows", type=int, default=60)
    parser.add_argument("--targets", nargs="+", default=["pdfx", "tgc", "mbprint"])
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-preflight-") as tmp:
        tmp = Path(tmp)
        env = {**os.environ, "PRINTKIT_CACHE": str(tmp / "cache")}
        project = grown(tmp / "project", arguments.rows)
        figures = {}
        for target in arguments.targets:
            say(f"export --for {target}, {arguments.runs} runs")
            figures[target] = measured(project, target, arguments.runs, tmp, env)
    print("\n".join(table(figures, arguments.rows, arguments.runs)))


if __name__ == "__main__":
    main()
