"""What each page of a PDF is, for its pictures (printkit/live/page_digests.py): read from a PDF as
ReportLab writes it, without pypdf, and telling the same pages apart as pypdf's reading does; a PDF
written otherwise read with pypdf."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfWriter
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas as pdfcanvas
from PIL import Image

from printkit.live.page_digests import Unsure, page_digests, parsed_digests, written_digests


def pdf(pages: list[str], image: tuple[int, int, int] | None = None, link: str | None = None) -> bytes:
    """A PDF drawn by ReportLab as printkit draws its own (invariant): a page for each text, the
    image (a solid colour) on the last."""
    data = io.BytesIO()
    drawing = pdfcanvas.Canvas(data, invariant=1)
    for number, text in enumerate(pages):
        drawing.drawString(72, 720, text)
        if image and number == len(pages) - 1:
            drawing.drawImage(ImageReader(Image.new("RGB", (8, 8), image)), 72, 500, 50, 50)
        if link:
            drawing.linkURL(link, (72, 700, 200, 730))
        drawing.showPage()
    drawing.save()
    return data.getvalue()


def same(digests: list[str]) -> list[list[bool]]:
    """Which pages are alike: the digests' own values aside."""
    return [[a == b for b in digests] for a in digests]


def test_pages_alike_read_alike_and_others_apart_as_pypdf_reads_them():
    data = pdf(["one", "two", "one", "three"])
    digests = written_digests(data)  # raises Unsure if this reading did not take it
    assert len(digests) == 4
    assert digests[0] == digests[2] and len(set(digests)) == 3
    assert same(digests) == same(parsed_digests(data))


def test_a_page_whose_text_changed_is_the_one_page_read_as_changed():
    before, after = written_digests(pdf(["one", "two", "three"])), written_digests(pdf(["one", "TWO", "three"]))
    assert [a == b for a, b in zip(before, after)] == [True, False, True]


def test_a_change_in_what_a_page_reaches_changes_it():
    """The image on the last page, another colour: its stream is another object's, reached from the page."""
    before = written_digests(pdf(["one", "two"], image=(200, 0, 0)))
    after = written_digests(pdf(["one", "two"], image=(0, 0, 200)))
    assert before[0] == after[0] and before[1] != after[1]


def test_a_page_added_before_leaves_the_pages_after_it_as_they_were():
    """Their objects are numbered otherwise, but they are alike: not drawn again."""
    before, after = written_digests(pdf(["one", "two"])), written_digests(pdf(["zero", "one", "two"]))
    assert after[1:] == before


def test_a_link_s_address_is_part_of_its_page():
    """Words in parentheses (a link's URI) are read as words, never as references."""
    before, after = pdf(["one"], link="https://example.com/1 0 R"), pdf(["one"], link="https://example.com/2 0 R")
    assert written_digests(before) != written_digests(after)


def test_words_with_parentheses_escaped_in_them_are_read_as_words():
    before, after = pdf(["one"], link="https://example.com/(1 0 R)"), pdf(["one"], link="https://example.com/(2 0 R)")
    assert written_digests(before) != written_digests(after)


def test_words_with_parentheses_not_escaped_in_them_are_left_to_pypdf():
    """Balanced parentheses need no backslash in a PDF's string (ReportLab always writes one)."""
    data = pdf(["one"], link="https://example.com/(a)")
    data = data.replace(rb"\(a\)", b"((a))")  # as long: the table still holds
    with pytest.raises(Unsure):
        written_digests(data)
    assert len(page_digests(data)) == 1


def test_a_pdf_updated_since_it_was_written_is_read_by_pypdf():
    """An update appended (its own table, /Prev naming the first): the page as it is now is pypdf's."""
    writer = PdfWriter(io.BytesIO(pdf(["one", "one", "one"])), incremental=True)
    writer.pages[1].rotate(90)
    data = io.BytesIO()
    writer.write(data)
    data = data.getvalue()
    with pytest.raises(Unsure):
        written_digests(data)
    digests = page_digests(data)
    assert len(digests) == 3 and digests[0] == digests[2] != digests[1]


@pytest.mark.parametrize("broken", [b"", b"%PDF-1.3\nnot a pdf", b"%PDF-1.3\nstartxref\n99999\n%%EOF\n"])
def test_what_is_not_a_pdf_reads_as_nothing(broken):
    assert page_digests(broken) is None


def test_a_stream_shorter_than_its_length_says_is_left_to_pypdf():
    data = pdf(["one", "two"])
    at = data.index(b"/Length ") + len(b"/Length ")
    end = data.index(b" ", at) if data[at:].split(b" ", 1)[0].isdigit() else data.index(b"\n", at)
    length = int(data[at:end])
    lied = data[:at] + str(length + 1).rjust(end - at).encode() + data[end:]  # same size: the table still holds
    with pytest.raises(Unsure):
        written_digests(lied)


def test_a_deck_s_pages_read_as_pypdf_reads_them(tmp_path: Path, cli):
    """A bundled game's built PDFs: every one read without pypdf, alike where pypdf finds them alike."""
    assert cli("build", "--out", str(tmp_path / "out"))[0] == 0
    files = sorted((tmp_path / "out").rglob("*.pdf"))
    assert files
    for path in files:
        data = path.read_bytes()
        assert same(written_digests(data)) == same(parsed_digests(data)), path
