"""What was printed: every card of a game's card products (decks, ability cards, tokens, declared
decks) as `printkit printed` found it, kept in the project's `printed.json` beside printkit.yaml,
which a designer commits with the game (it is not an output: `rm -rf output/` keeps it).

A card is known by its product and name, and an ordinal among the cards of the same name (tokens
repeat theirs). Its fingerprint is the SHA-256 of its face and back as planned, in the card's own
frame (printkit/plan/kept.py's digest of marks), so a card's place on the sheet changes nothing; and
the cards are planned on A4 with printkit's default options whatever the project prints with, so
the paper, bleed or flip change nothing either. A template sentence no card shows is in no card's
marks. With each card the record keeps what it says (its texts, in the order they are drawn), for
an errata page to say what changed.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

from printkit import __version__
from printkit.declared.vocabulary import MapOf
from printkit.live.errata.icons import names_of, with_icons
from printkit.ground.errors import Problem, PrintkitError
from printkit.load import Choice, ListOf, Record, Str, load_yaml, read_content
from printkit.load.files import read_text
from printkit.load.tables import MAX_CARDS
from printkit.plan.kept import digest_of
from printkit.load.schema import INVALID, Spec, dotted
from printkit.load.options import Options
from printkit.plan.geometry import PAPERS
from printkit.plan.marks import Group, Picture
from printkit.plan.text import Text
from printkit.products.cards import Card, Cards
from printkit.pipeline.write import Output, write_outputs

RECORD = "printed.json"
RECORD_BYTES, RECORD_VALUES = 64 * 2**20, 2_000_000  # a set of 10,000 cards' record: some 4.4 MB, 130,000 values
FINGERPRINTED_ON = Options(PAPERS["a4"])  # every card planned alike, whatever paper it was printed on
ABOUT = ("What was printed of each game, written by `printkit printed`: each card's fingerprint and words. "
         "`printkit errata` prints the cards that changed since. Commit it with the game.")
ANY_NAME = re.compile(r"\S")  # a card's name is the game's own: anything not starting with a space


@dataclass(frozen=True)
class PrintedCard:
    product: str
    name: str
    ordinal: int  # among the product's cards of this name, from 1
    fingerprint: str
    words: tuple[str, ...]

    @property
    def key(self) -> tuple[str, str, int]:
        return self.product, self.name, self.ordinal


@dataclass(frozen=True)
class Printing:
    """One game as recorded: when, on what paper, and its cards."""

    date: str
    paper: str
    cards: tuple[PrintedCard, ...]


# --- the cards as they are now --------------------------------------------------------------------

def card_products(game) -> list[Cards]:
    return [product for product in game.products if isinstance(product, Cards)]


def cards_now(kit) -> list[PrintedCard]:
    """Every card of the kit's card products, in deck order, as the record keeps it."""
    alike = replace(kit, options=FINGERPRINTED_ON, _memo={})
    icons = names_of(kit)
    found = []
    for product in card_products(kit.game):
        cards = product.deck(alike, product.sheet(alike))
        found += [PrintedCard(product.name, card.name, ordinal, fingerprint(card), words(card.face + card.back, icons))
                  for ordinal, card in numbered(cards)]
    return found


def numbered(cards: list[Card]) -> list[tuple[int, Card]]:
    """Each card with its ordinal among the cards of its name."""
    seen: dict[str, int] = {}
    found = []
    for card in cards:
        seen[card.name] = seen.get(card.name, 0) + 1
        found.append((seen[card.name], card))
    return found


def fingerprint(card: Card) -> str:
    return digest_of((_bare(card.face), _bare(card.back)))


def _bare(marks: tuple) -> tuple:
    """The marks without where the project's images are on disk (their bytes' digest stays)."""
    return tuple(replace(mark, marks=_bare(mark.marks)) if isinstance(mark, Group) else
                 replace(mark, path="") if isinstance(mark, Picture) else mark for mark in marks)


def words(marks: tuple, icons: dict[str, str] | None = None) -> tuple[str, ...]:
    """The texts a card side shows, in the order they are drawn, each once (a card's ends repeat);
    each icon `icons` names (printkit/live/errata/icons.py) written `:name:` where it stands."""
    found: list[str] = []
    marks = tuple(marks)
    for index, mark in enumerate(marks):
        for text in words(mark.marks, icons) if isinstance(mark, Group) else \
                [" ".join(with_icons(mark, marks[index + 1:], icons or {}).plain().split())] \
                if isinstance(mark, Text) else []:
            if text and text not in found:
                found.append(text)
    return tuple(found)


# --- printed.json ------------------------------------------------------------------------------------

class Fingerprint(Spec):
    def check(self, node, path, problems):
        if not isinstance(node.value, str) or not re.fullmatch(r"[0-9a-f]{64}", node.value):
            problems.append(node.problem(f"{dotted(path)}: not a fingerprint printkit wrote (64 hex digits)"))
            return INVALID
        return node.value


class Day(Spec):
    def check(self, node, path, problems):
        try:
            return datetime.date.fromisoformat(node.value).isoformat()
        except (TypeError, ValueError):
            problems.append(node.problem(f"{dotted(path)}: expected a date, YYYY-MM-DD"))
            return INVALID


CARD = Record({"fingerprint": Fingerprint(), "words": ListOf(Str())})
GAME = Record({"date": Day(), "paper": Choice(tuple(sorted(PAPERS))),
               "cards": MapOf(MapOf(ListOf(CARD, 1), "card", ANY_NAME, MAX_CARDS), "product")})
SPEC = Record({"games": MapOf(GAME, "game", ANY_NAME, 1000)}, optional={"about": Str(), "printkit": Str()})


def path_for(content: Path) -> Path:
    return content.resolve().parent / RECORD


def read(content: Path) -> dict[str, Printing]:
    """The games recorded, by slug; every problem with the file at its line."""
    path = path_for(content)
    if not os.path.lexists(path):
        raise PrintkitError([Problem(RECORD, None, "no record of what was printed: run `printkit printed` "
                                                   "first, when the cards are printed")])
    try:
        json.loads(read_text(path, RECORD, RECORD_BYTES, within=path.parent, what="the project"))
    except RecursionError:  # its nesting is bounded as YAML's is, below; json's own bound is Python's stack
        raise PrintkitError([Problem(RECORD, 1, "not JSON as printkit writes it: nested too deep")]) from None
    except ValueError as error:
        raise PrintkitError([Problem(RECORD, getattr(error, "lineno", None),
                                     f"not JSON as printkit writes it: {getattr(error, 'msg', error)}")]) from None
    data, _, problems = read_content(load_yaml(path, RECORD, RECORD_BYTES, RECORD_VALUES), SPEC)
    if problems:
        raise PrintkitError(problems)
    return {slug: _printing(game) for slug, game in data["games"].items()}


def _printing(game: dict) -> Printing:
    cards = tuple(PrintedCard(product, name, ordinal, entry["fingerprint"], tuple(entry["words"]))
                  for product, names in game["cards"].items() for name, entries in names.items()
                  for ordinal, entry in enumerate(entries, start=1))
    return Printing(game["date"], game["paper"], cards)


def write(content: Path, games: dict[str, Printing]) -> Path:
    """printed.json with these games' entries, the other games' as they were: whole, or not at all."""
    path = path_for(content)
    kept = read(content) if os.path.lexists(path) else {}
    write_outputs([Output(path, text({**kept, **games}).encode("utf-8"), 0)])
    return path


def text(games: dict[str, Printing]) -> str:
    return json.dumps({"about": ABOUT, "printkit": __version__,
                       "games": {slug: _json(printing) for slug, printing in games.items()}},
                      indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _json(printing: Printing) -> dict:
    cards: dict = {}
    for card in sorted(printing.cards, key=lambda card: card.key):
        cards.setdefault(card.product, {}).setdefault(card.name, []).append(
            {"fingerprint": card.fingerprint, "words": list(card.words)})
    return {"date": printing.date, "paper": printing.paper, "cards": cards}
