"""Shared fixtures: the kit built once per test session (A4 and Letter) into temporary folders,
and helpers to read PDFs back in millimetres."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
FIXTURES = ROOT / "tests" / "fixtures" / "bad"  # bad-content cases: bad/<game>/<case>/
PT = 25.4 / 72  # millimetres per PDF point


def build_into(out: Path, *args: str, content: Path = CONTENT) -> int:
    return main(["build", "--content", str(content), "--out", str(out), *args])


@pytest.fixture(scope="session")
def built_a4(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("a4")
    assert build_into(out, "--paper", "a4") == 0
    return out


@pytest.fixture(scope="session")
def built_letter(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("letter")
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


# --- bad-content fixtures: a folder of files laid over a copy of the project ----------------------

def overlay(case: str, project: Path, fixtures: Path = FIXTURES) -> None:
    """Lay tests/fixtures/<set>/<case>/ over the `project` copy: a file replaces its namesake,
    `<name>.delete` deletes it, `<name>.edit` (YAML `old`/`new`) edits the real file in place."""
    source = fixtures / case
    files = sorted(path for path in source.rglob("*") if path.is_file())
    assert files, f"fixture {case} is empty"
    for path in files:
        relative = path.relative_to(source)
        base = project if relative.parts[0] == "templates" else project / "content"
        if path.suffix == ".delete":
            target = base / relative.with_suffix("")
            assert target.is_file(), f"{case}: nothing to delete at {target}"
            target.unlink()
        elif path.suffix == ".edit":
            target = base / relative.with_suffix("")
            edit = yaml.safe_load(path.read_text(encoding="utf-8"))
            text = target.read_text(encoding="utf-8")
            assert text.count(edit["old"]) == 1, f"{case}: the edit does not apply to {target}"
            target.write_text(text.replace(edit["old"], edit["new"]), encoding="utf-8")
        else:
            target = base / relative
            assert target.is_file(), f"{case}: {relative} replaces no file of the project"
            shutil.copyfile(path, target)


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
