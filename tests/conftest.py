"""Shared fixtures: the kit built once per test session (A4 and Letter) into temporary folders, a
copy of the project a test may break, the content fixtures laid over it (tests/fixtures/bad/ and
good/) with the stderr a bad case expects, and helpers to read PDFs back in millimetres. pdfplumber
parses each page of the same bytes once per session, for every worker."""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import shutil
import tempfile
from pathlib import Path

import pdfplumber
import pytest
import yaml

from printkit.cli.main import main
from printkit.pipeline.cores import WORKERS

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
BAD = ROOT / "tests" / "fixtures" / "bad"  # bad-content cases: bad/<game>/<case>/, input and expected.yaml
GOOD = ROOT / "tests" / "fixtures" / "good"  # content a game's own tests lay over: good/<game>/<name>/
EXPECTED = "expected.yaml"
PT = 25.4 / 72  # millimetres per PDF point


def pytest_configure(config):
    """The planned pages a test session's builds keep (printkit/pipeline/cache.py) go to a folder of the
    session's own, not to the user's cache; its subprocesses use it too. So do the pages pdfplumber
    read (below), for every worker of the session. A test's build draws in its own process
    (PRINTKIT_WORKERS=1: the suite already runs on every core, and forking a pool a build cost a
    quarter of the suite's time); the session's whole builds of the kit (`built_a4`,
    `built_letter`), tests/test_cores.py and the interruption tests draw in forked workers, as
    printkit does on a machine of several cores."""
    os.environ.setdefault(WORKERS, "1")
    for variable, prefix in (("PRINTKIT_CACHE", "printkit-cache-"), (READS, "printkit-reads-")):
        if variable not in os.environ:
            folder = tempfile.mkdtemp(prefix=prefix)
            os.environ[variable] = folder
            config.add_cleanup(lambda folder=folder: shutil.rmtree(folder, ignore_errors=True))
    pdfplumber.page.Page.parse_objects = _objects_read_once


# --- pdfplumber reads a page once per session --------------------------------------------------------

READS = "PRINTKIT_TEST_READS"  # the session's folder of pages pdfplumber read
_parse_objects = pdfplumber.page.Page.parse_objects


def _objects_read_once(page) -> dict:
    """A page's objects (chars, rects, lines, curves...) as pdfplumber parses them, parsed once per
    test session for each PDF's bytes: the same PDF built on every worker, read back by several test
    files, is parsed by the first and unpickled by the others (~6 times faster). The key is the
    file's SHA-256 with everything else the parse depends on."""
    pdf = page.pdf
    if type(page) is not pdfplumber.page.Page or pdf.laparams is not None or READS not in os.environ:
        return _parse_objects(page)
    if not hasattr(pdf, "_test_sha256"):
        at = pdf.stream.tell()
        pdf.stream.seek(0)
        pdf._test_sha256 = hashlib.sha256(pdf.stream.read()).hexdigest()
        pdf.stream.seek(at)
    key = hashlib.sha256(repr((pdf._test_sha256, page.page_number, page.initial_doctop, pdf.unicode_norm,
                               pdf.raise_unicode_errors, pdfplumber.__version__)).encode()).hexdigest()
    kept = Path(os.environ[READS]) / f"{key}.pickle"
    try:
        return pickle.loads(kept.read_bytes())
    except FileNotFoundError:
        pass
    objects = _parse_objects(page)
    try:
        data = pickle.dumps(objects, protocol=pickle.HIGHEST_PROTOCOL)
    except TypeError:  # an image's stream holds its open file: such a page is parsed each time
        return objects
    partial = kept.with_name(f"{key}.{os.getpid()}.part")
    partial.write_bytes(data)
    os.replace(partial, kept)  # whole or not there, for a worker reading it at the same time
    return objects


def build_into(out: Path, *args: str, content: Path = CONTENT) -> int:
    return main(["build", "--content", str(content), "--out", str(out), *args])


@contextlib.contextmanager
def forked_workers():
    """Builds inside draw in forked workers, as printkit does on a machine of several cores."""
    asked = os.environ.pop(WORKERS, None)
    try:
        yield
    finally:
        if asked is not None:
            os.environ[WORKERS] = asked


@pytest.fixture(scope="session")
def built_a4(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("a4")
    with forked_workers():
        assert build_into(out, "--paper", "a4") == 0
    return out


@pytest.fixture(scope="session")
def built_letter(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("letter")
    with forked_workers():
        assert build_into(out, "--paper", "letter") == 0
    return out


@pytest.fixture(params=["a4", "letter"])
def built(request, built_a4, built_letter) -> tuple[str, Path]:
    """(paper, folder) for each paper size."""
    return request.param, {"a4": built_a4, "letter": built_letter}[request.param]


@pytest.fixture
def project(tmp_path) -> Path:
    """A copy of the project's content and templates that a test may break."""
    shutil.copytree(CONTENT, tmp_path / "content")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    return tmp_path


def mm(points: float) -> float:
    return points * PT


# --- content fixtures: a folder of files laid over a copy of the project ---------------------------

def overlay(folder: Path, project: Path) -> None:
    """Lay a fixture folder (tests/fixtures/bad/<game>/<case>/, say) over the `project` copy: a file
    replaces its namesake, `<name>.delete` deletes it, `<name>.edit` edits the real file in place
    (YAML `old` -> `new`; `old` must occur once, or with `after:` the first `old` after the first
    `after` is replaced). A case's `expected.yaml` is not laid over."""
    files = sorted(path for path in folder.rglob("*") if path.is_file() and path != folder / EXPECTED)
    assert files, f"fixture {folder.name} is empty"
    for path in files:
        relative = path.relative_to(folder)
        target = in_project(project, relative.with_suffix("") if path.suffix in (".delete", ".edit") else relative)
        if path.suffix == ".delete":
            assert target.is_file(), f"{folder.name}: nothing to delete at {target}"
            target.unlink()
        elif path.suffix == ".edit":
            edit(target, yaml.safe_load(path.read_text(encoding="utf-8")), folder.name)
        else:
            assert target.is_file(), f"{folder.name}: {relative} replaces no file of the project"
            shutil.copyfile(path, target)


def in_project(project: Path, shown: Path | str) -> Path:
    """A file as printkit shows it (relative to the content folder, or templates/...) in `project`."""
    shown = Path(shown)
    return project / shown if shown.parts[0] == "templates" else project / "content" / shown


def edit(target: Path, change: dict, case: str) -> None:
    assert set(change) in ({"old", "new"}, {"old", "new", "after"}), f"{case}: {target.name}.edit: {change}"
    text = target.read_text(encoding="utf-8")
    if "after" not in change:
        assert text.count(change["old"]) == 1, f"{case}: the edit does not apply to {target}"
    start = find(text, change["old"], change.get("after"), f"{case}: {target.name}")
    target.write_text(text[:start] + change["new"] + text[start + len(change["old"]):], encoding="utf-8")


def find(text: str, at: str, after: str | None, where: str) -> int:
    """Where the first `at` stands in `text`, or the first after the first `after`."""
    start = 0
    if after is not None:
        assert after in text, f"{where}: {after!r} is not in the file"
        start = text.index(after) + len(after)
    offset = text.find(at, start)
    assert offset >= 0, f"{where}: {at!r} is not in the file" + (f" after {after!r}" if after else "")
    return offset


def expected_stderr(folder: Path, project: Path) -> list[str]:
    """A case's expected.yaml as the lines printkit must print: each entry a `file` as printkit
    shows it, a `message`, and `at`, a text on the line meant (the first line with it in the
    overlaid file, or with `after:` the first below the first `after`), or `line: null`."""
    entries = yaml.safe_load((folder / EXPECTED).read_text(encoding="utf-8"))
    return [expected_line(entry, project, folder.name) for entry in entries]


def expected_line(entry: dict, project: Path, case: str) -> str:
    column = entry.pop("column", None)  # a YAML syntax error's column on the line, counted from 1
    assert set(entry) in ({"file", "at", "message"}, {"file", "at", "after", "message"},
                          {"file", "line", "message"}), f"{case}: {entry}"
    if "line" in entry:
        assert entry["line"] is None, f"{case}: give the line by the text on it (`at`), not its number"
        return f"{entry['file']}: {entry['message']}"
    text = in_project(project, entry["file"]).read_text(encoding="utf-8")
    offset = find(text, entry["at"], entry.get("after"), f"{case}: {entry['file']}")
    line = text.count("\n", 0, offset) + 1
    if column is not None:
        return f"{entry['file']}:{line}:{column}: {entry['message']}"
    return f"{entry['file']}:{line}: {entry['message']}"


@pytest.fixture
def cli(project, capsys, monkeypatch):
    """Run printkit in the project folder, as a designer would: (exit code, stdout, stderr)."""
    monkeypatch.chdir(project)

    def run(*argv: str) -> tuple[int, str, str]:
        capsys.readouterr()
        try:
            code = main(list(argv))
        except SystemExit as exit:  # argparse
            code = exit.code
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err

    return run


def build(cli, *games: str, out: str = "out"):
    return cli("build", *games, "--content", "content", "--out", out)


def validate(cli, *games: str):
    return cli("validate", *games, "--content", "content")


def pdfs(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def any_size():
    """Every shop selling every card size, for a module whose tests are about colour or a file's
    form, not the sizes each shop sells (tests/test_shop_sizes.py): poker decks to MB Print."""
    from dataclasses import replace

    from printkit.targets.profiles import profiles

    with pytest.MonkeyPatch.context() as patch:
        for slug, profile in profiles().items():
            patch.setitem(profiles(), slug, replace(profile, cards=()))
        yield
