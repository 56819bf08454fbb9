"""Numbered Cards Game (seed 003): a solo game of sets that total 19. 18 ability cards with
duplex backs, a player aid, a score pad and a one-page rules reference."""

from __future__ import annotations

from printkit.declared import laid_out, layouts_file
from printkit.products.kit import Game
from printkit.products.guide import PrintGuide
from printkit.load import Choice, Int, ListOf, Record, Str
from printkit.products.sheets import Rules, Sheets

from . import aid, model, pad
from .model import KINDS
from .spoken import TRANSLATED, Spoken, beside

CARD = Record({
    "number": Int(1, 99),
    "kind": Choice(KINDS),
    "ability": Str(max_length=1000),  # the real limit is the card's text box, checked when drawn
}, optional={f"ability.{language}": Str(max_length=1000) for language in TRANSLATED})
WORDS = {"title": Str(max_length=80), "tagline": Str(max_length=300)}  # written in every language

GAME_FILE = Spoken({
    **WORDS,
    "target": Int(2, 99),
    "setup": Record({"row": Int(1, 9), "hand": Int(1, 9)}),
    "kind_symbols": Record({kind: Str(max_length=2) for kind in KINDS}),
    "kind_names": Record({kind: Str(max_length=20) for kind in KINDS},
                         optional={f"{kind}.{language}": Str(max_length=20) for kind in KINDS for language in TRANSLATED}),
    "named": Record({
        "turns": Record({"card": Int(1, 99), "upright": Int(0, 99), "upside_down": Int(0, 99)}),
        "lower_target": Record({"card": Int(1, 99), "total": Int(1, 99)}),
        "double_set": Record({"card": Int(1, 99), "sets": Int(2, 9)}),
        "face_down": Record({"card": Int(1, 99), "worth": Int(0, 99)}),
    }),
    "cards": ListOf(CARD, 1, 99),
}, optional={
    "languages": ListOf(Str(max_length=3)),  # the source's first; Spoken: the languages it is written in
    "kit_choices": ListOf(Str(max_length=600)),  # where the kit chose what the seed leaves open: a record
    **{key: spec for language in TRANSLATED for key, spec in beside({**WORDS, "kit_choices": ListOf(Str(max_length=600))},
                                                                     language).items()},
})


GAME = Game(
    slug="numbered-cards",
    title="Numbered Cards Game",
    files={"game.yaml": GAME_FILE, "layouts.yaml": layouts_file("numbered-cards")},
    model=model.from_content,
    check=model.check,
    products=(
        PrintGuide("print-guide", "which files to print, how, on what paper, how many, and how to cut"),
        laid_out("ability-cards", "18 poker-size ability cards with identical backs"),
        Sheets("player-aid", "a page to keep beside the row: a turn, the end, the win, the kinds, every card",
               pages=aid.pages),
        Sheets("score-pad", "one row per game: sets, Scored cards, row and discards, win or loss", pages=pad.pages),
        Rules("rules", "a one-page rules reference", shown="Rules reference",
              context=lambda kit: {"win_at": kit.model.win_at}),
    ),
)
