"""A template's fingerprint counts what its words read of their context, found on Jinja's parse
(printkit/load/reads.py): only the keys read of a mapping where it is read by keys alone, and, for
some named words (Words.only), only what they read through the template's other words, macros and
body. What is kept under it (the booklet's front matter, the rules sheet) is found again after an
edit of what it does not print, and made again after any edit of what it does."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.load import reads
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


def _new_process() -> None:
    """What this process found of the templates' reads let go of (printkit/load/reads.py's lru
    caches emptied, their counts too), as a new process starts."""
    for cached in (reads._tree, reads._parsed_uses, reads.reads_of):
        cached.cache_clear()


def _parsed() -> int:
    """How many templates were parsed (Jinja's parse) since `_new_process`."""
    return reads._tree.cache_info().misses


def _fingerprints(folder: Path, **context) -> tuple[str, str]:
    words = Templates(folder).render("game/t.j2", **context)
    return words.fingerprint, words.only(("stock_label", "discards_label")).fingerprint


def test_what_the_words_read_is_kept_by_the_cache_handed_and_found_again_without_a_parse(tmp_path, monkeypatch):
    """The page cache the pipeline hands load keeps what each template's words read: a new process
    finds it without parsing the template, and the same fingerprints; no cache handed, none kept."""
    from printkit.pipeline import cache

    aliasless = SOME.replace("{% set s = scenario %}", "").replace("s.", "scenario.")
    _words(tmp_path / "t", aliasless, scenario={"tagline": "x", "rows": [12]})
    monkeypatch.setattr(reads, "_KEEPER", None)
    _new_process()
    alone = _fingerprints(tmp_path / "t", scenario={"tagline": "x", "rows": [12]})
    assert _parsed() == 1  # each template once a process
    monkeypatch.setattr(reads, "_KEEPER", cache.KEPT)
    store = cache.use(tmp_path / "cache")
    try:
        _new_process()
        assert _fingerprints(tmp_path / "t", scenario={"tagline": "x", "rows": [12]}) == alone and _parsed() == 1
        store.flush()
        _new_process()
        assert _fingerprints(tmp_path / "t", scenario={"tagline": "x", "rows": [12]}) == alone and _parsed() == 0
        tagline = _fingerprints(tmp_path / "t", scenario={"tagline": "y", "rows": [12]})
        assert tagline[0] != alone[0] and tagline[1] == alone[1]  # the strip's labels do not read it
        rows = _fingerprints(tmp_path / "t", scenario={"tagline": "x", "rows": [13]})
        assert rows[0] != alone[0] and rows[1] != alone[1]
    finally:
        cache.use(None)


@pytest.mark.parametrize("kept", [[True, {"scenario": [1]}], [True, {"scenario": "rows"}], [True, {3: None}]])
def test_what_is_kept_of_the_reads_in_another_form_is_found_again_by_a_parse(tmp_path, monkeypatch, kept):
    """A value kept under a template's reads that is not names and their keys (text) is never
    used: the template is parsed again, its fingerprints the same."""

    class Keeper:
        def keeps(self) -> bool:
            return True

        def kept(self, inputs, make, shape=None):
            return kept

    aliasless = SOME.replace("{% set s = scenario %}", "").replace("s.", "scenario.")
    _words(tmp_path / "t", aliasless, scenario={"tagline": "x", "rows": [12]})
    monkeypatch.setattr(reads, "_KEEPER", None)
    _new_process()
    alone = _fingerprints(tmp_path / "t", scenario={"tagline": "x", "rows": [12]})
    monkeypatch.setattr(reads, "_KEEPER", Keeper())
    _new_process()
    assert _fingerprints(tmp_path / "t", scenario={"tagline": "x", "rows": [12]}) == alone and _parsed() == 1


def test_an_edit_s_build_parses_no_template_the_last_build_parsed(project, tmp_path):
    """The pipeline hands load its page cache (printkit/pipeline/kits.py): after Cross Sums'
    tagline edit, a build in a new process finds what every template's words read kept, and
    parses none of them."""
    import os
    import subprocess
    import sys

    built = ("from printkit.cli.main import main; from printkit.load import reads; code = main(['build', '-q', "
             "'cross-sums', '--content', 'content', '--out', 'out']); print(code, reads._tree.cache_info().misses)")
    env = {**os.environ, "PRINTKIT_CACHE": str(tmp_path / "cache")}

    def build() -> str:
        return subprocess.run([sys.executable, "-c", built], cwd=project, env=env, capture_output=True, text=True,
                              check=True).stdout.strip()

    code, parsed = build().split()
    assert code == "0" and int(parsed) >= 3  # the rules', the table's and the setup's templates at least
    scenarios = project / "content" / "cross-sums" / "scenarios.yaml"
    text = scenarios.read_text(encoding="utf-8")
    assert text.count("Six places leave room for different plans.") == 1
    scenarios.write_text(text.replace("Six places leave room for different plans.", "Six places, other plans."),
                         encoding="utf-8")
    assert build() == "0 0"
