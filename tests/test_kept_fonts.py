"""printkit's own fonts as ReportLab parsed them, kept in the page cache and set again from there
(printkit/load/fonts.py): the same font, attribute for attribute and subset for subset, as one
parsed from its file; never kept where what ReportLab set is not plain data."""

from __future__ import annotations

import pytest
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont

from printkit.pipeline import cache
from printkit.load import fonts

CODES = [0, 32, 65, 97, 0xE9, 0x2660, 0x2665, 0x2212]  # notdef, space, A, a, é, two suits, minus


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A page cache of the test's own, handed to the fonts (as the pipeline hands them its own)."""
    used = cache.PageCache(tmp_path / "cache")
    monkeypatch.setattr(fonts, "_KEEPER", used)
    monkeypatch.setattr(fonts, "_shipped_fonts", dict)  # none shipped (test_shipped_fonts.py): the cache's way
    return used


@pytest.mark.parametrize("name", list(fonts.FONTS))
def test_a_font_found_kept_is_the_font_parsed_from_its_file(store, name):
    path = fonts.FOLDER / fonts.FONTS[name]
    first = fonts._own_font(name, path)
    store.flush()
    again = fonts._own_font(name, path)
    assert (store.made, store.found) == (1, 1)
    parsed = TTFont(name, str(path))  # ReportLab's own, read now
    assert first is not again and type(again) is TTFont and isinstance(again.face, type(parsed.face))
    assert not set(fonts.LATER) & vars(again.face).keys()  # read when first asked for (test_shipped_fonts.py)
    assert again.face.hmetrics == parsed.face.hmetrics
    face, expected = vars(again.face), vars(parsed.face)
    assert face.keys() == expected.keys() and len(expected) > 30
    assert {key for key in expected if key != "_pdfScale" and face[key] != expected[key]} == set()
    assert type(face["name"]) is TTFNameBytes and face["name"].ustr == expected["name"].ustr
    assert [again.face._pdfScale(x) for x in (1, 2048, 1234.5)] == [parsed.face._pdfScale(x) for x in (1, 2048, 1234.5)]
    assert {key for key in vars(parsed) if key not in ("face", "state", "encoding")
            and vars(again)[key] != vars(parsed)[key]} == set() and vars(again).keys() == vars(parsed).keys()
    assert again.face.makeSubset(CODES) == parsed.face.makeSubset(CODES)
    assert [again.face.getCharWidth(code) for code in CODES] == [parsed.face.getCharWidth(code) for code in CODES]
    assert again.state is not first.state and len(again.state) == 0


def test_without_a_page_cache_the_font_is_parsed_and_nothing_is_kept(monkeypatch, tmp_path):
    monkeypatch.setattr(fonts, "_KEEPER", cache.PageCache(None))
    font = fonts._own_font("Sans", fonts.FOLDER / fonts.FONTS["Sans"])
    assert len(font.face.charToGlyph) > 5000
    assert not (tmp_path / "cache").exists()


def test_a_font_with_more_than_plain_data_is_parsed_every_time(store, monkeypatch):
    """A ReportLab that sets something on a face which is not plain data (here an object) keeps
    nothing that could be set again: the font is parsed each time, and drawn with as ever."""
    parse = TTFont.__init__

    def with_more(font, *args, **kwargs):
        parse(font, *args, **kwargs)
        font.face.more = object()
    monkeypatch.setattr(TTFont, "__init__", with_more)
    path = fonts.FOLDER / fonts.FONTS["Sans-Bold"]
    assert fonts._parsed_state(TTFont("Sans-Bold", str(path))) == {}
    fonts._own_font("Sans-Bold", path)
    store.flush()
    again = fonts._own_font("Sans-Bold", path)
    assert store.found == 1 and type(again.face.more) is object  # found {}: parsed again


def test_plain_data_is_told_from_anything_else():
    assert fonts._plain({1: [1, 2.0, "x"], "a": (b"", None, True), "b": {3: [[4], (5,)]}})
    assert not fonts._plain({1: [object()]})
    assert not fonts._plain([[[set()]]])
    assert not fonts._plain({frozenset(): 1})
    assert not fonts._plain((TTFNameBytes(b"DejaVuSans"),))  # kept as a plain tuple (_NAME), never as itself
