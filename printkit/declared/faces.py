"""A declared deck's (or tokens') cards: each card's face drawn from the named boxes of its layout
with that card's fields in them, the back the same on every card, as many copies as each card
asks for. Marks are in the card's frame (origin at the trim's bottom-left corner, mm); the card
product kind (`printkit.products.cards`) puts them on sheets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import markupsafe

from printkit.plan.cardface import (FRAME_INSET, INDEX_BASELINE, INDEX_LEFT, at_both_ends, back_pattern,
                                    corner_index, frame, number)
from printkit.errors import PrintkitError
from printkit.plan.fonts import BOLD, REGULAR, em_width
from printkit.plan.markup import check_markup
from printkit.plan.geometry import Rect
from printkit.plan.marks import Box, Circle, Picture
from printkit.plan.text import PT_PER_MM, Style, fit, label, line_at
from printkit.plan.type import SPACE, TYPE
from printkit.products.cards import CUT_LINE, Card
from printkit.shop.safezone import CUT_GUIDE, FRAME
from printkit.declared import layout
from printkit.declared.checks import CARD_KINDS, FIXED
from printkit.declared.vocabulary import COPIES

CAP = 0.729 / PT_PER_MM  # mm of capital height a point of DejaVu Sans gives
FILLED = 0.8  # a number or symbol stands this much of its box's height
POKER_WIDTH = 63.5  # a corner index is printkit's 17 pt on a card this wide, smaller on narrower ones
SYMBOL_BELOW = 7.0  # mm: a symbol in the corner stands this far under the index's baseline, on a poker card
BACK_CELLS = 8  # the back's diamonds across a poker card


@dataclass(frozen=True)
class Look:
    """What every box of one product draws with: the kit (for where each value was written), the
    game's own colours and fonts, and the folder its images are in."""

    kit: object
    product: str
    folder: Path

    @property
    def game(self) -> dict:
        return self.kit.data["game"]

    @property
    def spec(self) -> dict:
        return self.game["products"][self.product]

    def colour(self, value, default=0.0):
        found = layout.colour(value, self.game["colours"])
        return default if found is None else found

    def face(self, name: str | None) -> str | None:
        return self.game["assets"]["fonts"][name] if name else None

    def where(self, *path):
        return self.kit.where("game.yaml", ("products", self.product) + path)


def deck(kit, sheet, product: str, folder: Path) -> list[Card]:
    look = Look(kit, product, folder)
    spec = look.spec
    key = CARD_KINDS[spec["kind"]]
    back = _back(look, sheet.card, sheet.bleed)
    cards = []
    for index, values in enumerate(spec[key]):
        face = _face(look, key, index, values, sheet.card, sheet.bleed)
        copies = int(values.get(COPIES) or spec[COPIES] or 1)
        cards += [Card(f"{product} {index + 1}", face, back)] * copies
    return cards


def _face(look: Look, key: str, index: int, values: dict, size, bleed: float) -> tuple:
    face = look.spec["face"]
    marks = list(_ground(look, face["background"], size, bleed))
    corners: dict = {}  # what the number and symbol boxes put in the corners
    for name, box in face["boxes"].items():
        marks += _box(look, key, index, values, name, box, size, corners)
    if face["frame"] is not False:
        marks.append(_frame(look, size))
    if _round(look):
        marks.append(Circle(size[0] / 2, size[1] / 2, size[0] / 2, width=CUT_LINE, level=0.6, item=CUT_GUIDE))
    if corners:
        marks += at_both_ends(size, _corner(look, corners))
    return tuple(marks)


def _box(look: Look, key: str, index: int, values: dict, name: str, box: dict, size, corners: dict) -> list:
    """One box of one card: its fill and what it shows of the card (nothing for a blank cell)."""
    field = box["field"]
    value = values.get(field) if field else box[FIXED[box["kind"]]]
    if value is None:
        return []
    where = look.where(key, index, field) if field else look.where("face", "boxes", name, FIXED[box["kind"]])
    if value in (box.get("symbols") or {}):  # the glyph printed is the one written in the box's symbols
        where = look.where("face", "boxes", name, "symbols", value)
    rect = layout.box_rect(box, size)
    fill = [Box(rect, level=None, fill=look.colour(box["fill"]))] if box.get("fill") else []
    return fill + DRAW[box["kind"]](look, box, rect, value, f"card {index + 1} {name}", where, corners)


def _text(look: Look, box: dict, rect: Rect, value: str, item: str, where, corners: dict) -> list:
    largest = box["size"] or TYPE.body
    style = Style(largest, min(largest, TYPE.smallest), bool(box["bold"]), box["align"] or "centre",
                  box["valign"] or "middle", look.colour(box["colour"]), font=look.face(box["font"]))
    room = rect.inset(1.0) if box.get("fill") else rect
    return [fit(str(markupsafe.escape(value)), room, style, item, where)]


def _number(look: Look, box: dict, rect: Rect, value: str, item: str, where, corners: dict) -> list:
    face, level = look.face(box["font"]), look.colour(box["colour"])
    check_markup(str(markupsafe.escape(value)), where, face=face)
    size = _size(value, rect, face or BOLD)
    if em_width(value, face or BOLD) * size > rect.width + 1e-6 or CAP * size > rect.height + 1e-6:
        raise PrintkitError([where.with_message(f"{item}: '{value}' does not fit its {rect.width:g} x "
                                                f"{rect.height:g} mm box even at {size:g} pt; make the box larger",
                                                value)])
    turned = _reads_as_another(value, look)
    baseline = rect.y + (rect.height - CAP * size) / 2
    if box["corners"] is not False:
        corners["index"] = corner_index(value, turned, _index_size(look), level, face)
    return list(number(value, rect.x + rect.width / 2, baseline, size, turned, level=level, face=face))


def _symbol(look: Look, box: dict, rect: Rect, value: str, item: str, where, corners: dict) -> list:
    glyph = (box["symbols"] or {}).get(value, value)
    level = look.colour((box["colours"] or {}).get(value) or box["colour"])
    face = look.face(box["font"])
    mark = label(glyph, rect, _size(glyph, rect, face or "Sans"), align="centre", level=level, item=item,
                 where=where, face=face)
    if box["corners"]:
        corners.setdefault("symbols", []).append((glyph, level, face))
    return [mark]


def _image(look: Look, box: dict, rect: Rect, value: str, item: str, where, corners: dict) -> list:
    asset = look.game["assets"]["files"][value]
    placed = layout.image_rect(rect, asset["size"], box["fit"])
    return [Picture(str(look.folder / value), placed, asset["digest"], asset["svg"])]


DRAW = {"text": _text, "number": _number, "symbol": _symbol, "image": _image}


def _size(text: str, rect: Rect, font: str) -> float:
    """Points at which `text` stands FILLED of the box's height, or fills its width if narrower."""
    tall = rect.height * FILLED / CAP
    wide = rect.width * 0.9 / max(em_width(text, font), 1e-6)
    return max(TYPE.smallest, round(min(tall, wide) * 2) / 2)


def _index_size(look: Look) -> float:
    return TYPE.index * min(1.0, layout.card_size(look.spec)[0] / POKER_WIDTH)


def _reads_as_another(value: str, look: Look) -> bool:
    """A number that, upside down, reads as another number of the deck (6 and 9): underlined."""
    turned = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
    if not value.isdigit() or any(d not in turned for d in value):
        return False
    reading = "".join(turned[d] for d in reversed(value))
    return reading != value and not reading.startswith("0") and reading in _numbers(look)


def _numbers(look: Look) -> set[str]:
    spec = look.spec
    fields = [box["field"] for box in spec["face"]["boxes"].values() if box["kind"] == "number"]
    return {values[field] for values in spec[CARD_KINDS[spec["kind"]]] for field in fields if field in values}


def _corner(look: Look, corners: dict) -> tuple:
    """One end's corner, in its frame (origin at its top-left corner, y down): the number's index
    and the symbols under it (or, with no index, in its place)."""
    size = _index_size(look)
    scale = size / TYPE.index
    marks, x = corners.get("index", ((), None))
    marks = list(marks)
    baseline = -FRAME_INSET - (INDEX_BASELINE + (SYMBOL_BELOW if x is not None else 0.0)) * scale
    for glyph, level, face in corners.get("symbols", []):
        small = size * 0.7
        centre = x if x is not None else FRAME_INSET + INDEX_LEFT * scale + em_width(glyph, face or REGULAR) * small / 2
        marks.append(line_at(glyph, centre, baseline, small, align="centre", level=level, face=face))
        baseline -= SYMBOL_BELOW * scale
    return tuple(marks)


def _frame(look: Look, size) -> object:
    if _round(look):
        return Circle(size[0] / 2, size[1] / 2, size[0] / 2 - FRAME_INSET, width=0.35, item=FRAME)
    return frame(size, radius=min(2.5, size[0] / 20))


def _round(look: Look) -> bool:
    return look.spec["kind"] == "tokens" and look.spec["shape"] == "round"


def _ground(look: Look, colour: str | None, size, bleed: float) -> tuple:
    """A background colour over the whole card, to the cut and into the bleed."""
    if colour is None:
        return ()
    fill = look.colour(colour)
    if _round(look):
        return (Circle(size[0] / 2, size[1] / 2, size[0] / 2 + bleed, level=None, fill=fill),)
    return (Box(Rect(-bleed, -bleed, size[0] + 2 * bleed, size[1] + 2 * bleed), level=None, fill=fill),)


def _back(look: Look, size, bleed: float) -> tuple:
    """The same on every card: a colour or printkit's pattern to the cut (a back printed a little
    off its front shows no frame drawn off-centre), an image over the card, or words on a panel
    in the middle."""
    back = look.spec.get("back") or {}
    marks = list(_ground(look, back.get("background"), size, bleed))
    if back.get("image"):
        asset = look.game["assets"]["files"][back["image"]]
        return tuple(marks) + (Picture(str(look.folder / back["image"]), Rect(0, 0, *size), asset["digest"],
                                       asset["svg"]),)
    if back.get("pattern") is not False and not back.get("background"):
        cells = max(2, round(BACK_CELLS * size[0] / POKER_WIDTH))
        marks += back_pattern(size, (cells, max(2, round(cells * size[1] / size[0]))), bleed)
    words = back.get("words") or look.game["title"]
    panel = Rect(0, 0, *size).inset(size[0] / 6)
    panel = Rect(panel.x, size[1] / 2 - panel.width / 3, panel.width, panel.width * 2 / 3)
    marks.append(Box(panel, level=None, fill=1.0, radius=SPACE) if not _round(look) else
                 Circle(size[0] / 2, size[1] / 2, panel.width / 2, level=None, fill=1.0))
    style = Style(TYPE.title, TYPE.smallest, True, "centre", "middle", look.colour(back.get("colour")),
                  font=look.face(back.get("font")))
    marks.append(fit(str(markupsafe.escape(words)), panel.inset(SPACE / 2), style, "card back",
                     look.where("back", "words") if back.get("words") else look.kit.where("game.yaml", ("title",))))
    return tuple(marks)
