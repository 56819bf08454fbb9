"""What each key of game.yaml's vocabulary (printkit/declared/vocabulary.py) means, one line a key,
with the default printkit takes where the key is left out: the words of the generated reference
(docs/reference/game-yaml.md) and of the JSON Schema editors read (printkit/cli/reference.py). A key
of the vocabulary with no line here fails tests/test_reference.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.declared import vocabulary as v
from printkit.load.schema import Record, Str


@dataclass
class Section:
    """A mapping of the vocabulary (`record`), its heading and anchor in the reference, a sentence on
    what it is, and each key's meaning: "meaning", or ("meaning", "default")."""

    record: Record
    anchor: str
    title: str
    text: str
    keys: dict = field(default_factory=dict)

    def meaning(self, key: str) -> str:
        said = self.keys.get(key, "")
        return said[0] if isinstance(said, tuple) else said

    def default(self, key: str) -> str:
        said = self.keys.get(key)
        return said[1] if isinstance(said, tuple) else ""


BINDING_RECORD = v.Bound(Str(100)).mapped()
SECTIONS: list[Section] = []
BINDING = Section(BINDING_RECORD, "binding", "binding", "")

# What every layer takes, whatever its kind.
PLACED = {
    "x": "its box's left edge, from the card's left edge", "y": "its box's top edge, from the card's top edge",
    "width": "its box's width", "height": "its box's height",
    "right": "its box's right edge, from the card's right edge (instead of `x` or `width`)",
    "bottom": "its box's bottom edge, from the card's bottom edge (instead of `y` or `height`)",
}
EVERY_LAYER = {
    "kind": "what the layer draws",
    "if": ("the layer is drawn only on the cards this expression is true for", "always drawn"),
    "rotate": ("degrees the layer is turned about its box's centre, clockwise", "0"),
    "opacity": ("how opaque the layer is, from 0 (not seen) to 1", "1"),
    "ends": ("`both`: drawn again at the card's other end, turned half round, as a corner index is", "one"),
    "under": ("the name of the layer this one is drawn just under (else on top of those before it)", ""),
    "overlaps": ("`true`, or the layers this one may overlap without the layout lint saying so", ""),
    "bleed": ("`true`: the layer runs past the trim into the bleed, as art to the edge does", "false"),
    "about": "a note of your own on the layer, for whoever reads the file",
}
STROKED = {"stroke": ("the colour of its outline", "none"), "stroke_width": ("its outline's width in mm", "0.25"),
           "dash": "its outline dashed: [dash, gap] in mm"}
FILLED = {**STROKED, "fill": ("the colour it is filled with", "none"),
          "gradient": "a gradient it is filled with instead: its colours and angle"}
TYPED = {"font": ("the font's name (under `fonts:`, or printkit's own)", "the game's `font`"),
         "colour": ("the colour of its characters", "black"), "fill": ("the colour its box is filled with", "none")}
SHOWN = {"field": "the card's field the layer shows (instead of the same on every card)"}
CORNERS = "`true`: drawn small in the card's corners as well, under the corner index; `only`: only there"


def layer(kind: str, text: str, keys: dict) -> Section:
    """A layer kind's section: the shared meanings of the keys it has, and its own."""
    record = v.LAYERS.kinds[kind]
    has = {**record.fields, **record.optional}
    return Section(record, f"layer-{kind}", f"layer: kind {kind}", text,
                   {key: said for key, said in {**EVERY_LAYER, **PLACED, **keys}.items() if key in has})


LAYER_SECTIONS = [
    layer("text", "Words fitted to the box, from `size` down to `smallest`.", {
        **SHOWN, **TYPED, **STROKED,
        "text": "the words, the same on every card (fields in double braces: `{{ name }}`)",
        "size": ("the largest size of its type, in points", "9.5"),
        "smallest": ("the smallest size it may shrink to, to fit the box, in points", "7"),
        "bold": ("bold type", "false"), "italic": ("italic type", "false"),
        "align": ("how its lines are aligned across the box", "centre"),
        "valign": ("where its lines sit in the box, top to bottom", "middle"),
        "padding": ("mm between the box's edge and the words", "1 with a fill or stroke, else 0"),
        "markup": ("`false`: the words as written, with no tags, icons or emphasis read in them", "true"),
        "line": ("`true`: one line, never wrapped", "false"),
        "radius": ("the radius of its box's corners, in mm", "0")}),
    layer("number", "A number as tall as the box allows, underlined where it reads as another upside down "
                    "(6, 9), its corner index top-left and turned bottom-right.", {
        **SHOWN, **TYPED, "text": "the number, the same on every card",
        "size": ("its size in points", "as tall as the box"),
        "corners": ("`false`: no corner index", "true"),
        "underline": ("`deck`: underlined where another card of the deck reads as it upside down; `any`: "
                      "wherever it reads as a number upside down; `never`", "deck")}),
    layer("symbol", "A character, or one for each of the field's values.", {
        **SHOWN, **TYPED, "symbol": "the character, the same on every card",
        "symbols": "the character for each value of the field", "colours": "the colour for each value of the field",
        "corners": (CORNERS, "false"), "corner_size": ("its size in the corners, in points", "")}),
    layer("image", "A PNG, JPEG or SVG file in the box.", {
        **SHOWN, "file": "the image file, the same on every card (beside game.yaml)",
        "fit": ("`contain`: all of it in the box; `cover`: the box filled, the rest cut off; `stretch`", "contain"),
        "clip": ("the image cut to the box, or to the ellipse in it", ""),
        "radius": ("the radius of its corners, in mm", "0")}),
    layer("rect", "A rectangle, the box.", {**FILLED, "radius": ("the radius of its corners, in mm", "0"),
                                            "corners": (CORNERS, "false")}),
    layer("ellipse", "An ellipse in the box.", {**FILLED, "corners": (CORNERS, "false")}),
    layer("line", "Straight lines joining its points.", {**STROKED, "stroke": ("the line's colour", "black"),
                                                         "points": "the points joined: [[x, y], ...] in mm"}),
    layer("polygon", "A regular polygon in the box, or the shape its points make (and no box).", {
        **FILLED, "points": "its corners: [[x, y], ...] in mm (instead of a box)",
        "sides": ("how many sides a regular polygon has", "6")}),
    layer("star", "A star in the box.", {**FILLED, "tips": ("how many tips", "5"),
                                         "inner": ("the inner radius, as a share of the outer", "0.45"),
                                         "corners": (CORNERS, "false")}),
    layer("lattice", "Lines across the card and its bleed in diamonds; whole diamonds fit the card either way, so "
                     "abutting cards' lattices join into one.", {
        **STROKED, "cells": "how many diamonds: [across, down]", "fill": ("the colour between its lines", "none"),
        "step": ("the diamonds' size in mm, about as wide as tall (without `cells`)", "6")}),
]

CARD_PRODUCT = {
    "face": "each card's face: a layout written here, a layout's name, or a binding choosing one",
    "back": ("each card's back, as `face` is", "printkit's pattern with the game's title"),
    "layouts": "named layouts this product's face and back name (the game's `layouts:` are among them)",
    "copies": ("how many of each card to print, often bound to a field: `{field: count}`", "1"),
    "id": ("each card's name in messages and the print guide, a text with fields: `card {{ number }}`",
           "its place in the list"),
    "order": ("the field the cards are sorted by", "as listed"),
    "most": ("at most this many cards on a sheet: [across, down]", "as many as fit"),
    "fill_sheets": ("`true`: the last sheet filled with copies of the last card (no empty slot to cut round)",
                    "false"),
    "about": "what the product is, for the print guide",
    "translations": ("a translator's sheet of the cards' words, keyed by their `id`: `{de: translations/de.csv}` "
                     "(columns `id,name,text`), or one file for every language (`id,name.de,text.fr`)", "none"),
}
SECTIONS += [
    Section(v.GAME_FILE, "game", "the top level", "The top level of a declared game's `game.yaml`.", {
        "title": "the game's name, on its print guide and backs",
        "products": "the files printkit makes, by name: `deck` becomes `output/GAME/deck.pdf`",
        "colours": "colours of your own, by name: a CSS name, `#rrggbb`, or a grey from 0 to 1",
        "fonts": "fonts of your own, by name: a TTF or OTF file beside game.yaml, a face of a collection, or a family",
        "font": ("the font every layer is set in unless it names another", "printkit's DejaVu Sans"),
        "icons": "icons the words may show (`:name:` in a text): an image file or a font's glyph",
        "values": "numbers and words of your own for the templates (`{{ values.hand }}`)",
        "layouts": "layouts every product may name, extend or have as its own",
        "languages": ("the languages the game is printed in, the first its own (`[en, de, fr]`): a card's "
                      "`text.de` is its `text` in German; each language is built, the others into "
                      "`output/GAME/LANG/`", "one language, the words as written")}),
    Section(v.DECK, "deck", "product: kind deck", "A deck of cards, on sheets with crop marks and scale bars.", {
        **CARD_PRODUCT, "kind": "the product's kind", "size": "the card's size: a name, or [width, height] in mm",
        "cards": "the cards: a list of their fields, a table's file, or one for each item of the game's content"}),
    Section(v.TOKENS, "tokens", "product: kind tokens", "Round or square tokens, their die line drawn.", {
        **CARD_PRODUCT, "kind": "the product's kind", "shape": "round or square", "size": "the token's diameter or side, in mm",
        "tokens": "the tokens, written as a deck's cards are"}),
    Section(v.SCORE_SHEET, "score-sheet", "product: kind score-sheet", "A sheet of columns and rows to score on.", {
        "kind": "the product's kind", "title": "the heading printed on the sheet", "columns": "the columns, left to right",
        "rows": "how many rows, or each row's label", "note": "a line printed under the table",
        "row_height": ("each row's height in mm", "9"),
        "landscape": ("`true`: the page on its side", "false"), "about": "what it is, for the print guide"}),
    Section(v.SCORE_SHEET.fields["columns"].item.specs[dict], "column", "score sheet column",
            "A column of a score sheet, written as a mapping (or just its heading).", {
                "heading": "the column's heading", "width": ("its width in mm", "the rest of the page shared")}),
    Section(v.RULES, "rules", "product: kind rules", "The rules: a template's words over as many pages as they need.", {
        "kind": "the product's kind",
        "template": ("the template in templates/GAME/ the words come from", "the product's name: NAME.j2"),
        "title": ("the heading of its first page", "the game's title"), "about": "what it is, for the print guide"}),
    Section(v.TABLE, "table", "cards from a table", "A CSV or TSV file, or a sheet of an .xlsx or .ods workbook: "
            "its first row names the fields, each row after it is a card.", {
                "file": "the file, beside game.yaml", "sheet": ("the workbook's sheet", "its first"),
                "where": ("only the rows this expression is true for", "every row")}),
    Section(v.EACH, "each", "cards from the content", "A card for each item of a list in the game's content.", {
        "each": "the list, by its name in the content", "as": ("the name each item has in the layers", "value")}),
    Section(v.LAYOUT, "layout", "layout", "How a side of a card looks: its layers drawn bottom to top; for a back, "
            "the words on a white panel over printkit's pattern, or an image the size of the card.", {
                "extends": "the layout this one is, but for the keys and layers it writes",
                "layers": "the layers, by name, drawn in order, bottom to top",
                "boxes": "the older name of `layers`",
                "background": ("the colour the card is filled with, to the cut and into any bleed",
                               "none: the paper (a back without layers: printkit's pattern)"),
                "frame": ("`false`: no thin frame 3 mm inside a face; `true`: one on a back", "true on a face"),
                "about": "a note of your own on the layout",
                "words": ("a back's words, on a white panel", "the game's title"),
                "image": "a back's image, the size of the card", "colour": ("the colour of a back's words", "black"),
                "pattern": ("`false`: no printkit pattern behind a back's words", "true"),
                "panel": ("`false`: no white panel behind a back's words", "true"),
                "font": ("the font of a back's words", "the game's `font`")}),
    Section(v.GRADIENT, "gradient", "gradient", "A fill from colour to colour.", {
        "colours": "the colours, in order (2 to 8)",
        "angle": ("its direction, degrees clockwise from left to right (90: top to bottom)", "0")}),
    Section(v.COLLECTION_FACE, "collection-face", "font: a face of a collection", "One face of a .ttc file.", {
        "file": "the .ttc file, beside game.yaml", "index": ("the face's number in the file", "0"),
        "face": "the face's name in the file (instead of its number)"}),
    Section(v.FAMILY, "family", "font: a family", "A font's faces: the bold and italic words use theirs.", {
        "regular": "the upright face", "bold": "the bold face", "italic": "the italic face",
        "bold_italic": "the bold italic face"}),
    Section(v.ICON, "icon", "icon", "An icon a text shows where it writes `:name:`: an image file or a glyph.", {
        "file": "the image file (PNG, JPEG, SVG)", "glyph": "a character of a font, instead of a file",
        "colour": ("the glyph's colour", "the text's"), "font": ("the glyph's font", "the text's")}),
    *LAYER_SECTIONS,
    Section(v.CARDS_FILE, "cards-file", "layouts.yaml (a built-in game's)",
            "The cards of one of printkit's own games, in the same language: its other content is its rules "
            "model's.", {"products": "the game's card products, by name", "colours": "colours of its own, by name",
                         "fonts": "fonts of its own, by name", "font": ("its cards' font", "printkit's DejaVu Sans"),
                         "icons": "icons its words may show", "layouts": "layouts every product may name"}),
]
BINDING.text = ("A property bound to the card's data: a field of the card mapped to values, an expression after "
                "`=` (`= count if name else 0`), or a text with fields in double braces (`{{ name }}`).")
BINDING.keys = {"field": "the card's field whose value is looked up", "map": "the value for each of the field's values",
                "default": ("the value for a value the map does not name", "the field's value itself")}
SECTIONS.append(BINDING)
