"""Rich card text (plan.markup, plan.typeset and plan.fitting, render/text.py's set_text): line breaks, spans of another
colour and size, inline icons (an image as a Picture, a glyph as text), a project's font family
face by face; refusals with their exact messages; and the drawn PDF read back. Expected positions
are worked out here from ReportLab's string widths and the rules the modules document (a line's
baseline 1 em below its top, a pitch of 1.2 em of the largest size on it, an icon 1 em tall and
centred on the capitals: DROP below the baseline), never taken from the code under test."""

from __future__ import annotations

import re

import io
import shutil
import unicodedata
from importlib import resources

import pdfplumber
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from reportlab.lib.fonts import tt2ps
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.fonts import register_fonts, register_project_family, register_project_font
from printkit.plan.fonts import em_width, font_for, missing_glyphs
from printkit.plan.geometry import Paper, Rect
from printkit.plan.marks import Document, Page, Picture
from printkit.plan.markup import Icon, MarkupError, Palette, parse_blocks, words_of
from printkit.plan.fitting import fit, fit_rich
from printkit.plan.label import label
from printkit.plan.text import Text
from printkit.plan.typeset import Style
from printkit.plan.textpages import paginate
from printkit.render.draw import render

PT = 25.4 / 72  # mm per point
WHERE = Problem("templates/x.j2", 3, "")
BOX = Rect(20, 100, 120, 60)
RED = (1.0, 0.0, 0.0)
FONTS = resources.files("printkit") / "fonts"
DROP = (1 - 0.729) / 2  # em: an icon 1 em tall, centred on capitals 0.729 em tall (DejaVu Sans, 1493/2048)


def sw(text: str, size: float, font: str = "Sans") -> float:
    """ReportLab's width of `text`, in mm."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size) * PT


@pytest.fixture(scope="module")
def coin(tmp_path_factory) -> str:
    """A PNG twice as wide as it is tall."""
    path = tmp_path_factory.mktemp("icons") / "coin.png"
    Image.new("RGB", (60, 30), (200, 150, 0)).save(path)
    return str(path)


@pytest.fixture(scope="module")
def palette(coin) -> Palette:
    return Palette(colours=(("red", RED), ("green", (0.0, 0.5, 0.0)), ("slate", 0.4)),
                   icons=(("coin", Icon.image(coin, "c0" * 32, (60, 30))),
                          ("star", Icon(glyph="\u2605", font="Sans-Bold", colour="red")),
                          ("dot", Icon(glyph="\u25cf"))))


def segments(text: Text) -> list[tuple]:
    """(x, baseline, size, the words, level) of each line or segment."""
    return [(line.x, line.baseline, line.size, "".join(run for _, run in line.runs), line.level)
            for line in text.lines]


def close(a: float, b: float, tol: float = 1e-9) -> bool:
    return abs(a - b) <= tol


# --- line breaks ---------------------------------------------------------------------------------

@pytest.mark.parametrize("br", ["<br>", "<br/>", "<br />"])
def test_a_br_ends_the_line_inside_the_paragraph(br):
    text = fit(f"one two{br}three", BOX, Style(10.0, 10.0), "t", WHERE)
    assert text.plain() == "one two\nthree"
    (x1, base1, _, words1, _), (x2, base2, _, words2, _) = segments(text)
    assert (words1, words2) == ("one two", "three") and x1 == x2 == 0.0
    assert close(base1, -10 * PT) and close(base2, -(12 + 10) * PT)
    assert close(text.height, 24 * PT)


def test_two_brs_leave_an_empty_line_and_a_trailing_one_none():
    text = fit("a<br><br>b<br>", BOX, Style(10.0, 10.0), "t", WHERE)
    assert [words for *_, words, _ in segments(text)] == ["a", "b"]
    assert close(text.lines[1].baseline, -(24 + 10) * PT) and close(text.height, 36 * PT)


def test_a_br_in_a_rules_page_keeps_the_paragraph_whole():
    pages = paginate("first line<br>second line", 80, 100, 10.0, "rules", WHERE)
    assert len(pages) == 1 and pages[0].plain() == "first line\nsecond line"


# --- spans: colour and size ----------------------------------------------------------------------

@pytest.mark.parametrize("attribute", ["colour", "color"])
def test_a_coloured_span_is_a_segment_of_its_own(palette, attribute):
    text = fit(f'Pay <span {attribute}="red">2</span> coins', BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    (x1, b1, s1, w1, l1), (x2, b2, s2, w2, l2), (x3, b3, s3, w3, l3) = segments(text)
    assert (w1, w2, w3) == ("Pay ", "2", " coins") and (l1, l2, l3) == (None, RED, None)
    assert b1 == b2 == b3 and s1 == s2 == s3 == 10.0
    assert x1 == 0.0 and close(x2, sw("Pay ", 10)) and close(x3, sw("Pay 2", 10))
    assert text.plain() == "Pay 2 coins"


def test_a_grey_of_the_palette_and_spans_inside_spans(palette):
    text = fit('<span colour="slate">a <span colour="green">b</span> c</span>', BOX,
               Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert [(w, level) for *_, w, level in segments(text)] == [("a ", 0.4), ("b", (0.0, 0.5, 0.0)), (" c", 0.4)]


def test_a_larger_span_sets_its_size_and_lowers_its_line():
    text = fit('small <span size="200%">BIG</span> end<br>next', Rect(0, 0, 150, 50), Style(10.0, 10.0), "t", WHERE)
    (x1, b1, s1, w1, _), (x2, b2, s2, w2, _), (x3, b3, s3, w3, _), (x4, b4, s4, w4, _) = segments(text)
    assert (w1, w2, w3, w4) == ("small ", "BIG", " end", "next") and (s1, s2, s3, s4) == (10, 20, 10, 10)
    assert close(x2, sw("small ", 10)) and close(x3, sw("small ", 10) + sw("BIG", 20), 1e-6)
    # the first line's baseline stands 1 em of its largest size below the top; it is 1.2 x 20 pt tall
    assert b1 == b2 == b3 and close(b1, -20 * PT) and close(b4, -(24 + 10) * PT)
    assert close(text.height, (24 + 12) * PT)


def test_lines_without_a_larger_run_keep_their_pitch_exactly(palette):
    words = ("Deal four random cards each, face up. Next lay three cards face up as the market; the "
             "rest form the stock, and whoever holds the lowest card begins.")
    plain = fit(words, Rect(0, 0, 50, 80), Style(9.5), "t", WHERE)
    rich = fit(words.replace("three", '<span colour="red">three</span>').replace("stock", '<span size="50%">stock</span>'),
               Rect(0, 0, 50, 80), Style(9.5, palette=palette), "t", WHERE)
    assert rich.size == plain.size and rich.height == plain.height
    assert sorted({line.baseline for line in rich.lines}) == sorted(line.baseline for line in plain.lines)


def test_a_size_in_points_is_its_size_at_the_largest_and_shrinks_with_the_text():
    text = fit('a <span size="12">b</span>', BOX, Style(9.5, 7.0), "t", WHERE)
    assert text.size == 9.5 and close(text.lines[1].size, 12.0)
    # a box one line tall at 8 pt (a line of 12/9.5 times the size, pitched 1.2 times that) makes
    # the text shrink, and the span with it
    tall = 1.2 * 8 * 12 / 9.5 * PT
    shrunk = fit('a <span size="12">b</span>', Rect(0, 0, 50, tall + 1e-6), Style(9.5, 7.0), "t", WHERE)
    assert shrunk.size == 8.0 and close(shrunk.lines[1].size, 8.0 * 12 / 9.5)


def test_line_breaking_counts_a_spans_width():
    width = sw("aaa ", 10) + sw("bbb", 20) + 0.1
    assert sw("aaa bbb i", 10) < width  # at one size, the three words fit on a line
    text = fit('aaa <span size="200%">bbb</span> i', Rect(0, 0, width, 50), Style(10.0, 10.0), "t", WHERE)
    assert text.plain() == "aaa bbb\ni"


# --- icons ---------------------------------------------------------------------------------------

def test_an_image_icon_is_a_picture_standing_on_the_baseline(palette, coin):
    text, picture = fit_rich("Gain :coin: 3", BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    baseline = BOX.top - 10 * PT
    assert picture == Picture(coin, picture.rect, "c0" * 32, False)
    expected = (BOX.x + sw("Gain ", 10), baseline - DROP * 10 * PT, 2 * 10 * PT, 10 * PT)
    rect = picture.rect
    assert all(close(a, b, 1e-6) for a, b in zip((rect.x, rect.y, rect.width, rect.height), expected)), rect
    three = next(line for line in text.lines if "3" in line.runs[0][1])
    assert close(text.x + three.x, BOX.x + sw("Gain ", 10) + 2 * 10 * PT, 1e-6) and three.runs[0][1] == " 3"
    assert " ".join(text.plain().split()) == "Gain 3"


@pytest.mark.parametrize("written", ["<icon coin/>", "<icon coin>", "<icon coin />", ":coin:"])
def test_every_way_of_writing_an_icon_places_it_alike(palette, written):
    _, picture = fit_rich(f"Pay {written}", BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert close(picture.rect.x, BOX.x + sw("Pay ", 10), 1e-6) and close(picture.rect.height, 10 * PT)


def test_an_icon_in_a_span_takes_its_size(palette):
    text, picture = fit_rich('<span size="150%">:coin: x</span>', BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert close(picture.rect.height, 15 * PT) and close(picture.rect.width, 30 * PT)
    assert close(picture.rect.y, BOX.top - 15 * PT - DROP * 15 * PT)
    assert text.lines[-1].runs == (("Sans", " x"),) and close(text.lines[-1].x, 30 * PT)


def test_a_glyph_icon_is_a_run_in_its_font_and_colour(palette):
    text = fit("<b>:dot:</b> :star: 2", BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert [(w, level) for *_, w, level in segments(text)] == [("\u25cf ", None), ("\u2605", RED), (" 2", None)]
    assert text.lines[0].runs == (("Sans-Bold", "\u25cf"), ("Sans", " "))  # the run's own font: bold here
    assert text.lines[1].runs == (("Sans-Bold", "\u2605"),)
    assert close(text.lines[2].x, sw("\u25cf", 10, "Sans-Bold") + sw(" ", 10) + sw("\u2605", 10, "Sans-Bold"))


def test_line_breaking_counts_an_icons_width(palette):
    icon = 2 * 10 * PT
    width = 2 * icon + sw(" ", 10) + 0.05
    marks = fit_rich(":coin: :coin: x", Rect(0, 0, width, 50), Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert len(marks) == 3 and marks[0].plain().split("\n")[1] == "x"
    assert marks[1].rect.y == marks[2].rect.y and close(marks[2].rect.x - marks[1].rect.x, icon + sw(" ", 10))


@pytest.mark.parametrize("words", ["Cost: 3", "10:30", "Setup:Deal:Play", "::coin", ":coin", "coin:", "&#58;coin:"])
def test_a_colon_not_naming_an_icon_is_text(palette, words):
    marks = fit_rich(words, BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert len(marks) == 1 and marks[0].plain() == words.replace("&#58;", ":") and len(marks[0].lines) == 1


def test_an_icon_may_follow_a_colon_that_names_none(palette):
    text, picture = fit_rich("10:30:coin:", BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert text.lines[0].runs == (("Sans", "10:30"),) and close(picture.rect.x, BOX.x + sw("10:30", 10))


def test_fit_returns_a_text_and_leaves_image_icons_to_fit_rich(palette):
    style = Style(10.0, 10.0, palette=palette)
    assert type(fit("a :star:", BOX, style, "t", WHERE)) is Text
    assert [type(mark) for mark in fit_rich("plain words", BOX, style, "t", WHERE)] == [Text]
    with pytest.raises(ValueError):
        fit("a :coin:", BOX, style, "t", WHERE)


# --- refusals ------------------------------------------------------------------------------------

@pytest.mark.parametrize("markup, reason", [
    ('<span colour="gren">x</span>', "unknown colour 'gren' (did you mean 'green'?)"),
    ('<span colour="purple">x</span>', "unknown colour 'purple': the colours are green, red, slate"),
    ('<span colour="red" color="red">x</span>', '<span colour="red" color="red">: give colour or color, not both'),
    ('<span size="big">x</span>', 'span size "big": write points (size="12") or a percentage (size="120%")'),
    ('<span size="450%">x</span>', 'span size "450%": a percentage from 50% to 400%'),
    ('<span size="3">x</span>', 'span size "3": points from 4 to 72'),
    ('<span size="300%"><span size="200%">x</span></span>',
     'span size "200%" inside another comes to 600% of the text\'s size: the sizes are 50% to 400%'),
    ('<span size="60"><span size="200%">x</span></span>',
     'span size "200%" inside another comes to 120 pt: the sizes are 4 to 72 pt'),
    ('<span weight="bold">x</span>', "unknown span attribute 'weight': the attributes are colour, size"),
    ('<span colour=red>x</span>', '<span colour=red>: write a span\'s attributes as colour="NAME" size="S"'),
    ('<span colour="red">x', "<span> is not closed"),
    ("x</span>", "</span> closes no <span>"),
    ("<span/>", "<span/>: a span holds words: <span ...>words</span>"),
    ("<icon con/>", "unknown icon 'con' (did you mean 'coin'?)"),
    ("<icon/>", "<icon/>: an icon is written <icon name/>"),
    ("<icon coin star/>", "<icon coin star/>: an icon is written <icon name/>"),
    ("a</br>b", "</br>: a line break is <br> or <br/>"),
    ("<b/>", "<b/>: <b> takes no attributes"),
    ("<spam>x</spam>", "unknown tag <spam> (did you mean <span>?): the tags are <b>, <i>, <br/>, <span> and "
                       "<icon name/>"),
])
def test_markup_that_cannot_be_set_is_an_error_at_its_place(palette, markup, reason):
    with pytest.raises(PrintkitError) as error:
        fit_rich(markup, BOX, Style(10.0, palette=palette), "t", WHERE)
    assert [str(p) for p in error.value.problems] == [f"templates/x.j2:3: text markup: {reason}"]


def test_without_a_palette_no_colour_is_named():
    with pytest.raises(PrintkitError) as error:
        fit('<span colour="red">x</span>', BOX, Style(10.0), "t", WHERE)
    assert str(error.value.problems[0]) == \
        "templates/x.j2:3: text markup: unknown colour 'red': no colours are named for this text"


def test_a_tag_opened_in_one_paragraph_and_closed_in_the_next_is_an_error_not_a_crash():
    with pytest.raises(PrintkitError) as error:
        fit("<b>one\n\ntwo</b>", BOX, Style(10.0), "t", WHERE)
    assert str(error.value.problems[0]) == "templates/x.j2:3: text markup: <b> is not closed"


def test_icons_and_spans_are_bounded(palette):
    assert len(words_of(":dot: " * 200, palette=palette)) == 200
    with pytest.raises(MarkupError, match="^more than 200 icons in one text$"):
        words_of(":dot: " * 201, palette=palette)
    assert words_of('<span colour="red">' * 10 + "x" + "</span>" * 10, palette=palette)
    with pytest.raises(MarkupError, match="^spans nested more than 10 deep$"):
        words_of('<span colour="red">' * 11 + "x" + "</span>" * 11, palette=palette)


MARKUPISH = st.lists(st.one_of(
    st.sampled_from(["<b>", "</b>", "<i>", "</i>", "<br>", "<br/>", "</br>", "<span colour='red'>",
                     '<span color="slate" size="150%">', "<span size='72'>", "<span size='4'>", "<span size='50%'>",
                     "<span size='400%'>", "<span size=''>", "</span>", "<span>", "<span/>", "<icon coin/>",
                     "<icon star>", "<icon nope/>", "<icon>", ":coin:", ":star:", ":dot:", ":", ":x:", "&lt;", "&amp;",
                     "&#58;", "<", ">", " ", "\n", "\n\n", "# ", "- ", "word", "Wide", "10:30", "<b/>", "<u>"]),
    st.text(max_size=6)), max_size=40)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(parts=MARKUPISH, rich=st.booleans(), bold=st.booleans(), width=st.floats(1.0, 150.0))
def test_any_markup_is_set_or_refused_never_a_crash(palette, parts, rich, bold, width):
    markup = "".join(parts)
    for block in parse_blocks(markup):
        try:
            words_of(block.markup, bold, None, palette if rich else None)
        except MarkupError:
            pass
    try:
        marks = fit_rich(markup, Rect(0, 0, width, 40), Style(10.0, 7.0, bold, palette=palette if rich else None),
                         "t", WHERE)
    except PrintkitError:
        return
    assert type(marks[0]) is Text and all(type(mark) is Picture for mark in marks[1:])


# --- italic, and a project's family of faces ------------------------------------------------------

def test_an_italic_style_sets_the_oblique_face():
    text = fit("slanted <b>bold</b>", BOX, Style(10.0, italic=True), "t", WHERE)
    assert text.lines[0].runs == (("Sans-Oblique", "slanted "), ("Sans-Bold", "bold"))


def copy_faces(tmp_path, **faces) -> dict[str, str]:
    """printkit's DejaVu files copied under other names, to stand for a project's faces."""
    found = {}
    for key, file in faces.items():
        found[key] = str(tmp_path / f"{key}-{file}")
        shutil.copy(FONTS / file, found[key])
    return found


@pytest.fixture(scope="module")
def swapped(tmp_path_factory) -> str:
    """A family whose bold face is DejaVu's oblique file and italic face its bold: which file
    draws which markup shows the family's faces at work, not printkit's own."""
    name = "Swapped-family"
    register_project_family(name, copy_faces(tmp_path_factory.mktemp("family"), regular="DejaVuSans.ttf",
                                             bold="DejaVuSans-Oblique.ttf", italic="DejaVuSans-Bold.ttf"))
    return name


def test_a_family_sets_the_face_the_markup_asks_for(swapped):
    assert [font_for(b, i, swapped) for b, i in ((0, 0), (1, 0), (0, 1), (1, 1))] == \
        [swapped, f"{swapped}-bold", f"{swapped}-italic", f"{swapped}-bold"]
    text = fit("a <b>b</b> <i>c</i>", BOX, Style(10.0, font=swapped), "t", WHERE)
    assert text.lines[0].runs == ((swapped, "a "), (f"{swapped}-bold", "b"), (swapped, " "), (f"{swapped}-italic", "c"))
    assert close(em_width("Hello", f"{swapped}-bold"), sw("Hello", 1, "Sans-Oblique"))
    assert close(em_width("Hello", f"{swapped}-italic"), sw("Hello", 1, "Sans-Bold"))
    assert tt2ps(swapped, 1, 0) == f"{swapped}-bold" and tt2ps(swapped, 0, 1) == f"{swapped}-italic"


def test_a_label_in_a_family_is_set_in_its_bold_face_when_bold(swapped):
    assert label("Title", BOX, 10, bold=True, face=swapped).lines[0].runs == ((f"{swapped}-bold", "Title"),)
    assert label("Title", BOX, 10, face=swapped).lines[0].runs == ((swapped, "Title"),)
    assert label("Title", BOX, 10, bold=True).lines[0].runs == (("Sans-Bold", "Title"),)


@pytest.mark.parametrize("faces, bold, italic, bold_italic", [
    (("regular",), "regular", "regular", "regular"),
    (("regular", "italic"), "regular", "italic", "italic"),
    (("regular", "bold"), "bold", "regular", "bold"),
    (("regular", "bold", "italic", "bold_italic"), "bold", "italic", "bold_italic"),
])
def test_a_face_a_family_lacks_is_set_in_the_nearest(tmp_path, faces, bold, italic, bold_italic):
    name = f"Family-{'-'.join(faces)}"
    register_project_family(name, copy_faces(tmp_path, **{key: "DejaVuSans.ttf" for key in faces}))
    face = {"regular": name, "bold": f"{name}-bold", "italic": f"{name}-italic", "bold_italic": f"{name}-bold_italic"}
    assert [font_for(True, False, name), font_for(False, True, name), font_for(True, True, name)] == \
        [face[bold], face[italic], face[bold_italic]]
    assert tt2ps(name, 1, 1) == face[bold_italic]


def test_a_family_is_checked_against_the_face_each_letter_is_set_in(tmp_path):
    regular = {code for code in TTFont("r", str(FONTS / "DejaVuSans.ttf")).face.charToGlyph}
    bold = {code for code in TTFont("b", str(FONTS / "DejaVuSans-Bold.ttf")).face.charToGlyph}
    letter = chr(min(code for code in regular - bold if unicodedata.category(chr(code)).startswith("L")))
    register_project_family("Checked-family", copy_faces(tmp_path, regular="DejaVuSans.ttf", bold="DejaVuSans-Bold.ttf"))
    assert missing_glyphs(letter, "Checked-family") == () and missing_glyphs(letter, "Checked-family-bold") == (letter,)
    fit(f"a {letter}", BOX, Style(10.0, font="Checked-family"), "t", WHERE)  # the regular face has it
    with pytest.raises(PrintkitError) as error:
        fit(f"a <b>{letter}</b>", BOX, Style(10.0, font="Checked-family"), "t", WHERE)
    assert str(error.value.problems[0]) == \
        f"templates/x.j2:3: the font has no glyph for '{letter}' (U+{ord(letter):04X})"


def test_a_family_needs_a_regular_face_and_knows_its_keys(tmp_path):
    files = copy_faces(tmp_path, regular="DejaVuSans.ttf", bold="DejaVuSans-Bold.ttf")
    with pytest.raises(ValueError):
        register_project_family("No-regular", {"bold": files["bold"]})
    with pytest.raises(ValueError):
        register_project_family("Odd-key", {"regular": files["regular"], "heavy": files["bold"]})


def test_a_family_with_a_broken_face_registers_nothing(tmp_path):
    files = copy_faces(tmp_path, regular="DejaVuSans.ttf")
    (tmp_path / "broken.ttf").write_bytes(b"not a font")
    with pytest.raises(Exception):
        register_project_family("Broken-family", {"regular": files["regular"], "bold": str(tmp_path / "broken.ttf")})
    assert "Broken-family" not in pdfmetrics.getRegisteredFontNames()


def test_a_one_face_font_is_every_face_as_before(tmp_path):
    register_project_font("One-face", copy_faces(tmp_path, regular="DejaVuSans-Bold.ttf")["regular"])
    assert {font_for(b, i, "One-face") for b in (False, True) for i in (False, True)} == {"One-face"}
    assert label("Title", BOX, 10, bold=True, face="One-face").lines[0].runs == (("One-face", "Title"),)


# --- read back from the drawn PDF -----------------------------------------------------------------

def drawn(tmp_path, marks) -> tuple[list[dict], list[dict]]:
    """The characters and images of a page with `marks` on it, drawn and read back."""
    data, _ = render(Document("t", "t", (Page(Paper("A4", 210, 297), tuple(marks)),)))
    (tmp_path / "t.pdf").write_bytes(data)
    with pdfplumber.open(tmp_path / "t.pdf") as pdf:
        return pdf.pages[0].chars, pdf.pages[0].images


def word_chars(chars: list[dict], word: str) -> list[dict]:
    """The characters of the first place `word` is drawn."""
    text = "".join(c["text"] for c in chars)
    at = text.index(word)
    return chars[at:at + len(word)]


def test_the_pdf_sets_each_face_size_and_colour(tmp_path, swapped, palette):
    markup = '<b>heavy</b> <i>slant</i> <b><i>both</i></b> <span colour="red" size="200%">big</span> after'
    text = fit(markup, BOX, Style(10.0, font=swapped, palette=palette), "t", WHERE)
    chars, _ = drawn(tmp_path, [text])
    faces = {word: {re.sub(r"-[0-9A-F]{6}$", "", c["fontname"].split("+")[-1]) for c in word_chars(chars, word)}
             for word in ("heavy", "slant", "both", "big", "after")}
    assert faces == {"heavy": {"DejaVuSans-Oblique"}, "slant": {"DejaVuSans-Bold"}, "both": {"DejaVuSans-Oblique"},
                     "big": {"DejaVuSans"}, "after": {"DejaVuSans"}}
    assert {round(c["size"], 3) for c in word_chars(chars, "big")} == {20.0}
    assert {tuple(c["non_stroking_color"]) for c in word_chars(chars, "big")} == {RED}
    assert {tuple(c["non_stroking_color"]) for c in word_chars(chars, "after")} == {(0.0, 0.0, 0.0)}
    assert {round(c["size"], 3) for c in word_chars(chars, "after")} == {10.0}


def test_the_pdf_places_an_image_icon_and_the_words_after_it(tmp_path, palette):
    marks = fit_rich("Gain :coin: 3 more", BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    chars, images = drawn(tmp_path, marks)
    (image,) = images
    baseline = BOX.top - 10 * PT
    left, bottom = BOX.x + sw("Gain ", 10), baseline - DROP * 10 * PT
    for found, expected in ((image["x0"] * PT, left), (image["x1"] * PT, left + 20 * PT),
                            (image["y0"] * PT, bottom), (image["y1"] * PT, bottom + 10 * PT)):
        assert abs(found - expected) < 0.05
    after = left + 20 * PT + sw(" ", 10)
    assert abs(word_chars(chars, "3")[0]["x0"] * PT - after) < 0.05
    assert abs(word_chars(chars, "more")[0]["x0"] * PT - (after + sw("3 ", 10))) < 0.05
    assert all(abs(c["matrix"][5] * PT - baseline) < 0.05 for c in chars)


def test_the_pdf_sets_a_glyph_icon_in_its_colour(tmp_path, palette):
    chars, _ = drawn(tmp_path, [fit(":star: 2", BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)])
    (star,) = word_chars(chars, "\u2605")
    assert tuple(star["non_stroking_color"]) == RED and re.sub(r"-[0-9A-F]{6}$", "", star["fontname"]).endswith("DejaVuSans-Bold")
    assert tuple(word_chars(chars, "2")[0]["non_stroking_color"]) == (0.0, 0.0, 0.0)


def test_the_pdf_breaks_the_line_at_a_br(tmp_path):
    chars, _ = drawn(tmp_path, [fit("one two<br/>three", BOX, Style(10.0, 10.0), "t", WHERE)])
    rows: dict[float, str] = {}
    for c in chars:
        rows[round(c["matrix"][5] * PT, 2)] = rows.get(round(c["matrix"][5] * PT, 2), "") + c["text"]
    (top, first), (bottom, second) = sorted(rows.items(), reverse=True)
    assert (first, second) == ("one two", "three")
    assert abs(top - (BOX.top - 10 * PT)) < 0.05 and abs(top - bottom - 12 * PT) < 0.05
