"""A template saved while printkit reads it is read again at the next build, never kept stale:
its modification time is taken before its text (printkit/load/sandbox.py _Loader.get_source)."""

from __future__ import annotations

import os

from printkit.load import sandbox


def test_a_template_saved_while_it_is_read_is_not_taken_as_up_to_date(tmp_path, monkeypatch):
    template = tmp_path / "rules.j2"
    template.write_text("old words", encoding="utf-8")
    os.utime(template, (1_000_000, 1_000_000))
    reading = sandbox.read_text

    def read_then_saved(path, shown):
        text = reading(path, shown)
        template.write_text("new words", encoding="utf-8")  # the designer's save, mid-read
        os.utime(template, (2_000_000, 2_000_000))
        return text

    monkeypatch.setattr(sandbox, "read_text", read_then_saved)
    loader = sandbox._Loader(((tmp_path, "templates"),))
    text, _, uptodate = loader.get_source(None, "rules.j2")
    assert text == "old words"
    assert uptodate() is False  # the old words are not kept: the next build reads "new words"


def test_an_unchanged_template_stays_up_to_date(tmp_path):
    (tmp_path / "rules.j2").write_text("words", encoding="utf-8")
    text, _, uptodate = sandbox._Loader(((tmp_path, "templates"),)).get_source(None, "rules.j2")
    assert text == "words" and uptodate() is True
