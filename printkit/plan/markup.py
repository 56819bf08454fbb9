"""The markup printkit sets, as words measured once: a block syntax (`# ` a heading, `- ` a
bullet, a blank line between paragraphs) and, inside a block, `<b>`, `<i>` and character entities
(`&lt;` `&amp;`), which is what the templates write and what autoescaping makes of content.
Widths are the fonts' own, at 1 pt: they scale with the size.

Card text may be richer, as Squib's Pango markup and Component Studio's allow: `<br>` (or
`<br/>`) breaks the line inside a paragraph; `<span colour="NAME" size="S">…</span>` sets its
words in a colour of the caller's `Palette` (`color` is read too) and at another size, relative
(`size="120%"`, 50 to 400 % of the size around it) or in points (`size="12"`, 4 to 72 pt: the size
at the text's largest; a text shrunk to fit its box shrinks its spans with it, keeping their
proportions); `:name:` and `<icon name/>` set an icon of the palette in the line. A colon that
does not begin `:name:` of a known icon is text ("Cost: 3", "10:30"); `&#58;` writes a colon that
never begins one."""

from __future__ import annotations

import difflib
import functools
import html
import math
import re
from dataclasses import dataclass
from typing import NamedTuple

from printkit.errors import Problem, PrintkitError
from printkit.plan.fonts import (FONTS, REGULAR, describe_glyphs, em_width, font_for, is_font, missing_glyphs,
                                 right_to_left)
from printkit.plan.type import TYPE

SPACES = re.compile(r"[ \t\n\r\f\v]+")
# a tag's name, then whatever stands before its `>` (attributes, a closing `/`); text; a stray `<`
TAG = re.compile(r"<(/?)([a-zA-Z]*)([^<>]*)>|([^<]+)|(<)")
ATTRIBUTE = re.compile(r"""([a-zA-Z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')\s*""")
SIZE = re.compile(r"\s*(\d{1,4}(?:\.\d{1,4})?|\.\d{1,4})\s*(%|pt)?\s*")
MM_PER_PT = 25.4 / 72


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


# --- the palette: what a text's colours and icons are called ---------------------------------------

ICON_EM = 1.0  # an icon stands as tall as its run's size (1 em): as tall as the type's own box
# and sits 0.135 em below the baseline, so that its middle (0.365 em up) is the capitals' middle
# (DejaVu Sans's capitals stand 0.729 em): a coin beside "3" is centred on the figure, and stays
# inside the line's room below the baseline (the 0.2 em of a 1.2 leading)
ICON_DROP = 0.135
MAX_ICONS = 200  # in one text: more is not card text (and would only cost time)
MAX_DEPTH = 10  # spans inside spans


@dataclass(frozen=True)
class Icon:
    """An inline icon: an image (`path`, its `digest`, `svg` or not, and its `aspect`, width over
    height), set `ICON_EM` tall at its run's size; or a glyph (`glyph`, in the font `font`, default
    the run's own, and the colour `colour`, default the run's own: a grey, an (r, g, b), or the
    name of one of the palette's colours), set as text."""

    path: str | None = None
    digest: str | None = None
    aspect: float = 1.0
    svg: bool = False
    glyph: str | None = None
    font: str | None = None
    colour: object = None

    @classmethod
    def image(cls, path: str, digest: str, size: tuple[float, float], svg: bool = False) -> "Icon":
        """An image icon from the image's size (pixels, or points for an SVG drawing)."""
        return cls(path=path, digest=digest, aspect=size[0] / size[1], svg=svg)


@dataclass(frozen=True)
class Palette:
    """The colours (name -> a grey 0 to 1, or (r, g, b) each 0 to 1) and icons a text may name;
    frozen and hashable, as texts are set and kept by what they are set with."""

    colours: tuple[tuple[str, object], ...] = ()
    icons: tuple[tuple[str, Icon], ...] = ()

    def __post_init__(self):
        for name, value in self.colours:
            if not _is_colour(value):
                raise ValueError(f"palette colour {name!r}: {value!r} is neither a grey (0 to 1) nor (r, g, b)")
        for name, icon in self.icons:
            if icon.colour is not None and not isinstance(icon.colour, str) and not _is_colour(icon.colour):
                raise ValueError(f"palette icon {name!r}: {icon.colour!r} is neither a grey (0 to 1) nor (r, g, b)")

    @functools.cached_property
    def _colours(self) -> dict[str, object]:
        return dict(self.colours)

    @functools.cached_property
    def _icons(self) -> dict[str, Icon]:
        return dict(self.icons)

    def colour(self, name: str):
        """The colour called `name`; a MarkupError if there is none."""
        if name not in self._colours:
            raise MarkupError(f"unknown colour '{name}'{_hint(name, self._colours, 'colours')}")
        return self._colours[name]

    def icon(self, name: str) -> Icon | None:
        return self._icons.get(name)


def _is_colour(value) -> bool:
    def level(part):
        return type(part) in (int, float) and 0 <= part <= 1
    return level(value) or (type(value) is tuple and len(value) == 3 and all(map(level, value)))


def _hint(name: str, known, what: str) -> str:
    """A typo's likely meaning (difflib), else the names there are."""
    if _did_you_mean(name, known):
        return _did_you_mean(name, known)
    names = sorted(known)
    if not names:
        return f": no {what} are named for this text"
    return f": the {what} are {', '.join(names[:8])}{', …' if len(names) > 8 else ''}"


def _did_you_mean(name: str, known, before: str = "'", after: str = "'") -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {before}{close[0]}{after}?)" if close else ""


NO_PALETTE = Palette()


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


class MarkupError(ValueError):
    pass


class Look(NamedTuple):
    scale: float
    colour: object


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
    for font, text, look in _pieces(markup, bold, face, palette or NO_PALETTE, italic, size):
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


def _pieces(markup: str, bold: bool, face: str | None, palette: Palette, italic: bool, size: float):
    """(font, text, look) for each stretch of the markup between tags, entities decoded (look:
    None, or the size and colour of the spans it is in); an image icon as (font, Icon, look); a
    line break as (None, None, None)."""
    state = _State(bold, italic, face, palette, size)
    for match in TAG.finditer(markup):
        closing, name, rest, text, stray = match.groups()
        if stray is not None or (rest and not (name and (rest[0].isspace() or rest[0] == "/"))):
            raise MarkupError("'<' that starts no tag (write &lt; for a literal <)")
        if text is not None:
            yield from state.text(text)
        else:
            yield from state.tag(closing, name, rest.strip(), match.group(0))
    state.close()


class _State:
    """The tags open at a point of the markup, and the icons set so far."""

    def __init__(self, bold: bool, italic: bool, face: str | None, palette: Palette, size: float):
        self.floor = {"b": int(bold), "i": int(italic)}  # the style's own bold and italic: never closed
        self.depth = dict(self.floor)
        self.face, self.palette, self.size = face, palette, size
        self.spans: list[tuple[Look, bool]] = []  # each open span's look, and whether a size in points set it
        self.icons = 0

    def font(self) -> str:
        return font_for(self.depth["b"] > 0, self.depth["i"] > 0, self.face)

    def look(self) -> Look | None:
        if not self.spans or self.spans[-1][0] == (1.0, None):
            return None
        return self.spans[-1][0]

    def text(self, text: str):
        font, look = self.font(), self.look()
        if ":" not in text or not self.palette.icons:
            yield font, html.unescape(text), look
            return
        start = 0
        for begin, end, icon in _colon_icons(text, self.palette):
            if begin > start:
                yield font, html.unescape(text[start:begin]), look
            yield self.icon(icon)
            start = end
        if start < len(text):
            yield font, html.unescape(text[start:]), look

    def tag(self, closing: str, name: str, rest: str, written: str):
        """What the tag `written` (its `name`, whether `closing`, the `rest` before its `>`) sets."""
        if name in self.depth:
            self.bold_or_italic(closing, name, rest, written)
        elif name == "br":
            if closing or rest not in ("", "/"):
                raise MarkupError(f"{written}: a line break is <br> or <br/>")
            yield None, None, None
        elif name == "span":
            self.span(closing, rest, written)
        elif name == "icon":
            yield self.icon(self.named_icon(closing, rest, written))
        else:
            raise MarkupError(f"unknown tag <{closing}{name}>{_did_you_mean(name, TAGS, '<', '>')}: "
                              f"the tags are <b>, <i>, <br/>, <span> and <icon name/>")

    def bold_or_italic(self, closing: str, name: str, rest: str, written: str) -> None:
        if rest:
            raise MarkupError(f"{written}: <{name}> takes no attributes")
        self.depth[name] += -1 if closing else 1
        if self.depth[name] < self.floor[name]:
            raise MarkupError(f"</{name}> closes no <{name}>")

    def span(self, closing: str, rest: str, written: str) -> None:
        if closing:
            if rest or not self.spans:
                raise MarkupError("</span> closes no <span>" if not rest else f"{written}: </span> takes nothing")
            self.spans.pop()
            return
        if rest.endswith("/"):
            raise MarkupError(f"{written}: a span holds words: <span ...>words</span>")
        if len(self.spans) >= MAX_DEPTH:
            raise MarkupError(f"spans nested more than {MAX_DEPTH} deep")
        look, points = self.spans[-1] if self.spans else (Look(1.0, None), False)
        attributes = _attributes(rest, written)
        colour = attributes.get("colour", attributes.get("color"))
        if colour is not None:
            look = Look(look.scale, self.palette.colour(colour))
        if "size" in attributes:
            look, points = self.sized(look, points, attributes["size"])
        self.spans.append((look, points))

    def sized(self, look: Look, points: bool, written: str) -> tuple[Look, bool]:
        """The look of a span of size `written` inside `look`: a size in points (of the text at its
        largest) or a percentage of the size around it; what it comes to kept within bounds."""
        match = SIZE.fullmatch(written)
        if match is None:
            raise MarkupError(f'span size "{written}": write points (size="12") or a percentage (size="120%")')
        value = float(match.group(1))
        if match.group(2) == "%":
            if not 50 <= value <= 400:
                raise MarkupError(f'span size "{written}": a percentage from 50% to 400%')
            scale = look.scale * value / 100
        else:
            if not 4 <= value <= 72:
                raise MarkupError(f'span size "{written}": points from 4 to 72')
            scale, points = value / self.size, True
        if points and not 4 - 1e-9 <= scale * self.size <= 72 + 1e-9:
            raise MarkupError(f'span size "{written}" inside another comes to {scale * self.size:.4g} pt: '
                              f"the sizes are 4 to 72 pt")
        if not points and not 0.5 - 1e-9 <= scale <= 4 + 1e-9:
            raise MarkupError(f'span size "{written}" inside another comes to {scale * 100:.4g}% of the text\'s '
                              f"size: the sizes are 50% to 400%")
        return Look(scale, look.colour), points

    def named_icon(self, closing: str, rest: str, written: str) -> tuple[str, Icon]:
        name = rest.rstrip("/").strip()
        if closing or not name or SPACES.search(name):
            raise MarkupError(f"{written}: an icon is written <icon name/>")
        icon = self.palette.icon(name)
        if icon is None:
            raise MarkupError(f"unknown icon '{name}'{_hint(name, self.palette._icons, 'icons')}")
        return name, icon

    def icon(self, named: tuple[str, Icon]):
        """An icon as what words_of reads: a glyph as text, an image as itself."""
        name, icon = named
        self.icons += 1
        if self.icons > MAX_ICONS:
            raise MarkupError(f"more than {MAX_ICONS} icons in one text")
        look = self.look() or Look(1.0, None)
        if icon.glyph is not None:
            return self.glyph(name, icon, look)
        if not icon.path or not icon.digest or not (isinstance(icon.aspect, (int, float)) and
                                                    math.isfinite(icon.aspect) and icon.aspect > 0):
            raise MarkupError(f"icon '{name}' has neither a glyph nor an image (with its digest and its aspect)")
        return self.font(), icon, look

    def glyph(self, name: str, icon: Icon, look: Look):
        if not isinstance(icon.glyph, str) or not icon.glyph or SPACES.search(icon.glyph):
            raise MarkupError(f"icon '{name}': its glyph must be one or more characters, no spaces")
        if icon.font is not None and not is_font(icon.font):
            raise MarkupError(f"icon '{name}': there is no font '{icon.font}'")
        font = self.font() if icon.font is None else (
            font_for(self.depth["b"] > 0, self.depth["i"] > 0, icon.font) if icon.font not in FONTS else icon.font)
        colour = look.colour
        if icon.colour is not None:
            colour = self.palette.colour(icon.colour) if isinstance(icon.colour, str) else icon.colour
        look = Look(look.scale, colour)
        return font, icon.glyph, None if look == (1.0, None) else look

    def close(self) -> None:
        open_tags = [name for name, count in self.depth.items() if count > self.floor[name]]
        if open_tags:
            raise MarkupError(f"<{open_tags[0]}> is not closed")
        if self.spans:
            raise MarkupError("<span> is not closed")


TAGS = ("b", "i", "br", "span", "icon")


def _colon_icons(text: str, palette: Palette):
    """(start, end, (name, icon)) of each `:name:` in `text` that names an icon of the palette."""
    at = text.find(":")
    while at >= 0:
        end = text.find(":", at + 1)
        if end < 0:
            return
        icon = palette.icon(text[at + 1:end])
        if icon is None:
            at = end  # the closing colon may open the next
            continue
        yield at, end + 1, (text[at + 1:end], icon)
        at = text.find(":", end + 1)


def _attributes(rest: str, written: str) -> dict[str, str]:
    """A span's attributes: colour (or color) and size, each name="value" (or 'value')."""
    found, at = {}, 0
    while at < len(rest):
        match = ATTRIBUTE.match(rest, at)
        if match is None:
            raise MarkupError(f'{written}: write a span\'s attributes as colour="NAME" size="S"')
        key = match.group(1)
        value = html.unescape(match.group(2) if match.group(2) is not None else match.group(3))
        if key not in ("colour", "color", "size"):
            raise MarkupError(f"unknown span attribute '{key}'{_hint(key, ('colour', 'size'), 'attributes')}")
        if key in found:
            raise MarkupError(f"{written}: {key} is given twice")
        if {key, *found} >= {"colour", "color"}:
            raise MarkupError(f"{written}: give colour or color, not both")
        found[key] = value
        at = match.end()
    return found


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
