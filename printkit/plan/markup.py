"""The markup printkit sets, as words measured once: a block syntax (`# ` a heading, `- ` a
bullet, a blank line between paragraphs) and, inside a block, `<b>`, `<i>` and character entities
(`&lt;` `&amp;`), which is what the templates write and what autoescaping makes of content.
Widths are the fonts' own, at 1 pt: they scale with the size."""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from typing import NamedTuple

from printkit.errors import Problem, PrintkitError
from printkit.plan.fonts import REGULAR, describe_glyphs, em_width, font_for, missing_glyphs, right_to_left

SPACES = re.compile(r"[ \t\n\r\f\v]+")
TAG = re.compile(r"<(/?)([a-zA-Z]*)\s*>|([^<]+)|(<)")


# --- blocks --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Block:
    kind: str  # "heading", "bullet" or "para"
    markup: str


def parse_blocks(text: str) -> list[Block]:
    blocks, lines, kind = [], [], "para"

    def close():
        if lines:
            blocks.append(Block(kind, " ".join(lines)))
            lines.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            close()
        elif line.startswith("# "):
            close()
            kind = "heading"
            lines.append(line[2:].strip())
            close()
        elif line.startswith("- "):
            close()
            kind = "bullet"
            lines.append(line[2:].strip())
        else:
            if not lines:
                kind = "para"
            lines.append(line)
    close()
    return blocks


@dataclass(frozen=True)
class Spacing:
    """A block kind's size, indent and space around it, each a multiple of the body size."""

    scale: float = 1.0
    before: float = 0.0
    after: float = 0.35
    indent: float = 0.0
    bold: bool = False


SPACING = {"heading": Spacing(scale=1.15, before=0.6, after=0.15, bold=True),
           "bullet": Spacing(after=0.2, indent=1.1),
           "para": Spacing()}
BULLET_AT = 0.2  # the bullet's left edge, a multiple of the size


# --- words ---------------------------------------------------------------------------------------

class Word(NamedTuple):  # a tuple: a kit has tens of thousands of words
    pieces: tuple[tuple[str, str], ...]  # (font, text) without spaces
    width: float  # mm at 1 pt
    space: float  # the space before it, mm at 1 pt (0 for a block's first word)
    space_font: str


class MarkupError(ValueError):
    pass


@functools.lru_cache(maxsize=16384)
def words_of(markup: str, bold: bool = False, face: str | None = None) -> tuple[Word, ...]:
    """The words of one block's markup, each measured once (at 1 pt: widths scale with size), in
    printkit's fonts or in the project font `face`."""
    words, pieces, space, space_font = [], [], 0.0, face or REGULAR
    for font, text in _pieces(markup, bold, face):
        for i, part in enumerate(SPACES.split(text)):
            if i:  # a space came before this part: the word so far is finished
                if pieces:
                    words.append(_word(pieces, space, space_font))
                    pieces = []
                space, space_font = em_width(" ", font), font
            if part:
                pieces.append((font, part))
    if pieces:
        words.append(_word(pieces, space, space_font))
    if words:
        words[0] = Word(words[0].pieces, words[0].width, 0.0, words[0].space_font)
    return tuple(words)


def _word(pieces, space: float, space_font: str) -> Word:
    if len(pieces) == 1:  # most words are in one font
        font, text = pieces[0]
        return Word((pieces[0],), em_width(text, font), space, space_font)
    return Word(tuple(pieces), sum(em_width(text, font) for font, text in pieces), space, space_font)


def _pieces(markup: str, bold: bool, face: str | None = None):
    """(font, text) for each stretch of the markup between tags, entities decoded."""
    depth = {"b": int(bold), "i": 0}
    for match in TAG.finditer(markup):
        closing, name, text, stray = match.groups()
        if stray is not None:
            raise MarkupError("'<' that starts no tag (write &lt; for a literal <)")
        if text is not None:
            yield font_for(depth["b"] > 0, depth["i"] > 0, face), html.unescape(text)
            continue
        if name not in depth:
            raise MarkupError(f"unknown tag <{closing}{name}>: only <b> and <i> are understood")
        depth[name] += -1 if closing else 1
        if depth[name] < int(bold and name == "b"):
            raise MarkupError(f"</{name}> closes no <{name}>")
    open_tags = [name for name, count in depth.items() if count > int(bold and name == "b")]
    if open_tags:
        raise MarkupError(f"<{open_tags[0]}> is not closed")


def check_markup(markup: str, where: Problem, bold: bool = False, face: str | None = None) -> None:
    """Markup that cannot be set (a stray tag) or glyphs the fonts lack: an error at `where`."""
    try:
        words_of(markup, bold, face)
    except MarkupError as error:
        raise PrintkitError([where.with_message(f"text markup: {error}")]) from None
    plain = re.sub(r"<[^>]*>", "", html.unescape(markup))
    if right_to_left(plain):
        raise PrintkitError([where.with_message(f"right-to-left text ({describe_glyphs(right_to_left(plain)[:3])}) "
                                                f"is not supported: it would print reversed")])
    missing = missing_glyphs(plain, face)
    if missing:
        raise PrintkitError([where.with_message(f"the font has no glyph for {describe_glyphs(missing)}")])
