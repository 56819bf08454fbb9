"""The shop profiles and the safe-zone walk as plain numbers: the pixel sizes the shops publish,
and where a card's planned text and marks land once its ends are turned round."""

from __future__ import annotations

import pytest

from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Circle, Group, Line, Polygon
from printkit.plan.label import line_at
from printkit.targets.profiles import profiles
from printkit.targets.safezone import intrusions, items, near_the_cut

POKER = (63.5, 88.9)


@pytest.mark.parametrize("shop, size", [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_a_poker_card_is_the_size_the_shop_publishes(shop, size):
    profile = profiles()[shop]
    assert profile.pixels(POKER) == size
    assert profile.published(POKER) == size
    assert abs(profile.image_bleed(POKER) - (size[0] - 750) / 2 / 300 * 25.4) < 1e-9  # 750 px: 2.5 in


def test_every_profile_keeps_text_at_least_an_eighth_of_an_inch_in():
    assert set(profiles()) == {"tgc", "mpc", "dtc", "mbprint", "pdfx", "meinspiel", "cricut", "tts"}
    for name, profile in profiles().items():
        if name == "tts":  # a virtual table: nothing is printed or cut, the image is the card
            assert (profile.kind, profile.bleed, profile.safe) == ("tts", 0.0, 0.0)
            continue
        assert profile.safe >= 25.4 / 8 - 1e-9
        if name == "cricut":  # a cutting machine cuts on the image's own outline: no bleed to trim off
            assert (profile.kind, profile.bleed) == ("cutout", 0.0)
        else:
            assert profile.bleed >= 3.0 and profile.kind in ("png", "pdf", "sheets")
    assert profiles()["dtc"].sides() == ("back", "front")
    assert profiles()["mbprint"].sides() == ("front", "back")


def test_a_mark_turned_a_half_turn_at_the_bottom_right_lands_there():
    """A pip 5 mm in from an end's top-left corner, drawn again turned round from the bottom-right."""
    pip = Circle(5.0, -5.0, 1.0, fill=0.0, item="pip")
    top, bottom = Group((pip,), 0.0, POKER[1]), Group((pip,), POKER[0], 0.0, 180)
    (a, b) = items([top, bottom])
    assert (a.name, b.name) == ("pip", "pip")
    assert [round(v, 9) for v in (a.rect.x, a.rect.y, a.rect.width)] == [4.0, POKER[1] - 6.0, 2.0]
    assert [round(v, 9) for v in (b.rect.x, b.rect.y, b.rect.width)] == [POKER[0] - 6.0, 4.0, 2.0]
    assert a.inside(POKER) == pytest.approx(4.0) and b.inside(POKER) == pytest.approx(4.0)


def test_art_is_not_held_to_the_safe_zone_and_text_is():
    art = (Box(Rect(-3, -3, 69.5, 94.9), fill=0.9), Line(Segment(-3, -3, 66.5, 91.9)),
           Circle(1, 1, 5, level=None, fill=1.0))  # a ground to the bleed, a lattice's line, a white disc
    text = line_at("17", 1.0, 80.0, 17, item="corner index")
    diamond = Polygon(((30, 1), (31, 2), (30, 3), (29, 2)), item="diamond")
    found = items(art + (Group((text, diamond)),))
    assert [item.name for item in found if not item.art] == ["corner index", "diamond"]
    assert [item.art for item in found if item.art] == ["area", "line", "area"]  # recorded as art, not held
    # words in the safe zone are a fault; a shape 1 mm in a warning (issue 39: a drift shows it unevenly)
    faults, warned = intrusions(found, POKER, 3.175), near_the_cut(found, POKER, 3.175)
    assert [(item.name, round(inside, 3)) for item, inside in faults] == [("corner index", 1.0)]
    assert [(item.name, round(inside, 3)) for item, inside in warned] == [("diamond", 1.0)]


def test_a_line_drawn_right_to_left_across_the_card_reaches_the_trim():
    """A lattice's line from the bleed at the right to the bleed at the left (its rect's width is
    negative, as the record keeps it): past the trim at both sides, so no warning; Ascending's back
    was warned of 'stops 2.7 mm inside the trim' on MB Print's 63 x 88 mm card."""
    (line,) = items([Line(Segment(66.01, 2.703, -3.01, 73.563), width=0.25)])
    assert line.art == "line" and line.inside((63.0, 88.0)) == pytest.approx(-3.01)
    assert near_the_cut([line], (63.0, 88.0), 4.0) == []
