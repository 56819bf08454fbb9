"""Templates run in a sandbox: no way out to Python's internals or the shell, no file outside the
templates folder, no change to the content, bounded work; every error is one problem at the file
and line where it is (the included template's own when it is there). Each row: what is put at the
top of the Numbered Cards rules template, and the one line `printkit build` then prints (exit 1,
the previous outputs byte-identical)."""

from __future__ import annotations

import os

import pytest

from conftest import build, pdfs
from printkit.load import sandbox
from printkit.ground.errors import PrintkitError
from printkit.load.words import Templates

LOOPS = "{% for a in range(10000) %}{% for b in range(10000) %}{% for c in range(10000) %}" \
        "{% endfor %}{% endfor %}{% endfor %}"
DOUBLING = "{% set ns = namespace(text='x') %}\n{% for i in range(40) %}{% set ns.text = ns.text ~ ns.text %}" \
           "{% endfor %}"

GAME = "numbered-cards"
RULES = f"templates/{GAME}/rules.j2"

# name -> (put at the top of rules.j2, "LINE: message" in rules.j2, or "FILE:LINE: message" in another)
ROWS = {
    "a shell command": ("\n{{ cycler.__init__.__globals__.os.system('touch escaped') }}",
                        "2: template: access to attribute '__init__' of 'type' object is unsafe."),
    "range(10**12)": ("{{ range(10**12)|list }}", "1: template: range() of 1,000,000,000,000 numbers "
                                                  "(at most 10,000)"),
    "text times a billion": ("{{ 'x' * 10**9 }}", "1: template: a text or list of 1,000,000,000 characters or "
                                                  "items (at most 100,000)"),
    "a list times a billion": ("{{ [1] * 10**9 }}", "1: template: a text or list of 1,000,000,000 characters "
                                                    "or items (at most 100,000)"),
    "9 ** (9 ** 9)": ("{{ 9 ** (9 ** 9) }}", "1: template: a number of 1,549,681,956 bits (at most 10,000)"),
    "1/0": ("a\n{{ 1/0 }}", "2: template: division by zero"),
    "float overflow": ("{{ 10.0 ** 400 }}", "1: template: a number too large to compute"),
    "a macro that calls itself": ("{% macro f() %}{{ f() }}{% endmacro %}\n{{ f() }}",
                                  "1: template: macros called within macros 101 deep (at most 100)"),
    "a template that includes itself": ("{% include 'numbered-cards/rules.j2' %}",
                                        "1: template: macros or includes call themselves without end"),
    "a wrong macro call": ("{% macro deal(n) %}{{ n }}{% endmacro %}\n\n{{ deal(1, 2) }}",
                           "3: template: macro 'deal' takes not more than 1 argument(s)"),
    "an error in an included template": ("one\n{% include 'numbered-cards/inc.j2' %}", "numbered-cards/inc.j2:3: template: division by zero"),
    "a syntax error in an included template": ("{% include 'numbered-cards/broken.j2' %}",
                                               "numbered-cards/broken.j2:2: template syntax: Expected an expression, got 'end of statement block'"),
    "an include outside the folder": ("\n{% include '../secret.txt' %}",
                                      "2: template: no template '../secret.txt' in templates/"),
    "an absolute include": ("{% include '/etc/passwd' %}", "1: template: no template '/etc/passwd' in templates/"),
    "an included link out of the folder": ("{% include 'numbered-cards/link.j2' %}",
                                           "numbered-cards/link.j2: is a link to a file outside the templates folder"),
    "a missing include": ("\n\n{% include 'nowhere.j2' %}", "3: template: no template 'nowhere.j2' in templates/"),
    "changing the content": ("{% set _ = cards.append(99) %}",
                             "1: template: access to attribute 'append' of 'list' object is unsafe."),
    "a format width": ("{{ '%999999d' % 1 }}", "1: template: a format width of 1,000 or more, or given as an "
                                               "argument (%999999)"),
    "a format width as an argument": ("{{ '%*d' % (10**9, 1) }}", "1: template: a format width of 1,000 or "
                                                                  "more, or given as an argument (%*)"),
    "a str.format width": ("{{ '{:>999999}'.format(1) }}", "1: template: a format width of 1,000 or more, or "
                                                           "given as an argument ({:>999999)"),
    "the format filter": ("{{ '%099999d'|format(1) }}", "1: template: a format width of 1,000 or more, or "
                                                        "given as an argument (%099999)"),
    "center(10**9)": ("{{ 'x'|center(10**9) }}", "1: template: a width or count of 1,000,000,000 (at most 1,000)"),
    "ljust(10**9)": ("{{ 'x'.ljust(10**9) }}", "1: template: a width or count of 1,000,000,000 (at most 1,000)"),
    "replace growing a text": ("{{ ('x' * 100000)|replace('x', 'yy') }}",
                               "1: template: a text of 200,000 characters (at most 100,000)"),
    "join of a long list": ("{{ (['x' * 1000] * 1000)|join }}",
                            "1: template: a text of 1,000,000 characters (at most 100,000)"),
    "a text doubled in a loop": (DOUBLING, "2: template: a text or list of 131,072 characters or items "
                                           "(at most 100,000)"),
    "a loop that never ends": ("\n" + LOOPS, "2: template: the template ran for more than 0.5 s"),
    "lipsum": ("{{ lipsum(10**6) }}", "1: template: 'lipsum' is undefined"),
    "a NUL": ("one\n{{ title }}\x00", "2: control character U+0000 is not allowed in a text file"),
    "bad bytes": (b"one\ncaf\xe9\n", "2: not UTF-8 text (byte 0xe9); save the file as UTF-8"),
}


@pytest.fixture
def previous(cli, project) -> dict[str, bytes]:
    """A good build in out/, and the files a hostile template may try to reach or include."""
    assert build(cli, GAME)[0] == 0
    folder = project / "templates" / GAME
    (folder / "inc.j2").write_text("fine\nfine\n{{ 1/0 }}\n")
    (folder / "broken.j2").write_text("fine\n{% if %}\n")
    (project / "secret.txt").write_text("secret")
    os.symlink(project / "secret.txt", folder / "link.j2")
    return pdfs(project / "out")


@pytest.mark.parametrize("row", ROWS.values(), ids=ROWS.keys())
def test_a_hostile_template_is_one_located_line(row, cli, project, previous, monkeypatch):
    text, expected = row
    if "ran for more than" in expected:  # (only there: on a loaded machine a deep recursion takes 0.5 s too)
        monkeypatch.setattr(sandbox, "TIME_LIMIT", 0.5)
    path = project / RULES
    original = path.read_bytes()
    path.write_bytes((text if isinstance(text, bytes) else text.encode("utf-8")) + original)
    shown = f"{RULES}:{expected}" if expected[0].isdigit() else f"templates/{expected}"
    assert build(cli, GAME) == (1, "", shown + "\n")
    assert pdfs(project / "out") == previous
    assert not (project / "escaped").exists()


# --- the layouts' side of a template ----------------------------------------------------------------

@pytest.fixture
def templates(tmp_path):
    folder = tmp_path / "templates"
    folder.mkdir()
    return folder


def test_a_template_fills_a_list_of_its_own(templates):
    (templates / "t.j2").write_text("{% set joins = [] %}{% for c in cards %}{% set _ = joins.append(c * 2) %}"
                                    "{% endfor %}{{ joins|join(',') }} {{ cards|join(',') }}")
    assert Templates(templates, "templates").render("t.j2", cards=[1, 2]).body == "2,4 1,2"


def test_a_macro_called_wrongly_by_a_layout_is_blamed_on_its_definition(templates):
    (templates / "t.j2").write_text("one\n{% macro deal(n) %}Deal {{ n }}{% endmacro %}\n")
    words = Templates(templates, "templates").render("t.j2")
    with pytest.raises(PrintkitError) as error:
        words.markup("deal", 1, 2)
    assert [str(p) for p in error.value.problems] == ["templates/t.j2:2: template: macro 'deal' takes not more "
                                                      "than 1 argument(s)"]


def test_a_non_utf8_template_the_build_does_not_render(cli, project, previous):
    """The manifest reads every template of the game: that read gave a traceback."""
    (project / f"templates/{GAME}/notes.j2").write_bytes(b"one\ntwo\ncaf\xe9\n")
    assert build(cli, GAME) == (1, "", f"templates/{GAME}/notes.j2:3: not UTF-8 text (byte 0xe9); save the file "
                                       f"as UTF-8\n")
    assert pdfs(project / "out") == previous
