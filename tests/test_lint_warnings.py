"""The layout lint helps instead of stopping (issue 38, item 5): what it finds is a warning said
once at the layer's line and every card is drawn (exit 0); `--strict` makes it an error (exit 1,
nothing written); a rebuild says it again; words past the trim stay an error; a shop export's
preflight holds words to that shop's own safe zone (exit 1)."""

from __future__ import annotations

import pytest

from declared import SLUG, game_project, line_of
from readback import pages, text_of
from test_declared import build, run
from test_layout_lint import GAME

SAFE_ZONE = ("name: {kind: text, field: name, x: 14,", "name: {kind: text, field: name, align: left, x: 2,")
# the name 3.5 mm from the trim: clear of printkit's 1/8 in, inside MB Print's 4 mm
NEAR = ("name: {kind: text, field: name, x: 14,", "name: {kind: text, field: name, align: left, x: 3.5,")
SAFE_MESSAGE = ("products.deck.face.layers.name: its words come 2.0 mm from the trim, inside the 3.175 mm safe zone a "
                "cut may take (card 1 ('Ember') and 1 more)")


def project(tmp_path, old: str, new: str):
    game = GAME.replace(old, new, 1)
    assert game != GAME
    return game_project(tmp_path, game)


def at(folder, text: str) -> str:
    return f"{SLUG}/game.yaml:{line_of(folder / 'content' / SLUG / 'game.yaml', text)}"


def validate(folder, capsys, monkeypatch, *extra):
    return run(folder, capsys, monkeypatch, "validate", SLUG, "--content", "content", *extra)


def test_a_build_draws_every_card_and_says_the_finding_once(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, *SAFE_ZONE)
    code, out, err = build(folder, capsys, monkeypatch)
    assert code == 0 and "deck.pdf" in out
    # planned on A4 and, for validate, on Letter too: said once all the same
    assert err == f"{at(folder, 'name: {kind: text')}: warning: {SAFE_MESSAGE}\n"
    front = text_of(pages(folder / "out" / SLUG / "deck.pdf")[0].chars)
    assert "Ember" in front and "Fern" in front  # both cards drawn, the one the finding names too


def test_a_finding_is_said_again_by_every_build_until_it_is_fixed(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, *SAFE_ZONE)
    first = build(folder, capsys, monkeypatch)
    pdf = (folder / "out" / SLUG / "deck.pdf").read_bytes()
    again = build(folder, capsys, monkeypatch)
    assert again[0] == 0 and again[2] == first[2] != ""
    assert (folder / "out" / SLUG / "deck.pdf").read_bytes() == pdf  # planned again, the same file
    assert validate(folder, capsys, monkeypatch)[2] == first[2]  # validate after the build: said too


def test_a_fixed_finding_is_no_longer_said(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, *SAFE_ZONE)
    build(folder, capsys, monkeypatch)
    path = folder / "content" / SLUG / "game.yaml"
    path.write_text(path.read_text().replace(SAFE_ZONE[1], SAFE_ZONE[0]))
    assert build(folder, capsys, monkeypatch)[::2] == (0, "")
    assert build(folder, capsys, monkeypatch)[::2] == (0, "")


@pytest.mark.parametrize("command", ["build", "validate"])
def test_strict_makes_a_finding_an_error_and_writes_nothing(tmp_path, capsys, monkeypatch, command):
    folder = project(tmp_path, *SAFE_ZONE)
    if command == "build":
        code, out, err = build(folder, capsys, monkeypatch, SLUG, "--strict")
    else:
        code, out, err = validate(folder, capsys, monkeypatch, "--strict")
    assert (code, out, err) == (1, "", f"{at(folder, 'name: {kind: text')}: {SAFE_MESSAGE}\n")
    assert not (folder / "out").exists()


def test_strict_after_a_build_that_warned_still_refuses(tmp_path, capsys, monkeypatch):
    """A build that warned is not answered as unchanged: the strict one plans it again and refuses."""
    folder = project(tmp_path, *SAFE_ZONE)
    assert build(folder, capsys, monkeypatch)[0] == 0
    code, _, err = build(folder, capsys, monkeypatch, SLUG, "--strict")
    assert (code, err) == (1, f"{at(folder, 'name: {kind: text')}: {SAFE_MESSAGE}\n")
    assert validate(folder, capsys, monkeypatch, "--strict")[0] == 1


def test_a_layer_at_both_ends_on_its_own_turned_words_is_a_warning(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, "name: {kind: text, field: name, x: 14, y: 63, width: 35.5, height: 10,",
                     "name: {kind: text, field: name, ends: both, x: 14, y: 40, width: 35.5, height: 8,")
    message = (f"{at(folder, 'name: {kind: text')}: warning: products.deck.face.layers.name: its words at one end lie "
               f"on its own words turned at the other (`ends: both`); move it towards its end of the card (card 1 "
               f"('Ember') and 1 more)")
    code, _, err = build(folder, capsys, monkeypatch)
    assert code == 0 and message in err.splitlines()
    assert text_of(pages(folder / "out" / SLUG / "deck.pdf")[0].chars).count("Ember") == 2  # at both ends


def test_words_past_the_trim_are_an_error_without_strict(tmp_path, capsys, monkeypatch):
    """A box placed by the card's data (no layer written as it is runs off its card: checks.py):
    on the second card its words run off the card, where the cut takes them."""
    folder = project(tmp_path, "element: {kind: text, field: element, x: 14,",
                     "element: {kind: text, field: element, align: right, x: \"= 40 if number > 1 else 14\",")
    expected = (f"{at(folder, 'element: {kind: text')}: products.deck.face.layers.element: its words run 12.0 mm past "
                f"the trim, where the cut takes them; move them onto the card (card 2 ('Fern'))\n")
    assert validate(folder, capsys, monkeypatch) == (1, "", expected)
    assert build(folder, capsys, monkeypatch) == (1, "", expected)
    assert not (folder / "out").exists()


def export(folder, capsys, monkeypatch, shop: str):
    return run(folder, capsys, monkeypatch, "export", SLUG, "--for", shop, "--content", "content", "--out", "shop")


def drifting(folder, safe: str) -> str:
    """Preflight's warning of the deck's own frame, 3 mm in, inside a press's safe zone (`safe` mm,
    as said): no layer's, so at the first card's row."""
    return (f"{at(folder, 'Ember')}: warning: {SLUG}/deck: border on cards 1-2 stops 3.0 mm inside the trim, within "
            f"the {safe} mm safe zone: a cut that drifts shows it unevenly")


def test_an_export_holds_words_to_that_shops_safe_zone(tmp_path, capsys, monkeypatch):
    """3.5 mm from the trim (3.8 mm to the ink): clear of The Game Crafter's 1/8 in, so no lint
    finding and a clean export there; inside MB Print's 4 mm (on the 63 x 88 mm cards it sells):
    its export's preflight says so, card by card, exit 1."""
    folder = project(tmp_path, *NEAR)
    assert build(folder, capsys, monkeypatch)[::2] == (0, "")
    assert export(folder, capsys, monkeypatch, "tgc")[::2] == (0, drifting(folder, "3.2") + "\n")
    path = folder / "content" / SLUG / "game.yaml"
    path.write_text(path.read_text().replace("size: poker", "size: [63, 88]"))
    assert build(folder, capsys, monkeypatch)[::2] == (0, "")
    code, _, err = export(folder, capsys, monkeypatch, "mbprint")
    assert code == 1
    assert err.splitlines() == [drifting(folder, "4.0")] + [
        f"{at(folder, name)}: {SLUG}/deck: card {n}: name 3.8 mm inside the trim; the safe zone is 4.0 mm"
        for n, name in ((1, "Ember"), (2, "Fern"))]


def test_an_export_refuses_what_a_build_only_warns_of(tmp_path, capsys, monkeypatch):
    folder = project(tmp_path, *SAFE_ZONE)
    assert build(folder, capsys, monkeypatch)[0] == 0
    code, _, err = export(folder, capsys, monkeypatch, "tgc")
    assert code == 1
    assert err.splitlines() == [drifting(folder, "3.2")] + [
        f"{at(folder, name)}: {SLUG}/deck: card {n}: name 2.3 mm inside the trim; the safe zone is 3.2 mm"
        for n, name in ((1, "Ember"), (2, "Fern"))]
