"""A template's fingerprint counts what its words read of their context, found on Jinja's parse
(printkit/load/reads.py): only the keys read of a mapping where it is read by keys alone, and, for
some named words (Words.only), only what they read through the template's other words, macros and
body. What is kept under it (the booklet's front matter, the rules sheet) is found again after an
edit of what it does not print, and made again after any edit of what it does."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.load.words import Templates


def _words(folder: Path, source: str, common: str = "", **context) -> str:
    (folder / "game").mkdir(parents=True, exist_ok=True)
    (folder / "game" / "t.j2").write_text(source, encoding="utf-8")
    (folder / "common.j2").write_text(common, encoding="utf-8")
    return Templates(folder).render("game/t.j2", **context).fingerprint


def test_only_the_keys_a_template_reads_of_a_value_count(tmp_path):
    """The rules read the first scenario's rows, columns and number, not its tagline: its tagline
    is no part of their fingerprint; what they read is, and a key they read that is not there."""
    source = "{% set a %}{{ first.rows|join }} {{ first['number'] }}{{ first.missing is defined }}{% endset %}"
    first = _words(tmp_path / "1", source, first={"rows": [1], "number": 1, "tagline": "x"})
    assert _words(tmp_path / "2", source, first={"rows": [1], "number": 1, "tagline": "y"}) == first
    assert _words(tmp_path / "3", source, first={"rows": [2], "number": 1, "tagline": "x"}) != first
    assert _words(tmp_path / "4", source, first={"rows": [1], "number": 2, "tagline": "x"}) != first
    assert _words(tmp_path / "5", source, first={"rows": [1], "number": 1, "tagline": "x", "missing": 0}) != first


@pytest.mark.parametrize("read", ["{{ first }}", "{{ first|attr('tagline') }}", "{% for k in first %}{{ k }}{% endfor %}",
                                  "{{ first.items()|list }}", "{% set s = first %}{{ s.rows }}"])
def test_a_value_read_otherwise_than_by_its_keys_counts_whole(tmp_path, read):
    source = "{% set a %}{{ first.rows }}" + read + "{% endset %}"
    first = _words(tmp_path / "1", source, first={"rows": [1], "tagline": "x"})
    assert _words(tmp_path / "2", source, first={"rows": [1], "tagline": "y"}) != first


def _some(folder: Path, source: str, named: tuple, **context) -> str:
    (folder / "game").mkdir(parents=True, exist_ok=True)
    (folder / "game" / "t.j2").write_text(source, encoding="utf-8")
    (folder / "common.j2").write_text("", encoding="utf-8")
    return Templates(folder).render("game/t.j2", **context).only(named).fingerprint


SOME = """{% set s = scenario %}{% set tagline %}{{ s.tagline }}{% endset %}
{% set marked = [] %}{% for row in s.rows if row > 10 %}{% set _ = marked.append(row) %}{% endfor %}
{% set crosswise %}{{ marked|join }}{% endset %}
{% macro stock_label(count) %}Stock: {{ count }} {{ crosswise }}{% endmacro %}
{% set discards_label %}Discards{% endset %}"""


def test_some_words_fingerprint_what_they_read_through_the_others_and_the_body(tmp_path):
    """The rules' picture prints the first scenario's strip labels, not its tagline: what is kept
    under their fingerprint is found after the tagline's edit, made again after any change they
    read (through another word, a loop of the template's body, an alias of the scenario)."""
    named = ("stock_label", "discards_label")
    first = _some(tmp_path / "1", SOME, named, scenario={"tagline": "x", "rows": [12], "title": "t"})
    assert _some(tmp_path / "2", SOME, named, scenario={"tagline": "y", "rows": [12], "title": "t"}) != first  # s: whole
    aliasless = SOME.replace("{% set s = scenario %}", "").replace("s.", "scenario.")
    first = _some(tmp_path / "3", aliasless, named, scenario={"tagline": "x", "rows": [12], "title": "t"})
    assert _some(tmp_path / "4", aliasless, named, scenario={"tagline": "y", "rows": [12], "title": "u"}) == first
    assert _some(tmp_path / "5", aliasless, named, scenario={"tagline": "x", "rows": [13], "title": "t"}) != first
    assert _some(tmp_path / "6", aliasless + " ", named, scenario={"tagline": "x", "rows": [12], "title": "t"}) != first
    first = _some(tmp_path / "7", aliasless, ("stock_label", "tagline"), scenario={"tagline": "x", "rows": [12]})
    assert _some(tmp_path / "8", aliasless, ("stock_label", "tagline"), scenario={"tagline": "y", "rows": [12]}) != first


def test_some_words_give_no_other(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "t.j2").write_text(SOME, encoding="utf-8")
    (tmp_path / "common.j2").write_text("", encoding="utf-8")
    words = Templates(tmp_path).render("game/t.j2", scenario={"tagline": "x", "rows": [12]}).only(("discards_label",))
    assert words.plain("discards_label") == "Discards"
    with pytest.raises(RuntimeError, match="'tagline' is asked for"):
        words.plain("tagline")
