"""A declared deck's (or tokens') cards: each card's face and back from its layouts, every property
of every layer evaluated for the card and checked before anything is drawn, as many copies as the
card asks for. A problem of one card is at the card's row, naming the layer's line; every card's
problems are found in one go. Marks are in the card's frame (origin at the trim's bottom-left
corner, mm); the card product kind (`printkit.products.cards`) puts them on sheets.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import markupsafe

from printkit.errors import Problem, PrintkitError
from printkit.sandbox import TemplateLimit
from printkit.load.nodes import Node
from printkit.load.schema import Located, Str, dotted
from printkit.plan.cardface import (FRAME_INSET, INDEX_BASELINE, INDEX_LEFT, at_both_ends, back_pattern,
                                    corner_index, frame)
from printkit.plan.fonts import REGULAR, em_width
from printkit.plan.markup import Icon, Palette, check_markup
from printkit.plan.geometry import Rect
from printkit.plan.marks import Box, Circle, Group, Picture, frame_of
from printkit.plan.text import Style, fit, line_at
from printkit.plan.type import SPACE, TYPE
from printkit.products.cards import CUT_LINE, Card
from printkit.shop.safezone import CUT_GUIDE, FRAME
from printkit.declared import layers as kinds, layout, lint
from printkit.declared.bind import Binding, BindingError, Evaluator, binding, scope_of, text_of, unknown_name
from printkit.declared.cards import Deck, Entry, Source
from printkit.declared.layouts import once
from printkit.declared.vocabulary import LAYERS

POKER_WIDTH = 63.5  # a corner index is printkit's 17 pt on a card this wide, smaller on narrower ones
SYMBOL_BELOW = 7.0  # mm: a symbol in the corner stands this far under the index's baseline, on a poker card
BACK_CELLS = 8  # the back's diamonds across a poker card
CONTENT = {"text": "text", "number": "text", "symbol": "symbol", "image": "file"}  # a layer's value, by kind
KEPT = {"kind", "under", "overlaps", "ends", "bleed", "about", "symbols", "colours", "corners", "markup", "clip",
        "points", "cells", "field", "line", "underline", "corner_size"}  # a layer's keys read as written, not bound to the data
MOST_REPORTED = 5
WORD = re.compile(r"\bwords\.([A-Za-z_]\w*)")  # a template's named word an expression reads  # the cards a layer's problem is reported for before the rest are counted


@dataclass
class Look:
    """What every layer of one product draws with: its deck, the game's colours, fonts, icons and
    files, the folder its images are in, the card's size and the bleed it is planned with."""

    deck: Deck
    folder: Path
    size: tuple[float, float]
    bleed: float
    numbers: set = field(default_factory=set)  # every number a number layer prints (6 and 9 are marked)
    words: object = None  # the product's template's named words (`words.back`)
    constant: dict = field(default_factory=dict)  # the marks of each layer that is the same on every card
    _colours: dict = field(default_factory=dict)  # each colour as written, as (r, g, b)
    linted: "Linted" = field(default_factory=lambda: Linted())

    @property
    def looks(self) -> dict:
        return self.deck.kit.data[self.deck.source.stem]

    def colour(self, value, default=0.0):
        if value is None:
            return default
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        found = self._colours.get(value)
        if found is None:
            found = self._colours[value] = layout.colour(str(value), self.looks.get("colours"))
        return default if found is None else found

    def font(self, name: str | None) -> str | None:
        name = name or self.looks.get("font")
        return self.looks["assets"]["fonts"].get(name) if name else None

    @functools.cached_property
    def palette(self) -> Palette:
        """The colours and icons a card's text may name in its markup (<span colour="sea">, :fire:)."""
        colours = tuple((name, self.colour(name)) for name in self.looks.get("colours") or {})
        return Palette(colours, tuple((name, self._icon(icon)) for name, icon in (self.looks.get("icons") or {}).items()))

    def _icon(self, icon: dict) -> Icon:
        if icon["file"] is not None:
            asset = self.asset(icon["file"])
            return Icon.image(str(self.folder / icon["file"]), asset["digest"], tuple(asset["size"]), asset["svg"])
        colour = icon.get("colour")
        return Icon(glyph=icon["glyph"], font=self.font(icon.get("font")) if icon.get("font") else None,
                    colour=None if colour is None else self.colour(colour))

    def asset(self, name: str) -> dict:
        return self.looks["assets"]["files"][name]

    def points(self, points) -> list[tuple[float, float]]:
        """Points written from the card's top-left corner, y down, in the card's frame."""
        return [(float(x), self.size[1] - float(y)) for x, y in points]

    def reads_as_another(self, value: str, rule: str | None = "deck") -> bool:
        """A number that, upside down, reads as another number of the deck (6 and 9: `deck`), or
        as any other number (10 reads 01, 16 reads 91: `any`): underlined (`never`: none is)."""
        turned = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
        if rule == "never" or not value.isdigit() or any(d not in turned for d in value):
            return False
        reading = "".join(turned[d] for d in reversed(value))
        if rule == "any":
            return reading != value
        return reading != value and not reading.startswith("0") and reading in self.numbers

    def round(self) -> bool:
        spec = self.deck.spec
        return spec["kind"] == "tokens" and spec["shape"] == "round"


@dataclass
class Side:
    """One side of one card as planned: its layout's path (for messages) and its layers' values."""

    path: tuple
    layout: dict
    layers: list  # (name, values) for each layer shown, in drawing order; a both-ends layer twice


def deck(kit, sheet, product: str, folder: Path | None = None, source: Source = Source()) -> list[Card]:
    """Every card to print, in order: each card's face and back planned from its layouts (its
    images in `folder`, the game's content folder by default)."""
    folder = folder or kit.folder
    cards = Deck(kit, product, source)
    evaluator = Evaluator(kit.templates.env)
    words = _Words(kit, product)
    fields = cards.fields()

    def scope(values: dict, end: str = "top") -> dict:
        return {**scope_of(values, fields), "game": cards.game, "values": cards.game.get("values"), "words": words,
                "end": end}

    _check_names(cards, fields)
    problems: list[Problem] = []
    try:
        with kit.templates.env.running():  # every card's bindings together: the sandbox's time, once
            entries = cards.entries(evaluator, scope)
            sides = [(entry, _side(cards, evaluator, entry, scope, "face", problems),
                      _side(cards, evaluator, entry, scope, "back", problems)) for entry in entries]
    except TemplateLimit as error:  # it ran out between two bindings
        raise PrintkitError([cards.where().with_message(f"products.{product}: its cards' expressions and texts: "
                                                        f"{error}")]) from None
    _raise(problems)
    look = Look(cards, folder, layout.card_size(cards.spec), sheet.bleed, words=words)
    with kit.templates.env.running():
        _raise(_own_markup(cards, evaluator, look, scope))
    look.numbers = {str(values.get("value")) for _, face, _ in sides if face for _, values in face.layers
                    if values["kind"] == "number"}
    planned = _planned(look, sides, problems)
    _raise(problems)
    return _copies(planned, sheet, cards.spec)


# --- every name a binding reads, once ----------------------------------------------------------------

def _check_names(cards: Deck, fields: set[str]) -> None:
    """A field name no card has, in any binding of any layout: once, at its line, before any card."""
    problems = []
    for path, raw in _bindings(cards.spec):
        message = unknown_name(binding(raw), fields)
        if message:
            problems.append(cards.where(*path).with_message(f"products.{cards.product}.{dotted(path)}: {message}"))
    once(problems)
    _raise(problems)


def _bindings(spec: dict):
    """(path, raw) for every value of the product's layouts that may be bound to the data."""
    if spec.get("order"):
        yield ("order",), {"field": spec["order"]}
    sides = [(("layouts", name), value) for name, value in (spec.get("layouts") or {}).items()]
    sides += [((side,), spec[side]) for side in ("face", "back") if spec.get(side) is not None]
    for path, side in sides:
        if not isinstance(side, dict):
            yield path, side
            continue
        if "field" in side:
            yield path, side
            continue
        for key in ("background", "words", "image", "colour"):
            if side.get(key) is not None:
                yield path + (key,), side[key]
        for name, layer in (side.get("layers") or {}).items():
            for key, raw in layer.items():
                if raw is None:
                    continue
                if key == "field":
                    yield path + ("layers", name, key), {"field": raw}
                elif key == "if" and isinstance(raw, str):
                    yield path + ("layers", name, key), raw
                elif key not in KEPT:
                    yield path + ("layers", name, key), raw


def _own_markup(cards: Deck, evaluator: Evaluator, look: Look, scope) -> list[Problem]:
    """The markup a text layer writes itself (as it is, or around the fields of a `{{ }}` text):
    a mistake in it is the layer's, at its line, once, not each card's."""
    problems = []
    for path, side in _sides(cards.spec):
        for name, raw in (side.get("layers") or {}).items():
            bound = binding(raw["text"]) if raw["kind"] == "text" and raw.get("text") is not None else None
            if bound is None or bound.kind not in ("literal", "template") or raw.get("markup") is False or \
                    raw.get("line"):
                continue
            try:  # the fields as plain words: only the layer's own markup is read
                text = bound.value if bound.constant else evaluator.value(bound, scope({}), markup=True)
            except BindingError:
                continue  # a card's own problem, found when it is planned
            at = path + ("layers", name, "text")
            try:
                check_markup(str(text), cards.where(*at), palette=look.palette)
            except PrintkitError as error:
                problems += [p.with_message(f"products.{cards.product}.{dotted(at)}: {p.message}") for p in error.problems]
    once(problems)
    return problems


def _sides(spec: dict):
    """(path, layout) for each layout of a card product: its named ones, its face's and back's."""
    yield from ((("layouts", name), value) for name, value in (spec.get("layouts") or {}).items())
    yield from (((side,), spec[side]) for side in ("face", "back")
                if isinstance(spec.get(side), dict) and "field" not in spec[side])


# --- each card's side, evaluated ---------------------------------------------------------------------

def _side(cards: Deck, evaluator: Evaluator, entry: Entry, scope, which: str, problems: list) -> Side | None:
    """The layout `which` side of `entry` has, and each of its layers' values for the card."""
    spec = cards.spec
    chosen = spec.get(which)
    scopes = {"top": scope(entry.values)}
    try:
        path, layout_ = _layout(cards, evaluator, chosen, entry, scopes["top"], which)
    except BindingError as error:
        problems.append(_at_card(cards, entry, (which,), str(error)))
        return None
    side = Side(path, layout_, [])
    for name, raw in (layout_.get("layers") or {}).items():
        for end in (("top", "bottom") if raw.get("ends") == "both" else ("top",)):
            if end not in scopes:
                scopes[end] = scope(entry.values, end)
            values = _values(cards, evaluator, entry, scopes[end], path + ("layers", name), raw, problems)
            if values is not None:
                values["end"] = end
                side.layers.append((name, values))
    for key in ("background", "words", "image", "colour"):
        if layout_.get(key) is not None:
            layout_ = {**layout_, key: _one(cards, evaluator, entry, scopes["top"], path + (key,),
                                           layout_[key], problems)}
    side.layout = layout_
    return side


def _layout(cards: Deck, evaluator: Evaluator, chosen, entry: Entry, scope: dict, which: str) -> tuple[tuple, dict]:
    """A side's layout: written in place, or named (by the deck, or by the card's data)."""
    if chosen is None:
        return (which,), {}
    if isinstance(chosen, dict) and "field" not in chosen:
        return (which,), chosen
    name = evaluator.value(binding(chosen), scope)
    layouts = cards.spec.get("layouts") or {}
    if name not in layouts:
        known = ", ".join(layouts) or "the deck has no `layouts:`"
        raise BindingError(f"no layout '{name}' for this card's {which} (the deck's layouts: {known})")
    return ("layouts", name), layouts[name]


@dataclass
class Compiled:
    """A layer as the deck plans it for every card: its values as written, once, and its
    bindings, each (key, the key its value goes under, the binding, whether it is words)."""

    raw: dict
    kind: str
    written: dict
    bound: list
    condition: Binding | None
    content: Binding  # what it shows (its text, symbol, file or field), for where its words come from


def compiled(raw: dict, cache: dict) -> Compiled:
    """A layer compiled once a deck (`cache`, by the layer's own dict)."""
    found = cache.get(id(raw))
    if found is not None and found.raw is raw:
        return found
    kind, content = raw["kind"], CONTENT.get(raw["kind"])
    written, bound = {"kind": kind}, []
    for key, value in raw.items():
        if key in KEPT or key == "if":
            written[key] = value
            continue
        out = "value" if key == content else key
        each = binding(value)
        if each.constant:
            written[out] = value
        else:
            bound.append((key, out, each, key == "text"))
    if content and raw.get(content) is None and raw.get("field") is not None:
        bound.append(("field", "value", binding({"field": raw["field"]}), False))
    condition = raw.get("if")
    condition = binding(condition) if isinstance(condition, str) else None if condition in (None, True) else \
        Binding("literal", False)
    shown = raw.get(content) if content else None
    shown = binding(shown) if shown is not None else binding({"field": raw["field"]}) \
        if raw.get("field") is not None else Binding("literal")
    found = cache[id(raw)] = Compiled(raw, kind, written, bound, condition, shown)
    return found


def _values(cards: Deck, evaluator: Evaluator, entry: Entry, scope: dict, path: tuple, raw: dict,
            problems: list) -> dict | None:
    """A layer's values for one card (None: not shown on it), each bound value evaluated and
    checked as game.yaml checks a value written as it is."""
    layer = compiled(raw, cards.compiled)
    if layer.condition is not None and not _evaluated(cards, evaluator, entry, scope, path + ("if",),
                                                      layer.condition, problems):
        return None
    values = dict(layer.written)
    spec = LAYERS.kinds[layer.kind]
    for key, out, bound, words in layer.bound:
        value = _evaluated(cards, evaluator, entry, scope, path + (key,), bound, problems,
                           spec if key != "field" else None, words)
        if out == "value" and isinstance(value, (bool, int, float)):
            value = text_of(value)  # what a layer shows is words: a field's number, true or false as written
        values[out] = value
    return values


def _one(cards: Deck, evaluator: Evaluator, entry: Entry, scope: dict, path: tuple, raw, problems: list,
         spec=None, markup: bool = False):
    """One value for one card, checked; None (after recording the problem) when it cannot be had."""
    return _evaluated(cards, evaluator, entry, scope, path, binding(raw), problems, spec, markup)


def _evaluated(cards: Deck, evaluator: Evaluator, entry: Entry, scope: dict, path: tuple, bound: Binding,
               problems: list, spec=None, markup: bool = False):
    if bound.constant:
        return bound.value
    try:
        value = evaluator.value(bound, scope, markup)
    except BindingError as error:
        problems.append(_at_card(cards, entry, path, str(error), bound))
        return None
    if spec is not None and value is not None:
        value = _checked(cards, entry, path, spec, value, bound, problems)
    return value


def _checked(cards: Deck, entry: Entry, path: tuple, spec, value, bound: Binding, problems: list):
    """A value a binding gave, checked as it would be written in game.yaml."""
    key = path[-1]
    inner = spec.fields.get(key) or spec.optional.get(key)
    inner = getattr(inner, "spec", inner)
    if inner is None or isinstance(value, markupsafe.Markup):
        return value
    if isinstance(inner, Str) and isinstance(value, (int, float)):
        value = text_of(value)  # a number is printed as the text it is, true and false as written
    if isinstance(inner, Str) and isinstance(value, str):  # its line breaks are the expression's own
        if len(value) <= inner.max_length:
            return value
        problems.append(_at_card(cards, entry, path, f"text is longer than {inner.max_length} characters", bound))
        return None
    found: list[Problem] = []
    where = _field_where(cards, entry, bound)
    checked = inner.read(_node(value, where), (key,), Located(), found)
    for problem in found:
        problems.append(_at_card(cards, entry, path, problem.message.split(": ", 1)[-1], bound))
    return None if found else checked


def _node(value, where: Problem) -> Node:
    """A value an expression gave as the YAML node game.yaml would have read it from."""
    if isinstance(value, (list, tuple)):
        value = [_node(item, where) for item in value]
    elif isinstance(value, dict):
        value = {str(key): _node(item, where) for key, item in value.items()}
    return Node(value, where.file, where.line or 0, {key: where.line or 0 for key in value}
                if isinstance(value, dict) else {})


def _field_where(cards: Deck, entry: Entry, bound: Binding) -> Problem:
    """Where a bound value came from: the card's field it reads, or the card itself."""
    if bound.kind == "field":
        return cards.kit.where(entry.file, entry.path + (bound.value,))
    return entry.where


def _at_card(cards: Deck, entry: Entry, path: tuple, message: str, bound: Binding | None = None) -> Problem:
    """A problem of one card: at its row (or the field a value came from), naming the layer's line."""
    layer = cards.where(*path)
    at = _field_where(cards, entry, bound) if bound is not None else entry.where
    shown = f"{layer.file}:{layer.line}" if layer.line else layer.file
    card = f"card {entry.index + 1}" + (f" ('{entry.label}')" if entry.label else "")
    return at.with_message(f"{card}: {dotted(path)}: {message} (see {shown})")


def _raise(problems: list[Problem]) -> None:
    """Every problem found, a layer's first few cards' and then how many more had it."""
    if not problems:
        return
    kept, counted = [], {}
    for problem in problems:
        layer = problem.message.rsplit("(see ", 1)[-1] if "(see " in problem.message else None
        counted[layer] = counted.get(layer, 0) + 1
        if layer is None or counted[layer] <= MOST_REPORTED:
            kept.append(problem)
    for layer, count in counted.items():
        if layer is not None and count > MOST_REPORTED:
            file, _, line = layer.rstrip(")").rpartition(":")
            kept.append(Problem(file, int(line) if line.isdigit() else None,
                                f"... and {count - MOST_REPORTED} more cards with a problem of this layer"))
    raise PrintkitError(kept)


# --- planned --------------------------------------------------------------------------------------------

def _planned(look: Look, sides: list, problems: list) -> list[tuple[Entry, tuple, tuple]]:
    """Each card's face and back as marks, each checked (lint.py); identical backs planned once."""
    backs: dict = {}
    planned = []
    for entry, face, back in sides:
        try:
            face_marks = _face(look, entry, face)
            key = _back_key(look, back)
            if key not in backs:
                backs[key] = _back(look, entry, back)
            planned.append((entry, face_marks, backs[key]))
        except PrintkitError as error:
            problems += error.problems
    problems += look.linted.problems()
    return planned


def _back_key(look: Look, back: Side | None):
    """What makes two cards' backs the same: their layout, where nothing of it is bound to the
    data (a back like every other), else every value of it."""
    if back is None:
        return None
    layers = back.layout.get("layers") or {}
    own = tuple(back.layout.get(key) for key in ("background", "words", "image", "colour"))  # as evaluated
    if all(not compiled(raw, look.deck.compiled).bound and raw.get("if") is None for raw in layers.values()):
        return back.path, repr(own)
    return back.path, repr(own), repr(back.layers)


def _face(look: Look, entry: Entry, side: Side) -> tuple:
    marks = list(_ground(look, side.layout.get("background")))
    layered, corners = _layers(look, entry, side)
    marks += layered
    if side.layout.get("frame") is not False:
        marks.append(_frame(look))
    if look.round():
        marks.append(Circle(look.size[0] / 2, look.size[1] / 2, look.size[0] / 2, width=CUT_LINE, level=0.6,
                            item=CUT_GUIDE))
    return _clipped(look, side, tuple(marks + corners))


def _layers(look: Look, entry: Entry, side: Side) -> tuple[list, list]:
    """Every layer of a side, bottom to top; and the corner indices its number layers ask for
    (drawn over everything, the frame included), at both ends: a layer drawn at both ends gives
    each end its own (the 9 that reads as a 6 from the other end). The side is checked as it
    is planned (lint.py)."""
    marks, ends, drawn = [], {"top": {}, "bottom": {}}, []
    for name, values in side.layers:
        kept = look.constant.get((side.path, name, values.get("end")))
        if kept is not None:  # a layer that is the same on every card: planned once
            marks += kept[0]
            drawn.append(kept[1])
            continue
        layer = _layer(look, entry, name, values, side)
        try:
            if values.get("end") == "bottom":
                found = [Group(tuple(kinds.plan(look, layer, ends["bottom"])), look.size[0], look.size[1], 180)]
            elif values.get("ends") == "both":
                found = kinds.plan(look, layer, ends["top"])
            else:
                shared: dict = {}
                found = kinds.plan(look, layer, shared)
                for end in ends.values():
                    _add(end, shared)
        except PrintkitError as error:
            raise PrintkitError([_of_card(look, entry, side, name, problem) for problem in error.problems]) from None
        marks += found
        drawn.append(lint.drawn(name, values, found, layer.rect))
        if _constant(look, side, name, values):
            look.constant[(side.path, name, values.get("end"))] = (found, drawn[-1])
    corners = list(at_both_ends(look.size, [_corner(look, ends["top"]), _corner(look, ends["bottom"])])) \
        if any(ends.values()) else []
    look.linted.side(look, entry, side, drawn, corners)
    return marks, corners


def _constant(look: Look, side: Side, name: str, values: dict) -> bool:
    """A layer whose every value is written as it is (nothing bound to the card's data), and that
    puts nothing in the corners: its marks are the same on every card."""
    layer = compiled(side.layout["layers"][name], look.deck.compiled)
    return not layer.bound and layer.condition is None and not values.get("corners") and layer.kind != "number"


def _of_card(look: Look, entry: Entry, side: Side, name: str, problem: Problem) -> Problem:
    """A card's text that cannot be set (its markup, a glyph no font has) said as a card's problem:
    which card, which layer's words (its row, the layer's line); a text too long stays as it is."""
    if not problem.message.startswith(("text markup:", "the font has no glyph", "right-to-left")):
        return problem
    layer = compiled(side.layout["layers"][name], look.deck.compiled)
    key = "field" if layer.content.kind == "field" and side.layout["layers"][name].get("field") else \
        CONTENT.get(layer.kind, "text")
    return _at_card(look.deck, entry, side.path + ("layers", name, key), problem.message, layer.content)


def _add(end: dict, found: dict) -> None:
    if "index" in found:
        end.setdefault("index", found["index"])
    end.setdefault("under", []).extend(found.get("under", []))


def _layer(look: Look, entry: Entry, name: str, values: dict, side: Side) -> kinds.Layer:
    rect = kinds.box_rect(values, look.size)
    if rect is not None and values.get("bleed"):
        rect = kinds.to_bleed(rect, look.size, look.bleed)
    layer = compiled(side.layout["layers"][name], look.deck.compiled)
    content = CONTENT.get(values["kind"])
    where = _written_at(look, entry, layer.content, side.path + ("layers", name, content or "kind"))
    item = name if _constant(look, side, name, values) else f"{_card(entry)} {name}"  # the same on every card
    return kinds.Layer(name, values, rect, item, where)


def _written_at(look: Look, entry: Entry, bound: Binding, path: tuple) -> Problem:
    """Where a layer's words were written, for a problem with them (a text that does not fit):
    the card's field it shows, the layer's own line, the template's word it shows (`words.back`,
    and nothing of the card's: so a value of the game's content in it is blamed), or the card."""
    deck = look.deck
    if bound.kind == "field":
        return _field_where(deck, entry, bound)
    if bound.constant:
        return deck.where(*path)
    named = WORD.findall(bound.value)
    if named and not bound.names() - {"words", "game", "values", "end"}:
        return words_where(look.words, named[0])
    return entry.where


def _card(entry: Entry) -> str:
    """A card as its marks name it: by its id (the same wherever it is in the deck), or its place."""
    if not entry.named:
        return f"card {entry.index + 1}"
    return entry.name if entry.name.lower().startswith("card") else f"card {entry.name}"


def _clipped(look: Look, side: Side, marks: tuple) -> tuple:
    """A side drawn clipped to its bleed edge when a layer of it reaches past it: nothing of a
    card is printed on its neighbour."""
    area = Rect(-look.bleed, -look.bleed, look.size[0] + 2 * look.bleed, look.size[1] + 2 * look.bleed)
    if all(_within(extent, area) for extent in _extents(look, side)):
        return marks
    return (Group(marks, clip=Box(area, level=None)),)


def _extents(look: Look, side: Side):
    """The rectangle each layer of a side covers on the card (a turned one's, turned)."""
    for _, values in side.layers:
        rect = kinds.box_rect(values, look.size)
        if rect is not None and values.get("bleed"):
            rect = kinds.to_bleed(rect, look.size, look.bleed)
        if rect is None and values.get("points"):
            rect = frame_of(look.points(values["points"]))
        if rect is not None:
            yield lint.turned(rect, float(values.get("rotate") or 0.0))


def _within(rect: Rect, area: Rect) -> bool:
    return (rect.x >= area.x - 1e-6 and rect.y >= area.y - 1e-6 and rect.right <= area.right + 1e-6
            and rect.top <= area.top + 1e-6)


def _corner(look: Look, corners: dict) -> tuple:
    """One end's corner, in its frame (origin at its top-left corner, y down): the number's index
    and what goes under it (or, with no index, in its place): symbols one under the other, each
    a step down; shapes at the height their boxes give."""
    size = _index_size(look)
    scale = size / TYPE.index
    marks, x = [], None
    if "index" in corners:
        value, turned, level, face = corners["index"]
        found, x = corner_index(value, turned, size, level, face)
        marks = list(found)
    baseline = -FRAME_INSET - (INDEX_BASELINE + (SYMBOL_BELOW if x is not None else 0.0)) * scale
    for under in corners.get("under", []):
        if under[0] == "shape":
            centre = x if x is not None else FRAME_INSET + INDEX_LEFT * scale
            marks.append(Group(under[1], centre, 0.0))
            continue
        _, glyph, level, face, points = under
        small = points or size * 0.7
        centre = x if x is not None else FRAME_INSET + INDEX_LEFT * scale + em_width(glyph, face or REGULAR) * small / 2
        marks.append(line_at(glyph, centre, baseline, small, align="centre", level=level, face=face))
        baseline -= SYMBOL_BELOW * scale
    return tuple(marks)


def _index_size(look: Look) -> float:
    return TYPE.index * min(1.0, look.size[0] / POKER_WIDTH)


def _frame(look: Look):
    if look.round():
        return Circle(look.size[0] / 2, look.size[1] / 2, look.size[0] / 2 - FRAME_INSET, width=0.35, item=FRAME)
    return frame(look.size, radius=min(2.5, look.size[0] / 20))


def _ground(look: Look, colour) -> tuple:
    """A colour over the whole card, to the cut and into the bleed."""
    if colour is None:
        return ()
    fill = look.colour(colour)
    size, bleed = look.size, look.bleed
    if look.round():
        return (Circle(size[0] / 2, size[1] / 2, size[0] / 2 + bleed, level=None, fill=fill),)
    return (Box(Rect(-bleed, -bleed, size[0] + 2 * bleed, size[1] + 2 * bleed), level=None, fill=fill),)


# --- backs ----------------------------------------------------------------------------------------------

def _back(look: Look, entry: Entry, side: Side | None) -> tuple:
    """A back: its layers over its ground, or (a back with no layers) printkit's classic back: a
    colour or printkit's pattern to the cut (a back printed a little off its front shows no frame
    drawn off-centre), an image over the card, or words on a white panel in the middle."""
    layout_ = side.layout if side else {}
    marks = list(_ground(look, layout_.get("background")))
    if side is not None and layout_.get("layers") is not None:
        layered, corners = _layers(look, entry, side)
        marks += layered
        if layout_.get("frame") is True:
            marks.append(_frame(look))
        return _clipped(look, side, tuple(marks + corners))
    size, deck = look.size, look.deck
    if layout_.get("image"):
        asset = look.asset(layout_["image"])
        return tuple(marks) + (Picture(str(look.folder / layout_["image"]), Rect(0, 0, *size), asset["digest"],
                                       asset["svg"]),)
    if layout_.get("pattern") is not False and not layout_.get("background"):
        cells = max(2, round(BACK_CELLS * size[0] / POKER_WIDTH))
        marks += back_pattern(size, (cells, max(2, round(cells * size[1] / size[0]))), look.bleed)
    return tuple(marks) + _back_words(look, layout_, side)


def _back_words(look: Look, layout_: dict, side: Side | None) -> tuple:
    size, deck = look.size, look.deck
    words = layout_.get("words") or deck.kit.title
    panel = Rect(0, 0, *size).inset(size[0] / 6)
    panel = Rect(panel.x, size[1] / 2 - panel.width / 3, panel.width, panel.width * 2 / 3)
    marks = []
    if layout_.get("panel") is not False:
        marks.append(Box(panel, level=None, fill=1.0, radius=SPACE) if not look.round() else
                     Circle(size[0] / 2, size[1] / 2, panel.width / 2, level=None, fill=1.0))
    style = Style(TYPE.title, TYPE.smallest, True, "centre", "middle", look.colour(layout_.get("colour")),
                  font=look.font(layout_.get("font")))
    path = (side.path if side else ("back",)) + ("words",)
    where = deck.where(*path) if layout_.get("words") else deck.kit.where(deck.source.file, ("title",)) \
        if deck.source.file == "game.yaml" else deck.where()
    marks.append(fit(str(markupsafe.escape(words)), panel.inset(SPACE / 2), style, "card back", where))
    return tuple(marks)


# --- copies -----------------------------------------------------------------------------------------------

def _copies(planned: list, sheet, spec: dict) -> list[Card]:
    """Each card as many times as it asks for; with `fill_sheets`, the last sheet filled with
    copies of the last card (no empty slot to cut round)."""
    cards = []
    for entry, face, back in planned:
        cards += [Card(entry.name, face, back)] * entry.copies
    if spec.get("fill_sheets") and cards:
        short = -len(cards) % sheet.per_sheet
        cards += [cards[-1]] * short
    return cards


class _Words:
    """The product's template's named words, for expressions (`words.back`): rendered the first
    time one is read, as markup (content in them escaped)."""

    def __init__(self, kit, product: str):
        self._kit, self._product, self._words = kit, product, None

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return markupsafe.Markup(self._rendered().markup(name))

    def _rendered(self):
        if self._words is None:
            self._words = self._kit.words(self._product)
        return self._words


def words_where(words: _Words, name: str) -> Problem:
    """Where the template defines a named word (outside the class: every name of a _Words is a word)."""
    return words._rendered().where(name)


class Linted:
    """What the layout checks (lint.py) found on the cards planned: each problem once, at the
    layer's line, with the first card it was found on and how many had it."""

    def __init__(self):
        self.found: dict[tuple, list] = {}  # (where, message) -> [first card, count]

    def side(self, look: Look, entry: Entry, side: Side, drawn: list, corners: list) -> None:
        deck, card = look.deck, _card(entry) + (f" ('{entry.label}')" if entry.label and entry.named is False else "")
        at = {layer.name: side.path + ("layers", layer.name) for layer in drawn}
        for name, what in lint.overlaps(drawn, lint.corner_extents(corners)):
            self._add(deck, at[name], what, card)
        for layer in drawn:
            least = lint.small(layer)
            if least is not None:
                self._add(deck, at[layer.name], f"its words are set at {least:g} pt, below the {lint.SMALLEST:g} pt "
                                                f"a player reads in print; give it more room", card)
            inside = lint.outside_safe(layer, look.size, look.round())
            if inside is not None:
                self._add(deck, at[layer.name], f"its words come {inside:.1f} mm from the trim, inside the "
                                                f"{lint.SAFE:g} mm safe zone a cut may take", card)

    def _add(self, deck: Deck, path: tuple, message: str, card: str) -> None:
        key = (path, message)
        if key in self.found:
            self.found[key][1] += 1
        else:
            self.found[key] = [card, 1, deck.where(*path), f"products.{deck.product}.{dotted(path)}"]

    def problems(self) -> list[Problem]:
        found = [where.with_message(f"{shown}: {message} ({card}" + (f" and {count - 1} more)" if count > 1 else ")"))
                 for (_, message), (card, count, where, shown) in self.found.items()]
        once(found)  # a layer several layouts inherit: once, at its line
        return found
