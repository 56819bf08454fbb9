"""Mutated content never crashes printkit: every content file of every game is broken in the ways
a designer breaks YAML (a key deleted, a value of the wrong type, a number out of range, markup or
text the fonts lack, a file cut short, YAML's own oddities and hostile constructs: an alias bomb,
an alias loop, deep nesting, merge keys, tags), then `validate` and `build` run on it in-process.

Every run ends in exit 0 or 1, never an exception; with exit 1 every stderr line is
`FILE:LINE: message`, `validate` reports exactly what `build` reports, and the folder holding the
previous good build is byte-identical afterwards with no temporary file left. Each file meets
each kind of mutation; the examples are derandomized, so CI runs the same ones every time, and
PRINTKIT_MUTATIONS=<n> runs n of each instead (a deeper local hunt).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import sys
from pathlib import Path

import pdfplumber
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CONTENT, ROOT, build, pdfs, validate
from printkit.cli.main import main

LOCATED = re.compile(r"^[^:\s]+:\d+(:\d+)?: .+")  # FILE:LINE, or FILE:LINE:COL for a YAML syntax error
# The one problem without a line: a template's whole body (content words and all, once Jinja has
# put them in) does not fit its page. No single line is to blame, so the template is named.
WHOLE_BODY = re.compile(r"^[^:\s]+\.j2: [a-z ]+: text does not fit its \d+ x \d+ mm box even at 7 pt; "
                        r"shorten it$")
FILES = sorted(str(path.relative_to(CONTENT)) for path in CONTENT.glob("*/*.yaml"))
# Cross Sums renders 50 setup sheets and two booklets (~1.2 s a build), so its files get fewer
# examples; the other kits take ~0.1 s a run.
EXAMPLES = {"cross-sums/campaign.yaml": 2, "cross-sums/scenarios.yaml": 2}  # of each kind
DEFAULT_EXAMPLES = 5
# Content that builds is validated too (both papers), except Cross Sums': 2.5 s a time. Content
# that fails is always validated, and must fail there with the same lines.
SLOW_TO_VALIDATE = {"cross-sums"}

MARKUP = ["<b>", "&", "<", "]]>", "</para>", "&amp;", "<font size=200>", "<br/>", "&#0;", "]]><b>&"]
NON_ASCII = ["é", "ß", "—", "½", "🎲", "漢字", "שלום", "e\u0301", "\u200b", "\ufffd", "\t", "\x00"]
OUT_OF_RANGE = [-1, 0, -(10**9), 10**9, 10**18, 10**100]
OTHER_TYPES = [0, 7, "text", "", [], [1, "a"], {}, {"key": 1}, None, True, 2.5]
# values only YAML's own syntax writes: tags, aliases, dates, special floats, unclosed brackets
ODD_VALUES = [".nan", "-.inf", "1e400", "2024-01-01", "!!binary aGVsbG8=", "!!python/object:os.system x",
              "*nowhere", "&a 5", "0x1F", "!!set {a, b}", "!!float 3", "'unclosed", "[1, 2", "{a: 1",
              "|", "~", "\"\\x\"", "? [1, 2]"]
LONG_TEXT = ["word " * 400, "W" * 300, "Unbreakable" * 40 + " end", "a\n\nb\n" * 60]
# what a hostile or unlucky file holds (issue 14): each one meets every content file, at any line
BOMB = "{" + ", ".join([f"a: &a [{', '.join(['lol'] * 9)}]"] + [f"{x}: &{x} [{', '.join([f'*{y}'] * 9)}]"
                                                              for y, x in zip("abcdefgh", "bcdefghi")]) + "}"
HOSTILE = [BOMB, "&x [*x]", "[" * 500 + "]" * 500, "{<<: {a: 1}}", "!!int abc", "!!float many",
           "{!!python/name:os.system : 1}", "{? [1, 2]: x}", "2024-02-30", "9" * 5000,
           "!!python/object/apply:os.system [ls]", "!!binary @@@", "!card 3", "'a\x00b'", "x\x07"]
VALUE_LINE = re.compile(r"^(\s*(?:- )?[\w-]+:) \S.*$")


# --- mutations: pure functions from (text, tree) to a new file text -------------------------------

def paths(tree, prefix: tuple = ()) -> list[tuple]:
    """Every key path in a YAML tree, parents before children."""
    found = [prefix]
    if isinstance(tree, dict):
        items = tree.items()
    elif isinstance(tree, list):
        items = enumerate(tree)
    else:
        return found
    for key, value in items:
        found += paths(value, prefix + (key,))
    return found


def get(tree, path: tuple):
    for part in path:
        tree = tree[part]
    return tree


def replaced(tree, path: tuple, value):
    """A copy of `tree` with the value at `path` replaced (or deleted when value is DELETE)."""
    if not path:
        return value
    copy = dict(tree) if isinstance(tree, dict) else list(tree)
    if len(path) == 1 and value is DELETE:
        del copy[path[0]]
    else:
        copy[path[0]] = replaced(tree[path[0]], path[1:], value)
    return copy


DELETE = object()


def dump(tree) -> str:
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=100)


KINDS = ["delete", "retype", "range", "markup", "non-ascii", "long", "truncate", "yaml"]


@st.composite
def mutation(draw, text: str, kind: str) -> tuple[str, str]:
    """(what was done, the mutated file text)."""
    tree = yaml.safe_load(text)
    every = paths(tree)
    if kind in ("truncate", "yaml"):
        return draw(text_mutation(text, kind))
    if kind == "delete":
        path = draw(st.sampled_from(every[1:]))
        return f"delete {path}", dump(replaced(tree, path, DELETE))
    if kind == "retype":
        path = draw(st.sampled_from(every))
        value = draw(st.sampled_from([v for v in OTHER_TYPES if type(v) is not type(get(tree, path))]))
        return f"{path} = {value!r}", dump(replaced(tree, path, value))
    leaves = [p for p in every if isinstance(get(tree, p), int if kind == "range" else str)]
    path = draw(st.sampled_from(leaves))
    if kind in ("range", "long"):
        value = draw(st.sampled_from(OUT_OF_RANGE if kind == "range" else LONG_TEXT))
        return f"{path} = {value!r:.40}", dump(replaced(tree, path, value))
    old = get(tree, path)
    insert = draw(st.sampled_from(MARKUP if kind == "markup" else NON_ASCII))
    at = draw(st.integers(0, len(old)))
    return f"{path} insert {insert!r} at {at}", dump(replaced(tree, path, old[:at] + insert + old[at:]))


@st.composite
def text_mutation(draw, text: str, kind: str) -> tuple[str, str]:
    """Edits of the file's own text, comments and all: cut it short, or give a `key: value` line a
    value that only YAML syntax can write (`kind` itself, when it is not a kind but a value)."""
    if kind == "truncate":
        cut = draw(st.integers(0, len(text) - 1))
        return f"truncate at {cut}", text[:cut]
    lines = text.splitlines(keepends=True)
    number = draw(st.sampled_from([i for i, line in enumerate(lines) if VALUE_LINE.match(line)]))
    value = draw(st.sampled_from(ODD_VALUES)) if kind == "yaml" else kind
    key = VALUE_LINE.match(lines[number]).group(1)
    lines[number] = f"{key} {value}\n"
    return f"line {number + 1}: {key.strip()} {value}", "".join(lines)


# --- running printkit as a designer would ----------------------------------------------------------

def run(*argv: str) -> tuple[int, str, str]:
    """printkit in-process: (exit code, stdout, stderr). An exception escapes and fails the test."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    if os.environ.get("PRINTKIT_MUTATIONS_LOG"):  # to see what the examples exercised
        print(argv[0], code, err.getvalue().splitlines()[:1], file=sys.__stderr__)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def playground(tmp_path_factory) -> Path:
    """One copy of content and templates for the module: each example writes one file and puts the
    original back afterwards."""
    folder = tmp_path_factory.mktemp("mutations")
    shutil.copytree(CONTENT, folder / "content")
    shutil.copytree(ROOT / "templates", folder / "templates")
    return folder


@pytest.fixture(scope="module")
def good(built_a4) -> dict[str, dict[str, bytes]]:
    """Each game's good A4 build (file -> bytes), the previous outputs every mutated build meets."""
    return {game: pdfs(built_a4 / game) for game in {file.split("/")[0] for file in FILES}}


def previous_build(folder: Path, files: dict[str, bytes]) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)


def check_runs(project: Path, game: str, previous: dict[str, bytes]) -> None:
    content, out = str(project / "content"), project / "out"
    previous_build(out / game, previous)
    code, stdout, err = run("build", game, "--content", content, "--out", str(out))
    assert code in (0, 1), (code, err)
    assert "Traceback" not in stdout + err
    after = pdfs(out / game)
    assert not [name for name in after if Path(name).name.startswith(".")], "temporary file left"
    if code == 0:
        assert err == "" and set(after) == set(previous)
        assert all(data.startswith(b"%PDF-") and b"%%EOF" in data[-32:] for data in after.values())
        if game not in SLOW_TO_VALIDATE:
            checked = run("validate", game, "--content", content)
            assert checked[0] == 0 or located(checked[2]), checked  # Letter may fail where A4 fits
        return
    checked = run("validate", game, "--content", content)
    assert located(err), err
    assert after == previous, "a failed build changed the previous outputs"
    assert checked[::2] == (1, err), "validate differs from build"


def located(stderr: str) -> bool:
    lines = stderr.splitlines()
    return bool(lines) and all(LOCATED.match(line) or WHOLE_BODY.match(line) for line in lines)


def examples(file: str) -> int:
    return int(os.environ.get("PRINTKIT_MUTATIONS", EXAMPLES.get(file, DEFAULT_EXAMPLES)))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("file", FILES)
def test_mutated_content_fails_cleanly(file, kind, playground, good):
    original = (CONTENT / file).read_text(encoding="utf-8")
    tree = yaml.safe_load(original)
    if kind == "range" and not any(type(get(tree, path)) is int for path in paths(tree)):
        pytest.skip("no number in this file to put out of range (words only, like cross-sums/notes.yaml)")
    run_mutations(file, mutation(original, kind), examples(file), playground, good)


@pytest.mark.parametrize("value", HOSTILE, ids=[value[:20] for value in HOSTILE])
@pytest.mark.parametrize("file", FILES)
def test_hostile_yaml_fails_cleanly(file, value, playground, good):
    """Each construct on a `key: value` line of each content file (the lines hypothesis picks):
    it fails as the file is read, so these runs are quick."""
    original = (CONTENT / file).read_text(encoding="utf-8")
    run_mutations(file, text_mutation(original, value), 2, playground, good)


def run_mutations(file: str, changes, count: int, playground: Path, good) -> None:
    """`count` files from the strategy `changes`, each written over `file` in turn and built."""
    original = (CONTENT / file).read_text(encoding="utf-8")
    target, game = playground / "content" / file, file.split("/")[0]

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(change=changes)
    def mutated(change):
        if os.environ.get("PRINTKIT_MUTATIONS_LOG"):
            print(file, change[0][:80], file=sys.__stderr__)
        target.write_text(change[1], encoding="utf-8")
        try:
            check_runs(playground, game, good[game])
        finally:
            target.write_text(original, encoding="utf-8")

    mutated()


# --- what the mutations found, kept as plain regression tests --------------------------------------

def edit(project: Path, file: str, old: str, new: str) -> None:
    path = project / "content" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_billion_as_highest_number_is_an_error_not_a_memory_error(cli, project):
    """The rules model listed the cards A to `highest` before checking it: 10**9 filled the memory."""
    edit(project, "cross-sums/scenarios.yaml", "    highest: 6\n    hand: 3\n    copies: 3\n    actions: []",
         "    highest: 1000000000\n    hand: 3\n    copies: 3\n    actions: []")
    expected = ("cross-sums/scenarios.yaml:12: scenario 1: highest number 1000000000 is not a number card "
                "(A=1 to 10)\n")
    assert validate(cli, "cross-sums") == (1, "", expected)


def test_a_line_break_quoted_in_a_message_stays_on_its_line(cli, project):
    """A value from a `|` block, quoted back in a message, printed its line breaks (and a NUL) raw."""
    edit(project, "numbered-cards/game.yaml", "    kind: Discard\n    ability: Rearrange",
         '    kind: "Dis\\n\\ncard\\0"\n    ability: Rearrange')
    line = next(n for n, row in enumerate((project / "content" / "numbered-cards" / "game.yaml").read_text(
        encoding="utf-8").splitlines(), start=1) if row.startswith('    kind: "Dis'))
    code, out, err = validate(cli, "numbered-cards")
    assert (code, err) == (1, f"numbered-cards/game.yaml:{line}: cards[1].kind: 'Dis\\n\\ncard\\x00' is not "
                              "allowed (did you mean 'Discard'?)\n")


def test_a_tagline_written_as_a_block_prints_as_one_paragraph(cli, project):
    """Its blank line used to end the rules page's italic paragraph half way: a markup error with
    no line. Content text is one paragraph, folded as YAML's `>` folds it."""
    edit(project, "one-too-many/game.yaml", "tagline: Bank the cards you draw, and pass",
         "tagline: |\n  Bank the cards you draw,\n\n  and\tpass")
    assert build(cli, "one-too-many")[0] == 0
    with pdfplumber.open(project / "out" / "one-too-many" / "rules.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "Bank the cards you draw, and pass before the Diamonds" in text


def test_a_date_where_a_number_goes_is_called_a_date(cli, project):
    """YAML reads 2024-01-01 as a date (and !!binary as bytes): both were called 'a mapping'."""
    edit(project, "one-too-many/game.yaml", "end_score: 21 ", "end_score: 2024-01-01 ")
    edit(project, "one-too-many/game.yaml", "redo_tokens: 12", "redo_tokens: !!binary aGVsbG8=")
    assert validate(cli, "one-too-many")[::2] == (1, (
        "one-too-many/game.yaml:11: end_score: expected a whole number, got the date 2024-01-01\n"
        "one-too-many/game.yaml:24: redo_tokens: expected a whole number, got the binary data b'hello'\n"))
