"""Blocks of words set into lines, as data: the words of each block (plan.markup) broken into
lines as full as they go, at a body size, aligned, one pitch apart, a bullet before a bullet's
lines; the blocks then stacked one under the other. Choosing the size is plan.fitting's.

A line with words in spans of another size or colour, or with icons, is set as segments at one
baseline, each with its own x, size and colour; a line holding a larger size stands lower, its
pitch grown with it, so that it never touches the line above. An image icon's place is noted for
a Picture where its segment (a space, in the text) is."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from printkit.plan.fonts import FONTS, REGULAR, em_width, font_for, missing_glyphs
from printkit.plan.markup import BREAK, BULLET_AT, SPACING, Block, Palette, Piece, Word, as_piece, piece_width, words_of
from printkit.plan.text import BULLET, PT_PER_MM, TextLine
from printkit.plan.type import TYPE

MIN_SIZE = TYPE.smallest
EPSILON = 1e-6


@dataclass(frozen=True)
class Style:
    """How text is set in a box: from `largest` down to `smallest` points."""

    largest: float = TYPE.body
    smallest: float = MIN_SIZE
    bold: bool = False
    align: str = "left"  # left | centre | right
    valign: str = "top"  # top | middle | bottom
    level: float = 0.0
    leading: float = TYPE.leading
    font: str | None = None  # a project font's (or family's) name; printkit's DejaVu Sans by default
    palette: Palette | None = None  # the colours and icons its markup may name
    italic: bool = False


# --- breaking and setting ------------------------------------------------------------------------

def break_lines(words: tuple[Word, ...], width: float, size: float) -> list[list[Word]] | None:
    """Words in lines no wider than `width` mm at `size` pt, each line as full as it goes (the
    rule every typesetter's first-fit follows), or ended by a BREAK; None when a single word is
    wider than the line."""
    lines, line, used = [], [], 0.0
    room = width / size + EPSILON
    for word in words:
        if word is BREAK:  # <br>: the line ends here, however full (an empty one too)
            lines.append(line)
            line, used = [], 0.0
            continue
        if line and used + word.space + word.width <= room:
            line.append(word)
            used += word.space + word.width
            continue
        if word.width > room:
            return None
        if line:
            lines.append(line)
        line, used = [word], word.width
    if line:
        lines.append(line)
    return lines


def _runs(line: list[Word]) -> tuple[tuple[str, str], ...]:
    """A line's text in runs of one font; the spaces between words printed as spaces."""
    runs: list[list[str]] = []
    for i, word in enumerate(line):
        pieces = (((word.space_font, " "),) if i else ()) + word.pieces
        for font, text in pieces:
            if runs and runs[-1][0] == font:
                runs[-1][1] += text
            else:
                runs.append([font, text])
    return tuple((font, text) for font, text in runs)


def _line_width(line: list[Word]) -> float:
    return sum(word.width for word in line) + sum(word.space for word in line[1:])


@dataclass(frozen=True)
class SetBlock:
    lines: tuple[TextLine, ...]  # baselines from the block's own top
    height: float  # lines x leading
    before: float  # space above it when it follows another block
    after: float
    kind: str
    # a block with lines of several sizes, or ended by <br>: each line's foot, from the block's top
    # (paginate breaks it there); None: its lines stand one pitch apart
    rows: tuple[float, ...] | None = None
    pictures: tuple = ()  # (Icon, x, baseline, size in pt) of each image icon, as lines are placed


def set_blocks(blocks: tuple[Block, ...], width: float, size: float, style: Style) -> list[SetBlock] | None:
    """Every block set `width` mm wide at body size `size`; None if a word is too wide."""
    result = []
    for block in blocks:
        set_block = _set_block(block, width, size, style.bold, style.align, style.leading, style.font,
                               style.palette, style.italic, style.largest)
        if set_block is None:
            return None
        result.append(set_block)
    return result


@functools.lru_cache(maxsize=16384)
def _set_block(block: Block, width: float, size: float, bold: bool, align: str, leading: float,
               font: str | None = None, palette: Palette | None = None, italic: bool = False,
               largest: float | None = None):
    spacing = SPACING[block.kind]
    block_size = size * spacing.scale
    indent = size * spacing.indent / PT_PER_MM
    words = words_of(block.markup, bold or spacing.bold, font, palette, italic, (largest or size) * spacing.scale)
    broken = break_lines(words, width - indent, block_size)
    if broken is None:
        return None
    pitch = block_size * leading / PT_PER_MM
    if not all(map(_plain_line, broken)):
        return _set_rich_block(block, broken, width, size, pitch, align, font)
    lines = []
    for n, line in enumerate(broken):
        line_width = _line_width(line) * block_size
        x = indent + _aligned(width - indent, line_width, align)
        baseline = -(n * pitch + block_size / PT_PER_MM)
        lines.append(TextLine(x, baseline, block_size, _runs(line), line_width))
    if block.kind == "bullet" and lines:
        lines.insert(0, _bullet(size, lines[0].baseline, block_size, font))
    return SetBlock(tuple(lines), len(broken) * pitch, size * spacing.before / PT_PER_MM,
                    size * spacing.after / PT_PER_MM, block.kind)


BULLET_RUNS = ((REGULAR, BULLET + " "),)


def _bullet(size: float, baseline: float, block_size: float, font: str | None = None) -> TextLine:
    # the bullet and a space: the space is not seen, but text taken from the PDF reads "• item"
    runs = _bullet_runs(font)
    return TextLine(size * BULLET_AT / PT_PER_MM, baseline, block_size, runs,
                    em_width(runs[0][1], runs[0][0]) * block_size)


def _bullet_runs(font: str | None) -> tuple[tuple[str, str], ...]:
    """The bullet in the text's own regular face when it has one, else in printkit's: a mark of
    printkit's, never an empty box."""
    face = None if font is None or font in FONTS else font_for(False, False, font)
    return BULLET_RUNS if face is None or missing_glyphs(BULLET, face) else ((face, BULLET + " "),)



def _plain_line(line: list[Word]) -> bool:
    """A line of words in the text's own size and colour, without icons, as all lines once were."""
    return bool(line) and all(type(word.space_font) is str and all(type(piece) is tuple for piece in word.pieces)
                              for word in line)


def _set_rich_block(block: Block, broken: list[list[Word]], width: float, size: float, pitch: float,
                    align: str, font: str | None = None) -> SetBlock:
    """A block with spans, icons or line breaks: its lines in segments of one size and colour. A
    line whose largest size is `tallest` times the block's stands `tallest` pitches tall, its
    baseline that far below its top: a line of the block's own size stands where it would stand
    in a plain block (`extra` is 0 until a taller line)."""
    spacing = SPACING[block.kind]
    block_size, indent = size * spacing.scale, size * spacing.indent / PT_PER_MM
    lines, pictures, rows, extra, first = [], [], [], 0.0, None
    for n, line in enumerate(broken):
        tallest = max([1.0] + [piece.scale for piece in _line_pieces(line)])
        baseline = -(n * pitch + extra + block_size * tallest / PT_PER_MM)
        first = baseline if first is None else first
        extra += (tallest - 1.0) * pitch
        rows.append((n + 1) * pitch + extra)
        if line:
            x = indent + _aligned(width - indent, _line_width(line) * block_size, align)
            for stretch in _stretches(line, block_size):
                lines.append(TextLine(x + stretch.offset, baseline, block_size * stretch.scale,
                                      tuple(map(tuple, stretch.runs)), stretch.width, stretch.colour))
                if stretch.icon is not None:
                    pictures.append((stretch.icon, x + stretch.offset, baseline, block_size * stretch.scale))
    if block.kind == "bullet" and first is not None:
        lines.insert(0, _bullet(size, first, block_size, font))
    return SetBlock(tuple(lines), len(broken) * pitch + extra, size * spacing.before / PT_PER_MM,
                    size * spacing.after / PT_PER_MM, block.kind, tuple(rows), tuple(pictures))


def _line_pieces(line: list[Word]):
    """A line's pieces in order, the spaces between its words among them, each as a Piece."""
    for i, word in enumerate(line):
        if i:
            yield as_piece((word.space_font, " ")) if type(word.space_font) is str else word.space_font
        yield from map(as_piece, word.pieces)


class _Stretch:
    """Part of a line in one size and colour (or one image icon), as it is being gathered."""

    __slots__ = ("offset", "scale", "colour", "icon", "runs", "width")

    def __init__(self, offset: float, piece: Piece, width: float):
        self.offset, self.scale, self.colour, self.icon = offset, piece.scale, piece.colour, piece.icon
        self.runs, self.width = [[piece.font, piece.text or " "]], width  # an image icon: a space, in the text


def _stretches(line: list[Word], size: float) -> list[_Stretch]:
    """The line in stretches of one look, each `offset` mm from the line's start, its runs of one
    font each; an image icon a stretch of its own."""
    stretches: list[_Stretch] = []
    for piece in _line_pieces(line):
        width = piece_width(piece) * size
        last = stretches[-1] if stretches else None
        if last is None or piece.icon is not None or last.icon is not None or \
                (last.scale, last.colour) != (piece.scale, piece.colour):
            stretches.append(_Stretch(last.offset + last.width if last else 0.0, piece, width))
        elif last.runs[-1][0] == piece.font:
            last.runs[-1][1] += piece.text
            last.width += width
        else:
            last.runs.append([piece.font, piece.text])
            last.width += width
    return stretches


def _aligned(room: float, used: float, align: str) -> float:
    return {"left": 0.0, "centre": (room - used) / 2, "right": room - used}[align]


def stack_blocks(set_blocks_: list[SetBlock]) -> tuple[tuple[TextLine, ...], float]:
    """The blocks one under the other: every line's baseline from the top, and the total height
    (the space after the last block is not part of it)."""
    lines, top, _ = stack_rich(set_blocks_)
    return lines, top


def stack_rich(set_blocks_: list[SetBlock]) -> tuple[tuple[TextLine, ...], float, tuple]:
    """stack_blocks, and the image icons' places (Icon, x, baseline, size) from the same top."""
    lines, top, pictures = [], 0.0, []
    for i, block in enumerate(set_blocks_):
        if i:
            top += set_blocks_[i - 1].after + block.before
        lines += [TextLine(line.x, line.baseline - top, line.size, line.runs, line.width, line.level)
                  for line in block.lines]
        pictures += [(icon, x, baseline - top, size) for icon, x, baseline, size in block.pictures]
        top += block.height
    return tuple(lines), top, tuple(pictures)
