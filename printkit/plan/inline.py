"""The markup inside a block, read: `<b>`, `<i>`, Markdown's `**bold**` and `*italic*`
(plan.emphasis), character entities, and for card text `<br>`, `<span colour="NAME" size="S">`
and icons (`:name:`, `<icon name/>`) of the caller's `Palette`, as stretches of text each with its
font and look, for plan.markup to measure into words.

A span's colour is a name of the palette (`color` is read too); its size is relative
(`size="120%"`, 50 to 400 % of the size around it) or in points (`size="12"` or `"12pt"`, 4 to
72 pt: the size at the text's largest; a text shrunk to fit its box shrinks its spans with it,
keeping their proportions). Spans nest (at most MAX_DEPTH deep); what a size comes to stays
within the same bounds. A colon that does not begin `:name:` of a known icon is text ("Cost: 3",
"10:30"); but a text set with a palette (a declared game's: its cards, rules and score sheets)
that writes `:word:` where no icon is called `word` is a mistake, with the name it likely meant
(`:cannon:` for `:cannons:`). `\\:` (or `&#58;`) writes a colon that never begins one. Whatever the
markup, reading it gives stretches or a MarkupError, never another exception."""

from __future__ import annotations

import difflib
import functools
import html
import math
import re
from dataclasses import dataclass
from typing import NamedTuple

from printkit.plan.emphasis import emphasised
from printkit.plan.fonts import CAP_HEIGHT, FONTS, font_for, is_font

SPACES = re.compile(r"[ \t\n\r\f\v]+")
# a tag's name, then whatever stands before its `>` (attributes, a closing `/`); text; a stray `<`
TAG = re.compile(r"<(/?)([a-zA-Z]*)([^<>]*)>|([^<]+)|(<)")
ATTRIBUTE = re.compile(r"""([a-zA-Z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')\s*""")
SIZE = re.compile(r"\s*(\d{1,4}(?:\.\d{1,4})?|\.\d{1,4})\s*(%|pt)?\s*")


class MarkupError(ValueError):
    pass


class Look(NamedTuple):
    """How the spans around a stretch set it: its size, as a multiple of its block's, and its
    colour (None: the text's own)."""

    scale: float
    colour: object


# --- the palette: what a text's colours and icons are called ---------------------------------------

ICON_EM = 1.0  # an icon stands as tall as its run's size (1 em): as tall as the type's own box
# and sits 0.1355 em below the baseline, so that its middle is the capitals' middle (DejaVu Sans's
# capitals stand 0.729 em): a coin beside "3" is centred on the figure, and stays inside the
# line's room below the baseline (the 0.2 em of a 1.2 leading)
ICON_DROP = (ICON_EM - CAP_HEIGHT) / 2
MAX_ICONS = 200  # in one text: more is not card text (and would only cost time)
MAX_DEPTH = 10  # spans inside spans


@dataclass(frozen=True)
class Icon:
    """An inline icon: an image (`path`, its `digest`, `svg` or not, and its `aspect`, width over
    height), set `ICON_EM` tall at its run's size; or a glyph (`glyph`, in the font `font`, default
    the run's own, and the colour `colour`, default the run's own: a grey, an (r, g, b), or the
    name of one of the palette's colours), set as text at its run's size: as wide as the font
    draws it (its `aspect` is not used)."""

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
    frozen and hashable, as texts are set and kept by what they are set with. `strict`: a
    `:word:` naming no icon is a mistake (a game's texts), not words between colons (NO_PALETTE's)."""

    colours: tuple[tuple[str, object], ...] = ()
    icons: tuple[tuple[str, Icon], ...] = ()
    strict: bool = True

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
    meant = _did_you_mean(name, known)
    if meant:
        return meant
    names = sorted(known)
    if not names:
        return f": no {what} are named for this text"
    return f": the {what} are {', '.join(names[:8])}{', …' if len(names) > 8 else ''}"


def _did_you_mean(name: str, known, before: str = "'", after: str = "'") -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {before}{close[0]}{after}?)" if close else ""


NO_PALETTE = Palette(strict=False)


# --- reading -------------------------------------------------------------------------------------

def stretches(markup: str, bold: bool, face: str | None, palette: Palette, italic: bool, size: float):
    """(font, text, look) for each stretch of the markup between tags, entities decoded (look:
    None, or the size and colour of the spans it is in); an image icon as (font, Icon, look); a
    line break as (None, None, None)."""
    state = _State(bold, italic, face, palette, size)
    for match in TAG.finditer(emphasised(markup)):
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
        if ":" not in text or not (self.palette.icons or self.palette.strict):
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
        font = self.font()  # the run's own; one of printkit's faces named; the face asked for of a project's
        if icon.font is not None:
            font = icon.font if icon.font in FONTS else font_for(self.depth["b"] > 0, self.depth["i"] > 0, icon.font)
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
            if palette.strict and _icon_like(text, at, end):
                raise MarkupError(_unknown(text[at + 1:end], palette))
            at = end  # the closing colon may open the next
            continue
        yield at, end + 1, (text[at + 1:end], icon)
        at = text.find(":", end + 1)


ICON_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*\Z")  # as game.yaml names one, from a letter


def _icon_like(text: str, at: int, end: int) -> bool:
    """`:name:` standing as an icon stands: a name from a letter, no letter against either
    colon (`3:coin:` is an icon; `Setup:Deal:Play`, `10:30` and `Note: x` are words)."""
    before = text[at - 1] if at else " "
    after = text[end + 1] if end + 1 < len(text) else " "
    return end - at <= 41 and bool(ICON_NAME.match(text[at + 1:end])) and not before.isalpha() and \
        not after.isalpha()


def _unknown(name: str, palette: Palette) -> str:
    close = difflib.get_close_matches(name, list(palette._icons), n=1)
    if close:
        return f"unknown icon ':{name}:' (did you mean ':{close[0]}:'?)"
    names = sorted(palette._icons)
    known = f"the icons are {', '.join(f':{n}:' for n in names[:8])}{', …' if len(names) > 8 else ''}" if names \
        else "no icons are declared (game.yaml's icons:)"
    return f"unknown icon ':{name}:': {known}; write \\: for a colon that begins no icon"


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
