"""One Too Many (seed 002): played with a standard 52-card deck, so the kit prints what the deck
lacks: a score sheet, a player aid, a Diamonds track, Redo tokens and a rules reference."""

from __future__ import annotations

from printkit.declared import laid_out, layouts_file
from printkit.products.kit import Game
from printkit.products.guide import PrintGuide
from printkit.load import Bool, Int, ListOf, Record, Str
from printkit.products.sheets import Aids, Rules, Sheets

from . import aid, model, scores, track

RUN_EXAMPLE = Record({"players": Int(), "diamonds": ListOf(Str(max_length=3), 1, 13)})

GAME_FILE = Record({
    "title": Str(max_length=80),
    "edition": Str(max_length=40),
    "tagline": Str(max_length=300),
    "players": Record({"min": Int(), "max": Int(1)}),
    "end_score": Int(),
    "published_end_score": Int(1),
    "deck": Record({"cards": Int(1), "suit": Str(max_length=20), "suit_card": Str(max_length=20),
                    "ranks": ListOf(Str(max_length=3), 3, 20),
                    "ace_name": Str(max_length=20), "ace_low": Bool()}),
    "ask": Record({"max": Int(1, 52), "first_turn_max": Int(0, 52), "last_player_min": Int(0, 52)}),
    "redo_tokens": Int(1, 60),
    "score_sheet": Record({"rounds": Int(1, 60)}),
    "run_examples": ListOf(RUN_EXAMPLE, 1, 4),
}, optional={
    "kit_choices": ListOf(Str(max_length=600)),  # where the kit chose what the seed leaves open: a record
})


GAME = Game(
    slug="one-too-many",
    title="One Too Many",
    files={"game.yaml": GAME_FILE, "layouts.yaml": layouts_file("one-too-many")},
    model=model.from_content,
    check=model.check,
    products=(
        PrintGuide("print-guide", "which files to print, how, on what paper, how many, and how to cut"),
        Sheets("score-sheet", "a column group per player, a row per round: the turn passed on, greediest, Redo, "
               "points, running total", pages=scores.pages, landscape=True),
        Aids("player-aid", "a half-page aid for each player: a round's steps, the bust, the Redo", aid=aid.aid,
             count=lambda kit: kit.model.players_max),
        # the seed's word: "the Diamonds" (it was diamond-track.pdf: a whole build removes a file of that name)
        Sheets("diamonds-track", "a stair of places to lay the center Diamonds on by rank, every index in sight; "
               "bust lengths", pages=track.pages),
        laid_out("redo-tokens", "Redo tokens to cut out, with cut lines and crop marks"),
        Rules("rules", "a one-page rules reference", shown="Rules reference", context=lambda kit: kit.model.computed()),
    ),
)
