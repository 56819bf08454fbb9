"""The benchmark's edit (issue 41, point 2): Cross Sums scenario 1's tagline changed. It costs
what it changes: the pages that print the tagline are planned and drawn again; what does not read
it is found kept without being read (a setup sheet's marks), planned on neither paper (the
booklet's front matter, the rules sheet), and a game it is no part of is not even imported. Where
a designer's template does read it, the pages that print it show the new text. Read back with pypdf."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from conftest import build
from printkit.pipeline import cache

TAGLINE = "Six places leave room for different plans."  # scenario 1's: the benchmark's edit (issue 41)
EDITED = "Six places leave room for other plans."


def _tagline_edited(project: Path, to: str = EDITED) -> None:
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    text = scenarios.read_text(encoding="utf-8")
    assert text.count(TAGLINE) == 1
    scenarios.write_text(text.replace(TAGLINE, to), encoding="utf-8")


def _text(path: Path, page: int) -> str:
    return " ".join(pypdf.PdfReader(path).pages[page].extract_text().split())


def _streams(path: Path) -> list[bytes]:
    return [page.get_contents().get_data() for page in pypdf.PdfReader(path).pages]


@pytest.fixture
def read_again(monkeypatch) -> list:
    """The keys of the pages' marks found kept and then read (unpickled) because their marks were
    asked for."""
    keys, read = [], cache.PageCache.read_again
    monkeypatch.setattr(cache.PageCache, "read_again", lambda self, name, shape: keys.append(name) or
                        read(self, name, shape))
    return keys


def test_the_setup_sheets_kept_are_not_read_to_put_their_footers_on_them(project, cli, monkeypatch, tmp_path,
                                                                      read_again):
    """setup-sheets.pdf after the tagline's edit: scenario 1's sheet is planned again, the 49 others
    are found kept and their pages found drawn by their digests (the footer's and the sheet's), so
    that none of them is read; the file is the one a build without the cache writes."""
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    assert build(cli, "cross-sums")[0] == 0
    sheets = project / "out" / "cross-sums" / "setup-sheets.pdf"
    before = _streams(sheets)
    _tagline_edited(project)
    read_again.clear()
    assert build(cli, "cross-sums")[0] == 0
    after = _streams(sheets)
    assert len(after) == 50 and [n for n, (a, b) in enumerate(zip(before, after)) if a != b] == [0]
    assert read_again == []  # on A4 and Letter: 98 read without Joined
    monkeypatch.setenv("PRINTKIT_CACHE", "off")
    assert build(cli, "cross-sums", out="uncached")[0] == 0
    assert sheets.read_bytes() == (project / "uncached" / "cross-sums" / "setup-sheets.pdf").read_bytes()


@pytest.fixture
def front_matter_planned(monkeypatch) -> list:
    """Each time the booklet's front matter is planned (its table of the scenarios at a glance
    comes after the rules, in it alone)."""
    from printkit.games.cross_sums import booklet, glance

    planned, table = [], glance.booklet_table
    monkeypatch.setattr(booklet.glance, "booklet_table", lambda *args: planned.append(1) or table(*args))
    return planned


@pytest.fixture
def rules_planned(monkeypatch) -> list:
    """Each time the rules are laid out: for rules.pdf and for the booklet's front matter."""
    from printkit.games.cross_sums import rules

    planned, flow = [], rules.rules_flow
    monkeypatch.setattr(rules, "rules_flow", lambda *args: planned.append(1) or flow(*args))
    return planned


def test_a_tagline_edit_plans_the_booklet_s_front_matter_on_neither_paper(project, cli, monkeypatch, tmp_path,
                                                                         front_matter_planned, rules_planned):
    """The rules and their picture read the first scenario's rows, columns and number and its
    strip's labels, not its tagline: its edit finds the front matter kept, on A4 and on Letter,
    and rules.pdf as it was, its rules laid out for neither file on neither paper."""
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    assert build(cli, "cross-sums")[0] == 0
    assert len(front_matter_planned) == 2  # A4 and Letter, planned once each
    assert len(rules_planned) == 4  # A4 and Letter: the booklet's, rules.pdf's
    _tagline_edited(project)
    front_matter_planned.clear()
    rules_planned.clear()
    code, out, _ = build(cli, "cross-sums")
    assert code == 0 and "booklet.pdf" in out and front_matter_planned == []
    assert rules_planned == []  # nor the rules sheet's
    booklet = project / "out" / "cross-sums" / "booklet.pdf"
    assert any(EDITED in _text(booklet, n) for n in range(len(pypdf.PdfReader(booklet).pages)))  # scenario 1's spread


@pytest.mark.parametrize("template, old, new", [
    ("rules.j2", "# Welcome to Cross Sums\n", "# Welcome to Cross Sums\n\n{{ first.tagline }}\n"),
    ("setup.j2", "{% set discards_label %}Discards{% endset %}",
     "{% set discards_label %}Discards{{ ' for others' if 'other' in s.tagline }}{% endset %}")])
def test_a_tagline_the_rules_print_is_printed_again_when_it_is_edited(project, cli, monkeypatch, tmp_path,
                                                                     front_matter_planned, template, old, new):
    """A designer's rules that print the first scenario's tagline, or a label of its picture that
    reads it: its edit plans the front matter again, and the booklet's rules page shows it."""
    path = project / "templates" / "cross-sums" / template
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    monkeypatch.setenv("PRINTKIT_CACHE", str(tmp_path / "cache"))
    assert build(cli, "cross-sums")[0] == 0
    rules_page = project / "out" / "cross-sums" / "booklet.pdf"
    shown = EDITED if template == "rules.j2" else "Discards for others"
    assert shown not in _text(rules_page, 1)
    _tagline_edited(project)
    front_matter_planned.clear()
    assert build(cli, "cross-sums")[0] == 0
    assert front_matter_planned == [1, 1]
    assert shown in _text(rules_page, 1) + _text(rules_page, 2)
    rules = project / "out" / "cross-sums" / "rules.pdf"
    assert shown in _text(rules, 0) + _text(rules, 1)  # the rules sheet too
