"""The YAML a game's cards are declared in: its products (a deck, tokens, a score sheet, a rules
document), each card's fields, and how a card looks: layouts of layers drawn bottom to top, in
millimetres from the card's top-left corner (or from any edge, or in percentages of the card:
printkit/declared/place.py), any property bound to the card's data
(printkit/declared/bind.py). A deck may have several named layouts, each card's chosen by its
data, and the game may have layouts every product names (`layouts:` at the top); a layout may
extend another and change only what differs (printkit/declared/layouts.py merges them before
they are read here). Only the shape of each value is checked here; what one
value says about another (a layer off its card, a field no card has, an image that is missing)
is `checks.py`'s, and what a value bound to the data gives for each card is checked when the
deck is planned, before anything is drawn."""

from __future__ import annotations

import contextvars
import difflib
import re
from dataclasses import dataclass

from printkit.load import Bool, Choice, Int, ListOf, Number, Record, Str
from printkit.load.schema import INVALID, Spec, describe, dotted
from printkit.load.tables import MAX_CARDS  # a list of cards in YAML as long as a table
from printkit.declared.bind import EXPRESSION, syntax_error
from printkit.declared.layout import CARD_SIZES, SIZE_NAMES
from printkit.declared.translation_sheets import Language, Sheets
from printkit.declared.boxes import Boxed, Measure
from printkit.declared.layouts import merged_product, once

# \Z, not $: a name matches whole ("deck\n" is no product's name, and no file's)
NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")  # a product, a colour or a font: a file-name-like word
FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")  # a card's field, as a CSV column heading names it
WORDS = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?)?\Z")  # a field, or its translation: text.de
LAYER = re.compile(r"[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*\Z")  # a layer's or a layout's name
# The files printkit writes itself in a game's output folder: no product may be named after them.
OWN_FILES = {"print-guide": "the print guide is print-guide.pdf",
             "errata": "`printkit errata` writes errata.pdf",
             "booklet-export": "`printkit booklet` writes booklet-export.pdf"}
ANY = re.compile(".")
COPIES = "copies"  # the field that says how many of a card to print
REACH = 20.0  # mm a layer may reach past the trim: into any bleed (at most 6 mm), clipped there


@dataclass
class MapOf(Spec):
    """A mapping whose keys are the designer's own names (`what` says what they name)."""

    value: Spec
    what: str
    pattern: re.Pattern = NAME
    max_items: int = 60
    min_items: int = 1
    reserved: dict | None = None  # names that are printkit's own -> why
    max_length: int = 100  # characters: a product's name names its files, and prints in the print guide

    def read(self, node, path, located, problems):
        located.places.setdefault(path, (node.file, node.line))
        if not isinstance(node.value, dict):
            return self.wrong_type(node, path, problems, "a mapping of names")
        if not self.min_items <= len(node.value) <= self.max_items:
            problems.append(node.problem(f"{dotted(path)}: expected {self.min_items} to {self.max_items} {self.what}s"))
            return INVALID
        result = {}
        for key, child in node.value.items():
            located.places[path + (key,)] = (node.file, node.key_lines[key])
            if isinstance(key, str) and len(key) > self.max_length:
                problems.append(node.problem(f"{dotted(path)}: '{key[:30]}...' ({len(key):,} characters) cannot name "
                                             f"a {self.what} (at most {self.max_length})", key))
                result[key] = INVALID
                continue
            if not self.pattern.match(key):
                article = "an" if self.what[:1] in "aeiou" else "a"
                problems.append(node.problem(f"{dotted(path)}: '{key}' cannot name {article} {self.what} "
                                             f"({self._rule()})", key))
                result[key] = INVALID
                continue
            if key in (self.reserved or {}):
                problems.append(node.problem(f"{dotted(path)}: '{key}' cannot name a {self.what}: printkit's own "
                                             f"file has that name in the game's output folder ({self.reserved[key]})", key))
                result[key] = INVALID
                continue
            result[key] = self.value.read(child, path + (key,), located, problems)
        return INVALID if any(value is INVALID for value in result.values()) else result

    def _rule(self) -> str:
        if self.pattern in (FIELD, WORDS):  # WORDS: `text.de`, a field's German words, too
            return "letters, digits and _, not starting with a digit" + ("; .LANG after it" if self.pattern is WORDS else "")
        if self.pattern is LAYER:
            return "letters, digits, _ and -"
        return "lower-case letters and digits, with - between words"


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
    """A card's value: text, a number or true/false, kept as the text printed (`true`, `false`)."""

    def check(self, node, path, problems):
        value = node.value
        if isinstance(value, bool):
            return "true" if value else "false"
        if not isinstance(value, (str, int, float)):
            return self.wrong_type(node, path, problems, "text, a number, or true or false")
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
                                     f"got {describe(node.value)}"))
        return INVALID


class Expression(Spec):
    """A Jinja expression over the card's fields (a layer's `if`), written with or without `=`,
    or true/false."""

    def check(self, node, path, problems):
        if isinstance(node.value, bool):
            return node.value
        if not isinstance(node.value, str) or not node.value.strip() or len(node.value) > 500:
            return self.wrong_type(node, path, problems, "an expression such as `type == 'spell'` (at most 500 "
                                                         "characters), or true or false")
        source = node.value.strip()
        source = source if source.startswith(EXPRESSION) else EXPRESSION + source
        error = syntax_error(source)
        if error:
            problems.append(node.problem(f"{dotted(path)}: {error}"))
            return INVALID
        return source


@dataclass
class Bound(Spec):
    """A property that may come from the card's data (printkit/declared/bind.py): as written
    (checked as `spec`), a field of the card mapped to values of `spec`, an expression after `=`,
    or a text with fields in double braces."""

    spec: Spec

    def read(self, node, path, located, problems):
        located.places.setdefault(path, (node.file, node.line))
        value = node.value
        if isinstance(value, dict) and "field" in value:
            return self.mapped().read(node, path, located, problems)
        if isinstance(value, str) and (value.startswith(EXPRESSION) or "{{" in value or "{%" in value):
            if len(value) > 1000:
                problems.append(node.problem(f"{dotted(path)}: text is longer than 1000 characters"))
                return INVALID
            error = syntax_error(value)
            if error:
                problems.append(node.problem(f"{dotted(path)}: {error}"))
                return INVALID
            return value.strip()
        return self.spec.read(node, path, located, problems)

    def mapped(self) -> Record:
        """The property as a field of the card mapped to values (`{field: type, map: {...}}`)."""
        return Record({"field": Str(100)}, {"map": MapOf(self.spec, "value", ANY, max_items=200), "default": self.spec})


def bound(**specs) -> dict[str, Bound]:
    return {key: Bound(spec) for key, spec in specs.items()}


MM = Number(-REACH, 300.0 + REACH)
LENGTH = Number(0.1, 300.0 + 2 * REACH)
# Each dimension by two of its three measures, in mm or percent (printkit/declared/boxes.py):
# x, width, right across; y, height, bottom down.
PLACE = bound(x=Measure(MM), y=Measure(MM), width=Measure(LENGTH, True), height=Measure(LENGTH, True),
              right=Measure(MM), bottom=Measure(MM))
TEXT = Str(max_length=1000)
COLOUR = ByType({str: Str(max_length=40), float: Number(0.0, 1.0), int: Number(0.0, 1.0)},
                "a colour: a name such as navy, #rrggbb, or a grey from 0 (black) to 1 (white)")
ALIGN = Choice(("left", "centre", "right"))
VALIGN = Choice(("top", "middle", "bottom"))
FIT = Choice(("contain", "cover", "stretch"))
POINT = ListOf(Number(-REACH, 300.0 + REACH), 2, 2)
GRADIENT = Record({"colours": ListOf(COLOUR, 2, 8)}, {"angle": Number(-360.0, 360.0)})
# In the corners, under a number's corner index, at both ends: as well as in its box, or only there.
class Corners(Spec):
    """true, false, or `only` (in the corners and in no box)."""

    def check(self, node, path, problems):
        if isinstance(node.value, bool) or node.value == "only":
            return node.value
        if isinstance(node.value, str) and difflib.get_close_matches(node.value, ["only"], n=1):
            problems.append(node.problem(f"{dotted(path)}: '{node.value}' is not allowed (did you mean 'only'?)"))
            return INVALID
        shown = f"'{node.value}'" if isinstance(node.value, str) else describe(node.value)
        problems.append(node.problem(f"{dotted(path)}: {shown} is not allowed (expected true, false or only)"))
        return INVALID


CORNERS = Corners()
OVERLAPS = ByType({bool: Bool(), list: ListOf(Str(100), 1, 40)}, "true, or a list of the layers it may overlap")

COMMON = {"if": Expression(), **bound(rotate=Number(-360.0, 360.0), opacity=Number(0.0, 1.0)),
          "ends": Choice(("one", "both")), "under": Str(100), "overlaps": OVERLAPS, "bleed": Bool(),
          "about": Str(200)}
STROKE = bound(stroke=COLOUR, stroke_width=Number(0.05, 10.0), dash=ListOf(Number(0.1, 50.0), 2, 2))
FILLED = {**STROKE, **bound(fill=COLOUR), "gradient": Bound(GRADIENT)}
TYPE = bound(font=Str(40), colour=COLOUR, fill=COLOUR)


def kind(name: str, required: dict, optional: dict) -> Record:
    if required is PLACE:  # a box, written from any two edges of each dimension
        return Boxed({"kind": Choice((name,))}, {**PLACE, **COMMON, **optional})
    return Record({"kind": Choice((name,)), **required}, {**COMMON, **optional})


LAYERS = Kinds({
    "text": kind("text", PLACE, {"field": Str(100), **bound(text=TEXT, size=Number(4.0, 72.0),
                                                            smallest=Number(4.0, 72.0), bold=Bool(), italic=Bool(),
                                                            align=ALIGN, valign=VALIGN, padding=Number(0.0, 20.0)),
                                 "markup": Bool(), "line": Bool(), **TYPE, **STROKE, **bound(radius=Number(0.0, 50.0))}),
    "number": kind("number", PLACE, {"field": Str(100), **bound(text=Str(20), size=Number(4.0, 200.0)),
                                     "corners": Bool(), "underline": Choice(("deck", "any", "never")), **TYPE}),
    "symbol": kind("symbol", {}, {**PLACE, "field": Str(100), **bound(symbol=Str(8)),
                                  "symbols": MapOf(Str(8), "value", ANY), "colours": MapOf(COLOUR, "value", ANY),
                                  "corners": CORNERS, "corner_size": Number(4.0, 72.0), **TYPE}),
    "image": kind("image", PLACE, {"field": Str(100), **bound(file=Str(300), fit=FIT),
                                   "clip": Choice(("box", "ellipse")), **bound(radius=Number(0.0, 50.0))}),
    "rect": kind("rect", PLACE, {**FILLED, **bound(radius=Number(0.0, 50.0)), "corners": CORNERS}),
    "ellipse": kind("ellipse", PLACE, {**FILLED, "corners": CORNERS}),
    "line": kind("line", {"points": ListOf(POINT, 2, 50)}, STROKE),
    "polygon": kind("polygon", {}, {**PLACE, "points": ListOf(POINT, 3, 50), **bound(sides=Int(3, 24)), **FILLED}),
    "star": kind("star", PLACE, {**bound(tips=Int(3, 24), inner=Number(0.1, 0.95)), **FILLED, "corners": CORNERS}),
    "lattice": kind("lattice", {}, {"cells": ListOf(Int(1, 60), 2, 2), **bound(step=Number(1.0, 50.0)),
                                    **STROKE, **bound(fill=COLOUR)}),
}, "layer")
LAYER_KINDS = tuple(LAYERS.kinds)

# A layout: its layers (`boxes` is their older name), a ground, a frame; and, for backs, the
# words on a white panel over printkit's pattern, or an image the size of the card.
LAYOUT = Record({}, {"extends": Str(100), "layers": MapOf(LAYERS, "layer", LAYER, max_items=60, min_items=0),
                     **bound(background=COLOUR), "frame": Bool(), "about": Str(200),
                     **bound(words=TEXT, image=Str(300), colour=COLOUR), "pattern": Bool(), "panel": Bool(),
                     "font": Str(40)})
LAYOUT_KEYS = ("extends", "layers", "boxes", "background", "frame", "words", "image", "colour", "pattern", "panel",
               "font", "about")
CHOOSER = Bound(Str(100))  # a layout's name, or a binding that gives each card's


class Side(Spec):
    """A face or a back: a layout written in place, or which layout, by name or by the card's data."""

    def read(self, node, path, located, problems):
        if isinstance(node.value, dict) and "field" not in node.value:
            return LAYOUT.read(node, path, located, problems)
        if isinstance(node.value, (dict, str)):
            return CHOOSER.read(node, path, located, problems)
        located.places.setdefault(path, (node.file, node.line))
        return self.wrong_type(node, path, problems, "a layout (a mapping with its layers), a layout's name, or "
                                                     "{field: ...} choosing one by the card's data")


SIDE = Side()

CARD = MapOf(Scalar(), "field", WORDS, max_items=40)
TABLE = Record({"file": Str(300)}, {"sheet": Str(100), "where": Expression()})  # a CSV file, or a workbook and its
# sheet; `where` takes the rows it is true for (printkit/declared/rows.py)
EACH = Record({"each": Str(200)}, {"as": Str(100)})  # an item of a list in the game's content
CARDS = ByType({str: Str(300), dict: TABLE, list: ListOf(CARD, 1, MAX_CARDS)},
               "a list of cards, or a table's file (CSV, TSV, .xlsx, .ods)")
SIZE = ByType({str: Choice(SIZE_NAMES), list: ListOf(Number(10.0, 300.0), 2, 2)},
              "a card size (" + ", ".join(CARD_SIZES) + ", each also `landscape`: poker landscape) or "
              "[width, height] in mm")
ABOUT = {"about": Str(200)}
CARD_PRODUCT = {"face": SIDE}
LAYOUTS_OF = MapOf(LAYOUT, "layout", LAYER, max_items=40)  # a deck's own, or the game's (`layouts:` at the top)
# a product's layouts: the game's are in it too
CARD_OPTIONAL = {"back": SIDE, "layouts": MapOf(LAYOUT, "layout", LAYER, max_items=80), COPIES: Bound(Int(0, 999)),
                 "id": Str(200), "order": Str(100), "most": ListOf(Int(1, 20), 2, 2), "fill_sheets": Bool(), "translations": Sheets(), **ABOUT}


class Cards(Spec):
    """A card product's cards: a list, a file's name, {file, sheet} or {each} (from the game's content)."""

    def read(self, node, path, located, problems):
        if isinstance(node.value, dict):
            spec = EACH if "each" in node.value else TABLE
            return spec.read(node, path, located, problems)
        return CARDS.read(node, path, located, problems)


# The game's own layouts (game.yaml's top-level `layouts:`, merged) while its products are read:
# checks.py's GameFile sets them around the read, as each product has them as its own.
GAME_LAYOUTS: contextvars.ContextVar[dict] = contextvars.ContextVar("game_layouts", default={})


class CardProduct(Record):
    """A deck or tokens, read after its layouts are merged with those they extend (its own, or the
    game's)."""

    def read(self, node, path, located, problems):
        start = len(problems)
        if isinstance(node.value, dict):
            merged = merged_product(node, path, problems, GAME_LAYOUTS.get())
            if merged is None:
                located.places.setdefault(path, (node.file, node.line))
                return INVALID
            node = merged
        value = super().read(node, path, located, problems)
        once(problems, start)
        return value


DECK = CardProduct({"kind": Choice(("deck",)), "size": SIZE, "cards": Cards(), **CARD_PRODUCT}, CARD_OPTIONAL)
TOKENS = CardProduct({"kind": Choice(("tokens",)), "shape": Choice(("round", "square")), "size": Number(10.0, 150.0),
                 "tokens": Cards(), **CARD_PRODUCT}, CARD_OPTIONAL)
COLUMN = ByType({str: Str(80), dict: Record({"heading": Str(80)}, {"width": Number(5.0, 250.0)})},
                "a column heading, or a mapping with its heading and width")
SCORE_SHEET = Record({"kind": Choice(("score-sheet",)), "title": Str(120), "columns": ListOf(COLUMN, 1, 30),
                      "rows": ByType({int: Int(1, 80), list: ListOf(Str(80), 1, 80)},
                                     "a number of rows, or a list of their labels")},
                     {"note": TEXT, "row_height": Number(5.0, 40.0), "landscape": Bool(), **ABOUT})
RULES = Record({"kind": Choice(("rules",))}, {"template": Str(60), "title": Str(80), **ABOUT})
PRODUCTS = MapOf(Kinds({"deck": DECK, "tokens": TOKENS, "score-sheet": SCORE_SHEET, "rules": RULES}, "product"),
                 "product", max_items=20, reserved=OWN_FILES, max_length=40)
CARD_PRODUCTS = MapOf(Kinds({"deck": DECK, "tokens": TOKENS}, "product"), "product", max_items=20, reserved=OWN_FILES,
                      max_length=40)

FACES = ("regular", "bold", "italic", "bold_italic")
COLLECTION_FACE = Record({"file": Str(300)}, {"index": Int(0, 63), "face": Str(100)})  # one face of a .ttc
FACE_FILE = ByType({str: Str(300), dict: COLLECTION_FACE}, "a font file, or a face of a collection: {file: X.ttc, "
                                                            "index: 1}")


FAMILY = Record({"regular": FACE_FILE}, {face: FACE_FILE for face in FACES[1:]})  # a font's four faces


@dataclass
class _FontMapping(Spec):
    """A font written as a mapping: one face of a collection when it names a `file`, else a family."""

    def read(self, node, path, located, problems):
        chosen = COLLECTION_FACE if isinstance(node.value, dict) and "file" in node.value else FAMILY
        return chosen.read(node, path, located, problems)


FONT = ByType({str: Str(300), dict: _FontMapping()},
              "a font file (TTF, OTF), a face of a collection ({file: X.ttc, index: 1}), or a family: "
              "{regular: ..., bold: ..., italic: ..., bold_italic: ...}")
ICON = Record({}, {"file": Str(300), "glyph": Str(4), "colour": COLOUR, "font": Str(40)})
LOOKS = {"colours": MapOf(COLOUR, "colour"), "fonts": MapOf(FONT, "font"), "font": Str(40),
         "icons": MapOf(ICON, "icon", LAYER, max_items=200)}

GAME_FILE = Record({"title": Str(max_length=80), "products": PRODUCTS}, {**LOOKS, "values": Anything(),
                                                                        "layouts": LAYOUTS_OF, "languages": ListOf(Language(), 1, 12)})
# A game of printkit's own declares its cards in a file of their own (cards.yaml): its other
# content is its rules model's.
CARDS_FILE = Record({"products": CARD_PRODUCTS}, {**LOOKS, "layouts": LAYOUTS_OF})
