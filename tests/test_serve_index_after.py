"""An edit's index page made after the open pages have fetched its new pictures (issue 41, point
3): made while the browser asks for the picture it awaits, it slows that picture's serving.
(printkit/live/serve/published.py; the server tells it each picture fetched at its version.)"""

from __future__ import annotations

import threading
import time

import printkit.live.preview
import printkit.live.serve
from printkit.live.serve.published import Live
from test_serve_speed import DECK, Events, Served, changed, deck_versions, edit, make


def test_the_pictures_awaited_are_those_whose_version_changed_until_fetched_at_it():
    live = Live()
    live.publish(images={"a.png": "1", "b.png": "1"})
    live.fetched("a.png", "1")
    live.fetched("b.png", "1")
    live.publish(images={"a.png": "2", "b.png": "1"})
    assert live.awaited == {("a.png", "2")}
    live.fetched("a.png", "1")  # an old version: still awaited
    assert live.awaited == {("a.png", "2")}
    live.publish(images={"a.png": "2", "b.png": "1"}, index="x")  # the same pictures told again
    assert live.awaited == {("a.png", "2")}
    live.publish(images={"a.png": "3", "b.png": "1"})  # edited again before it was fetched
    assert live.awaited == {("a.png", "3")}
    live.fetched("a.png", "3")
    assert live.awaited == set()


def test_an_edit_awaits_its_own_pictures_only():
    """A picture out of sight, never fetched, is not awaited by the edits after the one that changed it."""
    live = Live()
    live.publish(images={"a.png": "1", "b.png": "1"})
    live.edited()
    live.publish(images={"a.png": "1", "b.png": "2"})
    assert live.awaited == {("b.png", "2")}


def test_no_page_watching_no_wait_and_one_watching_waits_for_the_fetch_or_the_time():
    live = Live()
    live.publish(images={"a.png": "1", "b.png": "1"})
    started = time.monotonic()
    live.fetched_by_now(5)
    assert time.monotonic() - started < 1  # nobody to fetch it
    live.watch(1)
    started = time.monotonic()
    live.fetched_by_now(0.3)
    assert 0.25 < time.monotonic() - started < 2  # never fetched (out of sight): the time out
    threading.Timer(0.2, live.fetched, ("a.png", "1")).start()
    threading.Timer(0.3, live.fetched, ("b.png", "1")).start()
    started = time.monotonic()
    live.fetched_by_now(5, then=3)
    assert 0.25 < time.monotonic() - started < 2  # both fetched
    live.edited()
    live.publish(images={"a.png": "2", "b.png": "2"})
    threading.Timer(0.2, live.fetched, ("a.png", "2")).start()
    started = time.monotonic()
    live.fetched_by_now(5, then=0.3)  # b.png out of sight: the first fetched, and a little more
    assert 0.45 < time.monotonic() - started < 2


def test_an_edit_s_index_is_made_once_the_page_watching_fetched_the_new_picture(tmp_path, monkeypatch):
    monkeypatch.setattr(printkit.live.serve, "FETCHED_WITHIN", 20.0)
    order: list[str] = []
    real = printkit.live.preview.write_index

    def written(*args, **kwargs):
        order.append("index")
        return real(*args, **kwargs)

    monkeypatch.setattr(printkit.live.preview, "write_index", written)
    served = Served(make(tmp_path, 20))
    events = Events(served.port)
    fetched, waited = [], []
    try:
        state = events.until(lambda state: len(deck_versions(state)) == 6 + 20)
        for words in ("card 11, other words", "card 11, words again"):  # the second: the first's fetches forgotten
            before = state
            order.clear()
            edit(served.project, f'"{before_words(state, served)}"', f'"{words}"')
            after = events.until(  # the card edited is told first, then its sheet's page
                lambda state: "page-03.png" in changed(deck_versions(before), deck_versions(state)))
            time.sleep(0.5)
            fetched.append(list(order))  # the index waits for the picture
            new = sorted(path for path in deck_versions(after) if after["images"][path] != before["images"][path])
            started = time.monotonic()
            for path in new:
                order.append(f"fetched {path.removeprefix(DECK + '/')}")
                assert served.get(f"/{path}?v={after['images'][path]}")[0] == 200
            state = events.until(lambda state: state["index"] != before["index"])
            waited.append(time.monotonic() - started)
            assert order == ["fetched card-11.png", "fetched page-03.png", "index"]
    finally:
        events.close()
        served.close()
    assert fetched == [[], []]
    assert max(waited) < 10  # made once fetched, not at the time out


def before_words(state: dict, served) -> str:
    text = (served.project / "content" / "speed" / "game.yaml").read_text(encoding="utf-8")
    return next(words for words in ("card 11 words", "card 11, other words") if f'"{words}"' in text)
