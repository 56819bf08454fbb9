"""Benchmark (issue 26): each figure of printkit as a ratio to a floor measured in the same run,
beside its bar. Absolute seconds do not carry from one machine to another; ratios measured side by
side do. It prints one table and asserts nothing (speed is measured here, not in a timed test).

    python benchmarks/bench_build.py [--runs N] [--campaign N] [--r-pages N] [--quick]

printkit is installed as a user installs it: a new venv in a temporary folder and `pip install` of
a clean copy of this repository (no build/ or .egg-info), not editable. Every command is that
venv's `printkit` in a new process, in a copy of the repository's project (printkit.yaml, content/,
templates/). A cold build starts from a truly empty PRINTKIT_CACHE, as a user's first build does:
nothing seeded (no key, no compiled templates, no untimed build before it), so compiling the
templates it uses and making the user's key are in its time.

The floors, measured in this run, alternately with the figures they are set against:
- `python -c pass`, the venv's interpreter; `--version`'s bar is 3 of them and 0.05 s;
- R: bare_reportlab.py, a whole process drawing every page a build plans (venv_steps.py dumps
  them) with the plainest canvas calls. The issue's R is such a script drawing a 58-page kit;
  this kit plans 257 pages, so R is its time a page times --r-pages (58);
- pdftoppm (poppler, installed with apt-get where missing), one process a PDF, rendering the pages
  `preview` renders (every built page, at preview's dpi) and those `export --for tgc` renders its
  PNGs from (a page a card side, at the shop's dpi).

The figures, medians of --runs (5):
- `printkit --version`, a whole process;
- cold build of every game, a new empty PRINTKIT_CACHE and output folder each run: its time a
  page against R's time a page;
- rebuild with nothing changed, rebuild after Cross Sums scenario 1's tagline ("Six places leave
  room for different plans.") is changed (a different text each run), and `validate`, each in the
  built project: against R; the edited rebuild inside `printkit watch` (a warm process, as it
  reports it) too, with no bar;
- `preview` of the built project, every PNG rendered again, and `export --for tgc` into a new
  folder: against pdftoppm on the same pages;
- growth: the cold build with a synthetic campaign of --campaign scenarios (500) against the 50's,
  and its largest process's peak memory;
- `printkit serve` (issue 27): from the save of a one-card edit (a Numbered Cards ability's words)
  to the card's new picture loaded in headless Chromium (selenium, where chromium and chromedriver
  are installed), the whole project served; its bar is absolute (0.5 s, the issue's aim), and
  pdftoppm rendering the card's deck PDF at the same dpi is beside it.
`--quick`: one run of each and no campaign, a smoke run. `--serve`: the serve figure alone.
"""

# No `from __future__ import annotations`: tests/cross_sums loads this file for `campaign` without
# registering it as a module, and dataclasses cannot resolve string annotations then.
import argparse
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "printkit", "content", "templates", "examples")
LEFTOVERS = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist")  # what pip must not reuse
PROJECT = ("printkit.yaml", "content", "templates")
ISSUE_R_PAGES = 58  # issue 26's R: a bare ReportLab script drawing a 58-page kit
STARTUP = (3, 0.05)  # --version's floor: three interpreter starts and 0.05 s
GROWTH = (500, 6.0, 150)  # scenarios; at most this many times the 50's cold build; its largest process, MiB
SCENARIOS = Path("content") / "cross-sums" / "scenarios.yaml"


def say(text: str) -> None:
    """Progress, on stderr: the table alone goes to stdout."""
    print(f"[bench] {text}", file=sys.stderr, flush=True)


# --- processes ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    seconds: float
    peak: float  # MiB: the largest resident size of the process or of any it waited for (its workers)


def run(argv: list, cwd: Path, env: dict) -> Run:
    """One command in a new process, timed from its start to its end; its output thrown away."""
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen([str(a) for a in argv], cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                                   stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)  # wait4: this process's own peak memory
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"{' '.join(map(str, argv))} failed ({process.returncode}):\n"
                             f"{errors.read().decode(errors='replace')[-2000:]}")
    return Run(seconds, usage.ru_maxrss / 1024)


def output_of(argv: list, cwd: Path, env: dict, reads_json: bool = True) -> dict | None:
    """An untimed step (the JSON a venv_steps.py step prints as its last line); its messages are
    shown only if it fails."""
    result = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, argv))} failed:\n{result.stderr[-3000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1]) if reads_json else None


def median(runs: list[Run]) -> float:
    return statistics.median(r.seconds for r in runs)


# --- the installed printkit and its project --------------------------------------------------------

@dataclass(frozen=True)
class Bench:
    """The benchmark's venv, its temporary folder, and the environment its processes run in."""

    tmp: Path
    venv: Path

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def printkit(self) -> Path:
        return self.venv / "bin" / "printkit"

    def env(self, cache: Path | None = None) -> dict:
        """As a user's shell runs printkit: nothing of this checkout on the path, modules compiled (the
        development environment may ask Python not to write bytecode), the template cache in the
        benchmark's folder, and the page cache `cache`."""
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "VIRTUAL_ENV", "PRINTKIT_CACHE")}
        env["XDG_CACHE_HOME"] = str(self.tmp / "user-cache")
        if cache is not None:
            env["PRINTKIT_CACHE"] = str(cache)
        return env

    def printkit_run(self, args: list, cwd: Path, cache: Path) -> Run:
        return run([self.printkit, *args], cwd, self.env(cache))

    def step(self, args: list, cwd: Path, cache: Path | None = None) -> dict:
        return output_of([self.python, HERE / "venv_steps.py", *args], cwd, self.env(cache))


def install(tmp: Path) -> Bench:
    """A new venv with printkit pip-installed from a clean copy of the repository, as a user's."""
    copy = tmp / "printkit-source"
    copy.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, copy / name, ignore=LEFTOVERS)
        else:
            shutil.copyfile(ROOT / name, copy / name)
    bench = Bench(tmp, tmp / "venv")
    say("making a venv and installing printkit into it (pip install, not editable)")
    subprocess.run([sys.executable, "-m", "venv", bench.venv], check=True)
    output_of([bench.python, "-m", "pip", "install", "--quiet", copy], tmp, bench.env(), reads_json=False)
    return bench


def project(tmp: Path, name: str) -> Path:
    """A copy of the repository's project: printkit.yaml, content/ and templates/."""
    folder = tmp / name
    folder.mkdir()
    for item in PROJECT:
        if (ROOT / item).is_dir():
            shutil.copytree(ROOT / item, folder / item)
        else:
            shutil.copyfile(ROOT / item, folder / item)
    return folder


def alternately(first, second, runs: int) -> tuple[list, list]:
    """`first(i)` and `second(i)` taken in turn, so that a drift in the machine's speed reaches a
    figure and its floor alike."""
    a, b = [], []
    for i in range(runs):
        a.append(first(i))
        b.append(second(i))
    return a, b


# --- floors -----------------------------------------------------------------------------------------

def pdftoppm() -> tuple[str | None, str]:
    """pdftoppm's path, with poppler-utils installed by apt-get where it is missing; else None and why."""
    found = shutil.which("pdftoppm")
    if found:
        return found, ""
    apt = shutil.which("apt-get")
    if apt is None:
        return None, "pdftoppm is missing and there is no apt-get to install poppler-utils"
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    say("pdftoppm is missing: apt-get update, then apt-get install poppler-utils")
    for step in (["update"], ["install", "-y", "--no-install-recommends", "poppler-utils"]):
        result = subprocess.run([*sudo, apt, "-q", *step], capture_output=True, text=True, env=env)
        if result.returncode != 0:
            last = (result.stderr.strip().splitlines() or ["no message"])[-1]
            return None, f"apt-get {step[0]} failed ({last})"
    found = shutil.which("pdftoppm")
    return found, "" if found else "poppler-utils installed, but no pdftoppm on the PATH"


def rendered_by_pdftoppm(tool: str, pdfs: list[Path], dpi: int, into: Path) -> Run:
    """Every page of `pdfs` as PNG at `dpi`: one pdftoppm a PDF, as a user renders files."""
    into.mkdir()
    started = time.perf_counter()
    for number, pdf in enumerate(pdfs):
        run([tool, "-r", dpi, "-png", pdf, into / f"{number:03d}"], into, dict(os.environ))
    seconds = time.perf_counter() - started
    shutil.rmtree(into)  # 300-dpi pages are large: kept no longer than a run
    return Run(seconds, 0.0)


def bare_reportlab(bench: Bench, i: int) -> Run:
    """R's script on the pages venv_steps.py dumped, in the venv (its ReportLab is printkit's)."""
    return run([bench.python, HERE / "bare_reportlab.py", bench.tmp / "pages.json", bench.tmp / f"bare{i}"],
               bench.tmp, bench.env())


# --- figures ----------------------------------------------------------------------------------------

def cold_build(bench: Bench, folder: Path, name: str):
    """A build of every game into a new output folder with a new PRINTKIT_CACHE that does not exist
    yet, run `i`, as a user's first build: printkit makes the folder, the user's key in it, and
    compiles (or finds shipped with printkit) every template the build uses, inside the timing."""
    def build(i: int) -> Run:
        cache = bench.tmp / f"{name}-cache{i}"
        if cache.exists():
            raise SystemExit(f"{cache} exists: a cold build's cache must be empty")
        return bench.printkit_run(["build", "-q", "--out", bench.tmp / f"{name}-out{i}"], folder, cache)
    return build


def rebuilds(bench: Bench, folder: Path, built: Path, cache: Path, runs: int) -> tuple[list[Run], list[Run]]:
    """Rebuilds of the built project: with nothing changed, and after editing Cross Sums scenario 1's
    tagline (a different text each run, so that every run is a real change)."""
    unchanged, edited = [], []
    original = (folder / SCENARIOS).read_text(encoding="utf-8")
    build = ["build", "-q", "--out", built]
    try:
        for i in range(runs):
            unchanged.append(bench.printkit_run(build, folder, cache))
            (folder / SCENARIOS).write_text(edited_words(original, f"({i})"), encoding="utf-8")
            edited.append(bench.printkit_run(build, folder, cache))
    finally:
        (folder / SCENARIOS).write_text(original, encoding="utf-8")
    bench.printkit_run(build, folder, cache)  # the project built as it was, for the figures after
    return unchanged, edited


EDITED_TAGLINE = "Six places leave room for different plans."  # scenario 1's, the edit issue 41's bar names


def edited_words(text: str, mark: str) -> str:
    """Scenario 1's tagline changed (`mark` in it: a different text each run), nothing else."""
    if text.count(f"tagline: {EDITED_TAGLINE}\n") != 1:
        raise SystemExit(f"the benchmark's edit: scenarios.yaml has not one tagline {EDITED_TAGLINE!r}")
    return text.replace(f"tagline: {EDITED_TAGLINE}\n", f"tagline: {EDITED_TAGLINE[:-1]} {mark}.\n")


def campaign(folder: Path, count: int) -> None:
    """The project's Cross Sums campaign made `count` scenarios long: the seed's 50, then its last
    stage (scenarios 41-50: the whole deck, hand 5, distinct values) again and again, renumbered,
    each title its own. Every scenario keeps the campaign's rules, so the rules model checks and
    solves all of them. (Run in the venv by venv_steps.py, which has PyYAML; tests/cross_sums
    makes its long campaign with it too.)"""
    import yaml

    scenarios = folder / SCENARIOS
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


def watched(bench: Bench, folder: Path, built: Path, cache: Path, runs: int) -> list[Run]:
    """The rebuild after editing one scenario inside `printkit watch`, as it reports it (from the
    settled edit to the files written), for `runs` edits in one watch."""
    process = subprocess.Popen([bench.printkit, "watch", "--out", built], cwd=folder, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env=bench.env(cache))
    original = (folder / SCENARIOS).read_text(encoding="utf-8")
    times = []
    try:
        _line_with(process, "watching")
        for i in range(runs):
            (folder / SCENARIOS).write_text(edited_words(original, f"[{i}]"), encoding="utf-8")
            times.append(Run(float(_line_with(process, "files changed, in ").split(" in ")[1].split()[0]), 0.0))
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
        (folder / SCENARIOS).write_text(original, encoding="utf-8")
    bench.printkit_run(["build", "-q", "--out", built], folder, cache)
    return times


def _line_with(process, text: str) -> str:
    for line in process.stdout:
        if text in line:
            return line
    raise SystemExit(f"printkit watch ended before printing {text!r}")


def previewed(bench: Bench, folder: Path, built: Path, cache: Path):
    """`printkit preview` of the built project, its PNGs and index made again (the build in it
    finds nothing changed)."""
    def preview(i: int) -> Run:
        shutil.rmtree(built / "preview", ignore_errors=True)
        (built / "index.html").unlink(missing_ok=True)
        return bench.printkit_run(["preview", "-q", "--out", built], folder, cache)
    return preview


def pdfs_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.pdf") if "preview" not in p.relative_to(folder).parts)


# --- the table ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Figure:
    name: str
    value: str  # the figure as measured
    floor: str  # what it is set against
    ratio: float | None  # what the bar is for: the figure over its floor (or the memory itself)
    unit: str  # "x", "R" or "MiB"
    bar: float | None
    under: bool = False  # the bar is a strict "<" (memory)

    def row(self) -> str:
        unit = self.unit if self.unit == "x" else f" {self.unit}"  # 1.2x, 1.2 R, 150 MiB
        ratio = "" if self.ratio is None or self.unit == "MiB" else f"{self.ratio:.2f}{unit}"
        if self.bar is None or self.ratio is None:
            bar, verdict = "—", ""
        else:
            bar = f"{'<' if self.under else '<='} {self.bar:g}{unit}"
            verdict = "met" if (self.ratio < self.bar if self.under else self.ratio <= self.bar) else "not met"
        return f"{self.name:<34} {self.value:>10}  {self.floor:<32} {ratio:>7}  {bar:<10} {verdict}"


def against(name: str, runs: list[Run], floor: float, label: str, unit: str, bar: float | None) -> Figure:
    seconds = median(runs)
    return Figure(name, f"{seconds:.3f} s", f"{floor:.3f} s {label}", seconds / floor, unit, bar)


def unmeasured(name: str, why: str) -> Figure:
    return Figure(name, "—", f"could not be measured: {why}", None, "x", None)


def floor_row(label: str, seconds: float | None, note: str) -> str:
    return f"  {label:<34} {'' if seconds is None else f'{seconds:.3f} s':>9}  {note}"


def table(header: list[str], floors: list[str], figures: list[Figure]) -> str:
    lines = header + ["floors, measured in this run (medians):"] + floors
    lines += ["", f"{'figure':<34} {'median':>10}  {'floor':<32} {'ratio':>7}  {'bar':<10} verdict"]
    return "\n".join(lines + [figure.row() for figure in figures])


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


# --- the run -----------------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each figure and floor (default 5)")
    parser.add_argument("--campaign", type=int, default=500, metavar="N", help="scenarios of the growth figure")
    parser.add_argument("--r-pages", type=int, default=ISSUE_R_PAGES, metavar="N",
                        help=f"the pages R stands for (default {ISSUE_R_PAGES}, issue 26's)")
    parser.add_argument("--quick", action="store_true", help="one run of each and no campaign: a smoke run")
    parser.add_argument("--serve", action="store_true", help="only the figure of printkit serve")
    arguments = parser.parse_args()
    runs = 1 if arguments.quick else arguments.runs
    started, load_before = time.perf_counter(), load()
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        header, floors, figures = measure(Path(tmp), runs, arguments)
    header.append(f"machine: {os.cpu_count()} cores, load average (1, 5, 15 min) {load_before} at the start, "
                  f"{load()} at the end; {time.perf_counter() - started:.0f} s in all")
    print(table(header, floors, figures))


def measure(tmp: Path, runs: int, arguments) -> tuple[list[str], list[str], list[Figure]]:
    """(the header's lines, the floors' lines, the figures)."""
    bench = install(tmp)
    folder = project(tmp, "project")
    built, cache = tmp / "built", tmp / "built-cache"
    if arguments.serve:
        floors, figures = served(bench, folder, cache, runs)
        return [f"printkit from a new venv (pip install, not editable), medians of {runs} runs"], floors, figures
    say("a first build, untimed: the project built, for the rebuilds, preview and export (the cold builds"
        " each have a cache of their own, empty)")
    bench.printkit_run(["build", "-q", "--out", built], folder, cache)
    kit = bench.step(["pages", tmp / "pages.json", built], folder, cache)
    check_installed(bench, kit)
    floors, figures = against_r(bench, folder, built, cache, runs, kit, arguments.r_pages)
    rendered_floors, rendered = rendering(bench, folder, built, cache, runs, kit)
    if not arguments.quick and arguments.campaign:
        rendered += growth(bench, folder, arguments.campaign, runs)
    serve_floors, serve_figures = served(bench, folder, cache, runs)
    rendered_floors, rendered = rendered_floors + serve_floors, rendered + serve_figures
    header = [f"printkit from a new venv (pip install, not editable): {kit['built_files']} files, "
              f"{kit['built_pages']} pages on A4, medians of {runs} run{'s' if runs > 1 else ''}; "
              f"Python {platform.python_version()}; {kit.get('shipped', 0)} templates shipped compiled"]
    return header, floors + rendered_floors, figures + rendered


def against_r(bench: Bench, folder: Path, built: Path, cache: Path, runs: int, kit: dict,
              r_pages: int) -> tuple[list[str], list[Figure]]:
    """Start-up against `python -c pass`; builds, rebuilds and validate against R."""
    say("start-up: python -c pass and printkit --version")
    version, bare_start = alternately(lambda i: bench.printkit_run(["--version"], folder, cache),
                                      lambda i: run([bench.python, "-c", "pass"], bench.tmp, bench.env()), runs)
    say("cold builds and bare ReportLab")
    cold, bare = alternately(cold_build(bench, folder, "cold"), lambda i: bare_reportlab(bench, i), runs)
    say("validate, rebuilds, the rebuild in watch")
    validate = [bench.printkit_run(["validate"], folder, cache) for _ in range(runs)]
    unchanged, edited = rebuilds(bench, folder, built, cache, runs)
    in_watch = watched(bench, folder, built, cache, runs)
    per_page = median(bare) / kit["pages"]
    r = per_page * r_pages
    floors = [floor_row("python -c pass", median(bare_start), "the venv's interpreter, started and stopped"),
              floor_row(f"bare ReportLab, {kit['pages']} pages", median(bare),
                        f"{1000 * per_page:.2f} ms a page; R, {r_pages} pages' worth: {r:.3f} s")]
    startup = STARTUP[0] * median(bare_start) + STARTUP[1]
    cold_page = median(cold) / kit["built_pages"]
    return floors, [
        against("printkit --version", version, startup, "(3 pass + 0.05)", "x", 1.0),
        Figure("cold build, a page", f"{1000 * cold_page:.2f} ms", f"{1000 * per_page:.2f} ms (R a page)",
               cold_page / per_page, "R", 1.2),
        against("rebuild, nothing changed", unchanged, r, "(R)", "R", 0.8),
        against("rebuild, one scenario edited", edited, r, "(R)", "R", 1.5),
        against("validate after a build", validate, r, "(R)", "R", 1.0),
        against("  the edit inside printkit watch", in_watch, r, "(R)", "R", None)]


def check_installed(bench: Bench, kit: dict) -> None:
    """The benchmark measures the venv's printkit, and R draws the pages the build drew."""
    if not Path(kit["printkit"]).resolve().is_relative_to(bench.venv.resolve()):
        raise SystemExit(f"printkit was imported from {kit['printkit']}, not from the benchmark's venv")
    if (kit["pages"], kit["files"]) != (kit["built_pages"], kit["built_files"]):
        raise SystemExit(f"the plan dumped for R has {kit['files']} files, {kit['pages']} pages; "
                         f"the build wrote {kit['built_files']}, {kit['built_pages']}")


def rendering(bench: Bench, folder: Path, built: Path, cache: Path, runs: int,
              kit: dict) -> tuple[list[str], list[Figure]]:
    """preview and export --for tgc, each against pdftoppm on the same pages at the same dpi; and
    the floors' lines."""
    tool, why = pdftoppm()
    if tool is None:
        return ([floor_row("pdftoppm", None, f"could not be measured: {why}")],
                [unmeasured("preview", why), unmeasured("export --for tgc", why)])
    tmp = bench.tmp
    say("preview and pdftoppm")
    dpi, pdfs = kit["preview_dpi"], pdfs_in(built)
    preview, ppm = alternately(previewed(bench, folder, built, cache),
                               lambda i: rendered_by_pdftoppm(tool, pdfs, dpi, tmp / f"ppm-preview{i}"), runs)
    say("export --for tgc and pdftoppm")
    shop = bench.step(["export", tmp / "shop"], folder, cache)
    pages = sorted((tmp / "shop" / "pages").glob("*.pdf"))
    export, ppm_shop = alternately(
        lambda i: bench.printkit_run(["export", "--for", "tgc", "--out", tmp / f"tgc{i}"], folder, cache),
        lambda i: rendered_by_pdftoppm(tool, pages, shop["dpi"], tmp / f"ppm-tgc{i}"), runs)
    floors = [floor_row(f"pdftoppm, {kit['built_pages']} pages, {dpi} dpi", median(ppm),
                        f"every built page, as preview renders them ({len(pdfs)} PDFs, a process each)"),
              floor_row(f"pdftoppm, {shop['pages']} pages, {shop['dpi']} dpi", median(ppm_shop),
                        f"export --for tgc's card sides ({len(pages)} PDFs; it renders the {shop['distinct']} "
                        f"distinct ones)")]
    return floors, [
        against("preview", preview, median(ppm), f"(pdftoppm, {dpi} dpi)", "x", 0.3),
        against("export --for tgc", export, median(ppm_shop), f"(pdftoppm, {shop['dpi']} dpi)", "x", 0.3)]


SERVED_CARD = ("numbered-cards", "Rearrange all cards in the row.")  # a game, and its first card's words
SERVE_AIM = 0.5  # seconds from the save to the picture shown (issue 27)


def served(bench: Bench, folder: Path, cache: Path, runs: int) -> tuple[list[str], list[Figure]]:
    """`printkit serve` of the whole project open in headless Chromium; each run edits the first
    Numbered Cards card's words and waits for its new picture to be shown in the page (the
    browser's clock, from the save's: benchmarks/chromium.py, as bench_serve.py measures it).
    Beside it: pdftoppm rendering that deck's PDF."""
    name = "serve: save to new picture shown"
    tool, why = pdftoppm()
    sys.path.insert(0, str(HERE))
    import chromium  # the benchmarks' own module: here, as tests/cross_sums loads this file without its folder

    if chromium.missing():
        return [], [unmeasured(name, chromium.missing())]
    say("printkit serve in headless Chromium")
    out = bench.tmp / "served"
    process = subprocess.Popen([bench.printkit, "serve", "--out", out], cwd=folder, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env=bench.env(cache))
    game = folder / "content" / SERVED_CARD[0] / "game.yaml"
    original = game.read_text(encoding="utf-8")
    page = None
    times = []
    try:
        page = chromium.Page(_line_with(process, "serving ").split()[1], bench.tmp / "chromium")
        page.follow(f"section[id^='{SERVED_CARD[0]}-'] figure.card a.card img")
        for i in range(runs):
            edited = original.replace(SERVED_CARD[1], f"Rearrange all cards in the row [{i}].")
            index = page.index()
            times.append(Run(page.saved_to_shown(lambda: game.write_text(edited, encoding="utf-8")), 0.0))
            page.settled(index)  # the index that follows the pictures, swapped too, before the next save
            time.sleep(0.3)
    finally:
        if page:
            page.quit()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
        game.write_text(original, encoding="utf-8")
    if tool is None:
        floors, floor_text = [floor_row("pdftoppm", None, f"could not be measured: {why}")], "—"
    else:
        deck = out / SERVED_CARD[0] / "ability-cards.pdf"
        ppm = [rendered_by_pdftoppm(tool, [deck], 100, bench.tmp / f"ppm-serve{i}") for i in range(runs)]
        floors = [floor_row("pdftoppm, the edited card's deck", median(ppm), "its PDF at 100 dpi, one process")]
        floor_text = f"{median(ppm):.3f} s (pdftoppm, its deck)"
    seconds = median(times)
    return floors, [Figure(name, f"{seconds:.3f} s", floor_text, seconds, "s", SERVE_AIM)]


def growth(bench: Bench, seed: Path, count: int, runs: int) -> list[Figure]:
    """The cold build with a campaign of `count` scenarios against the 50's (the project `seed`),
    taken in turn, and the peak memory of the largest process of the long one."""
    say(f"growth: cold builds of {count} scenarios and of the 50")
    grown = project(bench.tmp, f"campaign-{count}")
    bench.step(["campaign", count], grown)
    long, short = alternately(cold_build(bench, grown, "grown"), cold_build(bench, seed, "seed"), runs)
    peak = max(r.peak for r in long)
    issue = count == GROWTH[0]  # the bars are set for that campaign alone
    return [against(f"{count} scenarios against 50", long, median(short), "(the 50's cold build)", "x",
                    GROWTH[1] if issue else None),
            Figure("  its largest process", f"{peak:.0f} MiB", "", peak, "MiB", GROWTH[2] if issue else None, under=True)]


if __name__ == "__main__":
    main()
