"""Booklets: the half-size page of a folded sheet, and saddle-stitch imposition (which pages go on
each side of each sheet so that the printed, folded, stapled stack reads in order)."""

from __future__ import annotations

from printkit.plan.geometry import Paper


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
