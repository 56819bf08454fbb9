"""YAML read safely into a tree of nodes that remember the file and line they came from.

The tree is built from the parser's events rather than by PyYAML's composer, so that what a file
can ask for is bounded while it is read: how deep values nest, how many values its aliases expand
to (the nine-line "billion laughs" file asks for a billion), an alias inside the value it names.
Only YAML's plain types are read: other tags, merge keys (`<<`), tagged or non-text keys and
values YAML cannot read (`!!int abc`, the plain date `2024-02-30`) are problems at their line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import yaml
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.files import MAX_BYTES, line_at, read_text
from printkit.load.syntax import syntax_problem

MAX_DEPTH = 50  # content nests five or six levels
MAX_VALUES = 200_000  # values once aliases are expanded; the Cross Sums campaign has ~5,000
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it: same events, faster
STANDARD = "tag:yaml.org,2002:"
SCALAR_TAGS = {STANDARD + name: what for name, what in [
    ("str", "text"), ("int", "a whole number"), ("float", "a number"), ("bool", "true or false"),
    ("null", "nothing"), ("timestamp", "a date"), ("binary", "base64 data")]}
RESOLVER = Resolver()
SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass
class Node:
    """A YAML value (dict of Nodes, list of Nodes, or a scalar) and where it was written."""

    value: Any
    file: str
    line: int
    key_lines: dict[str, int] = field(default_factory=dict)
    text: str | None = None  # a scalar as written (`no`, which YAML reads as false)
    size: int = field(default=1, repr=False)  # values in it, aliases expanded

    def problem(self, message: str, key: str | None = None) -> Problem:
        line = self.key_lines.get(key, self.line) if key is not None else self.line
        return Problem(self.file, line, message)


def load_yaml(path: Path, shown_as: str, limit: int = MAX_BYTES, values: int = MAX_VALUES,
              within: Path | None = None, what: str = "the game's folder") -> Node:
    """Parse one YAML file of at most `limit` bytes and `values` values (printkit's own records
    of a big set hold more than any content file); every syntax, value or duplicate-key error
    becomes a located Problem. `within`: the folder (a game's, the project: `what`) a link may not
    lead out of."""
    try:
        text = read_text(path, shown_as, limit, within, what)
    except FileNotFoundError:
        raise PrintkitError([Problem(shown_as, None, "content file is missing")]) from None
    composer = _Composer(shown_as, values)
    try:
        root = composer.document(yaml.parse(text, Loader=LOADER))
    except yaml.YAMLError as error:
        _raise_syntax_error(text, shown_as, error)
    if root is None:
        raise PrintkitError([Problem(shown_as, 1, "file is empty")])
    if composer.problems:
        raise PrintkitError(composer.problems)
    return root


def _raise_syntax_error(text: str, shown_as: str, first: yaml.YAMLError):
    """Parse again with PyYAML's Python parser, whose messages and marks do not depend on whether
    libyaml is installed (events only: its composer would recurse on deep nesting). Where it reads
    what libyaml did not (`"\\ud800"`, half a character), libyaml's own problem at its line."""
    try:
        for _ in yaml.parse(text, Loader=yaml.SafeLoader):
            pass
    except yaml.reader.ReaderError as error:
        message = f"YAML syntax: character U+{error.character:04X} is not allowed" \
            if isinstance(error.character, int) else f"YAML syntax: {error.reason}"
        raise PrintkitError([Problem(shown_as, line_at(text, error.position), message)]) from None
    except yaml.MarkedYAMLError as error:
        if error.problem_mark is None:
            raise PrintkitError([Problem(shown_as, None, f"YAML syntax: {error.problem}")]) from None
        raise PrintkitError([syntax_problem(text, shown_as, error)]) from None
    except yaml.YAMLError as error:
        raise PrintkitError([Problem(shown_as, None, f"YAML syntax: {error}")]) from None
    mark = getattr(first, "problem_mark", None)
    problem = getattr(first, "problem", None) or "the file cannot be read"
    raise PrintkitError([Problem(shown_as, mark.line + 1 if mark else None, f"YAML syntax: {problem}")])


class _Stop(Exception):
    """A problem after which the rest of the file cannot be read sensibly."""


class _Composer:
    """Parser events -> Nodes. Problems in values are collected; a structural one stops."""

    def __init__(self, file: str, most: int = MAX_VALUES):
        self.file, self.most = file, most
        self.problems: list[Problem] = []
        self.anchors: dict[str, Node] = {}
        self.open: set[str] = set()  # anchors of the lists and mappings being read
        self.values = 0

    def document(self, events: Iterator[yaml.Event]) -> Node | None:
        self.events = events
        try:
            return self._document()
        except _Stop as stop:
            raise PrintkitError([stop.args[0]]) from None

    def _document(self) -> Node | None:
        next(self.events)  # the stream's start
        event = next(self.events)
        if isinstance(event, yaml.StreamEndEvent):
            return None
        root = self.node(next(self.events), 1)
        next(self.events)  # the document's end
        event = next(self.events)
        if isinstance(event, yaml.DocumentStartEvent):
            raise self.stop(event, "a second YAML document starts here; a file holds one")
        return root

    def node(self, event: yaml.Event, depth: int) -> Node:
        if isinstance(event, yaml.AliasEvent):
            return self.alias(event)
        if depth > MAX_DEPTH:
            raise self.stop(event, f"values nest more than {MAX_DEPTH} levels deep")
        if isinstance(event, yaml.ScalarEvent):
            node = self.scalar(event)
        else:
            node = self.collection(event, depth)
        self.count(event, 1)
        if event.anchor is not None:
            self.anchors[event.anchor] = node
        return node

    def alias(self, event: yaml.AliasEvent) -> Node:
        name = event.anchor
        if name in self.open:
            raise self.stop(event, f"alias *{name} is inside the value &{name} names, which would never end")
        if name not in self.anchors:
            raise self.stop(event, f"alias *{name} names no value: &{name} must come before it")
        node = self.anchors[name]
        self.count(event, node.size)
        return node

    def count(self, event: yaml.Event, values: int) -> None:
        self.values += values
        if self.values > self.most:
            raise self.stop(event, f"the file holds more than {self.most:,} values (aliases expanded)")

    def scalar(self, event: yaml.ScalarEvent) -> Node:
        node = Node(None, self.file, self.line(event), text=event.value)
        tag = event.tag if event.tag not in (None, "!") else RESOLVER.resolve(yaml.ScalarNode, event.value,
                                                                               event.implicit)
        if tag not in SCALAR_TAGS:
            self.problems.append(self.unsupported(event, tag))
            return node
        if self.halved(event):
            return node
        raw = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
        try:
            node.value = SafeConstructor().construct_document(raw)
        except (yaml.YAMLError, ValueError, KeyError, TypeError, OverflowError):
            self.problems.append(self.unreadable(event, tag))
        return node

    def collection(self, start: yaml.Event, depth: int) -> Node:
        mapping = isinstance(start, yaml.MappingStartEvent)
        node = Node({} if mapping else [], self.file, self.line(start))
        if start.tag not in (None, "!", STANDARD + ("map" if mapping else "seq")):
            self.problems.append(self.unsupported(start, start.tag))
        if start.anchor is not None:
            self.open.add(start.anchor)
        if mapping:
            self.fill_mapping(node, depth)
        else:
            node.value = list(self.items(depth))
        node.size = 1 + sum(child.size for child in (node.value.values() if mapping else node.value))
        self.open.discard(start.anchor)
        return node

    def items(self, depth: int) -> Iterator[Node]:
        event = next(self.events)
        while not isinstance(event, yaml.SequenceEndEvent):
            yield self.node(event, depth + 1)
            event = next(self.events)

    def fill_mapping(self, node: Node, depth: int) -> None:
        event = next(self.events)
        while not isinstance(event, yaml.MappingEndEvent):
            key, line = self.key(event, depth), self.line(event)
            value = self.node(next(self.events), depth + 1)
            if key in node.value:
                self.problems.append(Problem(self.file, line, f"key '{key}' is given twice "
                                                              f"(first on line {node.key_lines[key]})"))
            elif key is not None:
                node.value[key], node.key_lines[key] = value, line
            event = next(self.events)

    def key(self, event: yaml.Event, depth: int) -> str | None:
        """A key as written (`no:` is the key 'no'); None after recording why it cannot be one."""
        if isinstance(event, yaml.ScalarEvent) and event.implicit[0] and event.value == "<<":
            message = "merge keys (<<) are not supported: write the keys out"
        elif isinstance(event, yaml.ScalarEvent) and event.tag not in (None, "!"):
            message = f"a key cannot have a YAML tag ({_short(event.tag)})"
        elif isinstance(event, yaml.ScalarEvent):
            return None if self.halved(event) else event.value
        else:
            text = self.node(event, depth + 1).text  # a list, a mapping, or an alias of one of these
            if text is not None:
                return text
            message = "a key must be text, not a list or mapping"
        self.problems.append(Problem(self.file, self.line(event), f"YAML key: {message}"))
        return None

    def halved(self, event: yaml.ScalarEvent) -> bool:
        """Python's parser reads `"\\ud800"` (libyaml does not): half a character, which no text can hold."""
        found = SURROGATE.search(event.value)
        if found:
            self.problems.append(Problem(self.file, self.line(event), f"YAML: U+{ord(found.group()):04X} is half of "
                                                                      f"a character (a lone surrogate): write the "
                                                                      f"character itself"))
        return found is not None

    def unsupported(self, event: yaml.Event, tag: str) -> Problem:
        return Problem(self.file, self.line(event), f"YAML tag {_short(tag)} is not supported: "
                                                    f"content is text, numbers, true/false, lists and mappings")

    def unreadable(self, event: yaml.ScalarEvent, tag: str) -> Problem:
        shown = event.value if len(event.value) <= 30 else event.value[:27] + "..."
        if event.tag in (None, "!"):
            return Problem(self.file, self.line(event), f"YAML value: {shown} is not {SCALAR_TAGS[tag]}; "
                                                        f"put it in quotes to write it as text")
        return Problem(self.file, self.line(event), f"YAML value: {_short(tag)} '{shown}' is not "
                                                    f"{SCALAR_TAGS[tag]}")

    def stop(self, event: yaml.Event, message: str) -> _Stop:
        return _Stop(Problem(self.file, self.line(event), f"YAML: {message}"))

    @staticmethod
    def line(event: yaml.Event) -> int:
        return event.start_mark.line + 1


def _short(tag: str) -> str:
    return "!!" + tag[len(STANDARD):] if tag.startswith(STANDARD) else tag
