"""One line of plain text, as data: a label set in its box at its size, shrunk in half points
when it is too wide, its capitals centred in the box (or standing on its bottom, or hanging from
its top); or a line at a baseline, for a component that chooses its own size (a card's index, a
scale bar's label). A label that does not fit even at the smallest legible size is an error
naming what it is and where it was written."""

from __future__ import annotations

from printkit.ground.errors import Problem, PrintkitError
from printkit.plan.fitting import sizes_between
from printkit.plan.fonts import FONTS, cap_height, describe_glyphs, em_width, font_for, missing_glyphs, right_to_left
from printkit.plan.geometry import Rect
from printkit.plan.text import PT_PER_MM, Text, TextLine
from printkit.plan.type import TYPE
from printkit.plan.typeset import EPSILON


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
        chosen = next((s for s in sizes_between(size, low) if width * s <= box.width + EPSILON), None)
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
