"""Scale bars on home sheets stand at least 3 mm clear of every cut line (issue 39, point 6): a
cut a little off the line leaves no sliver of a bar, its ticks or its label on a card. Read back
with pdfplumber from every card product of the four kits and of the examples, on A4 and Letter:
each bar's ink (its outline, its filled steps, its ticks, its label's characters, strokes included)
against the cards' TrimBox on its page (the cut lines round the grid; a bar stands outside it)."""

from __future__ import annotations

import pdfplumber
import pypdf
import pytest

from conftest import CONTENT, ROOT, build_into, forked_workers, mm

CLEAR = 3.0
EXAMPLES = ROOT / "examples" / "content"
BARS = (50.0, 50.8)  # the bars' lengths, mm: 50 mm and 2 in
STROKE = 0.15  # mm: the bars' outline and ticks, half of it beyond each path


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    found = {}
    for name, content in (("kits", CONTENT), ("examples", EXAMPLES)):
        for paper in ("a4", "letter"):
            out = tmp_path_factory.mktemp(f"{name}-{paper}")
            with forked_workers():
                assert build_into(out, "--paper", paper, content=content) == 0
            found[name, paper] = out
    return found


def bar_inks(page) -> list[tuple[float, float, float, float]]:
    """Each scale bar's ink on a page, (x0, y0, x1, y1) mm from the foot: its outline (a 1.2 mm
    wide rectangle of a bar's length), with the steps, ticks (lines of 2 mm at most) and label
    characters beside it, strokes included."""
    height = float(page.height)

    def box(o):
        return mm(o["x0"]), mm(height - o["bottom"]), mm(o["x1"]), mm(height - o["top"])

    def size(part):
        return max(part[2] - part[0], part[3] - part[1])

    chars = [box(o) for o in page.chars]
    ticks = [part for part in (box(o) for o in page.lines) if size(part) <= 2.1]
    steps = [part for part in (box(o) for o in page.rects) if size(part) <= max(BARS) + 0.1]
    inks = []
    for x0, y0, x1, y1 in (box(rect) for rect in page.rects):
        long, short = max(x1 - x0, y1 - y0), min(x1 - x0, y1 - y0)
        if not (any(abs(long - bar) < 0.1 for bar in BARS) and abs(short - 1.2) < 0.1):
            continue
        across = 5.0  # mm beyond the outline that a bar's ticks and label may reach
        upright = x1 - x0 < y1 - y0
        reach = (x0 - across, y0 - 0.5, x1 + across, y1 + 0.5) if upright else (x0 - 0.5, y0 - across, x1 + 0.5, y1 + across)
        parts = [part for part in chars + ticks + steps if _within(part, reach)]
        half = STROKE / 2
        inks.append((min(p[0] for p in parts) - half, min(p[1] for p in parts) - half,
                     max(p[2] for p in parts) + half, max(p[3] for p in parts) + half))
    return inks


def _within(part, reach) -> bool:
    return part[0] >= reach[0] and part[1] >= reach[1] and part[2] <= reach[2] and part[3] <= reach[3]


def card_pdfs(folder):
    """The card products' PDFs: pages whose TrimBox is the cards' grid, not the whole page."""
    for path in sorted(folder.rglob("*.pdf")):
        reader = pypdf.PdfReader(path)
        page = reader.pages[0]
        if [round(float(v), 1) for v in page.trimbox] != [round(float(v), 1) for v in page.mediabox]:
            yield path, [[mm(float(v)) for v in p.trimbox] for p in reader.pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("project", ["kits", "examples"])
def test_every_scale_bar_stands_3_mm_clear_of_the_cut_lines(built, project, paper):
    checked, nearest = 0, []
    for path, trims in card_pdfs(built[project, paper]):
        with pdfplumber.open(path) as pdf:
            for number, (page, trim) in enumerate(zip(pdf.pages, trims), start=1):
                inks = bar_inks(page)
                assert len(inks) == 2, f"{path.name} page {number}: {len(inks)} scale bars"
                for ink in inks:
                    gap = max(trim[0] - ink[2], ink[0] - trim[2], trim[1] - ink[3], ink[1] - trim[3])
                    nearest.append((round(gap, 2), path.name, number))
                checked += 1
    assert checked >= 10
    too_near = [found for found in nearest if found[0] < CLEAR - 1e-6]
    assert not too_near, too_near[:5]
