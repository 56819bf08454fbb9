"""What every layer of one declared product draws with (its deck, colours, fonts, icons, files,
the card's size and bleed): one `Look` a product, made when its cards are planned (faces.py)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from printkit.plan.markup import Palette
from printkit.declared import layout
from printkit.declared.cards import Deck
from printkit.declared.linted import Linted
from printkit.declared.palette import palette_of


@dataclass
class Look:
    """What every layer of one product draws with: its deck, the game's colours, fonts, icons and
    files, the folder its images are in, the card's size and the bleed it is planned with."""

    deck: Deck
    folder: Path
    size: tuple[float, float]
    bleed: float
    numbers: set = field(default_factory=set)  # every number a number layer prints (6 and 9 are marked)
    words: object = None  # the product's template's named words (`words.back`)
    constant: dict = field(default_factory=dict)  # the marks of each layer that is the same on every card
    _colours: dict = field(default_factory=dict)  # each colour as written, as (r, g, b)
    linted: "Linted" = field(default_factory=lambda: Linted())

    @property
    def looks(self) -> dict:
        return self.deck.kit.data[self.deck.source.stem]

    def colour(self, value, default=0.0):
        if value is None:
            return default
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        found = self._colours.get(value)
        if found is None:
            found = self._colours[value] = layout.colour(str(value), self.looks.get("colours"))
        return default if found is None else found

    def font(self, name: str | None) -> str | None:
        name = name or self.looks.get("font")
        return self.looks["assets"]["fonts"].get(name) if name else None

    @functools.cached_property
    def palette(self) -> Palette:
        """The colours and icons a card's text may name in its markup (<span colour="sea">, :fire:),
        as the game's rules and score sheets name them (palette.py)."""
        return palette_of(self.looks, self.folder)

    def asset(self, name: str) -> dict:
        return self.looks["assets"]["files"][name]

    def points(self, points) -> list[tuple[float, float]]:
        """Points written from the card's top-left corner, y down, in the card's frame."""
        return [(float(x), self.size[1] - float(y)) for x, y in points]

    def reads_as_another(self, value: str, rule: str | None = "deck") -> bool:
        """A number that, upside down, reads as another number of the deck (6 and 9: `deck`), or
        as any other number (10 reads 01, 16 reads 91: `any`): underlined (`never`: none is)."""
        turned = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
        if rule == "never" or not value.isdigit() or any(d not in turned for d in value):
            return False
        reading = "".join(turned[d] for d in reversed(value))
        if rule == "any":
            return reading != value
        return reading != value and not reading.startswith("0") and reading in self.numbers

    def round(self) -> bool:
        spec = self.deck.spec
        return spec["kind"] == "tokens" and spec["shape"] == "round"
