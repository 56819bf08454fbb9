"""Shared fixtures: the kit built once per test session (A4 and Letter) into temporary folders,
and helpers to read PDFs back in millimetres."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
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
