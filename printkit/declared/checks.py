"""A declared game's game.yaml read whole: its shape (vocabulary.py), then what its values say about
each other and about the files they name. A deck's cards from a CSV file take the place of its
file name, each value located at its row; every box must lie on its card and name a field some
card has; every colour, font and image must be there. Every problem is at its FILE:LINE; an image
too coarse to print sharply is a warning there."""

from __future__ import annotations

import difflib
from pathlib import Path

from printkit.errors import Problem, PrintkitError, warn
from printkit.load.schema import INVALID, Record, dotted
from printkit.plan.geometry import PAPERS, Rect
from printkit.declared import layout
from printkit.declared.sources import Asset, SheetError, font_name, read_cards, read_font, read_image
from printkit.declared.vocabulary import COPIES, GAME_FILE

CARD_KINDS = {"deck": "cards", "tokens": "tokens"}  # a product kind that prints cards -> the key of its cards
FIXED = {"text": "text", "symbol": "symbol", "image": "file", "number": None}  # a box's value when not a field
EPSILON = 1e-6


class GameFile(Record):
    """game.yaml of the declared game in `folder`: its schema, and the checks that need the rest."""

    def __init__(self, folder: Path, slug: str):
        super().__init__(GAME_FILE.fields, GAME_FILE.optional)
        self.folder, self.slug = folder, slug

    def read(self, node, path, located, problems):
        data = super().read(node, path, located, problems)
        if data is INVALID:
            return INVALID
        checks = Checks(self.folder, self.slug, data, located)
        checks.run()
        for warning in checks.warnings:
            warn(warning)
        problems += checks.problems
        return INVALID if checks.problems else data


class Checks:
    def __init__(self, folder: Path, slug: str, data: dict, located):
        self.folder, self.slug, self.data, self.located = folder, slug, data, located
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.files: dict[str, dict] = {}  # a file's name -> what the manifest and the drawing need of it
        self.fonts: dict[str, str] = {}  # a font's name in game.yaml -> the name it is registered under

    def at(self, path: tuple, message: str) -> Problem:
        return self.located.problem(path, f"{dotted(path)}: {message}")

    def run(self) -> None:
        self._own_colours()
        for name, file in (self.data["fonts"] or {}).items():
            asset = self._asset(("fonts", name), file, lambda path: read_font(path, f"{self.slug}-{name}"))
            if asset:
                self.fonts[name] = font_name(f"{self.slug}-{name}", asset.digest)
        for name, product in self.data["products"].items():
            if product["kind"] in CARD_KINDS:
                self._cards(("products", name), product)
        self.data["assets"] = {"files": self.files, "fonts": self.fonts}

    # --- cards ----------------------------------------------------------------------------------
    def _cards(self, path: tuple, product: dict) -> None:
        key = CARD_KINDS[product["kind"]]
        if not isinstance(product[key], list) and not self._from_csv(path + (key,), product):
            return
        card = layout.card_size(product)
        if not self._fits_a_page(path + ("size",), card):
            return
        for index, values in enumerate(product[key]):
            if COPIES in values and not (values[COPIES].isdigit() and 1 <= int(values[COPIES]) <= 99):
                self.problems.append(self.at(path + (key, index, COPIES), f"'{values[COPIES]}' is not a "
                                                                         f"number of copies (1 to 99)"))
        fields = sorted({field for values in product[key] for field in values} - {COPIES})
        for name, box in product["face"]["boxes"].items():
            self._box(path, key, name, box, product[key], fields, card)
        self._look(path + ("face",), product["face"], ("background",))
        self._back(path + ("back",), product.get("back"), card)

    def _from_csv(self, path: tuple, product: dict) -> bool:
        """The cards of a table (a CSV file, a workbook's sheet) in place of its name, each card
        located at its row and each value at its row (CSV) or its own cell (a workbook)."""
        table = product[path[-1]]
        name, sheet = (table, None) if isinstance(table, str) else (table["file"], table["sheet"])
        named = path if isinstance(table, str) else path + ("file",)
        shown = f"{self.slug}/{name}"
        try:
            cards = read_cards(self._inside(named, name), shown, sheet)
        except FileNotFoundError:
            self.problems.append(self.at(named, f"CSV file '{name}' is missing"))
            return False
        except SheetError as error:
            self.problems.append(self.at(path + ("sheet",), str(error)))
            return False
        except (PrintkitError, ValueError) as error:
            self.problems += getattr(error, "problems", None) or [self.at(named, f"'{name}' {error}")]
            return False
        product[path[-1]] = [card.values for card in cards]
        for index, card in enumerate(cards):
            self.located.places[path + (index,)] = card.place
            for field, place in card.places.items():
                self.located.places[path + (index, field)] = place
        return True

    def _fits_a_page(self, path: tuple, card: tuple[float, float]) -> bool:
        room = [(paper.printable.width, paper.printable.height) for paper in PAPERS.values()]
        if all(card[0] <= width and card[1] <= height for width, height in room):
            return True
        self.problems.append(self.at(path, f"a {card[0]:g} x {card[1]:g} mm card does not fit an A4 or "
                                           f"Letter page inside the printer's margins"))
        return False

    def _box(self, product: tuple, key: str, name: str, box: dict, cards: list, fields: list, card) -> None:
        path = product + ("face", "boxes", name)
        for edge, size, length, across in (("x", "width", card[0], "wide"), ("y", "height", card[1], "tall")):
            if box[edge] + box[size] > length + EPSILON:
                self.problems.append(self.at(path, f"the box runs off the card: {edge} + {size} = "
                                                   f"{box[edge] + box[size]:g} mm, the card is {length:g} mm {across}"))
        fixed = FIXED[box["kind"]]
        if fixed and (box["field"] is None) == (box[fixed] is None):
            self.problems.append(self.at(path, f"give the box a `field` (each card's own {box['kind']}) or a "
                                               f"`{fixed}` (the same on every card), one of the two"))
        if box["field"] is not None and box["field"] not in fields:
            close = difflib.get_close_matches(box["field"], fields, n=1)
            hint = f"did you mean '{close[0]}'?" if close else "the cards' fields: " + ", ".join(fields)
            self.problems.append(self.at(path + ("field",), f"no card has a field '{box['field']}' ({hint})"))
        self._look(path, box, ("colour", "fill"))
        for value, colour in (box.get("colours") or {}).items():
            self._colour(path + ("colours", value), colour)
        if box["kind"] == "image":
            self._images(product, key, path, box, cards, card)

    def _images(self, product: tuple, key: str, path: tuple, box: dict, cards: list, card) -> None:
        """The box's image, or each card's: there, readable, and sharp enough where it is printed."""
        rect = layout.box_rect(box, card)
        if box["file"] is not None:
            self._image(path + ("file",), box["file"], rect, box["fit"])
            return
        for index, values in enumerate(cards):
            if box["field"] in values:
                self._image(product + (key, index, box["field"]), values[box["field"]], rect, box["fit"])

    def _back(self, path: tuple, back: dict | None, card) -> None:
        if back is None:
            return
        self._look(path, back, ("background", "colour"))
        if back["image"] is not None:
            self._image(path + ("image",), back["image"], Rect(0, 0, *card), "stretch")

    # --- files ----------------------------------------------------------------------------------
    def _image(self, path: tuple, name: str, box: Rect, fit: str | None) -> None:
        asset = self._asset(path, name, read_image)
        if asset is None or asset.svg:
            return
        printed = layout.image_rect(box, asset.size, fit)
        dpi = layout.dpi(asset.size, printed)
        if dpi < layout.SHARP - 0.5:
            self.warnings.append(self.at(path, f"image '{name}' is {dpi:.0f} dpi printed "
                                               f"{printed.width:.1f} x {printed.height:.1f} mm (it looks soft below "
                                               f"{layout.SHARP} dpi: {asset.size[0]} x {asset.size[1]} pixels; "
                                               f"{_pixels(printed)} would do)"))

    def _asset(self, path: tuple, name: str, read) -> Asset | None:
        """A file the game names, read once; None (and a problem at `path`) when it cannot be."""
        try:
            asset = read(self._inside(path, name))
        except ValueError as error:
            self.problems.append(self.at(path, f"'{name}' {error}"))
            return None
        self.files[name] = asset.as_data()
        return asset

    def _inside(self, path: tuple, name: str) -> Path:
        """A file named in game.yaml, which must be in the game's own folder."""
        target = (self.folder / name).resolve()
        if not target.is_relative_to(self.folder.resolve()):
            raise ValueError(f"is outside the game's folder, {self.slug}/")
        return target

    # --- colours and fonts ----------------------------------------------------------------------
    def _own_colours(self) -> None:
        for name, value in (self.data["colours"] or {}).items():
            if layout.colour(value, None) is None:
                self.problems.append(self.at(("colours", name), _not_a_colour(value, {})))

    def _look(self, path: tuple, values: dict, colours: tuple[str, ...]) -> None:
        for key in colours:
            if values.get(key) is not None:
                self._colour(path + (key,), values[key])
        font = values.get("font")
        if font is not None and font not in (self.data["fonts"] or {}):
            known = ", ".join(self.data["fonts"] or {}) or "none: add a `fonts:` mapping of names to TTF files"
            self.problems.append(self.at(path + ("font",), f"no font '{font}' (the game's fonts: {known})"))

    def _colour(self, path: tuple, value: str) -> None:
        """A colour written in a product: one of the game's own (checked where it is defined) or one
        that is a colour as it stands."""
        if value not in (self.data["colours"] or {}) and layout.colour(value, None) is None:
            self.problems.append(self.at(path, _not_a_colour(value, self.data["colours"] or {})))


def _not_a_colour(value: str, own: dict) -> str:
    names = list(own) + list(layout.NAMED)
    close = difflib.get_close_matches(value.lower(), names, n=1)
    hint = f"did you mean '{close[0]}'?" if close else "a name such as navy or darkred, or #rrggbb"
    return f"'{value}' is not a colour ({hint})"


def _pixels(printed: Rect) -> str:
    width, height = (round(side / 25.4 * layout.SHARP) for side in (printed.width, printed.height))
    return f"{width} x {height}"
