"""What a card PDF's page paints (printkit/targets/painted.py), each fault placed where the designer
can mend it: fonts not embedded, images under the shop's dpi or in RGB in a file for a CMYK
press, total ink over the shop's limit; each named by the card and side the page is, and by the
planned layer there (the export's record: its name and FILE:LINE), else the card's row. A page
the record does not place is said by its file and number alone."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import Problem
from printkit.targets.planned import at, planned
from printkit.targets.profiles import Profile
from printkit.targets.safezone import Item

NEAR = 1.0  # mm: how near an image's placed middle and size must be to a planned picture's


@dataclass(frozen=True)
class Side:
    """The card side a page is, as the export's record has it, with what was planned on it."""

    product: str
    card: int
    side: str
    row: str  # FILE:LINE the card is written at
    items: tuple[Item, ...]


def sides(product: dict | None, pages: list[dict]) -> dict[int, Side]:
    """Each page's card side, by the page's number in its file."""
    cards = {card["card"]: card for card in (product or {}).get("cards", [])}
    return {page["page"]: Side(product["product"], page["card"], page["side"],
                               cards.get(page["card"], {}).get("where") or "",
                               tuple(planned(cards.get(page["card"], {}).get(page["side"], []))))
            for page in pages if "card" in page and "page" in page}


def page_problems(number: int, page, profile: Profile, side: Side | None, shown: str, rgb: bool) -> list[Problem]:
    """Fonts, images and ink of page `number`; `rgb`: RGB images are a fault (a CMYK press's
    PDF/X-4 or PDF/X-1a; PDF/X-1a's images no page paints are checked for its file as a whole)."""
    painted, found = page.painted, []
    for font, ok, form in dict.fromkeys(painted.fonts):
        if not ok:
            svg = _brought(form, side)
            said = f" (brought in by {svg.name})" if svg else f" (in form {form})" if form else ""
            found.append(_said(side, svg or (None if form else _worded(side)), f"font {font} is not embedded{said}",
                               shown, number))
    for image in {image.name: image for image in painted.images}.values():
        item = _picture(image, side, page)
        if image.dpi < profile.dpi - 0.5:
            found.append(_said(side, item, f"image {_name(image, item)} is {image.dpi:.0f} dpi as printed", shown,
                               number, f"{profile.name} takes at least {profile.dpi} dpi"))
        if rgb and image.space == "DeviceRGB":
            found.append(_said(side, item, f"image {_name(image, item)} is DeviceRGB", shown, number,
                               f"{profile.pdfx} for {profile.condition} takes DeviceCMYK or DeviceGray images"))
    if profile.ink_limit and painted.ink > profile.ink_limit + 0.5:
        found.append(_ink(painted, page, side, profile, shown, number))
    return found


def _ink(painted, page, side: Side | None, profile: Profile, shown: str, number: int) -> Problem:
    x, y = painted.at
    if page.trim is not None and side is not None:  # in the card's frame, as its layers are written
        x, y = x - page.trim.x0, y - page.trim.y0
    item = _under(side, x, y)
    named = f"{item.name.removeprefix(f'card {side.card} ')}: " if item and side else ""
    return _said(side, item, f"{named}total ink {painted.ink:.0f} % at ({x:.1f}, {y:.1f}) mm", shown, number,
                 f"above the shop's {profile.ink_limit:.0f} %", ", ")


def _under(side: Side | None, x: float, y: float) -> Item | None:
    """The planned item drawn last (uppermost) where (x, y) lies."""
    found = [item for item in (side.items if side else ()) if item.rect.x - 0.5 <= x <= item.rect.right + 0.5
             and item.rect.y - 0.5 <= y <= item.rect.top + 0.5]
    return found[-1] if found else None


def _said(side: Side | None, item: Item | None, what: str, shown: str, number: int, why: str = "",
          joined: str = "; ") -> Problem:
    """At the item's layer's line (else the card's row): `product: card N: what (file, page N); why`."""
    tail = f"{joined}{why}" if why else ""
    if side is None:
        return Problem(shown, None, f"page {number}: {what}{tail}")
    where = at((item.where if item else None) or side.row)
    card = f"card {side.card}{' back' if side.side == 'back' else ''}"
    message = f"{side.product}: {card}: {what} ({shown}, page {number}){tail}"
    return Problem(*where, message) if where else Problem(shown, None, message)


def _worded(side: Side | None) -> Item | None:
    """The one text layer a side sets words in, whose fonts a page's are; None where it sets
    none (a font the page's resources share with another) or several (which one's is unknown)."""
    texts = {item.where: item for item in (side.items if side else ()) if item.text and item.where}
    return next(iter(texts.values())) if len(texts) == 1 else None


def _brought(form: str | None, side: Side | None) -> Item | None:
    """The planned SVG whose form holds a font (its form is named by the file's digest)."""
    if form is None:
        return None
    key = form.split(".")[-1].removeprefix("svg")
    return next((item for item in (side.items if side else ()) if item.picture and item.picture.startswith(key)), None)


def _picture(image, side: Side | None, page) -> Item | None:
    """The planned picture an image is, by where it lies and its size (within NEAR mm)."""
    placed = [item for item in (side.items if side else ()) if item.picture]
    if page.trim is None or not placed:
        return None
    x, y = image.at[0] - page.trim.x0, image.at[1] - page.trim.y0

    def off(item: Item) -> float:
        r = item.rect
        return (abs(r.x + r.width / 2 - x) + abs(r.y + r.height / 2 - y) + abs(r.width - image.size[0])
                + abs(r.height - image.size[1]))

    nearest = min(placed, key=off)
    return nearest if off(nearest) < NEAR else None


def _name(image, item: Item | None) -> str:
    return item.name if item else image.name
