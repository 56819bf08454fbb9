"""From checked content to the rules model's objects, shared by the products."""

from __future__ import annotations

from printkit.rules.ascending import Setup, generate_exercises


def setup_of(game: dict) -> Setup:
    return Setup(cards=tuple(game["deck"]["cards"]), players_min=game["players"]["min"],
                 players_max=game["players"]["max"], hand_size=game["hand_size"],
                 starter_rows=game["starter_rows"], row_limit=game["row_limit"])


def exercises(data: dict) -> list[tuple[str | None, tuple, tuple]]:
    """(title, rows, revealed) for every exercise: the given ones, then the seeded ones."""
    practice = data["practice"]
    given = [(g["title"], tuple(tuple(r) for r in g["rows"]), tuple(g["revealed"])) for g in practice["given"]]
    drawn = generate_exercises(setup_of(data["game"]), practice["seed"], practice["exercises"] - len(given))
    return given + [(None, rows, revealed) for rows, revealed in drawn]


def row_letter(index: int) -> str:
    return "ABCDEFGH"[index]
