"""Which layouts a card product uses, and a layer's box checked on the card it is used on. A
layout is checked where it is used, not where it is declared: a layout of the game's (or a base
that is only extended) is checked on each product whose face or back chooses it, at that
product's size and with that product's fields, and not at all on its own.
"""

from __future__ import annotations

from printkit.declared import place
from printkit.declared.bind import binding

SIDES = ("face", "back")
MOST_BLEED = 6.0  # mm: the widest bleed printkit prints; art may reach this far past the trim
WORDS = ("text", "number", "symbol")  # layers whose words stay on the card


def layouts(product: dict, cards: list[dict] | None, chosen_by, shared: dict | None = None) -> list[tuple[tuple, dict]]:
    """(path, layout) for each layout a card product uses: its face's and back's written in place,
    and each named layout (its own or the game's) that a face or a back chooses for one of
    `cards` (`chosen_by(raw, values)` gives the name a side's binding gives for a card's values,
    or None). With `cards` None (not known yet: the game's content gives them), the layouts the
    sides name as written, or, when a side's choice is read from the cards' data, every layout
    but those of the game's (`shared`) it has as they are: those are checked when its cards are."""
    named = product.get("layouts") or {}
    names: set = set()
    found = []
    own = {name for name, layout in named.items() if (shared or {}).get(name) != layout}
    for side in SIDES:
        raw = product.get(side)
        if isinstance(raw, dict) and "field" not in raw:
            found.append(((side,), raw))
        elif raw is not None:
            names |= _chosen(raw, cards, chosen_by, own)
    return [(("layouts", name), layout) for name, layout in named.items() if name in names] + found


def _chosen(raw, cards: list[dict] | None, chosen_by, own: set) -> set:
    bound = binding(raw)
    if bound.constant:
        return {raw}
    if cards is not None:  # a name that is no layout's (or no name) is the card's problem, said when it is planned
        return {name for name in (chosen_by(raw, values) for values in cards) if isinstance(name, str)}
    if bound.kind == "field" and bound.mapping is not None:
        return {name for _, name in bound.mapping} | {bound.default}
    return own


def content_rows(game: dict, cards) -> list[dict] | None:
    """The cards' fields of a deck whose cards are a list in the game's content (`each:`), as
    printkit/declared/cards.py reads them, for the layouts they choose; None when they are not
    found in `game` (a game of printkit's own: its content is another file's)."""
    if not isinstance(cards, dict) or "each" not in cards:
        return None
    items = game
    for part in cards["each"].split("."):
        part = int(part) if part.isdigit() else part
        items = items[part] if isinstance(items, dict) and part in items or \
            isinstance(items, list) and isinstance(part, int) and part < len(items) else None
    if not isinstance(items, list):
        return None
    field = cards.get("as") or "value"
    return [{key: _text(value) for key, value in item.items() if value is not None} if isinstance(item, dict)
            else {field: _text(item)} for item in items]


def _text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- a layer's box, on the card it is drawn on ----------------------------------------------------

def box_problems(layer: dict) -> list[str]:
    """What is wrong with a layer's box as written, whatever card it is on: a symbol with no box
    that goes not only in the corners, a polygon with both points and a box or neither, a box
    with too many or too few of its measures."""
    wrong = place.incomplete(layer)
    boxed = bool(place.given(layer)) and wrong is None
    found = []
    if layer["kind"] == "symbol" and not boxed and layer.get("corners") != "only":
        found.append("give the symbol its box (x, y, width, height), or `corners: only`")
    if layer["kind"] == "polygon" and (layer.get("points") is None) == (not boxed):
        found.append("give the polygon its `points`, or a box (x, y, width, height) and its `sides`, one of the two")
    elif wrong:
        found.append(wrong)
    return found


def off_card(layer: dict, card: tuple[float, float]) -> list[str]:
    """How a layer whose box is written as it is lies off a card of `card`'s size, further past
    the trim than a bleed may take (words: at all), or has no room on it."""
    reach = 0.0 if layer["kind"] in WORDS else MOST_BLEED
    if not place.given(layer) or not place.written(layer) or place.incomplete(layer):
        return []
    where = "the card" if not reach else f"the card and the {reach:g} mm a bleed may take"
    found = []
    for keys, length, across, ends in ((place.ACROSS, card[0], "wide", ("left", "right")),
                                       (place.DOWN, card[1], "tall", ("top", "bottom"))):
        start, size = place.span(layer, keys, length)
        old = keys[2] not in place.given(layer) and place.percent(layer[keys[0]]) is None \
            and place.percent(layer[keys[1]]) is None  # written as it always was: said as it always was
        on = f"{place.how(layer, keys)} on a {length:g} mm {across} card"
        if size <= place.EPSILON:
            found.append(f"the box has no {keys[1]}: {on} leave {size:g} mm")
        elif start + size > length + reach + place.EPSILON:
            said = f"{keys[0]} + {keys[1]} = {start + size:g} mm, the card is {length:g} mm {across}" if old else \
                f"it ends {start + size - length:g} mm past the card's {ends[1]} edge ({on})"
            found.append(f"the layer runs off {where}: {said}")
        elif start < -reach - place.EPSILON:
            said = f"{keys[0]} = {start:g} mm" if old else \
                f"it starts {-start:g} mm past the card's {ends[0]} edge ({on})"
            found.append(f"the layer runs off {where}: {said}")
    return found


def off_cards(layouts: list[tuple[tuple, dict]], card: tuple[float, float]) -> list[tuple[tuple, str]]:
    """(path, message) for each layer of `layouts` off a card of `card`'s size."""
    return [(path + ("layers", name), message) for path, layout in layouts
            for name, layer in (layout.get("layers") or {}).items() for message in off_card(layer, card)]
