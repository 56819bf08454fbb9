"""Planted faults in the Cross Sums content: each one is an edit of the real files, and
`printkit validate` must report it as FILE:LINE: message, exit 1, nothing else."""

from __future__ import annotations

import pytest

from printkit.cli import main

S = "cross-sums/scenarios.yaml"

# case -> (edits, expected): an edit replaces `old` by `new` in the scenario block that starts
# with `- number: N`; an expected line names the text of the line it must point at.
CASES = {
    "club-rank-reuse": (
        [(1, "columns: [6, 7, 8]", "columns: [2, 11, 8]")],
        [("columns: [2, 11, 8]", "scenario 1: club rank 2 is used twice (targets 12 and 2)")]),
    "unequal-totals": (
        [(1, "columns: [6, 7, 8]", "columns: [5, 7, 10]")],
        [("columns: [5, 7, 10]", "scenario 1: row targets total 21 but column targets total 22; every "
                                 "card counts in both, so they must be equal")]),
    "target-21": (
        [(1, "rows: [9, 12]", "rows: [9, 21]")],
        [("rows: [9, 21]", "scenario 1: target 21 is outside 1-20 (a club shows 1-10 upright, "
                           "11-20 crosswise)")]),
    "queen-in-scenario-2": (
        [(2, "actions: [jack]", "actions: [jack, queen]")],
        [("actions: [jack, queen]", "scenario 2: the Queen joins the campaign in scenario 3, not before "
                                    "(say `overrides: [actions]` if this is intended)"),
         ("cards: 20", "scenario 2: the seed publishes 20 play and action cards, the rules give 22"),
         ("stock: 11", "scenario 2: the seed publishes 11 stock cards, the rules give 13")]),
    "hand-3-in-scenario-30": (
        [(30, "hand: 4", "hand: 3")],
        [("hand: 3", "scenario 30: hand size 3, but scenarios at this stage of the campaign use 4 "
                     "(say `overrides: [hand]` if this is intended)"),
         ("stock: 22", "scenario 30: the seed publishes 22 stock cards, the rules give 24")]),
    "unsolvable-with-distinct-values": (
        # a column of two places on target 2 needs 1 + 1, which scenario 18's distinct rule forbids
        [(18, "rows: [12, 14]", "rows: [13, 15]"), (18, "columns: [7, 8, 11]", "columns: [2, 16, 10]")],
        [("rows: [13, 15]", "scenario 18: cannot be solved: no filling of the 2 x 3 grid with A-8 "
                            "(3 copies each, no value twice in a line) meets rows [13, 15] and "
                            "columns [2, 16, 10]")]),
    "wrong-published-count": (
        [(5, "cards: 25", "cards: 26")],
        [("cards: 26", "scenario 5: the seed publishes 26 play and action cards, the rules give 25")]),
    "deal-does-not-fit": (
        [(1, "hand: 3", "hand: 8\n    overrides: [hand]")],
        [("hand: 8", "scenario 1: dealing 8 cards to each player and 3 to the market needs 19 cards, "
                     "but there are only 18 play and action cards"),
         ("stock: 9", "scenario 1: the seed publishes 9 stock cards, the rules give -1")]),
    "missing-title": (
        [(3, "    title: Preserve a number\n", "")],
        [("- number: 3", "scenarios[3].title: missing key 'title'")]),
    "unknown-key": (
        [(4, "hand: 3", "hands: 3")],
        [("hands: 3", "scenarios[4]: unknown key 'hands' (did you mean 'hand'?)")]),
    "numbering-gap": (
        [(7, "- number: 7", "- number: 8")],
        [("- number: 8\n    title: One more card", "scenario number 8 where 7 comes next (numbers run "
                                                   "1, 2, 3... without gaps or repeats)")]),
    "duplicate-title": (
        [(6, "title: Short paths", "title: Share the market")],
        [("title: Share the market\n    tagline: A smaller grid",
          "title 'Share the market' is already used by scenario 5")]),
    "swap-example-without-the-jack": (
        [(1, "effect: cover", "effect: swap")],
        [("effect: swap", "scenario 1: the swap example needs the Jack, which this scenario does not use"),
         ("at: [0]", "scenario 1: the swap example uses 2 places, numbered 0 to 2")]),
    "king-moves-onto-an-occupied-place": (
        [(12, "at: [0, 1]", "at: [0, 2]")],
        [("at: [0, 2]", "scenario 12: the King moves an occupied place's stack to an empty place")]),
    "queen-example-hand-card-11": (
        [(3, "hand: 7", "hand: 11")],
        [("hand: 11", "scenario 3: the hand card 11 is not a number A (1) to 10")]),
    "cover-example-on-an-empty-place": (
        [(1, "at: [0]", "at: [2]")],
        [("at: [2]", "scenario 1: the cover example needs an occupied place")]),
}


def apply(text: str, number: int, old: str, new: str) -> str:
    start = text.index(f"- number: {number}\n")
    end = text.find("\n  - number:", start + 1)
    end = len(text) if end < 0 else end
    block = text[start:end]
    assert block.count(old) == 1, (number, old)
    return text[:start] + block.replace(old, new) + text[end:]


def line_of(text: str, marker: str, after: int = 0) -> int:
    """The line of the first `marker` at or after offset `after` (the edited scenario's block)."""
    return text[:text.index(marker, after)].count("\n") + 1


@pytest.mark.parametrize("case", sorted(CASES))
def test_planted_fault_is_reported_at_its_line(case, project, capsys):
    edits, expected = CASES[case]
    path = project / "content" / S
    text = path.read_text(encoding="utf-8")
    block = text.index(f"- number: {edits[0][0]}\n")
    for number, old, new in edits:
        text = apply(text, number, old, new)
    path.write_text(text, encoding="utf-8")
    code = main(["validate", "--content", str(project / "content")])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.splitlines() == [f"{S}:{line_of(text, marker, block)}: {message}" for marker, message in expected]


def test_a_campaign_whose_hand_sizes_leave_a_gap_is_refused(project, capsys):
    path = project / "content" / "cross-sums" / "campaign.yaml"
    text = path.read_text(encoding="utf-8").replace("{from: 1, size: 3}", "{from: 2, size: 3}")
    path.write_text(text, encoding="utf-8")
    assert main(["validate", "--content", str(project / "content")]) == 1
    err = capsys.readouterr().err
    assert err == f"cross-sums/campaign.yaml:{line_of(text, '{from: 2, size: 3}')}: " \
                  "the first hand size must start at scenario 1\n"
