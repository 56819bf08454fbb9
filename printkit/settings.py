"""Project settings: `printkit.yaml` beside `content/` remembers how this project prints (paper,
duplex flip, the printer's back offset, ink saver, bleed), so every later command uses them. A
command-line option wins over the file; the file wins over printkit's defaults."""

from __future__ import annotations

import os
from pathlib import Path

from printkit.errors import PrintkitError
from printkit.load import Bool, Choice, ListOf, Number, Record, load_yaml, read_content
from printkit.plan.geometry import PAPERS
from printkit.write import Output, write_outputs

FILE = "printkit.yaml"
DEFAULTS = {"paper": "a4", "duplex": "long", "back_offset": [0.0, 0.0], "ink_saver": False, "bleed": 0.0}
SPEC = Record({}, optional={
    "paper": Choice(tuple(sorted(PAPERS))),
    "duplex": Choice(("long", "short", "none")),
    "back_offset": ListOf(Number(-10.0, 10.0), 2, 2),
    "ink_saver": Bool(),
    "bleed": Number(0.0, 6.0),
})


def path_for(content: Path) -> Path:
    return content.resolve().parent / FILE


def load(content: Path) -> dict:
    """The settings the project's file gives (only those it gives); {} when there is no file."""
    path = path_for(content)
    if not os.path.lexists(path):  # a folder or a pipe of that name is an error, not "no settings"
        return {}
    data, _, problems = read_content(load_yaml(path, FILE), SPEC)
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
    settings = {**load(content), **{k: v for k, v in changes.items() if v is not None}}
    lines = ["# How this project prints: read by every printkit command (options on the command line win).",
             "# Written by `printkit settings`; edit it by hand or with that command."]
    for key in DEFAULTS:
        if key in settings:
            lines.append(f"{key}: {_yaml(settings[key])}")
    write_outputs([Output(path_for(content), ("\n".join(lines) + "\n").encode("utf-8"), 0)])
    return settings


def _yaml(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(f"{v:g}" for v in value) + "]"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
