"""watch's settle wait (printkit/live/watch.py): a save that is each file written whole and closed is
over after CLOSED_QUIET; any other burst (a rename, a deletion, a file not yet closed, a write after
the close) still waits QUIET, so an editor saving in several writes is built once, whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from watchdog.events import (FileClosedEvent, FileClosedNoWriteEvent, FileCreatedEvent, FileDeletedEvent,
                             FileModifiedEvent, FileMovedEvent, FileOpenedEvent)

from printkit.live import watch


@pytest.fixture
def edits(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    return watch._Edits([content], tmp_path / "output"), content


def told(edits, *events):
    for event in events:
        edits.on_any_event(event)
    return edits.quiet()


def test_the_constants_keep_a_real_debounce():
    assert watch.CLOSED_QUIET < watch.QUIET == 0.06


def test_a_file_written_whole_and_closed_is_settled_sooner(edits):
    edits, content = edits
    cards = str(content / "cards.csv")
    assert told(edits, FileOpenedEvent(cards), FileModifiedEvent(cards), FileModifiedEvent(cards),
                FileClosedEvent(cards)) == watch.CLOSED_QUIET
    assert edits.take() == [cards]


def test_a_file_not_yet_closed_waits_quiet(edits):
    edits, content = edits
    cards = str(content / "cards.csv")
    assert told(edits, FileCreatedEvent(cards), FileModifiedEvent(cards)) == watch.QUIET


def test_a_write_after_the_close_waits_quiet_again(edits):
    edits, content = edits
    cards = str(content / "cards.csv")
    assert told(edits, FileModifiedEvent(cards), FileClosedEvent(cards)) == watch.CLOSED_QUIET
    assert told(edits, FileModifiedEvent(cards)) == watch.QUIET


def test_one_of_two_files_closed_waits_quiet(edits):
    edits, content = edits
    cards, rules = str(content / "cards.csv"), str(content / "rules.md")
    assert told(edits, FileModifiedEvent(cards), FileModifiedEvent(rules), FileClosedEvent(cards)) == watch.QUIET
    assert told(edits, FileClosedEvent(rules)) == watch.CLOSED_QUIET


def test_a_rename_or_a_deletion_waits_quiet(edits):
    edits, content = edits
    cards, saved = str(content / "cards.csv"), str(content / "cards.csv.new")
    assert told(edits, FileModifiedEvent(saved), FileClosedEvent(saved), FileMovedEvent(saved, cards)) == watch.QUIET
    edits.take()
    assert told(edits, FileDeletedEvent(cards)) == watch.QUIET


def test_a_close_of_a_file_not_written_in_the_burst_settles_nothing_sooner(edits):
    edits, content = edits
    cards, rules = str(content / "cards.csv"), str(content / "rules.md")
    assert told(edits, FileModifiedEvent(cards), FileClosedEvent(rules), FileClosedNoWriteEvent(cards)) == watch.QUIET
    assert edits.take() == [cards]


def test_an_editors_scratch_file_closed_does_not_count(edits):
    edits, content = edits
    cards, swap = str(content / "cards.csv"), str(content / ".cards.csv.swp")
    assert told(edits, FileModifiedEvent(cards), FileModifiedEvent(swap), FileClosedEvent(swap)) == watch.QUIET


def test_after_a_build_the_next_burst_starts_afresh(edits):
    edits, content = edits
    cards, rules = str(content / "cards.csv"), str(content / "rules.md")
    told(edits, FileModifiedEvent(rules))  # built before it was closed (SETTLE)
    edits.take()
    assert edits.quiet() == watch.QUIET  # nothing changed: no settling sooner on nothing
    assert told(edits, FileModifiedEvent(cards), FileClosedEvent(cards)) == watch.CLOSED_QUIET


def test_the_system_is_asked_for_changes_only_not_for_the_files_a_build_reads(tmp_path):
    """A build reads every file it uses: with the events watch asks for (watch.HEARD), reading
    wakes nothing, while a write is still heard, closed after it."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer
    import threading
    import time

    content = tmp_path / "content"
    content.mkdir()
    cards = content / "cards.csv"
    cards.write_text("name\nAce\n", encoding="utf-8")
    heard: list = []
    arrived = threading.Event()

    class Heard(FileSystemEventHandler):
        def on_any_event(self, event):
            heard.append(event.event_type)
            arrived.set()

    def events_of(action, asked) -> list:
        heard.clear()
        arrived.clear()
        observer = Observer()
        observer.schedule(Heard(), str(content), recursive=True, event_filter=asked)
        observer.start()
        try:
            action()
            arrived.wait(0.5)
            time.sleep(0.2)  # the events of one action arrive together
        finally:
            observer.stop()
            observer.join()
        return list(heard)

    def read() -> None:
        assert cards.read_text(encoding="utf-8").startswith("name")

    assert "opened" in events_of(read, None)  # not asked, a read is heard (this test can fail)
    assert events_of(read, watch.HEARD) == []
    written = events_of(lambda: cards.write_text("name\nKing\n", encoding="utf-8"), watch.HEARD)
    assert "modified" in written and "closed" in written and "opened" not in written


def test_the_cycle_collector_is_held_while_an_edit_is_built_and_runs_again_after(tmp_path):
    import gc
    import threading

    content = tmp_path / "content"
    content.mkdir()
    cards = content / "cards.csv"
    cards.write_text("name\nAce\n", encoding="utf-8")
    stop, seen = threading.Event(), []

    def rebuild(changed):
        seen.append((list(changed), gc.isenabled()))
        if changed:
            stop.set()
        else:
            threading.Timer(0.3, lambda: cards.write_text("name\nKing\n", encoding="utf-8")).start()

    assert gc.isenabled()
    watch.follow(content, tmp_path / "output", rebuild, lambda line: None, stop)
    assert seen[0] == ([], True)  # the first build (a whole one, every file): collected as it goes
    assert seen[1] == ([str(cards)], False)
    assert gc.isenabled()
    gc.disable()  # held already by whoever runs printkit: left held
    try:
        with watch._collected_after():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
