"""Templates are bounded in memory before they build a text, not only in its length at the end
(issue 25, item 4): a width given as an argument to a format, JSON indented, a word wrap's joint,
an indent of many lines, tabs expanded, a list of lists printed. Each row renders in a process
of its own with at most 600 MiB of address space (RLIMIT_AS): without its bound it fills that
(a MemoryError) or takes seconds; with it, it is one problem at its line."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import re
import textwrap

import jinja2
import pytest

MEMORY = 600  # MiB
NESTED = "{% set a = range(1000)|list %}{% set b = [a] * 1000 %}{% set c = [b] * 1000 %}"  # 3 billion characters
LONGER = "template: a text of more than 100,000 characters"

ROWS = {  # name -> (the template, the problem at its line 1)
    "a nested format width": ("{{ '{:{}}'.format('a', 10**9) }}",
                              "template: a format width of 1,000,000,000 (at most 999)"),
    "a nested width by name": ("{{ '{:>{w}}'.format('a', w=10**9) }}",
                               "template: a format width of 1,000,000,000 (at most 999)"),
    "a nested precision": ("{{ '{0:{1}.{2}f}'.format(1.5, 5, 10**8) }}",
                           "template: a format width of 100,000,000 (at most 999)"),
    "a nested width as text": ("{{ '{:{}}'.format('a', '>999999999') }}",
                               "template: a format width of 1,000 or more, or given as an argument (>999999999)"),
    "a nested width through format_map": ("{{ '{a:{b}}'.format_map({'a': 'x', 'b': 10**9}) }}",
                                          "template: a format width of 1,000,000,000 (at most 999)"),
    "a nested width as an attribute": ("{{ '{:{0.real}}'.format(10**9) }}",
                                       "template: a format width given as an attribute, an item or a value that "
                                       "is not a number"),
    "a % width by name": ("{{ '%(a)999999999d' % {'a': 1} }}",
                          "template: a format width of 1,000 or more, or given as an argument (%(a)999999999)"),
    "a % width as an argument": ("{{ '%-*s' % (10**9, 'a') }}",
                                 "template: a format width of 1,000 or more, or given as an argument (%-*)"),
    "tojson of a list of lists": (NESTED + "{{ c|tojson }}", LONGER),
    "a list of lists printed": (NESTED + "{{ c }}", LONGER),
    "a list of lists joined": (NESTED + "{{ c|join }}", LONGER),
    "a list of lists as text": (NESTED + "{{ c|string }}", LONGER),
    "a list of lists upper-cased": (NESTED + "{{ c|upper }}", LONGER),
    "a list of lists pretty": (NESTED + "{{ c|pprint }}", LONGER),
    "a list of lists joined with ~": (NESTED + "{{ c ~ '' }}", LONGER),
    "a list of lists formatted": (NESTED + "{{ '{}'.format(c) }}", LONGER),
    "a list of lists by %": (NESTED + "{{ '%s' % (c,) }}", LONGER),
    "a list of lists by the format filter": (NESTED + "{{ '%s'|format(c) }}", LONGER),
}
GROWING = {  # name -> (the template, what it would make, and how long that is: worked out by hand)
    "tojson indented": ("{{ [1]|tojson(indent=10**9) }}", "JSON", 2 + 10**9 + 2),  # [, newline, indent, 1, newline, ]
    "tojson indented as text": ("{{ (range(1000)|list)|tojson(indent='x' * 1000) }}", "JSON",
                                2 + 1000 * 1001 + 2890 + 999),  # each number a line of its own, the commas
    "wordwrap's joint": ("{{ ('x ' * 50000)|wordwrap(1, wrapstring='y' * 100000) }}", "a text",
                         50000 + 49999 * 100000),  # 50,000 lines of x
    "indent of many lines": ("{{ ('x\\n' * 50000)|indent(999) }}", "a text", 100000 + 49999 * 999),
    "indent by a text": ("{{ ('x\\n' * 100)|indent('y' * 10**4) }}", "a text", 200 + 99 * 10**4),  # not the first line
    "tabs expanded": ("{{ ('\\t' * 100000).expandtabs(999) }}", "a text", 100000 * 999),
}
FINE = [  # what templates do every day: as Jinja makes it
    "[{{ '{:>{}}'.format('a', 5) }}|{{ '%5s' % 'b' }}|{{ '{0:{1}.{2}f}'.format(1.5, 6, 2) }}]",
    "{{ {'a': [1, 2]}|tojson(indent=2) }}",
    "{{ 'one two three'|wordwrap(4, wrapstring='/') }}",
    "[{{ 'a\\nb'|indent(2, first=true) }}]",
    "{{ [1, 'x'] }} {{ [1, 2]|join('-') ~ '!' }} {{ 'Ab'|upper }} {{ [1]|string }} {{ 'a\\tb'.expandtabs(4) }}",
    "{{ '%(a)5d'|format(a=3) }} {{ [1]|pprint }} {{ 'a'|center(5) }}",
]

RENDER = textwrap.dedent("""
    import json, resource, sys
    from pathlib import Path
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY << 20, MEMORY << 20))
    from printkit.ground.errors import PrintkitError
    from printkit.load.words import Templates
    folder, rows, said = Path(sys.argv[1]), json.loads(sys.argv[2]), {}
    for index, text in enumerate(rows):
        (folder / f"t{index}.j2").write_text(text, encoding="utf-8")
        try:
            said[index] = ["rendered", Templates(folder, "templates").render(f"t{index}.j2").body]
        except PrintkitError as error:
            said[index] = ["refused", [str(problem) for problem in error.problems]]
        except BaseException as error:
            said[index] = ["crashed", type(error).__name__]
    print(json.dumps(said))
""").replace("MEMORY", str(MEMORY))


@functools.cache
def rendered(folder: str) -> dict:
    """What each template (ROWS, GROWING, then FINE) gave, rendered one after the other in one process."""
    texts = [text for text, *_ in (*ROWS.values(), *GROWING.values())] + FINE
    done = subprocess.run([sys.executable, "-c", RENDER, folder, json.dumps(texts)], capture_output=True,
                          text=True, timeout=120, cwd=folder, env={**os.environ, "PRINTKIT_CACHE": "off"})
    assert done.returncode == 0, done.stderr[-2000:]
    said = json.loads(done.stdout)
    return {name: said[str(index)] for index, name in enumerate((*ROWS, *GROWING, *FINE))}


@pytest.fixture(scope="module")
def said(tmp_path_factory) -> dict:
    return rendered(str(tmp_path_factory.mktemp("templates")))


def _index(name: str) -> int:
    return list((*ROWS, *GROWING, *FINE)).index(name)


@pytest.mark.parametrize("name", ROWS)
def test_a_template_that_would_build_a_huge_text_is_one_line_before_it_does(said, name):
    assert said[name] == ["refused", [f"templates/t{_index(name)}.j2:1: {ROWS[name][1]}"]]


@pytest.mark.parametrize("name", GROWING)
def test_a_text_that_would_grow_too_long_is_refused_at_no_less_than_its_length(said, name):
    """The length is measured before the text is made, as at most what it would be."""
    _, what, length = GROWING[name]
    outcome, [problem] = said[name]
    found = re.fullmatch(rf"templates/t{_index(name)}\.j2:1: template: {what} of ([\d,]+) characters "
                         rf"\(at most 100,000\)", problem)
    assert outcome == "refused" and found, problem
    assert int(found.group(1).replace(",", "")) >= max(length, 100_001)


@pytest.mark.parametrize("text", FINE)
def test_what_templates_do_every_day_is_as_jinja_makes_it(said, text):
    jinja = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True)
    assert said[text] == ["rendered", jinja.from_string(text).render().strip()]
