"""Read-back checks of a page's layout that any sheet can use: no two lines of text touch, no
text touches a ruled line or a frame, and no large band of a page is left empty.

Text is measured by where its characters put ink: across the line as the font box (pdfplumber's),
up from the baseline to the height of the capitals and down to the descent only for letters that
descend. Lines and frames are the drawn paths, all read back through readback.pages.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium

import pytest

from readback import MM, TOL, Box, Char, Page, pages

CLEAR = 0.2  # mm: closer than this, two marks touch
CAPITALS = 0.76  # DejaVu Sans: capitals, figures and ascenders stand this tall, x the size
DESCENT = 0.24
DESCENDING = set("gjpqyQ(),;[]{}|/@$")


_BY_PAGE: dict[tuple[str, int], tuple[Page, object]] = {}  # what is worked out once per page read


def _once(name: str, page: Page, work):
    """work(page), worked out once for each page object (a page read back is kept for the session:
    several tests ask the same of it)."""
    key = (name, id(page))
    if key not in _BY_PAGE or _BY_PAGE[key][0] is not page:
        _BY_PAGE[key] = (page, work(page))
    return _BY_PAGE[key][1]


def text_lines(page: Page) -> list[tuple[Box, str]]:
    """Each line of text (characters on one baseline, in one direction, run together) as its box
    and its text."""
    return list(_once("lines", page, _text_lines))


def _text_lines(page: Page) -> list[tuple[Box, str]]:
    lines: dict[tuple, list[Char]] = {}
    for ch in page.chars:
        if not ch.text.strip():
            continue
        dx, dy = ch.direction
        across = -dy * ch.origin[0] + dx * ch.origin[1]
        lines.setdefault((round(dx, 1), round(dy, 1), round(across, 1)), []).append(ch)
    found = []
    for chars in lines.values():
        chars.sort(key=lambda c: c.origin[0] * c.direction[0] + c.origin[1] * c.direction[1])
        for run in _runs(chars):
            inks = [ink(c) for c in run]
            box = Box(min(b.x0 for b in inks), min(b.y0 for b in inks), max(b.x1 for b in inks),
                      max(b.y1 for b in inks))
            found.append((box, _spaced(run)))
    return found


def _spaced(run: list[Char]) -> str:
    """A run's text with a space wherever a gap wider than a fifth of the size parts two letters."""
    text = run[0].text
    for previous, ch in zip(run, run[1:]):
        gap = max(ch.box.x0 - previous.box.x1, ch.box.y0 - previous.box.y1,
                  previous.box.x0 - ch.box.x1, previous.box.y0 - ch.box.y1)
        text += (" " if gap > 0.2 * _size(ch) else "") + ch.text
    return text


def _size(ch: Char) -> float:
    """The type size in mm: the font box's extent across the line (pdfplumber's `size` is not
    that for turned text)."""
    return ch.box.width if abs(ch.direction[1]) > 0.5 else ch.box.height


def ink(ch: Char) -> Box:
    """Where a character puts ink, near enough: along its line as its font box, across it from
    the descent (only if it descends) to the capitals' height, in whichever direction it reads."""
    (dx, dy), (x, y) = ch.direction, ch.origin
    ux, uy = -dy, dx  # the character's up
    size = _size(ch)
    up, down = CAPITALS * size, (DESCENT if ch.text in DESCENDING else 0.0) * size
    across = sorted((x + ux * up, x - ux * down)) if abs(ux) > 0.5 else (ch.box.x0, ch.box.x1)
    along = sorted((y + uy * up, y - uy * down)) if abs(uy) > 0.5 else (ch.box.y0, ch.box.y1)
    return Box(across[0], along[0], across[1], along[1])


def _runs(chars: list[Char]) -> list[list[Char]]:
    """A baseline's characters split where a gap wider than two spaces parts them (two labels
    on one baseline, such as two table cells, are two texts)."""
    runs = [[chars[0]]]
    for previous, ch in zip(chars, chars[1:]):
        gap = max(ch.box.x0 - previous.box.x1, ch.box.y0 - previous.box.y1,
                  previous.box.x0 - ch.box.x1, previous.box.y0 - ch.box.y1)
        if gap > 0.6 * _size(ch):
            runs.append([ch])
        else:
            runs[-1].append(ch)
    return runs


def touching_texts(page: Page) -> list[str]:
    lines = text_lines(page)
    found = []
    for i, (a, text_a) in enumerate(lines):
        for b, text_b in lines[i + 1:]:
            if a.touches(b, CLEAR):
                found.append(f"{text_a!r} touches {text_b!r}")
    return found


def segments(page: Page) -> list[Box]:
    """Every ruled line (level or upright: a pattern's diagonals are not rules) and the four
    sides of stroked rectangles."""
    pieces = [s.box for s in page.lines if min(s.box.width, s.box.height) <= TOL]
    for s in page.rects:
        if not s.stroke:
            continue
        b = s.box
        pieces += [Box(b.x0, b.y0, b.x1, b.y0), Box(b.x0, b.y1, b.x1, b.y1),
                   Box(b.x0, b.y0, b.x0, b.y1), Box(b.x1, b.y0, b.x1, b.y1)]
    return pieces


def texts_on_lines(page: Page) -> list[str]:
    """Lines of text that a ruled line or a frame's side crosses or touches."""
    found = []
    rules = segments(page)
    for box, text in text_lines(page):
        for seg in rules:
            if seg.touches(box, CLEAR):
                found.append(f"{text!r} at {box} touches a line at {seg}")
                break
    return found


# --- card backs that forgive a duplex drift ---------------------------------------------------------

Segment = tuple[tuple[float, float], tuple[float, float]]
_SEGMENTS: dict[tuple, list] = {}


def pattern_segments(path: Path, index: int) -> list[Segment]:
    """The back pattern's strokes on page `index`, end to end in mm (y up): the drawn lines that
    are neither level nor upright."""
    key = (Path(path).resolve(), index)
    if key not in _SEGMENTS:
        with pdfplumber.open(key[0]) as pdf:
            page = pdf.pages[index]
            height = float(page.height)
            found = []
            for line in page.lines:
                (x1, t1), (x2, t2) = line["pts"][0], line["pts"][-1]
                a, b = (x1 * MM, (height - t1) * MM), (x2 * MM, (height - t2) * MM)
                if abs(a[0] - b[0]) > TOL and abs(a[1] - b[1]) > TOL:
                    found.append((a, b))
            _SEGMENTS[key] = found
    return _SEGMENTS[key]


def pattern_extent(segments: list[Segment], trim: Box, bleed: float = 0.0) -> Box | None:
    """How far the pattern of the back on `trim` runs: its strokes whose middle lies on the card
    (or its bleed), run together."""
    area = trim.grow(bleed)
    mine = [(a, b) for a, b in segments if area.holds((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)]
    if not mine:
        return None
    xs = [p[0] for seg in mine for p in seg]
    ys = [p[1] for seg in mine for p in seg]
    return Box(min(xs), min(ys), max(xs), max(ys))


def frames_inside(page: Page, trim: Box, within: float = 8.0) -> list[Box]:
    """Stroked rectangles and closed curves on the card whose four sides all stand less than
    `within` mm inside its cut: a frame that shows a back printed off its front."""
    found = []
    for shape in page.rects + page.curves:
        b = shape.box
        if shape.stroke and b.within(trim) and all(0 <= gap < within for gap in
                                                   (b.x0 - trim.x0, b.y0 - trim.y0, trim.x1 - b.x1, trim.y1 - b.y1)):
            found.append(b)
    return found


# --- the type scale, and empty bands ----------------------------------------------------------------

FOOTER = 15.0  # mm: the footer line and the scale bars stand below this, on every sheet


def size_pt(ch: Char) -> float:
    return _size(ch) / MM


def small_running_text(page: Page, least: float = 8.0) -> list[str]:
    """Lines of running text (four words or more, above the footer; not a scale bar's label, which
    the print conventions size) set smaller than `least` pt."""
    found = []
    for box, text in text_lines(page):
        if box.y0 > FOOTER and len(text.split()) >= 4 and not text.endswith("at 100%") and \
                min(map(size_pt, marks_in(page, box))) < least - 0.01:
            found.append(f"{text[:40]!r} at {min(map(size_pt, marks_in(page, box))):.1f} pt")
    return found


def marks_in(page: Page, box: Box) -> list[Char]:
    """The page's characters that are not blank and have their centre in `box`, in page order."""
    centres, order = _once("centres", page, _centres)
    start, stop = bisect_left(centres, box.x0), bisect_right(centres, box.x1)
    return [page.chars[i] for i in sorted(i for i in order[start:stop] if box.holds(*page.chars[i].box.centre))]


def _centres(page: Page) -> tuple[list[float], list[int]]:
    """The non-blank characters' centres across the page, in order, and the characters' indexes."""
    order = sorted((i for i, c in enumerate(page.chars) if c.text.strip()), key=lambda i: page.chars[i].box.centre[0])
    return [page.chars[i].box.centre[0] for i in order], order


def smallest_size(page: Page) -> float:
    return min(size_pt(c) for c in page.chars if c.text.strip())


def title_and_headings(page: Page) -> tuple[float | None, float]:
    """The size of the page's first line (its title; None when it is not bold: running text
    carried on from the page before, a page with no title of its own) and of the largest bold
    line of two words or more elsewhere on the page (a heading)."""
    lines = [(box, text, marks_in(page, box)) for box, text in text_lines(page)]
    upright = [line for line in lines if line[2] and line[2][0].direction[0] > 0.99]
    top = max(upright, key=lambda line: line[0].y1)
    headings = [max(map(size_pt, chars)) for box, text, chars in upright
                if box is not top[0] and len(text.split()) >= 2 and all(c.font.endswith("Bold") for c in chars)]
    titled = all(c.font.endswith("Bold") for c in top[2])
    return (max(map(size_pt, top[2])) if titled else None), max(headings, default=0.0)


def empty_band(path: Path, index: int, top: float = 10.0, bottom: float = 18.0) -> float:
    """The tallest band across a page's body (from `top` mm below its top edge to `bottom` mm
    above its foot) with no ink in it, in mm, as a renderer prints the page."""
    image = pdfium.PdfDocument(str(path))[index].render(scale=4 * 25.4 / 72, grayscale=True).to_pil().convert("L")
    width, height = image.size
    best = run = 0
    for y in range(round(top * 4), height - round(bottom * 4)):
        darkest = image.crop((40, y, width - 40, y + 1)).getextrema()[0]  # of the row's pixels 40 .. width - 41
        run = 0 if darkest < 200 else run + 1
        best = max(best, run)
    return best / 4


# --- the table test, for any game's products ---------------------------------------------------------

def layout_tests(pdf, products: tuple[str, ...], sheets: tuple[str, ...]):
    """The four read-back tests of a game's pages, on both papers (the `built` fixture), for its
    products (`pdf(folder, product)` finds each file) and among them its sheets, pages with a
    body to fill: bind them to test_ names in the game's test module."""

    @pytest.mark.parametrize("product", products)
    def no_text_touches_another_text_or_a_line(built, product):
        paper, folder = built
        for number, page in enumerate(pages(pdf(folder, product)), start=1):
            problems = touching_texts(page) + texts_on_lines(page)
            assert not problems, f"{product} page {number} ({paper}): {problems[:3]}"

    @pytest.mark.parametrize("product", products)
    def running_text_is_8_pt_or_more_and_nothing_is_below_6(built, product):
        paper, folder = built
        for number, page in enumerate(pages(pdf(folder, product)), start=1):
            assert not small_running_text(page), f"{product} page {number} ({paper}): {small_running_text(page)[:3]}"
            assert smallest_size(page) >= 6.0 - 0.01, (product, number, paper)

    @pytest.mark.parametrize("product", sheets)
    def no_title_is_smaller_than_its_headings(built, product):
        paper, folder = built
        for number, page in enumerate(pages(pdf(folder, product)), start=1):
            title, heading = title_and_headings(page)
            assert title is None or title >= heading - 0.01, \
                f"{product} page {number} ({paper}): title {title} pt, heading {heading} pt"

    @pytest.mark.parametrize("product", sheets)
    def no_sheet_leaves_a_large_band_empty(built, product):
        """No band across the body taller than an eighth of it is left without ink (but on the
        last page of several, where a list of items ends)."""
        paper, folder = built
        path = pdf(folder, product)
        every = pages(path)
        for index, page in enumerate(every):
            if len(every) > 1 and index == len(every) - 1:
                continue
            band = empty_band(path, index)
            assert band <= (page.height - 28) / 8, f"{product} page {index + 1} ({paper}): {band} mm empty"

    return (no_text_touches_another_text_or_a_line, running_text_is_8_pt_or_more_and_nothing_is_below_6,
            no_title_is_smaller_than_its_headings, no_sheet_leaves_a_large_band_empty)
