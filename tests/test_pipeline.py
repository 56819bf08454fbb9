"""The pipeline's stages: `validate` plans every product on both papers and draws nothing, yet
finds what only planning can find (text that does not fit its box); plans are data that render
draws as planned."""

from __future__ import annotations

import pytest

from conftest import BAD, ROOT, expected_stderr, overlay
from printkit.cli import main
from printkit.options import Options
from printkit.pipeline import files, load_all, plan_every, select_games
from printkit.plan.geometry import PAPERS
from printkit.plan.marks import Document
from printkit.render import pdf as pdf_module


@pytest.fixture
def no_drawing(monkeypatch):
    """Any PDF being drawn fails the test (in forked planning processes too)."""
    def refuse(*args, **kwargs):
        raise AssertionError("validate drew a PDF")
    monkeypatch.setattr(pdf_module.PdfFile, "__init__", refuse)


def test_validate_draws_nothing(project, cli, no_drawing):
    code, out, err = cli("validate", "--content", "content")
    assert (code, err) == (0, "")
    assert out.startswith("content is valid: 4 games checked")
    assert not (project / "output").exists()


def test_validate_finds_text_that_does_not_fit_without_drawing(project, cli, no_drawing):
    case = BAD / "numbered-cards" / "ability-too-long"
    overlay(case, project)
    code, _, err = cli("validate", "numbered-cards", "--content", "content")
    assert code == 1
    assert err.splitlines() == expected_stderr(case, project)


def test_every_product_plans_a_document_of_pages():
    kits = load_all(select_games([]), ROOT / "content", Options(PAPERS["letter"]))
    planned = files(kits)
    documents = plan_every(planned)
    assert len(documents) == len(planned) == 79  # Cross Sums (issue 13): three saddle volumes, player aid, log
    for item, document in zip(planned, documents):
        assert isinstance(document, Document) and document.pages, item.file.name
        assert all(page.paper.name in ("Letter", "half Letter") for page in document.pages), item.file.name


def test_main_without_a_content_folder_is_a_usage_error(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["validate"]) == 2
    assert "content folder not found" in capsys.readouterr().err
