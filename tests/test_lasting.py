"""Planned pages kept between builds (printkit/pipeline/cache.py): read back as they were made, a damaged
or foreign file never trusted, the words' fingerprint changed by what they read and only that,
and a build's files the same bytes with the store as without it, an edit planning again only the
spreads it changes."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pypdf
import pytest
import yaml

from conftest import build
from printkit.ground import store as kept_bytes
from printkit.pipeline import cache
from printkit.plan import kept as codec
from printkit.ground.errors import PrintkitError
from printkit.pipeline.manifest import MAX_PAGES  # a page count over it is no count printkit wrote
from printkit.plan.geometry import Paper, Rect, Segment
from printkit.plan.marks import Box, Circle, Group, Line, Polygon, UseForm
from printkit.plan.text import Text, TextLine
from printkit.load.words import Templates



MARKS = [Text(1.5, 2.25, (TextLine(0.0, -3.1, 9.5, (("Sans", "a"), ("Sans-Bold", "ß")), 4.0),), 9.5, 4.2, 0.3),
         Box(Rect(0.1, 0.2, 0.3, 0.4), 0.25, None, 0.9, (1.0, 2.0), 1.5), Line(Segment(1, 2, 3, 4), dash=None),
         Polygon(((0.0, 0.0), (1.0, 0.5), (0.0, 1.0)), fill=0.5), Circle(1.0, 2.0, 3.0, fill=None),
         Group((Box(Rect(0, 0, 1, 1)), Group((Line(Segment(0, 0, 1, 1)),), 1.0, 2.0, 90.0)), 5.0, 6.0, 45.0),
         UseForm("page1", 3.0, 4.0), Paper("A4", 210.0, 297.0)]


@pytest.fixture
def store(tmp_path) -> cache.PageCache:
    return cache.PageCache(tmp_path / "cache")


def made(value):
    calls = []

    def make():
        calls.append(1)
        return value
    return make, calls


def test_marks_are_read_back_as_they_were_made(store):
    value = ([*MARKS], tuple(MARKS))  # a list stays a list, a tuple a tuple
    make, calls = made(value)
    assert store.kept(["page", 1], make) is value
    store.flush()
    found = cache.PageCache(store.folder).kept(["page", 1], made(None)[0])
    assert found == value and found is not value and calls == [1]
    assert type(found[0]) is list and type(found[1]) is tuple and type(found[0][0].lines) is tuple


def test_a_value_not_yet_written_is_found_by_its_own_process(store):
    make, calls = made(MARKS)
    store.kept(["page"], make)
    assert store.kept(["page"], make) == MARKS and calls == [1]


def test_other_inputs_or_another_printkit_find_nothing(store, monkeypatch):
    store.kept(["page", 1], made(MARKS)[0])
    make, calls = made(MARKS)
    store.kept(["page", 2], make)
    store.flush()
    other = cache.PageCache(store.folder)
    monkeypatch.setattr(other, "_code", "another printkit")
    other.kept(["page", 1], make)
    assert calls == [1, 1]


def _database(store) -> sqlite3.Connection:
    store.close()
    return sqlite3.connect(store.folder / kept_bytes.DATABASE, isolation_level=None)


def test_a_damaged_value_is_planned_again(store):
    store.kept(["page"], made(MARKS)[0])
    with _database(store) as db:
        (value,) = db.execute("SELECT value FROM kept").fetchone()
        db.execute("UPDATE kept SET value = ?", (value[:-20],))
    make, calls = made(MARKS)
    assert cache.PageCache(store.folder).kept(["page"], make) == MARKS and calls == [1]


@pytest.mark.parametrize("junk", [b"", b"not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 4000])
def test_a_damaged_database_keeps_nothing_and_fails_nothing(store, junk):
    store.kept(["page"], made(MARKS)[0])
    store.close()
    for extra in ("-wal", "-shm"):
        (store.folder / (kept_bytes.DATABASE + extra)).unlink(missing_ok=True)
    (store.folder / kept_bytes.DATABASE).write_bytes(junk)
    again = cache.PageCache(store.folder)
    make, calls = made(MARKS)
    assert again.kept(["page"], make) == MARKS and again.kept(["page"], make) == MARKS
    again.flush()
    again.prune()
    assert calls and cache.PageCache(store.folder).kept(["page"], make) == MARKS


def test_a_foreign_pickle_runs_no_code(store, tmp_path):
    store.kept(["page"], made(MARKS)[0])
    witness = tmp_path / "ran"

    class Hostile:
        def __reduce__(self):
            return os.system, (f"touch {witness}",)
    with _database(store) as db:
        db.execute("UPDATE kept SET value = ?", (pickle.dumps([Hostile()]),))
    make, calls = made(MARKS)
    assert cache.PageCache(store.folder).kept(["page"], make) == MARKS and calls == [1]
    assert not witness.exists()


def test_a_store_that_cannot_be_written_keeps_nothing_and_fails_nothing(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    store = cache.PageCache(tmp_path / "file" / "cache")
    make, calls = made(MARKS)
    assert store.kept(["page"], make) == MARKS and store.kept(["page"], make) == MARKS and calls == [1, 1]
    store.flush()
    store.prune()


def test_validate_reads_and_keeps_nothing(tmp_path):
    store = cache.PageCache(tmp_path / "cache", write=False)
    make, calls = made(MARKS)
    store.kept(["page"], make)
    store.flush()
    assert calls == [1] and not (tmp_path / "cache").exists()


def test_the_values_longest_unused_are_pruned(store, monkeypatch):
    monkeypatch.setattr(kept_bytes, "MOST_FILES", 3)
    clock = iter(range(1_000_000, 2_000_000, 4000))  # each read an hour and more after the last
    monkeypatch.setattr(kept_bytes.time, "time", lambda: next(clock))
    keys = []
    for n in range(5):
        store.kept(["page", n], made(MARKS)[0])
        store.flush()
        (new,) = store.keys() - set().union(*keys)
        keys.append({new})
    store.kept(["page", 0], made(MARKS)[0])  # read again: used last
    store.prune()
    assert store.keys() == keys[0] | keys[3] | keys[4]


def test_a_value_used_again_within_the_hour_is_not_noted_again(store, monkeypatch):
    """An edit finds some 300 values: each one's time of use is written at most once an hour."""
    now = [1_000_000.0]
    monkeypatch.setattr(kept_bytes.time, "time", lambda: now[0])
    store.kept(["page"], made(MARKS)[0])
    store.flush()
    now[0] += kept_bytes.USED_AGAIN - 1
    assert store.kept(["page"], made(None)[0]) == MARKS and store.store._used == []
    now[0] += 2
    assert store.kept(["page"], made(None)[0]) == MARKS and [when for when, _ in store.store._used] == [now[0]]


def test_a_full_store_is_pruned_to_nine_tenths_and_then_left_until_it_is_full_again(store, monkeypatch):
    monkeypatch.setattr(kept_bytes, "MOST_FILES", 20)
    clock = iter(range(1_000_000, 2_000_000, 4000))  # each read an hour and more after the last
    monkeypatch.setattr(kept_bytes.time, "time", lambda: next(clock))
    for n in range(20):
        store.kept(["page", n], made(MARKS)[0])
    store.prune()
    assert len(store.keys()) == 20  # full, not over
    store.kept(["page", 20], made(MARKS)[0])
    store.prune()
    assert len(store.keys()) == 18
    for n in range(21, 23):
        store.kept(["page", n], made(MARKS)[0])
        store.prune()
        assert len(store.keys()) == n - 2


def test_a_worker_finds_what_another_process_kept(store):
    """The booklet is drawn in one worker and its volumes in another: each process has its own
    connection, opened after the fork, and finds what the others wrote once they flushed."""
    store.kept(["page", "parent"], made(MARKS)[0])
    store.close()  # as a build does before it forks its workers
    context = multiprocessing.get_context("fork")
    for name in ("a", "b"):
        child = context.Process(target=_keep_in_child, args=(store, name))
        child.start()
        child.join()
        assert child.exitcode == 0
    make, calls = made(None)
    assert [store.kept(["page", name], make) for name in ("parent", "a", "b")] == [MARKS] * 3 and calls == []


def _keep_in_child(store: cache.PageCache, name: str) -> None:
    assert store.kept(["page", "parent"], made(None)[0]) == MARKS  # the parent's, found
    store.kept(["page", name], made(MARKS)[0])
    store.flush()


# --- files noted as planned ------------------------------------------------------------------------

def test_a_file_noted_as_planned_is_found_under_its_name_and_fingerprint_only(store):
    store.note_planned("game/rules.pdf", "inputs 1", 3)
    assert store.planned("game/rules.pdf", "inputs 1") == 3  # before it is written, by its own process
    store.close()
    again = cache.PageCache(store.folder, write=False)
    assert again.planned("game/rules.pdf", "inputs 1") == 3
    # files of a game made from the same inputs share a fingerprint: the name tells them apart
    assert again.planned("game/aid.pdf", "inputs 1") is None and again.planned("game/rules.pdf", "inputs 2") is None


def test_a_store_that_does_not_write_notes_nothing(tmp_path, store):
    store.note_planned("game/rules.pdf", "inputs", 1)
    store.close()
    reading = cache.PageCache(store.folder, write=False)
    reading.note_planned("game/aid.pdf", "inputs", 2)
    reading.flush()
    assert cache.PageCache(store.folder).planned("game/aid.pdf", "inputs") is None
    absent = cache.PageCache(tmp_path / "none", write=False)
    absent.note_planned("game/aid.pdf", "inputs", 2)
    assert absent.planned("game/aid.pdf", "inputs") is None and not (tmp_path / "none").exists()


@pytest.mark.parametrize("pages", [0, -5, MAX_PAGES + 1, "three", 2.5, b"\x01"])
def test_a_page_count_no_file_has_is_planned_again(store, pages):
    store.note_planned("game/rules.pdf", "inputs", 1)
    with _database(store) as db:
        db.execute("UPDATE planned SET pages = ?", (pages,))
    assert cache.PageCache(store.folder, write=False).planned("game/rules.pdf", "inputs") is None


def test_a_database_kept_before_files_were_noted_is_read_without_them(store):
    store.kept(["page"], made(MARKS)[0])
    with _database(store) as db:
        db.execute("DROP TABLE planned")
    reading = cache.PageCache(store.folder, write=False)  # validate opens it as it is
    assert reading.planned("game/rules.pdf", "inputs") is None and reading.kept(["page"], made(None)[0]) == MARKS
    writing = cache.PageCache(store.folder)  # a build adds the table
    writing.note_planned("game/rules.pdf", "inputs", 2)
    writing.close()
    assert cache.PageCache(store.folder, write=False).planned("game/rules.pdf", "inputs") == 2


def test_the_files_noted_longest_unused_are_pruned(store, monkeypatch):
    monkeypatch.setattr(kept_bytes, "MOST_PLANNED", 2)
    clock = iter(range(1_000_000, 2_000_000, 4000))  # each read an hour and more after the last
    monkeypatch.setattr(kept_bytes.time, "time", lambda: next(clock))
    for n in range(4):
        store.note_planned(f"game/{n}.pdf", "inputs", 1)
        store.flush()
    assert store.planned("game/0.pdf", "inputs") == 1  # found again: used last
    store.prune()
    found = cache.PageCache(store.folder, write=False)
    assert [found.planned(f"game/{n}.pdf", "inputs") for n in range(4)] == [1, None, None, 1]


# --- the words' fingerprint ------------------------------------------------------------------------

def _words(folder: Path, source: str, common: str = "", **context):
    (folder / "game").mkdir(parents=True, exist_ok=True)
    (folder / "game" / "t.j2").write_text(source, encoding="utf-8")
    (folder / "common.j2").write_text(common, encoding="utf-8")
    return Templates(folder).render("game/t.j2", **context).fingerprint


def test_the_fingerprint_follows_what_the_template_reads(tmp_path):
    source = "{% set a %}{{ scenario.title }} and all scenarios{% endset %}"
    first = _words(tmp_path / "1", source, scenario={"title": "x"}, scenarios=[1, 2])
    assert _words(tmp_path / "2", source, scenario={"title": "x"}, scenarios=[1, 2, 3]) == first  # not read
    assert _words(tmp_path / "3", source, scenario={"title": "y"}, scenarios=[1, 2]) != first  # read
    assert _words(tmp_path / "4", source + " ", scenario={"title": "x"}, scenarios=[1, 2]) != first  # its text


def test_an_attribute_is_not_a_name_the_template_reads(tmp_path):
    source = "{% set a %}{{ campaign.scenarios }}{% endset %}"
    first = _words(tmp_path / "1", source, campaign={"scenarios": 50}, scenarios=[1])
    assert _words(tmp_path / "2", source, campaign={"scenarios": 50}, scenarios=[1, 2]) == first
    assert _words(tmp_path / "3", source, campaign={"scenarios": 51}, scenarios=[1]) != first


def test_the_fingerprint_follows_imported_templates_and_their_reads(tmp_path):
    source = "{% import 'common.j2' as c with context %}{% set a %}{{ c.b() }}{% endset %}"
    common = "{% macro b() %}{{ campaign.x }}{% endmacro %}"
    first = _words(tmp_path / "1", source, common, campaign={"x": 1}, other=1)
    assert _words(tmp_path / "2", source, common, campaign={"x": 1}, other=2) == first
    assert _words(tmp_path / "3", source, common, campaign={"x": 2}, other=1) != first
    assert _words(tmp_path / "4", source, common + " ", campaign={"x": 1}, other=1) != first


def test_the_fingerprint_is_found_without_running_the_template(tmp_path):
    """What a booklet keeps under its words' fingerprint is found with no template run: a template
    that would fail when run still has a fingerprint, the failure said when its words are asked for."""
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "t.j2").write_text("{% set a %}{{ scenario.title }}{{ 1 // 0 }}{% endset %}", encoding="utf-8")
    (tmp_path / "common.j2").write_text("", encoding="utf-8")
    words = Templates(tmp_path).render("game/t.j2", scenario={"title": "x"})
    assert len(words.fingerprint) == 64
    with pytest.raises(PrintkitError, match="t.j2:1: template: .*division"):
        words.markup("a")


def test_a_missing_template_is_said_where_it_is_wanted_even_for_its_fingerprint(tmp_path):
    (tmp_path / "common.j2").write_text("", encoding="utf-8")
    words = Templates(tmp_path, "templates").render("game/none.j2", scenario={})
    with pytest.raises(PrintkitError) as error:
        words.fingerprint
    assert [str(p) for p in error.value.problems] == ["templates/game/none.j2: template is missing"]


def test_an_include_not_yet_written_makes_every_value_count_and_writing_it_is_a_change(tmp_path):
    source = "{% set a %}{% if other > 5 %}{% include 'game/later.j2' %}{% endif %}{% endset %}"
    first = _words(tmp_path / "1", source, other=1)
    assert _words(tmp_path / "2", source, other=2) != first  # every value of the context counts
    (tmp_path / "3" / "game").mkdir(parents=True)
    (tmp_path / "3" / "game" / "later.j2").write_text("x", encoding="utf-8")
    assert _words(tmp_path / "3", source, other=1) != first


def test_a_template_named_as_it_runs_makes_every_value_count(tmp_path):
    source = "{% set a %}{% include which %}{% endset %}"
    first = _words(tmp_path / "1", source, which="common.j2", other=1)
    assert _words(tmp_path / "2", source, which="common.j2", other=2) != first


# --- whole builds ----------------------------------------------------------------------------------

def _build(project: Path, out: str, cache_folder: str) -> dict[str, str]:
    subprocess.run([sys.executable, "-m", "printkit", "build", "cross-sums", "--out", out], cwd=project, check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "PRINTKIT_CACHE": cache_folder})
    folder = project / out
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*.pdf"))}


def _forms(path: Path) -> list[bytes]:
    """The operators of every booklet page (each a form XObject), in page order."""
    forms = {}
    for page in pypdf.PdfReader(path).pages:
        for name, form in page["/Resources"]["/XObject"].items():
            forms[int(name.removeprefix("/FormXob.page"))] = form.get_object().get_data()
    return [forms[n] for n in sorted(forms)]


def _unbound(folder: Path) -> list[Path]:
    """The PDFs of a build that are no booklet (their pages are drawn on the page, not in forms)."""
    return [path for path in sorted(folder.rglob("*.pdf")) if "booklet" not in path.relative_to(folder).as_posix()]


def _subsets(folder: Path) -> set[str]:
    """The font subsets a build's PDFs embed, by their names (`KQWZRE+DejaVuSans`), across the files."""
    return {str(font.get_object()["/BaseFont"]) for path in folder.rglob("*.pdf")
            for page in pypdf.PdfReader(path).pages for font in page["/Resources"].get("/Font", {}).values()} | \
        {str(font.get_object()["/BaseFont"]) for path in folder.rglob("*.pdf") for page in pypdf.PdfReader(path).pages
         for form in page["/Resources"].get("/XObject", {}).values()
         for font in form.get_object().get("/Resources", {}).get("/Font", {}).values()}


def _pages(path: Path) -> list[bytes]:
    return [page.get_contents().get_data() for page in pypdf.PdfReader(path).pages]


def test_an_edit_plans_again_only_its_spreads_and_the_files_are_as_without_the_store(project):
    cache_folder = project / "cache"
    first = _build(project, "out", str(cache_folder))
    before = _forms(project / "out" / "cross-sums" / "booklet.pdf")
    kept = cache.PageCache(cache_folder).keys()
    booklets = [project / "out" / "cross-sums" / "booklet.pdf",
                *sorted((project / "out" / "cross-sums" / "booklet-saddle").glob("volume-*.pdf"))]
    # the 50 spreads, the plan they share and what it takes from each scenario (the height of its setup steps, its table's
    # largest card, its effect example's card where it has one) and the table's area, the front matter (the rules,
    # the scenarios at a glance, the notes), on A4 and on Letter (planned for validate, not drawn), and the drawing
    # of every page: a volume's pages are the booklet's, drawn once; the page numbers of the booklet and of each of
    # its three volumes, on each paper; and printkit's three fonts as ReportLab parsed them (printkit/plan/fonts.py)
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    listed = yaml.safe_load(scenarios.read_text(encoding="utf-8"))["scenarios"]
    examples = sum("effect_example" in scenario for scenario in listed)
    assert len(listed) == 50 and examples == 4
    every = [form for path in booklets for form in _forms(path)]
    # and, since issue 41, each setup sheet's plan on each paper, and the drawing of every page of the files that are
    # no booklet (a page drawn alike in two files, kept once)
    drawn = {page for path in _unbound(project / "out" / "cross-sums") for page in _pages(path)}
    # (printkit's fonts are not kept here: they ship parsed, fonts/parsed.marshal)
    # and what the words of the templates that key what is kept read (printkit/load/reads.py): the rules', the
    # booklet's, the glance's and the setup's, and the three strip labels of the rules' picture; and each font subset
    # the files embed, as it was cut (printkit/render/subsets.py: its tag is of its font and its characters)
    subsets = _subsets(project / "out")
    assert len(subsets) >= 3
    assert len(kept) == 2 * (50 + 1 + 50 + 50 + examples + 1 + 1 + 4) + len(set(every)) + 2 * 50 + \
        len(drawn) + 4 + 1 + len(subsets) and len(set(every)) < 0.6 * len(every)
    assert _build(project, "again", str(cache_folder)) == first == _build(project, "off", "off")
    text = scenarios.read_text(encoding="utf-8")
    assert text.count("Which card do you take") == 1
    edited_one = next(scenario for scenario in listed if "Which card do you take" in scenario["tagline"])
    assert "effect_example" not in edited_one
    scenarios.write_text(text.replace("Which card do you take", "Which card will you take"), encoding="utf-8")
    edited = _build(project, "out", str(cache_folder))
    new = cache.PageCache(cache_folder).keys() - kept
    # that scenario's spread, the plan (made from every scenario's words) and what it takes from that scenario (its
    # steps' height, its table's card), on each paper, not from the other 49; the drawing of its two pages, one for the
    # booklet and its volume (each page is known by its spread's key: printkit/plan/kept_marks.py); not the front matter (made from
    # the scenarios' facts, not their words). Every other page is drawn as it was, byte for byte: its glyph codes are
    # the whole booklet's, not those of the order the pages were drawn in. Only the left page, where the tagline is,
    # differs. Its setup sheet's plan on each paper, and its page drawn in its own file and in the file of every sheet.
    assert len(new) == 2 * 4 + 2 + 2 + 2
    after = _forms(project / "out" / "cross-sums" / "booklet.pdf")
    assert len(after) == len(before) and sum(a != b for a, b in zip(after, before)) == 1
    assert edited == _build(project, "edited-off", "off") != first


def test_a_mark_drawn_as_before_keeps_its_digest_when_its_class_gained_fields():
    """Group, Circle and Polygon gained fields (opacity, clip, dash, closed); at their defaults
    they are not written, so a card drawn as before keeps the fingerprint printed.json recorded.
    The digest is the one printkit computed before those fields existed (commit 9beb4da)."""
    from printkit.plan.marks import Circle, Group, Polygon

    mark = Group((Circle(1, 2, 3), Polygon(((0, 0), (1, 1), (2, 0)))), 1.0, 2.0, 0.0)
    assert codec.digest_of(mark) == "6edab39f806050108a844a87fce440d76a30acda8246a386510f728ed03b40f2"
    assert codec.digest_of(Group(mark.marks, 1.0, 2.0, 0.0, opacity=0.5)) != codec.digest_of(mark)


def test_where_a_mark_was_planned_from_is_no_part_of_its_digest_and_is_kept_in_its_place():
    """A mark's `where` (its layer's FILE:LINE, for preflight's words) is not what it draws: a card
    planned from another line is the same card (its fingerprint in printed.json), and a kept
    Circle reads back with its dash and its where each where it was (they came after `item`)."""
    import io
    import pickle

    from printkit.plan.marks import Ellipse

    plain = Group((Circle(1, 2, 3), Polygon(((0, 0), (1, 1), (2, 0)))), 1.0, 2.0, 0.0)
    placed = Group((Circle(1, 2, 3, where="game.yaml:9"), Polygon(((0, 0), (1, 1), (2, 0)), where="game.yaml:12")),
                   1.0, 2.0, 0.0)
    assert codec.digest_of(placed) == codec.digest_of(plain) == "6edab39f806050108a844a87fce440d76a30acda8246a386510f728ed03b40f2"
    assert codec.digest_of(Circle(1, 2, 3, dash=(1, 1))) != codec.digest_of(Circle(1, 2, 3))
    seg = Segment(0, 0, 1, 1)
    marks = (Circle(1, 2, 3, dash=(1.0, 2.0), where="game.yaml:9"), Line(seg, item="rule", where="game.yaml:3"),
             Box(Rect(0, 0, 1, 1), item="border", where="game.yaml:4"), Ellipse(Rect(0, 0, 1, 1), where="game.yaml:5"),
             Polygon(((0, 0), (1, 1), (2, 0)), dash=(1.0, 1.0), closed=False, where="game.yaml:6"))
    buffer = io.BytesIO()
    codec._writer(buffer).dump(marks)
    back = codec._Reader(io.BytesIO(buffer.getvalue())).load()
    assert [(mark, getattr(mark, "item", None), mark.where) for mark in back] == \
        [(mark, getattr(mark, "item", None), mark.where) for mark in marks]
    assert back[0].dash == (1.0, 2.0) and back[4].closed is False


def test_an_edits_booklet_and_its_volumes_digest_each_page_once(cli, project, monkeypatch, tmp_path):
    """An edit's few files are drawn one after another in a process that keeps what it worked out:
    a page the booklet digested (to find its drawing kept) is not digested again for the volume
    holding it, nor a page the booklet holds twice (its blank pages for notes). A scenario's two
    pages are not digested at all: they know the key their spread is kept under (Marks)."""
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    assert build(cli, "cross-sums")[0] == 0
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    text = scenarios.read_text(encoding="utf-8")
    scenarios.write_text(text.replace("Which card do you take", "Which card will you take"), encoding="utf-8")
    digested, digest_of = [], codec.digest_of
    started = time.time_ns()
    monkeypatch.setattr(codec, "digest_of", lambda value, **named: digested.append(digest_of(value, **named)) or
                        digested[-1])
    code, out, _ = build(cli, "cross-sums")
    assert code == 0 and "booklet.pdf" in out and "volume-1.pdf" in out
    pages = len(pypdf.PdfReader(project / "out" / "cross-sums" / "booklet.pdf").pages)
    volumes = len(list((project / "out" / "cross-sums" / "booklet-saddle").glob("volume-*.pdf")))
    assert volumes == 3
    # the booklet's pages that are not a scenario's (its cover, contents, front matter, the page for notes), each
    # volume's own cover, and each file the edit planned (the booklet, its volumes, the scenario's setup sheet
    # and setup-sheets.pdf, which holds every sheet); and each page of those two files, to find it drawn (issue 41)
    sheets = [project / "out" / "cross-sums" / "setup-sheets.pdf", *(project / "out" / "cross-sums" / "setup").glob("*")]
    drawn = sum(len(pypdf.PdfReader(path).pages) for path in sheets if path.stat().st_mtime_ns >= started)
    assert drawn == 50 + 1
    assert len(set(digested)) == len(digested) == (pages - 2 * 50) + volumes + (1 + volumes + 2) + drawn


@pytest.mark.parametrize("command", ["build", "validate"])
def test_workers_are_never_forked_while_the_page_cache_is_open(tmp_path, monkeypatch, command):
    """SQLite keeps one record per process of the locks it holds on a file: a worker forked while
    printkit has the database open would share it (sqlite.org/howtocorrupt.html, 2.6). A build and
    validate each read the page cache before they fork (the fonts, the files noted as planned).
    (A pass whose files are all planned here, `least` infinite, forks nothing: it may leave the
    database open, as an edit in watch does; no fork happens while it is open.)"""
    from printkit.pipeline import drawing, validate
    from printkit.cli.main import main

    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    open_at_fork, forked_open = [], []
    handed, fork = drawing.each_on_every_core, os.fork

    def each(*args, **kwargs):
        if kwargs.get("least", 0) != float("inf"):
            open_at_fork.append(cache.STORE.store._db is not None)
        return handed(*args, **kwargs)
    for module in (drawing, validate):  # a build's drawing, validate's planning
        monkeypatch.setattr(module, "each_on_every_core", each)
    monkeypatch.setattr(os, "fork", lambda: forked_open.append(cache.STORE.store._db is not None) or fork())
    content = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parent.parent / "content" / "numbered-cards", content / "numbered-cards")
    assert main(["build", "numbered-cards", "--content", str(content), "--out", str(tmp_path / "out"), "-q"]) == 0
    if command == "validate":
        game = content / "numbered-cards" / "game.yaml"
        game.write_text(game.read_text(encoding="utf-8") + "# a comment: the game is loaded again\n", encoding="utf-8")
        open_at_fork.clear()
        assert main(["validate", "numbered-cards", "--content", str(content)]) == 0
    assert open_at_fork and not any(open_at_fork) and not any(forked_open)


# --- pages' marks found kept, read when asked for ----------------------------------------------------

def test_pages_found_kept_are_read_only_when_their_marks_are_asked_for(store, monkeypatch):
    value = [[*MARKS], list(reversed(MARKS))]
    first = store.kept_marks(["spread", 1], made(value)[0], shape=(list, list))
    store.flush()
    again = cache.PageCache(store.folder)
    reads = []
    unpickled = codec.unpickled
    monkeypatch.setattr(codec, "unpickled", lambda data: reads.append(1) or unpickled(data))
    make, calls = made(None)
    found = again.kept_marks(["spread", 1], make, shape=(list, list))
    assert [page.digest for page in found] == [page.digest for page in first] and reads == [] and again.found == 1
    assert found[1] == tuple(reversed(MARKS)) and found[0] == first[0] and list(found[0]) == MARKS
    assert reads == [1] and calls == []  # both pages from one read
    assert pickle.loads(pickle.dumps(found[0])) == tuple(MARKS) and type(pickle.loads(pickle.dumps(found[0]))) is tuple


def test_pages_found_kept_of_another_shape_or_gone_since_are_made_again_when_asked_for(store):
    store.kept(["one page only"], made([[*MARKS]])[0])  # a value under the key, of another shape
    store.kept(["two pages"], made([[*MARKS], [*MARKS]])[0])
    store.flush()
    again = cache.PageCache(store.folder)
    make, calls = made([[*MARKS], [*MARKS]])
    found = again.kept_marks(["one page only"], make, shape=(list, list))
    assert calls == []
    assert list(found[1]) == MARKS and calls == [1]
    gone = again.kept_marks(["two pages"], make, shape=(list, list))
    with sqlite3.connect(store.folder / kept_bytes.DATABASE) as db:
        db.execute("DELETE FROM kept")
    assert calls == [1] and list(gone[0]) == MARKS and calls == [1, 1]


def test_a_booklet_page_drawn_before_is_drawn_again_without_its_marks_being_read(tmp_path, monkeypatch):
    """A form whose characters are all of its document's family is kept under the family's codes,
    and found by its marks' digest: its marks are never read. A form setting a character beyond
    the family is kept under its own codes; both files are as drawn without a page cache."""
    from printkit.plan.marks import Document, Form, Page
    from printkit.plan.label import line_at
    from printkit.render.draw import render

    paper = Paper("test", 100.0, 80.0)
    within, beyond = (line_at("Caf\u00e9", 10, 10, 10.0),), (line_at("Na\u00efve \u2192", 10, 30, 10.0),)

    def document(first, second) -> Document:
        forms = (Form("page1", paper, first), Form("page2", paper, second))
        return Document("booklet", "test", (Page(paper, (UseForm("page1"),)), Page(paper, (UseForm("page2"),))),
                        forms=forms, glyphs={"Sans": "\u00e9", "Sans-Bold": "", "Sans-Oblique": ""})
    monkeypatch.setattr(cache, "STORE", cache.PageCache(None))
    expected, _ = render(document(within, beyond))
    def pages(make) -> list:
        return [cache.KEPT.kept_marks([name], lambda: [list(make(marks))], shape=(list,))[0]
                for name, marks in (("page one", within), ("page two", beyond))]
    monkeypatch.setattr(cache, "STORE", cache.PageCache(tmp_path / "cache"))
    assert render(document(*pages(lambda marks: marks)), keeper=cache.KEPT)[0] == expected
    cache.flush()
    assert cache.STORE.made == 4  # the pages, and each page's drawing
    monkeypatch.setattr(cache, "STORE", cache.PageCache(tmp_path / "cache"))
    found = pages(lambda marks: pytest.fail("made again"))
    read = []
    monkeypatch.setattr(codec, "unpickled", lambda data, unpickled=codec.unpickled: read.append(1) or unpickled(data))
    assert render(document(*found), keeper=cache.KEPT)[0] == expected
    assert cache.STORE.found == 4 and cache.STORE.made == 0
    # the page within the family was found by its digest alone; the other's characters were read to find its codes
    assert found[0]._later.value is None and found[1]._later is None and len(read) == 3


def test_an_edited_rebuild_reads_no_unchanged_spread_s_marks(project, monkeypatch):
    """After one scenario's words are edited, the booklet (A4, drawn) and its plan on Letter (for
    validate) find the 49 other spreads and every unchanged page's drawing kept: none of their
    marks is read (printkit/plan/kept_marks.py: Marks), only digests."""
    from printkit.cli.main import main

    monkeypatch.setenv("PRINTKIT_CACHE", str(project / "cache"))
    build = ["build", "cross-sums", "--content", str(project / "content"), "--out", str(project / "out"), "-q"]
    assert main(build) == 0
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    scenarios.write_text(scenarios.read_text(encoding="utf-8").replace("Which card do you take", "Which card will you take"),
                         encoding="utf-8")
    read = []
    pages = cache.Later.pages
    # a spread's pages are two (a setup sheet's one, kept since issue 41: read, as its file's page holds its marks)
    monkeypatch.setattr(cache.Later, "pages", lambda later: read.append(later.value is None and len(later.shape) == 2)
                        or pages(later))
    found = cache.PageCache.kept_marks
    kept = []
    monkeypatch.setattr(cache.PageCache, "kept_marks", lambda *args: kept.append(len(args[3]) == 2) or found(*args))
    assert main(build) == 0
    assert sum(kept) == 2 * 50 and not any(read)
