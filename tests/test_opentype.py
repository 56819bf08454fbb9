"""OpenType fonts in a declared game's `fonts:` (issue 38, point 9): a `.otf` with CFF outlines and
a face of a `.ttc` collection work where a `.ttf` does, embedded as a subset, their widths the
file's own, their outlines the file's own; a hostile one is bounded, a face not in the file is one
line at its line.

The fonts are made here with fontTools from printkit's DejaVu Sans (nothing is downloaded): the
.otf's outlines are DejaVu's quadratic curves written as CFF cubic ones, so the card drawn with it
must look like the card drawn with DejaVu Sans itself, and its advance widths (read here from the
.otf with fontTools, not from printkit) must be the widths the PDF sets its characters with."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pypdfium2
import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.misc.psCharStrings import T2CharString
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.ttCollection import TTCollection

from conftest import ROOT
from declared import SLUG, game_project, line_of
from readback import MM, embedded, fonts, pages, text_of
from test_declared import build
from test_game_fonts import renamed

DEJAVU = ROOT / "printkit" / "fonts"
CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?'-éô"
WORDS = "Sky Harbour: écô 42"

GAME = """\
    title: Skies
    fonts:
      skies: FONT
    font: skies
    products:
      deck:
        kind: deck
        size: poker
        cards:
          - {number: 4, name: "Sky Harbour: écô 42"}
        face:
          layers:
            name: {kind: text, field: name, x: 5, y: 40, width: 53.5, height: 12}
        back:
          words: Skies
      rules:
        kind: rules
"""
RULES = "# Rules\nPlay <b>Sky Harbour</b> well.\n"


def otf_from(ttf: Path, target: Path, family: str, style: str = "Regular") -> Path:
    """A CFF OpenType font with the glyphs of `ttf` for CHARS, its widths and vertical metrics."""
    source = TTFont(ttf)
    cmap = {code: name for code, name in source.getBestCmap().items() if chr(code) in CHARS}
    order = [".notdef"] + sorted(set(cmap.values()))
    glyphs = source.getGlyphSet()
    charstrings = {}
    for name in order:
        pen = T2CharStringPen(glyphs[name].width, glyphs)
        glyphs[name].draw(pen)
        charstrings[name] = pen.getCharString()
    built = FontBuilder(source["head"].unitsPerEm, isTTF=False)
    built.setupGlyphOrder(order)
    built.setupCharacterMap(cmap)
    postscript = f"{family.replace(' ', '')}-{style}"
    built.setupCFF(postscript, {"FullName": f"{family} {style}"}, charstrings, {})
    built.setupHorizontalMetrics({name: source["hmtx"][name] for name in order})
    hhea = source["hhea"]
    built.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
    built.setupNameTable({"familyName": family, "styleName": style, "psName": postscript})
    built.setupOS2(sTypoAscender=hhea.ascent, sTypoDescender=hhea.descent, usWinAscent=hhea.ascent,
                   usWinDescent=-hhea.descent)
    built.setupPost()
    built.save(target)
    return target


def collection(target: Path, *faces: Path) -> Path:
    both = TTCollection()
    both.fonts = [TTFont(face) for face in faces]
    both.save(target)
    return target


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("opentype")
    otf_from(DEJAVU / "DejaVuSans.ttf", folder / "skies.otf", "Skies Sans")
    otf_from(DEJAVU / "DejaVuSans-Bold.ttf", folder / "skies-bold.otf", "Skies Sans", "Bold")
    renamed(DEJAVU / "DejaVuSans.ttf", folder / "family.ttf")
    renamed(DEJAVU / "DejaVuSans-Bold.ttf", folder / "family-bold.ttf")
    collection(folder / "family.ttc", folder / "family.ttf", folder / "family-bold.ttf")
    collection(folder / "skies.ttc", folder / "skies.otf", folder / "skies-bold.otf")
    return folder


def project_with(tmp_path: Path, made: Path, font: str, game: str = GAME) -> Path:
    project = game_project(tmp_path, game.replace("FONT", font), rules=RULES)
    (project / "content" / SLUG / "fonts").mkdir()
    for file in made.iterdir():
        (project / "content" / SLUG / "fonts" / file.name).write_bytes(file.read_bytes())
    return project


def built(tmp_path, made, capsys, monkeypatch, font: str, game: str = GAME) -> tuple[Path, str]:
    project = project_with(tmp_path, made, font, game)
    code, _, err = build(project, capsys, monkeypatch)
    assert code == 0, err
    return project / "out" / SLUG, err


def face(name: str) -> str:
    """A font's name in the PDF without the subset prefix and printkit's tag for a project face."""
    return re.sub(r"-[0-9A-F]{6}$", "", name.lstrip("/").split("+")[-1])


def game_fonts(pdf: Path) -> dict[str, object]:
    return {face(name): font for name, font in fonts(pdf).items() if "DejaVu" not in name}


def advances(font_file: Path, number: int = -1) -> dict[str, float]:
    """Each character's advance in thousandths of an em, as the font file itself has it."""
    font = TTFont(font_file, fontNumber=number)
    scale = 1000 / font["head"].unitsPerEm
    return {chr(code): font["hmtx"][name][0] * scale for code, name in font.getBestCmap().items()}


def assert_set_with_widths(pdf: Path, name: str, widths: dict[str, float]) -> None:
    """Every character of the card's words in font `name`, each as wide as the file says (+-0.05 mm)."""
    (page, _) = pages(pdf)
    chars = [ch for ch in page.chars if face(ch.font) == name]
    assert text_of(chars) == WORDS
    for ch in chars:
        assert abs(ch.box.width - widths[ch.text] * ch.size / 1000 * MM) <= 0.05, ch


def test_an_otf_is_embedded_as_a_subset_with_its_own_widths(tmp_path, made, capsys, monkeypatch):
    out, err = built(tmp_path, made, capsys, monkeypatch, "fonts/skies.otf")
    assert err == ""
    (name, font), = [(name, font) for name, font in fonts(out / "deck.pdf").items() if "Skies" in name]
    assert re.fullmatch(r"/[A-Z]{6}\+SkiesSans-Regular-[0-9A-F]{6}", name)  # a subset, printkit's tag
    assert embedded(font)
    assert_set_with_widths(out / "deck.pdf", "SkiesSans-Regular", advances(made / "skies.otf"))


def ink(pdf: Path) -> list[int]:
    page = pypdfium2.PdfDocument(str(pdf))[0]
    image = page.render(scale=150 / 72, grayscale=True).to_pil()
    assert image.mode == "L"
    return list(image.tobytes())  # a byte a pixel (getdata is going: Pillow 14)


def test_an_otf_draws_the_outlines_it_has(tmp_path, made, capsys, monkeypatch):
    """The card set in the .otf (DejaVu's glyphs as CFF) and the same card set in DejaVu Sans's
    .ttf render alike, pixel for pixel within anti-aliasing: the outlines came through."""
    otf, _ = built(tmp_path / "otf", made, capsys, monkeypatch, "fonts/skies.otf")
    ttf, _ = built(tmp_path / "ttf", made, capsys, monkeypatch, "fonts/family.ttf")
    drawn, expected = ink(otf / "deck.pdf"), ink(ttf / "deck.pdf")
    dark = sum(1 for value in expected if value < 128)
    assert dark > 2000  # the words are there to compare
    differing = sum(1 for a, b in zip(drawn, expected) if abs(a - b) > 64)
    assert differing < dark * 0.02, (differing, dark)


def test_a_ttc_face_by_index(tmp_path, made, capsys, monkeypatch):
    out, err = built(tmp_path, made, capsys, monkeypatch, "{file: fonts/family.ttc, index: 1}")
    assert err == "" and set(game_fonts(out / "deck.pdf")) == {"FamilySans-Bold"}
    assert embedded(game_fonts(out / "deck.pdf")["FamilySans-Bold"])
    assert_set_with_widths(out / "deck.pdf", "FamilySans-Bold", advances(made / "family.ttc", 1))


def test_a_ttc_face_of_cff_outlines_by_its_name(tmp_path, made, capsys, monkeypatch):
    out, err = built(tmp_path, made, capsys, monkeypatch, "{file: fonts/skies.ttc, face: Skies Sans Bold}")
    assert err == "" and set(game_fonts(out / "deck.pdf")) == {"SkiesSans-Bold"}
    assert embedded(game_fonts(out / "deck.pdf")["SkiesSans-Bold"])
    assert_set_with_widths(out / "deck.pdf", "SkiesSans-Bold", advances(made / "skies-bold.otf"))


def test_a_ttc_named_alone_is_its_first_face_with_a_warning(tmp_path, made, capsys, monkeypatch):
    out, err = built(tmp_path, made, capsys, monkeypatch, "fonts/family.ttc")
    line = line_of(out.parent.parent / "content" / SLUG / "game.yaml", "skies:")
    assert err == (f"{SLUG}/game.yaml:{line}: warning: fonts.skies: 'fonts/family.ttc' holds 2 faces "
                   f"(0 'Family Sans', 1 'Family Sans Bold'): the first is used; choose one with "
                   f"{{file: ..., index: 1}} or {{file: ..., face: Family Sans Bold}}\n")
    assert set(game_fonts(out / "deck.pdf")) == {"FamilySans"}


def test_a_family_of_otf_faces_sets_bold_in_its_bold(tmp_path, made, capsys, monkeypatch):
    out, _ = built(tmp_path, made, capsys, monkeypatch,
                   "{regular: fonts/skies.otf, bold: {file: fonts/skies.ttc, index: 1}}")
    (page,) = pages(out / "rules.pdf")
    bold = [ch for ch in page.chars if face(ch.font) == "SkiesSans-Bold"]
    assert text_of(bold) == "Rules Sky Harbour"
    assert text_of([ch for ch in page.chars if face(ch.font) == "SkiesSans-Regular"]) == "Play well."
    assert all(embedded(font) for font in game_fonts(out / "rules.pdf").values())


# --- a face not in the file, a hostile file: one line at the font's line, nothing written -----------

def exponential(target: Path, depth: int, calls: int) -> Path:
    """A CFF font whose one glyph calls global subroutine 0, which calls 1 `calls` times, ... down
    to `depth`: calls ** depth steps if nothing bounds them."""
    built = FontBuilder(1000, isTTF=False)
    built.setupGlyphOrder([".notdef", "A"])
    built.setupCharacterMap({ord("A"): "A"})
    program = [500, 0 - 107, "callgsubr", "endchar"]
    built.setupCFF("Bomb-Regular", {"FullName": "Bomb"}, {".notdef": T2CharString(program=[500, "endchar"]),
                                                          "A": T2CharString(program=program)}, {})
    subrs = built.font["CFF "].cff.GlobalSubrs
    for level in range(depth):
        body = [level + 1 - 107, "callgsubr"] * calls if level + 1 < depth else []
        subrs.append(T2CharString(program=body + ["return"]))
    built.setupHorizontalMetrics({".notdef": (500, 0), "A": (500, 0)})
    built.setupHorizontalHeader(ascent=800, descent=-200)
    built.setupNameTable({"familyName": "Bomb", "styleName": "Regular"})
    built.setupOS2()
    built.setupPost()
    built.font.recalcBBoxes = False  # fontTools would draw the glyph to bound it: the steps asked for
    built.save(target)
    return target


BAD = {  # name -> (the font as game.yaml names it, the file made, the message after 'fonts.skies: ')
    "an index past the faces": ("{file: fonts/family.ttc, index: 2}", None,
                                "'fonts/family.ttc' is not an OpenType font printkit can embed (holds 2 faces "
                                "(index 0 to 1), not index 2)"),
    "a face the collection lacks": ("{file: fonts/family.ttc, face: Family Serif}", None,
                                    "'fonts/family.ttc' is not an OpenType font printkit can embed (has no face "
                                    "'Family Serif' (its faces: 0 'Family Sans', 1 'Family Sans Bold'))"),
    "an index of a single font": ("{file: fonts/skies.otf, index: 1}", None,
                                  "'fonts/skies.otf' is not an OpenType font printkit can embed (is one font, "
                                  "not a collection (.ttc): give no index or face)"),
    "an index and a name": ("{file: fonts/family.ttc, index: 0, face: Family Sans}", None,
                            "'fonts/family.ttc' is not an OpenType font printkit can embed (name its face by "
                            "index or by name, not both)"),
    "subroutines calling each other exponentially": (
        "fonts/bomb.otf", lambda folder: exponential(folder / "bomb.otf", 10, 60),
        "'fonts/bomb.otf' is not an OpenType font printkit can embed (its outlines take more steps to draw "
        "than a font of its size can need)"),
    "subroutines nested 12 deep": (
        "fonts/deep.otf", lambda folder: exponential(folder / "deep.otf", 12, 1),
        "'fonts/deep.otf' is not an OpenType font printkit can embed (its outlines call subroutines more "
        "than 10 deep)"),
    "an otf cut short": ("fonts/short.otf", lambda folder: (folder / "short.otf").write_bytes(
        (folder / "skies.otf").read_bytes()[:3000]),
        "'fonts/short.otf' is not an OpenType font printkit can embed (its CFF table runs past the end of "
        "the file)"),
}


@pytest.mark.parametrize("font, make, message", BAD.values(), ids=BAD.keys())
def test_a_bad_opentype_font_is_one_line_and_nothing_is_written(tmp_path, made, capsys, monkeypatch,
                                                               font, make, message):
    project = project_with(tmp_path, made, font)
    if make:
        make(project / "content" / SLUG / "fonts")
    started = time.monotonic()
    code, _, err = build(project, capsys, monkeypatch)
    line = line_of(project / "content" / SLUG / "game.yaml", "skies:")
    assert (code, err) == (1, f"{SLUG}/game.yaml:{line}: fonts.skies: {message}\n")
    assert time.monotonic() - started < 10
    assert not (project / "out").exists()
