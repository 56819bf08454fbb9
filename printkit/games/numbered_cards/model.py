"""From checked content to the Numbered Cards rules model's objects, shared by the products."""

from __future__ import annotations

from printkit.rules.numbered_cards import Card, Deck, named_abilities


def deck_of(game: dict) -> Deck:
    cards = tuple(Card(c["number"], c["kind"], c["ability"]) for c in game["cards"])
    return Deck(cards, game["target"], named_abilities(game["named"], game["target"]))


def in_number_order(game: dict) -> list[tuple[int, dict]]:
    """(index in the content list, card) for every card, lowest number first."""
    return sorted(enumerate(game["cards"]), key=lambda item: item[1]["number"])
