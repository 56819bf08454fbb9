"""Booklets: the half-size page of a folded sheet, saddle-stitch imposition (which pages go on each
side of each sheet so that the printed, folded, stapled stack reads in order), the fold and staple
marks, and how a long booklet is split into volumes a stapler can close."""

from __future__ import annotations

from printkit.plan.geometry import PRINTER_MARGIN, Paper, Segment


def booklet_page(paper: Paper) -> Paper:
    """Half the sheet, portrait: A4 folds to 148.5 x 210 mm, Letter to 5.5 x 8.5 in."""
    return Paper(f"half {paper.name}", paper.height / 2, paper.width)


def padded(pages: int) -> int:
    """A saddle-stitched booklet has a multiple of 4 pages: one sheet is 4 pages."""
    return -(-pages // 4) * 4


def saddle_sides(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page numbers for each sheet side in print order (front, back, front, ...);
    None where a padding page is blank. Sheet k's front carries n-2k | 2k+1, its back 2k+2 | n-2k-1."""
    n = padded(pages)
    sides = []
    for k in range(n // 4):
        sides.append((n - 2 * k, 2 * k + 1))
        sides.append((2 * k + 2, n - 2 * k - 1))
    return [tuple(p if p <= pages else None for p in side) for side in sides]


def fold_and_staple_marks(sheet: Paper, tick: float = 4.0, staple: float = 8.0) -> tuple[list[Segment], list[Segment]]:
    """What the outer side of a booklet's outer sheet shows of its fold: a tick at the top and the
    bottom edge on the fold (inside the printable area), and two staple marks on the fold, a
    quarter of the way in from each end, where the staples go through."""
    middle, low, high = sheet.width / 2, PRINTER_MARGIN, sheet.height - PRINTER_MARGIN
    folds = [Segment(middle, low, middle, low + tick), Segment(middle, high - tick, middle, high)]
    staples = [Segment(middle, at - staple / 2, middle, at + staple / 2) for at in (sheet.height / 4,
                                                                                 sheet.height * 3 / 4)]
    return folds, staples


def volumes_of(sizes: list[int], count: int, most: int) -> list[int] | None:
    """How many of `count` equal parts (each two pages) each volume holds: the fewest volumes of at
    most `most` pages each (whole sheets), the largest as small as it can be, then the fewest pages
    in all, then volumes as alike as can be. `sizes[k]` is how many pages volume k has before its
    parts (its cover, the front matter); the last serves every further volume. None when a volume
    cannot hold even one part."""
    def overhead(k: int) -> int:
        return sizes[min(k, len(sizes) - 1)]

    volumes = _fewest(count, most, overhead)
    return None if volumes is None else _balanced(volumes, count, most, overhead)


def _fewest(count: int, most: int, overhead) -> int | None:
    """The fewest volumes that hold `count` parts: each as full as it can be, one after the other
    (a volume's room depends only on which it is). None when one holds no part."""
    volumes, left = 0, count
    while left > 0:
        room = next((parts for parts in range(left, 0, -1) if padded(overhead(volumes) + 2 * parts) <= most), 0)
        if room == 0:
            return None
        volumes, left = volumes + 1, left - room
    return volumes


def _balanced(volumes: int, count: int, most: int, overhead) -> list[int] | None:
    """The best split of `count` parts over `volumes` volumes, each at most `most` pages; None
    when there is none. Best: the largest volume smallest, then the fewest pages in all, then
    volumes as alike as they can be (the squares of their parts' pages add up to less; counted from
    the parts alone, which is what the overheads leave to choose), then the earlier ones fuller."""
    # best[k][n]: that key, for the best split of the first n parts over the first k volumes; the
    # split itself a number in base `base`, a volume's digit `base - parts`: the smaller number is
    # the split whose earlier volumes are fuller
    base = count + 1
    best = {0: {0: (0, 0, 0, 0)}}
    for k in range(volumes):
        best[k + 1] = {}
        for used, (largest, total, squares, split) in best[k].items():
            for parts in range(1, count - used + 1):
                pages = padded(overhead(k) + 2 * parts)
                if pages > most:
                    break
                score = (max(largest, pages), total + pages, squares + (2 * parts) ** 2, split * base + base - parts)
                known = best[k + 1].get(used + parts)
                if known is None or score < known:
                    best[k + 1][used + parts] = score
    found = best[volumes].get(count)
    if found is None:
        return None
    split, code = [], found[3]
    for _ in range(volumes):
        code, digit = divmod(code, base)
        split.append(base - digit)
    return split[::-1]


