"""Ascending row overflow (seed 000): 24-card deck, starter-row mats, score sheet, practice sheet
with a separate host key, and a rules reference."""

from __future__ import annotations

from printkit.declared import laid_out, layouts_file
from printkit.products.kit import Game
from printkit.products.guide import PrintGuide
from printkit.load import Int, ListOf, Record, Str
from printkit.products.sheets import Aids, Rules, Sheets

from . import aid, example, mats, model, practice, scores

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


GAME = Game(
    slug="ascending-row-overflow",
    title="Ascending row overflow",
    files={"game.yaml": GAME_FILE, "practice.yaml": PRACTICE_FILE, "layouts.yaml": layouts_file("ascending-row-overflow")},
    model=model.from_content,
    check=model.check,
    products=(
        PrintGuide("print-guide", "which files to print, how, on what paper, how many, and how to cut"),
        laid_out("deck", "24 poker-size cards with identical backs"),
        Sheets("starter-rows", "four row mats that hold real cards, two to a sheet", pages=mats.pages, landscape=True,
               margin=mats.MARGIN),
        Aids("player-aid", "a half-page aid for each player: a turn, collecting, the deal and the score",
             aid=aid.aid, count=lambda kit: kit.model.setup.players_max),
        Sheets("score-sheet", "3-4 players, two deals and a total, several games a page", pages=scores.pages),
        Sheets("practice-sheet", "exercises in placing revealed cards (answers in the key)",
               pages=practice.sheet_pages),
        Sheets("practice-key", "the host's answers to the practice sheet, computed by the rules",
               pages=practice.key_pages, printing="host-key"),
        Rules("rules", "a one-page rules reference, the worked example drawn", shown="Rules reference",
              context=lambda kit: {"example": kit.model.worked_example()}, figures={"example": example.figure}),
    ),
)
