"""A declared deck's cards as its data gives them, before any is drawn: each card's fields, where
it was written (its line, its spreadsheet row, or the game's own content for `each:`), its name
(its `id`, the deck's key field, or its place in the deck), how many copies of it to print (none:
`copies: 0` keeps a card in the data and prints none), in the deck's `order`."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import Problem, PrintkitError
from printkit.declared.bind import BindingError, Evaluator, binding
from printkit.declared.source import Source  # noqa: F401 - named here too
from printkit.declared.vocabulary import COPIES

ID = "id"  # a field that names its card, for errata and the preview
MOST_COPIES = 999


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
        return {field for values, _, _ in self.rows() for field in values} - {COPIES}

    def entries(self, evaluator: Evaluator, scope_of) -> list[Entry]:
        """The cards, in the deck's `order`, each with its name and copies; every problem with
        them at once (a name given twice, a number of copies that is not one)."""
        rows = self.rows()
        problems, entries, names = [], [], {}
        every = self._copies(evaluator, scope_of)
        for index, (values, file, path) in enumerate(rows):
            where = self.kit.where(file, path)
            try:
                name = self._name(evaluator, values, index, scope_of)
                copies = _copies(values, every)
            except BindingError as error:
                problems.append(where.with_message(f"card {index + 1}: {error}"))
                continue
            if name in names:
                problems.append(where.with_message(f"card {index + 1}: the name '{name}' is also card "
                                                   f"{names[name] + 1}'s; each card needs its own"))
            names.setdefault(name, index)
            entries.append(Entry(values, file, path, where, name, copies, index, name != self._placed(index)))
        if problems:
            raise PrintkitError(problems)
        return self._ordered(entries)

    def _copies(self, evaluator: Evaluator, scope_of) -> int:
        raw = self.spec[COPIES]
        if raw is None:
            return 1
        try:
            value = evaluator.value(binding(raw), scope_of({}))
        except BindingError as error:
            raise PrintkitError([self.where(COPIES).with_message(f"products.{self.product}.copies: {error}")]) from None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_COPIES:
            raise PrintkitError([self.where(COPIES).with_message(
                f"products.{self.product}.copies: {value!r} is not a number of copies (0 to {MOST_COPIES})")])
        return value

    def _name(self, evaluator: Evaluator, values: dict, index: int, scope_of) -> str:
        """A card's name: the deck's `id` (a field, or a text of its fields), its own `id` field,
        or its place in the deck."""
        key = self.spec["id"]
        if key is not None:
            bound = binding(key)
            if bound.kind == "literal":
                bound = binding({"field": key})
            name = evaluator.value(bound, scope_of(values))
            if name is None or str(name).strip() == "":
                raise BindingError(f"its `{key}` names no card: give it a value (the deck's `id`)")
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


def _copies(values: dict, every: int) -> int:
    written = values.get(COPIES)
    if written is None:
        return every
    if not (written.isdigit() and int(written) <= MOST_COPIES):
        raise BindingError(f"copies: '{written}' is not a number of copies (0 to {MOST_COPIES})")
    return int(written)


def _text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
