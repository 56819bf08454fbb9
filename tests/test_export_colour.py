"""A coloured declared game exported to every shop and read back: round tokens on a coloured ground
pass every shop's preflight (their ground is art, as a rectangular one is), and a meaningful mark
in the safe zone is still found."""

from __future__ import annotations

import pytest

from declared import SLUG, game_project
from test_export import run

SHOPS = ("tgc", "mpc", "dtc", "mbprint", "pdfx", "cricut", "tts")

CHIPS = """\
title: Chips
colours: {sun: "#b23a1e", moon: "#1f4e8c"}
products:
  chips:
    kind: tokens
    shape: round
    size: 30
    tokens:
      - {value: '+1', sky: sun}
      - {value: '-1', sky: moon}
    face:
      background: {field: sky}
      layers:
        value: {kind: text, field: value, x: 7, y: 10, width: 16, height: 10, size: 14, colour: white}
%s    back:
      background: moon
"""


def export(tmp_path, monkeypatch, capsys, game: str, shop: str) -> tuple[int, str, str]:
    monkeypatch.chdir(game_project(tmp_path, game))
    return run(["export", SLUG, "--for", shop, "--out", "out"], capsys)


@pytest.mark.parametrize("shop", SHOPS)
def test_round_tokens_on_a_coloured_ground_pass_every_shops_preflight(tmp_path, monkeypatch, capsys, shop):
    code, out, err = export(tmp_path, monkeypatch, capsys, CHIPS % "", shop)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1].endswith("as the shop takes them, no problems")


def test_a_coloured_disc_in_a_round_tokens_safe_zone_is_still_found(tmp_path, monkeypatch, capsys):
    """A disc 1 mm in from the trim's left edge, on the coloured ground."""
    disc = "        dot: {kind: ellipse, x: 1, y: 12, width: 6, height: 6, fill: sun}\n"
    code, out, err = export(tmp_path, monkeypatch, capsys, CHIPS % disc, "dtc")
    assert code == 1
    assert err.splitlines() == [f"{SLUG}/chips: card {n}: dot 1.0 mm inside the trim; the safe zone is 3.2 mm"
                                for n in (1, 2)]
