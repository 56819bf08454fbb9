"""A stranger's game.yaml binds hostile expressions (issue 40, item 1): Jinja worked out whatever
it could while it compiled a binding and while it found the names one reads (constant folding,
outside the sandbox's bounds), so `'x'|center(10**9)` took gigabytes and `7**300000000` minutes
before the sandbox was asked. And what Jinja reads by calling itself (brackets, tags, signs within
one another), or compiles so (a chain of filters), or Python refuses to compile (21 loops within one
another) was a traceback or a message with no line. Each case here is one line at the line to
look at, exit 1, by `validate` as by `build`, nothing written, in a printkit of its own limited
to 2 GiB of address space; the reading of each binding (its syntax and the names it reads, as
game.yaml is read) takes well under a second and a few megabytes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from declared import SLUG, game_project, line_of
from test_hostile_assets import refused

MEMORY = 2048  # MiB of address space: a folded `'x'|center(10**9)` filled it
GAME = f"{SLUG}/game.yaml"
RULES = f"templates/{SLUG}/rules.j2"
NESTED = "nested more than 16 deep (tags, brackets and signs within one another)"
STEPS = "more than 100 steps within one another (filters, attributes or operators)"


def game(layer: str) -> str:
    """A deck of one card whose face has one text layer `bad`, its properties ending in `layer`."""
    return textwrap.dedent(f"""\
        title: Hostile Bindings
        products:
          deck:
            kind: deck
            size: poker
            cards:
              - {{name: Ash, power: 1}}
            face:
              layers:
                bad: {{kind: text, x: 10, y: 10, height: 8, {layer}}}
          rules: {{kind: rules}}
        """)


# name -> (the end of layer `bad`'s properties, the one line printed: {card} and {layer} are FILE:LINE
# of the card and of the layer in game.yaml)
WORKED_OUT = {  # Jinja folded these as it compiled the binding, and as it found the names it reads
    "a text centred a billion wide": (
        "width: 40, text: \"{{ 'x'|center(1000000000) }}\"",
        "{card}: card 1 ('Ash'): face.layers.bad.text: template `{{{{ 'x'|center(1000000000) }}}}`: a width or "
        "count of 1,000,000,000 (at most 1,000) (see {layer})"),
    "a text times a billion in an if": (
        "width: 40, text: x, if: \"'ab' * 1000000000\"",
        "{card}: card 1 ('Ash'): face.layers.bad.if: expression `'ab' * 1000000000`: a text or list of "
        "2,000,000,000 characters or items (at most 100,000) (see {layer})"),
    "a format a billion wide": (
        "width: 40, text: \"= '%0999999999d' % 1\"",
        "{card}: card 1 ('Ash'): face.layers.bad.text: expression `'%0999999999d' % 1`: a format width of 1,000 "
        "or more, or given as an argument (%0999999999) (see {layer})"),
    "a width of 10**5000": (
        "text: x, width: \"= 10**5000\"",
        "{card}: card 1 ('Ash'): face.layers.bad.width: expression `10**5000`: a number of 20,000 bits (at most "
        "10,000) (see {layer})"),
    "7**300000000 in a text": (
        "width: 40, text: \"{{ 7**300000000 }}\"",
        "{card}: card 1 ('Ash'): face.layers.bad.text: template `{{{{ 7**300000000 }}}}`: a number of 900,000,000 "
        "bits (at most 10,000) (see {layer})"),
}
TOO_DEEP = {  # Jinja read or compiled these by calling itself: a RecursionError traceback
    "brackets 400 deep": (f"width: 40, text: \"= {'(' * 400}1{')' * 400}\"",
                          f"{{layer}}: products.deck.face.layers.bad.text: expression: {NESTED}"),
    "900 signs": (f"width: 40, text: \"= {'-' * 900}1\"",
                  f"{{layer}}: products.deck.face.layers.bad.text: expression: {NESTED}"),
    "480 filters": (f"width: 40, text: \"= name{'|e' * 480}\"",
                    f"{{layer}}: products.deck.face.layers.bad.text: expression: {STEPS}"),
}
AT_THE_BOUND = {  # within the 1,000 characters of a binding Jinja read these: refused now, well before it cannot
    "50 ifs within ifs": (f"width: 40, text: \"{'{%if 1%}' * 50}x{'{%endif%}' * 50}\"",
                          f"{{layer}}: products.deck.face.layers.bad.text: template: {NESTED}"),
    "60 ifs and elses": (f"width: 40, text: \"= {'1 if name else ' * 60}2\"",
                         f"{{layer}}: products.deck.face.layers.bad.text: expression: {NESTED}"),
    "150 filters": (f"width: 40, text: \"= name{'|upper' * 150}\"",
                    f"{{layer}}: products.deck.face.layers.bad.text: expression: {STEPS}"),
}
BINDINGS = {**WORKED_OUT, **TOO_DEEP, **AT_THE_BOUND}


@pytest.mark.parametrize("row", BINDINGS.values(), ids=BINDINGS.keys())
def test_a_hostile_binding_is_one_line(row, tmp_path):
    layer, expected = row
    project = game_project(tmp_path, game(layer))
    path = project / "content" / GAME
    card, bad = (f"{GAME}:{line_of(path, text)}" for text in ("- {name: Ash", "bad:"))
    assert refused(project, memory=MEMORY) == [expected.format(card=card, layer=bad)]


READ = """\
import json, sys, time, tracemalloc
from printkit.declared.bind import binding, syntax_error
tracemalloc.start()
started = time.perf_counter()
error = syntax_error(sys.argv[1])
names = None if error else sorted(binding(sys.argv[1]).names())
print(json.dumps([error, names, time.perf_counter() - started, tracemalloc.get_traced_memory()[1]]))
"""
READINGS = {  # a binding as game.yaml holds it -> its syntax error, or the names it reads
    "a text centred a billion wide": ("{{ 'x'|center(1000000000) }}", None, []),
    "a text times a billion": ("= 'ab' * 1000000000", None, []),
    "a format a billion wide": ("= '%0999999999d' % 1", None, []),
    "10**5000": ("= 10**5000", None, []),
    "7**300000000 in a text": ("{{ 7**300000000 }}", None, []),
    "an autoescape worked out": ("{% autoescape 'x'|center(10**9) %}{{ name }}{% endautoescape %}", None, ["name"]),
    "brackets 400 deep": (f"= {'(' * 400}power{')' * 400}", f"expression: {NESTED}", None),
}


@pytest.mark.parametrize("row", READINGS.values(), ids=READINGS.keys())
def test_reading_a_hostile_binding_works_nothing_out(row):
    """The syntax and the names of a binding, as game.yaml is read and its names are checked
    against the cards' fields: in well under a second and a few megabytes."""
    source, error, names = row
    done = subprocess.run([sys.executable, "-c", READ, source], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    said, read, seconds, peak = json.loads(done.stdout)
    assert (said, read) == (error, names)
    assert seconds < 0.5 and peak < 5_000_000, (seconds, peak)


# --- the same in a template file -----------------------------------------------------------------------

RULES_TOP = "# Rules\n\n"
TEMPLATES = {  # what follows RULES_TOP in rules.j2 -> the one line printed
    "10,000 ifs within ifs": ("{% if true %}" * 10_000 + "x" + "{% endif %}" * 10_000,
                              f"{RULES}:3: template syntax: {NESTED}"),  # was a RecursionError with no line
    "150 ifs within ifs": ("{% if true %}\n" * 150 + "x" + "{% endif %}" * 150,
                           f"{RULES}:19: template syntax: {NESTED}"),  # Python's "too many levels of indentation"
    "21 loops within loops": ("{% for a in cards %}\n" * 21 + "x" + "{% endfor %}" * 21,
                              f"{RULES}:19: template syntax: {NESTED}"),  # Python's "too many statically nested blocks"
    "brackets 400 deep": ("\n{{ " + "(" * 400 + "1" + ")" * 400 + " }}",
                          f"{RULES}:4: template syntax: {NESTED}"),
    "an attribute 300 deep": ("{{ title" + ".a" * 300 + " }}", f"{RULES}:3: template syntax: {STEPS}"),
    "a number of 5,000 digits": ("x\n{{ 1" + "0" * 4_999 + " }}",
                                 f"{RULES}:4: template syntax: a number written with 5,000 digits (at most 3,000)"),
    "a hexadecimal number of 3,500 digits": ("{{ 0x" + "f" * 3_500 + " }}",  # Python prints no int of 4,300 digits
                                             f"{RULES}:3: template syntax: a number written with 3,500 digits (at most "
                                             f"3,000)"),
}


@pytest.mark.parametrize("row", TEMPLATES.values(), ids=TEMPLATES.keys())
def test_a_template_nested_too_deep_is_one_line(row, tmp_path):
    text, expected = row
    project = game_project(tmp_path, game("width: 40, text: fine"), rules=RULES_TOP + text + "\n")
    assert refused(project, memory=MEMORY) == [expected]
