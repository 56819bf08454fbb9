"""Declarative schemas for content: types, ranges, required and unknown keys.

Reading a node tree against a schema gives plain Python data plus `Located`, which maps each
value's key path to the FILE:LINE it came from, so later stages (the rules models) can report
problems by path. Every problem in a tree is collected before anything stops (as MkDocs does).
"""

from __future__ import annotations

import datetime
import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from printkit.ground.errors import Problem
from printkit.load.nodes import Node

Path = tuple  # a key path such as ("players", "max") or ("exercises", 0, "rows")
INVALID = object()
_BREAKS = "\t\r\n\v\f\x1c-\x1f\x85\u2028\u2029"  # what str.splitlines() ends a line at, and tab
LINE_BREAKS = re.compile(f" *[{_BREAKS}][ {_BREAKS}]*")


@dataclass
class Located:
    """Where each value of a content tree was written: key path -> (file, line)."""

    places: dict[Path, tuple[str, int]] = field(default_factory=dict)

    def problem(self, path: Path, message: str) -> Problem:
        """A Problem at the deepest recorded node on `path`."""
        for end in range(len(path), -1, -1):
            if path[:end] in self.places:
                file, line = self.places[path[:end]]
                return Problem(file, line, message)
        raise KeyError(path)


def dotted(path: Path) -> str:
    text = ""
    for part in path:
        text += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "file"


class Spec:
    """A content type. `read` returns the plain value, or INVALID after recording problems."""

    def read(self, node: Node, path: Path, located: Located, problems: list[Problem]) -> Any:
        located.places.setdefault(path, (node.file, node.line))
        return self.check(node, path, problems)

    def check(self, node: Node, path: Path, problems: list[Problem]) -> Any:
        raise NotImplementedError

    def wrong_type(self, node: Node, path: Path, problems: list[Problem], expected: str):
        problems.append(node.problem(f"{dotted(path)}: expected {expected}, got {describe(node.value)}"))
        return INVALID


@dataclass
class Int(Spec):
    min: int | None = None
    max: int | None = None

    def check(self, node, path, problems):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int):
            return self.wrong_type(node, path, problems, "a whole number")
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            problems.append(node.problem(f"{dotted(path)}: {value} is out of range ({self._range()})"))
            return INVALID
        return value

    def _range(self) -> str:
        if self.max is None:
            return f"at least {self.min}"
        if self.min is None:
            return f"at most {self.max}"
        return f"{self.min} to {self.max}"


@dataclass
class Number(Spec):
    """A measurement: a whole or decimal number within [min, max]."""

    min: float
    max: float

    def check(self, node, path, problems):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            return self.wrong_type(node, path, problems, "a number")
        if not self.min <= value <= self.max:
            problems.append(node.problem(f"{dotted(path)}: {value} is out of range ({self.min:g} to {self.max:g})"))
            return INVALID
        return float(value)


@dataclass
class Str(Spec):
    max_length: int = 2000

    def check(self, node, path, problems):
        if not isinstance(node.value, str) or not node.value.strip():
            return self.wrong_type(node, path, problems, "some text")
        if len(node.value) > self.max_length:
            problems.append(node.problem(f"{dotted(path)}: text is longer than {self.max_length} characters"))
            return INVALID
        # One paragraph, as YAML's folded `>` style gives: a line break or tab from a `|` block
        # would otherwise end a paragraph (or start a heading) inside a template's text.
        # (No-break and thin spaces are the designer's and stay.)
        return LINE_BREAKS.sub(" ", node.value).strip()


@dataclass
class Choice(Spec):
    """One of a few words, e.g. a suit."""

    options: tuple[str, ...]

    def check(self, node, path, problems):
        if node.value not in self.options or not isinstance(node.value, str):
            written = node.text if node.text is not None else str(node.value)  # `no`, not 'False'
            close = difflib.get_close_matches(written, self.options, n=1)
            hint = f"did you mean '{close[0]}'?" if close else "expected one of: " + ", ".join(self.options)
            shown = f"'{written}'" if node.text is not None else describe(node.value)
            problems.append(node.problem(f"{dotted(path)}: {shown} is not allowed ({hint})"))
            return INVALID
        return node.value


@dataclass
class Bool(Spec):
    def check(self, node, path, problems):
        if not isinstance(node.value, bool):
            return self.wrong_type(node, path, problems, "true or false")
        return node.value


@dataclass
class ListOf(Spec):
    item: Spec
    min_items: int = 0
    max_items: int | None = None

    def read(self, node, path, located, problems):
        located.places.setdefault(path, (node.file, node.line))
        if not isinstance(node.value, list):
            return self.wrong_type(node, path, problems, "a list")
        if len(node.value) < self.min_items or (self.max_items is not None and len(node.value) > self.max_items):
            problems.append(node.problem(f"{dotted(path)}: has {len(node.value)} item{'s' * (len(node.value) != 1)}, "
                                         f"expected {self._count()}"))
            return INVALID
        items = [self.item.read(child, path + (i,), located, problems) for i, child in enumerate(node.value)]
        return INVALID if any(item is INVALID for item in items) else items

    def _count(self) -> str:
        if self.max_items is None:
            return f"at least {self.min_items}"
        if self.max_items == self.min_items:
            return f"exactly {self.min_items}"
        return f"{self.min_items} to {self.max_items}"


@dataclass
class Record(Spec):
    """A mapping with known keys: `fields` are required, `optional` default to None."""

    fields: dict[str, Spec]
    optional: dict[str, Spec] = field(default_factory=dict)

    def read(self, node, path, located, problems):
        located.places.setdefault(path, (node.file, node.line))
        if not isinstance(node.value, dict):
            return self.wrong_type(node, path, problems, "a mapping of keys")
        known = {**self.fields, **self.optional}
        result: dict[str, Any] = {}
        misspelt = set()
        for key, child in node.value.items():
            if key not in known:
                message, meant = self._unknown(path, key, known)
                problems.append(node.problem(message, key))
                misspelt.add(meant)
                continue
            located.places[path + (key,)] = (node.file, node.key_lines[key])
            result[key] = known[key].read(child, path + (key,), located, problems)
        holder = located.places[path][1]  # the line of the key that holds this mapping
        for key in self.fields:
            if key not in node.value and key not in misspelt:
                problems.append(Problem(node.file, holder, f"{dotted(path + (key,))}: missing key '{key}'"))
        for key in self.optional:
            result.setdefault(key, None)
        valid = all(value is not INVALID for value in result.values()) and set(self.fields) <= set(result)
        return result if valid else INVALID

    @staticmethod
    def _unknown(path: Path, key: str, known: dict) -> tuple[str, str | None]:
        """The message for an unknown key, and the known key it probably meant."""
        where = f"{dotted(path)}: " if path else ""
        close = difflib.get_close_matches(key, known, n=1)
        hint = f"did you mean '{close[0]}'?" if close else "expected one of: " + ", ".join(known)
        return f"{where}unknown key '{key}' ({hint})", close[0] if close else None


def read_content(node: Node, spec: Spec) -> tuple[Any, Located, list[Problem]]:
    """Check one file's node tree against its schema: (data or INVALID, places, problems)."""
    located = Located()
    problems: list[Problem] = []
    data = spec.read(node, (), located, problems)
    return data, located, problems


def describe(value: Any) -> str:
    """A value as a message names what was found instead (text 'x', the number 3, a list)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 30 else value[:27] + "..."
        return f"text '{shown}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (datetime.date, bytes)):
        return f"the {'date' if isinstance(value, datetime.date) else 'binary data'} {value!s:.30}"
    return f"a {type(value).__name__}"
