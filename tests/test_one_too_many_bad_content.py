"""One Too Many bad content: each mistake is one located line on stderr (or one per broken rule),
exit 1, no traceback, the same from `validate` and `build`, and no previous output lost.

Each case is tests/fixtures/bad-one-too-many/<case>/one-too-many/game.yaml.edit: an `old`/`new`
edit of the real game.yaml, so the fixtures never go stale. The LINE expected is the line of the
real file that the edit changes (found by its text below), checked by reading each fixture.
"""

from __future__ import annotations

import pytest

from conftest import BAD, ROOT, build, overlay, pdfs, validate

GAME = "one-too-many"
G = f"{GAME}/game.yaml"
FIXTURES = BAD / GAME


def line_of(text: str) -> int:
    """The line of the real content/one-too-many/game.yaml on which `text` stands."""
    lines = (ROOT / "content" / GAME / "game.yaml").read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


CASES = {
    "negative-end-score": [
        f"{G}:{line_of('end_score: 21')}: end_score must be a positive number of points, not -21"],
    "first-turn-limit-below-normal": [
        f"{G}:{line_of('first_turn_max:')}: ask.first_turn_max (4) is below the normal limit ask.max (5)"],
    "last-player-minimum-beyond-limit": [
        f"{G}:{line_of('last_player_min:')}: ask.last_player_min (6) must be 1 to ask.max (5): the last player "
        "left could not ask for any cards"],
    "one-player": [
        f"{G}:{line_of('  min: 2')}: players.min is 1, but the rules need at least 2 players (the last player "
        "left, a Redo, the greediest)"],
    # 13 players: both the bust and the Redo tokens (12) fall short
    "thirteen-players": [
        f"{G}:{line_of('  max: 6')}: with 13 players a round busts on a run of 14 Diamonds, but the 13 Diamonds "
        "make a run of at most 13",
        f"{G}:{line_of('redo_tokens:')}: redo_tokens is 12, but all 13 players can be the greediest in one bust "
        "and each gets a Redo"],
    "too-few-redo-tokens": [
        f"{G}:{line_of('redo_tokens:')}: redo_tokens is 5, but all 6 players can be the greediest in one bust "
        "and each gets a Redo"],
    "unknown-key-typo": [
        f"{G}:{line_of('end_score: 21')}: unknown key 'end_scor' (did you mean 'end_score'?)"],
    # `colour: red` inserted before `redo_tokens:`, so it stands on that line
    "unknown-key": [
        f"{G}:{line_of('redo_tokens:')}: unknown key 'colour' (expected one of: title, edition, tagline, "
        "players, end_score, published_end_score, deck, ask, redo_tokens, score_sheet, run_examples)"],
    "wrong-type-text-for-number": [
        f"{G}:{line_of('end_score: 21')}: end_score: expected a whole number, got text 'twenty-one'"],
    "example-rank-unknown": [
        f"{G}:{line_of('diamonds: [J,')}: run example 1: 'X' is not a Diamond rank (2, 3, 4, 5, 6, 7, 8, 9, "
        "10, J, Q, K, A)"],
    # A4 holds 18 rounds (checked before Letter, whose problems are not reached)
    "rounds-beyond-the-page": [
        f"{G}:{line_of('rounds:')}: score_sheet.rounds: the score sheet has room for 18 rounds on A4, not 30"],
}


def test_every_fixture_folder_is_a_case():
    assert {path.name for path in FIXTURES.iterdir() if path.is_dir()} == set(CASES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_build_reports_the_problem_at_its_line(case, project, cli):
    overlay(FIXTURES / case, project)
    code, out, err = build(cli, GAME)
    assert err.splitlines() == CASES[case]
    assert (code, out) == (1, "")
    assert not (project / "out").exists(), "a failed build wrote something"


@pytest.mark.parametrize("case", sorted(CASES))
def test_validate_agrees_with_build(case, project, cli):
    overlay(FIXTURES / case, project)
    built, checked = build(cli, GAME), validate(cli)  # validate checks every game
    assert (checked[0], checked[2]) == (built[0], built[2]) == (1, built[2])


def test_real_content_builds(project, cli):
    """The control for the cases above: without a fixture, nothing is reported."""
    code, _, err = build(cli, GAME)
    assert (code, err) == (0, "")


def test_a_failed_build_leaves_the_previous_output_byte_identical(project, cli):
    assert build(cli, GAME)[0] == 0
    before = pdfs(project / "out")
    overlay(FIXTURES / "negative-end-score", project)
    assert build(cli, GAME)[0] == 1
    assert pdfs(project / "out") == before
