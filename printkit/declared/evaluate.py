"""Each card's sides evaluated before anything is planned: which layout each side has, and every
property of every layer bound to the card's data (printkit/declared/bind.py) evaluated and
checked as game.yaml checks a value written as it is. A layer is compiled once a deck; a name no
card has is found once, at its line; a value wrong for one card is that card's problem, at its
row, naming the layer's line, the first few cards with it named and the rest counted.
"""

from __future__ import annotations

from dataclasses import dataclass

import markupsafe

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.nodes import Node
from printkit.load.schema import Located, Str, dotted
from printkit.plan.markup import check_markup
from printkit.declared import used
from printkit.declared.layout import card_size
from printkit.declared.bind import Binding, BindingError, Evaluator, binding, one_field, scope_of, text_of, unknown_name
from printkit.declared.cards import Deck, Entry
from printkit.declared.layouts import once
from printkit.declared.vocabulary import LAYERS

CONTENT = {"text": "text", "number": "text", "symbol": "symbol", "image": "file"}  # a layer's value, by kind
KEPT = {"kind", "under", "overlaps", "ends", "bleed", "about", "symbols", "colours", "corners", "markup", "clip",
        "points", "cells", "field", "line", "underline", "corner_size"}  # a layer's keys read as written, not bound
MOST_REPORTED = 5  # the cards a layer's problem is reported for before the rest are counted


@dataclass
class Side:
    """One side of one card as planned: its layout's path (for messages) and its layers' values."""

    path: tuple
    layout: dict
    layers: list  # (name, values) for each layer shown, in drawing order; a both-ends layer twice



# --- every name a binding reads, once ----------------------------------------------------------------

def check_names(cards: Deck, fields: set[str]) -> None:
    """A field name no card has, in any binding of any layout: once, at its line, before any card."""
    problems = []
    layouts = _used(cards)
    for path, raw in _bindings(cards.spec, layouts):
        message = unknown_name(binding(raw), fields)
        if message:
            problems.append(cards.where(*path).with_message(f"products.{cards.product}.{dotted(path)}: {message}"))
    for path, message in used.off_cards(layouts, card_size(cards.spec)):  # cards known only now (`each:`)
        problems.append(cards.where(*path).with_message(f"products.{cards.product}.{dotted(path)}: {message}"))
    once(problems)
    raise_all(problems)


def _used(cards: Deck) -> list[tuple[tuple, dict]]:
    """The layouts the product's cards use (used.py): a layout is checked where it is used. Worked
    out once for a kit's content (a kit on another paper shares it): a row at a time, it is what
    checking and planning a long table's deck cost most besides its cards."""
    key = (id(cards.kit.data), cards.product, cards.source.file)
    found = _USED.get(key)
    if found is None or found[0] is not cards.kit.data:
        if len(_USED) >= 8:  # a few decks' at a time
            _USED.clear()
        found = _USED[key] = (cards.kit.data, _chosen_layouts(cards))
    return found[1]


_USED: dict = {}


def _chosen_layouts(cards: Deck) -> list[tuple[tuple, dict]]:
    evaluator = Evaluator(cards.kit.templates.env)
    fields = cards.fields()

    def chooses(raw, values: dict):
        bound = binding(raw)
        scope = one_field(bound, values) or {**scope_of(values, fields), "game": cards.game,
                                             "values": cards.game.get("values"), "end": "top"}
        try:
            return evaluator.value(bound, scope)
        except BindingError:
            return None  # the card's own problem, said when it is planned
    return used.layouts(cards.spec, [values for values, _, _ in cards.rows()], chooses)


def _bindings(spec: dict, layouts: list[tuple[tuple, dict]]):
    """(path, raw) for every value of the layouts (and the order) that may be bound to the data."""
    if spec.get("order"):
        yield ("order",), {"field": spec["order"]}
    choosers = [((side,), spec[side]) for side in ("face", "back") if spec.get(side) is not None
                and not (isinstance(spec[side], dict) and "field" not in spec[side])]  # a layout's name, chosen
    sides = choosers + list(layouts)
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


def own_markup(cards: Deck, evaluator: Evaluator, palette, scope) -> list[Problem]:
    """The markup a text layer writes itself (as it is, or around the fields of a `{{ }}` text):
    a mistake in it is the layer's, at its line, once, not each card's."""
    problems = []
    for path, side in _used(cards):
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
                check_markup(str(text), cards.where(*at), palette=palette)
            except PrintkitError as error:
                problems += [p.with_message(f"products.{cards.product}.{dotted(at)}: {p.message}") for p in error.problems]
    once(problems)
    return problems


# --- each card's side, evaluated ---------------------------------------------------------------------

def side(cards: Deck, evaluator: Evaluator, entry: Entry, scope, which: str, problems: list) -> Side | None:
    """The layout `which` side of `entry` has, and each of its layers' values for the card."""
    spec = cards.spec
    chosen = spec.get(which)
    scopes = {"top": scope(entry.values)}
    try:
        path, layout_ = _layout(cards, evaluator, chosen, entry, scopes["top"], which)
    except BindingError as error:
        problems.append(at_card(cards, entry, (which,), str(error)))
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
    if not isinstance(name, str) or name not in layouts:  # an expression may give anything
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
    except BindingError as error:  # at the cell of the field it is about, if it is one (a text met as a number)
        problems.append(at_card(cards, entry, path, str(error), Binding("field", error.field) if error.field else bound))
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
        problems.append(at_card(cards, entry, path, f"text is longer than {inner.max_length} characters", bound))
        return None
    found: list[Problem] = []
    where = field_where(cards, entry, bound)
    checked = inner.read(_node(value, where), (key,), Located(), found)
    for problem in found:
        problems.append(at_card(cards, entry, path, problem.message.split(": ", 1)[-1], bound))
    return None if found else checked


def _node(value, where: Problem) -> Node:
    """A value an expression gave as the YAML node game.yaml would have read it from."""
    if isinstance(value, (list, tuple)):
        value = [_node(item, where) for item in value]
    elif isinstance(value, dict):
        value = {str(key): _node(item, where) for key, item in value.items()}
    return Node(value, where.file, where.line or 0, {key: where.line or 0 for key in value}
                if isinstance(value, dict) else {})


def field_where(cards: Deck, entry: Entry, bound: Binding) -> Problem:
    """Where a bound value came from: the card's field it reads, or the card itself."""
    if bound.kind == "field":
        return cards.kit.where(entry.file, entry.path + (bound.value,))
    return entry.where


def at_card(cards: Deck, entry: Entry, path: tuple, message: str, bound: Binding | None = None) -> Problem:
    """A problem of one card: at its row (or the field a value came from), naming the layer's line."""
    layer = cards.where(*path)
    at = field_where(cards, entry, bound) if bound is not None else entry.where
    shown = f"{layer.file}:{layer.line}" if layer.line else layer.file
    card = f"card {entry.index + 1}" + (f" ('{entry.label}')" if entry.label else "")
    return at.with_message(f"{card}: {dotted(path)}: {message} (see {shown})")


def raise_all(problems: list[Problem]) -> None:
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



class Words:
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


def words_where(words: Words, name: str) -> Problem:
    """Where the template defines a named word (outside the class: every name of a Words is a word)."""
    return words._rendered().where(name)
