"""Words: Jinja escaping and strictness, named words and their lines, the block syntax, glyph
coverage. (Setting text in boxes is tests/test_text.py.)"""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from printkit.ground.errors import PrintkitError
from printkit.plan.fonts import DRAWABLE, WIDTHS, drawable_in_fonts, em_width, missing_glyphs, widths_in_fonts
from printkit.plan.markup import parse_blocks
from printkit.load.words import Templates, spelled

@pytest.fixture
def templates(tmp_path):
    (tmp_path / "t.j2").write_text(
        "{% set name %}Game: {{ title }}{% endset %}\n"
        "{% macro deal(n) %}Deal {{ n }}{% endmacro %}\n"
        "# {{ title }}\n{{ count|spelled }} cards\n", encoding="utf-8")
    (tmp_path / "typo.j2").write_text("line one\n{{ titel }}\n", encoding="utf-8")
    return Templates(tmp_path, "templates")


def test_text_from_content_is_escaped_for_paragraphs_and_plain_for_lines(templates):
    words = templates.render("t.j2", title="Rows < Overflow & Co", count=24)
    assert words.markup("name") == "Game: Rows &lt; Overflow &amp; Co"
    assert words.plain("name") == "Game: Rows < Overflow & Co"
    assert words.plain("deal", 2) == "Deal 2"
    assert words.body == "# Rows &lt; Overflow &amp; Co\ntwenty-four cards"


def test_an_undefined_name_is_an_error_at_its_template_line(templates):
    words = templates.render("typo.j2", title="x")  # run when its words are first asked for
    with pytest.raises(PrintkitError) as error:
        words.body
    assert [str(p) for p in error.value.problems] == ["templates/typo.j2:2: template: 'titel' is undefined"]


def test_a_named_word_knows_its_line(templates):
    words = templates.render("t.j2", title="x", count=1)
    assert words.where("deal").line == 2 and words.where("name").line == 1


def test_block_syntax():
    blocks = parse_blocks("# Heading\nfirst line\nsecond line\n\n- a bullet\n- another\n\nlast")
    assert [(b.kind, b.markup) for b in blocks] == [
        ("heading", "Heading"), ("para", "first line second line"), ("bullet", "a bullet"),
        ("bullet", "another"), ("para", "last")]


def test_suit_symbols_and_typography_have_glyphs_but_cjk_does_not():
    assert missing_glyphs("♠♥♦♣ ♤♡♢♧ × – — · → ’ “ ” é ß") == ()
    assert missing_glyphs("漢 ok") == ("漢",)


def test_the_list_of_drawable_characters_is_the_fonts_own():
    """fonts/drawable.txt (read to check content without parsing the fonts) is what the three
    fonts have in common, read from their cmaps; `python -m printkit.plan.fonts` rewrites it."""
    listed = (resources.files("printkit") / "fonts" / DRAWABLE).read_text(encoding="ascii").split()
    assert listed == drawable_in_fonts()
    regular, bold = (set(pdfmetrics.getFont(name).face.charToGlyph) for name in ("Sans", "Sans-Bold"))
    only_regular = min(regular - bold)  # a character one font has and another lacks is not drawable
    assert missing_glyphs(chr(only_regular)) == (chr(only_regular),)


def test_the_widths_kept_beside_the_fonts_are_the_fonts_own_and_measure_as_reportlab_does():
    """fonts/widths.json (read to plan without parsing the fonts) is each font's advance widths as
    ReportLab reads them from it; `python -m printkit.plan.fonts` rewrites it. Measured from it,
    every text is as wide as ReportLab measures it with the font itself, to the last bit."""
    kept = json.loads((resources.files("printkit") / "fonts" / WIDTHS).read_text(encoding="ascii"))
    assert kept == widths_in_fonts()
    chooser = random.Random(15)
    for font in ("Sans", "Sans-Bold", "Sans-Oblique"):
        chars = [chr(code) for code in pdfmetrics.getFont(font).face.charWidths] + ["\u0378"]  # and one it lacks
        for _ in range(2000):
            text = "".join(chooser.choice(chars) for _ in range(chooser.randint(1, 30)))
            assert em_width(text, font) == pdfmetrics.stringWidth(text, font, 1.0) / mm, (font, text)


@pytest.mark.parametrize("number, words", [(0, "zero"), (5, "five"), (20, "twenty"), (24, "twenty-four"),
                                           (50, "fifty"), (61, "61")])
def test_spelled_numbers(number, words):
    assert spelled(number) == words


def _pdfdoc(text: str):
    try:
        return text.encode("extpdfdoc")
    except UnicodeEncodeError:
        return UnicodeEncodeError


def test_text_reportlab_writes_is_encoded_as_its_codec_encodes_it():
    """printkit encodes ASCII text the PDFDocEncoding codec writes as ASCII without the codec
    (render/streams.py): every character up to U+02FF, alone and inside ASCII operators, gives the
    codec's bytes (or its error)."""
    from reportlab.pdfbase import pdfdoc

    from printkit.render.pdf import PdfFile

    PdfFile("t", "s")  # sets ReportLab up
    assert pdfdoc.pdfdocEnc.__module__ == "printkit.render.streams"
    for code in range(0x300):
        for text in (chr(code), f"BT (a{chr(code)}b) Tj ET\n" * 3):
            expected = _pdfdoc(text)
            if expected is UnicodeEncodeError:
                with pytest.raises(UnicodeEncodeError):
                    pdfdoc.pdfdocEnc(text)
            else:
                assert pdfdoc.pdfdocEnc(text) == expected, hex(code)
    assert pdfdoc.pdfdocEnc(b"\x18 bytes") == b"\x18 bytes"


def test_a_template_read_for_a_fingerprint_is_read_again_once_its_file_changes(tmp_path):
    """Its source is read once for each state of its file (every scenario's words ask for it):
    an edit of the same length, or the file swapped for a link out of the folder, is read again
    and checked again."""
    folder = tmp_path / "templates"
    folder.mkdir()
    template = folder / "t.j2"
    template.write_text("{% set word %}{{ a }}{% endset %}", encoding="utf-8")
    templates = Templates(folder, "templates")
    first = templates.render("t.j2", a=1, b=2).fingerprint
    assert templates.render("t.j2", a=1, b=3).fingerprint == first  # b is not read
    template.write_text("{% set word %}{{ b }}{% endset %}", encoding="utf-8")  # as long, another name read
    edited = templates.render("t.j2", a=1, b=2).fingerprint
    assert edited != first and templates.render("t.j2", a=1, b=3).fingerprint != edited
    outside = tmp_path / "outside.j2"
    outside.write_text("{% set word %}{{ b }}{% endset %}", encoding="utf-8")
    template.unlink()
    template.symlink_to(outside)
    with pytest.raises(PrintkitError) as error:
        templates.render("t.j2", a=1, b=2).fingerprint
    assert "outside the templates folder" in str(error.value.problems[0])


def test_values_and_dictionaries_are_written_as_reportlab_writes_them():
    """printkit's writers of values and dictionaries (render/once.py) give the bytes ReportLab's
    own give: texts (short, long, a name, one that is not ASCII), bytes, numbers (a bool is not
    one), references, arrays, and dictionaries of them, plain, ordered, multiline or not."""
    from collections import OrderedDict

    from reportlab.pdfbase import pdfdoc

    from printkit.render.pdf import PdfFile

    PdfFile("t", "s")  # sets ReportLab up
    written, dictionary = pdfdoc.format, pdfdoc.PDFDictionary.format
    assert written.__module__ == dictionary.__module__ == "printkit.render.once"
    document = pdfdoc.PDFDocument(invariant=1)
    target = pdfdoc.PDFString("x")
    reference = document.Reference(target, "Target")  # numbered in the document
    values = ["/Name", "BT (a) Tj ET", "x" * 100, "é", "\x1b", b"\x00bytes", 0, 1, -2, 0.5, -0.0, 1e-7, 12345.678,
              True, None, reference, pdfdoc.PDFArray([0, 1.5, "/Name"]), pdfdoc.PDFName("A B")]
    for value in values * 2:  # the second time from what was kept
        assert _outcome(written, value, document) == _outcome(written.plain, value, document), repr(value)
    assert _outcome(written, "\u2603", document) is UnicodeEncodeError  # a snowman: the codec's own error
    values = [value for value in values if _outcome(written.plain, value, document) is not UnicodeEncodeError]
    entries = {f"K{i}": value for i, value in enumerate(values)} | {"Type": "/Page", "Z": reference}
    for mapping in (entries, OrderedDict(reversed(entries.items())), {}, {"Only": 1}):
        for multiline in (True, False, "forced"):
            made = pdfdoc.PDFDictionary(mapping)
            made.multiline = multiline
            assert dictionary(made, document) == dictionary.plain(made, document), (mapping, multiline)
    missing = pdfdoc.PDFObjectReference("Nowhere")
    with pytest.raises(KeyError, match="forward reference"):
        written(missing, document)


def _outcome(write, value, document):
    try:
        return write(value, document)
    except UnicodeEncodeError:
        return UnicodeEncodeError
