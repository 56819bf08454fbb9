"""Words as designers type them (issue 38, point 4), set and drawn, then read back from the PDF:
Markdown emphasis beside the tags (`**bold**` in the Bold face, `*italic*` in the Oblique, by
CommonMark's rules, so `5 * 3` and `snake_case` stay as typed), the backslash escapes, a
`:word:` that names no icon of a game's palette refused with its did-you-mean (a time, `Note:`
and words between colons are text), a line break typed in a cell kept, and running text cut
into pages with its image icons where their names were. Expected fonts and places come from
the rules the modules document and ReportLab's string widths, never from the code under test."""

from __future__ import annotations

import pdfplumber
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from reportlab.pdfbase import pdfmetrics

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.fonts import register_fonts
from printkit.plan.geometry import Paper, Rect
from printkit.plan.marks import Document, Group, Page, Picture
from printkit.plan.emphasis import emphasised
from printkit.plan.markup import Icon, MarkupError, Palette, as_written, parse_blocks, typed_breaks, words_of
from printkit.plan.fitting import fit, fit_rich
from printkit.plan.text import Text
from printkit.plan.typeset import Style
from printkit.plan.textpages import paginate_rich
from printkit.render.draw import render

PT = 25.4 / 72
MM = 25.4 / 72  # mm per PDF unit
WHERE = Problem("cards.xlsx:Cards!D7", None, "")
BOX = Rect(20, 150, 150, 60)
DROP = (1 - 0.729) / 2  # an icon 1 em tall, centred on DejaVu Sans's capitals (0.729 em)


@pytest.fixture(scope="module")
def palette(tmp_path_factory) -> Palette:
    path = tmp_path_factory.mktemp("icons") / "coin.png"
    Image.new("RGB", (40, 40), (200, 150, 0)).save(path)
    return Palette(icons=(("coin", Icon.image(str(path), "c0" * 32, (40, 40))),
                          ("cannons", Icon(glyph="\u2736"))))


def drawn(tmp_path, marks) -> tuple[list[dict], list[dict]]:
    data, _ = render(Document("t", "t", (Page(Paper("A4", 210, 297), tuple(marks)),)))
    (tmp_path / "t.pdf").write_bytes(data)
    with pdfplumber.open(tmp_path / "t.pdf") as pdf:
        return pdf.pages[0].chars, pdf.pages[0].images


def faces_of(chars: list[dict]) -> list[tuple[str, str]]:
    """(text, face) of each run of characters in one face: the face as its PDF name ends."""
    runs: list[list[str]] = []
    for char in chars:
        face = char["fontname"].split("+")[-1]
        if runs and runs[-1][1] == face:
            runs[-1][0] += char["text"]
        else:
            runs.append([char["text"], face])
    return [(text, face) for text, face in runs]


def sw(text: str, size: float, font: str = "Sans") -> float:
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size) * PT


# --- emphasis, drawn ------------------------------------------------------------------------------

def test_stars_and_underscores_set_bold_and_oblique_faces_and_print_no_star(tmp_path):
    text = fit("Fire **twice**, then *reload*; __all__ _aboard_.", BOX, Style(10.0, 10.0), "t", WHERE)
    chars, _ = drawn(tmp_path, [text])
    assert faces_of(chars) == [("Fire ", "DejaVuSans"), ("twice", "DejaVuSans-Bold"), (", then ", "DejaVuSans"),
                               ("reload", "DejaVuSans-Oblique"), ("; ", "DejaVuSans"), ("all", "DejaVuSans-Bold"),
                               (" ", "DejaVuSans"), ("aboard", "DejaVuSans-Oblique"), (".", "DejaVuSans")]
    assert "*" not in "".join(c["text"] for c in chars)


def test_the_bold_word_is_as_wide_as_the_bold_face_sets_it(tmp_path):
    text = fit("a **bold** word", BOX, Style(10.0, 10.0, align="left"), "t", WHERE)
    chars, _ = drawn(tmp_path, [text])
    bold = [c for c in chars if c["fontname"].endswith("Bold")]
    assert abs((bold[-1]["x1"] - bold[0]["x0"]) * MM - sw("bold", 10.0, "Sans-Bold")) < 0.05
    assert abs(bold[0]["x0"] * MM - (BOX.x + sw("a ", 10.0))) < 0.05


@pytest.mark.parametrize("typed, runs", [
    ("***both***", [("both", "Sans-Bold")]),  # printkit's DejaVu Sans has no bold oblique: bold wins
    ("**a *b* c**", [("a b c", "Sans-Bold")]),  # italic inside bold: still bold, in one run
    ("*a **b** c*", [("a ", "Sans-Oblique"), ("b", "Sans-Bold"), (" c", "Sans-Oblique")]),
    ("<b>tag</b> and **stars**", [("tag", "Sans-Bold"), (" and ", "Sans"), ("stars", "Sans-Bold")]),
])
def test_emphasis_nests_and_stands_beside_the_tags(typed, runs):
    (text,) = fit_rich(typed, BOX, Style(10.0, 10.0), "t", WHERE)
    assert [(words, font) for font, words in text.lines[0].runs] == [(w, f) for w, f in runs]


def test_three_stars_set_a_familys_bold_italic_face(tmp_path):
    """A project family with a bold italic face (here DejaVu's oblique file under that name)."""
    import shutil
    from importlib import resources

    from printkit.load.fonts import register_project_family

    fonts = resources.files("printkit") / "fonts"
    faces = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "italic": "DejaVuSans-Oblique.ttf",
             "bold_italic": "DejaVuSans-Oblique.ttf"}
    for face, file in faces.items():
        shutil.copy(fonts / file, tmp_path / f"{face}.ttf")
    register_project_family("Typed-family", {face: str(tmp_path / f"{face}.ttf") for face in faces})
    (text,) = fit_rich("***both*** **bold** *it*", BOX, Style(10.0, 10.0, font="Typed-family"), "t", WHERE)
    assert [(words, font) for font, words in text.lines[0].runs] == [
        ("both", "Typed-family-bold_italic"), (" ", "Typed-family"), ("bold", "Typed-family-bold"),
        (" ", "Typed-family"), ("it", "Typed-family-italic")]


@pytest.mark.parametrize("typed", ["5 * 3 = 15", "snake_case and file_name_here", "a footnote*", "*not closed",
                                   "2 ** 8", "_ alone _", "x_1 + y_2"])
def test_stars_and_underscores_that_open_nothing_print_as_typed(typed):
    (text,) = fit_rich(typed, BOX, Style(10.0, 10.0), "t", WHERE)
    assert text.plain() == typed and {font for line in text.lines for font, _ in line.runs} == {"Sans"}


def test_a_backslash_writes_a_star_an_underscore_a_colon_or_itself():
    (text,) = fit_rich(r"\*not\* \_this\_ \:coin: C:\games \\", BOX, Style(10.0, 10.0), "t", WHERE)
    assert text.plain() == r"*not* _this_ :coin: C:\games \ "[:-1]


def test_as_written_keeps_stars_colons_and_tags_literal(palette):
    typed = "**x** :nope: <b>y</b> snake_case \\"
    (text,) = fit_rich(as_written(typed), BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert text.plain() == typed


# --- icons: a name no icon has --------------------------------------------------------------------

def test_a_colon_word_naming_no_icon_is_refused_with_the_name_meant(palette):
    with pytest.raises(PrintkitError) as error:
        fit_rich("Fire :cannon: now", BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert str(error.value.problems[0]) == \
        "cards.xlsx:Cards!D7: text markup: unknown icon ':cannon:' (did you mean ':cannons:'?)"


def test_a_colon_word_far_from_every_icon_lists_them_and_the_escape(palette):
    with pytest.raises(MarkupError) as error:
        words_of("a :zebra: b", palette=palette)
    assert str(error.value) == r"unknown icon ':zebra:': the icons are :cannons:, :coin:; write \: for a colon " \
                               "that begins no icon"


def test_a_game_with_no_icons_still_refuses_one():
    with pytest.raises(MarkupError) as error:
        words_of("pay :coin:", palette=Palette())
    assert str(error.value) == r"unknown icon ':coin:': no icons are declared (game.yaml's icons:); write \: " \
                               "for a colon that begins no icon"


@pytest.mark.parametrize("typed", ["Meet at 10:30, or 10:30:15", "Note: x", "Setup:Deal:Play", "Ratio 3:2:1",
                                   "https://example.com:8080/a", "a :: b", "Cost: 3 :coin:", r"\:cannon:",
                                   "&#58;cannon:", "std::vector"])
def test_ordinary_colons_are_text_beside_the_icons(palette, typed):
    marks = fit_rich(typed, BOX, Style(10.0, 10.0, palette=palette), "t", WHERE)
    assert marks[0].plain().replace(" ", "").startswith(typed.split(":coin:")[0].replace("\\", "")
                                                        .replace("&#58;", ":").replace(" ", ""))


def test_without_a_palette_a_colon_word_is_words_as_it_always_was():
    (text,) = fit_rich("Burns at 10:30: and :tide:", BOX, Style(10.0, 10.0), "t", WHERE)
    assert text.plain() == "Burns at 10:30: and :tide:"


def test_an_icon_is_drawn_where_its_name_was(tmp_path, palette):
    marks = fit_rich("costs 2:coin:. Fire :cannons:", BOX, Style(10.0, 10.0, align="left", palette=palette), "t",
                     WHERE)
    chars, images = drawn(tmp_path, marks)
    text = "".join(c["text"] for c in chars)
    assert ":" not in text and "coin" not in text and "\u2736" in text
    (image,) = images
    two = next(c for c in chars if c["text"] == "2")
    stop = next(c for c in chars if c["text"] == ".")
    height = 10.0 * PT  # 1 em
    assert abs(image["x0"] * MM - two["x1"] * MM) < 0.05 and abs(stop["x0"] * MM - image["x1"] * MM) < 0.05
    assert abs((image["bottom"] - image["top"]) * MM - height) < 0.05
    baseline = 297 - chars[0]["matrix"][5] * MM  # from the page's top, as pdfplumber's image top is
    assert abs(image["bottom"] * MM - (baseline + DROP * height)) < 0.05


# --- a line break typed in a cell -------------------------------------------------------------------

@pytest.mark.parametrize("typed, kept", [
    ("first\nsecond", "first<br/>second"),
    ("first\r\nsecond\rthird", "first<br/>second<br/>third"),
    ("one\n\ntwo", "one\n\ntwo"),  # a blank line still ends the paragraph
    ("rules\n- a bullet\n# A heading", "rules\n- a bullet\n# A heading"),
    ("no break", "no break"),
])
def test_a_typed_line_break_is_kept_inside_its_paragraph(typed, kept):
    assert typed_breaks(typed) == kept


def test_a_typed_line_break_starts_a_new_line_on_the_card(tmp_path):
    text = fit(typed_breaks("**Fire** twice\n*then* reload"), BOX, Style(10.0, 10.0, align="left"), "t", WHERE)
    chars, _ = drawn(tmp_path, [text])
    lines = sorted({round(c["top"], 1) for c in chars})
    assert len(lines) == 2 and abs((lines[1] - lines[0]) * MM - 1.2 * 10.0 * PT) < 0.05
    assert faces_of(chars) == [("Fire", "DejaVuSans-Bold"), (" twice", "DejaVuSans"), ("then", "DejaVuSans-Oblique"),
                               (" reload", "DejaVuSans")]


# --- running text over pages, its icons with it --------------------------------------------------

def test_a_paragraph_broken_between_pages_takes_its_icons_with_each_part(palette):
    words = " ".join(f"w{n} :coin:" for n in range(40))
    pages = paginate_rich(words, 40, 100, 10.0, "rules", WHERE, heights=(3 * 1.2 * 10.0 * PT + 0.01,),
                          palette=palette)
    assert len(pages) == 2
    for text, pictures in pages:
        lines = {round(line.baseline, 6) for line in text.lines}
        assert pictures and len(pictures) == text.plain().count("w")  # one coin after each word
        for picture in pictures:  # on one of its page's lines, below its baseline by DROP of an em
            assert any(abs(picture.rect.y - (baseline - DROP * 10.0 * PT)) < 1e-6 for baseline in lines)
            assert -text.height - 1e-6 <= picture.rect.y and picture.rect.top <= 1e-6


def test_a_page_flow_places_the_icons_with_its_words(palette):
    from printkit.plan.pageflow import PageFlow

    flow = PageFlow(Rect(15, 20, 180, 250), 10.0, WHERE, palette=palette)
    flow.text("# Rules\nPay 2:coin: to fire.", "rules", title=True)
    (text, group) = flow.pages[0]
    assert type(group) is Group and (group.x, group.y) == (15, 270)
    (picture,) = group.marks
    assert type(picture) is Picture and abs(picture.rect.x - sw("Pay 2", 10.0)) < 0.05


# --- any typing is set or refused, never a crash; emphasis alone is never refused ----------------

TYPED = st.lists(st.sampled_from(["*", "**", "***", "_", "__", "\\", "\\*", "\\:", ":coin:", ":nope:", "10:30", " ",
                                  "word", "snake_case", ".", ",", "<b>", "</b>", "<br/>", "&amp;", "\n", "\n\n",
                                  "- ", "# "]), max_size=30)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(parts=TYPED)
def test_emphasis_alone_is_always_set_with_its_tags_balanced(parts):
    typed = "".join(part for part in parts if part not in ("<b>", "</b>", ":nope:"))
    for block in parse_blocks(typed):
        words_of(block.markup)  # a MarkupError here would be emphasis making tags that do not nest
    marked = emphasised(typed)
    assert marked.count("<b>") == marked.count("</b>") and marked.count("<i>") == marked.count("</i>")


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(parts=TYPED, width=st.floats(5.0, 150.0))
def test_any_typing_is_set_or_refused_in_one_line(palette, parts, width):
    try:
        marks = fit_rich("".join(parts), Rect(0, 0, width, 60), Style(10.0, 7.0, palette=palette), "t", WHERE)
    except PrintkitError as error:
        assert len(error.problems) == 1 and str(error.problems[0]).startswith("cards.xlsx:Cards!D7: ")
        return
    assert type(marks[0]) is Text and all(type(mark) is Picture for mark in marks[1:])
