"""The safe zone, judged where ink lands: a card image's text and marks read from its pixels
(printkit/targets/landing.py), a card PDF's text from its glyph boxes (PDFium), the planned marks of a
card PDF and everything planned on sheets and cut-outs from the export's record (a text's glyphs'
extent). Each line names the product, the card and side, the designer's layer, and is placed at the
FILE:LINE the record says it is written at (its layer's, else its card's row)."""

from __future__ import annotations

from printkit.ground.errors import Problem
from printkit.plan.geometry import Rect
from printkit.targets.landing import Card, nearest_ink, unplanned_ink
from printkit.targets.profiles import Profile
from printkit.targets.readback import Box
from printkit.targets.planned import at as _at, coarse_pictures, planned, thin_lines
from printkit.targets.safezone import Item, intrusions

WITHIN = 0.05  # mm: how near a page's TrimBox must be to the card's


def planned_problems(product: dict, trim, profile: Profile) -> list[Problem]:
    """The planned text against the safe zone, where the files cannot be read for it (sheets of
    many cards, cut-outs at the trim with no bleed to tell art from ink); a card PDF's text is
    read where PDFium finds its glyphs (`text_problems`), a card image's from its pixels
    (`image_problems`). Then what the plan alone says: lines too thin for a press, pictures
    under the shop's dpi in an image the shop is sent (printkit/targets/planned.py)."""
    worst = {}
    if profile.kind not in ("png", "pdf"):
        for card in product["cards"]:
            for side in profile.sides():
                for item, inside in intrusions(planned(card[side]), trim, profile.safe):
                    _note(worst, (card["card"], side, item.name), (inside, item.where or card.get("where")))
    return _intrusions(product, worst, profile) + thin_lines(product, profile) + coarse_pictures(product, profile)


def image_problems(product: dict, name: str, png, trim, profile: Profile) -> list[Problem]:
    """A card image's text and meaningful marks where their ink lands (printkit/targets/landing.py):
    each item the plan lets come nearer the trim than the safe zone, read from the pixels."""
    cards = {card["card"]: card for card in product["cards"]}
    image = None  # its pixels decoded only where the plan calls for them (readback.PngFile)
    worst = {}
    for page in (p for p in product["pages"] if p["file"] == name):
        card = cards.get(page["card"], {})
        for item, _ in intrusions(planned(card.get(page["side"], [])), trim, profile.safe):
            image = image or Card(png.image, profile.dpi, tuple(trim))
            inside = nearest_ink(image, item.rect, profile.safe)
            if inside is not None:
                _note(worst, (page["card"], page["side"], item.name), (inside, item.where or card.get("where")))
        if not card.get(page["side"]):  # the last resort: a side the record plans nothing on
            image = image or Card(png.image, profile.dpi, tuple(trim))
            for inside, (x, y) in unplanned_ink(image, [], profile.safe):
                _note(worst, (page["card"], page["side"], f"ink no planned text or mark explains, at "
                                                          f"({x:.1f}, {y:.1f}) mm,"), (inside, card.get("where")))
    return _intrusions(product, worst, profile)


def text_problems(product: dict, name: str, pdf, boxes, profile: Profile) -> list[Problem]:
    """Every character a card PDF prints, where PDFium reads its glyph's box, against the safe
    zone; named by what the record says was planned there (the designer's layer, and where it is
    written), else by the character. A page whose TrimBox is not the card's is reported for that
    alone. (PDFium, not pdfplumber: printkit reads its own files with what it already ships.)"""
    placed = {p["page"]: p for p in product["pages"] if p["file"] == name}
    cards = {card["card"]: card for card in product["cards"]}
    worst = {}
    for number, (page, chars) in enumerate(zip(pdf.pages, boxes), start=1):
        if number not in placed or page.trim is None or not _near(page.trim.size, product["trim"]):
            continue
        card, side = placed[number]["card"], placed[number]["side"]
        texts = [item for item in planned(cards.get(card, {}).get(side, [])) if item.text]
        for char, box in chars:
            inside = min(page.trim.margins(box))
            if inside < profile.safe - 1e-6:
                item = _what(texts, box, page.trim)
                where = (item.where if item else None) or cards.get(card, {}).get("where")
                _note(worst, (card, side, item.name if item else f"text '{char}'"), (inside, where))
    return _intrusions(product, worst, profile)


def _what(planned: list[Item], box: Box, trim: Box) -> Item | None:
    x, y = (box.x0 + box.x1) / 2 - trim.x0, (box.y0 + box.y1) / 2 - trim.y0
    found = [item for item in planned
             if item.rect.x - 0.5 <= x <= item.rect.right + 0.5 and item.rect.y - 0.5 <= y <= item.rect.top + 0.5]
    return found[0] if found else None


def _note(worst: dict, key, found: tuple[float, str | None]) -> None:
    if key not in worst or found[0] < worst[key][0]:
        worst[key] = found


def _intrusions(product: dict, worst: dict, profile: Profile) -> list[Problem]:
    """A line an item, naming the product, the card and side, and the item as the designer named
    it: at FILE:LINE it is written at (its layer's, else its card's row) when the record has one."""
    found, names = [], {card["card"]: card.get("name", "") for card in product["cards"]}
    for (card, side, name), (inside, where) in sorted(worst.items()):
        name = _layer(name, card, names.get(card, ""))
        said = (f"card {card}{' back' if side == 'back' else ''}: {name} {abs(inside):.1f} mm "
                f"{'inside' if inside >= 0 else 'outside'} the trim; the safe zone is {profile.safe:.1f} mm")
        at = _at(where)
        found.append(Problem(*at, f"{product['product']}: {said}") if at else Problem(product["product"], None, said))
    return found


def _layer(name: str, number: int, card: str) -> str:
    """A declared layer's item without the card it is on ("card 3 title": title); the line names the card."""
    for prefix in (f"card {number} ", f"card {card} " if card else None, f"{card} " if card else None):
        if prefix and name.startswith(prefix) and len(name) > len(prefix):
            return name[len(prefix):]
    return name


def _near(a, b) -> bool:
    return all(abs(x - y) <= WITHIN for x, y in zip(a, b))
