"""The Cross Sums rules model over the real campaign, and its solver against brute force."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest
import yaml

from printkit.games.cross_sums.checks import check_scenario
from printkit.games.cross_sums.model import derive, from_content, scenario_of, target_card
from printkit.games.cross_sums.solver import solve, solve_grid

CONTENT = Path(__file__).resolve().parents[2] / "content" / "cross-sums"
RAW = yaml.safe_load((CONTENT / "scenarios.yaml").read_text(encoding="utf-8"))["scenarios"]
CAMPAIGN = from_content({"campaign": yaml.safe_load((CONTENT / "campaign.yaml").read_text(encoding="utf-8")),
                         "scenarios": {"scenarios": []}}).campaign
SCENARIOS = [scenario_of({"published": None, "overrides": None, **raw}) for raw in RAW]


def test_there_are_fifty_scenarios_with_published_counts():
    assert [s.number for s in SCENARIOS] == list(range(1, 51))
    assert all(set(s.published) == {"cards", "stock"} for s in SCENARIOS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: f"s{s.number}")
def test_derived_counts_equal_the_seeds(scenario):
    setup = derive(CAMPAIGN, scenario)
    assert setup.play_cards == scenario.published["cards"]
    assert setup.stock == scenario.published["stock"]
    assert setup.deal + setup.market + setup.stock == setup.play_cards


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: f"s{s.number}")
def test_every_scenario_is_valid(scenario):
    assert check_scenario(CAMPAIGN, scenario) == []


def accepts(scenario, grid) -> bool:
    """An independent check of a witness: shape, rows on target, column sums the column targets
    as a multiset, values in range, copies, and distinct lines when the scenario asks for it."""
    if len(grid) != len(scenario.rows) or any(len(row) != len(scenario.columns) for row in grid):
        return False
    if [sum(row) for row in grid] != list(scenario.rows):
        return False
    if sorted(sum(col) for col in zip(*grid)) != sorted(scenario.columns):
        return False
    values = [v for row in grid for v in row]
    if not all(1 <= v <= scenario.highest for v in values):
        return False
    if max(Counter(values).values()) > scenario.copies:
        return False
    if scenario.distinct:
        lines = list(grid) + list(zip(*grid))
        return all(len(set(line)) == len(line) for line in lines)
    return True


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: f"s{s.number}")
def test_every_scenario_has_a_witness_an_independent_check_accepts(scenario):
    grid = solve(scenario)
    assert grid is not None
    assert accepts(scenario, grid)


def test_target_cards_upright_and_crosswise():
    assert target_card(1) == (1, False) and target_card(10) == (10, False)
    assert target_card(11) == (1, True) and target_card(20) == (10, True)


def test_a_setup_lists_its_cards_by_suit():
    setup = derive(CAMPAIGN, SCENARIOS[2])  # scenario 3: A-7 in three suits, Jacks and Queens
    assert len(setup.number_cards) == 21 and (7, "diamonds") in setup.number_cards
    assert sorted(setup.action_cards) == [(11, "hearts"), (11, "spades"), (12, "hearts"), (12, "spades")]
    assert setup.role(7, "hearts") == "number" and setup.role(13, "hearts") == "aside"
    assert {(t.value, t.rank, t.crosswise) for t in setup.targets if t.line == "row"} == \
        {(10, 10, False), (13, 3, True), (16, 6, True)}
    assert setup.role(6, "clubs") == "row target" and setup.role(4, "clubs") == "column target"
    two_copies = derive(CAMPAIGN, SCENARIOS[30])  # scenario 31
    assert {suit for _, suit in two_copies.number_cards} == {"hearts", "spades"}


def brute_force(rows, columns, highest, copies, distinct) -> bool:
    """Every filling of the grid, with the column sums compared as a multiset (no symmetry used)."""
    cells = len(rows) * len(columns)
    for values in itertools.product(range(1, highest + 1), repeat=cells):
        grid = [values[r * len(columns):(r + 1) * len(columns)] for r in range(len(rows))]
        if [sum(row) for row in grid] != list(rows):
            continue
        if sorted(sum(col) for col in zip(*grid)) != sorted(columns):
            continue
        if max(Counter(values).values()) > copies:
            continue
        if distinct and any(len(set(line)) < len(line) for line in list(grid) + list(zip(*grid))):
            continue
        return True
    return False


def random_cases(count: int):
    rng = random.Random(2026)
    for _ in range(count):
        shape = rng.choice([(2, 2), (2, 3), (3, 2)])
        highest = rng.randint(2, 5)
        grid = [[rng.randint(1, highest) for _ in range(shape[1])] for _ in range(shape[0])]
        rows = [sum(row) for row in grid]
        columns = [sum(col) for col in zip(*grid)]
        if rng.random() < 0.4:  # disturb: equal totals, but maybe no filling
            i, j = rng.sample(range(len(columns)), 2)
            shift = rng.randint(1, 3)
            columns[i] += shift
            columns[j] -= shift
        rng.shuffle(columns)
        yield tuple(rows), tuple(columns), highest, rng.randint(2, 4), rng.random() < 0.5


@pytest.mark.parametrize("case", list(random_cases(150)))
def test_solver_agrees_with_brute_force(case):
    rows, columns, highest, copies, distinct = case
    grid = solve_grid(rows, columns, highest, copies, distinct)
    assert (grid is not None) == brute_force(rows, columns, highest, copies, distinct)
    if grid is not None:
        values = [v for row in grid for v in row]
        assert [sum(r) for r in grid] == list(rows) and [sum(c) for c in zip(*grid)] == list(columns)
        assert max(Counter(values).values()) <= copies


def test_the_random_cases_cover_both_answers():
    answers = Counter(brute_force(*case) for case in random_cases(150))
    assert answers[True] >= 30 and answers[False] >= 30
