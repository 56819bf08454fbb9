"""Bad content: every mistake a designer can make is one located line on stderr, exit 1, no
traceback, the same from `validate` and `build`, and it never costs a previous output.

Each case is a folder tests/fixtures/bad/<case>/ holding only the files that differ from the real
project. They are laid over a copy of it (the `project` fixture):

- `ascending-row-overflow/game.yaml` replaces content/ascending-row-overflow/game.yaml;
- `templates/...` replaces the file of that name under templates/;
- `<name>.delete` (an empty file) deletes content/.../<name>;
- `<name>.edit` (YAML with `old` and `new`) edits the real file, so a fixture never goes stale.

The expected lines below were checked by reading each fixture: the LINE is the line of the
fixture file where the designer has to make the fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import BAD, build, overlay, pdfs, validate

ROOT = Path(__file__).resolve().parent.parent
GAME = "ascending-row-overflow"
FIXTURES = BAD / GAME
G = f"{GAME}/game.yaml"
P = f"{GAME}/practice.yaml"
PRODUCTS = ["deck", "starter-rows", "score-sheet", "practice-sheet", "practice-key", "rules"]


def line_of(template: str, text: str) -> int:
    """The line of the real template on which `text` stands (the edits keep line numbers above it)."""
    lines = (ROOT / "templates" / GAME / template).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


def line_of_content(file: str, text: str) -> int:
    """The line of the real content file on which `text` stands."""
    lines = (ROOT / "content" / GAME / file).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


# case -> the exact stderr lines of `build` (and of `validate`)
CASES = {
    # line 17 is `starter_rows 4` (the colon is missing); line 18 is a correct `row_limit: 4`
    "malformed-yaml-missing-colon": [
        f"{G}:17: YAML syntax: could not find expected ':'"],
    # line 4: `tagline: Reveal numbered cards together: append each ...` (unquoted ': ' in text)
    "malformed-yaml-colon-in-text": [
        f"{G}:4: YAML syntax: mapping values are not allowed here"],
    # line 16: `hand_size: five`
    "wrong-type-text-for-number": [
        f"{G}:16: hand_size: expected a whole number, got text 'five'"],
    # the deck written one card a line (14 `cards:`, 15 `- 1` ...): line 23 is the second `- 8`
    "duplicate-card": [
        f"{G}:23: card 8 is listed twice"],
    # line 14: `cards: [1, ..., 23, 25]`
    "card-out-of-range-25": [
        f"{G}:14: card 25 is outside 1-24: the deck must be the cards 1 to 24, once each"],
    # line 14: `cards: [0, 2, ..., 24]`
    "card-out-of-range-0": [
        f"{G}:14: card 0 is outside 1-24: the deck must be the cards 1 to 24, once each"],
    # line 8: `  max: 5` under players; 5 x 5 + 4 = 29 > 24
    "too-many-players-for-deck": [
        f"{G}:8: 5 players need 5 x 5 hand cards + 4 starter rows = 29 cards, but the deck has 24"],
    # line 16: `hand_sise: 5` - one typo, one message (not a second 'missing hand_size' at line 3)
    "unknown-key-typo": [
        f"{G}:16: unknown key 'hand_sise' (did you mean 'hand_size'?)"],
    # line 20: `colour: red`, like nothing known
    "unknown-key": [
        f"{G}:20: unknown key 'colour' (expected one of: title, tagline, players, minutes, deck, "
        f"hand_size, starter_rows, row_limit, deals_compared)"],
    # `row_limit:` deleted from the top level, which starts at line 3 (`title:`)
    "missing-key": [
        f"{G}:3: row_limit: missing key 'row_limit'"],
    # `penalty_per_card:` deleted from `deck:` (line 12); line 14 is the unrelated `cards:`
    "missing-nested-key": [
        f"{G}:12: deck.penalty_per_card: missing key 'penalty_per_card'"],
    # lines 16 and 17: `hand_size: 5`, `hand_size: 6`
    "key-given-twice": [
        f"{G}:17: key 'hand_size' is given twice (first on line 16)"],
    # practice.yaml deleted
    "missing-content-file": [
        f"{P}: content file is missing"],
    # line 7: `  min: 5` under players (max stays 4)
    "players-min-over-max": [
        f"{G}:7: players.min (5) is more than players.max (4)"],
    # practice.yaml: 6 `- title:`, 7 `rows:`, 8 `- [3]`, 9 `- [5, 8]`, 10 `- [10, 12, 14]`,
    # 11 `- [20]`, 12 `revealed: [7, 15, 18]`; each case changes one of them.
    # line 11 `- [7]`, then 7 again in line 12 `revealed: [7, 15, 18]`
    "practice-card-reused": [
        f"{P}:12: exercise 1: card 7 is used twice (a deck has one of each)"],
    # line 12 `revealed: [7, 15, 30]`
    "practice-card-not-in-deck": [
        f"{P}:12: exercise 1: card 30 is not in the deck"],
    # line 9 `- [8, 5]`
    "practice-row-unsorted": [
        f"{P}:9: exercise 1: row [8, 5] must hold 1 to 4 cards in increasing order"],
    # line 10 `- [9, 10, 11, 12, 14]`, five cards where a row holds four
    "practice-row-too-long": [
        f"{P}:10: exercise 1: row [9, 10, 11, 12, 14] must hold 1 to 4 cards in increasing order"],
    # the line of `row_limit: 5` (edited from 4): four poker cards fill a landscape page
    "row-limit-beyond-the-mat": [
        f"{G}:{line_of_content('game.yaml', 'row_limit:')}: row_limit: a starter-row mat shows at most 4 card "
        "places at 100% on a landscape A4 page, not 5"],
    # line 3: `title: Ascending row overflow 漢字` - DejaVu Sans has no CJK glyphs
    "unprintable-character": [
        f"{G}:3: title: the font has no glyph for '字' (U+5B57), '漢' (U+6F22); it would print as an empty box"],
    # the line of `# {{ titel }}` in the edited rules.j2
    "template-undefined-variable": [
        f"templates/ascending-row-overflow/rules.j2:{line_of('rules.j2', '# {{ title }}')}: "
        "template: 'titel' is undefined"],
    # templates/ascending-row-overflow/deck.j2: `{% set reference_1 %}` (line 11) grown by six
    # long bullets, far more than a card holds even at 7 pt
    "reference-text-too-long": [
        f"templates/ascending-row-overflow/deck.j2:{line_of('deck.j2', '{% set reference_1 %}')}: "
        "deck reference card 1: text does not fit its "
        "52 x 72 mm box even at 7 pt; shorten it"],
}


# --- the fixtures themselves ---------------------------------------------------------------------

def test_every_fixture_folder_is_a_case():
    folders = {path.name for path in FIXTURES.iterdir() if path.is_dir()}
    assert folders == set(CASES)
    assert len(CASES) >= 14


# --- each case: one located line, exit 1, validate and build agree ------------------------------

@pytest.mark.parametrize("case", sorted(CASES))
def test_build_reports_the_problem_at_its_line(case, project, cli):
    overlay(FIXTURES / case, project)
    code, out, err = build(cli, GAME)
    assert err.splitlines() == CASES[case]
    assert code == 1
    assert out == ""
    assert not (project / "out").exists(), "a failed build wrote something"


@pytest.mark.parametrize("case", sorted(CASES))
def test_validate_agrees_with_build(case, project, cli):
    overlay(FIXTURES / case, project)
    built = build(cli, GAME)
    checked = validate(cli, GAME)
    assert built[0] == 1
    assert (checked[0], checked[2]) == (built[0], built[2])


def test_real_content_validates_and_builds(project, cli):
    """The control for the cases above: without a fixture, nothing is reported."""
    assert validate(cli, GAME)[::2] == (0, "")
    assert build(cli, GAME)[::2] == (0, "")


# --- bad input loses nothing ----------------------------------------------------------------------

def retitle(project: Path) -> None:
    """A good change that alters every PDF (and still fits on the card backs)."""
    game = project / "content" / G
    text = game.read_text(encoding="utf-8")
    assert "\ntitle: Ascending row overflow\n" in text
    game.write_text(text.replace("\ntitle: Ascending row overflow\n", "\ntitle: Ascending row overflow II\n"),
                    encoding="utf-8")


def test_retitle_changes_every_pdf(project, cli):
    """The control that gives the next test its teeth."""
    assert build(cli, GAME)[0] == 0
    before = pdfs(project / "out")
    retitle(project)
    assert build(cli, GAME)[0] == 0
    after = pdfs(project / "out")
    assert all(after[f"{GAME}/{p}.pdf"] != before[f"{GAME}/{p}.pdf"] for p in PRODUCTS)


@pytest.mark.parametrize("case", ["practice-row-unsorted", "template-undefined-variable",
                                  "reference-text-too-long"])
def test_bad_input_loses_nothing(case, project, cli):
    """A failing build over a good one: every previous PDF byte-identical, no temporary left.
    The new title changes every PDF, so a build that wrote what it could would be caught; the
    content fails in loading, the templates in rendering the first (deck) and last (rules) product."""
    assert build(cli, GAME)[0] == 0
    before = pdfs(project / "out")
    assert {f"{GAME}/{product}.pdf" for product in PRODUCTS} <= set(before)
    overlay(FIXTURES / case, project)
    retitle(project)
    code, _, err = build(cli, GAME)
    assert code == 1
    assert err.startswith(CASES[case][0].split(":")[0] + ":"), err  # failed for the case's reason
    assert pdfs(project / "out") == before
    assert not list((project / "out").rglob(".*.tmp"))
