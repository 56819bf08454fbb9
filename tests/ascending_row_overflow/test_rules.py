"""The Ascending row overflow rules model, with plain numbers (no PDF, no files)."""

import pytest

from printkit.games.ascending_row_overflow.model import (Setup, check_exercise, check_setup, generate_exercises, resolve,
                                                       tie_matters,
                                      rotation_ambiguous)

SEED_SETUP = Setup(cards=tuple(range(1, 25)), players_min=3, players_max=4, hand_size=5,
                   starter_rows=4, row_limit=4)


def test_the_seed_setup_is_valid():
    assert check_setup(SEED_SETUP) == []


def test_the_seeds_worked_example():
    # Seed: row ends 3, 8, 14, 20; revealed 7, 15, 18. Seven after three, fifteen after fourteen,
    # eighteen after fifteen (not fourteen: the end changed) - and with four cards there, overflow.
    rows = [(3,), (5, 8), (10, 12, 14), (20,)]
    steps = resolve(rows, [18, 7, 15], row_limit=4)
    assert [(s.card, s.row, s.kind) for s in steps] == [(7, 0, "append"), (15, 2, "append"),
                                                         (18, 2, "overflow")]
    assert steps[2].collected == (10, 12, 14, 15)
    assert steps[-1].rows_after == ((3, 7), (5, 8), (18,), (20,))


def test_without_overflow_eighteen_simply_follows_fifteen():
    steps = resolve([(3,), (8,), (14,), (20,)], [7, 15, 18], row_limit=4)
    assert steps[-1].rows_after == ((3, 7), (8,), (14, 15, 18), (20,))
    assert all(s.kind == "append" and s.collected == () for s in steps)


def test_no_lower_row_takes_the_shortest_row_and_says_so():
    steps = resolve([(5, 9), (6,), (10, 11, 12), (20,)], [2], row_limit=4)
    assert steps[0].kind == "no-lower"
    assert steps[0].row == 1 and steps[0].collected == (6,)
    assert steps[0].rows_after[1] == (2,)


def test_no_lower_row_ties_go_to_the_topmost_row():
    steps = resolve([(5,), (6,), (10,), (20,)], [1], row_limit=4)
    assert steps[0].row == 0


def test_cards_resolve_in_increasing_order_whatever_the_reveal_order():
    a = resolve([(3,), (8,), (14,), (20,)], [18, 15, 7], 4)
    b = resolve([(3,), (8,), (14,), (20,)], [7, 15, 18], 4)
    assert a == b


def test_five_players_do_not_fit_24_cards():
    found = check_setup(Setup(SEED_SETUP.cards, 3, 5, 5, 4, 4))
    assert [f.path for f in found] == [("players", "max")]
    assert "29 cards" in found[0].message and "24" in found[0].message


def test_duplicate_and_out_of_range_cards_are_named_by_position():
    cards = tuple(range(1, 24)) + (7,)
    found = check_setup(Setup(cards, 3, 4, 5, 4, 4))
    assert ("deck", "cards", 23) in [f.path for f in found]
    assert any("listed twice" in f.message for f in found)
    found = check_setup(Setup(tuple(range(2, 26)), 3, 4, 5, 4, 4))
    assert [f.path for f in found] == [("deck", "cards", 23)]  # 25 is outside 1-24


def test_player_range_must_be_in_order():
    found = check_setup(Setup(SEED_SETUP.cards, 4, 3, 5, 4, 4))
    assert [f.path for f in found] == [("players", "min")]


@pytest.mark.parametrize("rows, revealed, expected", [
    ([(3,), (5, 8), (10, 12, 14), (20,)], (7, 15, 18), []),
    ([(3,), (5, 8), (10, 12, 14)], (7, 15, 18), [(("rows",), "has 3 rows")]),
    ([(3,), (5, 8), (10, 12, 14), (20,)], (7, 15, 25), [(("revealed", 2), "card 25 is not in the deck")]),
    ([(3,), (5, 8), (10, 12, 14), (20,)], (7, 14, 18), [(("revealed", 1), "card 14 is used twice")]),
    ([(3,), (8, 5), (10, 12, 14), (20,)], (7, 15, 18), [(("rows", 1), "increasing order")]),
    ([(3,), (5, 8), (10, 11, 12, 14, 16), (20,)], (7, 15, 18), [(("rows", 2), "1 to 4 cards")]),
    ([(3,), (5, 8), (10, 12, 14), (20,)], (7,), [(("revealed",), "reveals 1 card, one per player")]),
])
def test_exercises_must_be_possible_positions(rows, revealed, expected):
    problems = check_exercise(rows, revealed, SEED_SETUP)
    assert len(problems) == len(expected)
    for found, (want_path, words) in zip(problems, expected):
        assert found.path == want_path and words in found.message


def test_generated_exercises_are_reproducible_valid_and_varied():
    first = generate_exercises(SEED_SETUP, seed=7, count=6)
    assert first == generate_exercises(SEED_SETUP, seed=7, count=6)
    assert first != generate_exercises(SEED_SETUP, seed=8, count=6)
    kinds = set()
    for rows, revealed in first:
        assert check_exercise(rows, revealed, SEED_SETUP) == []
        kinds |= {s.kind for s in resolve(rows, revealed, 4)}
    assert kinds == {"append", "overflow", "no-lower"}


def test_resolve_agrees_with_a_direct_reading_of_the_rules():
    """An independent, deliberately naive statement of the seed's rules, against the model."""
    import random
    rng = random.Random(1)
    for _ in range(300):
        rows, revealed = generate_exercises(SEED_SETUP, rng.randrange(10**6), 1)[0]
        state = [list(r) for r in rows]
        for card in sorted(revealed):
            ends = [r[-1] for r in state]
            below = [e for e in ends if e < card]
            if not below:
                target = min(range(4), key=lambda i: (len(state[i]), i))
                state[target] = [card]
            else:
                target = ends.index(max(below))
                state[target] = [card] if len(state[target]) == 4 else state[target] + [card]
        assert resolve(rows, revealed, 4)[-1].rows_after == tuple(tuple(r) for r in state)


@pytest.mark.parametrize("number, ambiguous", [(6, True), (9, True), (16, True), (19, True),
                                               (10, True), (18, True), (8, False), (11, False),
                                               (7, False), (21, False), (1, False)])
def test_numbers_that_read_differently_upside_down(number, ambiguous):
    assert rotation_ambiguous(number) is ambiguous


# --- ties for the fewest cards (issue 13, item 1) --------------------------------------------------

def naive_lines(rows, revealed, first_choice: int | None = None) -> list[tuple]:
    """The seed's rules read directly: (card, row it ends in, cards collected) for each card; with
    no lower row the player takes `first_choice` the first time (else a row with the fewest cards)."""
    state, lines, chosen = [list(r) for r in rows], [], first_choice
    for card in sorted(revealed):
        ends = [r[-1] for r in state]
        below = [e for e in ends if e < card]
        if not below:
            fewest = [i for i in range(len(state)) if len(state[i]) == min(map(len, state))]
            target = chosen if chosen in fewest else fewest[0]
            chosen = None
            lines.append((card, target, tuple(state[target])))
            state[target] = [card]
        else:
            target = ends.index(max(below))
            full = len(state[target]) == 4
            lines.append((card, target, tuple(state[target]) if full else ()))
            state[target] = [card] if full else state[target] + [card]
    return lines


def test_every_row_tied_for_the_fewest_cards_is_listed():
    steps = resolve([(13,), (8,), (7, 17, 23), (3, 5, 6, 24)], [1, 14, 22], row_limit=4)
    assert steps[0].kind == "no-lower" and steps[0].fewest == (0, 1)
    assert resolve([(5, 9), (6,), (10, 11, 12), (20,)], [2], 4)[0].fewest == (1, 3)
    assert resolve([(5, 9), (6,), (10, 11, 12), (20, 22)], [2], 4)[0].fewest == (1,)


def test_a_tie_that_changes_the_later_lines_is_found():
    rows, revealed = [(13,), (8,), (7, 17, 23), (3, 5, 6, 24)], [1, 14, 22]
    # taking row A, 14 follows 8 in row B; taking row B, 14 follows 13 in row A
    assert naive_lines(rows, revealed, 0)[1:] != naive_lines(rows, revealed, 1)[1:]
    assert tie_matters(rows, revealed, 4) == (1, (0, 1))
    found = check_exercise(rows, revealed, SEED_SETUP)
    assert [(f.path, f.message) for f in found] == [(("revealed",), "no row ends below 1: rows A and B tie for the "
                                                                     "fewest cards, and the lines after depend on the choice")]


def test_a_tie_that_changes_nothing_after_it_is_accepted():
    rows, revealed = [(20,), (21,), (2, 6, 7), (3, 4, 5, 24)], [1, 8]  # 8 follows 7 whichever row took 1
    assert naive_lines(rows, revealed, 0)[1:] == naive_lines(rows, revealed, 1)[1:]
    assert tie_matters(rows, revealed, 4) is None


@pytest.mark.parametrize("seed", [2024, 1, 7, 99])
def test_drawn_exercises_never_hang_on_a_tie_and_open_in_different_ways(seed):
    drawn = generate_exercises(SEED_SETUP, seed, 7)
    openings = []
    for rows, revealed in drawn:
        first = sorted(revealed)[0]
        openings.append(all(row[-1] > first for row in rows))  # the first card has no lower row
        fewest = [i for i, row in enumerate(rows) if len(row) == min(map(len, rows))]
        for choice in fewest if openings[-1] else []:
            assert naive_lines(rows, revealed, choice)[1:] == naive_lines(rows, revealed)[1:]
    assert 0 < sum(openings) < len(drawn), openings
