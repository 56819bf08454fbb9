"""A declared game's game.yaml (or a game's cards.yaml) read whole: its shape (vocabulary.py), then
what its values say about each other and about the files they name. A deck's cards from a CSV file
take the place of its file name, each value located at its row; every layer must lie on its card
(or reach no further than a bleed can), every colour, font, icon and image must be there, an image
a card's data names too (those files, fonts and colours: asset_checks.py). Every problem is at its
FILE:LINE; an image too coarse to print sharply is a warning there. What a value bound to the data gives for each card is checked when the deck
is planned (printkit/declared/faces.py). Which rows of a table each product takes is rows.py's."""

from __future__ import annotations

import difflib
from pathlib import Path

from printkit.ground.errors import warn
from printkit.load.schema import INVALID, Record
from printkit.plan.geometry import PAPERS, Rect
from printkit.declared import languages, layout, lint, place, translation_sheets, used
from printkit.declared.asset_checks import AssetChecks
from printkit.declared.layouts import game_layouts, once, once_declared, with_game_layouts
from printkit.declared.bind import BindingError, Evaluator, binding, one_field, scope_of
from printkit.declared.layers import to_bleed
from printkit.declared.cards import A_COUNT, copies_in
from printkit.declared.rows import Tables, counted
from printkit.declared.vocabulary import CARDS_FILE, COPIES, GAME_FILE, GAME_LAYOUTS

CARD_KINDS = {"deck": "cards", "tokens": "tokens"}  # a product kind that prints cards -> the key of its cards
FIXED = {"text": "text", "symbol": "symbol", "image": "file", "number": "text"}  # a layer's value when not a field
COLOUR_KEYS = ("colour", "fill", "stroke", "background")
SHOP_BLEED = 25.4 / 8  # mm: a shop's bleed, 1/8 in: art to the bleed edge is checked at the size it prints there


class GameFile(Record):
    """game.yaml of the declared game in `folder` (or, `spec` CARDS_FILE, a game's cards.yaml):
    its schema, and the checks that need the rest."""

    def __init__(self, folder: Path, slug: str, spec: Record = GAME_FILE, language: str | None = None):
        super().__init__(spec.fields, spec.optional)
        self.folder, self.slug, self.language = folder, slug, language  # the language it is built in

    def read(self, node, path, located, problems):
        data = self._read(node, path, located, problems)
        if data is INVALID:
            return INVALID
        checks = Checks(self.folder, self.slug, data, located, self.language)
        checks.run()
        once(checks.problems)
        for warning in checks.warnings:
            warn(warning)
        problems += checks.problems
        return INVALID if checks.problems else data


    def _read(self, node, path, located, problems):
        """The file read by its schema, the game's own layouts merged first and every card
        product reading them as its own (a mistake in one is said once, at its own line)."""
        start = len(problems)
        shared = game_layouts(node.value.get("layouts") if isinstance(node.value, dict) else None, problems)
        if shared is None:
            located.places.setdefault(path, (node.file, node.line))
            return INVALID
        token = GAME_LAYOUTS.set(shared)
        try:
            data = super().read(with_game_layouts(node, shared), path, located, problems)
        finally:
            GAME_LAYOUTS.reset(token)
        once_declared(problems, start)
        return data


def cards_file(folder: Path, slug: str) -> GameFile:
    """The schema and checks of a game's cards.yaml: its card products in printkit's layout language."""
    return GameFile(folder, slug, CARDS_FILE)


class Checks(AssetChecks):
    """What a game's values say about each other: its cards, its layouts and their layers (the files,
    fonts and colours they name: AssetChecks)."""

    def __init__(self, folder: Path, slug: str, data: dict, located, language: str | None = None):
        super().__init__(folder, slug, data, located)
        self.language, self.untranslated = language, []  # the words it lacks: (place, field)
        self._chooser = None  # what evaluates a side's choice of layout for each card
        self.tables = Tables(self)  # the tables of cards, each read once, and the rows each product takes

    def run(self) -> None:
        self._own_colours()
        for name, file in (self.data["fonts"] or {}).items():
            self._font(name, file)
        if self.data.get("font") is not None:
            self._font_named(("font",), self.data["font"])
        for name, icon in (self.data.get("icons") or {}).items():
            self._icon(("icons", name), icon)
        for name, layout_ in (self.data.get("layouts") or {}).items():
            self._declared(("layouts", name), layout_)  # first: a mistake in one is said at its own path
        for name, product in self.data["products"].items():
            if product["kind"] in CARD_KINDS:
                self._cards(("products", name), product)
        for name, layout_ in (self.data.get("layouts") or {}).items():
            self._files_of(("layouts", name), layout_)  # last: where it is used, each is seen at its size
        self.warnings += self.tables.untaken()
        if (lacking := languages.untranslated(self.untranslated, self.language,
                                              (languages.language_of(self.data) or ("",))[0],
                                              f"{self.slug}/game.yaml")) is not None:
            self.warnings.append(lacking)
        self.data["assets"] = {"files": self.files, "fonts": self.fonts}

    # --- cards ----------------------------------------------------------------------------------
    def _cards(self, path: tuple, product: dict) -> None:
        key = CARD_KINDS[product["kind"]]
        from_content = isinstance(product[key], dict) and "each" in product[key]  # read when it is planned
        if not isinstance(product[key], list) and not from_content and not self.tables.take(path + (key,), product):
            return
        card = layout.card_size(product)
        if not self._fits_a_page(path + ("size",), card):
            return
        listed = isinstance(product[key], list)
        sheets_read = translation_sheets.merge(self, path + (key,), product)  # FIELD.LANG, at the sheet's cells
        if listed:
            missing = languages.translated(self, path + (key,), product, self.language)
            self.untranslated += missing if sheets_read else []  # a sheet refused: what it lacks is not known
        cards = product[key] if listed else []
        for index, values in enumerate(cards):
            if COPIES in values and copies_in(values[COPIES]) is None:
                self.problems.append(self.at(path + (key, index, COPIES), f"'{values[COPIES]}' is not {A_COUNT}"))
        if listed:
            counted(self, path, product, cards)
        for side in ("face", "back"):
            self._chosen(path + (side,), product.get(side), product.get("layouts") or {})
        choosing = cards if listed else used.content_rows(self.data, product[key])  # what chooses each's layout
        for side, layout_ in used.layouts(product, choosing, self._chooses, self.data.get("layouts")):
            self._layout(path + side, layout_, card, cards if listed else None)
            for at, message in lint.colour_warnings(place.resolved(layout_, card), self._rgb, card):
                self._warn_once(self.at(path + side + at, message), message)

    def _fits_a_page(self, path: tuple, card: tuple[float, float]) -> bool:
        room = [(paper.printable.width, paper.printable.height) for paper in PAPERS.values()]
        if all(card[0] <= width and card[1] <= height for width, height in room):
            return True
        self.problems.append(self.at(path, f"a {card[0]:g} x {card[1]:g} mm card does not fit an A4 or "
                                           f"Letter page inside the printer's margins"))
        return False

    # --- layouts --------------------------------------------------------------------------------
    def _chosen(self, path: tuple, chosen, layouts: dict) -> None:
        """A side that names its layout, as written or through a field's map: each name a layout
        of the deck's (a name an expression gives is checked card by card)."""
        if chosen is None or (isinstance(chosen, dict) and "field" not in chosen):
            return
        bound = binding(chosen)
        named = [(path, chosen)] if bound.constant else \
            [(path + ("map", key), name) for key, name in (bound.mapping or ())] + \
            ([(path + ("default",), bound.default)] if bound.default is not None else []) \
            if bound.kind == "field" else []
        for at, name in named:
            if name not in layouts:
                close = difflib.get_close_matches(str(name), list(layouts), n=1)
                hint = f"did you mean '{close[0]}'?" if close else ("the deck's layouts: " + ", ".join(layouts)
                                                                     if layouts else "the deck has no `layouts:`")
                self.problems.append(self.at(at, f"no layout '{name}' ({hint})"))

    def _layout(self, path: tuple, layout_: dict, card, cards: list | None) -> None:
        for key in ("background", "colour"):
            self._literal_colours(path + (key,), layout_.get(key))
        self._font_named(path + ("font",), layout_.get("font"))
        if layout_.get("image") is not None:
            self._images(path + ("image",), layout_["image"], Rect(0, 0, *card), "stretch", cards)
        for name, layer in (layout_.get("layers") or {}).items():
            self._layer(path + ("layers", name), layer, card, cards)

    def _declared(self, path: tuple, layout_: dict) -> None:
        """A layout of the game's, as written: what is true of it on any card (its colours, fonts
        and boxes); the rest is checked on each product that uses it."""
        for key in ("background", "colour"):
            self._literal_colours(path + (key,), layout_.get(key))
        self._font_named(path + ("font",), layout_.get("font"))
        for name, layer in (layout_.get("layers") or {}).items():
            self._placed(path + ("layers", name), layer)
            for key in COLOUR_KEYS:
                self._literal_colours(path + ("layers", name, key), layer.get(key))
            self._font_named(path + ("layers", name, "font"), layer.get("font"))

    def _files_of(self, path: tuple, layout_: dict) -> None:
        """The images a layout of the game's names as written, read (if no product's check read them):
        a deck planned with it, whose cards were not known until then, has them."""
        named = [(path + ("image",), layout_.get("image"))] + [
            (path + ("layers", name, "file"), layer.get("file")) for name, layer in (layout_.get("layers") or {}).items()
            if layer["kind"] == "image"]
        for at, raw in named:
            if isinstance(raw, str) and binding(raw).constant and raw not in self.files:
                self._asset(at, raw, self._read_image)

    def _chooses(self, raw, values: dict):
        """The layout a side's binding chooses for a card's values; None when it cannot say (the
        card's problem, said when it is planned)."""
        bound = binding(raw)
        scope = one_field(bound, values) or {**scope_of(values, set(values)), "game": self.data,
                                             "values": self.data.get("values"), "end": "top"}
        if self._chooser is None:
            self._chooser = Evaluator(_sandbox())  # one for every card: a sandbox is not made in a moment
        try:
            return self._chooser.value(bound, scope)
        except BindingError:
            return None

    def _layer(self, path: tuple, layer: dict, card, cards: list | None) -> None:
        self._placed(path, layer)
        self._on_card(path, layer, card)
        layer = place.on(layer, card)  # its box in mm on this card, for what reads it as written
        fixed = FIXED.get(layer["kind"])
        if fixed and layer.get("field") is None and layer.get(fixed) is None:
            self.problems.append(self.at(path, f"give the layer a `field` (each card's own {layer['kind']}) or a "
                                               f"`{fixed}` (the same on every card, or bound to the card's data)"))
        if fixed and layer.get("field") is not None and layer.get(fixed) is not None:
            self.problems.append(self.at(path, f"give the layer a `field` or a `{fixed}`, not both"))
        for key in COLOUR_KEYS:
            self._literal_colours(path + (key,), layer.get(key))
        for value, colour in (layer.get("colours") or {}).items():
            self._colour(path + ("colours", value), colour)
        gradient = layer.get("gradient")
        if isinstance(gradient, dict) and "field" not in gradient:
            for index, colour in enumerate(gradient["colours"]):
                self._colour(path + ("gradient", "colours", index), colour)
        self._font_named(path + ("font",), layer.get("font"))
        if layer["kind"] == "image":
            source = layer.get("file") if layer.get("file") is not None else {"field": layer["field"]}
            rect = _box(layer, card)
            if rect is not None and layer.get("bleed"):  # as large as a shop's bleed makes it
                rect = to_bleed(rect, card, SHOP_BLEED)
            if rect is not None:
                self._images(path + ("file" if layer.get("file") is not None else "field",), source, rect,
                             layer.get("fit") if isinstance(layer.get("fit"), str) else None, cards)

    def _placed(self, path: tuple, layer: dict) -> None:
        """A symbol has a box unless it goes only in the corners; a polygon has its points, or a box
        and a number of sides; a box has two of the three measures of each dimension."""
        self.problems += [self.at(path, message) for message in used.box_problems(layer)]

    def _on_card(self, path: tuple, layer: dict, card) -> None:
        """A layer written as it is lies on the card it is used on, or reaches no further past the
        trim than a bleed can (words stay on the card)."""
        self.problems += [self.at(path, message) for message in used.off_card(layer, card)]

    # --- files ----------------------------------------------------------------------------------
    def _images(self, path: tuple, raw, box: Rect, fit: str | None, cards: list | None) -> None:
        """A layer's image, or each card's: there, readable, and sharp enough where it is printed."""
        bound = binding(raw)
        if bound.constant:
            self._image(path, raw, box, fit)
            return
        if cards is None:
            self.problems.append(self.at(path, "a deck whose cards come from the game's content names its "
                                               "images as they are, not from the cards' data"))
            return
        evaluator = Evaluator(_sandbox())
        fields = {field for values in cards for field in values}
        for index, values in enumerate(cards):
            scope = {**scope_of(values, fields), "game": self.data, "values": self.data.get("values"), "end": "top"}
            try:
                name = evaluator.value(bound, scope)
            except BindingError as error:
                self.problems.append(self.at(path, f"card {index + 1}: {error}"))
                continue
            if name:
                where = path[:2] + (CARD_KINDS[self.data["products"][path[1]]["kind"]], index) \
                    if bound.kind != "field" else path[:2] + (CARD_KINDS[self.data["products"][path[1]]["kind"]],
                                                              index, bound.value)
                self._image(where, str(name), box, fit)


def _box(layer: dict, card) -> Rect | None:
    values = [layer.get(key) for key in ("x", "y", "width", "height")]
    if any(not isinstance(value, (int, float)) for value in values):
        return None
    x, y, width, height = values
    return Rect(x, card[1] - y - height, width, height)


def _sandbox():
    from printkit.load.sandbox import Sandbox

    return Sandbox(Path("."), "templates")


