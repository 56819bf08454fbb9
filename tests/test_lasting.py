"""Planned pages kept between builds (printkit/lasting.py): read back as they were made, a damaged
or foreign file never trusted, the words' fingerprint changed by what they read and only that,
and a build's files the same bytes with the store as without it, an edit planning again only the
spreads it changes."""

from __future__ import annotations

import hashlib
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from printkit import lasting
from printkit.plan.geometry import Paper, Rect, Segment
from printkit.plan.marks import Box, Circle, Group, Line, Polygon, UseForm
from printkit.plan.text import Text, TextLine
from printkit.render.words import Templates



MARKS = [Text(1.5, 2.25, (TextLine(0.0, -3.1, 9.5, (("Sans", "a"), ("Sans-Bold", "ß")), 4.0),), 9.5, 4.2, 0.3),
         Box(Rect(0.1, 0.2, 0.3, 0.4), 0.25, None, 0.9, (1.0, 2.0), 1.5), Line(Segment(1, 2, 3, 4), dash=None),
         Polygon(((0.0, 0.0), (1.0, 0.5), (0.0, 1.0)), fill=0.5), Circle(1.0, 2.0, 3.0, fill=None),
         Group((Box(Rect(0, 0, 1, 1)), Group((Line(Segment(0, 0, 1, 1)),), 1.0, 2.0, 90.0)), 5.0, 6.0, 45.0),
         UseForm("page1", 3.0, 4.0), Paper("A4", 210.0, 297.0)]


@pytest.fixture
def store(tmp_path) -> lasting.Store:
    return lasting.Store(tmp_path / "cache")


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
    found = lasting.Store(store.folder).kept(["page", 1], made(None)[0])
    assert found == value and found is not value and calls == [1]
    assert type(found[0]) is list and type(found[1]) is tuple and type(found[0][0].lines) is tuple


def test_other_inputs_or_another_printkit_find_nothing(store, monkeypatch):
    store.kept(["page", 1], made(MARKS)[0])
    make, calls = made(MARKS)
    store.kept(["page", 2], make)
    other = lasting.Store(store.folder)
    monkeypatch.setattr(other, "_code", "another printkit")
    other.kept(["page", 1], make)
    assert calls == [1, 1]


def _only_file(store) -> Path:
    (path,) = [p for p in store.folder.iterdir() if not p.name.startswith(".tmp-")]
    return path


def test_a_damaged_file_is_planned_again(store):
    store.kept(["page"], made(MARKS)[0])
    path = _only_file(store)
    path.write_bytes(path.read_bytes()[:-20])
    make, calls = made(MARKS)
    assert lasting.Store(store.folder).kept(["page"], make) == MARKS and calls == [1]


def test_a_foreign_pickle_runs_no_code(store, tmp_path):
    store.kept(["page"], made(MARKS)[0])
    path, witness = _only_file(store), tmp_path / "ran"

    class Hostile:
        def __reduce__(self):
            return os.system, (f"touch {witness}",)
    path.write_bytes(path.stem.encode() + pickle.dumps([Hostile()]))
    make, calls = made(MARKS)
    assert lasting.Store(store.folder).kept(["page"], make) == MARKS and calls == [1]
    assert not witness.exists()


def test_a_store_that_cannot_be_written_keeps_nothing_and_fails_nothing(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    store = lasting.Store(tmp_path / "file" / "cache")
    make, calls = made(MARKS)
    assert store.kept(["page"], make) == MARKS and store.kept(["page"], make) == MARKS and calls == [1, 1]


def test_validate_reads_and_keeps_nothing(tmp_path):
    store = lasting.Store(tmp_path / "cache", write=False)
    make, calls = made(MARKS)
    store.kept(["page"], make)
    assert calls == [1] and not (tmp_path / "cache").exists()


def test_the_oldest_files_and_old_temporary_files_are_pruned(store, monkeypatch):
    monkeypatch.setattr(lasting, "MOST_FILES", 3)
    for n in range(5):
        store.kept(["page", n], made(MARKS)[0])
    files = sorted(store.folder.iterdir())
    for age, path in enumerate(files):
        os.utime(path, (1_000_000 + age, 1_000_000 + age))
    (store.folder / ".tmp-left").write_bytes(b"x")
    os.utime(store.folder / ".tmp-left", (1_000_000, 1_000_000))
    (store.folder / ".tmp-writing").write_bytes(b"x")  # a printkit writing it now
    store.prune()
    assert sorted(p.name for p in store.folder.iterdir()) == sorted([p.name for p in files[2:]] + [".tmp-writing"])


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


def test_a_template_named_as_it_runs_makes_every_value_count(tmp_path):
    source = "{% set a %}{% include which %}{% endset %}"
    first = _words(tmp_path / "1", source, which="common.j2", other=1)
    assert _words(tmp_path / "2", source, which="common.j2", other=2) != first


# --- whole builds ----------------------------------------------------------------------------------

def _build(project: Path, out: str, cache: str) -> dict[str, str]:
    subprocess.run([sys.executable, "-m", "printkit", "build", "cross-sums", "--out", out], cwd=project, check=True,
                   stdout=subprocess.DEVNULL, env={**os.environ, "PRINTKIT_CACHE": cache})
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


def test_an_edit_plans_again_only_its_spreads_and_the_files_are_as_without_the_store(project):
    cache = project / "cache"
    first = _build(project, "out", str(cache))
    before = _forms(project / "out" / "cross-sums" / "booklet.pdf")
    kept = {p.name for p in cache.iterdir()}
    booklets = [project / "out" / "cross-sums" / "booklet.pdf",
                *sorted((project / "out" / "cross-sums" / "booklet-saddle").glob("volume-*.pdf"))]
    drawn = sum(len(_forms(path)) for path in booklets)  # every page of the booklet and of its volumes (their
    assert len(kept) == 52 + drawn  # own covers and footers) drawn; the 50 spreads, the plan they share and the
    # front matter (the rules, the scenarios at a glance, the notes)
    assert _build(project, "again", str(cache)) == first == _build(project, "off", "off")
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    text = scenarios.read_text(encoding="utf-8")
    assert text.count("Which card do you take") == 1
    scenarios.write_text(text.replace("Which card do you take", "Which card will you take"), encoding="utf-8")
    edited = _build(project, "out", str(cache))
    new = {p.name for p in cache.iterdir()} - kept
    # that scenario's spread, and the plan (made from every scenario's words); its left page, where the tagline is,
    # drawn in the booklet and in its volume; not the front matter (made from the scenarios' facts, not their words). A page's drawing is kept too: its glyph codes are the booklet's, not
    # those of the order the pages were drawn in, so every other page is drawn as it was, byte for byte.
    assert len(new) == 2 + 2
    after = _forms(project / "out" / "cross-sums" / "booklet.pdf")
    assert len(after) == len(before) and sum(a != b for a, b in zip(after, before)) == 1
    assert edited == _build(project, "edited-off", "off") != first
