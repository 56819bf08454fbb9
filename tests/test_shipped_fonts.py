"""printkit's own fonts as ReportLab's parser set them, shipped beside the fonts (fonts/parsed.marshal,
printkit/load/fonts.py): a first build, its page cache empty, parses no font and keeps none; the
font set from the shipped state is the font parsed from its file, attribute for attribute and
subset for subset; a font file that is not the one the state was read from, another ReportLab,
or a missing or broken file: the font is parsed, as ever."""

from __future__ import annotations

import hashlib
import marshal
import shutil
import zlib

import pytest
import reportlab
from reportlab.pdfbase.ttfonts import TTFont

from printkit.load import fonts
from printkit.pipeline import cache

CODES = [0, 32, 65, 97, 0xE9, 0x2660, 0x2665, 0x2212]  # notdef, space, A, a, é, two suits, minus


@pytest.fixture
def parses(monkeypatch, tmp_path):
    """The fonts' names ReportLab parses from now on, an empty page cache handed to the fonts (a
    first build's), and PARSED read afresh."""
    parsed: list[str] = []
    parse = TTFont.__init__

    def counted(font, name, *args, **kwargs):
        parsed.append(name)
        parse(font, name, *args, **kwargs)
    monkeypatch.setattr(TTFont, "__init__", counted)
    monkeypatch.setattr(fonts, "_KEEPER", cache.PageCache(tmp_path / "cache"))
    fonts._shipped_fonts.cache_clear()
    yield parsed
    fonts._shipped_fonts.cache_clear()


def shipped() -> dict:
    return marshal.loads(zlib.decompress((fonts.FOLDER / fonts.PARSED).read_bytes()))


def test_the_shipped_state_is_what_this_reportlab_parses_from_the_fonts():
    """`python -m printkit.load.fonts` rewrites it: run it after a font or ReportLab changes."""
    kept = shipped()
    if kept["reportlab"] != reportlab.Version:  # a newer ReportLab than the release's: parsed, as ever
        pytest.skip(f"the shipped state is ReportLab {kept['reportlab']}'s, this is {reportlab.Version}: "
                    f"the fonts are parsed (test_under_another_reportlab_the_fonts_are_parsed)")
    assert set(kept["fonts"]) == set(fonts.FONTS)
    for name, file in fonts.FONTS.items():
        digest, state = kept["fonts"][name]
        assert digest == hashlib.sha256((fonts.FOLDER / file).read_bytes()).hexdigest()
        assert marshal.loads(state) == fonts._parsed_state(TTFont(name, str(fonts.FOLDER / file)))


@pytest.mark.parametrize("name", list(fonts.FONTS))
def test_a_first_build_parses_no_font_and_draws_with_the_font_parsed(parses, name):
    path = fonts.FOLDER / fonts.FONTS[name]
    font = fonts._own_font(name, path)
    assert parses == [] and fonts._KEEPER.made == 0  # nothing parsed, nothing kept
    parsed = TTFont(name, str(path))
    face, expected = vars(font.face), vars(parsed.face)
    assert set(fonts.LATER) <= expected.keys() and not set(fonts.LATER) & face.keys()  # not yet read
    assert font.face.glyphPos == parsed.face.glyphPos  # read when first asked for: all of them
    face = {key: value for key, value in vars(font.face).items()}
    assert face.keys() == expected.keys() and len(expected) > 30
    assert {key for key in expected if key != "_pdfScale" and face[key] != expected[key]} == set()
    assert font.face.name.ustr == parsed.face.name.ustr
    assert [font.face._pdfScale(x) for x in (1, 2048, 1234.5)] == [parsed.face._pdfScale(x) for x in (1, 2048, 1234.5)]
    assert {key: vars(font)[key] for key in vars(parsed) if key not in ("face", "state", "encoding")} == \
        {key: value for key, value in vars(parsed).items() if key not in ("face", "state", "encoding")}
    assert font.face.makeSubset(CODES) == parsed.face.makeSubset(CODES)


def test_two_fonts_set_from_the_shipped_state_share_no_table(parses):
    path = fonts.FOLDER / fonts.FONTS["Sans"]
    first, second = fonts._own_font("Sans", path), fonts._own_font("Sans", path)
    assert first.face.charToGlyph == second.face.charToGlyph and first.face.charToGlyph is not second.face.charToGlyph
    assert first.state is not second.state


def test_a_font_file_not_the_one_shipped_is_parsed(parses, tmp_path):
    """A file of the same name with other bytes (here the bold face copied over it)."""
    other = tmp_path / "DejaVuSans.ttf"
    shutil.copyfile(fonts.FOLDER / fonts.FONTS["Sans-Bold"], other)
    font = fonts._own_font("Sans", other)
    assert parses == ["Sans"] and font.face.charToGlyph == TTFont("x", str(other)).face.charToGlyph


def test_under_another_reportlab_the_fonts_are_parsed(parses, monkeypatch):
    monkeypatch.setattr(reportlab, "Version", reportlab.Version + ".1")
    fonts._own_font("Sans-Oblique", fonts.FOLDER / fonts.FONTS["Sans-Oblique"])
    assert parses == ["Sans-Oblique"]


@pytest.mark.parametrize("written", [None, b"not zlib", zlib.compress(b"\x00\x01 not marshal"),
                                     zlib.compress(marshal.dumps(["a list"]))])
def test_a_missing_or_broken_file_leaves_the_fonts_parsed(parses, monkeypatch, tmp_path, written):
    folder = tmp_path / "fonts"
    folder.mkdir()
    if written is not None:
        (folder / fonts.PARSED).write_bytes(written)
    monkeypatch.setattr(fonts, "FOLDER", folder)
    fonts._own_font("Sans", fonts.PACKAGE / "fonts" / fonts.FONTS["Sans"])
    assert parses == ["Sans"]


def test_a_face_set_from_the_shipped_state_reads_its_subsetting_tables_only_when_a_subset_is_cut(parses):
    font = fonts._own_font("Sans", fonts.FOLDER / fonts.FONTS["Sans"])
    assert font.stringWidth("Hello", 10) == TTFont("x", str(fonts.FOLDER / fonts.FONTS["Sans"])).stringWidth("Hello", 10)
    assert not set(fonts.LATER) & vars(font.face).keys()  # measuring text reads none of them
    parsed = TTFont("Sans", str(fonts.FOLDER / fonts.FONTS["Sans"]))
    assert font.face.makeSubset(CODES) == parsed.face.makeSubset(CODES)
    assert set(fonts.LATER) <= vars(font.face).keys() and "_later" not in vars(font.face)
    with pytest.raises(AttributeError):
        font.face.not_a_table
