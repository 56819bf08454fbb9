"""The YAML a game with no Python is written in: its products (a deck, tokens, a score sheet, a
rules document), each card's fields, a face of named boxes in millimetres on the card, a back,
colours and fonts. Only the shape of each value is checked here; what one value says about another
(a box off its card, a field no card has, an image that is missing) is `checks.py`'s."""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.load import Bool, Choice, Int, ListOf, Number, Record, Str
from printkit.load.schema import INVALID, Spec, _describe, dotted

# Card sizes by name, width x height in millimetres (PRINT.md's, as the trade rounds them).
CARD_SIZES = {"poker": (63.5, 88.9), "bridge": (57.2, 88.9), "tarot": (70.0, 120.0), "mini": (44.5, 63.5),
              "square": (70.0, 70.0)}
NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*$")  # a product, a colour or a font: a file-name-like word
FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")  # a card's field, as a CSV column heading names it
COPIES = "copies"  # the field that says how many of a card to print


@dataclass
class MapOf(Spec):
    """A mapping whose keys are the designer's own names (`what` says what they name)."""

    value: Spec
    what: str
    pattern: re.Pattern = NAME
    max_items: int = 60

    def read(self, node, path, located, problems):
        located.places.setdefault(path, (node.file, node.line))
        if not isinstance(node.value, dict):
            return self.wrong_type(node, path, problems, "a mapping of names")
        if not 1 <= len(node.value) <= self.max_items:
            problems.append(node.problem(f"{dotted(path)}: expected 1 to {self.max_items} {self.what}s"))
            return INVALID
        result = {}
        for key, child in node.value.items():
            located.places[path + (key,)] = (node.file, node.key_lines[key])
            if not self.pattern.match(key):
                problems.append(node.problem(f"{dotted(path)}: '{key}' cannot name a {self.what} "
                                             f"({self._rule()})", key))
                result[key] = INVALID
                continue
            result[key] = self.value.read(child, path + (key,), located, problems)
        return INVALID if any(value is INVALID for value in result.values()) else result

    def _rule(self) -> str:
        return "letters, digits and _, not starting with a digit" if self.pattern is FIELD else \
            "lower-case letters and digits, with - between words"


@dataclass
class ByType(Spec):
    """A value that may be written more than one way: a spec for each YAML type (str, int, list,
    dict), and what the whole may be, for the message when it is none of them."""

    specs: dict[type, Spec]
    expected: str

    def read(self, node, path, located, problems):
        spec = self.specs.get(type(node.value))
        if spec is None:
            located.places.setdefault(path, (node.file, node.line))
            return self.wrong_type(node, path, problems, self.expected)
        return spec.read(node, path, located, problems)


@dataclass
class Kinds(Spec):
    """A mapping whose `kind` says which of `kinds` (each a Record, with `kind` among its keys) it is."""

    kinds: dict[str, Record]
    what: str

    def read(self, node, path, located, problems):
        located.places.setdefault(path, (node.file, node.line))
        if not isinstance(node.value, dict):
            return self.wrong_type(node, path, problems, "a mapping of keys")
        if "kind" not in node.value:
            problems.append(node.problem(f"{dotted(path)}: missing key 'kind' (the kind of {self.what}: "
                                         f"{', '.join(self.kinds)})"))
            return INVALID
        kind = Choice(tuple(self.kinds)).read(node.value["kind"], path + ("kind",), located, problems)
        if kind is INVALID:
            return INVALID
        return self.kinds[kind].read(node, path, located, problems)


class Scalar(Spec):
    """A card's value: text or a number, kept as the text printed."""

    def check(self, node, path, problems):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            return self.wrong_type(node, path, problems, "text or a number")
        text = node.text if isinstance(value, float) and node.text else str(value)
        if len(text) > 1000:
            problems.append(node.problem(f"{dotted(path)}: text is longer than 1000 characters"))
            return INVALID
        return Str().check(node, path, problems) if isinstance(value, str) and value.strip() else text.strip()


class Anything(Spec):
    """The designer's own values for the templates: text, numbers, true/false, lists, mappings."""

    def read(self, node, path, located, problems):
        located.places.setdefault(path, (node.file, node.line))
        if isinstance(node.value, dict):
            return {key: self.read(child, path + (key,), located, problems) for key, child in node.value.items()}
        if isinstance(node.value, list):
            return [self.read(child, path + (i,), located, problems) for i, child in enumerate(node.value)]
        if node.value is None or isinstance(node.value, (str, int, float, bool)):
            return node.value
        problems.append(node.problem(f"{dotted(path)}: expected text, a number, a list or a mapping, "
                                     f"got {_describe(node.value)}"))
        return INVALID


MM = Number(0.0, 300.0)
PLACE = {"x": MM, "y": MM, "width": Number(1.0, 300.0), "height": Number(1.0, 300.0)}
TEXT = Str(max_length=1000)
LOOK = {"colour": Str(max_length=40), "fill": Str(max_length=40)}
ALIGN = Choice(("left", "centre", "right"))
VALIGN = Choice(("top", "middle", "bottom"))

BOXES = Kinds({
    "text": Record({"kind": Choice(("text",)), **PLACE},
                   {"field": Str(100), "text": TEXT, "size": Number(4.0, 72.0), "bold": Bool(),
                    "align": ALIGN, "valign": VALIGN, "font": Str(40), **LOOK}),
    "number": Record({"kind": Choice(("number",)), **PLACE, "field": Str(100)},
                     {"corners": Bool(), "font": Str(40), **LOOK}),
    "symbol": Record({"kind": Choice(("symbol",)), **PLACE},
                     {"field": Str(100), "symbol": Str(8), "symbols": MapOf(Str(8), "value", re.compile(".")),
                      "colours": MapOf(Str(40), "value", re.compile(".")), "corners": Bool(), "font": Str(40),
                      **LOOK}),
    "image": Record({"kind": Choice(("image",)), **PLACE},
                    {"field": Str(100), "file": Str(300), "fit": Choice(("contain", "stretch"))}),
}, "box")

FACE = Record({"boxes": MapOf(BOXES, "box")}, {"background": Str(40), "frame": Bool()})
BACK = Record({}, {"words": TEXT, "image": Str(300), "background": Str(40), "pattern": Bool(),
                   "colour": Str(40), "font": Str(40)})
CARD = MapOf(Scalar(), "field", FIELD, max_items=40)
TABLE = Record({"file": Str(300)}, {"sheet": Str(100)})  # a CSV file, or a workbook and its sheet
CARDS = ByType({str: Str(300), dict: TABLE, list: ListOf(CARD, 1, 500)},
               "a list of cards, or a table's file (CSV, TSV, .xlsx, .ods)")
SIZE = ByType({str: Choice(tuple(CARD_SIZES)), list: ListOf(Number(10.0, 300.0), 2, 2)},
              "a card size (" + ", ".join(CARD_SIZES) + ") or [width, height] in mm")
ABOUT = {"about": Str(200)}

DECK = Record({"kind": Choice(("deck",)), "size": SIZE, "cards": CARDS, "face": FACE},
              {"back": BACK, COPIES: Int(1, 99), **ABOUT})
TOKENS = Record({"kind": Choice(("tokens",)), "shape": Choice(("round", "square")), "size": Number(10.0, 150.0),
                 "tokens": CARDS, "face": FACE}, {"back": BACK, COPIES: Int(1, 99), **ABOUT})
COLUMN = ByType({str: Str(80), dict: Record({"heading": Str(80)}, {"width": Number(5.0, 250.0)})},
                "a column heading, or a mapping with its heading and width")
SCORE_SHEET = Record({"kind": Choice(("score-sheet",)), "title": Str(120), "columns": ListOf(COLUMN, 1, 30),
                      "rows": ByType({int: Int(1, 80), list: ListOf(Str(80), 1, 80)},
                                     "a number of rows, or a list of their labels")},
                     {"note": TEXT, "row_height": Number(5.0, 40.0), "landscape": Bool(), **ABOUT})
RULES = Record({"kind": Choice(("rules",))}, {"template": Str(60), "title": Str(80), **ABOUT})
PRODUCTS = MapOf(Kinds({"deck": DECK, "tokens": TOKENS, "score-sheet": SCORE_SHEET, "rules": RULES}, "product"),
                 "product", max_items=20)

GAME_FILE = Record({"title": Str(max_length=80), "products": PRODUCTS},
                   {"colours": MapOf(Str(40), "colour"), "fonts": MapOf(Str(300), "font"), "values": Anything()})
