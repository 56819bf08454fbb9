"""The rules model of Ascending row overflow (seed 000): setup counts, the resolution of a reveal
(for the practice key and the worked example), and the practice exercises. Pure: checked content
in, the model and its findings out."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from printkit.ground.errors import Finding

PRACTICE = "practice.yaml"


@dataclass(frozen=True)
class Setup:
    cards: tuple[int, ...]
    players_min: int
    players_max: int
    hand_size: int
    starter_rows: int
    row_limit: int


def check_setup(setup: Setup) -> list[Finding]:
    """The counts of a deal: distinct cards 1..N, a player range that fits the deck."""
    found = _check_cards(setup.cards)
    if setup.players_min > setup.players_max:
        found.append(Finding("game.yaml", ("players", "min"),
                             f"players.min ({setup.players_min}) is more than players.max ({setup.players_max})"))
    needed = setup.hand_size * setup.players_max + setup.starter_rows
    if needed > len(setup.cards):
        found.append(Finding("game.yaml", ("players", "max"),
                             f"{setup.players_max} players need {setup.hand_size} x {setup.players_max} "
                             f"hand cards + {setup.starter_rows} starter rows = {needed} cards, "
                             f"but the deck has {len(setup.cards)}"))
    return found


def _check_cards(cards: tuple[int, ...]) -> list[Finding]:
    found, seen = [], set()
    for index, card in enumerate(cards):
        if card in seen:
            found.append(Finding("game.yaml", ("deck", "cards", index), f"card {card} is listed twice"))
        seen.add(card)
    expected = set(range(1, len(cards) + 1))
    for index, card in enumerate(cards):
        if card not in expected:
            found.append(Finding("game.yaml", ("deck", "cards", index),
                                 f"card {card} is outside 1-{len(cards)}: the deck must be the cards "
                                 f"1 to {len(cards)}, once each"))
    return found


# --- resolving a reveal ---------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One revealed card resolved: where it went and what was collected."""

    card: int
    row: int  # index of the row the card ends in
    kind: str  # "append", "overflow" (row was full) or "no-lower" (no row ends below the card)
    collected: tuple[int, ...]
    rows_after: tuple[tuple[int, ...], ...]
    fewest: tuple[int, ...] = ()  # no lower row: every row as cheap to collect as the one taken
    end: int | None = None  # the row end the card follows (append, overflow)


def resolve(rows, revealed, row_limit: int, picks: dict[int, int] | None = None) -> list[Step]:
    """Resolve revealed cards in increasing order, recomputing row ends after each card.

    With no row ending below a card, the player may choose any row; the exercise takes one with
    the fewest cards (the fewest penalties; the topmost of equals unless `picks` names another for
    that card), names it on the practice sheet, and records every row that ties with it.
    """
    state = [tuple(row) for row in rows]
    steps = []
    for card in sorted(revealed):
        index, kind, fewest = _target_row(state, card, row_limit, (picks or {}).get(card))
        collected = state[index] if kind != "append" else ()
        end = state[index][-1] if kind != "no-lower" else None
        state[index] = (card,) if kind != "append" else state[index] + (card,)
        steps.append(Step(card, index, kind, collected, tuple(state), fewest, end))
    return steps


def _target_row(rows, card: int, row_limit: int, pick: int | None) -> tuple[int, str, tuple[int, ...]]:
    lower = [i for i, row in enumerate(rows) if row[-1] < card]
    if not lower:
        least = min(len(row) for row in rows)
        fewest = tuple(i for i, row in enumerate(rows) if len(row) == least)
        return (pick if pick in fewest else fewest[0]), "no-lower", fewest
    index = max(lower, key=lambda i: rows[i][-1])
    return index, "overflow" if len(rows[index]) >= row_limit else "append", ()


def tie_matters(rows, revealed, row_limit: int) -> tuple[int, tuple[int, ...]] | None:
    """A card with no lower row whose tied rows lead to different lines for the cards after it,
    as (card, the tied rows); None when every tie leaves the later lines as they are."""
    steps = resolve(rows, revealed, row_limit)
    for n, step in enumerate(steps):
        for other in step.fewest[1:]:
            branch = resolve(rows, revealed, row_limit, {step.card: other})
            if _lines(branch[n + 1:]) != _lines(steps[n + 1:]):
                return step.card, step.fewest
    return None


def _lines(steps: list[Step]) -> list[tuple]:
    """What the key says of each card: where it goes, what it follows, what is collected."""
    return [(s.card, s.kind, s.row, s.end, s.collected) for s in steps]


def check_exercise(rows, revealed, setup: Setup) -> list[Finding]:
    """Why an exercise cannot happen in a game; the paths are within the exercise."""
    found = []
    if len(rows) != setup.starter_rows:
        found.append(Finding(PRACTICE, ("rows",), f"has {len(rows)} rows, the game has {setup.starter_rows}"))
    for r, row in enumerate(rows):
        if len(row) > setup.row_limit or list(row) != sorted(row):
            found.append(Finding(PRACTICE, ("rows", r), f"row {list(row)} must hold 1 to {setup.row_limit} cards "
                                       f"in increasing order"))
    if not setup.players_min <= len(revealed) <= setup.players_max:
        found.append(Finding(PRACTICE, ("revealed",), f"reveals {_cards(len(revealed))}, one per player "
                                     f"({setup.players_min}-{setup.players_max})"))
    if not found and len(revealed) == len(set(revealed)):
        tie = tie_matters(rows, revealed, setup.row_limit)
        if tie:
            letters = " and ".join(row_letter(i) for i in tie[1])
            found.append(Finding(PRACTICE, ("revealed",), f"no row ends below {tie[0]}: rows {letters} tie for the "
                                                          "fewest cards, and the lines after depend on the choice"))
    seen = set()
    places = [(("rows", r, k), card) for r, row in enumerate(rows) for k, card in enumerate(row)]
    for path, card in places + [(("revealed", k), card) for k, card in enumerate(revealed)]:
        if card not in setup.cards:
            found.append(Finding(PRACTICE, path, f"card {card} is not in the deck"))
        elif card in seen:
            found.append(Finding(PRACTICE, path, f"card {card} is used twice (a deck has one of each)"))
        seen.add(card)
    return found


def _cards(count: int) -> str:
    return f"{count} card{'s' * (count != 1)}"


KINDS = ("overflow", "no-lower", "append")
TRIES = 20_000  # positions drawn for an exercise before the first that qualifies is taken as it is


def generate_exercises(setup: Setup, seed: int, count: int) -> list[tuple[tuple, tuple]]:
    """Reproducible practice positions. They take turns at showing an overflow, a 'no lower row'
    and plain appends; only the 'no lower row' ones open with a card below every row end (it can
    only be the lowest card), and a tie for the fewest cards never changes what the key says of
    the cards after it."""
    rng = random.Random(seed)
    exercises = []
    for number in range(count):
        wanted = KINDS[number % 3]
        for _ in range(TRIES):
            rows, revealed = _random_position(rng, setup)
            steps = resolve(rows, revealed, setup.row_limit)
            kinds = {step.kind for step in steps}
            if wanted in kinds and len(kinds) > 1 and (steps[0].kind == "no-lower") == (wanted == "no-lower") \
                    and not tie_matters(rows, revealed, setup.row_limit):
                break
        exercises.append((rows, revealed))
    return exercises


def _random_position(rng: random.Random, setup: Setup):
    cards = list(setup.cards)
    rng.shuffle(cards)
    players = rng.randint(setup.players_min, setup.players_max)
    revealed = tuple(sorted(cards[:players]))
    rest = cards[players:]
    rows = []
    for _ in range(setup.starter_rows):
        length = rng.randint(1, setup.row_limit)
        rows.append(tuple(sorted(rest[:length])))
        rest = rest[length:]
    return tuple(rows), revealed


def rotation_ambiguous(number: int) -> bool:
    """True when the number, turned upside down, reads as a different number (6/9, 16/91, 10/01)."""
    turned = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
    digits = str(number)
    if any(d not in turned for d in digits):
        return False
    return "".join(turned[d] for d in reversed(digits)) != digits


# --- the kit's model: the content, checked, with what the products print worked out -----------------

@dataclass(frozen=True)
class Exercise:
    title: str | None
    rows: tuple[tuple[int, ...], ...]
    revealed: tuple[int, ...]


@dataclass(frozen=True)
class Ascending:
    setup: Setup
    given: tuple[Exercise, ...]
    seed: int
    count: int  # exercises in all: the given ones, then drawn ones
    penalty: int  # points per collected card
    deals: int  # deals compared on the score sheet

    @functools.cached_property
    def exercises(self) -> tuple[Exercise, ...]:
        drawn = generate_exercises(self.setup, self.seed, self.count - len(self.given))
        return self.given + tuple(Exercise(None, rows, revealed) for rows, revealed in drawn)

    def steps(self, exercise: Exercise) -> list[Step]:
        return resolve(exercise.rows, exercise.revealed, self.setup.row_limit)

    def worked_example(self) -> dict:
        """The first exercise, step by step, with the row end each card follows."""
        first = self.exercises[0]
        ends = [row[-1] for row in first.rows]
        steps, before = [], first.rows
        for step in self.steps(first):
            end = before[step.row][-1]
            naive = max((e for e in ends if e < step.card), default=None)
            steps.append({"card": step.card, "kind": step.kind, "end": end, "original": naive,
                          "changed": naive is not None and naive != end})
            before = step.rows_after
        return {"ends": ends, "revealed": sorted(first.revealed), "steps": steps}

    def overflow_example(self) -> tuple[tuple[int, ...], int] | None:
        """The first overflow in the exercises: (the row before, the card that overflows it)."""
        for exercise in self.exercises:
            before = exercise.rows
            for step in self.steps(exercise):
                if step.kind == "overflow":
                    return before[step.row], step.card
                before = step.rows_after
        return None


def from_content(data: dict) -> Ascending:
    game, practice = data["game"], data["practice"]
    setup = Setup(cards=tuple(game["deck"]["cards"]), players_min=game["players"]["min"],
                  players_max=game["players"]["max"], hand_size=game["hand_size"],
                  starter_rows=game["starter_rows"], row_limit=game["row_limit"])
    given = tuple(Exercise(g["title"], tuple(tuple(r) for r in g["rows"]), tuple(g["revealed"]))
                  for g in practice["given"])
    return Ascending(setup, given, practice["seed"], practice["exercises"], game["deck"]["penalty_per_card"],
                     game["deals_compared"])


def check(model: Ascending) -> list[Finding]:
    found = check_setup(model.setup)
    if len(model.given) > model.count:
        found.append(Finding("practice.yaml", ("exercises",),
                             f"exercises is {model.count} but {len(model.given)} are given"))
    if not found:
        for index, given in enumerate(model.given):
            found += [Finding(f.file, ("given", index) + f.path, f"exercise {index + 1}: {f.message}")
                      for f in check_exercise(given.rows, given.revealed, model.setup)]
    return found


def row_letter(index: int) -> str:
    return "ABCDEFGH"[index]
