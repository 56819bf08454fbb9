"""From checked content to the One Too Many rules model's objects, shared by the products."""

from __future__ import annotations

from printkit.rules.one_too_many import Rules, Verdict, ace_examples, bust_length, judge


def rules_of(game: dict) -> Rules:
    deck, ask = game["deck"], game["ask"]
    return Rules(ranks=tuple(deck["ranks"]), ace_low=deck["ace_low"],
                 players_min=game["players"]["min"], players_max=game["players"]["max"],
                 end_score=game["end_score"], ask_max=ask["max"], first_turn_max=ask["first_turn_max"],
                 last_player_min=ask["last_player_min"], redo_tokens=game["redo_tokens"])


def run_examples(game: dict) -> list[Verdict]:
    """The content's example centres, each judged by the run check."""
    deck = game["deck"]
    return [judge(e["diamonds"], e["players"], tuple(deck["ranks"]), deck["ace_low"])
            for e in game["run_examples"]]


def computed(game: dict) -> dict:
    """What the templates print that the rules model works out: the bust length for each player
    count, the Ace examples, and the verdicts on the content's example centres."""
    deck = game["deck"]
    players = range(game["players"]["min"], game["players"]["max"] + 1)
    return {"bust": [(count, bust_length(count)) for count in players],
            "ace": ace_examples(tuple(deck["ranks"]), deck["ace_low"]),
            "examples": run_examples(game)}
