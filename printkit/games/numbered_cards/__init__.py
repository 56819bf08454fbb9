"""Numbered Cards Game (seed 003): a solo game of sets that total 19. 18 ability cards with
duplex backs, a score pad and a one-page rules reference."""

from __future__ import annotations

from printkit.games import Game, Product
from printkit.load import Choice, Int, ListOf, Record, Str
from printkit.rules import Finding
from printkit.rules.numbered_cards import KINDS, check_deck, check_values

from . import cards, pad, rules
from .model import deck_of

CARD = Record({
    "number": Int(1, 99),
    "kind": Choice(KINDS),
    "ability": Str(max_length=1000),  # the real limit is the card's text box, checked when drawn
})

GAME_FILE = Record({
    "title": Str(max_length=80),
    "tagline": Str(max_length=300),
    "target": Int(2, 99),
    "setup": Record({"row": Int(1, 9), "hand": Int(1, 9)}),
    "kind_symbols": Record({kind: Str(max_length=2) for kind in KINDS}),
    "named": Record({
        "turns": Record({"card": Int(1, 99), "upright": Int(0, 99), "upside_down": Int(0, 99)}),
        "lower_target": Record({"card": Int(1, 99), "total": Int(1, 99)}),
        "double_set": Record({"card": Int(1, 99), "sets": Int(2, 9)}),
        "face_down": Record({"card": Int(1, 99), "worth": Int(0, 99)}),
    }),
    "cards": ListOf(CARD, 1, 99),
})


def check(data) -> list[Finding]:
    game = data["game"]
    found = check_values(game["named"], game["target"]) + check_deck(deck_of(game))
    symbols = game["kind_symbols"]
    for kind in KINDS[1:]:
        earlier = [k for k in KINDS[:KINDS.index(kind)] if symbols[k] == symbols[kind]]
        if earlier:
            found.append(Finding("game.yaml", ("kind_symbols", kind),
                                 f"kind_symbols.{kind}: the same symbol as {earlier[0]}; "
                                 f"each kind needs its own"))
    return found


GAME = Game(
    slug="numbered-cards",
    title="Numbered Cards Game",
    files={"game.yaml": GAME_FILE},
    check=check,
    products=(
        Product("ability-cards", "18 poker-size ability cards with identical backs", cards.render,
                cards=cards.layout),
        Product("score-pad", "one row per game: sets, Scored cards, row and discards, win or loss",
                pad.render),
        Product("rules", "a one-page rules reference", rules.render),
    ),
)
