"""An SVG image that printkit cannot draw exactly is one warning line at the layer's FILE:LINE,
saying what prints differently: a font printkit does not have (the text prints in DejaVu Sans),
a filter, mask, pattern, marker, foreignObject or text on a path (svglib leaves them out). A
drawing it can draw exactly (its own family, a generic sans-serif, an editor's metadata) says
nothing; the build goes on either way, and the text still prints."""

from __future__ import annotations

import pdfplumber
import pytest

from declared import SLUG, line_of
from test_declared import build
from test_declared_images import image_game

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">%s<rect width="100" height="50" fill="#1f4e8c"/>%s</svg>'
TEXT = '<text x="5" y="20" font-family="%s" font-size="12">Night sky</text>'


def built(tmp_path, capsys, monkeypatch, svg: str) -> tuple[int, list[str], str]:
    project = image_game(tmp_path, "file: art.svg", {"art.svg": svg})
    code, _, err = build(project, capsys, monkeypatch)
    at = f"{SLUG}/game.yaml:{line_of(project / 'content' / SLUG / 'game.yaml', 'art:')}"
    return code, err.splitlines(), at


@pytest.mark.parametrize("family", ["Comic Sans MS", "'Comic Sans MS', cursive", "Georgia, serif"])
def test_a_font_printkit_does_not_have_is_a_line_at_the_layer(tmp_path, capsys, monkeypatch, family):
    code, lines, at = built(tmp_path, capsys, monkeypatch, SVG % ("", TEXT % family))
    first = family.split(",")[0].strip("' ")
    assert (code, lines) == (0, [f"{at}: warning: products.deck.face.layers.art.file: 'art.svg' sets its text in "
                                 f"'{first}', which printkit does not have: it prints in DejaVu Sans (to keep a font, "
                                 "turn the text into paths in the drawing program)"])
    with pdfplumber.open(tmp_path / "out" / SLUG / "deck.pdf") as pdf:
        assert "Night sky" in pdf.pages[0].extract_text()


def test_fonts_asked_for_in_a_style_sheet_or_a_style_attribute_are_read(tmp_path, capsys, monkeypatch):
    svg = SVG % ("<style>.a { font-family: 'Papyrus'; }</style>",
                 '<text class="a" x="5" y="20">Night</text><text style="font-size:9px;font-family:Impact" y="40">Sky</text>')
    code, lines, at = built(tmp_path, capsys, monkeypatch, svg)
    assert code == 0 and len(lines) == 1 and "sets its text in 'Papyrus' and 'Impact'," in lines[0], lines


@pytest.mark.parametrize("element, said", [
    ('<defs><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs><circle r="9" filter="url(#f)"/>',
     "a filter (blur, shadow...)"),
    ('<defs><mask id="m"><rect width="9" height="9" fill="white"/></mask></defs><circle r="9" mask="url(#m)"/>', "a mask"),
    ('<defs><pattern id="p" width="4" height="4"><rect width="2" height="2"/></pattern></defs>'
     '<rect width="9" height="9" fill="url(#p)"/>', "a pattern fill"),
    ('<defs><marker id="k"><circle r="2"/></marker></defs><path d="M0 0 L9 9" stroke="black" marker-end="url(#k)"/>',
     "markers (arrowheads...)"),
    ('<foreignObject width="9" height="9"><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject>',
     "a foreignObject (HTML)"),
])
def test_what_svglib_leaves_out_is_a_line_at_the_layer(tmp_path, capsys, monkeypatch, element, said):
    code, lines, at = built(tmp_path, capsys, monkeypatch, SVG % ("", element))
    assert (code, lines) == (0, [f"{at}: warning: products.deck.face.layers.art.file: 'art.svg' has {said}, "
                                 "which printkit cannot draw: it prints without it"])


@pytest.mark.parametrize("inside", [
    TEXT % "DejaVu Sans", TEXT % "Arial, sans-serif", TEXT % "sans-serif",
    '<title>Sky</title><desc>a night</desc><metadata><x xmlns="urn:x"><filter/></x></metadata>'
    '<linearGradient id="g"><stop offset="0"/></linearGradient><circle r="9" fill="url(#g)"/>',
    '<rect width="9" height="9" font-family="Comic Sans MS"/>',  # a font asked for, but no text to set in it
])
def test_a_drawing_printkit_draws_exactly_says_nothing(tmp_path, capsys, monkeypatch, inside):
    code, lines, _ = built(tmp_path, capsys, monkeypatch, SVG % ("", inside))
    assert (code, lines) == (0, [])


def test_a_drawing_naming_thousands_of_fonts_is_still_one_short_line(tmp_path, capsys, monkeypatch):
    texts = "".join(TEXT % f"Font{i}" for i in range(2000))
    code, lines, at = built(tmp_path, capsys, monkeypatch, SVG % ("", texts))
    assert code == 0 and len(lines) == 1 and len(lines[0]) < 400, lines
    assert "'Font0' and 'Font1' and 'Font2' and 'Font3' and 1996 more, which printkit does not have" in lines[0]
