"""Hostile or broken YAML, in content and in printkit.yaml, and files that are not text files:
each is one `FILE:LINE: message` line on stderr, exit 1, quickly, and the previous outputs stay
byte-identical. Each row: what the file holds, the line, the message."""

from __future__ import annotations

import json

import os
import time

import pytest

from conftest import build, pdfs

GAME = "numbered-cards"  # three small files: a good build takes ~0.15 s
CONTENT = f"{GAME}/game.yaml"
BOMB = "".join(f"{a}: &{a} [{', '.join([f'*{b}'] * 9)}]\n" for b, a in zip("abcdefgh", "bcdefghi"))
BOMB = 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n' + BOMB  # the classic 9 lines
DEEP = "x: " + "[" * 500 + "]" * 500 + "\n"
TAGS = "content is text, numbers, true/false, lists and mappings"

# name -> (YAML put at the top of the file, line, message)
ROWS = {
    "alias bomb": (BOMB, 6, "YAML: the file holds more than 200,000 values (aliases expanded)"),
    "alias inside its own value": ("a: &x [*x]\n", 1, "YAML: alias *x is inside the value &x names, which "
                                                      "would never end"),
    "alias of nothing": ("a: *x\n", 1, "YAML: alias *x names no value: &x must come before it"),
    "500 levels of nesting": (DEEP, 1, "YAML: values nest more than 50 levels deep"),
    "merge key": ("base: &a {x: 1}\nother:\n  <<: *a\n", 3, "YAML key: merge keys (<<) are not supported: "
                                                            "write the keys out"),
    "!!int abc": ("a: !!int abc\n", 1, "YAML value: !!int 'abc' is not a whole number"),
    "!!float on text": ("a: 1\nb: !!float many\n", 2, "YAML value: !!float 'many' is not a number"),
    "a tag on a key": ("!!python/name:os.system : 1\n", 1, "YAML key: a key cannot have a YAML tag "
                                                           "(!!python/name:os.system)"),
    "a list as a key": ("? [1, 2]\n: x\n", 1, "YAML key: a key must be text, not a list or mapping"),
    "a plain date that is not a date": ("edition: 2024-02-30\n", 1, "YAML value: 2024-02-30 is not a date; "
                                                                    "put it in quotes to write it as text"),
    "a number of 5000 digits": ("a: " + "9" * 5000 + "\n", 1, "YAML value: 999999999999999999999999999... is "
                                                              "not a whole number; put it in quotes to write "
                                                              "it as text"),
    "a Python tag": ("a: !!python/object/apply:os.system [ls]\n", 1, f"YAML tag !!python/object/apply:os.system "
                                                                     f"is not supported: {TAGS}"),
    "a local tag": ("a: !card 3\n", 1, f"YAML tag !card is not supported: {TAGS}"),
    "a set": ("a: !!set {x, y}\n", 1, f"YAML tag !!set is not supported: {TAGS}"),
    "a second document": ("a: 1\n---\nb: 2\n", 2, "YAML: a second YAML document starts here; a file holds one"),
    "a NUL": ("a: 1\nb: 'x\x00'\n", 2, "YAML syntax: character U+0000 is not allowed"),
    "a bell": ("a: 1\n\nb: x\x07\n", 3, "YAML syntax: character U+0007 is not allowed"),
}


@pytest.fixture
def previous(cli, project) -> dict[str, bytes]:
    assert build(cli, GAME)[0] == 0
    return pdfs(project / "out")


def outputs_of(files: dict[str, bytes]) -> dict:
    """The files, the manifest as its entries for the files alone."""
    manifest = json.loads(files.pop(".printkit-manifest.json"))
    return {**files, "entries": manifest["outputs"]}


def put_on_top(path, text: str) -> None:
    path.write_text(text + path.read_text(encoding="utf-8"), encoding="utf-8")


@pytest.mark.parametrize("row", ROWS.values(), ids=ROWS.keys())
def test_hostile_yaml_in_content_is_one_line(row, cli, project, previous):
    text, line, message = row
    put_on_top(project / "content" / CONTENT, text)
    started = time.monotonic()
    assert build(cli, GAME) == (1, "", f"{CONTENT}:{line}: {message}\n")
    assert time.monotonic() - started < 5  # the alias bomb ran for minutes and filled the memory
    assert pdfs(project / "out") == previous


@pytest.mark.parametrize("row", ROWS.values(), ids=ROWS.keys())
def test_hostile_yaml_in_printkit_yaml_is_one_line(row, cli, project, previous):
    text, line, message = row
    (project / "printkit.yaml").write_text(text, encoding="utf-8")
    assert build(cli, GAME) == (1, "", f"printkit.yaml:{line}: {message}\n")
    assert pdfs(project / "out") == previous


# --- files that are not what they should be ---------------------------------------------------------

def bad_bytes(path):
    path.write_bytes(b"title: x\ntagline: caf\xe9\n")  # Latin-1, not UTF-8


def fifo(path):
    path.unlink()
    os.mkfifo(path)  # opening it for reading waited for a writer: the build hung


def folder(path):
    path.unlink()
    path.mkdir()


FILES = {
    "bad bytes": (bad_bytes, ":2: not UTF-8 text (byte 0xe9); save the file as UTF-8"),
    "a FIFO": (fifo, ": is a pipe or device, not a file"),
    "a folder": (folder, ": is a folder, not a file"),
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("row", FILES.values(), ids=FILES.keys())
def test_a_content_file_that_is_no_text_file(row, cli, project, previous):
    make, message = row
    make(project / "content" / CONTENT)
    assert build(cli, GAME) == (1, "", f"{CONTENT}{message}\n")
    assert pdfs(project / "out") == previous


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("row", FILES.values(), ids=FILES.keys())
def test_a_printkit_yaml_that_is_no_text_file(row, cli, project, previous):
    """A folder named printkit.yaml was silently ignored: the project printed with the defaults."""
    make, message = row
    (project / "printkit.yaml").write_text("paper: letter\n")
    make(project / "printkit.yaml")
    assert build(cli, GAME) == (1, "", f"printkit.yaml{message}\n")
    assert cli("settings", "--content", "content")[::2] == (1, f"printkit.yaml{message}\n")
    assert pdfs(project / "out") == previous


def test_duplex_no_is_quoted_as_written(cli, project, previous):
    """YAML reads `no` as false; the message said 'False', which the designer never wrote."""
    (project / "printkit.yaml").write_text("paper: a4\nduplex: no\n")
    assert build(cli, GAME) == (1, "", "printkit.yaml:2: duplex: 'no' is not allowed (did you mean 'none'?)\n")
    assert pdfs(project / "out") == previous


def test_a_key_is_read_as_written(cli, project):
    """`no:` is the key 'no' (it was 'False'); `1:` is '1'."""
    put_on_top(project / "content" / CONTENT, "no: 1\n")
    code, _, err = build(cli, GAME)
    assert (code, err.split(" (")[0]) == (1, f"{CONTENT}:1: unknown key 'no'")


def test_aliases_within_the_bounds_still_work(cli, project, previous):
    """An anchor and its aliases are ordinary YAML, and content may use them."""
    path = project / "content" / CONTENT
    text = path.read_text(encoding="utf-8")
    first, second = "    kind: Discard\n    ability: Rearrange", "    kind: Discard\n    ability: Swap"
    path.write_text(text.replace(first, first.replace("Discard", "&d Discard"))
                    .replace(second, second.replace("Discard", "*d")), encoding="utf-8")
    assert build(cli, GAME)[0] == 0
    # the same files, each under the same entry; the manifest's record of the game's sources is of
    # the new text (printkit/pipeline/nothing_changed.py)
    assert outputs_of(pdfs(project / "out")) == outputs_of(previous)
