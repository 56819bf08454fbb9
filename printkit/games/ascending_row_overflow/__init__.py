"""Ascending row overflow (seed 000): 24-card deck, starter-row mats, score sheet, practice sheet
with a separate host key, and a rules reference."""

from __future__ import annotations

from printkit.games import Game, Product
from printkit.load import Int, ListOf, Record, Str
from printkit.rules import Finding
from printkit.rules.ascending import check_exercise, check_setup

from . import deck, mats, practice, rules, scores
from .model import setup_of

GAME_FILE = Record({
    "title": Str(max_length=80),
    "tagline": Str(max_length=300),
    "players": Record({"min": Int(1, 12), "max": Int(1, 12)}),
    "minutes": Record({"min": Int(1, 600), "max": Int(1, 600)}),
    "deck": Record({"cards": ListOf(Int(), 1, 99), "penalty_per_card": Int(0, 9)}),
    "hand_size": Int(1, 20),
    "starter_rows": Int(1, 6),
    "row_limit": Int(1, 8),
    "deals_compared": Int(1, 9),
})

EXERCISE = Record({
    "title": Str(max_length=60),
    "rows": ListOf(ListOf(Int(), 1), 1),
    "revealed": ListOf(Int(), 1),
})

PRACTICE_FILE = Record({
    "seed": Int(0),
    "exercises": Int(1, 16),
    "given": ListOf(EXERCISE),
})


def check(data) -> list[Finding]:
    setup = setup_of(data["game"])
    found = check_setup(setup)
    practice = data["practice"]
    if len(practice["given"]) > practice["exercises"]:
        found.append(Finding("practice.yaml", ("exercises",),
                             f"exercises is {practice['exercises']} but {len(practice['given'])} are given"))
    if not found:
        for index, given in enumerate(practice["given"]):
            found += [Finding("practice.yaml", ("given", index) + path, f"exercise {index + 1}: {problem}")
                      for path, problem in check_exercise(given["rows"], given["revealed"], setup)]
    return found


GAME = Game(
    slug="ascending-row-overflow",
    title="Ascending row overflow",
    files={"game.yaml": GAME_FILE, "practice.yaml": PRACTICE_FILE},
    check=check,
    products=(
        Product("deck", "24 poker-size cards with identical backs, 3 reference cards", deck.render,
                cards=deck.layout),
        Product("starter-rows", "four row mats that hold real cards", mats.render),
        Product("score-sheet", "3-4 players, two deals and a total, several games a page", scores.render),
        Product("practice-sheet", "exercises in placing revealed cards (answers in the key)",
                practice.render_sheet),
        Product("practice-key", "the host's answers to the practice sheet, computed by the rules",
                practice.render_key, printing="host-key"),
        Product("rules", "a one-page rules reference", rules.render),
    ),
)
