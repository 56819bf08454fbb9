"""Drawing made cheaper without changing a byte (issue 41, point 2): a page equal to one drawn
before it in the same document is written from that page's operators (render/same_pages.py); an
image embedded already, a group's frame, written as ReportLab's canvas writes them
(render/frames.py). Each is checked against the PDF drawn the old way, byte for byte, and read
back; pages alike but for one mark are drawn apart."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from printkit.plan.geometry import Paper, Rect, Segment
from printkit.plan.marks import Box, Document, Group, Line, Page, Picture
from printkit.plan.label import label
from printkit.render import draw, frames, images, pdf as pdf_module, same_pages
from printkit.render.draw import render

A4 = Paper("A4", 210.0, 297.0)
MM = 72 / 25.4


@pytest.fixture
def icon(tmp_path: Path) -> Picture:
    path = tmp_path / "icon.png"
    image = Image.new("RGBA", (40, 40), (200, 60, 20, 255))
    image.putpixel((3, 3), (0, 0, 0, 0))
    image.save(path)
    return Picture(str(path), Rect(0, 0, 10, 10), "d" * 64, False)


def _back(icon: Picture) -> tuple:
    return (Box(Rect(0, 0, 63.5, 88.9), level=None, fill=(0.1, 0.2, 0.3)),
            label("Back ★", Rect(5, 40, 53.5, 9), 14, bold=True), icon)


def _sheet(inner: tuple, line=(1, 2, 3, 4), clip: float = 88.9) -> Page:
    """Nine groups holding the very same tuple of marks (as a deck's backs do), the last clipped
    `clip` mm tall, and a line."""
    groups = tuple(Group(inner, 10 + 64 * (n % 3), 10 + 90 * (n // 3), 0.0 if n % 2 else 180.0,
                         clip=Box(Rect(0, 0, 63.5, clip if n == 8 else 88.9), level=None)) for n in range(9))
    return Page(A4, groups + (Line(Segment(*line)),), trim=Rect(10, 10, 190, 270))


def _slow(monkeypatch) -> None:
    """Drawing as before these changes: every page drawn, every image through drawImage, every
    group's frame through the canvas."""
    monkeypatch.setattr(same_pages.SamePages, "again", lambda self, page: False)
    monkeypatch.setattr(images, "place_image", None)
    init = pdf_module.PdfFile.__init__

    def never_placed(self, *args, **named):
        init(self, *args, **named)
        self._placed = _Never()
    monkeypatch.setattr(pdf_module.PdfFile, "__init__", never_placed)

    def canvas_frame(canvas, x, y, angle):
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(angle)
    monkeypatch.setattr(pdf_module, "begin_frame", canvas_frame)
    monkeypatch.setattr(pdf_module, "end_frame", lambda canvas: canvas.restoreState())


class _Never(dict):
    def __contains__(self, key) -> bool:
        return False


def _document(icon: Picture) -> Document:
    inner = _back(icon)
    front = Page(A4, (Group((icon, label("Front", Rect(0, 20, 60, 9), 12)), 20, 30, 30.0, opacity=0.5),
                      Group((Group((icon,), 5, 5, 90.0),), 40, 200)))
    return Document("t", "s", (front, _sheet(inner), front, _sheet(inner), _sheet(inner, line=(5, 6, 7, 8)),
                               _sheet(inner), _sheet(inner, clip=40.0)))


def test_the_file_is_the_same_bytes_as_drawn_the_old_way(icon, monkeypatch):
    document = _document(icon)
    fast, pages = render(document)
    _slow(monkeypatch)
    slow, _ = render(document)
    assert pages == 7
    assert fast == slow


def test_a_page_written_from_an_earlier_one_shows_its_marks_and_names_its_image(icon, tmp_path):
    data, _ = render(_document(icon))
    reader = pypdf.PdfReader(io.BytesIO(data))
    streams = [page.get_contents().get_data() for page in reader.pages]
    assert streams[1] == streams[3] == streams[5]  # the same backs' page, written again
    assert streams[6] != streams[1]
    assert streams[0] == streams[2]
    for page in reader.pages:
        assert page["/Resources"]["/XObject"], "a page written again names the image it draws"
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages[3].images) == len(pdf.pages[1].images) == 9
        words = pdf.pages[3].extract_text()
        assert words.count("Back") + words.count("kcaB") == 9  # (the backs turned half round read backwards)


def test_pages_alike_but_for_one_mark_are_drawn_apart(icon):
    """The fifth page has the backs' groups of the others (the same tuple of marks, in the same
    frames) and another line; the seventh clips one back shorter: each is drawn, not written from
    the second."""
    data, _ = render(_document(icon))
    reader = pypdf.PdfReader(io.BytesIO(data))
    streams = [page.get_contents().get_data() for page in reader.pages]
    assert streams[4] != streams[1] and streams[6] != streams[1]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        def lines(page: int) -> list:
            return sorted((round(l["x0"] / MM, 2), round(l["x1"] / MM, 2)) for l in pdf.pages[page].lines
                          if l["x0"] < 9 * MM)
        assert lines(4) == [(5.0, 7.0)] and lines(1) == [(1.0, 3.0)]
    clipped = [b" 113.3858 re W n" in stream for stream in streams]  # a clip 40 mm tall
    assert [n for n, found in enumerate(clipped) if found] == [6]


def test_a_page_equal_but_for_a_text_in_another_font_or_size_is_drawn_apart(icon):
    inner = _back(icon)
    other_size = (inner[0], label("Back ★", Rect(5, 40, 53.5, 9), 13, bold=True), inner[2])
    other_font = (inner[0], label("Back ★", Rect(5, 40, 53.5, 9), 14, bold=False), inner[2])
    document = Document("t", "s", (_sheet(inner), _sheet(other_size), _sheet(other_font)))
    data, _ = render(document)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        sizes = [{round(c["size"], 1) for c in page.chars} for page in pdf.pages]
        fonts = [{c["fontname"].split("+")[-1] for c in page.chars} for page in pdf.pages]
    assert sizes == [{14.0}, {13.0}, {14.0}]
    assert fonts[0] == {"DejaVuSans-Bold"} and fonts[2] == {"DejaVuSans"}


def test_an_image_placed_again_is_where_drawImage_puts_it(icon):
    """The image placed from its name (frames.place_image) lands on the same rectangle as the
    first placement, drawn by ReportLab, at another place and size: read back to +-0.05 mm."""
    marks = (Picture(icon.path, Rect(10, 20, 30, 15), icon.digest, False),
             Picture(icon.path, Rect(100, 150, 12.5, 40), icon.digest, False))
    data, _ = render(Document("t", "s", (Page(A4, marks),)))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        placed = sorted((i["x0"] / MM, (pdf.pages[0].height - i["bottom"]) / MM, i["width"] / MM, i["height"] / MM)
                        for i in pdf.pages[0].images)
    for got, want in zip(placed, [(10, 20, 30, 15), (100, 150, 12.5, 40)]):
        assert got == pytest.approx(want, abs=0.05)


def test_transforms_merge_as_the_canvas_merges_them():
    """frames.transform writes what Canvas.transform writes, merged into the `cm` before it."""
    ours, theirs = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    for x, y, angle in [(10.5, -3.25, 0.0), (0.0, 0.0, 90.0), (1e-7, 2.0, 33.3), (-0.0, 5.0, 180.0)]:
        frames.begin_frame(ours, x, y, angle)
        theirs.saveState()
        theirs.translate(x, y)
        theirs.rotate(angle)
        frames.transform(ours, 2.5, 0, 0, 4, 0, 0)
        theirs.scale(2.5, 4)
        frames.end_frame(ours)
        theirs.restoreState()
    assert ours._code == theirs._code


GAME = """\
title: Boxes
colours: {band: "#1f4e8c"}
products:
  big:
    kind: deck
    size: poker
    cards: [{name: One}, {name: Two}]
    face:
      frame: false
      layers:
        band: {kind: rect, x: 10%, y: 10%, width: 50%, height: 20%, fill: band}
  small:
    kind: deck
    size: [40, 60]
    cards: [{name: One}]
    face:
      frame: false
      layers:
        band: {kind: rect, x: 10%, y: 10%, width: 50%, height: 20%, fill: band}
        edge: {kind: rect, x: 0, y: 2, width: 4, height: 4, fill: band}
        past: {kind: rect, x: -0.0, y: 50, width: 4, height: 4, fill: band}
  rules: {kind: rules}
"""


def _bands(pdf_path: Path) -> list[tuple[float, float]]:
    """The sizes (mm) of the blue rectangles on the file's first page."""
    with pdfplumber.open(pdf_path) as pdf:
        return sorted((round(r["width"] / MM, 2), round(r["height"] / MM, 2)) for r in pdf.pages[0].rects
                      if r.get("non_stroking_color") and tuple(round(c, 2) for c in r["non_stroking_color"]) ==
                      (0.12, 0.31, 0.55))


def test_a_box_written_alike_on_cards_of_two_sizes_is_each_cards_own(tmp_path, monkeypatch):
    """The boxes worked out once (layers.box_rect) are kept by the card's size too: 50% of a
    poker card's width and of a 40 mm card's, read back from the PDFs to +-0.05 mm."""
    from printkit.cli.main import main
    from declared import game_project

    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    monkeypatch.setenv("PRINTKIT_WORKERS", "1")
    folder = game_project(tmp_path / "p", GAME)
    assert main(["--project", str(folder), "build", "-q", "--out", str(tmp_path / "out")]) == 0
    big, small = _bands(tmp_path / "out" / "mine" / "big.pdf"), _bands(tmp_path / "out" / "mine" / "small.pdf")
    assert big and all(b == pytest.approx((31.75, 17.78), abs=0.05) for b in big)
    assert sum(b == pytest.approx((20.0, 12.0), abs=0.05) for b in small) == 1
    assert sum(b == pytest.approx((4.0, 4.0), abs=0.05) for b in small) == 2


def test_a_box_is_kept_by_the_measures_exactly_as_written():
    """0 and -0.0, 50 and '50%' are boxes apart; a poker card's and a smaller card's too."""
    from printkit.declared.layers import box_rect

    poker, small = (63.5, 88.9), (40.0, 60.0)
    written = {"x": "50%", "y": 10, "width": 20, "height": 5}
    assert box_rect(written, poker).x == pytest.approx(31.75)
    assert box_rect(written, small).x == pytest.approx(20.0)
    assert box_rect({**written, "x": 50}, small).x == 50.0
    assert str(box_rect({**written, "x": 0}, small).x) == "0.0"
    assert str(box_rect({**written, "x": -0.0}, small).x) == "-0.0"
    assert box_rect({"x": 1, "right": 2, "y": 3, "bottom": 4}, small) == Rect(1, 4, 37, 53)
    assert box_rect({"x": 1, "right": 2, "y": 3, "bottom": 4}, poker) == Rect(1, 4, 60.5, 81.9)
