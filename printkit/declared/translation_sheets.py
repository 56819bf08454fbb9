"""A translator's sheet: a deck's cards keyed by their id (the deck's `id:`, `beacon {{ number }}`),
one row a card, a column a field, kept apart from the source's data. A deck names its sheets in
game.yaml as `translations: {de: translations/de.csv}` (a sheet a language, its columns `id,name,text`)
or `translations: translations.csv` (one sheet for all, its columns `id,name.de,text.de,name.fr`); CSV,
TSV, .xlsx or .ods, read as the deck's own table is (bounded, within the game's folder). Each cell
becomes the card's FIELD.LANG, located at its cell: printkit/declared/languages.py takes it from there
(a text that does not fit is an error at `translations/de.csv:4`, naming the language; a blank cell
or a card with no row falls back to the source, in the language's one warning). A cell a FIELD.LANG
column of the deck's own data gives too is refused: two translators' words, and no telling which is
meant. Every other fault is one line at its row or heading: an id no card has, an id twice, a column
no field has, a language game.yaml does not list."""

from __future__ import annotations

import difflib

from printkit.ground.errors import Problem
from printkit.load.schema import INVALID, Spec, Str, dotted
from printkit.declared.bind import BindingError, Evaluator, binding, scope_of
from printkit.declared.languages import FORMS, LANGUAGE, Language, language_of, named_language

__all__ = ["Language", "Sheets", "merge"]  # Language: game.yaml's `languages`, read beside the sheets

KEY = "translations"  # a card product's key naming its translation sheets
ID = "id"  # the sheet's column of card ids
FILE = Str(300)


class Sheets(Spec):
    """A deck's translation sheets: one file (FIELD.LANG columns) or a language -> its file."""

    def read(self, node, path, located, problems):
        located.places.setdefault(path, (node.file, node.line))
        if isinstance(node.value, str):
            return FILE.read(node, path, located, problems)
        if not isinstance(node.value, dict) or not 1 <= len(node.value) <= 12:
            return self.wrong_type(node, path, problems, "a translation sheet's file, or each language's: "
                                                         "{de: translations/de.csv}")
        result = {}
        for key, child in node.value.items():
            located.places[path + (key,)] = (node.file, node.key_lines[key])
            if not isinstance(key, str) or not LANGUAGE.match(key):
                problems.append(node.problem(f"{dotted(path)}: '{key}' is not a language's code ({FORMS})", key))
                result[key] = INVALID
                continue
            result[key] = FILE.read(child, path + (key,), located, problems)
        return INVALID if INVALID in result.values() else result


def merge(checks, path: tuple, product: dict) -> bool:
    """The words of a deck's translation sheets put in its cards (`product[path[-1]]`) as FIELD.LANG,
    each located at its cell; problems to `checks.problems`. Whether every sheet was taken whole."""
    named = product.get(KEY)
    if not named:
        return True
    cards, at, before = product[path[-1]], path[:-1] + (KEY,), len(checks.problems)
    if not isinstance(cards, list):  # cards made from the game's content, for each of its items
        checks.problems.append(checks.at(at, f"the cards of `{path[-1]}: {{each: ...}}` are the game's content's: "
                                             f"translate its words there, a translation sheet takes a table's cards"))
        return False
    ids = _ids(checks, path, product, cards)
    if ids is None:
        return False
    fields = {key for key in (product.get("columns") or ()) if "." not in key} | \
             {key for card in cards for key in card if "." not in key}
    sheets = [(None, named, at)] if isinstance(named, str) else \
        [(language, file, at + (language,)) for language, file in named.items()]
    for language, file, where in sheets:
        table = checks.tables._table(where, where, file, None)
        if table is not None:
            Sheet(checks, path, cards, ids, fields, language, where).merge(table)
    return len(checks.problems) == before


class Sheet:
    """One translation sheet merged into a deck's cards."""

    def __init__(self, checks, path: tuple, cards: list, ids: dict, fields: set, language: str | None, at: tuple):
        self.checks, self.path, self.cards, self.ids, self.fields = checks, path, cards, ids, fields
        self.language, self.at = language, at
        self.languages = language_of(checks.data)

    def merge(self, table) -> None:
        problems = self.checks.problems
        if self.language is not None and self.language not in self.languages:
            problems.append(self.checks.at(self.at, f"a sheet of {named_language(self.language)} words, but "
                                                    f"{self._listed(self.language)}"))
            return
        if self.language is not None and self.language == self.languages[0]:
            problems.append(self.checks.at(self.at, self._source(self.language)))
            return
        if ID not in table.columns:
            problems.append(Problem(table.shown, 1, f"{table.shown.rsplit('/', 1)[-1]} has no column '{ID}': a "
                                                    f"translation sheet finds each card by its id, in a column '{ID}'"))
            return
        columns = self._columns(table)
        if columns is None:
            return
        seen: dict[str, object] = {}
        for row in table.cards:
            index = self._card(row, seen)
            if index is not None:
                self._cells(row, index, columns)

    def _columns(self, table) -> dict[str, str] | None:
        """Each heading -> the FIELD.LANG it gives; None after a problem at a heading."""
        columns, problems = {}, []
        for heading in (column for column in table.columns if column and column != ID):
            field, _, language = heading.partition(".")
            language = language or self.language
            place = table.headings.get(heading, (table.shown, 1))
            if field not in self.fields:
                close = difflib.get_close_matches(field, sorted(self.fields), n=1)
                hint = f"did you mean '{close[0]}'?" if close else "its fields: " + ", ".join(sorted(self.fields))
                problems.append(Problem(*place, f"column '{heading}': the cards have no field '{field}' ({hint})"))
            elif language is None:
                problems.append(Problem(*place, f"column '{heading}': in which language? Name it '{field}.LANG' "
                                                f"('{field}.{(self.languages or ('de',))[-1]}')"))
            elif self.language is not None and language != self.language:
                problems.append(Problem(*place, f"column '{heading}': a sheet of {named_language(self.language)} "
                                                f"words has {named_language(self.language)} columns ('{field}')"))
            elif self.languages and language == self.languages[0]:
                problems.append(Problem(*place, f"column '{heading}': {self._source(language)}"))
            elif language not in self.languages:
                problems.append(Problem(*place, f"column '{heading}': the words of '{field}' in "
                                                f"{named_language(language)}, but {self._listed(language)}"))
            else:
                columns[heading] = f"{field}.{language}"
        self.checks.problems += problems
        return None if problems else columns

    def _card(self, row, seen: dict) -> int | None:
        """The index of the card a row is of; None (and a problem at the row) when there is none."""
        name = row.values.get(ID, "").strip()
        problems = self.checks.problems
        if not name:
            if any(key != ID for key in row.values):
                problems.append(Problem(*row.place, f"this row has no '{ID}': which card are its words of?"))
            return None
        if name in seen:
            first = f"line {seen[name][1]}" if seen[name][1] is not None else seen[name][0]
            problems.append(Problem(*row.place, f"'{name}' has a row already, at {first}: keep one row a card"))
            return None
        seen[name] = row.place
        found = self.ids.get(name)
        if found is None:
            close = difflib.get_close_matches(name, list(self.ids), n=1, cutoff=0)
            problems.append(Problem(*row.place, f"no card's id is '{name}'" +
                                    (f" (the nearest: '{close[0]}')" if close else "")))
            return None
        if len(found) > 1:
            lines = ", ".join(_shown(self.checks.located.places.get(self.path + (index,))) for index in found)
            problems.append(Problem(*row.place, f"'{name}' is the id of {len(found)} cards ({lines}): give each "
                                                f"card an id of its own (the deck's `id:`)"))
            return None
        return found[0]

    def _cells(self, row, index: int, columns: dict) -> None:
        card, places = self.cards[index], self.checks.located.places
        at = self.path + (index,)
        for heading, key in columns.items():
            if heading not in row.values:  # blank: the source's words, listed at this row
                places.setdefault(at + (key,), row.place)
                continue
            if key in card:
                self.checks.problems.append(Problem(*row.places[heading], f"'{key}' of '{row.values[ID].strip()}' "
                                                    f"is given twice, here and at {_shown(places.get(at + (key,)))}: "
                                                    f"keep one"))
                continue
            card[key] = row.values[heading]
            places[at + (key,)] = row.places[heading]

    def _source(self, language: str) -> str:
        return (f"{named_language(language)} is the cards' own language (the first of game.yaml's `languages`): "
                f"its words are the cards' own (the deck's `{self.path[-1]}`)")

    def _listed(self, language: str) -> str:
        if self.languages:
            return f"game.yaml's `languages` ({', '.join(self.languages)}) does not list '{language}'"
        return f"game.yaml lists no `languages` (write `languages: [en, {language}]`, the first the cards' own)"


def _ids(checks, path: tuple, product: dict, cards: list) -> dict[str, list[int]] | None:
    """Each card's id (the deck's `id:`, else its own `id` field) -> the cards that have it."""
    key = product.get("id")
    if key is None and not all(card.get(ID) for card in cards):
        checks.problems.append(checks.at(path[:-1] + (KEY,), "a translation sheet finds each card by its id: "
                                         "give the deck an `id:` (a field, or a text of its fields: "
                                         "`card {{ number }}`)"))
        return None
    ids: dict[str, list[int]] = {}
    bound = binding(key) if key is not None else None
    if bound is not None and bound.kind == "literal":
        bound = binding({"field": key})
    evaluator = Evaluator(_sandbox())
    columns = set(product.get("columns") or ()) | {field for card in cards for field in card}
    try:
        with evaluator.base.running():
            for index, card in enumerate(cards):
                name = card[ID] if bound is None else evaluator.value(bound, scope_of(card, columns))
                ids.setdefault(str(name if name is not None else "").strip(), []).append(index)
    except BindingError:
        return None  # the deck's `id` is said wrong where its cards are made (printkit/declared/cards.py)
    return ids


def _shown(place) -> str:
    if place is None:
        return "?"
    return f"{place[0]}:{place[1]}" if place[1] is not None else place[0]


def _sandbox():
    from pathlib import Path

    from printkit.load.sandbox import Sandbox

    return Sandbox(Path("."), "templates")
