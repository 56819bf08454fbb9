"""Templates run in a sandbox: no way out to Python's internals or the shell, no file outside the
templates folder, no change to the content, bounded work; every error is one problem at the file
and line where it is (the included template's own when it is there). Each row: the template, the
problem. Then the same through `printkit build`: exit 1, one line, the previous outputs whole."""

from __future__ import annotations

import os

import pytest

from conftest import build, pdfs
from printkit import sandbox
from printkit.errors import PrintkitError
from printkit.render.words import Templates

LOOPS = "{% for a in range(10000) %}{% for b in range(10000) %}{% for c in range(10000) %}" \
        "{% endfor %}{% endfor %}{% endfor %}"
DOUBLING = "{% set ns = namespace(text='x') %}\n{% for i in range(40) %}{% set ns.text = ns.text ~ ns.text %}" \
           "{% endfor %}"

# name -> (t.j2, "LINE: message" of the one problem, in templates/t.j2 unless it names a file)
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
    "a template that includes itself": ("{% include 't.j2' %}",
                                        "1: template: macros or includes call themselves without end"),
    "a wrong macro call": ("{% macro deal(n) %}{{ n }}{% endmacro %}\n\n{{ deal(1, 2) }}",
                           "3: template: macro 'deal' takes not more than 1 argument(s)"),
    "an error in an included template": ("one\n{% include 'inc.j2' %}", "inc.j2:3: template: division by zero"),
    "a syntax error in an included template": ("{% include 'broken.j2' %}",
                                               "broken.j2:2: template syntax: Expected an expression, got 'end of statement block'"),
    "an include outside the folder": ("\n{% include '../secret.txt' %}",
                                      "2: template: no template '../secret.txt' in templates/"),
    "an absolute include": ("{% include '/etc/passwd' %}", "1: template: no template '/etc/passwd' in templates/"),
    "an included link out of the folder": ("{% include 'link.j2' %}",
                                           "link.j2: is a link to a file outside the templates folder"),
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
}


@pytest.fixture
def templates(tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "TIME_LIMIT", 0.5)
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "inc.j2").write_text("fine\nfine\n{{ 1/0 }}\n")
    (folder / "broken.j2").write_text("fine\n{% if %}\n")
    (tmp_path / "secret.txt").write_text("secret")
    os.symlink(tmp_path / "secret.txt", folder / "link.j2")
    monkeypatch.chdir(tmp_path)
    return folder


@pytest.mark.parametrize("row", ROWS.values(), ids=ROWS.keys())
def test_a_hostile_template_is_one_located_problem(row, templates):
    text, expected = row
    (templates / "t.j2").write_text(text, encoding="utf-8")
    with pytest.raises(PrintkitError) as error:
        Templates(templates, "templates").render("t.j2", title="x", cards=[1, 2])
    shown = [str(problem) for problem in error.value.problems]
    assert shown == [f"templates/{expected}" if not expected[0].isdigit() else f"templates/t.j2:{expected}"]
    assert not (templates.parent / "escaped").exists()


def test_a_template_fills_a_list_of_its_own(templates):
    (templates / "t.j2").write_text("{% set joins = [] %}{% for c in cards %}{% set _ = joins.append(c * 2) %}"
                                    "{% endfor %}{{ joins|join(',') }} {{ cards|join(',') }}")
    assert Templates(templates, "templates").render("t.j2", cards=[1, 2]).body == "2,4 1,2"


def test_a_non_utf8_template(templates):
    (templates / "t.j2").write_bytes(b"one\ncaf\xe9\n")
    with pytest.raises(PrintkitError) as error:
        Templates(templates, "templates").render("t.j2")
    assert [str(p) for p in error.value.problems] == ["templates/t.j2:2: not UTF-8 text (byte 0xe9); save the "
                                                      "file as UTF-8"]


def test_a_macro_called_wrongly_by_a_layout_is_blamed_on_its_definition(templates):
    (templates / "t.j2").write_text("one\n{% macro deal(n) %}Deal {{ n }}{% endmacro %}\n")
    words = Templates(templates, "templates").render("t.j2")
    with pytest.raises(PrintkitError) as error:
        words.markup("deal", 1, 2)
    assert [str(p) for p in error.value.problems] == ["templates/t.j2:2: template: macro 'deal' takes not more "
                                                      "than 1 argument(s)"]


# --- through printkit build -------------------------------------------------------------------------

GAME = "numbered-cards"
RULES = f"templates/{GAME}/rules.j2"


@pytest.fixture
def previous(cli, project) -> dict[str, bytes]:
    assert build(cli, GAME)[0] == 0
    return pdfs(project / "out")


def first_line_to(project, text: str) -> None:
    path = project / RULES
    path.write_text(text + path.read_text(encoding="utf-8"), encoding="utf-8")


@pytest.mark.parametrize("text, expected", [
    ("{{ 1/0 }}", f"{RULES}:1: template: division by zero"),
    ("{% include 'common.j2' %}{% include 'numbered-cards/nowhere.j2' %}",
     f"{RULES}:1: template: no template 'numbered-cards/nowhere.j2' in templates/"),
    ("{{ cycler.__init__.__globals__.os.system('touch escaped') }}",
     f"{RULES}:1: template: access to attribute '__init__' of 'type' object is unsafe."),
])
def test_a_hostile_template_in_a_build(cli, project, previous, text, expected):
    first_line_to(project, text)
    assert build(cli, GAME) == (1, "", expected + "\n")
    assert pdfs(project / "out") == previous
    assert not (project / "escaped").exists()


def test_a_non_utf8_template_in_a_build(cli, project, previous):
    """The manifest reads every template of the game: that read gave a traceback."""
    (project / f"templates/{GAME}/notes.j2").write_bytes(b"one\ntwo\ncaf\xe9\n")
    assert build(cli, GAME) == (1, "", f"templates/{GAME}/notes.j2:3: not UTF-8 text (byte 0xe9); save the file "
                                       f"as UTF-8\n")
    assert pdfs(project / "out") == previous


def test_an_error_in_an_included_template_names_it(cli, project, previous):
    (project / "templates" / GAME / "part.j2").write_text("fine\n{{ titel }}\n")
    first_line_to(project, "{% include 'numbered-cards/part.j2' %}")
    assert build(cli, GAME) == (1, "", f"templates/{GAME}/part.j2:2: template: 'titel' is undefined\n")
    assert pdfs(project / "out") == previous
