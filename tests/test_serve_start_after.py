"""serve's start (issue 41, point 5): the pictures not drawn at once are drawn in the background
once a page has been sent the index (or SHOWN_WITHIN seconds on, no page asking), not while the
index is being made and served; a picture the page asks for is drawn at once, whenever."""

from __future__ import annotations

import time

import printkit.live.serve
from printkit.live.serve import EAGER
from test_serve_speed import DECK, PER_SHEET, Served, drawn, make  # noqa: F401  (drawn: a fixture)


def many(tmp_path):
    return make(tmp_path, (EAGER // 2 + 2) * PER_SHEET)  # more pages than are drawn before serving


def test_the_background_draws_nothing_until_the_page_is_shown(tmp_path, monkeypatch, drawn):
    monkeypatch.setattr(printkit.live.serve, "SHOWN_WITHIN", 60.0)
    served = Served(many(tmp_path))
    try:
        time.sleep(1.0)
        assert drawn == []  # served, no page shown: nothing drawn yet
        status, picture = served.get(f"/{DECK}/card-001.png")  # asked for: drawn at once
        assert status == 200 and len(drawn) == 1
        assert served.get("/")[0] == 200
        deadline = time.monotonic() + 30
        while len(drawn) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(drawn) >= 3  # the page shown: the rest drawn in the background
    finally:
        served.close()


def test_no_page_shown_the_background_draws_after_a_while(tmp_path, monkeypatch, drawn):
    monkeypatch.setattr(printkit.live.serve, "SHOWN_WITHIN", 0.5)
    served = Served(many(tmp_path))
    try:
        deadline = time.monotonic() + 30
        while len(drawn) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(drawn) >= 3
    finally:
        served.close()
