"""A YAML syntax error told where the mistake is, in the designer's words, with the keys around it.

PyYAML reports a mistake twice: where it noticed (its problem mark) and where the value it was
reading began (its context mark, often the top of the file). A designer needs the line to fix:
the over-indented line, the key without its ':', the quote or bracket never closed. The keys
around it come from replaying the parser's events up to the mistake.
"""

from __future__ import annotations

import re
import yaml

from printkit.ground.errors import Problem

QUOTE_HINT = "text that holds ': ' or starts with '{', '[', '@', '*', '&' or '`' goes in quotes"
GOES_ON = "this line goes on with the text above it"
OVER_INDENTED = "this line is indented more than the key above it expects"
KEYLIKE = re.compile(r"\s*(- +)?[^\s#'\"][^:#]*:(\s|$)")  # `key:` or `- key:` at a line's start


def syntax_problem(text: str, shown_as: str, error: yaml.MarkedYAMLError) -> Problem:
    """The Problem for one PyYAML parser or scanner error (from the Python parser: its marks and
    wording do not depend on whether libyaml is installed)."""
    lines = text.splitlines()
    line, column, message = _told(lines, error)
    if message.startswith(OVER_INDENTED):  # meant as a sibling of the key above, not inside its value
        inside = _inside(lines, line, None)
    elif message.startswith(GOES_ON):  # the line is text, not keys
        inside = _inside(lines, line, _indent(_text(lines, line)))
    else:
        inside = _inside(lines, line, column)
    return Problem(shown_as, line + 1, message + inside, column=column + 1)


def _told(lines: list[str], error: yaml.MarkedYAMLError) -> tuple[int, int, str]:
    """(line, column) counted from 0 and the message; PyYAML's own words where no case fits."""
    problem, context = error.problem or "", error.context or ""
    at = error.problem_mark
    for case in (_tab, _quote, _bracket, _no_colon, _mapping_value, _block_end):
        told = case(lines, error, problem, context)
        if told is not None:
            return told
    return at.line, at.column, f"YAML syntax: {problem}"


def _tab(lines, error, problem, context):
    at = error.problem_mark
    odd = re.fullmatch(r"found character '(.)' that cannot start any token", problem)
    if odd and odd.group(1) != "\t" or context in ("while scanning an alias", "while scanning an anchor"):
        shown = _text(lines, at.line)[error.context_mark.column] if not odd else odd.group(1)
        return at.line, (error.context_mark or at).column if not odd else at.column, \
            f"'{shown}' cannot start a value in YAML: {QUOTE_HINT}"
    if not problem.startswith("found character '\\t'"):
        return None
    if not _text(lines, at.line)[:at.column].strip():
        return at.line, at.column, "a tab indents this line: YAML indents with spaces only"
    return at.line, at.column, "a tab here: YAML separates with spaces only"


def _quote(lines, error, problem, context):
    if context != "while scanning a quoted scalar" or "end of stream" not in problem:
        return None
    at = error.context_mark
    quote = _text(lines, at.line)[at.column:at.column + 1]
    return at.line, at.column, f"the quote {quote} opened here is never closed: end the text with {quote}"


def _bracket(lines, error, problem, context):
    if context not in ("while parsing a flow sequence", "while parsing a flow mapping"):
        return None
    at = error.context_mark
    opened, closing = ("[", "]") if "sequence" in context else ("{", "}")
    return at.line, at.column, (f"the '{opened}' opened here is never closed with '{closing}' "
                                f"({QUOTE_HINT})")


def _no_colon(lines, error, problem, context):
    if context != "while scanning a simple key":
        return None
    at = error.context_mark
    return at.line, at.column, _no_colon_message(_text(lines, at.line)[at.column:])


def _no_colon_message(written: str) -> str:
    shown = _shown(written.split("#")[0].strip())
    return f"'{shown}' has no ':' after its key: a key is written 'key: value', or 'key:' above its values"


def _mapping_value(lines, error, problem, context):
    """`mapping values are not allowed here`: a ':' PyYAML found inside a text it was reading. The
    text began on this line (a second ': '), or above it: the key above has no ':', or this line
    is indented under a key that already has its value."""
    if problem != "mapping values are not allowed here":
        return None
    at = error.problem_mark
    written = _text(lines, at.line)
    before = written[:at.column]
    if re.search(r":\s", before):
        return at.line, at.column, f"a second ': ' on this line: {QUOTE_HINT}"
    indent = len(written) - len(written.lstrip(" "))
    if not KEYLIKE.match(written[:at.column + 1] + " ") or " " in before.strip().lstrip("- "):
        return at.line, at.column, f"{GOES_ON}, and holds ': ': {QUOTE_HINT}"
    above = _line_above(lines, at.line)
    if above is not None and not KEYLIKE.match(_text(lines, above)):
        start = len(_text(lines, above)) - len(_text(lines, above).lstrip(" "))
        return above, start, _no_colon_message(_text(lines, above)[start:])
    return at.line, indent, OVER_INDENTED


def _block_end(lines, error, problem, context):
    """`expected <block end>, but found ...`: a line that lines up with nothing above it."""
    found = re.fullmatch(r"expected <block end>, but found '(.*)'", problem)
    if found is None:
        return None
    at, begun = error.problem_mark, error.context_mark
    token = found.group(1)
    if token == "<scalar>":
        return at.line, at.column, ("more text after the value's closing quote or bracket: "
                                    "put the whole value in quotes")
    if at.column == begun.column and token == "-":
        return at.line, at.column, (f"a list item lined up with the keys begun at line {begun.line + 1}: "
                                    f"indent it under its key")
    if at.column == begun.column and token == "?":
        return at.line, at.column, (f"a key lined up with the list's items begun at line {begun.line + 1}: "
                                    f"indent it like the item's keys, or start it with '- '")
    return at.line, at.column, (f"this line is indented less than the line above it and more than the "
                                f"value begun at line {begun.line + 1} (column {begun.column + 1}): "
                                f"line it up with one of them")


def _inside(lines: list[str], line: int, column: int | None) -> str:
    """` (inside 'products' > 'deck', begun at line 2)`: the keys and list items the mistaken
    line sits in, read from the indentation as the designer sees it (the parser's own events stop
    short of the mistake, by as much as it looked ahead); nothing at the top of the file."""
    path = _enclosing(lines, line, column)
    if not path:
        return ""
    return f" (inside {' > '.join(label for label, _ in reversed(path))}, begun at line {path[0][1] + 1})"


def _enclosing(lines: list[str], line: int, column: int | None) -> list[tuple[str, int]]:
    """Innermost first: the key written on the mistaken line itself when the mistake is right of
    it (an unclosed quote in its value), then each less indented key or `- ` item above. With no
    column the line is taken as a sibling of the key above it."""
    path: list[tuple[str, int]] = []
    levels = _levels(_text(lines, line))
    if column is None:
        above = _line_above(lines, line)
        reach = _indent(_text(lines, above)) if above is not None else 0
    else:
        reach = _indent(_text(lines, line))
        path += [(label or f"item {_item(lines, line)}", line) for label, at in reversed(levels)
                 if reach <= at < column]
    for above in range(line - 1, -1, -1):
        written = _text(lines, above)
        if not written.strip() or written.lstrip().startswith("#") or _indent(written) >= reach:
            continue
        path += [(label or f"item {_item(lines, above)}", above)
                 for label, at in reversed(_levels(written)) if at < reach]
        reach = _indent(written)
    return path


def _levels(written: str) -> list[tuple[str | None, int]]:
    """What a line opens, outermost first, with the column of each: `- name: a` opens an item
    (None) at the dash and the key 'name' after it."""
    found = KEYLIKE.match(written)
    if found is None:
        return [(None, _indent(written))] if written.lstrip().startswith("- ") else []
    levels: list[tuple[str | None, int]] = []
    if found.group(1):
        levels.append((None, _indent(written)))
    key_at = _indent(written) + len(found.group(1) or "")
    key = written[key_at:found.end()].rstrip().rstrip(":")
    return levels + [(f"'{_shown(key)}'", key_at)]


def _item(lines: list[str], line: int) -> int:
    """The number of the `- ` item begun on this line, counting its siblings above it."""
    indent, number = _indent(lines[line]), 1
    for above in range(line - 1, -1, -1):
        written = lines[above]
        if not written.strip() or written.lstrip().startswith("#") or _indent(written) > indent:
            continue
        if _indent(written) < indent or not written.lstrip().startswith("-"):
            break
        number += 1
    return number


def _indent(written: str) -> int:
    return len(written) - len(written.lstrip(" \t"))


def _line_above(lines: list[str], line: int) -> int | None:
    """The nearest line above that holds more than a comment."""
    for above in range(line - 1, -1, -1):
        if lines[above].strip() and not lines[above].lstrip().startswith("#"):
            return above
    return None


def _text(lines: list[str], line: int) -> str:
    return lines[line] if 0 <= line < len(lines) else ""


def _shown(text: str) -> str:
    return text if len(text) <= 30 else text[:27] + "..."
