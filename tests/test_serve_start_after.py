"""serve's start (issue 41, point 5): the pictures not drawn at once are drawn in the background
once a page has been sent the index (or SHOWN_WITHIN seconds on, no page asking), not while the
index is being made and served; a picture the page asks for is drawn at once, whenever."""

from __future__ import annotations

import time

import printkit.live.serve
from printkit.live.serve import EAGER
from PIL import Image

from test_serve_speed import DECK, PER_SHEET, Events, Served, drawn, edit, make  # noqa: F401  (drawn: a fixture)


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


def test_an_edit_while_pictures_are_still_undrawn_draws_at_once_only_the_pages_it_changed(tmp_path, monkeypatch,
                                                                                          drawn):
    """A save in the first seconds of serving waited for every picture not yet drawn (a deck of
    1,000's 1,224: 8 s) before its own was shown: now its pages are drawn at once, the others as
    before (as asked for, and in the background once a page is shown)."""
    monkeypatch.setattr(printkit.live.serve, "SHOWN_WITHIN", 60.0)  # no page shown: no background drawing
    served = Served(many(tmp_path))  # 14 sheets: 28 pages, more than are drawn before serving
    events = Events(served.port)
    try:
        events.until(lambda state: "images" in state)
        assert drawn == []
        edit(served.project, '"card 11 words"', '"card 11, other words"')  # sheet 2's front: page 3
        first = events.until(lambda state: f"{DECK}/card-011.png" in state.get("images", {}))
        assert drawn == [("28 pages", 2)]  # that page alone, its cards cut from it
        cards = [f"{DECK}/card-{n:03d}.png" for n in range(10, 19)]
        # its cards shown first (the edited card is the picture awaited), then the page they are cut from
        assert sorted(path for path in first["images"] if path.startswith(DECK + "/")) == cards
        after = events.until(lambda state: f"{DECK}/page-003.png" in state.get("images", {}))
        assert sorted(path for path in after["images"] if path.startswith(DECK + "/")) == \
            sorted([f"{DECK}/page-003.png"] + cards)
        deadline = time.monotonic() + 30
        while not any(" files changed, in " in line for line in served.said[1:]) \
                and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(drawn) == 1  # the edit's build over, nothing else drawn
        status, _ = served.get(f"/{DECK}/card-100.png")  # one never drawn: drawn when asked for, from the edit's PDF
        assert status == 200 and drawn[1:] == [("28 pages", 22)]
    finally:
        events.close()
        served.close()
    with Image.open(served.out / DECK / "card-011.png") as new, Image.open(served.out / DECK / "card-012.png") as other:
        assert new.size == other.size and new.tobytes() != other.tobytes()


def test_serve_is_made_ready_for_the_first_save_once_it_serves(tmp_path, monkeypatch, drawn):
    """As watch is (printkit/pipeline/warm.py): once the first build is served, its games are
    planned and drawn again in memory, so that the first save costs what the later ones do (a
    deck of 1,000's first save built in 0.58 s, the next ones in 0.15 s); and a save after it is
    built and shown as ever."""
    import printkit.pipeline.warm

    warmed = []

    def warm(games, content, options):
        warmed.append([game.slug for game in games])
        printkit.pipeline.warm.warm(games, content, options)
    monkeypatch.setattr(printkit.live.serve, "warm", warm)
    monkeypatch.setattr(printkit.live.serve, "SHOWN_WITHIN", 60.0)
    served = Served(many(tmp_path))
    events = Events(served.port)
    try:
        deadline = time.monotonic() + 30
        while not warmed and time.monotonic() < deadline:
            time.sleep(0.02)
        assert warmed == [["speed"]]
        events.until(lambda state: "images" in state)
        edit(served.project, '"card 11 words"', '"card 11, other words"')
        events.until(lambda state: f"{DECK}/card-011.png" in state.get("images", {}))
        assert warmed == [["speed"]]  # once, at the start
    finally:
        events.close()
        served.close()


def test_an_edits_build_does_not_wait_for_the_picture_the_background_is_drawing(tmp_path, monkeypatch, drawn):
    """The background was stopped, and the picture it was drawing waited for (a deck of 1,000's
    page and its nine cards: up to 0.1 s), before an edit's build began; now the build begins at
    once, and the background is stopped before the pictures are listed again."""
    import threading

    import printkit.live.serve.pictures as pictures

    monkeypatch.setattr(printkit.live.serve, "SHOWN_WITHIN", 0.0)  # the background draws at once
    slow, ended, built = threading.Event(), [], []
    counted = pictures.drawn_page

    def slowly(document, index, *args):
        if not slow.is_set() and "(_all)" in threading.current_thread().name:  # the background's drawing
            slow.set()
            time.sleep(1.5)
            made = counted(document, index, *args)
            ended.append(time.monotonic())
            return made
        return counted(document, index, *args)
    monkeypatch.setattr(pictures, "drawn_page", slowly)
    preview = printkit.live.serve.preview
    monkeypatch.setattr(printkit.live.serve, "preview",
                        lambda *args, **kwargs: built.append(time.monotonic()) or preview(*args, **kwargs))
    served = Served(many(tmp_path))
    events = Events(served.port)
    try:
        assert slow.wait(30)
        edit(served.project, '"card 11 words"', '"card 11, other words"')
        events.until(lambda state: f"{DECK}/card-011.png" in state.get("images", {}))
        assert len(built) == 2 and len(ended) == 1
        assert built[1] < ended[0]  # the edit's build began while that picture was still being drawn
        assert drawn.count(("28 pages", 2)) == 1  # and the page it changed drawn once, after it
    finally:
        events.close()
        served.close()
