"""Words as designers type them, read as the tags printkit sets: Markdown's emphasis (`*italic*`,
`_italic_`, `**bold**`, `__bold__`, `***both***`) becomes `<i>` and `<b>`, by CommonMark's rules
of which runs may open and close (so `5 * 3`, a lone `*` footnote and `snake_case` stay as
typed), and a backslash before `* _ : \\` writes that character itself (`\\*`, `\\:cannon:`).
A run that nothing closes is text. Tags already written are left as they are, so `<b>` and `**`
may stand side by side. plan.inline reads the result; this module only rewrites a block's text."""

from __future__ import annotations

import functools
import re
import unicodedata

# a tag (left as it is); a backslash escape; a run of asterisks or underscores; other text
PART = re.compile(r"(<[^<>]*>)|\\([*_:\\])|(\*+|_+)|([^<\\*_]+|[<\\])")
ESCAPED = {"*": "&#42;", "_": "&#95;", ":": "&#58;", "\\": "&#92;"}
LOOK_BACK = 64  # openers a closer looks back over: bounded, whatever a hostile text holds
TAGS = {1: ("<i>", "</i>"), 2: ("<b>", "</b>")}


class _Run:
    """A run of delimiters: what is left of it, the closing tags matched before it (innermost
    first) and the opening tags matched after it (outermost first)."""

    __slots__ = ("char", "count", "opens", "closes", "closing", "opening")

    def __init__(self, char: str, count: int, opens: bool, closes: bool):
        self.char, self.count, self.opens, self.closes = char, count, opens, closes
        self.closing: list[str] = []
        self.opening: list[str] = []

    def __str__(self) -> str:
        return "".join(self.closing) + self.char * self.count + "".join(self.opening)


@functools.lru_cache(maxsize=16384)
def emphasised(markup: str) -> str:
    """`markup` with its Markdown emphasis as `<b>`/`<i>` tags and its backslash escapes as
    character references; markup without `*`, `_` or `\\` is returned as it is."""
    if "*" not in markup and "_" not in markup and "\\" not in markup:
        return markup
    parts = _parts(markup)
    _match(parts)
    return "".join(map(str, parts))


def _parts(markup: str) -> list:
    """The markup as text (str) and delimiter runs (_Run), each run told whether it may open or
    close by the characters either side of it (a tag counts as a space)."""
    pieces = [(m.group(1), m.group(2), m.group(3), m.group(4)) for m in PART.finditer(markup)]
    parts: list = []
    for n, (tag, escaped, run, text) in enumerate(pieces):
        if tag is not None or text is not None:
            parts.append(tag if tag is not None else text)
        elif escaped is not None:
            parts.append(ESCAPED[escaped])
        else:
            before = _edge(pieces[n - 1], last=True) if n else " "
            after = _edge(pieces[n + 1], last=False) if n + 1 < len(pieces) else " "
            parts.append(_run(run, before, after))
    return parts


def _edge(piece: tuple, last: bool) -> str:
    """The character of a neighbouring piece next to a run: a tag's is a space."""
    tag, escaped, run, text = piece
    if tag is not None:
        return " "
    written = escaped or run or text
    return written[-1] if last else written[0]


def _run(run: str, before: str, after: str) -> _Run:
    """CommonMark's flanking rules: `*` opens where it is left-flanking; `_` also not inside a
    word (snake_case), unless punctuation stands beside it."""
    left = not after.isspace() and (not _punctuation(after) or before.isspace() or _punctuation(before))
    right = not before.isspace() and (not _punctuation(before) or after.isspace() or _punctuation(after))
    if run[0] == "*":
        return _Run("*", len(run), left, right)
    return _Run("_", len(run), left and (not right or _punctuation(before)),
                right and (not left or _punctuation(after)))


def _punctuation(char: str) -> bool:
    return unicodedata.category(char)[0] in "PS"


def _match(parts: list) -> None:
    """Each closing run matched with the nearest opening run of its character before it, as
    CommonMark's "process emphasis" does: two of each for bold where both have two, else one
    for italic; runs between a matched pair are left as text."""
    openers: list[int] = []  # indices into parts of the runs that may still open
    for index, part in enumerate(parts):
        if type(part) is not _Run:
            continue
        while part.closes and part.count:
            found = _opener(parts, openers, part)
            if found is None:
                break
            opener = parts[openers[found]]
            del openers[found + 1:]  # runs between the pair are text now
            width = 2 if opener.count >= 2 and part.count >= 2 else 1
            opener.count, part.count = opener.count - width, part.count - width
            opener.opening.insert(0, TAGS[width][0])
            part.closing.append(TAGS[width][1])
            if not opener.count:
                openers.pop()
        if part.opens and part.count:
            openers.append(index)


def _opener(parts: list, openers: list[int], closer: _Run) -> int | None:
    """The position in `openers` of the nearest that `closer` closes (CommonMark's rule of three:
    a run that both opens and closes pairs only where the lengths' sum is no multiple of three,
    unless both are)."""
    for position in range(len(openers) - 1, max(-1, len(openers) - 1 - LOOK_BACK), -1):
        opener = parts[openers[position]]
        if opener.char != closer.char:
            continue
        both = opener.closes or closer.opens
        if both and (opener.count + closer.count) % 3 == 0 and (opener.count % 3 or closer.count % 3):
            continue
        return position
    return None
