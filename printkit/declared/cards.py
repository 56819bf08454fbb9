"""A declared deck's cards as its data gives them, before any is drawn: each card's fields, where
it was written (its line, its spreadsheet row, or the game's own content for `each:`), its name
(its `id`, the deck's key field, or its place in the deck), how many copies of it to print (its
own `copies` value, else the deck's `copies:`, written as it is or bound to the card's data like
any property; `copies: 0` keeps a card in the data and prints none), in the deck's `order`. A
deck that would print no card at all is a mistake at its line, never an empty PDF."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import Problem, PrintkitError
from printkit.declared.bind import Binding, BindingError, Evaluator, binding, one_field, unknown_name
from printkit.declared.source import Source  # noqa: F401 - named here too
from printkit.declared.vocabulary import COPIES

ID = "id"  # a field that names its card, for errata and the preview
MOST_COPIES = 999
MOST_PRINTED = 100_000  # a product's cards, each card's copies together: as many as a table's rows
COLUMNS = "table columns"  # a product's table's every heading, noted when it is read (no key game.yaml may write)


@dataclass(frozen=True)
class Entry:
    """One card of the data: its fields (text as printed), where it was written (a content file
    and the path of the card in it: each field is located at the path and its name), its name."""

    values: dict
    file: str
    path: tuple
    where: Problem
    name: str
    copies: int
    index: int  # its place in the data, from 0
    named: bool = False  # its name is its own (an id), not its place in the deck

    @property
    def label(self) -> str | None:
        """How a message tells a person which card it is: its name, or a field that names it."""
        return self.name if self.named else self.values.get("name") or self.values.get("title")


class Deck:
    """A card product's declaration in the kit: its spec, its cards, where each was written."""

    def __init__(self, kit, product: str, source: Source):
        self.kit, self.product, self.source = kit, product, source
        self.spec = kit.data[source.stem]["products"][product]
        self.key = "cards" if self.spec["kind"] == "deck" else "tokens"
        self.compiled: dict = {}  # each layer compiled once for the deck (faces.py)

    @property
    def game(self) -> dict:
        """The game's content (game.yaml's data), as expressions name it: `game`."""
        return self.kit.data["game"]

    def where(self, *path) -> Problem:
        return self.kit.where(self.source.file, ("products", self.product) + path)

    def rows(self) -> list[tuple[dict, str, tuple]]:
        """Each card's fields and where it was written (a content file, a path in it), in the
        data's order."""
        cards = self.spec[self.key]
        if isinstance(cards, dict) and "each" in cards:
            return self._each(cards)
        return [(values, self.source.file, ("products", self.product, self.key, index))
                for index, values in enumerate(cards)]

    def _each(self, each: dict) -> list[tuple[dict, str, tuple]]:
        """A card for each item of a list in the game's content: a mapping's keys are its fields;
        a single value is the field `as` names."""
        path = tuple(int(part) if part.isdigit() else part for part in each["each"].split("."))
        items = self.game
        for part in path:
            items = items[part] if isinstance(items, (dict, list)) else None
        if not isinstance(items, list):
            raise PrintkitError([self.where(self.key, "each").with_message(
                f"products.{self.product}.{self.key}.each: '{each['each']}' is not a list in the game's content")])
        field = each["as"] or "value"
        return [({key: _text(value) for key, value in item.items() if value is not None} if isinstance(item, dict)
                 else {field: _text(item)}, "game.yaml", path + (index,))
                for index, item in enumerate(items)]

    def fields(self) -> set[str]:
        """Every field a card has, and every column of the table the cards come from (a column the
        rows this product takes leave empty is still a field: none on each card)."""
        rows = {field for values, _, _ in self.rows() for field in values}
        return (rows | set(self.spec.get(COLUMNS) or ())) - {COPIES}

    def entries(self, evaluator: Evaluator, scope_of) -> list[Entry]:
        """The cards, in the deck's `order`, each with its name and copies; every problem with
        them at once (a name given twice, a number of copies that is not one, no card to print).
        Worked out once for a kit's content: a kit on another paper shares it (a deck planned on
        A4, then on Letter for validate)."""
        key = (id(self.kit.data), self.product, self.source.file)
        found = _ENTRIES.get(key)
        if found is None or found[0] is not self.kit.data:
            if len(_ENTRIES) >= 8:
                _ENTRIES.clear()
            found = _ENTRIES[key] = (self.kit.data, self._entries(evaluator, scope_of))
        return list(found[1])

    def _entries(self, evaluator: Evaluator, scope_of) -> list[Entry]:
        rows = self.rows()
        problems, entries, names = [], [], {}
        every, named = self._copies(evaluator, scope_of), self._named()
        for index, (values, file, path) in enumerate(rows):
            where = self.kit.where(file, path)
            try:
                name = self._name(evaluator, named, values, index, scope_of)
            except BindingError as error:
                problems.append(where.with_message(f"card {index + 1}: {error}"))
                continue
            copies = self._copies_of(evaluator, every, values, (file, path, index), scope_of, problems)
            if name in names:
                problems.append(where.with_message(f"card {index + 1}: the name '{name}' is also card "
                                                   f"{names[name] + 1}'s; each card needs its own"))
            names.setdefault(name, index)
            entries.append(Entry(values, file, path, where, name, copies, index, name != self._placed(index)))
        if problems:
            raise PrintkitError(problems)
        self._printing(entries)
        _not_too_many(self, entries)
        return self._ordered(entries)

    def _copies(self, evaluator: Evaluator, scope_of) -> Binding:
        """The deck's `copies:` (1 when it has none), its names checked once, at its line; one that
        reads no card's field (`= game.copies`) is the same for every card: found once, there too."""
        raw = self.spec[COPIES]
        bound, fields = binding(1 if raw is None else raw), self.fields()
        message = unknown_name(bound, fields)
        if message:
            raise PrintkitError([self.where(COPIES).with_message(f"products.{self.product}.copies: {message}")])
        if bound.constant or bound.names() & fields:
            return bound
        try:
            value = evaluator.value(bound, scope_of({}))
        except BindingError as error:
            raise PrintkitError([self.where(COPIES).with_message(f"products.{self.product}.copies: {error}")]) from None
        if copies_in(value) is None:
            raise PrintkitError([self.where(COPIES).with_message(
                f"products.{self.product}.copies: {value!r} is not {A_COUNT}")])
        return Binding("literal", copies_in(value))

    def _copies_of(self, evaluator: Evaluator, every: Binding, values: dict, at: tuple, scope_of,
                   problems: list) -> int:
        """A card's copies: its own `copies` value, else the deck's for this card. A value that is
        not a number of copies is a problem at the card's cell (or row), naming `copies:`'s line."""
        file, path, index = at
        written = values.get(COPIES)
        if written is not None:
            count = copies_in(written)
            if count is None:
                problems.append(self.kit.where(file, path + (COPIES,)).with_message(
                    f"card {index + 1}: copies: '{written}' is not {A_COUNT}"))
            return count or 0
        try:  # (a deck's `copies:` the same for every card reads none of its fields: no card's names made for it)
            value = every.value if every.kind == "literal" else evaluator.value(every, scope_of(values))
        except BindingError as error:
            problems.append(self._at_card(every, values, at, str(error)))
            return 0
        count = copies_in(value)
        if count is None:
            problems.append(self._at_card(every, values, at, _not_copies(every, value)))
        return count or 0

    def _at_card(self, every: Binding, values: dict, at: tuple, message: str) -> Problem:
        """A problem of the deck's `copies:` for one card: at the field it reads, else the card."""
        file, path, index = at
        where = self.kit.where(file, path + ((every.value,) if every.kind == "field" else ()))
        line = self.where(COPIES)
        label = values.get("name") or values.get("title") or values.get(ID)
        card = f"card {index + 1}" + (f" ('{label}')" if label else "")
        return where.with_message(f"{card}: products.{self.product}.copies: {message} (see {line.file}:{line.line})")

    def _printing(self, entries: list[Entry]) -> None:
        """A deck prints a card at least: one that would print none is a mistake at its `copies:`
        (or its line), not an empty PDF."""
        if any(entry.copies for entry in entries):
            return
        one = "token" if self.key == "tokens" else "card"
        if not entries:
            raise PrintkitError([self.where(self.key).with_message(
                f"products.{self.product}.{self.key}: no {one}s: the product would print no {one}")])
        if self.spec[COPIES] is not None:
            raise PrintkitError([self.where(COPIES).with_message(
                f"products.{self.product}.copies: 0 for each of its {len(entries)} {one}s: the product would "
                f"print no {one}")])
        raise PrintkitError([self.where().with_message(
            f"products.{self.product}: each of its {len(entries)} {one}s has copies 0: the product would print "
            f"no {one}")])

    def _named(self) -> Binding | None:
        """The deck's `id` as a binding (a field's name is that field), None where it has none."""
        key = self.spec["id"]
        if key is None:
            return None
        bound = binding(key)
        return binding({"field": key}) if bound.kind == "literal" else bound

    def _name(self, evaluator: Evaluator, named: Binding | None, values: dict, index: int, scope_of) -> str:
        """A card's name: the deck's `id` (`named`: a field, or a text of its fields), its own `id`
        field, or its place in the deck. A field is read from the card's own values (one_field),
        not from the scope of all its fields an expression needs."""
        if named is not None:
            name = evaluator.value(named, one_field(named, values) or scope_of(values))
            if name is None or str(name).strip() == "":
                raise BindingError(f"its `{self.spec['id']}` names no card: give it a value (the deck's `id`)")
            return str(name).strip()
        if ID in values:
            return values[ID]
        return self._placed(index)

    def _placed(self, index: int) -> str:
        return f"{self.product} {index + 1}"

    def _ordered(self, entries: list[Entry]) -> list[Entry]:
        field = self.spec["order"]
        if field is None:
            return entries
        values = [entry.values.get(field, "") for entry in entries]
        numeric = all(_is_number(value) for value in values)
        return sorted(entries, key=lambda entry: float(entry.values[field]) if numeric
                      else entry.values.get(field, ""))


A_COUNT = f"a number of copies (0 to {MOST_COPIES})"
_ENTRIES: dict = {}  # (id of a kit's content, product, file) -> (the content, its entries)


def copies_in(value) -> int | None:
    """A number of copies as a card's data or a binding gives it (3, 3.0, "3"), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    return value if isinstance(value, int) and 0 <= value <= MOST_COPIES else None


def _not_copies(every: Binding, value) -> str:
    if value is None and every.kind == "field":
        return (f"the card's `{every.value}` is empty: write how many to print (0 prints none), or give "
                f"`copies:` a `default`")
    shown = "none" if value is None else repr(value)
    return f"{shown} is not {A_COUNT}"


def _text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _not_too_many(deck: Deck, entries: list[Entry]) -> None:
    """A product prints at most MOST_PRINTED cards, its copies counted (1,000 cards of 999 copies
    each are a million cards: some 110,000 pages)."""
    printed = sum(entry.copies for entry in entries)
    if printed > MOST_PRINTED:
        where = deck.where(COPIES) if deck.spec[COPIES] is not None else deck.where()
        raise PrintkitError([where.with_message(f"products.{deck.product}: {printed:,} cards to print (each "
                                                f"card's copies together): a product prints at most "
                                                f"{MOST_PRINTED:,}")])
