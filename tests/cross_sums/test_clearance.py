"""Issue 13, item 11, read back from the Cross Sums PDFs: no text touching another text or a drawn
line (a frame, a rule, a card's edge). Text is measured by its glyphs as printed (from the baseline
up to the cap height, down to the descender where a letter has one), not by the font's line box;
a line hidden under a white card face drawn over it (a spent card under its stack's top card) is
not seen, and neither is it here."""

from __future__ import annotations

import bisect

import pytest

from cross_sums.test_pdfs import MM, out, plumbed, white

CLEAR = 0.2  # mm: less than this between a text and a line, and they touch
CAP, DESCENT = 0.76, 0.24  # of the size: DejaVu Sans' capitals and descenders, with a little to spare
DESCENDERS = set("gjpqyQ,;()[]|")
PRODUCTS = ["rules.pdf", "at-a-glance.pdf", "player-aid.pdf", "campaign-log.pdf", "solutions.pdf",
            "booklet.pdf"] + [f"setup/scenario-{n:02}.pdf" for n in (1, 2, 3, 12, 17, 31, 41, 50)]


def glyph_box(ch, height: float) -> tuple[float, float, float, float]:
    baseline = height - ch["matrix"][5]
    return (ch["x0"], baseline - CAP * ch["size"], ch["x1"],
            baseline + (DESCENT * ch["size"] if ch["text"] in DESCENDERS else 0.0))


def words(page) -> list[tuple[str, tuple]]:
    """Each upright word and the box its glyphs cover."""
    height = float(page.height)
    found = []
    for word in page.extract_words(extra_attrs=["upright"], return_chars=True, use_text_flow=True):
        boxes = [glyph_box(ch, height) for ch in word["chars"] if ch["text"].strip() and ch["upright"]]
        if word["upright"] and boxes:
            found.append((word["text"], tuple(f([b[k] for b in boxes]) for k, f in enumerate((min, min, max, max)))))
    return found


def lines(page) -> list[tuple]:
    """Every stroked straight line and edge of a stroked box, as the box it covers with its width."""
    found = [(ln["x0"], ln["top"], ln["x1"], ln["bottom"], ln.get("linewidth") or 0.0) for ln in page.lines]
    for shape in page.rects + page.curves:
        if shape.get("stroke"):
            x0, top, x1, bottom, width = shape["x0"], shape["top"], shape["x1"], shape["bottom"], shape["linewidth"]
            found += [(x0, top, x1, top, width), (x0, bottom, x1, bottom, width), (x0, top, x0, bottom, width),
                      (x1, top, x1, bottom, width)]
    faces = [s for s in page.rects + page.curves if s.get("fill") and white(s.get("non_stroking_color"))]
    return [(min(x0, x1) - w / 2, min(t, b) - w / 2, max(x0, x1) + w / 2, max(t, b) + w / 2)
            for x0, t, x1, b, w in found if not any(_under(face, x0, t, x1, b) for face in faces)]


def _under(face, x0: float, top: float, x1: float, bottom: float) -> bool:
    """Whether a straight line lies on a white face, away from its edges across the line: the edge
    of a spent card under its stack's top card (the face's own frame runs along its edges)."""
    inside_x = face["x0"] - 0.5 <= min(x0, x1) and max(x0, x1) <= face["x1"] + 0.5
    inside_y = face["top"] - 0.5 <= min(top, bottom) and max(top, bottom) <= face["bottom"] + 0.5
    across_x = face["x0"] + 0.5 < min(x0, x1) and max(x0, x1) < face["x1"] - 0.5
    across_y = face["top"] + 0.5 < min(top, bottom) and max(top, bottom) < face["bottom"] - 0.5
    horizontal = abs(top - bottom) < abs(x0 - x1)
    return inside_x and across_y if horizontal else inside_y and across_x


def overlap(a, b, by: float = 0.0) -> bool:
    return a[0] < b[2] + by and b[0] < a[2] + by and a[1] < b[3] + by and b[1] < a[3] + by


def touching(page) -> list[str]:
    placed = sorted(words(page), key=lambda w: w[1][0])
    lefts = [box[0] for _, box in placed]
    widest = max((box[2] - box[0] for _, box in placed), default=0.0)
    by = CLEAR / MM
    found = []

    def near(box):
        start = bisect.bisect_left(lefts, box[0] - widest - by)
        return (w for w in placed[start:bisect.bisect_right(lefts, box[2] + by)])

    for i, (text, box) in enumerate(placed):
        found += [f"'{text}' touches '{other}'" for other, other_box in near(box)
                  if (other, other_box) > (text, box) and overlap(box, other_box)]
    for line in lines(page):
        found += [f"'{text}' touches a line at {line[0] * MM:.1f}, {line[1] * MM:.1f} mm" for text, box in near(line)
                  if overlap(box, line, by)]
    return found


@pytest.mark.parametrize("name", PRODUCTS)
def test_no_text_touches_another_text_or_a_line(built, name):
    _, folder = built
    found = {number: touching(page) for number, page in enumerate(plumbed(out(folder, name)).pages, start=1)}
    assert {number: problems for number, problems in found.items() if problems} == {}
