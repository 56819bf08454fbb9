"""What the layout checks (lint.py) found on a deck's cards as they were planned: each finding once,
at the layer's line, with the first card it was found on and how many had it; and, card by card,
the layers each finding names and where their ink lies, for the proofing page to outline.

A finding the designer can look at and fix (words on words, the corner index on a layer, words
below 6 pt, words inside the safe zone) is a warning: the cards are drawn and the build says it
once (printkit/plan/findings.py), an error only with `--strict`. Words that run past the trim are an
error whatever the options: the cut would take them, as a text too long for its box would be lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import Problem
from printkit.load.schema import dotted
from printkit.plan.geometry import Rect
from printkit.declared import lint
from printkit.declared.layouts import once

SAFE_ZONE = "safe zone"  # as the finding names it; a shop's own safe zone is held by its preflight (printkit/targets/)


@dataclass(frozen=True)
class Flag:
    """A finding on one card, for the proofing page: the side and layer it names, the ink the
    outline goes round (mm in the card's frame: from the trim's bottom-left corner, up), and what
    was found (the message as the build says it)."""

    side: str  # "face" or "back"
    layer: str
    ink: Rect | None
    message: str


class Linted:
    """The findings of one deck's cards, as they are planned side by side."""

    def __init__(self):
        self.found: dict[tuple, list] = {}  # (path, message, error) -> [first card, count, where, shown]
        self.flags: dict[int, list[Flag]] = {}  # each card's (by its place in the data), for the page

    def side(self, look, entry, side, drawn: list, corners: list, which: str = "face") -> None:
        """Check one side of one card as planned (`which`: face or back)."""
        card = card_name(entry) + (f" ('{entry.label}')" if entry.label and entry.named is False else "")
        layers = {layer.name: layer for layer in drawn}

        def found(name: str, message: str, error: bool = False) -> None:
            path = side.path + ("layers", name)
            self._add(look.deck, path, message, card, error)
            self.flags.setdefault(entry.index, []).append(Flag(which, name, _ink(layers[name]),
                                                               f"{dotted(path)}: {message}"))

        for name, what in lint.overlaps(drawn, lint.corner_extents(corners)):
            found(name, what)
        for layer in drawn:
            for message, error in _sized(layer, look):
                found(layer.name, message, error)

    def _add(self, deck, path: tuple, message: str, card: str, error: bool) -> None:
        key = (path, message, error)
        if key in self.found:
            self.found[key][1] += 1
        else:
            self.found[key] = [card, 1, deck.where(*path), f"products.{deck.product}.{dotted(path)}"]

    def errors(self) -> list[Problem]:
        """What makes a broken card whatever the options: an error, as any other."""
        return self._said(True)

    def warnings(self) -> list[Problem]:
        """What the designer can look at and fix: said once by the build, an error with --strict."""
        return self._said(False)

    def _said(self, errors: bool) -> list[Problem]:
        found = [where.with_message(f"{shown}: {message} ({card}" + (f" and {count - 1} more)" if count > 1 else ")"))
                 for (_, message, error), (card, count, where, shown) in self.found.items() if error == errors]
        once(found)  # a layer several layouts inherit: once, at its line
        return found

    def of(self, entry) -> tuple[Flag, ...]:
        return tuple(self.flags.get(entry.index, ()))


def _sized(layer, look) -> list[tuple[str, bool]]:
    """(message, whether it is an error) for a layer's words set too small or too near the trim."""
    found = []
    least = lint.small(layer)
    if least is not None:
        found.append((f"its words are set at {least:g} pt, below the {lint.SMALLEST:g} pt a player reads in print; "
                      f"give it more room", False))
    inside = lint.outside_safe(layer, look.size, look.round())
    if inside is not None and inside < -1e-6:
        found.append((f"its words run {-inside:.1f} mm past the trim, where the cut takes them; move them onto the "
                      f"card", True))
    elif inside is not None:
        found.append((f"its words come {inside:.1f} mm from the trim, inside the {lint.SAFE:g} mm {SAFE_ZONE} a cut "
                      f"may take", False))
    return found


def _ink(layer) -> Rect | None:
    """Where a layer's ink lies: round its words, or its shape's or picture's box."""
    rects = list(layer.words) or [rect for rect in (layer.area, layer.outline and layer.outline[0]) if rect]
    if not rects:
        return None
    x, y = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.top for r in rects) - y)


def card_name(entry) -> str:
    """A card as its marks name it: by its id (the same wherever it is in the deck), or its place."""
    if not entry.named:
        return f"card {entry.index + 1}"
    return entry.name if entry.name.lower().startswith("card") else f"card {entry.name}"
