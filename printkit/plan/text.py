"""Text set into boxes, as data: the words (plan.markup) broken into lines with the fonts'
metrics, at the largest size (in half-point steps) at which they fit the box, before anything is
drawn. A text that does not fit even at the smallest size is an error naming the content value
or template line it came from; nothing is ever clipped. Running text cut into pages is
plan.textpages'.

A line with words in spans of another size or colour, or with icons, is set as segments at one
baseline, each with its own x, size and colour; a line holding a larger size stands lower, its
pitch grown with it, so that it never touches the line above. An image icon is a Picture placed
where its segment (a space, in the text) is."""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass, field

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.fonts import (FONTS, REGULAR, cap_height, describe_glyphs, em_width, font_for, missing_glyphs,
                                 right_to_left)
from printkit.plan.inline import ICON_DROP, ICON_EM
from printkit.plan.markup import (BREAK, BULLET_AT, SPACING, Block, Palette, Piece, Word, as_piece, check_markup,
                                  parse_blocks, piece_width, words_of)
from printkit.plan.geometry import Rect
from printkit.plan.marks import Group, Picture
from printkit.plan.type import TYPE

MIN_SIZE = TYPE.smallest
STEP = 0.5  # sizes are tried in half points
EPSILON = 1e-6
PT_PER_MM = 72 / 25.4
BULLET = "\u2022"


# --- what is set: lines of runs, relative to the text's top-left corner ---------------------------

@dataclass(slots=True)  # not frozen: a page has thousands, and frozen ones cost four times as much to make
class TextLine:
    x: float  # mm from the text's left edge to where the line starts
    baseline: float  # mm below the text's top (negative: downwards)
    size: float  # points
    runs: tuple[tuple[str, str], ...]  # (font, text), drawn one after the other
    width: float  # mm
    level: float | tuple | None = None  # a segment's own grey or colour (a span's); None: the Text's


@dataclass(slots=True)
class Text:
    """A mark: set lines placed with their top-left corner at (x, top)."""

    x: float
    top: float
    lines: tuple[TextLine, ...]
    size: float  # the body size it was set at
    height: float  # mm, from the top to the last line's descent
    level: float = 0.0
    item: str | None = None  # what it is ("corner index"), for a preflight's messages; never drawn
    # where its words were written, for a problem found after it was set (it enters a card's
    # rounded corner); not part of what it prints, so not kept (printkit/pipeline/cache.py) or compared
    where: Problem | None = field(default=None, compare=False, metadata={"kept": False})

    def plain(self) -> str:
        """The words, a line a line: the segments of a line (at one baseline) joined; a bullet on
        a line of its own, as it always was; an image icon a space."""
        rows, previous = [], None
        for line in self.lines:
            words = "".join(text for _, text in line.runs)
            if previous is not None and line.baseline == previous.baseline and not _is_bullet(previous):
                rows[-1] += words
            else:
                rows.append(words)
            previous = line
        return "\n".join(rows)

    @property
    def extent(self) -> Rect:
        """The rectangle the set lines cover."""
        if not self.lines:
            return Rect(self.x, self.top, 0.0, 0.0)
        left = min(line.x for line in self.lines)
        right = max(line.x + line.width for line in self.lines)
        return Rect(self.x + left, self.top - self.height, right - left, self.height)


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


def _is_bullet(line: TextLine) -> bool:
    return len(line.runs) == 1 and line.runs[0][1] == BULLET + " "


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
    lines, top, _ = _stack(set_blocks_)
    return lines, top


def _stack(set_blocks_: list[SetBlock]) -> tuple[tuple[TextLine, ...], float, tuple]:
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


# --- fitting into a box --------------------------------------------------------------------------

def sizes(style: Style) -> list[float]:
    """The sizes a fit may choose, largest first, in half points."""
    return _sizes(style.largest, style.smallest)


@functools.lru_cache(maxsize=256)
def _sizes(largest: float, smallest: float) -> list[float]:
    return [largest - STEP * k for k in range(int(round((largest - smallest) / STEP)) + 1)]


@functools.lru_cache(maxsize=8192)
def _fitted(markup: str, width: float, height: float, style: Style):
    """(size, lines, height, image icons' places) at the largest size that fits, or None. The
    largest size is tried first (most texts fit at it); otherwise the sizes are searched by
    halving."""
    blocks = tuple(parse_blocks(markup))
    candidates = sizes(style)

    def attempt(size: float):
        set_ = set_blocks(blocks, width, size, style)
        if set_ is None:
            return None
        lines, used, pictures = _stack(set_)
        return (size, lines, used, pictures) if used <= height + EPSILON else None

    best = attempt(candidates[0])
    if best is not None or len(candidates) == 1:
        return best
    low, high = 1, len(candidates) - 1  # candidates[0] does not fit
    found = None
    while low <= high:
        middle = (low + high) // 2
        result = attempt(candidates[middle])
        if result is None:
            low = middle + 1
        else:
            found, high = result, middle - 1
    return found


def fit(markup: str, box: Rect, style: Style, item: str, where: Problem) -> Text:
    """`markup` set in `box` at the largest size that fits (never larger than `style.largest`);
    a PrintkitError at `where` when even `style.smallest` does not fit. A text with image icons
    is more than a Text: set it with fit_rich."""
    marks = fit_rich(markup, box, style, item, where)
    if len(marks) > 1:
        raise ValueError(f"{item}: its image icons are marks of their own: set it with fit_rich")
    return marks[0]


def fit_rich(markup: str, box: Rect, style: Style, item: str, where: Problem) -> tuple:
    """The marks of `markup` set in `box` as `fit` sets it: the Text, then a Picture for each image
    icon in it (glyph icons are runs of the Text)."""
    check_markup(markup, where, style.bold, style.font, style.palette, style.italic, style.largest)
    found = _fitted(markup, round(box.width, 4), round(box.height, 4), style)
    if found is None:
        raise PrintkitError([where.with_message(
            f"{item}: text does not fit its {box.width:.0f} x {box.height:.0f} mm box even at "
            f"{style.smallest:g} pt; shorten it", _plain(markup))])
    size, lines, used, pictures = found
    text = Text(box.x, _top(box, used, style.valign), lines, size, used, style.level, item, where)
    return (text, *(_picture(text, *place) for place in pictures))


def _picture(text: Text, icon, x: float, baseline: float, size: float) -> Picture:
    """An image icon ICON_EM tall at its run's size, ICON_DROP of that below the baseline."""
    height = size * ICON_EM / PT_PER_MM
    return Picture(icon.path, Rect(text.x + x, text.top + baseline - size * ICON_DROP / PT_PER_MM,
                                   height * icon.aspect, height), icon.digest, icon.svg)


def _top(box: Rect, used: float, valign: str) -> float:
    return {"top": box.top, "middle": box.top - (box.height - used) / 2, "bottom": box.y + used}[valign]


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", "", markup))


def _widest_word(markup: str, width: float, size: float, font: str | None = None) -> str:
    """The first word of `markup` too wide for a line `width` mm wide at `size` pt."""
    for block in parse_blocks(markup):
        for word in words_of(block.markup, SPACING[block.kind].bold, font):
            if word.width * size * SPACING[block.kind].scale > width:
                return "".join(piece[1] for piece in word.pieces)
    return _plain(markup)


@functools.lru_cache(maxsize=16384)
def measure(markup: str, width: float, size: float, bold: bool = False) -> float:
    """The height `markup` takes set `width` mm wide at `size` pt (inf when a word is too wide).
    Kept for the process: a page's plan measures the same texts at the same widths as it tries
    arrangements (a Cross Sums setup sheet, ~90 times for ~20 texts; the two papers share the
    column widths tried)."""
    set_ = set_blocks(tuple(parse_blocks(markup)), width, size, Style(size, size, bold))
    return float("inf") if set_ is None else stack_blocks(set_)[1]


# --- one line ------------------------------------------------------------------------------------

def label(text: str, box: Rect, size: float, bold: bool = False, align: str = "left",
          valign: str = "middle", level: float = 0.0, smallest: float | None = None,
          item: str = "label", where: Problem | None = None, face: str | None = None) -> Text:
    """Plain text on one line in `box`, shrunk in half points down to `smallest` (default: the
    smallest legible size) if it is too wide; an error naming `item` at `where` if it does not fit
    even then. Vertically the capitals are centred in the box (or stand on its bottom, or hang
    from its top). `face` is a project font to set it in (a family's bold face when `bold`)."""
    font = _font(bold, face)
    checked = None if face is None else font  # a project's face is checked itself; printkit's all together
    if missing_glyphs(text, checked) or right_to_left(text):
        _check_glyphs(text, where or Problem("templates", None, ""), checked)
    low = min(size, TYPE.smallest) if smallest is None else smallest
    width = em_width(text, font)
    if width * size <= box.width + EPSILON:  # most labels fit at their size
        chosen = size
    else:
        chosen = next((s for s in _sizes(size, low) if width * s <= box.width + EPSILON), None)
    if chosen is None or cap_height(low) > box.height + EPSILON:
        where = where or Problem("templates", None, "")
        raise PrintkitError([where.with_message(
            f"{item}: '{text}' does not fit its {box.width:.1f} x {box.height:.1f} mm box at "
            f"{low:g} pt; shorten it", text)])
    return line_at(text, _anchor(box, align), _baseline(box, chosen, valign), chosen, bold, align, level, item, face,
                   where)


def _anchor(box: Rect, align: str) -> float:
    return {"left": box.x, "centre": box.x + box.width / 2, "right": box.right}[align]


def _baseline(box: Rect, size: float, valign: str) -> float:
    cap = cap_height(size)
    return {"middle": box.y + (box.height - cap) / 2, "bottom": box.y, "top": box.top - cap}[valign]


def line_at(text: str, x: float, baseline: float, size: float, bold: bool = False, align: str = "left",
            level: float = 0.0, item: str | None = None, face: str | None = None,
            where: Problem | None = None) -> Text:
    """One line of plain text with its baseline at `baseline`, starting, centred or ending at x.
    For components that choose their own sizes (a card's index, a scale bar's label)."""
    font = _font(bold, face)
    width = em_width(text, font) * size
    shift = {"left": 0.0, "centre": width / 2, "right": width}[align]
    ascent = size / PT_PER_MM
    line = TextLine(0.0, -ascent, size, ((font, text),), width)
    return Text(x - shift, baseline + ascent, (line,), size, ascent * TYPE.leading, level, item, where)


def _font(bold: bool, face: str | None) -> str:
    """The font a line is set in: `face` (a family's bold face when `bold`), else printkit's."""
    return face if face in FONTS else font_for(bold, False, face)


def _check_glyphs(text: str, where: Problem, face: str | None = None) -> None:
    if right_to_left(text):
        raise PrintkitError([where.with_message(f"'{text}': right-to-left text is not supported: it would print "
                                                f"reversed")])
    missing = missing_glyphs(text, face)
    if missing:
        raise PrintkitError([where.with_message(f"'{text}': the font has no glyph for {describe_glyphs(missing)}")])


# --- the characters a document sets ----------------------------------------------------------------

def union(sets: list[dict]) -> dict[str, set[str]]:
    """font -> every character of any of `sets`."""
    found: dict[str, set[str]] = {}
    for each in sets:
        for font, chars in each.items():
            found.setdefault(font, set()).update(chars)
    return found


def characters(marks) -> dict[str, set[str]]:
    """font -> every character set in it, in `marks` and the groups inside them."""
    found: dict[str, set[str]] = {}
    for mark in marks:
        if type(mark) is Text:
            for line in mark.lines:
                for font, run in line.runs:
                    found.setdefault(font, set()).update(run)
        elif type(mark) is Group:
            for font, chars in characters(mark.marks).items():
                found.setdefault(font, set()).update(chars)
    return found
