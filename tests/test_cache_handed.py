"""The page cache is the pipeline's (issue 42, point 1): no stage below it imports it, and each of
them keeps nothing unless the pipeline hands it the cache in use: the drawing (render's
`keeper`), a kit (`Kit.keeper`) and printkit's own fonts (load/fonts.py's `keep_parsed_with`). The
store of bytes (printkit/ground/store.py) gives back what it was given under the name it was
signed for, and nothing else; the plan's codec (printkit/plan/kept.py) reads back the plan's
classes and nothing else."""

from __future__ import annotations

import os
import pickle
import sqlite3
import sys
from dataclasses import replace
from io import BytesIO
from pathlib import Path

import pypdf
import pytest

from printkit.ground.store import DATABASE, Store
from printkit.pipeline import cache
from printkit.load import fonts
from printkit.plan import kept as codec
from printkit.plan.geometry import Paper, Rect, Segment
from printkit.plan.marks import Box, Document, Group, Line, Page
from printkit.render.draw import render

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import imports  # noqa: E402  tools/imports.py

PAPER = Paper("test", 90.0, 60.0)
BELOW = {"ground", "load", "plan", "render", "declared/games/products"}  # the stages below the pipeline


@pytest.fixture
def in_use(tmp_path, monkeypatch) -> cache.PageCache:
    """A page cache of the test's own, in use (as `use` makes it for a build)."""
    store = cache.PageCache(tmp_path / "cache")
    monkeypatch.setattr(cache, "STORE", store)
    return store


def test_no_stage_below_the_pipeline_imports_the_page_cache():
    modules = imports.modules_under(ROOT / "printkit")
    known = set(modules)
    reaching = [name for name, path in modules.items() if imports.stage_of(name) in BELOW and
                any(target.startswith("printkit.pipeline") and "cache" in target
                    for target in imports.imports_of(name, path, known))]
    assert reaching == []


def _page_width_mm(data: bytes) -> float:
    return float(pypdf.PdfReader(BytesIO(data)).pages[0].mediabox.width) * 25.4 / 72


def test_the_drawing_keeps_nothing_unless_it_is_handed_the_cache(in_use):
    # printkit's fonts, registered once a process (by the first drawing in it), keep what ReportLab
    # parsed of them through the cache the pipeline hands them: that is not the drawing's keeping.
    fonts.register_fonts()
    start, keys = (in_use.made, in_use.found), in_use.keys()
    document = Document("page", "test", (Page(PAPER, (Box(Rect(10, 10, 20, 20)), Line(Segment(0, 0, 90, 60)))),))
    plain, pages = render(document)  # a cache is in use, but the drawing was handed none
    assert pages == 1 and abs(_page_width_mm(plain) - 90.0) < 0.05
    assert (in_use.made, in_use.found) == start and in_use.keys() == keys
    drawn, _ = render(document, keeper=cache.KEPT)
    again, _ = render(document, keeper=cache.KEPT)
    assert (in_use.made - start[0], in_use.found - start[1]) == (1, 1) and len(in_use.keys() - keys) == 1
    assert again == drawn == plain and abs(_page_width_mm(again) - 90.0) < 0.05


@pytest.fixture(scope="module")
def kit():
    from printkit.games import all_games
    from printkit.load.options import Options
    from printkit.pipeline.kits import load_kit
    from printkit.plan.geometry import PAPERS

    return load_kit(all_games()["numbered-cards"], ROOT / "content", Options(PAPERS["a4"]))


def test_a_kit_keeps_through_the_cache_the_pipeline_hands_it_only(kit, in_use):
    assert kit.keeper is cache.KEPT  # handed by the pipeline as it loads the kit
    made = []

    def make() -> list:
        made.append(1)
        return [Group((Box(Rect(0, 0, 5, 5)),), 1.0, 2.0)]
    bare = replace(kit, keeper=None, _memo={})
    assert bare.kept("plan", ["inputs"], make) == make() and bare.kept_marks("pages", ["inputs"], lambda: [make()],
                                                                            (list,))[0] == tuple(make())
    assert (in_use.made, in_use.found) == (0, 0) and in_use.keys() == set()
    made.clear()
    first = replace(kit, _memo={}).kept("plan", ["inputs"], make)
    found = replace(kit, _memo={}).kept("plan", ["inputs"], make)  # another build's kit: found, not made
    assert found == first and made == [1] and (in_use.made, in_use.found) == (1, 1)


def test_the_fonts_keep_nothing_unless_the_pipeline_hands_them_the_cache(in_use, monkeypatch):
    import printkit.pipeline.kits  # noqa: F401  (what hands them the cache in use)

    assert fonts._KEEPER is cache.KEPT
    path = fonts.FOLDER / fonts.FONTS["Sans"]
    monkeypatch.setattr(fonts, "_KEEPER", None)  # (put back as it was after the test)
    monkeypatch.setattr(fonts, "_shipped_fonts", dict)  # none shipped (test_shipped_fonts.py): the cache's way
    assert len(fonts._own_font("Sans", path).face.charToGlyph) > 5000
    assert (in_use.made, in_use.found) == (0, 0)
    fonts.keep_parsed_with(cache.KEPT)
    fonts._own_font("Sans", path)
    assert (in_use.made, in_use.found) == (1, 0)


def test_the_store_gives_back_bytes_under_the_name_they_were_signed_for_only(tmp_path):
    store = Store(tmp_path)
    store.keep("a" * 64, b"\x80\x05 any bytes at all")
    assert store.read("a" * 64) == b"\x80\x05 any bytes at all"  # before they are written, by this process
    store.close()
    assert Store(tmp_path).read("a" * 64) == b"\x80\x05 any bytes at all"
    with sqlite3.connect(tmp_path / DATABASE) as db:
        db.execute("UPDATE kept SET key = ?", ("b" * 64,))  # a value moved under another name
    moved = Store(tmp_path)
    assert moved.there("b" * 64) and moved.read("b" * 64) is None and moved.read("a" * 64) is None


def test_the_plan_s_codec_reads_back_the_plan_s_classes_and_nothing_else(tmp_path):
    marks = [Group((Box(Rect(0, 0, 5, 5)), Line(Segment(0, 0, 1, 1))), 1.0, 2.0, 90.0), PAPER]
    assert codec.unpickled(codec.pickled(marks)) == marks
    assert codec.pickled([lambda: None]) is None  # not the plan's data: never kept
    witness = tmp_path / "ran"

    class Hostile:
        def __reduce__(self):
            return os.system, (f"touch {witness}",)
    assert codec.unpickled(pickle.dumps([Hostile()])) is codec.MISSING
    assert codec.unpickled(codec.pickled([object()])) is codec.MISSING and not witness.exists()
