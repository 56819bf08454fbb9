"""Which rows of a table each card product takes, when game.yaml is read: a table (a CSV file, a
workbook's sheet) is read once however many products name it; a product's `where` (an expression
over a row's fields, as a layer's `if:` is) takes the rows it is true for, each keeping its own
place (`cards.xlsx:Cards!C14`); and a row that no product takes is a warning naming it, since a
card lost on its way to the printer is the worst mistake a kit can have. A table's column that
says how many of each card to print (`count`, `qty`) is taken for `copies:` when none is written,
in one line saying so."""

from __future__ import annotations

import difflib

from printkit.ground.errors import Problem, PrintkitError
from printkit.load.limits import TemplateLimit
from printkit.declared.bind import BindingError, Evaluator, binding, scope_of
from printkit.declared.cards import COLUMNS, copies_in
from printkit.declared.sources import Cards, SheetError, read_table_cards
from printkit.declared.vocabulary import COPIES

ALSO_NAMED = ("game", "values")  # what a `where` may name besides the table's columns
COUNTS = ("copies", "count", "qty", "quantity")  # a column's name that says how many to print, in any case
# (`copies` as written is the card's own value, read as it is)
MOST_NAMED = 5  # the rows no product takes named one a line before the rest are counted


class Taken:
    """One table and the rows the products that name it take: which were taken, and whether a
    product chose among them (only then is a row no product takes worth a warning)."""

    def __init__(self, table: Cards):
        self.table, self.rows, self.chosen = table, set(), []  # chosen: the products that chose rows
        self.failed = False  # a product's `where` could not choose: which rows are lost is not known


class Tables:
    """The tables of a game's card products (`checks` is printkit/declared/checks.py's Checks)."""

    def __init__(self, checks):
        self.checks = checks
        self._read: dict = {}  # (file, sheet) -> Cards, or the problems of reading it
        self._taken: dict[str, Taken] = {}  # a table's name -> what is taken of it

    def take(self, path: tuple, product: dict) -> bool:
        """The rows of its table a card product takes, in place of the table's name, each located
        at its row and each value at its row (a text file) or its own cell (a workbook)."""
        table = product[path[-1]]
        name, sheet, where = (table, None, None) if isinstance(table, str) else \
            (table["file"], table["sheet"], table["where"])
        named = path if isinstance(table, str) else path + ("file",)
        read = self._table(path, named, name, sheet)
        if read is None:
            return False
        taken = self._taken.setdefault(read.shown, Taken(read))
        rows = self._where(path + ("where",), read, where)
        taken.failed = taken.failed or rows is None
        if rows is None:
            return False
        taken.rows.update(rows)
        if where is not None:
            taken.chosen.append(path[1])
        self._place(path, product, [read.cards[index] for index in rows], read.columns)
        for column, place in read.headings.items():  # a translation's column is named at its heading
            self.checks.located.places[path + ("columns", column)] = place
        return True

    def _table(self, path: tuple, named: tuple, name: str, sheet: str | None) -> Cards | None:
        """The table, read once for every product that names it; None after a problem at `named`."""
        try:
            target = self.checks.inside(name)
        except ValueError as error:
            self.checks.problems.append(self.checks.at(named, f"'{name}' {error}"))
            return None
        key = (str(target), sheet)
        if key not in self._read:
            self._read[key] = self._read_table(target, f"{self.checks.slug}/{name}", sheet)
        found = self._read[key]
        if isinstance(found, Cards):
            return found
        self.checks.problems += self._unread(found, path, named, name)
        return None

    @staticmethod
    def _read_table(target, shown: str, sheet: str | None):
        """The table's cards, or the error that says why it cannot be read."""
        try:
            return read_table_cards(target, shown, sheet)
        except (FileNotFoundError, SheetError, PrintkitError, ValueError) as error:
            return error

    def _unread(self, error: Exception, path: tuple, named: tuple, name: str) -> list[Problem]:
        at = self.checks.at
        if isinstance(error, FileNotFoundError):
            return [at(named, f"CSV file '{name}' is missing")]
        if isinstance(error, SheetError):
            return [at(path + ("sheet",), str(error))]
        return getattr(error, "problems", None) or [at(named, f"'{name}' {error}")]

    def _place(self, path: tuple, product: dict, cards: list, columns: tuple) -> None:
        product[path[-1]] = [card.values for card in cards]
        product[COLUMNS] = list(columns)
        places = self.checks.located.places
        for index, card in enumerate(cards):
            places[path + (index,)] = card.place
            for field, place in card.places.items():
                places[path + (index, field)] = place

    # --- where ----------------------------------------------------------------------------------
    def _where(self, path: tuple, table: Cards, where) -> list[int] | None:
        """The rows `where` is true for (every row without one); None after a problem."""
        if where is None or where is True:
            return list(range(len(table.cards)))
        rows = [] if where is False else self._true_for(path, table, binding(where))
        if rows is None:
            return None
        if not rows:
            self.checks.problems.append(self.checks.at(path, f"takes none of the {len(table.cards)} rows of "
                                                             f"{table.shown}: the product would print no card"))
            return None
        return rows

    def _true_for(self, path: tuple, table: Cards, bound) -> list[int] | None:
        unknown = self._unknown(bound, table)
        if unknown:
            self.checks.problems.append(self.checks.at(path, unknown))
            return None
        evaluator, game, columns = Evaluator(_sandbox()), self.checks.data, set(table.columns)
        rows, problems = [], []
        try:
            with evaluator.base.running():
                for index, card in enumerate(table.cards):
                    scope = {**scope_of(card.values, columns), "game": game, "values": game.get("values")}
                    if self._row_taken(path, card, bound, evaluator, scope, problems):
                        rows.append(index)
        except TemplateLimit as error:
            problems = [self.checks.at(path, str(error))]
        self.checks.problems += _counted(problems, table.shown)
        return None if problems else rows

    def _row_taken(self, path: tuple, card, bound, evaluator: Evaluator, scope: dict, problems: list) -> bool:
        """Whether `where` is true for one row: true or false, or none (an empty field's, which is
        false as in a layer's `if:`); anything else is a problem at the row's cell it reads."""
        try:
            value = evaluator.value(bound, scope)
        except BindingError as error:
            problems.append(self._at_row(path, card, bound, str(error)))
            return False
        if value is None or isinstance(value, bool):
            return bool(value)
        problems.append(self._at_row(path, card, bound, f"gives {value!r}, not true or false: compare it with "
                                                        f"something, as in `type == 'ship'`"))
        return False

    def _at_row(self, path: tuple, card, bound, message: str) -> Problem:
        read = [name for name in sorted(bound.names()) if name in card.places]
        file, line = card.places[read[0]] if read else card.place
        see = self.checks.at(path, "")
        label = _label(card.values)
        return Problem(file, line, f"{label and f'card {label}: '}{'.'.join(map(str, path))}: {message} "
                                   f"(see {see.file}:{see.line})")

    def _unknown(self, bound, table: Cards) -> str | None:
        """A name `where` reads that is no column of the table (nor the game's content)."""
        for name in sorted(bound.names()):
            if name in table.columns or name in ALSO_NAMED:
                continue
            close = difflib.get_close_matches(name, table.columns, n=1)
            hint = f"did you mean '{close[0]}'?" if close else "its columns: " + ", ".join(table.columns)
            return f"{table.shown} has no column '{name}' ({hint})"
        return None

    # --- rows no product takes ------------------------------------------------------------------
    def untaken(self) -> list[Problem]:
        """A warning for each row of a table some product chose rows of that no product takes."""
        warnings = []
        for taken in self._taken.values():
            if not taken.chosen or taken.failed:
                continue
            left = [card for index, card in enumerate(taken.table.cards) if index not in taken.rows]
            products = _listed(sorted(set(taken.chosen)))
            for card in left[:MOST_NAMED]:
                label = _label(card.values)
                warnings.append(Problem(*card.place, f"no product takes this row{label and f' ({label})'}: "
                                                     f"the `where` of {products} is false for it; the card is "
                                                     f"printed nowhere"))
            if len(left) > MOST_NAMED:
                warnings.append(Problem(taken.table.shown, None, f"... and {len(left) - MOST_NAMED} more rows no "
                                                                 f"product takes"))
        return warnings


# --- copies from a column ---------------------------------------------------------------------------

def counted(checks, path: tuple, product: dict, cards: list[dict]) -> None:
    """A deck with no `copies:` whose cards have a column named as a count (`count`, `qty`) prints
    as many of each card as it says, in one line saying so; when a card's count is not a number
    of copies, one of each, in one line saying why."""
    if product.get(COPIES) is not None or any(COPIES in values for values in cards):
        return
    columns = product.get(COLUMNS) or sorted({field for values in cards for field in values})
    name = next((column for column in columns if column.lower() in COUNTS and column != COPIES), None)
    if name is None:
        return
    one = "token" if product["kind"] == "tokens" else "card"
    wrong = next(((index, values.get(name)) for index, values in enumerate(cards)
                  if copies_in(values.get(name)) is None), None)
    if wrong is None:
        product[COPIES] = {"field": name, "map": None, "default": None}
        checks.located.places[path + (COPIES,)] = checks.located.places[path]
        checks.warnings.append(checks.at(path, f"prints as many copies of each {one} as its column '{name}' says "
                                               f"(write `copies: 1` to print one of each)"))
        return
    index, value = wrong
    shown = "empty" if value is None else f"'{value}'"
    checks.warnings.append(checks.at(path, f"its column '{name}' looks like how many copies to print, but {one} "
                                           f"{index + 1}'s is {shown}: one of each is printed (write `copies: "
                                           f"{{field: {name}, default: 1}}` to print as many as it says)"))


def _counted(problems: list[Problem], shown: str) -> list[Problem]:
    """A `where`'s problems for the first few rows, then how many more rows had one."""
    if len(problems) <= MOST_NAMED:
        return problems
    return problems[:MOST_NAMED] + [Problem(shown, None, f"... and {len(problems) - MOST_NAMED} more rows with a "
                                                         f"problem of this `where`")]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _label(values: dict) -> str:
    """A row as a designer knows it: its name, title or id."""
    named = next((values[key] for key in ("name", "title", "id") if values.get(key)), None)
    return f"'{named}'" if named else ""


def _sandbox():
    from pathlib import Path

    from printkit.load.sandbox import Sandbox

    return Sandbox(Path("."), "templates")
