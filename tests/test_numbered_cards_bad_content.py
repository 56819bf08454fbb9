"""Bad Numbered Cards content: one `FILE:LINE: message` line per problem, exit 1, no traceback,
the same from `validate` and `build`, and a previous build left as it was.

Each case is tests/fixtures/bad-numbered-cards/<case>/numbered-cards/game.yaml.edit (`old` ->
`new` on the real file). The LINE expected below was read off the real game.yaml with each edit
applied: the line the designer has to fix.
"""

from __future__ import annotations

import pytest

from conftest import BAD, ROOT, build, overlay, pdfs, validate

FIXTURES = BAD / "numbered-cards"
G = "numbered-cards/game.yaml"

CASES = {
    # line 44: card 8's `- number: 8` turned into a second 7
    "duplicate-number": [f"{G}:44: card 7 is listed twice: the deck must be the cards 1 to 18, once each"],
    # line 36: `kind: Discrad` on card 5 (the 5th item)
    "unknown-kind": [f"{G}:36: cards[5].kind: 'Discrad' is not allowed (did you mean 'Discard'?)"],
    # line 42: `kind: Instant` on card 7
    "kind-not-in-the-seed": [
        f"{G}:42: cards[7].kind: 'Instant' is not allowed (expected one of: Play, Discard, Passive)"],
    # line 31: card 3's ability, about 480 characters; the box is 50.5 x 20.9 mm
    "ability-too-long": [
        f"{G}:31: card 3 ability: text does not fit its 50 x 21 mm box even at 7 pt; shorten it"],
    # line 47: `colour: red` under the 8th card
    "unknown-key-in-a-card": [
        f"{G}:47: cards[8]: unknown key 'colour' (expected one of: number, kind, ability)"],
    # line 5: `targt: 19` - one message, no second 'missing key target'
    "unknown-key-typo": [f"{G}:5: unknown key 'targt' (did you mean 'target'?)"],
    # line 16 names card 13 for the lower target; its text still says 18 or 19, the target is 20
    "target-not-on-card-13": [
        f"{G}:16: named.lower_target: card 13's ability does not state 20 (the target)"],
    # line 15: the 6-or-9 ability on card 19 of an 18-card deck
    "six-or-nine-card-missing": [f"{G}:15: named.turns: there is no card 19"],
    # line 17: the 2-set passive on card 14, a Discard card
    "two-set-passive-on-a-discard-card": [
        f"{G}:17: named.double_set: card 14 is a Discard card, but this ability is a Passive ability"],
    # line 16 names card 13, whose text (line 61) no longer states 18 or 19
    "lower-target-card-text-edited": [
        f"{G}:16: named.lower_target: card 13's ability does not state 18 (its total) and 19 (the target)"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_content_is_one_located_line_and_exit_1(case, project, cli):
    overlay(FIXTURES / case, project)
    for name, (code, out, err) in (("build", build(cli, "numbered-cards")), ("validate", validate(cli))):
        assert (code, err.splitlines()) == (1, CASES[case]), f"{name}: {out}"


def test_every_fixture_has_a_case():
    assert sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()) == sorted(CASES)


def test_a_failed_build_keeps_the_previous_pdfs(project, cli):
    assert build(cli, "numbered-cards")[0] == 0
    before = pdfs(project / "out")
    assert sorted(before) == [".printkit-manifest.json"] + [f"numbered-cards/{p}.pdf"
                                                             for p in ("ability-cards", "rules", "score-pad")]
    overlay(FIXTURES / "ability-too-long", project)
    assert build(cli, "numbered-cards")[0] == 1
    assert pdfs(project / "out") == before
