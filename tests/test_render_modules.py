"""The render stage's own modules: the PDF file's parts (render/pdf.py split along what it draws),
each one idea under 400 lines with a docstring, and none of them, nor the drawing of a document and
its flattening, in an import circle (read from their source by tools/imports.py). The flattening
takes its pictures through the drawing function it is given, not one it imports."""

import sys
from pathlib import Path

import pytest

from printkit.plan.geometry import PAPERS, Rect
from printkit.plan.marks import Box, Document, Group, Page
from printkit.render import draw, flatten

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import imports  # noqa: E402  tools/imports.py

PDF_PARTS = ["pdf", "shapes", "text", "images", "forms", "resources", "ink_saver", "subsets", "streams"]
DRAWING = ["draw", "flatten", "kept_pages", "same_pages", *PDF_PARTS]


@pytest.fixture(scope="module")
def graph():
    modules = imports.modules_under(ROOT / "printkit")
    return {name: imports.imports_of(name, path, set(modules)) for name, path in modules.items()}


def test_no_module_drawing_a_document_is_in_an_import_circle(graph):
    ours = {f"printkit.render.{name}" for name in DRAWING}
    assert [circle for circle in imports.circles(graph) if ours & set(circle)] == []


def test_the_flattening_imports_nothing_that_draws_a_document(graph):
    assert "printkit.render.draw" not in graph["printkit.render.flatten"]


@pytest.mark.parametrize("name", PDF_PARTS)
def test_each_part_of_the_pdf_file_is_one_short_module_saying_what_it_is(name):
    path = ROOT / "printkit" / "render" / f"{name}.py"
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") < imports.LIMIT
    assert text.startswith('"""') and len(text.split('"""')[1].split()) >= 10


def test_the_flattening_pictures_the_page_through_the_drawing_it_is_given():
    """A half-opaque panel over a red ground: two pictures (before and with the panel), both
    drawn by the function given, and the flat picture lies where the panel was (+-0.05 mm)."""
    panel = Rect(20.0, 30.0, 40.0, 25.0)
    page = Page(PAPERS["a4"], (Box(Rect(10, 10, 100, 100), level=None, fill=(0.8, 0.1, 0.1)),
                               Group((Box(panel, level=None, fill=(0.1, 0.2, 0.9)),), opacity=0.5)))
    drawn = []

    def drawing(document):
        drawn.append(document)
        return draw.render(document)
    marks = flatten.flattened(page, Document("t", "s", (page,)), drawing)
    assert len(drawn) == 2
    flat = marks[1]
    assert isinstance(flat, flatten.Flat) and flat.frames == ()
    for got, wanted in zip((flat.rect.x, flat.rect.y, flat.rect.width, flat.rect.height),
                           (panel.x, panel.y, panel.width, panel.height)):
        assert got == pytest.approx(wanted, abs=0.05)
