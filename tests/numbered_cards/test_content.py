"""Numbered Cards content that is not a bad case (those are in tests/fixtures/bad/numbered-cards/,
run by test_bad_content.py): an ability too long for 11 pt but short enough for 7 pt is set smaller
and builds."""

from __future__ import annotations

from conftest import build


def test_a_long_ability_that_still_fits_is_set_smaller_not_refused(project, cli):
    """About 200 characters: too long for 11 pt, short enough for 7 pt - the build succeeds."""
    path = project / "content" / "numbered-cards" / "game.yaml"
    longer = ("Place one card from the row on top of the deck. If the deck is empty, place it at the "
              "bottom of the discard pile instead and take the top card of that pile into your hand.")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Place one card from the row on top of the deck.", longer), encoding="utf-8")
    code, _, err = build(cli, "numbered-cards")
    assert (code, err) == (0, "")
