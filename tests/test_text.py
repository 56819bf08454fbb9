"""The text setter (plan.typeset, plan.fitting, plan.label): first-fit line breaking checked against ReportLab's own string
widths, the largest half-point size that fits, refusals with their place, markup, and the drawn
PDF read back to the planned positions."""

from __future__ import annotations

import pdfplumber
import pytest
from reportlab.pdfbase import pdfmetrics

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.fonts import register_fonts
from printkit.plan.geometry import Paper, Rect
from printkit.plan.marks import Document, Page
from printkit.plan.fitting import fit, measure
from printkit.plan.label import label
from printkit.plan.typeset import Style
from printkit.plan.textpages import paginate
from printkit.render.draw import render

PT = 25.4 / 72
WHERE = Problem("templates/x.j2", 3, "")
LONG = ("Deal four random hand cards each, face up. Next lay three random cards face up as the shared "
        "market. The remaining sixteen cards form the face-down stock, and the discards start empty; "
        "whoever holds the lowest card begins, and play goes on to the left until the grid is full.")


def width_mm(text: str, size: float, font: str = "Sans") -> float:
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size) * PT


def plain_lines(text) -> list[str]:
    return ["".join(run for _, run in line.runs) for line in text.lines]


@pytest.mark.parametrize("width", [40.0, 63.5, 90.0, 150.0])
@pytest.mark.parametrize("size", [7.0, 9.5, 12.0])
def test_lines_are_first_fit_by_reportlabs_widths(width, size):
    text = fit(LONG, Rect(0, 0, width, 500), Style(size, size), "t", WHERE)
    lines = plain_lines(text)
    assert " ".join(lines).split() == LONG.split()  # every word, in order, none split
    for line, following in zip(lines, lines[1:] + [None]):
        assert width_mm(line, size) <= width + 1e-6
        if following is not None:  # the next word would not have fitted on this line
            assert width_mm(f"{line} {following.split()[0]}", size) > width


def test_the_size_is_the_largest_half_point_that_fits():
    box = Rect(0, 0, 60, 30)
    text = fit(LONG, box, Style(12.0), "t", WHERE)
    assert text.size < 12.0 and (12.0 - text.size) % 0.5 == 0
    assert measure(LONG, 60, text.size) <= 30
    assert measure(LONG, 60, text.size + 0.5) > 30


def test_text_that_fits_at_the_largest_size_is_set_at_it():
    assert fit("Two words", Rect(0, 0, 60, 30), Style(11.0), "t", WHERE).size == 11.0


def test_below_the_smallest_size_is_an_error_at_its_place():
    with pytest.raises(PrintkitError) as error:
        fit(LONG * 3, Rect(0, 0, 50, 20), Style(10.0), "card 3 ability", WHERE)
    assert [str(p) for p in error.value.problems] == [
        "templates/x.j2:3: card 3 ability: text does not fit its 50 x 20 mm box even at 7 pt; shorten it"]


def test_a_word_wider_than_its_box_does_not_fit():
    with pytest.raises(PrintkitError):
        fit("Antidisestablishmentarianism", Rect(0, 0, 20, 50), Style(10.0), "t", WHERE)


def test_markup_sets_bold_and_prints_entities_literally():
    text = fit("A <b>bold</b> move &amp; &lt;b&gt;", Rect(0, 0, 100, 20), Style(10.0), "t", WHERE)
    assert text.lines[0].runs == (("Sans", "A "), ("Sans-Bold", "bold"), ("Sans", " move & <b>"))


@pytest.mark.parametrize("markup, reason", [
    ("an <u>underline</u>", "unknown tag <u>"),
    ("a <b>bold start", "<b> is not closed"),
    ("a </i> end", "</i> closes no <i>"),
    ("1 < 2", "'<' that starts no tag"),
])
def test_markup_that_cannot_be_set_is_an_error(markup, reason):
    with pytest.raises(PrintkitError) as error:
        fit(markup, Rect(0, 0, 100, 20), Style(10.0), "t", WHERE)
    message = str(error.value.problems[0])
    assert message.startswith("templates/x.j2:3: text markup: ") and reason in message


def test_vertical_alignment():
    box = Rect(10, 10, 80, 40)
    top = fit("One line", box, Style(10.0, valign="top"), "t", WHERE)
    middle = fit("One line", box, Style(10.0, valign="middle"), "t", WHERE)
    bottom = fit("One line", box, Style(10.0, valign="bottom"), "t", WHERE)
    assert top.top == pytest.approx(50)
    assert middle.top - middle.height / 2 == pytest.approx(30)
    assert bottom.top - bottom.height == pytest.approx(10)


def test_a_label_shrinks_to_its_box_and_then_refuses():
    words = "Greediest player"
    full = width_mm(words, 10, "Sans-Bold")
    box = Rect(0, 0, full * 0.9, 6)
    shrunk = label(words, box, 10, bold=True, smallest=7)
    assert shrunk.size < 10 and width_mm(words, shrunk.size, "Sans-Bold") <= box.width
    with pytest.raises(PrintkitError) as error:
        label(words, Rect(0, 0, full * 0.5, 6), 10, bold=True, smallest=7, item="column", where=WHERE)
    assert str(error.value.problems[0]).startswith("templates/x.j2:3: column: 'Greediest player' does not fit")


def test_pages_keep_every_line_and_never_end_on_a_heading():
    text = "\n\n".join(f"# Heading {n}\n{LONG}" for n in range(12))
    pages = paginate(text, 80, 60, 10.0, "rules", WHERE)
    lines = [line for page in pages for line in plain_lines(page)]
    whole = plain_lines(fit(text, Rect(0, 0, 80, 10_000), Style(10.0, 10.0), "t", WHERE))
    assert lines == whole
    for page in pages:
        assert page.height <= 60 + 1e-6
        assert not plain_lines(page)[-1].startswith("Heading")
        assert plain_lines(page)[0] != "" and len(page.lines) >= 2


def test_the_drawn_pdf_puts_every_line_where_it_was_planned(tmp_path):
    box = Rect(20, 100, 70, 60)
    text = fit(f"# Setup\n{LONG}\n\n- a bullet that runs onto a second line of its own", box,
               Style(10.0, align="centre"), "t", WHERE)
    data, _ = render(Document("t", "t", (Page(Paper("A4", 210, 297), (text,)),)))
    (tmp_path / "t.pdf").write_bytes(data)
    with pdfplumber.open(tmp_path / "t.pdf") as pdf:
        chars = pdf.pages[0].chars
    for line in text.lines:  # the first character of each planned line, where the plan put it
        baseline, left = text.top + line.baseline, text.x + line.x
        first = line.runs[0][1][0]
        assert any(c["text"] == first and abs(c["matrix"][5] * PT - baseline) < 0.05
                   and abs(c["x0"] * PT - left) < 0.05 for c in chars), line
    assert "".join(c["text"] for c in chars).replace(" ", "") == \
        "".join(run for line in text.lines for _, run in line.runs).replace(" ", "")
