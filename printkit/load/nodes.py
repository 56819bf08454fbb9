"""YAML read safely into a tree of nodes that remember the file and line they came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from printkit.errors import Problem, PrintkitError


@dataclass
class Node:
    """A YAML value (dict of Nodes, list of Nodes, or a scalar) and where it was written."""

    value: Any
    file: str
    line: int
    key_lines: dict[str, int] = field(default_factory=dict)

    def problem(self, message: str, key: str | None = None) -> Problem:
        line = self.key_lines.get(key, self.line) if key is not None else self.line
        return Problem(self.file, line, message)


def load_yaml(path: Path, shown_as: str) -> Node:
    """Parse one YAML file; every syntax or duplicate-key error becomes a located Problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PrintkitError([Problem(shown_as, None, "content file is missing")]) from None
    except (OSError, UnicodeDecodeError) as error:
        raise PrintkitError([Problem(shown_as, None, f"cannot read: {_reason(error)}")]) from None
    try:
        root = yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError:
        root = _compose_for_message(text, shown_as)  # raises with the pure-Python parser's words
    if root is None:
        raise PrintkitError([Problem(shown_as, 1, "file is empty")])
    problems: list[Problem] = []
    node = _convert(root, shown_as, problems)
    if problems:
        raise PrintkitError(problems)
    return node


def _compose_for_message(text: str, shown_as: str):
    """Parse again with PyYAML's Python parser, whose messages and marks do not depend on whether
    libyaml is installed."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        # "while scanning a simple key" and the like: the context is where the fix is needed
        mark = error.context_mark or error.problem_mark
        line = mark.line + 1 if mark else None
        raise PrintkitError([Problem(shown_as, line, f"YAML syntax: {error.problem}")]) from None
    except yaml.YAMLError as error:
        raise PrintkitError([Problem(shown_as, None, f"YAML syntax: {error}")]) from None


_SCALARS = yaml.SafeLoader("")
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it: same nodes, faster


def _convert(raw: yaml.Node, file: str, problems: list[Problem]) -> Node:
    line = raw.start_mark.line + 1
    if isinstance(raw, yaml.MappingNode):
        return _convert_mapping(raw, file, problems)
    if isinstance(raw, yaml.SequenceNode):
        return Node([_convert(item, file, problems) for item in raw.value], file, line)
    try:
        return Node(_SCALARS.construct_object(raw, deep=True), file, line)
    except yaml.YAMLError as error:
        problems.append(Problem(file, line, f"YAML value: {getattr(error, 'problem', error)}"))
        return Node(None, file, line)


def _convert_mapping(raw: yaml.MappingNode, file: str, problems: list[Problem]) -> Node:
    node = Node({}, file, raw.start_mark.line + 1)
    for key_raw, value_raw in raw.value:
        key = str(_SCALARS.construct_object(key_raw, deep=True))
        key_line = key_raw.start_mark.line + 1
        if key in node.value:
            problems.append(Problem(file, key_line, f"key '{key}' is given twice "
                                                    f"(first on line {node.key_lines[key]})"))
            continue
        node.value[key] = _convert(value_raw, file, problems)
        node.key_lines[key] = key_line
    return node


def _reason(error: Exception) -> str:
    return getattr(error, "strerror", None) or str(error)
