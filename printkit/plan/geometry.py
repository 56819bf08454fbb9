"""Lengths, rectangles and paper. Everything is in millimetres; render converts once, at the edge."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.papers import PAPER_SIZES

MM_PER_INCH = 25.4
PRINTER_MARGIN = 5.0  # home printers cannot print the outer ~5 mm; keep every mark inside it


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float  # from the bottom of the page, as in PDF
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def inset(self, by: float) -> "Rect":
        return Rect(self.x + by, self.y + by, self.width - 2 * by, self.height - 2 * by)

    def cut_top(self, height: float, gap: float = 0.0) -> tuple["Rect", "Rect"]:
        """The strip `height` tall along the top, and what is left below it, `gap` apart."""
        return (Rect(self.x, self.top - height, self.width, height),
                Rect(self.x, self.y, self.width, self.height - height - gap))

    def cut_bottom(self, height: float, gap: float = 0.0) -> tuple["Rect", "Rect"]:
        """The strip `height` tall along the bottom, and what is left above it, `gap` apart."""
        return (Rect(self.x, self.y, self.width, height),
                Rect(self.x, self.y + height + gap, self.width, self.height - height - gap))

    def cut_left(self, width: float, gap: float = 0.0) -> tuple["Rect", "Rect"]:
        """The strip `width` wide along the left, and what is left right of it, `gap` apart."""
        return (Rect(self.x, self.y, width, self.height),
                Rect(self.x + width + gap, self.y, self.width - width - gap, self.height))

    def cut_right(self, width: float, gap: float = 0.0) -> tuple["Rect", "Rect"]:
        """The strip `width` wide along the right, and what is left left of it, `gap` apart."""
        return (Rect(self.right - width, self.y, width, self.height),
                Rect(self.x, self.y, self.width - width - gap, self.height))

    def overlaps(self, other: "Rect") -> bool:
        return (self.x < other.right and other.x < self.right
                and self.y < other.top and other.y < self.top)

    def scaled(self, centre: tuple[float, float], scale: tuple[float, float]) -> "Rect":
        """Where the rectangle lands when a page is drawn `scale` times as large about `centre`
        (a printer's scale correction)."""
        (cx, cy), (sx, sy) = centre, scale
        return Rect(cx + (self.x - cx) * sx, cy + (self.y - cy) * sy, self.width * sx, self.height * sy)


@dataclass(frozen=True, slots=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float

    def landscape(self) -> "Paper":
        return Paper(self.name, max(self.width, self.height), min(self.width, self.height))

    def portrait(self) -> "Paper":
        return Paper(self.name, min(self.width, self.height), max(self.width, self.height))

    @property
    def printable(self) -> Rect:
        return Rect(0, 0, self.width, self.height).inset(PRINTER_MARGIN)


PAPERS = {key: Paper(*size) for key, size in PAPER_SIZES.items()}

POKER = (63.5, 88.9)
