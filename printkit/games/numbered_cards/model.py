"""The rules model of the Numbered Cards Game (seed 003): the deck's numbering and kinds, the
target, and the abilities the rules name by number; what a score-pad row adds up to. Pure: checked
content in, the model and its findings out."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from printkit.ground.errors import Finding

FILE = "game.yaml"
KINDS = ("Play", "Discard", "Passive")
FORBIDDING = "✖✕✗✘×⊘⛔"  # marks a player reads as "not allowed", not as a kind of card


@dataclass(frozen=True)
class Card:
    number: int
    kind: str
    ability: str


@dataclass(frozen=True)
class Named:
    """An ability the rules name by card number: the card, the kind it must be, the numbers its
    text must state (so the rules page, the backs and the card cannot disagree)."""

    role: str  # key under `named`, e.g. "turns"
    card: int
    kind: str
    numbers: tuple[tuple[str, int], ...]  # (what the number is, the number)


@dataclass(frozen=True)
class Deck:
    cards: tuple[Card, ...]  # as content lists them
    target: int
    named: tuple[Named, ...]
    symbols: dict  # kind -> its symbol
    values: dict  # content's `named`: the cards the rules name and their numbers
    names: dict = field(default_factory=lambda: {kind: kind for kind in KINDS})  # kind -> its name as printed (Ausspielen)
    language: str | None = None  # the language its words are in, where not the source's (de)

    def in_number_order(self) -> list[tuple[int, Card]]:
        """(index in the content list, card) for every card, lowest number first."""
        return sorted(enumerate(self.cards), key=lambda item: item[1].number)

    def other_end(self, card: Card) -> int:
        """The number read with the card turned round (6 on card 9)."""
        turns = self.values["turns"]
        return turns["upside_down"] if card.number == turns["card"] else card.number

    def marked(self, number: int) -> bool:
        return rotation_ambiguous(number, [card.number for card in self.cards])

    @property
    def win_at(self) -> int:
        return scored_to_win(len(self.cards))


def from_content(data: dict) -> Deck:
    game = data["game"]
    cards = tuple(Card(c["number"], c["kind"], c["ability"]) for c in game["cards"])
    return Deck(cards, game["target"], named_abilities(game["named"], game["target"]), game["kind_symbols"],
                game["named"], game["kind_names"], game.get("spoken_in"))


def check(deck: Deck) -> list[Finding]:
    found = check_values(deck.values, deck.target) + check_deck(deck)
    for kind in KINDS:
        if set(deck.symbols[kind]) & set(FORBIDDING):
            found.append(Finding(FILE, ("kind_symbols", kind), f"kind_symbols.{kind}: '{deck.symbols[kind]}' reads as "
                                                                "'not allowed'; give the kind a mark of its own"))
    for kind in KINDS[1:]:
        earlier = [k for k in KINDS[:KINDS.index(kind)] if deck.symbols[k] == deck.symbols[kind]]
        if earlier:
            found.append(Finding(FILE, ("kind_symbols", kind),
                                 f"kind_symbols.{kind}: the same symbol as {earlier[0]}; each kind needs its own"))
    return found


def check_deck(deck: Deck) -> list[Finding]:
    found = _check_numbers(deck.cards)
    by_number = {card.number: card for card in deck.cards}
    for named in deck.named:
        found += _check_named(named, by_number, deck.language)
    return found


def _check_numbers(cards: tuple[Card, ...]) -> list[Finding]:
    """Exactly one card for each number 1..N, N being the number of cards."""
    found, seen = [], set()
    for index, card in enumerate(cards):
        if card.number in seen:
            found.append(Finding(FILE, ("cards", index, "number"),
                                 f"card {card.number} is listed twice: the deck must be the cards "
                                 f"1 to {len(cards)}, once each"))
        seen.add(card.number)
        if not 1 <= card.number <= len(cards):
            found.append(Finding(FILE, ("cards", index, "number"),
                                 f"card {card.number} is outside 1-{len(cards)}: the deck must be the "
                                 f"cards 1 to {len(cards)}, once each"))
    return found


def _check_named(named: Named, by_number: dict[int, Card], language: str | None = None) -> list[Finding]:
    path = ("named", named.role, "card")
    card = by_number.get(named.card)
    if card is None:
        return [Finding(FILE, path, f"named.{named.role}: there is no card {named.card}")]
    if card.kind != named.kind:
        return [Finding(FILE, path, f"named.{named.role}: card {card.number} is a {card.kind} card, "
                                    f"but this ability is a {named.kind} ability")]
    stated = numbers_in(card.ability)
    missing = [f"{n} ({what})" for what, n in named.numbers if n not in stated]
    if missing:
        return [Finding(FILE, path, f"named.{named.role}: card {card.number}'s ability"
                                    f"{f' in {language} (ability.{language})' if language else ''} does not state "
                                    f"{' and '.join(missing)}")]
    return []


def numbers_in(text: str) -> set[int]:
    return {int(digits) for digits in re.findall(r"\d+", text)}


def named_abilities(named: dict, target: int) -> tuple[Named, ...]:
    """The seed's four numbered abilities with the numbers each card's text must state."""
    turns, lower, double, face_down = (named[k] for k in ("turns", "lower_target", "double_set", "face_down"))
    return (
        Named("turns", turns["card"], "Play",
              (("upside down", turns["upside_down"]), ("right side up", turns["upright"]))),
        Named("lower_target", lower["card"], "Passive", (("its total", lower["total"]), ("the target", target))),
        Named("double_set", double["card"], "Passive", (("its sets", double["sets"]),)),
        Named("face_down", face_down["card"], "Discard", (("the worth", face_down["worth"]),)),
    )


def check_values(named: dict, target: int) -> list[Finding]:
    """Numbers that only make sense one way round: the 6-or-9 card is its own number right side
    up, and the lower total is below the target."""
    found = []
    turns, lower = named["turns"], named["lower_target"]
    if turns["upright"] != turns["card"]:
        found.append(Finding(FILE, ("named", "turns", "upright"),
                             f"named.turns: card {turns['card']} right side up is worth {turns['card']}, "
                             f"not {turns['upright']}"))
    if lower["total"] >= target:
        found.append(Finding(FILE, ("named", "lower_target", "total"),
                             f"named.lower_target: total {lower['total']} must be below the target "
                             f"({target})"))
    return found


def rotation_ambiguous(number: int, numbers) -> bool:
    """True when the number, turned upside down, reads as another number of this deck (6 and 9)."""
    turned = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
    digits = str(number)
    if any(d not in turned for d in digits):
        return False
    reading = "".join(turned[d] for d in reversed(digits))
    return reading != digits and not reading.startswith("0") and int(reading) in set(numbers)


def scored_to_win(cards: int) -> int:
    """The fewest Scored cards that win: every card ends Scored, in the row or discarded, and a
    win needs more Scored cards than the other two together."""
    return cards // 2 + 1

