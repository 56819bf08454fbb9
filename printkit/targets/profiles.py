"""The print shops' profiles, read from printkit/shops.yaml: what kind of file each shop takes, its
bleed, its safe zone and its page order. A new shop is a new entry there, not new code."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import yaml

from printkit.ground.bundled import PACKAGE
from printkit.plan.geometry import MM_PER_INCH

KINDS = ("png", "pdf", "sheets", "cutout", "tts")
ORDERS = ("front-back", "back-front", "front")
PDFX = ("PDF/X-4", "PDF/X-1a:2003")
SAME = 0.05  # mm: a trim within this of a size the shop sells is that size


@dataclass(frozen=True)
class Sold:
    """A card size a shop sells: its name, its trim in mm, and whether it is round (a token)."""

    name: str
    trim: tuple[float, float]
    round: bool = False

    def fits(self, trim: tuple[float, float], round_: bool) -> bool:
        return self.round == round_ and _same(self.trim, trim, SAME)

    def __str__(self) -> str:
        size = f"{self.trim[0]:g} mm round" if self.round else f"{self.trim[0]:g} x {self.trim[1]:g} mm"
        return f"{self.name} {size}"


@dataclass(frozen=True)
class Profile:
    slug: str
    name: str
    kind: str  # png | pdf | sheets | cutout | tts
    bleed: float  # mm a side
    safe: float  # mm inside the trim
    order: str = "front-back"
    dpi: int = 300
    sizes: tuple[tuple[tuple[float, float], tuple[int, int]], ...] = ()  # published: trim mm -> px
    pdfx: str | None = None  # PDF/X-4 | PDF/X-1a:2003: what a PDF must conform to
    condition: str | None = None  # its output intent's printing condition (ICC registry name)
    corners: float = 0.0  # cutout: the corner radius, mm, when --corners gives none
    area: tuple[float, float] | None = None  # cutout: the largest image the machine prints and cuts, mm
    grid: tuple[int, int] | None = None  # tts: the most cards a sheet holds, [columns, rows]
    largest: int | None = None  # tts: the widest and tallest image, px
    icc: str | None = None  # PDF/X: the condition's CMYK profile in printkit/icc/, colours converted through it
    ink_limit: float | None = None  # PDF/X: total ink (C+M+Y+K), %, at most
    separate: bool = False  # pdf: one file of fronts and one of backs, card N on page N of each
    cards: tuple[Sold, ...] = ()  # the card sizes the shop sells; none: it prints any size
    rich_black: tuple[float, float, float, float] | None = None  # PDF/X: C, M, Y, K % of a large black solid

    def sells(self, trim: tuple[float, float], round_: bool) -> bool:
        """Whether the shop sells cards of this trim (±0.05 mm) and shape; a shop that names no
        sizes (print sheets, a cutting machine, a virtual table) takes any."""
        return not self.cards or any(sold.fits(trim, round_) for sold in self.cards)

    def nearest(self, trim: tuple[float, float], round_: bool) -> list[Sold]:
        """The sizes the shop sells, those of the same shape first, then the nearest in size."""
        return sorted(self.cards, key=lambda sold: (sold.round != round_,
                                                    max(abs(a - b) for a, b in zip(sold.trim, trim))))

    def pixels(self, trim: tuple[float, float]) -> tuple[int, int]:
        """A card image's size: the trim plus the bleed on each side, in whole pixels."""
        return tuple(round((side + 2 * self.bleed) / MM_PER_INCH * self.dpi) for side in trim)

    def image_bleed(self, trim: tuple[float, float]) -> float:
        """The bleed that makes an image of this trim a whole number of pixels across (46.35 mm
        tokens: 547 px, so 3.158 mm); down, it may still be a fraction of a pixel off."""
        return (self.pixels(trim)[0] / self.dpi * MM_PER_INCH - trim[0]) / 2

    def published(self, trim: tuple[float, float]) -> tuple[int, int] | None:
        """The image size the shop publishes for this trim, if it publishes one."""
        return next((px for size, px in self.sizes if _same(size, trim)), None)

    def sides(self) -> tuple[str, ...]:
        """The card sides the shop takes, in its order: both, or the fronts alone."""
        return tuple(self.order.split("-"))


def _same(a, b, within: float = 0.05) -> bool:
    return all(abs(x - y) <= within for x, y in zip(a, b))


@functools.cache
def profiles() -> dict[str, Profile]:
    data = yaml.safe_load((PACKAGE / "shops.yaml").read_text(encoding="utf-8"))
    return {slug: _profile(slug, entry) for slug, entry in data.items()}


def _sold(name: str, size: str) -> Sold:
    """`63.5 x 88.9` (a rectangle's trim, mm) or `25.4 round` (a round token's diameter, mm)."""
    if size.endswith(" round"):
        diameter = float(size.removesuffix(" round"))
        return Sold(name, (diameter, diameter), True)
    return Sold(name, tuple(float(v) for v in size.split(" x ")))


def _profile(slug: str, entry: dict) -> Profile:
    sizes = tuple((tuple(float(v) for v in size.split(" x ")), tuple(px))
                  for size, px in (entry.get("sizes") or {}).items())
    profile = Profile(slug, entry["name"], entry["kind"], float(entry["bleed"]), float(entry["safe"]),
                      entry.get("order", "front-back"), int(entry.get("dpi", 300)), sizes, entry.get("pdfx"),
                      entry.get("condition"), float(entry.get("corners", 0.0)),
                      tuple(float(v) for v in entry["area"]) if entry.get("area") else None,
                      tuple(int(v) for v in entry["grid"]) if entry.get("grid") else None,
                      int(entry["largest"]) if entry.get("largest") else None, entry.get("profile"),
                      float(entry["ink_limit"]) if entry.get("ink_limit") else None, bool(entry.get("separate")),
                      tuple(_sold(name, size) for name, size in (entry.get("cards") or {}).items()),
                      tuple(float(v) for v in entry["rich_black"]) if entry.get("rich_black") else None)
    if profile.kind not in KINDS or profile.order not in ORDERS or profile.pdfx not in (None,) + PDFX:
        raise ValueError(f"shops.yaml: {slug}: kind must be one of {KINDS}, order one of {ORDERS}, "
                         f"pdfx one of {PDFX}")
    if profile.pdfx and not (profile.icc and profile.ink_limit):
        raise ValueError(f"shops.yaml: {slug}: a PDF/X shop needs the `profile` its colours are converted "
                         f"through and its `ink_limit`")
    if profile.separate and (profile.kind != "pdf" or len(profile.sides()) != 2):
        raise ValueError(f"shops.yaml: {slug}: separate front and back files are a `pdf` shop's, of both sides")
    if profile.rich_black and (len(profile.rich_black) != 4 or sum(profile.rich_black) > (profile.ink_limit or 0)):
        raise ValueError(f"shops.yaml: {slug}: rich_black is [C, M, Y, K] %, at most the ink_limit in all")
    return profile
