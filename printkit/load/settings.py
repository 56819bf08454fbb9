"""Project settings: `printkit.yaml`, in the project's folder beside `content/`, remembers how this project prints (paper,
duplex flip, the printer's back offset and scale, ink saver, bleed, corners, cutter, duplex or gutter-fold card
sheets), so every later command uses them. A
command-line option wins over the file; the file wins over printkit's defaults."""

from __future__ import annotations

import json
import os
from pathlib import Path

from yaml import ScalarNode

from printkit.ground.atomic import blamed, remove_left_over, replace_whole
from printkit.ground.errors import PrintkitError
from printkit.load import Bool, Choice, ListOf, Number, Record, load_yaml, read_content
from printkit.load.nodes import RESOLVER
from printkit.ground.papers import CUTTERS, PAPER_SIZES
from printkit.load.project import FILE, refuse_links

SHEETS = ("duplex", "gutterfold")  # how card files are laid out (printkit/load/options.py)
DEFAULTS = {"paper": "a4", "duplex": "long", "sheet": "duplex", "back_offset": [0.0, 0.0], "ink_saver": False,
            "bleed": 0.0, "corners": 0.0, "cutter": "none", "scale_correction": [100.0, 100.0]}
SCALE_CORRECTION = (97.0, 103.0)  # percent: a printer further off than this is scaling the page ("Fit to page")
SPEC = Record({}, optional={
    "paper": Choice(tuple(sorted(PAPER_SIZES))),
    "duplex": Choice(("long", "short", "none")),
    "sheet": Choice(SHEETS),
    "back_offset": ListOf(Number(-10.0, 10.0), 2, 2),
    "ink_saver": Bool(),
    "bleed": Number(0.0, 6.0),
    "corners": Number(0.0, 6.0),
    "cutter": Choice(CUTTERS),
    "scale_correction": ListOf(Number(*SCALE_CORRECTION), 2, 2),
})


def path_for(content: Path) -> Path:
    return content.resolve().parent / FILE


def load(content: Path, replacing: frozenset = frozenset()) -> dict:
    """The settings the project's file gives (only those it gives); {} when there is no file.
    Keys in `replacing` are left out unread: a value about to be replaced may be what is broken."""
    path = path_for(content)
    if not os.path.lexists(path):  # a folder or a pipe of that name is an error, not "no settings"
        return {}
    node = load_yaml(path, FILE, within=path.parent, what="the project")  # a link out of the project: refused, not read
    if isinstance(node.value, dict):
        node.value = {key: value for key, value in node.value.items() if key not in replacing}
    data, _, problems = read_content(node, SPEC)
    if problems:
        raise PrintkitError(problems)
    return {key: value for key, value in data.items() if value is not None}


def resolve(content: Path, given: dict) -> dict:
    """Every setting: given on the command line, else from printkit.yaml, else the default."""
    saved = load(content)
    return {key: given.get(key) if given.get(key) is not None else saved.get(key, default)
            for key, default in DEFAULTS.items()}


def save(content: Path, changes: dict) -> dict:
    """Write the file with `changes` merged in; returns what it now holds."""
    changes = {key: value for key, value in changes.items() if value is not None}
    settings = {**load(content, replacing=frozenset(changes)), **changes}
    _write(path_for(content), text(settings).encode("utf-8"))
    return settings


def _write(path: Path, data: bytes) -> None:
    """printkit.yaml replaced whole or not at all, never through a link at its name; a temporary
    one a save that crashed left in the project folder removed first."""
    refuse_links([path], path.parent)
    with blamed(path):
        remove_left_over(path)
        replace_whole(path, data)


def text(settings: dict) -> str:
    """printkit.yaml holding these settings."""
    lines = ["# How this project prints: read by every printkit command (options on the command line win).",
             "# Written by `printkit settings`; edit it by hand or with that command."]
    lines += [f"{key}: {as_yaml(settings[key])}" for key in DEFAULTS if key in settings]
    return "\n".join(lines) + "\n"


def as_yaml(value) -> str:
    """A value as YAML that reads back as the same value (printkit.yaml's, and the settings and
    defaults the command line shows)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(as_yaml(v) for v in value) + "]"
    if isinstance(value, (int, float)):
        return _number(value)
    return value if RESOLVER.resolve(ScalarNode, value, (True, False)).endswith(":str") else json.dumps(value)


def _number(value: float) -> str:
    """Written out in full: `0.00001`, never `1e-05`, which YAML reads as text; `-1`, not `-1.0`.
    (Every command's help shows its defaults so: decimal, 5 ms to import, only for an exponent.)"""
    text = repr(float(value))
    if text.strip("-0123456789.") or "." not in text:
        from decimal import Decimal

        text = format(Decimal(text), "f")
    return text[:-2] if text.endswith(".0") else text
