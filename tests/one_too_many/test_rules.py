"""The One Too Many rules model with plain data: the run check against an independent brute force,
the bust length, the Ace examples, and every content check's message."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from printkit.games.one_too_many.model import (Rules, ace_examples, bust_length, check_example, check_rules, judge,
                                         longest_possible_run, longest_run, track)

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RULES = Rules(ranks=RANKS, ace_low=True, players_min=2, players_max=6, end_score=21, ask_max=5,
              first_turn_max=10, last_player_min=2, redo_tokens=12)


def values(rank: str) -> set[int]:
    """The seed's values: 2..10, J 11, Q 12, K 13, and the Ace 14 (high) or 1 (low)."""
    if rank == "A":
        return {1, 14}
    return {{"J": 11, "Q": 12, "K": 13}.get(rank, None) or int(rank)}


def brute_longest(diamonds) -> int:
    """The longest stretch of consecutive values, each held by a different card: written from the
    seed's words, not from the model's track."""
    held = set().union(*(values(r) for r in diamonds)) if diamonds else set()
    best = 0
    for start in range(1, 15):
        length = 0
        while start + length in held and not (start == 1 and start + length == 14):  # one Ace, counted once
            length += 1
        best = max(best, length)
    return best


def test_the_track_is_ace_low_then_the_ranks_then_ace_high():
    assert track(RANKS, True) == ("A",) + RANKS
    assert track(RANKS, False) == RANKS


def test_bust_length_is_one_more_than_the_players():
    assert [bust_length(p) for p in range(2, 7)] == [3, 4, 5, 6, 7]


@pytest.mark.parametrize("diamonds, run", [
    (("Q", "K", "A"), ("Q", "K", "A")),  # Ace high
    (("A", "2", "3"), ("A", "2", "3")),  # Ace low
    (("K", "A", "2"), ("A", "2")),  # not across the join: A 2 (or K A), two cards, not three
    (("J", "4", "Q", "5", "K"), ("J", "Q", "K")),
    (("Q", "3", "K", "2", "A", "4"), ("A", "2", "3", "4")),
    ((), ()),
])
def test_longest_run_examples(diamonds, run):
    assert longest_run(diamonds, RANKS, True) == run


def test_longest_run_agrees_with_brute_force_on_every_small_centre_and_random_large_ones():
    centres = [c for size in range(0, 5) for c in itertools.combinations(RANKS, size)]
    rng = random.Random(2)
    centres += [tuple(rng.sample(RANKS, rng.randint(5, 13))) for _ in range(2000)] + [RANKS]
    for centre in centres:
        run = longest_run(centre, RANKS, True)
        assert len(run) == brute_longest(centre), centre
        assert set(run) <= set(centre)


def test_judge_busts_only_on_a_run_longer_than_the_players():
    assert judge(("Q", "K", "A"), 2, RANKS, True).busts
    assert not judge(("Q", "K", "A"), 3, RANKS, True).busts
    assert judge(("A", "2", "3", "4"), 3, RANKS, True).busts
    assert not judge(("K", "A", "2"), 2, RANKS, True).busts


def test_without_ace_low_the_ace_only_counts_high():
    assert longest_run(("A", "2", "3"), RANKS, False) == ("2", "3")
    assert "low" not in ace_examples(RANKS, False)


def test_ace_examples():
    assert ace_examples(RANKS, True) == {"high": ("Q", "K", "A"), "low": ("A", "2", "3"), "across": ("K", "A", "2")}


def test_the_whole_suit_makes_a_run_of_thirteen():
    assert longest_possible_run(RULES) == 13


def test_the_real_rules_pass():
    assert check_rules(RULES) == []


@pytest.mark.parametrize("change, found", [
    ({"end_score": -3}, [(("end_score",), "end_score must be a positive number of points, not -3")]),
    ({"end_score": 0}, [(("end_score",), "end_score must be a positive number of points, not 0")]),
    ({"first_turn_max": 4}, [(("ask", "first_turn_max"),
                              "ask.first_turn_max (4) is below the normal limit ask.max (5)")]),
    ({"last_player_min": 6}, [(("ask", "last_player_min"), "ask.last_player_min (6) must be 1 to ask.max (5): "
                                                           "the last player left could not ask for any cards")]),
    ({"players_min": 1}, [(("players", "min"), "players.min is 1, but the rules need at least 2 players "
                                               "(the last player left, a Redo, the greediest)")]),
    ({"players_max": 13, "redo_tokens": 13}, [(("players", "max"), "with 13 players a round busts on a run of 14 "
                                                                   "Diamonds, but the 13 Diamonds make a run of at most 13")]),
    ({"players_min": 7}, [(("players", "min"), "players.min (7) is more than players.max (6)")]),
    ({"redo_tokens": 5}, [(("redo_tokens",), "redo_tokens is 5, but all 6 players can be the greediest in one "
                                             "bust and each gets a Redo")]),
    ({"ranks": RANKS[:-1] + ("2",)}, [(("deck", "ranks", 12), "rank 2 is listed twice")]),
])
def test_content_checks(change, found):
    assert [(f.path, f.message) for f in check_rules(replace(RULES, **change))] == found


def test_twelve_players_can_still_bust_on_thirteen_diamonds():
    assert check_rules(replace(RULES, players_max=12, redo_tokens=12)) == []


def test_an_example_must_hold_real_ranks_once_for_a_supported_count():
    assert check_example(["Q", "K", "A"], 3, RULES) == []
    assert [(f.path, f.message) for f in check_example(["Q", "X", "Q"], 9, RULES)] == [
        (("diamonds", 1), "'X' is not a Diamond rank (2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A)"),
        (("diamonds", 2), "the Q of Diamonds is listed twice (the deck has one)"),
        (("players",), "9 players is outside the supported 2-6")]
