"""A declared deck's (or tokens') cards: each card's face and back planned from its layouts, once
every layer's values are evaluated for the card (evaluate.py), each side checked as it is planned
(lint.py), as many copies as the card asks for. Marks are in the card's frame (origin at the
trim's bottom-left corner, mm); the card product kind (`printkit.products.cards`) puts them on
sheets.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import markupsafe

from printkit.plan import findings
from printkit.ground.errors import Problem, PrintkitError
from printkit.load.limits import TemplateLimit
from printkit.plan.cardface import FRAME_INSET, INDEX_BASELINE, INDEX_LEFT, back_pattern, corner_index, frame
from printkit.plan.fonts import REGULAR, em_width
from printkit.plan.backs import back_reach
from printkit.plan.geometry import Rect
from printkit.plan.items import CUT_GUIDE, FRAME, GROUND
from printkit.plan.marks import Box, Circle, Group, Picture, frame_of
from printkit.plan.fitting import fit, fit_rich
from printkit.plan.label import line_at
from printkit.plan.typeset import Style
from printkit.plan.type import SPACE, TYPE
from printkit.products.cards import CUT_LINE, Card
from printkit.declared import kept_cards, layers as kinds, layout, lint
from printkit.declared.bind import Binding, Evaluator, scope_of
from printkit.declared.cards import Deck, Entry, Source
from printkit.declared.evaluate import (CONTENT, Side, Words, at_card, check_names, compiled, field_where, own_markup,
                                        raise_all, side, words_where)
from printkit.declared.linted import Linted, card_name as _card
from printkit.declared.look import Look

POKER_WIDTH = 63.5  # a corner index is printkit's 17 pt on a card this wide, smaller on narrower ones
SYMBOL_BELOW = 7.0  # mm: a symbol in the corner stands this far under the index's baseline, on a poker card
BACK_CELLS = 8  # the back's diamonds across a poker card
WORD = re.compile(r"\bwords\.([A-Za-z_]\w*)")  # a template's named word an expression reads


def deck(kit, sheet, product: str, folder: Path | None = None, source: Source = Source()) -> list[Card]:
    """Every card to print, in order: each card's face and back planned from its layouts (its
    images in `folder`, the game's content folder by default)."""
    folder = folder or kit.folder
    cards = Deck(kit, product, source)
    evaluator = Evaluator(kit.templates.env)
    words = Words(kit, product)
    fields = cards.fields()

    def scope(values: dict, end: str = "top") -> dict:
        return {**scope_of(values, fields), "game": cards.game, "values": cards.game.get("values"), "words": words,
                "end": end}

    check_names(cards, fields)
    problems: list[Problem] = []
    look = Look(cards, folder, layout.card_size(cards.spec), sheet.bleed, words=words)
    back_look = replace(look, bleed=back_reach(sheet))
    shared = kept_cards.shared_digest(look, back_look.bleed)  # None: every card planned (kept_cards.py)

    def sides_of(group: list, problems: list) -> list:
        return [(entry, side(cards, evaluator, entry, scope, "face", problems),
                 side(cards, evaluator, entry, scope, "back", problems)) for entry in group]

    backs: dict = {}  # identical backs planned once, in the whole deck

    def again(group: list) -> list:  # a group found kept, gone when its marks are read: planned again
        with kit.templates.env.running():
            sides = sides_of(group, [])
        return _planned(look, back_look, sides, [], backs)

    def limited(error: TemplateLimit) -> PrintkitError:  # it ran out between two bindings
        return PrintkitError([cards.where().with_message(f"products.{product}: its cards' expressions and texts: "
                                                         f"{error}")])

    def evaluate(groups: list, said: list | None = None) -> list:
        """The groups' sides evaluated after the others: their problems added to `said`, or raised."""
        problems_ = [] if said is None else said
        try:
            with kit.templates.env.running():
                sides = [sides_of(group, problems_) for group in groups]
        except TemplateLimit as error:
            raise limited(error) from None
        if said is None:
            raise_all(problems_)
        return sides

    try:
        with kit.templates.env.running():  # every card's bindings together: the sandbox's time, once
            entries = cards.entries(evaluator, scope)
            found = [(group, kept_cards.found(shared, group, lambda group=group: again(group)))
                     for group in kept_cards.groups(entries)]
            todo = [group for group, kept in found if kept is None]
            evaluated = [sides_of(group, problems) for group in todo[:kept_cards.ahead(shared, todo)]]
    except TemplateLimit as error:
        raise limited(error) from None
    if problems:  # every card's, as ever
        evaluate(todo[len(evaluated):], problems)
        raise_all(problems)
    with kit.templates.env.running():
        markup = own_markup(cards, evaluator, look.palette, scope)
    if markup:
        evaluate(todo[len(evaluated):])  # what the cards' own words say comes first, as ever
        raise_all(markup)
    look.numbers = {str(values.get("value")) for sides in evaluated for _, face, _ in sides if face
                    for _, values in face.layers if values["kind"] == "number"}
    planned = kept_cards.planned(shared, found, evaluated, lambda sides, said: _planned(look, back_look, sides, said,
                                                                                         backs), look.linted, problems,
                                 evaluate)
    raise_all(problems + look.linted.errors())
    findings.note(look.linted.warnings())  # the cards are drawn; the build says these (--strict: refuses)
    return _copies(planned, sheet, cards.spec, look.linted)


# --- planned --------------------------------------------------------------------------------------------

def _planned(look: Look, back_look: Look, sides: list, problems: list, backs: dict | None = None) -> list:
    """Each card's face and back as marks, each checked (lint.py: its errors the deck's to raise);
    identical backs planned once. A back is planned with `back_look`: the same but for its reach
    past the trim (`back_reach`). (entry, face, back) for each card."""
    backs = {} if backs is None else backs
    planned = []
    for entry, face, back in sides:
        try:
            face_marks = _face(look, entry, face)
            key = _back_key(look, back)
            if key not in backs:
                backs[key] = _back(back_look, entry, back)
            planned.append((entry, face_marks, backs[key]))
        except PrintkitError as error:
            problems += error.problems
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


def _layers(look: Look, entry: Entry, side: Side, which: str = "face") -> tuple[list, list]:
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
    corners = list(layout.held_corners(look.size, [_corner(look, ends["top"]), _corner(look, ends["bottom"])])) \
        if any(ends.values()) else []
    look.linted.side(look, entry, side, drawn, corners, which)
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
    return at_card(look.deck, entry, side.path + ("layers", name, key), problem.message, layer.content)


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
        return field_where(deck, entry, bound)
    if bound.constant:
        return deck.where(*path)
    named = WORD.findall(bound.value)
    if named and not bound.names() - {"words", "game", "values", "end"}:
        return words_where(look.words, named[0])
    return entry.where


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
    return TYPE.index * min(1.0, layout.held(look.size)[0] / POKER_WIDTH)  # as wide as the card is held


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
        return (Circle(size[0] / 2, size[1] / 2, size[0] / 2 + bleed, level=None, fill=fill, item=GROUND),)
    return (Box(Rect(-bleed, -bleed, size[0] + 2 * bleed, size[1] + 2 * bleed), level=None, fill=fill),)


# --- backs ----------------------------------------------------------------------------------------------

def _back(look: Look, entry: Entry, side: Side | None) -> tuple:
    """A back: its layers over its ground, or (a back with no layers) printkit's classic back: a
    colour or printkit's pattern to the cut (a back printed a little off its front shows no frame
    drawn off-centre), an image over the card, or words on a white panel in the middle."""
    layout_ = side.layout if side else {}
    marks = list(_ground(look, layout_.get("background")))
    if side is not None and layout_.get("layers") is not None:
        layered, corners = _layers(look, entry, side, "back")
        marks += layered
        if layout_.get("frame") is True:
            marks.append(_frame(look))
        return _clipped(look, side, tuple(marks + corners))
    size = look.size
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
                  font=look.font(layout_.get("font")), palette=look.palette)
    path = (side.path if side else ("back",)) + ("words",)
    where = deck.where(*path) if layout_.get("words") else deck.kit.where(deck.source.file, ("title",)) \
        if deck.source.file == "game.yaml" else deck.where()
    marks.extend(fit_rich(str(markupsafe.escape(words)), panel.inset(SPACE / 2), style, "card back", where))
    return tuple(marks)


# --- copies -----------------------------------------------------------------------------------------------

def _copies(planned: list, sheet, spec: dict, linted: Linted) -> list[Card]:
    """Each card as many times as it asks for (with what the lint found on it, for the proofing
    page); with `fill_sheets`, the last sheet filled with copies of the last card (no empty slot
    to cut round)."""
    cards = []
    for entry, face, back in planned:
        cards += [Card(entry.name, face, back, entry.where, entry.values, linted.of(entry))] * entry.copies
    if spec.get("fill_sheets") and cards:
        short = -len(cards) % sheet.per_sheet
        cards += [cards[-1]] * short
    return cards

