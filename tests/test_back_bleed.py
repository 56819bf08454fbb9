"""Backs where cards abut (the home duplex sheets of the Ascending deck, the Numbered Cards and the
Redo tokens): each back's art runs past every outer cut line, and the pattern is one across the
sheet, so a back page printed 1.5 mm off its front shows art at every cut, neither a white strip
nor a seam. Read back from the PDFs: the cut lines from the front pages, the pattern's strokes
(pdfplumber) and what a renderer shows (PDFium) from the back pages."""

from __future__ import annotations

import functools
import math

import pypdfium2 as pdfium
import pytest

from clearance import pattern_segments
from readback import PAPERS, TOL, Box, cut_lines, pages, scale_bar_rects, union

PRODUCTS = [("ascending-row-overflow", "deck"), ("numbered-cards", "ability-cards"), ("one-too-many", "redo-tokens")]
PAST = 2.0  # mm: the least a back's art runs past an outer cut line
DRIFT = 1.5  # mm: a back page printed this far off its front, each way and both ways at once
DPI = 150
EDGE = 0.25  # mm: a strip along a cut starts this far off it
LIGHT = 200  # a pixel darker than this is ink (the Ascending back's 95 % ground is not)


def pdf(folder, game: str, product: str):
    return folder / game / f"{product}.pdf"


def back_trims(front, paper: str) -> list[Box]:
    """Where the backs of a front page's cards lie: its cut lines mirrored for the long-edge flip."""
    width = PAPERS[paper][0]
    return [Box(width - b.x1, b.y0, width - b.x0, b.y1) for b in cut_lines(front)]


@functools.lru_cache(maxsize=None)
def rendered(path, index: int):
    page = pdfium.PdfDocument(str(path))[index]
    return page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")


def inked(image, box: Box, height: float) -> bool:
    """Whether anything is drawn in `box` (mm, y up on a page `height` mm tall)."""
    scale = DPI / 25.4
    crop = image.crop((math.floor(box.x0 * scale), math.floor((height - box.y1) * scale),
                       math.ceil(box.x1 * scale), math.ceil((height - box.y0) * scale)))
    return crop.getextrema()[0] < LIGHT


def bands(edge_box: Box, along_x: bool, piece: float = 10.0) -> list[Box]:
    """`edge_box` cut into pieces at most `piece` mm long along its length: a lattice's lines cross
    each (its diamonds are under 10 mm), so a piece without ink is a white strip."""
    start, end = (edge_box.x0, edge_box.x1) if along_x else (edge_box.y0, edge_box.y1)
    count = math.ceil((end - start) / piece - TOL)
    step = (end - start) / count
    cuts = [(start + k * step, start + (k + 1) * step) for k in range(count)]
    if along_x:
        return [Box(a, edge_box.y0, b, edge_box.y1) for a, b in cuts]
    return [Box(edge_box.x0, a, edge_box.x1, b) for a, b in cuts]


def edge_strips(trim: Box, near: float, far: float, outside: bool) -> dict[str, tuple[Box, bool]]:
    """Along each side of `trim`, the strip from `near` to `far` mm away from its edge, outside
    it or inside it; and whether the strip runs along x. (Starting a little off the edge keeps
    a stroke's end drawn up to the edge from counting as art beyond it.)"""
    a, b = (near, far) if outside else (-near, -far)
    lo, hi = min(a, b), max(a, b)
    return {"left": (Box(trim.x0 - hi, trim.y0, trim.x0 - lo, trim.y1), False),
            "right": (Box(trim.x1 + lo, trim.y0, trim.x1 + hi, trim.y1), False),
            "bottom": (Box(trim.x0, trim.y0 - hi, trim.x1, trim.y0 - lo), True),
            "top": (Box(trim.x0, trim.y1 + lo, trim.x1, trim.y1 + hi), True)}


def neighbour(trim: Box, side: str, trims: list[Box]) -> bool:
    """Whether another card abuts `trim` on `side`."""
    for other in trims:
        if side in ("left", "right"):
            edge, facing = (trim.x0, other.x1) if side == "left" else (trim.x1, other.x0)
            if abs(edge - facing) <= TOL and abs(other.y0 - trim.y0) <= TOL:
                return True
        else:
            edge, facing = (trim.y0, other.y1) if side == "bottom" else (trim.y1, other.y0)
            if abs(edge - facing) <= TOL and abs(other.x0 - trim.x0) <= TOL:
                return True
    return False


def sheets(folder, game: str, product: str, paper: str):
    """(back page index, its cards' back trims) of every sheet."""
    path = pdf(folder, game, product)
    deck = pages(path)
    for index in range(1, len(deck), 2):
        trims = back_trims(deck[index - 1], paper)
        assert trims, f"{product} page {index}: no cut lines"
        yield index, trims


@pytest.mark.parametrize("game,product", PRODUCTS)
def test_back_art_runs_past_every_outer_cut_line(built, game, product):
    """Past each cut line no other card shares, the back's art covers a strip PAST mm wide, all
    along it, and stands clear of the back page's scale bars."""
    paper, folder = built
    height = PAPERS[paper][1]
    path = pdf(folder, game, product)
    for index, trims in sheets(folder, game, product, paper):
        image = rendered(path, index)
        outer = 0
        for trim in trims:
            for side in ("left", "right", "bottom", "top"):
                if neighbour(trim, side, trims):
                    continue
                outer += 1
                strips = [edge_strips(trim, near, far, outside=True)[side] for near, far in ((EDGE, PAST / 2), (PAST / 2, PAST))]
                bare = [str(piece) for strip, along_x in strips for piece in bands(strip, along_x)
                        if not inked(image, piece, height)]
                assert not bare, f"{paper} {product} page {index + 1}: no art {PAST} mm past the {side} cut of {trim} at {bare}"
        assert outer >= 4
        art = union(trims).grow(PAST)
        for bar in scale_bar_rects(pages(path)[index]):
            assert not bar.touches(art, 0.4), f"{paper} {product} page {index + 1}: a scale bar {bar} in the backs' art"


@pytest.mark.parametrize("game,product", PRODUCTS)
def test_a_back_page_printed_off_its_front_shows_art_at_every_cut(built, game, product):
    """The back page drawn DRIFT mm off in each of eight directions: along every cut of every
    card, the strip DRIFT mm wide inside it shows art (its own, a neighbour's, or its bleed),
    never a white strip."""
    paper, folder = built
    height = PAPERS[paper][1]
    path = pdf(folder, game, product)
    for index, trims in sheets(folder, game, product, paper):
        image = rendered(path, index)
        for dx in (-DRIFT, 0.0, DRIFT):
            for dy in (-DRIFT, 0.0, DRIFT):
                if dx == dy == 0.0:
                    continue
                for trim in trims:
                    seen = Box(trim.x0 - dx, trim.y0 - dy, trim.x1 - dx, trim.y1 - dy)  # the cut, on the drifted back
                    for side, (strip, along_x) in edge_strips(seen, EDGE, DRIFT - EDGE, outside=False).items():
                        bare = [str(p) for p in bands(strip, along_x) if not inked(image, p, height)]
                        assert not bare, (f"{paper} {product} page {index + 1}, back {DRIFT} mm off ({dx}, {dy}): "
                                          f"a white strip at the {side} cut of {trim}: {bare}")


def clusters(values: list, key, within: float) -> list[list]:
    """`values` sorted by `key` and cut wherever two neighbours' keys differ by more than `within`."""
    groups: list[list] = []
    for value in sorted(values, key=key):
        if groups and key(value) - key(groups[-1][-1]) <= within:
            groups[-1].append(value)
        else:
            groups.append([value])
    return groups


def joined(segments) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The strokes run together: strokes on one straight line (within TOL) that overlap or meet
    become one."""
    out = []
    directions = [(math.atan2(b[1] - a[1], b[0] - a[0]) % math.pi, a, b) for a, b in segments]
    for same_way in clusters(directions, lambda d: d[0], 1e-4):
        angle = same_way[0][0]
        ux, uy = math.cos(angle), math.sin(angle)
        strokes = [(a[0] * uy - a[1] * ux, *sorted((a[0] * ux + a[1] * uy, b[0] * ux + b[1] * uy)))
                   for _, a, b in same_way]  # (the line's distance from the origin, where it starts and ends on it)
        for line in clusters(strokes, lambda s: s[0], TOL):
            offset = line[0][0]
            spans = sorted((s, t) for _, s, t in line)
            merged = [list(spans[0])]
            for s, t in spans[1:]:
                if s <= merged[-1][1] + TOL:
                    merged[-1][1] = max(merged[-1][1], t)
                else:
                    merged.append([s, t])
            out += [((s * ux + offset * uy, s * uy - offset * ux), (t * ux + offset * uy, t * uy - offset * ux))
                    for s, t in merged]
    return out


@pytest.mark.parametrize("game,product", PRODUCTS)
def test_the_backs_pattern_is_one_across_the_sheet(built, game, product):
    """Every stroke of the backs' pattern, run together with the strokes of the cards round it,
    is one line from outside the sheet's cards to outside them again: at no cut between two
    cards does a line of one back end where its neighbour's does not go on (a seam a back printed
    off its front would show)."""
    paper, folder = built
    path = pdf(folder, game, product)
    for index, trims in sheets(folder, game, product, paper):
        inside = union(trims).grow(PAST - TOL)
        lines = joined(pattern_segments(path, index))
        assert len(lines) >= 10
        ends = [point for line in lines for point in line if inside.holds(*point)]
        assert not ends, f"{paper} {product} page {index + 1}: the pattern stops inside the sheet at {ends[:4]}"
