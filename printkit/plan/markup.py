"""The markup printkit sets, as words measured once: a block syntax (`# ` a heading, `- ` a
bullet, a blank line between paragraphs) and, inside a block, `<b>`, `<i>` and character entities
(`&lt;` `&amp;`), which is what the templates write and what autoescaping makes of content.
Widths are the fonts' own, at 1 pt: they scale with the size.

Inside a block, Markdown's emphasis is read too (`**bold**`, `*italic*`: plan.emphasis). Card
text may be richer, as Squib's Pango markup and Component Studio's allow (plan.inline reads
it): `<br>` breaks the line inside a paragraph, `<span colour="NAME" size="S">` sets its words in
a colour of the caller's `Palette` and at another size, `:name:` and `<icon name/>` set an icon of
the palette in the line."""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from typing import NamedTuple

import markupsafe

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.fonts import FONTS, REGULAR, describe_glyphs, em_width, missing_glyphs, right_to_left
from printkit.plan.inline import ICON_EM, NO_PALETTE, SPACES, Icon, Look, MarkupError, Palette, stretches
from printkit.plan.type import TYPE

MM_PER_PT = 25.4 / 72


# --- blocks --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Block:
    kind: str  # "heading", "bullet" or "para"; "title": a document's first heading (titled)
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


def typed_breaks(text: str) -> str:
    """Card text as a designer typed it in a cell: a line break inside a paragraph kept, as
    `<br/>`; a blank line still ends the paragraph, and a line beginning `# ` or `- ` still
    begins a heading or a bullet. (A template's running text flows its lines into paragraphs.)"""
    lines = text.splitlines()
    kept = lines[:1]
    for before, line in zip(lines, lines[1:]):
        inside = before.strip() and line.strip() and not line.lstrip().startswith(("# ", "- "))
        kept.append(("<br/>" if inside else "\n") + line)
    return "".join(kept)


def as_written(text: str) -> str:
    """Plain text as markup that sets it as it is: no tags, icons or emphasis."""
    return str(markupsafe.escape(text)).translate(WRITTEN)


WRITTEN = str.maketrans({":": "&#58;", "*": "&#42;", "_": "&#95;", "\\": "&#92;"})


@dataclass(frozen=True)
class Spacing:
    """A block kind's size, indent and space around it, each a multiple of the body size."""

    scale: float = 1.0
    before: float = 0.0
    after: float = 0.35
    indent: float = 0.0
    bold: bool = False


# a heading and a document's title are as much larger than running text as the type scale's
# heading and title are than its body: set at body size, they are TYPE.heading and TYPE.title
SPACING = {"heading": Spacing(scale=TYPE.heading / TYPE.body, before=0.6, after=0.15, bold=True),
           "title": Spacing(scale=TYPE.title / TYPE.body, after=0.5, bold=True),
           "bullet": Spacing(after=0.2, indent=1.1),
           "para": Spacing()}
HEADINGS = ("heading", "title")  # blocks that never end a page and are never broken


def titled(blocks: list[Block]) -> list[Block]:
    """A document's blocks with its first, when a heading, as the document's title."""
    if blocks and blocks[0].kind == "heading":
        return [Block("title", blocks[0].markup)] + blocks[1:]
    return blocks
BULLET_AT = 0.2  # the bullet's left edge, a multiple of the size


# --- words ---------------------------------------------------------------------------------------

class Piece(NamedTuple):
    """A stretch of a word set otherwise than plain text in one font: in a span (another size, a
    colour) or an icon. Plain stretches stay (font, text) pairs: most words are plain."""

    font: str
    text: str  # "" for an image icon
    scale: float = 1.0  # the size, as a multiple of its block's
    colour: object = None  # a grey or (r, g, b); None: the text's own
    icon: Icon | None = None  # an image icon (a glyph icon is text)


class Word(NamedTuple):  # a tuple: a kit has tens of thousands of words
    pieces: tuple  # (font, text) pairs without spaces, or Pieces
    width: float  # mm at 1 pt
    space: float  # the space before it, mm at 1 pt (0 for a block's first word)
    space_font: str | Piece  # the font of the space before it, or, in a span, the space as a Piece


BREAK = Word((), 0.0, 0.0, "")  # <br>: the line ends here


def as_piece(piece) -> Piece:
    """A (font, text) pair as the Piece it stands for."""
    return piece if type(piece) is Piece else Piece(*piece)


def piece_width(piece) -> float:
    """mm at 1 pt."""
    if type(piece) is not Piece:
        return em_width(piece[1], piece[0])
    if piece.icon is not None:
        return piece.icon.aspect * ICON_EM * MM_PER_PT * piece.scale
    return em_width(piece.text, piece.font) * piece.scale


@functools.lru_cache(maxsize=16384)
def words_of(markup: str, bold: bool = False, face: str | None = None, palette: Palette | None = None,
             italic: bool = False, size: float = TYPE.body) -> tuple[Word, ...]:
    """The words of one block's markup, each measured once (at 1 pt: widths scale with size), in
    printkit's fonts or in the project font `face`, with the colours and icons of `palette`; `size`
    is the block's size at the text's largest (what a span's size in points is a fraction of). A
    `<br>` is the word BREAK."""
    words, pieces, space, space_font = [], [], 0.0, face or REGULAR
    for font, text, look in stretches(markup, bold, face, palette or NO_PALETTE, italic, size):
        if type(text) is not str:  # a line break, or an image icon: part of the word it is in
            if text is None and pieces:
                words.append(_word(pieces, space, space_font))
                pieces = []
            if text is None:
                words.append(BREAK)
                space = 0.0
            else:
                pieces.append(Piece(font, "", look.scale if look else 1.0, None, text))
            continue
        for i, part in enumerate(SPACES.split(text)):
            if i:  # a space came before this part: the word so far is finished
                if pieces:
                    words.append(_word(pieces, space, space_font))
                    pieces = []
                space, space_font = _space(font, look)
            if part:
                pieces.append((font, part) if look is None else Piece(font, part, look.scale, look.colour))
    if pieces:
        words.append(_word(pieces, space, space_font))
    if words:
        words[0] = Word(words[0].pieces, words[0].width, 0.0, words[0].space_font)
    return tuple(words)


def _space(font: str, look: Look | None):
    if look is None:
        return em_width(" ", font), font
    return em_width(" ", font) * look.scale, Piece(font, " ", look.scale, look.colour)


def _word(pieces, space: float, space_font) -> Word:
    if len(pieces) == 1 and type(pieces[0]) is tuple:  # most words are plain, in one font
        font, text = pieces[0]
        return Word((pieces[0],), em_width(text, font), space, space_font)
    return Word(tuple(pieces), sum(piece_width(piece) for piece in pieces), space, space_font)


def check_markup(markup: str, where: Problem, bold: bool = False, face: str | None = None,
                 palette: Palette | None = None, italic: bool = False, largest: float = TYPE.body) -> None:
    """Markup that cannot be set (a stray tag, an unknown colour or icon) or glyphs the fonts
    lack: an error at `where`. Each block is read as it is set (a heading in bold), at the sizes
    a text set from `largest` points reads it."""
    try:
        missing = _missing(markup, bold, face, palette, italic, largest)
    except MarkupError as error:
        raise PrintkitError([where.with_message(f"text markup: {error}")]) from None
    plain = re.sub(r"<[^>]*>", "", html.unescape(markup))
    if right_to_left(plain):
        raise PrintkitError([where.with_message(f"right-to-left text ({describe_glyphs(right_to_left(plain)[:3])}) "
                                                f"is not supported: it would print reversed")])
    if missing:
        raise PrintkitError([where.with_message(f"the font has no glyph for {describe_glyphs(missing)}")])


def missing_characters(markup: str, face: str | None = None, largest: float = TYPE.body) -> tuple[str, ...]:
    """The characters of `markup` (running text, a heading's in bold) that the face each is set in
    has no glyph for; none when the markup cannot be read (check_markup says why)."""
    try:
        return _missing(markup, False, face, None, False, largest)
    except MarkupError:
        return ()


@functools.lru_cache(maxsize=8192)
def _missing(markup: str, bold: bool, face: str | None, palette: Palette | None, italic: bool,
             largest: float) -> tuple[str, ...]:
    """The characters of `markup` that the face each is set in has no glyph for."""
    by_font: dict[str, set[str]] = {}
    for block in parse_blocks(markup):
        spacing = SPACING[block.kind]
        for word in words_of(block.markup, bold or spacing.bold, face, palette, italic, largest * spacing.scale):
            for piece in word.pieces:
                by_font.setdefault(piece[0], set()).update(piece[1])
    missing = set()
    for font, chars in by_font.items():
        missing.update(missing_glyphs("".join(sorted(chars)), None if font in FONTS else font))
    return tuple(sorted(missing))
