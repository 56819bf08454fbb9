"""Mistakes in the layout language (issue 22), each one line `FILE:LINE: message` at the line to
fix, exit 1, no traceback and nothing written under out/, from `printkit validate` and `printkit
build` alike: a wrong type, a value out of range or an unknown one (with its did-you-mean) for
every key of a layer, a layout, a card product and the game's looks (printkit/declared/
vocabulary.py's LAYERS, LAYOUT, CARD_OPTIONAL and LOOKS), and the checks across values: layouts
named and extended, layers placed under others or taken away, boxes, the card's edge, expressions,
maps, values bound to one card's data, icons, fonts, copies, names, order, markup.

Each case is one edit of a valid game (BASE: every kind of layer on a face written in place,
a classic back, tokens with lattices and an image back; or LAYOUTS: layouts extending one another,
chosen by a card's type), the text on the line the problem must be reported at, and the message
as a designer should read it. A case printkit gets wrong (a traceback, the wrong line, a message
that misleads, a mistake it lets through) is kept, marked xfail(strict=True) with what is wrong."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from declared import FIXTURES, SLUG, game_project, line_of
from readback import pages, text_of
from test_declared import build, run
from printkit.declared.vocabulary import CARD_OPTIONAL, LAYERS, LAYOUT, LOOKS

GAME = f"{SLUG}/game.yaml"
BASE = """\
title: Bad Input
colours: {ember: "#c1440e", sea: "#1f4e8c"}
fonts: {mono: mono.ttf, duo: {regular: mono.ttf, bold: mono.ttf}}
icons:
  fire: {file: fire.png}
  sun: {glyph: "☀", colour: sea}
values: {hand: 5}
products:
  deck:
    kind: deck
    size: poker
    about: the cards
    copies: 1
    id: name
    order: number
    most: [3, 3]
    fill_sheets: false
    cards:
      - {name: Drake, element: fire, power: 5, number: 6, sky: sun, text: "Burns <b>twice</b> :fire:"}
      - {name: Moth, element: water, power: 2, number: 9, sky: moon, text: Flutters.}
      - {name: Spark, element: fire, power: 1, number: 3, sky: sun, text: A spark.}
    face:
      about: every card
      background: white
      frame: true
      layers:
        ground: {kind: rect, x: 0, y: 0, width: 63.5, height: 88.9, fill: {field: element, map: {fire: "#fff0e0", water: "#e0f0ff"}}, bleed: true, overlaps: true}
        title: {kind: text, field: name, x: 16, y: 5, width: 42, height: 8, size: 10, smallest: 7, bold: true, italic: false, align: centre, valign: middle, padding: 1, fill: white, stroke: black, stroke_width: 0.3, radius: 1, colour: ember, font: mono, markup: true, about: the name}
        number: {kind: number, field: number, x: 20, y: 28, width: 23.5, height: 18, underline: deck, colour: black, corners: true}
        sky: {kind: symbol, field: sky, symbols: {sun: "☀", moon: "☾"}, colours: {sun: ember, moon: sea}, corners: only, corner_size: 10}
        art: {kind: image, file: art.png, x: 16, y: 15, width: 26, height: 12, fit: cover, clip: box, radius: 1}
        badge: {kind: rect, x: 45, y: 15, width: 12, height: 12, radius: 2, stroke: black, stroke_width: 0.3, dash: [1, 1], gradient: {colours: [ember, sea], angle: 90}, corners: false}
        ring: {kind: ellipse, x: 45, y: 30, width: 12, height: 12, fill: none, stroke: sea, corners: false}
        rule: {kind: line, points: [[8, 50], [55.5, 50]], stroke: black, stroke_width: 0.3, dash: [2, 1]}
        gem: {kind: polygon, x: 8, y: 52, width: 6, height: 6, sides: 6, fill: ember}
        tri: {kind: polygon, points: [[49.5, 58], [55.5, 58], [52.5, 52]], fill: sea}
        star: {kind: star, x: 26, y: 52, width: 11, height: 6, tips: 5, inner: 0.5, fill: gold, corners: false, opacity: 0.8}
        power: {kind: text, text: "= 'Power ' ~ power", x: 8, y: 60, width: 40, height: 7, if: "power > 3", rotate: 0}
        rules: {kind: text, field: text, x: 8, y: 68, width: 40, height: 7, ends: one, line: false}
        tag: {kind: text, text: "{{ name }}", x: 48, y: 44, width: 6, height: 14, rotate: 90, under: rules}
    back:
      words: Bad Input
      colour: sea
      pattern: true
      panel: true
      font: mono
  chips:
    kind: tokens
    shape: round
    size: 30
    tokens:
      - {value: "+1"}
    face:
      layers:
        weave: {kind: lattice, cells: [4, 4], stroke: sea, stroke_width: 0.2, fill: white}
        mesh: {kind: lattice, step: 5, stroke: ember}
        value: {kind: text, field: value, x: 8, y: 11, width: 14, height: 8, size: 12}
    back:
      image: back.png
  rules: {kind: rules}
"""
LAYOUTS = """\
title: Layouts
colours: {sea: "#1f4e8c"}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {name: Drake, type: monster, power: 5}
      - {name: Spark, type: spell, power: 1}
    layouts:
      base:
        layers:
          title: {kind: text, field: name, x: 8, y: 8, width: 47.5, height: 8}
          art: {kind: rect, x: 8, y: 20, width: 47.5, height: 20, fill: sea}
      monster:
        extends: base
        layers:
          power: {kind: text, text: "= 'Power ' ~ power", x: 8, y: 45, width: 47.5, height: 8}
          art: ~
      spell:
        extends: base
        layers:
          band: {kind: rect, x: 0, y: 6, width: 63.5, height: 12, fill: gold, under: title}
    face: {field: type}
    back: {field: type, map: {monster: base, spell: spell}, default: base}
"""


def png(size: tuple[int, int], rgb: tuple[int, int, int]) -> bytes:
    data = io.BytesIO()
    Image.new("RGB", size, rgb).save(data, "PNG")
    return data.getvalue()


def files() -> dict[str, bytes]:
    return {"mono.ttf": (FIXTURES / "mono.ttf").read_bytes(), "fire.png": png((64, 64), (230, 120, 0)),
            "art.png": png((800, 400), (200, 40, 40)), "back.png": png((800, 1100), (40, 40, 200))}


def case(name: str, keys: str, old: str, new: str, at: str, message: str, game: str = BASE, see: str | None = None,
         bug: str | None = None):
    """One mistake: `old` in `game` becomes `new`; the problem is at the line `at` is first on,
    its message naming, where it says {see}, the line `see` is first on. `keys`: the vocabulary's
    keys it is a case of (`layer.fill`, `layout.frame`, `card.copies`, `looks.icons`), or ''."""
    marks = [pytest.mark.xfail(strict=True, reason=bug)] if bug else []
    return pytest.param(name, keys, game, old, new, at, message, see, id=name, marks=marks)


F = "products.deck.face.layers"
L = "products.deck.layouts"
# --- every key of a layer (vocabulary.LAYERS) ----------------------------------------------------------
LAYER_CASES = [
    case("kind unknown", "layer.kind", "kind: rect, x: 45", "kind: rectangle, x: 45", "badge:",
         f"{F}.badge.kind: 'rectangle' is not allowed (did you mean 'rect'?)"),
    case("kind missing", "", "badge: {kind: rect, x: 45", "badge: {x: 45", "badge:",
         f"{F}.badge: missing key 'kind' (the kind of layer: text, number, symbol, image, rect, ellipse, line, "
         f"polygon, star, lattice)"),
    case("unknown key", "", "fill: none, stroke: sea", "fill: none, strok: sea", "ring:",
         f"{F}.ring: unknown key 'strok' (did you mean 'stroke'?)"),
    case("layer name", "", "        gem: {kind", "        gem stone: {kind", "gem stone:",
         f"{F}: 'gem stone' cannot name a layer (letters, digits, _ and -)"),
    case("x wrong type", "layer.x", "x: 16, y: 5", "x: left, y: 5", "title: {",
         f"{F}.title.x: expected a number, got text 'left'"),
    case("y out of range", "layer.y", "x: 16, y: 5", "x: 16, y: 400", "title: {",
         f"{F}.title.y: 400 is out of range (-20 to 320)"),
    case("width 0", "layer.width", "width: 42, height: 8", "width: 0, height: 8", "title: {",
         f"{F}.title.width: 0 is out of range (0.1 to 340)"),
    case("height wrong type", "layer.height", "width: 42, height: 8", "width: 42, height: tall", "title: {",
         f"{F}.title.height: expected a number, got text 'tall'"),
    case("right out of range", "layer.right", "x: 16, y: 5", "right: 400, y: 5", "title: {",
         f"{F}.title.right: 400 is out of range (-20 to 320)"),
    case("bottom a percentage out of range", "layer.bottom", "x: 16, y: 5", "x: 16, bottom: 120%", "title: {",
         f"{F}.title.bottom: 120% is out of range (0% to 100% of the card)"),
    case("if wrong type", "layer.if", 'if: "power > 3"', "if: 5", "power: {",
         f"{F}.power.if: expected an expression such as `type == 'spell'` (at most 500 characters), or true or "
         f"false, got the number 5"),
    case("rotate out of range", "layer.rotate", "rotate: 90", "rotate: 400", "tag:",
         f"{F}.tag.rotate: 400 is out of range (-360 to 360)"),
    case("opacity out of range", "layer.opacity", "opacity: 0.8", "opacity: 1.5", "star:",
         f"{F}.star.opacity: 1.5 is out of range (0 to 1)"),
    case("ends unknown", "layer.ends", "ends: one", "ends: bothe", "rules: {",
         f"{F}.rules.ends: 'bothe' is not allowed (did you mean 'both'?)"),
    case("under not a name", "layer.under", "under: rules", "under: [rules]", "tag:",
         f"{F}.tag.under: expected some text, got a list"),
    case("overlaps wrong type", "layer.overlaps", "overlaps: true", "overlaps: 3", "ground: {",
         f"{F}.ground.overlaps: expected true, or a list of the layers it may overlap, got the number 3"),
    case("bleed wrong type", "layer.bleed", "bleed: true", "bleed: sometimes", "ground: {",
         f"{F}.ground.bleed: expected true or false, got text 'sometimes'"),
    case("about wrong type", "layer.about", "about: the name", "about: [the, name]", "title: {",
         f"{F}.title.about: expected some text, got a list"),
    case("stroke unknown colour", "layer.stroke", "fill: none, stroke: sea", "fill: none, stroke: seaa", "ring:",
         f"{F}.ring.stroke: 'seaa' is not a colour (did you mean 'sea'?)"),
    case("stroke_width out of range", "layer.stroke_width", "stroke_width: 0.3, radius: 1",
         "stroke_width: 20, radius: 1", "title: {", f"{F}.title.stroke_width: 20 is out of range (0.05 to 10)"),
    case("dash of one length", "layer.dash", "dash: [1, 1]", "dash: [1]", "badge:",
         f"{F}.badge.dash: has 1 item, expected exactly 2"),
    case("fill unknown colour", "layer.fill", "fill: gold", "fill: golld", "star:",
         f"{F}.star.fill: 'golld' is not a colour (did you mean 'gold'?)"),
    case("gradient colours unknown", "layer.gradient", "colours: [ember, sea]", "colours: [ember, seaa]", "badge:",
         f"{F}.badge.gradient.colours[2]: 'seaa' is not a colour (did you mean 'sea'?)"),
    case("gradient without colours", "layer.gradient", "gradient: {colours: [ember, sea], angle: 90}",
         "gradient: {angle: 90}", "badge:", f"{F}.badge.gradient.colours: missing key 'colours'"),
    case("gradient angle out of range", "layer.gradient", "angle: 90", "angle: 400", "badge:",
         f"{F}.badge.gradient.angle: 400 is out of range (-360 to 360)"),
    case("font unknown", "layer.font", "font: mono, markup", "font: mnoo, markup", "title: {",
         f"{F}.title.font: no font 'mnoo' (the game's fonts: mono, duo)"),
    case("colour unknown", "layer.colour", "colour: ember, font", "colour: embr, font", "title: {",
         f"{F}.title.colour: 'embr' is not a colour (did you mean 'ember'?)"),
    case("field no card has", "layer.field", "field: name, x: 16", "field: nmae, x: 16", "title: {",
         f"{F}.title.field: no card has a field 'nmae' (did you mean 'name'?)"),
    case("text wrong type", "layer.text", "text: \"= 'Power ' ~ power\"", "text: [Power]", "power: {",
         f"{F}.power.text: expected some text, got a list"),
    case("size out of range", "layer.size", "size: 10, smallest", "size: 100, smallest", "title: {",
         f"{F}.title.size: 100 is out of range (4 to 72)"),
    case("smallest out of range", "layer.smallest", "smallest: 7", "smallest: 2", "title: {",
         f"{F}.title.smallest: 2 is out of range (4 to 72)"),
    case("bold wrong type", "layer.bold", "bold: true", "bold: very", "title: {",
         f"{F}.title.bold: expected true or false, got text 'very'"),
    case("italic wrong type", "layer.italic", "italic: false", "italic: 2", "title: {",
         f"{F}.title.italic: expected true or false, got the number 2"),
    case("align unknown", "layer.align", "align: centre", "align: center", "title: {",
         f"{F}.title.align: 'center' is not allowed (did you mean 'centre'?)"),
    case("valign unknown", "layer.valign", "valign: middle", "valign: centre", "title: {",
         f"{F}.title.valign: 'centre' is not allowed (expected one of: top, middle, bottom)"),
    case("padding out of range", "layer.padding", "padding: 1", "padding: 30", "title: {",
         f"{F}.title.padding: 30 is out of range (0 to 20)"),
    case("markup wrong type", "layer.markup", "markup: true", "markup: html", "title: {",
         f"{F}.title.markup: expected true or false, got text 'html'"),
    case("line wrong type", "layer.line", "line: false", "line: 1", "rules: {",
         f"{F}.rules.line: expected true or false, got the number 1"),
    case("text radius out of range", "layer.radius", "stroke_width: 0.3, radius: 1", "stroke_width: 0.3, radius: 60",
         "title: {", f"{F}.title.radius: 60 is out of range (0 to 50)"),
    case("rect radius out of range", "layer.radius", "radius: 2, stroke", "radius: 70, stroke", "badge:",
         f"{F}.badge.radius: 70 is out of range (0 to 50)"),
    case("image radius below 0", "layer.radius", "clip: box, radius: 1", "clip: box, radius: -1", "art:",
         f"{F}.art.radius: -1 is out of range (0 to 50)"),
    case("a number's corners are true or false", "layer.corners", "corners: true}", "corners: only}", "number: {",
         f"{F}.number.corners: expected true or false, got text 'only'"),
    case("a symbol's corners unknown", "layer.corners", "corners: only, corner_size", "corners: onyl, corner_size",
         "sky: {", f"{F}.sky.corners: 'onyl' is not allowed (did you mean 'only'?)"),
    case("a shape's corners unknown", "layer.corners", "stroke: sea, corners: false", "stroke: sea, corners: maybe",
         "ring:", f"{F}.ring.corners: 'maybe' is not allowed (expected true, false or only)"),
    case("underline unknown", "layer.underline", "underline: deck", "underline: dekc", "number: {",
         f"{F}.number.underline: 'dekc' is not allowed (did you mean 'deck'?)"),
    case("symbol too long", "layer.symbol", "field: sky, symbols", 'symbol: "ABCDEFGHIJ", symbols', "sky: {",
         f"{F}.sky.symbol: text is longer than 8 characters"),
    case("symbols wrong type", "layer.symbols", 'symbols: {sun: "☀", moon: "☾"}', "symbols: [sun, moon]", "sky: {",
         f"{F}.sky.symbols: expected a mapping of names, got a list"),
    case("a symbol's colours: an unknown colour", "layer.colours", "colours: {sun: ember, moon: sea}",
         "colours: {sun: ember, moon: seaa}", "sky: {", f"{F}.sky.colours.moon: 'seaa' is not a colour (did you mean "
                                                      f"'sea'?)"),
    case("corner_size out of range", "layer.corner_size", "corner_size: 10", "corner_size: 100", "sky: {",
         f"{F}.sky.corner_size: 100 is out of range (4 to 72)"),
    case("file wrong type", "layer.file", "file: art.png", "file: [art.png]", "art:",
         f"{F}.art.file: expected some text, got a list"),
    case("file missing", "layer.file", "file: art.png", "file: gone.png", "art:",
         f"{F}.art.file: 'gone.png' is missing"),
    case("fit unknown", "layer.fit", "fit: cover", "fit: cove", "art:",
         f"{F}.art.fit: 'cove' is not allowed (did you mean 'cover'?)"),
    case("clip unknown", "layer.clip", "clip: box", "clip: circle", "art:",
         f"{F}.art.clip: 'circle' is not allowed (expected one of: box, ellipse)"),
    case("points: one", "layer.points", "points: [[8, 50], [55.5, 50]]", "points: [[8, 50]]", "rule:",
         f"{F}.rule.points: has 1 item, expected 2 to 50"),
    case("points: not x, y", "layer.points", "points: [[8, 50], [55.5, 50]]", "points: [[8, 50, 1], [55.5, 50]]",
         "rule:", f"{F}.rule.points[1]: has 3 items, expected exactly 2"),
    case("sides out of range", "layer.sides", "sides: 6", "sides: 2", "gem:",
         f"{F}.gem.sides: 2 is out of range (3 to 24)"),
    case("tips out of range", "layer.tips", "tips: 5", "tips: 30", "star:",
         f"{F}.star.tips: 30 is out of range (3 to 24)"),
    case("inner out of range", "layer.inner", "inner: 0.5", "inner: 1.5", "star:",
         f"{F}.star.inner: 1.5 is out of range (0.1 to 0.95)"),
    case("cells of one number", "layer.cells", "cells: [4, 4]", "cells: [4]", "weave:",
         "products.chips.face.layers.weave.cells: has 1 item, expected exactly 2"),
    case("step out of range", "layer.step", "step: 5", "step: 0.5", "mesh:",
         "products.chips.face.layers.mesh.step: 0.5 is out of range (1 to 50)"),
]

# --- every key of a layout (vocabulary.LAYOUT) ----------------------------------------------------------
LAYOUT_CASES = [
    case("layout unknown key", "", "      background: white", "      backgroud: white", "backgroud:",
         "products.deck.face: unknown key 'backgroud' (did you mean 'background'?)"),
    case("background unknown colour", "layout.background", "      background: white", "      background: whit",
         "background: whit", "products.deck.face.background: 'whit' is not a colour (did you mean 'white'?)"),
    case("frame wrong type", "layout.frame", "      frame: true", "      frame: thick", "frame:",
         "products.deck.face.frame: expected true or false, got text 'thick'"),
    case("layout about wrong type", "layout.about", "      about: every card", "      about: {a: b}", "about: {a",
         "products.deck.face.about: expected some text, got a mapping"),
    case("layers wrong type", "layout.layers", "    back:\n      words: Bad Input",
         "    back:\n      layers: [words]\n      words: Bad Input", "layers: [words]",
         "products.deck.back.layers: expected a mapping of names, got a list"),
    case("boxes and layers", "layout.boxes", "      layers:\n        ground:",
         "      boxes: {}\n      layers:\n        ground:", "boxes:",
         "products.deck.face: both `layers` and `boxes` (their older name): keep one"),
    case("words wrong type", "layout.words", "      words: Bad Input", "      words: [Bad, Input]", "words:",
         "products.deck.back.words: expected some text, got a list"),
    case("back colour unknown", "layout.colour", "      colour: sea\n      pattern",
         "      colour: seaa\n      pattern", "colour: seaa",
         "products.deck.back.colour: 'seaa' is not a colour (did you mean 'sea'?)"),
    case("pattern wrong type", "layout.pattern", "      pattern: true", "      pattern: dots", "pattern:",
         "products.deck.back.pattern: expected true or false, got text 'dots'"),
    case("panel wrong type", "layout.panel", "      panel: true", "      panel: 3", "panel:",
         "products.deck.back.panel: expected true or false, got the number 3"),
    case("back font unknown", "layout.font", "      panel: true\n      font: mono",
         "      panel: true\n      font: serif", "font: serif",
         "products.deck.back.font: no font 'serif' (the game's fonts: mono, duo)"),
    case("back image missing", "layout.image", "      image: back.png", "      image: gone.png", "image:",
         "products.chips.back.image: 'gone.png' is missing"),
    case("back image wrong type", "layout.image", "      image: back.png", "      image: [back.png]", "image:",
         "products.chips.back.image: expected some text, got a list"),
    case("extends unknown", "layout.extends", "extends: base\n        layers:\n          band",
         "extends: bse\n        layers:\n          band", "extends: bse",
         f"{L}.spell.extends: no layout 'bse' (did you mean 'base'?)", game=LAYOUTS),
    case("extends not a name", "layout.extends", "extends: base\n        layers:\n          band",
         "extends: [base]\n        layers:\n          band", "extends: [base]",
         f"{L}.spell.extends: expected some text, got a list", game=LAYOUTS),
    case("extends in a circle", "layout.extends", "      base:\n        layers:",
         "      base:\n        extends: spell\n        layers:", "extends: base\n        layers:\n          band",
         f"{L}.spell.extends: layouts extend one another in a circle (base -> spell -> base)", game=LAYOUTS),
    case("extends itself", "layout.extends", "      base:\n        layers:",
         "      base:\n        extends: base\n        layers:", "extends: base",
         f"{L}.base.extends: layouts extend one another in a circle (base -> base)", game=LAYOUTS),
    case("extends in a face written in place", "layout.extends", "    face: {field: type}", "    face: {extends: bse}",
         "face: {extends", "products.deck.face.extends: no layout 'bse' (did you mean 'base'?)", game=LAYOUTS),
]

# --- every key of a card product (vocabulary.CARD_OPTIONAL) ----------------------------------------------
CARD_CASES = [
    case("product unknown key", "", "    about: the cards", "    abut: the cards", "abut:",
         "products.deck: unknown key 'abut' (did you mean 'about'?)"),
    case("product about wrong type", "card.about", "    about: the cards", "    about: 5", "about: 5",
         "products.deck.about: expected some text, got the number 5"),
    case("translations wrong type", "card.translations", "    about: the cards", "    about: the cards\n    translations: 5",
         "translations: 5", "products.deck.translations: expected a translation sheet's file, or each "
         "language's: {de: translations/de.csv}, got the number 5"),
    case("back wrong type", "card.back", "    back:\n      image: back.png\n", "    back: 5\n", "back: 5",
         "products.chips.back: expected a layout (a mapping with its layers), a layout's name, or {field: ...} "
         "choosing one by the card's data, got the number 5"),
    case("layouts wrong type", "card.layouts", "    fill_sheets: false\n", "    fill_sheets: false\n    layouts: 5\n",
         "layouts: 5", "products.deck.layouts: expected a mapping of names, got the number 5"),
    case("layout name", "card.layouts", "    fill_sheets: false\n",
         "    fill_sheets: false\n    layouts:\n      Big Card: {}\n", "Big Card",
         "products.deck.layouts: 'Big Card' cannot name a layout (letters, digits, _ and -)"),
    case("copies -1", "card.copies", "    copies: 1", "    copies: -1", "copies: -1",
         "products.deck.copies: -1 is out of range (0 to 999)"),
    case("copies not a number", "card.copies", "    copies: 1", "    copies: many", "copies: many",
         "products.deck.copies: expected a whole number, got text 'many'"),
    case("copies from an expression below 0", "card.copies", "    copies: 1", '    copies: "= values.hand - 10"',
         "copies: \"=", "products.deck.copies: -5 is not a number of copies (0 to 999)"),
    case("a card's copies -1", "card.copies", "power: 2, number: 9", "power: 2, copies: -1, number: 9", "Moth",
         "products.deck.cards[2].copies: '-1' is not a number of copies (0 to 999)"),
    case("id gives two cards one name", "card.id", "    id: name", "    id: element", "name: Spark",
         "card 3: the name 'fire' is also card 1's; each card needs its own"),
    case("id wrong type", "card.id", "    id: name", "    id: [name]", "id: [",
         "products.deck.id: expected some text, got a list"),
    case("order wrong type", "card.order", "    order: number", "    order: {field: number}", "order:",
         "products.deck.order: expected some text, got a mapping"),
    case("order on a field no card has", "card.order", "    order: number", "    order: numbr", "order:",
         "products.deck.order: no card has a field 'numbr' (did you mean 'number'?)"),
    case("most [0, 1]", "card.most", "    most: [3, 3]", "    most: [0, 1]", "most:",
         "products.deck.most[1]: 0 is out of range (1 to 20)"),
    case("most of one number", "card.most", "    most: [3, 3]", "    most: [3]", "most:",
         "products.deck.most: has 1 item, expected exactly 2"),
    case("fill_sheets wrong type", "card.fill_sheets", "    fill_sheets: false", "    fill_sheets: 2", "fill_sheets:",
         "products.deck.fill_sheets: expected true or false, got the number 2"),
]

# --- every key of the game's looks (vocabulary.LOOKS) ----------------------------------------------------
LOOKS_CASES = [
    case("colours wrong type", "looks.colours", 'colours: {ember: "#c1440e", sea: "#1f4e8c"}', "colours: [ember, sea]",
         "colours:", "colours: expected a mapping of names, got a list"),
    case("colour bad hex", "looks.colours", 'ember: "#c1440e"', 'ember: "#c1440"', "colours:",
         "colours.ember: '#c1440' is not a colour (a name such as navy or darkred, or #rrggbb)"),
    case("colour unknown name", "looks.colours", 'sea: "#1f4e8c"}', 'sea: "seaweed"}', "colours:",
         "colours.sea: 'seaweed' is not a colour (did you mean 'seagreen'?)"),
    case("colour named in capitals", "looks.colours", "colours: {ember:", "colours: {Ember:", "colours:",
         "colours: 'Ember' cannot name a colour (lower-case letters and digits, with - between words)"),
    case("fonts wrong type", "looks.fonts", "fonts: {mono: mono.ttf,", "fonts: {mono: 5,", "fonts:",
         "fonts.mono: expected a font file (TTF, OTF), a face of a collection ({file: X.ttc, index: 1}), or a "
         "family: {regular: ..., bold: ..., italic: ..., bold_italic: ...}, got the number 5"),
    case("font file missing", "looks.fonts", "fonts: {mono: mono.ttf,", "fonts: {mono: gone.ttf,", "fonts:",
         "fonts.mono: 'gone.ttf' is missing"),
    case("a family's face file missing", "looks.fonts", "bold: mono.ttf}", "bold: gone.ttf}", "fonts:",
         "fonts.duo.bold: 'gone.ttf' is missing"),
    case("a family without its regular face", "looks.fonts", "duo: {regular: mono.ttf, bold: mono.ttf}",
         "duo: {bold: mono.ttf}", "fonts:", "fonts.duo.regular: missing key 'regular'"),
    case("a family's unknown face", "looks.fonts", "duo: {regular: mono.ttf, bold: mono.ttf}",
         "duo: {regular: mono.ttf, heavy: mono.ttf}", "fonts:",
         "fonts.duo: unknown key 'heavy' (expected one of: regular, bold, italic, bold_italic)"),
    case("font naming no font", "looks.font", "values: {hand: 5}", "font: fancy\nvalues: {hand: 5}", "font: fancy",
         "font: no font 'fancy' (the game's fonts: mono, duo)"),
    case("font wrong type", "looks.font", "values: {hand: 5}", "font: [mono]\nvalues: {hand: 5}", "font: [",
         "font: expected some text, got a list"),
    case("icons wrong type", "looks.icons", 'icons:\n  fire: {file: fire.png}\n  sun: {glyph: "☀", colour: sea}',
         "icons: [fire, sun]", "icons:", "icons: expected a mapping of names, got a list"),
    case("icon with a file and a glyph", "looks.icons", "fire: {file: fire.png}", 'fire: {file: fire.png, glyph: "*"}',
         "fire:", "icons.fire: give the icon a `file` (an image) or a `glyph` (a character), one of the two"),
    case("icon with neither file nor glyph", "looks.icons", "fire: {file: fire.png}", "fire: {}", "fire:",
         "icons.fire: give the icon a `file` (an image) or a `glyph` (a character), one of the two"),
    case("icon file missing", "looks.icons", "fire: {file: fire.png}", "fire: {file: gone.png}", "fire:",
         "icons.fire.file: 'gone.png' is missing"),
    case("icon glyph too long", "looks.icons", 'sun: {glyph: "☀", colour: sea}', 'sun: {glyph: "sunny", colour: sea}',
         "sun:", "icons.sun.glyph: text is longer than 4 characters"),
    case("icon colour unknown", "looks.icons", 'sun: {glyph: "☀", colour: sea}', 'sun: {glyph: "☀", colour: seaa}',
         "sun:", "icons.sun.colour: 'seaa' is not a colour (did you mean 'sea'?)"),
    case("icon font unknown", "looks.icons", 'sun: {glyph: "☀", colour: sea}',
         'sun: {glyph: "☀", colour: sea, font: serif}', "sun:", "icons.sun.font: no font 'serif' (the game's fonts: "
                                                                "mono, duo)"),
    case("icon unknown key", "looks.icons", 'sun: {glyph: "☀", colour: sea}', 'sun: {glyph: "☀", color: sea}',
         "sun:", "icons.sun: unknown key 'color' (did you mean 'colour'?)"),
    case("icon name", "looks.icons", "  fire: {file", "  fire icon: {file", "fire icon:",
         "icons: 'fire icon' cannot name an icon (letters, digits, _ and -)"),
]

# --- what one value says about another ---------------------------------------------------------------------
CROSS_CASES = [
    case("face names a layout there is not", "", "    face: {field: type}", "    face: monstr", "face: monstr",
         "products.deck.face: no layout 'monstr' (did you mean 'monster'?)", game=LAYOUTS),
    case("a card's data names a layout there is not", "", "type: spell, power: 1", "type: spel, power: 1", "Spark",
         "card 2 ('Spark'): face: no layout 'spel' for this card's face (the deck's layouts: base, monster, spell) "
         "(see {see})", game=LAYOUTS, see="face: {field"),
    case("a back's map names a layout there is not", "", "map: {monster: base, spell: spell}",
         "map: {monster: base, spell: spel}", "back: {field",
         "products.deck.back.map.spell: no layout 'spel' (did you mean 'spell'?)", game=LAYOUTS),
    case("under a layer there is not", "", "under: title", "under: titel", "band:",
         f"{L}.spell.layers.band.under: no layer 'titel' (did you mean 'title'?)", game=LAYOUTS),
    case("under itself", "", "under: title", "under: band", "band:",
         f"{L}.spell.layers.band.under: a layer cannot go under itself (the layout's layers: title, art)", game=LAYOUTS),
    case("taking away a layer the base lacks", "", "          art: ~", "          artt: ~", "artt:",
         f"{L}.monster.layers.artt: no layer 'artt' to take away in the layout it extends", game=LAYOUTS),
    case("a mistake in a layer others inherit, once", "", "x: 8, y: 8, width: 47.5, height: 8}",
         "x: 8, y: 8, width: 47.5, height: 8, size: 100}", "title: {",
         f"{L}.base.layers.title.size: 100 is out of range (4 to 72)", game=LAYOUTS),
    case("an expression reading a field no card has, in an inherited layer", "", "title: {kind: text, field: name,",
         'title: {kind: text, text: "{{ nmae }}",', "title: {",
         f"{L}.base.layers.title.text: no card has a field 'nmae' (did you mean 'name'?)", game=LAYOUTS),
    case("a symbol with no box and no corners: only", "", "corners: only, corner_size: 10", "corner_size: 10", "sky: {",
         f"{F}.sky: give the symbol its box (x, y, width, height), or `corners: only`"),
    case("a symbol in the corners and in no box", "", "corners: only, corner_size", "corners: true, corner_size",
         "sky: {", f"{F}.sky: give the symbol its box (x, y, width, height), or `corners: only`"),
    case("a symbol with part of a box", "", "corners: only, corner_size: 10}", "corners: only, corner_size: 10, x: 5}",
         "sky: {", f"{F}.sky: a box needs x, y, width and height: `y` is missing"),
    case("a polygon with points and sides", "", "sides: 6, fill: ember",
         "sides: 6, points: [[1, 1], [2, 2], [3, 1]], fill: ember", "gem:",
         f"{F}.gem: give the polygon its `points`, or a box (x, y, width, height) and its `sides`, one of the two"),
    case("a polygon with neither", "", "tri: {kind: polygon, points: [[49.5, 58], [55.5, 58], [52.5, 52]], fill: sea}",
         "tri: {kind: polygon, fill: sea}", "tri:",
         f"{F}.tri: give the polygon its `points`, or a box (x, y, width, height) and its `sides`, one of the two"),
    case("a box without its height", "", "width: 12, height: 12, radius: 2", "width: 12, radius: 2", "badge:",
         f"{F}.badge.height: missing key 'height'"),
    case("a box without its x", "", "badge: {kind: rect, x: 45, y: 15", "badge: {kind: rect, y: 15", "badge:",
         f"{F}.badge.x: missing key 'x'"),
    case("a layer more than 6 mm off the card", "", "badge: {kind: rect, x: 45", "badge: {kind: rect, x: 58", "badge:",
         f"{F}.badge: the layer runs off the card and the 6 mm a bleed may take: x + width = 70 mm, the card is "
         f"63.5 mm wide"),
    case("a layer more than 6 mm left of the card", "", "badge: {kind: rect, x: 45", "badge: {kind: rect, x: -7",
         "badge:", f"{F}.badge: the layer runs off the card and the 6 mm a bleed may take: x = -7 mm"),
    case("text off the card by half a millimetre", "", "x: 8, y: 60, width: 40", "x: 24, y: 60, width: 40", "power: {",
         f"{F}.power: the layer runs off the card: x + width = 64 mm, the card is 63.5 mm wide"),
    case("text above the card", "", "x: 8, y: 60, width: 40", "x: 8, y: -1, width: 40", "power: {",
         f"{F}.power: the layer runs off the card: y = -1 mm"),
    case("an if's syntax", "", 'if: "power > 3"', 'if: "power >"', "power: {",
         f"{F}.power.if: expression: unexpected end of the expression"),
    case("an expression's syntax", "", "\"= 'Power ' ~ power\"", "\"= 'Power ' ~ ~ power\"", "power: {",
         f"{F}.power.text: expression: unexpected '~'"),
    case("an expression reading a field no card has", "", "\"= 'Power ' ~ power\"", "\"= 'Power ' ~ powr\"", "power: {",
         f"{F}.power.text: no card has a field 'powr' (did you mean 'power'?)"),
    case("a condition reading a field no card has", "", 'if: "power > 3"', 'if: "cost > 3"', "power: {",
         f"{F}.power.if: no card has a field 'cost' (the cards' fields: element, name, number, power, sky, text)"),
    case("a text's field no card has", "", 'text: "{{ name }}"', 'text: "{{ nmae }}"', "tag:",
         f"{F}.tag.text: no card has a field 'nmae' (did you mean 'name'?)"),
    case("an expression failing for one card", "", 'text: "{{ name }}"', 'text: "= name ~ (10 // (power - 2))"',
         "name: Moth", "card 2 ('Moth'): face.layers.tag.text: expression `name ~ (10 // (power - 2))`: integer "
                       "division or modulo by zero (see {see})", see="tag:"),
    case("a map without the card's value and no default", "", 'map: {fire: "#fff0e0", water: "#e0f0ff"}}',
         'map: {fire: "#fff0e0"}}', "name: Moth", "card 2 ('Moth'): face.layers.ground.fill: 'water' is not a value "
                                                  "of `element` this map knows (its values: fire); add it to the map "
                                                  "or give a `default` (see {see})", see="ground: {"),
    case("a value bound to one card's data out of range", "", "size: 10, smallest",
         "size: \"= 200 if power == 2 else 10\", smallest", "name: Moth",
         "card 2 ('Moth'): face.layers.title.size: 200 is out of range (4 to 72) (see {see})", see="title: {"),
    case("a map's value out of range", "", "size: 10, smallest", "size: {field: element, map: {fire: 10, water: 200}}, "
                                                                   "smallest", "title: {",
         f"{F}.title.size.map.water: 200 is out of range (4 to 72)"),
    case("an unknown colour in a map", "", 'water: "#e0f0ff"}}', "water: seaa}}", "ground: {",
         f"{F}.ground.fill.map.water: 'seaa' is not a colour (did you mean 'sea'?)"),
    case("an unknown colour as a map's default", "", 'water: "#e0f0ff"}}', 'water: "#e0f0ff"}, default: seaa}',
         "ground: {", f"{F}.ground.fill.default: 'seaa' is not a colour (did you mean 'sea'?)"),
    case("a card's markup: an unknown tag", "", "Burns <b>twice</b> :fire:", "Burns <u>twice</u> :fire:", "Drake",
         "card 1 ('Drake'): face.layers.rules.field: text markup: unknown tag <u>: the tags are <b>, <i>, <br/>, "
         "<span> and <icon name/> (see {see})", see="rules: {"),
    case("a card's markup: a span not closed", "", "Burns <b>twice</b> :fire:",
         "Burns <span colour='sea'>twice :fire:", "Drake", "card 1 ('Drake'): face.layers.rules.field: text markup: "
         "<span> is not closed (see {see})", see="rules: {"),
    case("a card's markup: a span of an unknown colour", "", "Burns <b>twice</b> :fire:",
         "Burns <span colour='seaa'>twice</span>", "Drake", "card 1 ('Drake'): face.layers.rules.field: text markup: "
         "unknown colour 'seaa' (did you mean 'sea'?) (see {see})", see="rules: {"),
    case("a card's markup: an unknown icon tag", "", "Burns <b>twice</b> :fire:", "Burns <b>twice</b> <icon frie/>",
         "Drake", "card 1 ('Drake'): face.layers.rules.field: text markup: unknown icon 'frie' (did you mean 'fire'?) "
         "(see {see})", see="rules: {"),
    case("a card's markup names its card and layer", "", "Burns <b>twice</b> :fire:", "Burns <u>twice</u> :fire:",
         "Drake", "card 1 ('Drake'): face.layers.rules.field: text markup: unknown tag <u>: the tags are <b>, <i>, "
                  "<br/>, <span> and <icon name/> (see {see})", see="rules: {"),
    case("markup in a layer's own text", "", 'text: "{{ name }}"', 'text: "<u>{{ name }}</u>"', "tag:",
         f"{F}.tag.text: text markup: unknown tag <u>: the tags are <b>, <i>, <br/>, <span> and <icon name/>"),
    case("a turned text that does not fit its box", "", 'text: "{{ name }}", x: 48, y: 44, width: 6, height: 14',
         "text: Dragonfire of the North, x: 48, y: 44, width: 6, height: 14", "tag:",
         "tag: text does not fit its 6 x 14 mm box even at 7 pt; shorten it"),  # the same on every card: once
]
CASES = LAYER_CASES + LAYOUT_CASES + CARD_CASES + LOOKS_CASES + CROSS_CASES


def project_of(tmp_path, game: str, old: str, new: str):
    assert game.count(old) >= 1, old
    edited = game.replace(old, new, 1)
    assert edited != game or old == new
    return game_project(tmp_path, edited, files())


@pytest.mark.parametrize("name, keys, game, old, new, at, message, see", CASES)
def test_a_mistake_is_one_line_at_its_place_from_validate_and_build(tmp_path, capsys, monkeypatch, name, keys, game,
                                                                     old, new, at, message, see):
    project = project_of(tmp_path, game, old, new)
    path = project / "content" / SLUG / "game.yaml"
    line = line_of(path, at)
    shown = message.replace("{file}", GAME).replace("{line}", str(line))
    if see:
        shown = shown.replace("{see}", f"{GAME}:{line_of(path, see)}")
    expected = f"{GAME}:{line}: {shown}\n"
    code, out, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert (code, out, err) == (1, "", expected)
    code, out, err = build(project, capsys, monkeypatch)
    assert (code, out, err) == (1, "", expected)
    assert not (project / "out").exists()


@pytest.mark.parametrize("game", [BASE, LAYOUTS], ids=["base", "layouts"])
def test_the_games_the_mistakes_are_made_in_are_valid(tmp_path, capsys, monkeypatch, game):
    project = game_project(tmp_path, game, files())
    code, out, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert (code, err) == (0, "") and out.startswith("content is valid")
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")


def covered() -> set[str]:
    return {key for param in CASES for key in param.values[1].split()}


@pytest.mark.parametrize("group, keys", [
    ("layer", sorted({key for kind in LAYERS.kinds.values() for key in (*kind.fields, *kind.optional)})),
    ("layout", sorted({*LAYOUT.fields, *LAYOUT.optional, "boxes"})),
    ("card", sorted(CARD_OPTIONAL)),
    ("looks", sorted(LOOKS)),
])
def test_every_key_of_the_vocabulary_has_a_case(group, keys):
    assert [key for key in keys if f"{group}.{key}" not in covered()] == []


# --- the same game twice; a colon word that is no icon --------------------------------------------------

TWICE = [("a type", "x: 16, y: 5", "x: left, y: 5"), ("a card's value", 'map: {fire: "#fff0e0", water: "#e0f0ff"}}',
                                                        'map: {fire: "#fff0e0"}}'),
         ("a file", "file: art.png", "file: gone.png"), ("lint", "x: 8, y: 68, width: 40", "x: 8, y: 61, width: 40")]


@pytest.mark.parametrize("name, old, new", TWICE, ids=[t[0] for t in TWICE])
def test_a_game_built_twice_fails_the_same_way_both_times(tmp_path, capsys, monkeypatch, name, old, new):
    project = project_of(tmp_path, BASE, old, new)
    strict = ("--strict",) if name == "lint" else ()  # the lint's findings are warnings, errors with --strict
    first = build(project, capsys, monkeypatch, SLUG, *strict)
    second = build(project, capsys, monkeypatch, SLUG, *strict)
    assert first[0] == 1 and first[2].count("\n") == 1 and first == second
    assert not (project / "out").exists()


def test_a_time_and_an_escaped_colon_word_are_printed_as_written(tmp_path, capsys, monkeypatch):
    """A time (10:30:) is words, and `\\:` writes a colon that begins no icon."""
    project = project_of(tmp_path, BASE, "Burns <b>twice</b> :fire:", "Burns at 10:30: and \\\\:tide:")
    code, _, err = build(project, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert "Burns at 10:30: and :tide:" in text_of(pages(project / "out" / SLUG / "deck.pdf")[0].chars)


def test_a_colon_word_one_letter_from_an_icon_is_an_error_at_the_card(tmp_path, capsys, monkeypatch):
    project = project_of(tmp_path, BASE, "Burns <b>twice</b> :fire:", "Burns <b>twice</b> :frie:")
    code, _, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    line = line_of(project / "content" / SLUG / "game.yaml", "Drake")
    assert code == 1
    rules = line_of(project / "content" / SLUG / "game.yaml", "rules: {")
    assert err == f"{GAME}:{line}: card 1 ('Drake'): face.layers.rules.field: text markup: unknown icon ':frie:' " \
                  f"(did you mean ':fire:'?) (see {GAME}:{rules})\n"


def test_a_text_that_would_run_for_ever_is_stopped_at_the_sandboxs_time(tmp_path, capsys, monkeypatch):
    """A card's `{{ }}` text of loops within loops (a hundred million turns) ends in one line,
    not a build that never ends: the sandbox's clock runs while the cards are evaluated."""
    monkeypatch.setattr("printkit.load.sandbox.TIME_LIMIT", 0.5)
    loops = '"{% for a in range(9999) %}{% for b in range(9999) %}{% endfor %}{% endfor %}{{ name }}"'
    project = project_of(tmp_path, BASE, 'text: "{{ name }}"', f"text: {loops}")
    started = time.monotonic()
    code, out, err = run(project, capsys, monkeypatch, "validate", SLUG, "--content", "content")
    assert (code, out) == (1, "")
    assert len(err.splitlines()) >= 1 and "the template ran for more than 0.5 s" in err
    # Every card of the deck, on both papers, under one clock: once it ran out, the next card's
    # loops were stopped as they began, not run to their end (6 s a card, 12 s in all, before)
    assert time.monotonic() - started < 8 * 0.5
