"""The README's worked example of a new product ("How a product is made") is real: its code and
its template, taken from the README, build a checklist PDF that reads back as the example says."""

from __future__ import annotations

import dataclasses
import types

import pdfplumber

from docs import block
from printkit.games import all_games
from printkit.load.options import Options
from printkit.pipeline.build import build
from printkit.plan.geometry import PAPERS
from printkit.products.sheets import Sheets

PT = 25.4 / 72


def example(name: str) -> str:
    """The fenced block after `<!-- example: NAME -->` in the README or docs/ (How a product is made)."""
    return block("example", name)


def test_the_readme_checklist_builds_and_reads_back(project, tmp_path, monkeypatch):
    module = types.ModuleType("checklist")
    exec(compile(example("checklist.py"), "docs/how-to/add-a-product.md:checklist.py", "exec"), module.__dict__)
    (project / "templates" / "numbered-cards" / "checklist.j2").write_text(example("checklist.j2"), encoding="utf-8")
    game = all_games()["numbered-cards"]
    game = dataclasses.replace(game, products=game.products + (
        Sheets("checklist", "every card, a box to tick as it is cut", pages=module.pages),))
    monkeypatch.chdir(project)
    results = build([game], project / "content", tmp_path / "out", Options(PAPERS["a4"]))
    assert "checklist.pdf" in {output.path.name for output, _ in results}
    with pdfplumber.open(tmp_path / "out" / "numbered-cards" / "checklist.pdf") as pdf:
        (page,) = pdf.pages
        text = page.extract_text()
        ticks = [r for r in page.rects if abs(r["width"] * PT - 3.6) < 0.05 and abs(r["height"] * PT - 3.6) < 0.05]
    assert "Numbered Cards Game · deck checklist" in text
    assert "Card Kind Cut" in text
    assert len(ticks) == 18  # one box for each card of the deck
    assert "Numbered Cards Game · Checklist · page 1 of 1" in text  # the kind's footer
