"""How long a template's value would be as text, measured before the text is made: a list of a
thousand references to a list of a thousand references to a list of a thousand numbers is small
in memory and three billion characters printed, indented or turned into JSON. The sandbox
(sandbox.py) measures what it is about to print or join, and its filters' limits (limits.py) what
they are about to join, format or turn into JSON."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

__all__ = ["Measure", "TooLong", "fields", "measure"]

FORMATTER = string.Formatter()
SPLIT = re.compile(r"[.\[]")  # where a field's name goes on to an attribute or an item
OTHER = 100  # characters assumed of a value that is neither text, number nor container (a macro's repr)


class TooLong(ValueError):
    """The value is longer than the limit given (how much longer is not measured)."""


@dataclass(frozen=True)
class Measure:
    """At most how many characters a value prints as (JSON's quotes and escapes aside), how many
    values it holds (each one line when indented), and how deeply its containers nest."""

    chars: int
    values: int
    depth: int

    def indented(self, indent: int) -> int:
        """At most how long it is with each value on a line of its own, `indent` a level."""
        return self.chars + self.values * (1 + indent * self.depth)


def measure(value, limit: int) -> Measure:
    """The value measured, every container walked however often it is referred to; TooLong as
    soon as it is found longer than `limit` characters (the walk takes at most `limit` steps)."""
    if isinstance(value, str):
        return _short(len(value), limit, 1, 0)
    chars, values, depth, stack = 0, 0, 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        values, depth = values + 1, max(depth, level)
        if isinstance(item, str):
            chars += len(item) + 2
        elif isinstance(item, dict):
            chars += 2 + 4 * len(item)
            stack.extend((part, level + 1) for pair in item.items() for part in pair)
        elif isinstance(item, (list, tuple, set, frozenset)):
            chars += 2 + 2 * len(item)
            stack.extend((part, level + 1) for part in item)
        elif isinstance(item, int):
            chars += item.bit_length() // 3 + 2  # a digit is at least 3.3 bits
        else:
            chars += 24 if isinstance(item, float) or item is None else OTHER
        _short(chars + values, limit, values, depth)
    return Measure(chars, values, depth)


def _short(chars: int, limit: int, values: int, depth: int) -> Measure:
    if chars > limit:
        raise TooLong(f"a text of more than {limit:,} characters")
    return Measure(chars, values, depth)


def fields(text: str, args: tuple, kwargs: dict):
    """What `text.format(*args, **kwargs)` puts into it: ("value", v) for each value formatted (the
    whole argument where a field takes an attribute or item of it), ("width", v) for each value
    given as a field's width or precision (the `{}` in `{:{}}`: None when it is an attribute or
    item of an argument), each found by Python's rules (numbered in turn, by index or by name)."""
    auto = 0
    for _, name, spec, _ in FORMATTER.parse(text):
        if name is None:
            continue
        yield "value", _argument(SPLIT.split(name, 1)[0], auto, args, kwargs)
        auto += SPLIT.split(name, 1)[0] == ""
        for _, nested, _, _ in FORMATTER.parse(spec or ""):
            if nested is not None:
                yield "width", None if SPLIT.search(nested) else _argument(nested, auto, args, kwargs)
                auto += nested == ""


def _argument(name: str, auto: int, args: tuple, kwargs: dict):
    """The argument a field's name (no attribute or item) stands for; '' where there is none (the
    formatting then fails on its own)."""
    if name == "" or name.isdigit():
        index = auto if name == "" else int(name)
        return args[index] if index < len(args) else ""
    return kwargs.get(name, "")
