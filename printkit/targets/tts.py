"""Tabletop Simulator's side of `printkit export --for tts` (the figures and their sources are the
profile's, in printkit/shops.yaml):

- a deck's card sheets: its faces, in print order, at most `grid` cards a sheet less one, card n of
  a sheet in column n mod columns and row n div columns, the hidden card (the back) in the last
  cell, each sheet at most `largest` px either way; the back as one image, or as sheets of the same
  grid where the cards' backs differ (UniqueBack);
- a token's face and back images, for a custom tile;
- a saved object a game (`<game>.json`, TTS's save format): a DeckCustom a deck (its CustomDeck
  entries, DeckIDs and a Card a card, named from the content) and a Custom_Tile a token, their
  images as file:/// URIs of the written files (or under --base-url, where they are hosted).

An image's name carries a digest of its pixels: TTS keeps every image it has loaded under its URL,
so a changed sheet must have a new one to be seen.
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
from PIL import Image

from printkit.plan.geometry import MM_PER_INCH
from printkit.targets.pdfx import icc_profile
from printkit.pipeline.write import Output

POINTS_PER_MM = 72 / MM_PER_INCH
TINT = 0.713235259  # the grey TTS writes as a card's ColorDiffuse (its own saves)
THICKNESS = 0.1  # a tile's thickness in game units ("about an inch"): 2.5 mm of board
SPACING = 3.0  # game units between the objects laid out on the table
IMAGE = {"front": "face", "back": "back"}  # a card side's image
TILE_SHAPE = {False: 0, True: 2}  # round: CustomTileState Type, 0 = Box, 2 = Circle


@dataclass(frozen=True)
class Grid:
    """One card sheet: `count` cards in `columns` x `rows` cells of `card` px each."""

    columns: int
    rows: int
    count: int
    card: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.card[0], self.rows * self.card[1]

    @property
    def hidden(self) -> int:
        """The last cell: TTS's hidden card."""
        return self.columns * self.rows - 1

    def corner(self, cell: int) -> tuple[int, int]:
        """The top-left pixel of `cell` (from 0, left to right, then down)."""
        return cell % self.columns * self.card[0], cell // self.columns * self.card[1]


def grids(count: int, trim: tuple[float, float], dpi: int, most: tuple[int, int], largest: int) -> list[Grid]:
    """The sheets of a deck of `count` cards: as many full ones (most cells, the last hidden) as
    it takes, the last as few rows (and, alone, columns) as hold the rest and its hidden card;
    the same card size on every sheet."""
    per = most[0] * most[1] - 1
    counts = [min(per, count - start) for start in range(0, count, per)]
    shapes = [_shape(n, most[0]) for n in counts]
    card = pixels(trim, dpi, largest, max(c for c, _ in shapes), max(r for _, r in shapes))
    return [Grid(columns, rows, n, card) for (columns, rows), n in zip(shapes, counts)]


def _shape(count: int, columns: int) -> tuple[int, int]:
    cells = count + 1  # and the hidden card
    columns = min(columns, cells)
    return columns, -(-cells // columns)


def pixels(trim: tuple[float, float], dpi: int, largest: int, columns: int = 1, rows: int = 1) -> tuple[int, int]:
    """A card's size in whole px: at `dpi`, or less where `columns` x `rows` of them would be wider
    or taller than `largest` px."""
    scale = min(dpi / MM_PER_INCH, largest / (columns * trim[0]), largest / (rows * trim[1]))
    return int(trim[0] * scale + 1e-9), int(trim[1] * scale + 1e-9)


def rendered(pdf: bytes, size: tuple[int, int], keys: list) -> "Rendered":
    """Every page of `pdf` (a card side a page, the trim exactly) as an RGB image of `size` px,
    `size[0]` px across the trim: PDFium rounds a page's last part of a pixel up, which is cut off
    (never resampled, which would blur every edge); a page whose key an earlier one has is that
    one's image. Each is rendered when it is asked for, so that a deck's images are not all in
    memory at once (10,000 faces at a sheet's size are some 7 GB)."""
    return Rendered(pypdfium2.PdfDocument(pdf), size, list(keys), range(len(keys)))


class Rendered:
    """Pages of a PDF as images, rendered when asked for: only the image of a key that more
    than one page has (a deck's shared back) is kept, to be given again."""

    def __init__(self, document, size: tuple[int, int], keys: list, indices: range, kept: dict | None = None):
        self.document, self.size, self.keys, self.indices = document, size, keys, indices
        self.kept = {} if kept is None else kept  # key -> image, shared by every part of the pages
        if kept is None:
            seen: set = set()
            self.repeated = {key for key in keys if key in seen or seen.add(key)}
            self.first = {}
            for index, key in enumerate(keys):
                self.first.setdefault(key, index)

    def __len__(self) -> int:
        return len(self.indices)

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def __getitem__(self, item):
        if isinstance(item, slice):
            part = Rendered(self.document, self.size, self.keys, self.indices[item], self.kept)
            part.repeated, part.first = self.repeated, self.first
            return part
        key = self.keys[self.indices[item]]
        if key in self.kept:
            return self.kept[key]
        page = self.document[self.first[key]]
        image = page.render(scale=self.size[0] / page.get_width()).to_pil().convert("RGB").crop((0, 0) + self.size)
        if key in self.repeated:
            self.kept[key] = image
        return image

    def alike(self) -> bool:
        """Whether every page is the same one (by key): a deck's backs, drawn from one layout."""
        return len({self.keys[i] for i in self.indices}) <= 1


def sheet(grid: Grid, cards: list[Image.Image], hidden: Image.Image) -> Image.Image:
    """The cards in their cells, the hidden card in the last; empty cells white."""
    image = Image.new("RGB", grid.size, "white")
    for cell, card in enumerate(cards):
        image.paste(card, grid.corner(cell))
    image.paste(hidden, grid.corner(grid.hidden))
    return image


def png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", icc_profile=icc_profile())
    return buffer.getvalue()


def named(folder: Path, stem: str, data: bytes) -> Output:
    """A PNG named by what it is and a digest of its bytes (a new URL when it changes)."""
    return Output(folder / f"{stem}-{hashlib.sha256(data).hexdigest()[:8]}.png", data, 1)


# --- a product's files ---------------------------------------------------------------------------

def deck_files(folder: Path, names: list[str], faces: list[Image.Image], backs: list[Image.Image],
               plans: list[Grid]) -> tuple[list[Output], list[dict]]:
    """A deck's sheets, and what each sheet holds: its face and back files, its grid, whether the
    backs are a sheet too, and each card's name and cell."""
    alike = getattr(backs, "alike", lambda: False)()  # one key: one image, never compared pixel by pixel
    unique = not alike and _differ(backs)
    files, sheets, start = [], [], 0
    shared = None if unique else named(folder, "back", png(backs[0]))
    for number, grid in enumerate(plans, start=1):
        held = range(start, start + grid.count)
        face = named(folder, f"faces-{number}", png(sheet(grid, [faces[i] for i in held], backs[start])))
        back = named(folder, f"backs-{number}", png(sheet(grid, [backs[i] for i in held], backs[start]))) \
            if unique else shared
        files += [face] + ([back] if unique else [])
        sheets.append({"face": str(face.path), "back": str(back.path), "columns": grid.columns, "rows": grid.rows,
                       "unique_back": unique, "cards": [{"name": names[i], "cell": i - start} for i in held]})
        start += grid.count
    return files + ([shared] if shared else []), sheets


def _differ(backs) -> bool:
    first = backs[0].tobytes()
    return any(back.tobytes() != first for back in backs[1:])


def token_files(folder: Path, names: list[str], faces: list[Image.Image],
                backs: list[Image.Image]) -> tuple[list[Output], list[dict]]:
    """A face and a back image for each different token, and each token's name and images."""
    files, made, tokens = [], {}, []
    for name, face, back in zip(names, faces, backs):
        key = (face.tobytes(), back.tobytes())
        if key not in made:
            number = len(made) + 1
            made[key] = (named(folder, f"token-{number:02d}", png(face)),
                         named(folder, f"token-{number:02d}-back", png(back)))
            files += made[key]
        tokens.append({"name": name, "face": str(made[key][0].path), "back": str(made[key][1].path)})
    return files, tokens


# --- the saved object ----------------------------------------------------------------------------

def saved_name(game: str, language: str | None, title: str) -> tuple[str, str]:
    """The saved object's file name and its name in TTS: a game's (`signal-fires.json`), or one
    language's of a game in several (`signal-fires-de.json`, "Signal Fires (de)"): TTS lists saved
    objects by their file's name, where a player picks the language to play in."""
    if language is None:
        return f"{game}.json", title
    return f"{game}-{language}.json", f"{title} ({language})"


def _label(product: dict) -> str:
    """A deck's or a token's name on the table: with its language, for a game in several."""
    language = product.get("language")
    return f"{product['label']} ({language})" if language else product["label"]


def saved_object(title: str, note: str, products: list[dict], url) -> bytes:
    """TTS's saved object of a game's `products` (each a deck's sheets or a product's tokens, as
    `deck_files` and `token_files` describe them); `url(path)` is the URL of the image written at
    `path`."""
    states, deck_id, x = [], 1, 0.0
    for product in products:
        if product["kind"] == "deck":
            states.append(_deck(product, deck_id, (x, 0.0), url))
            deck_id += len(product["sheets"])
            x += SPACING
        else:
            states += _tiles(product, (x, 0.0), url)
            x += (min(10, len(product["tokens"])) + 1) * SPACING / 2
    save = {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": note, "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": states, "VersionNumber": ""}
    return (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _deck(product: dict, first: int, where, url) -> dict:
    """A DeckCustom: a CustomDeck entry a sheet, keyed by its id; a card's CardID is its sheet's
    id times 100 plus its cell, and it carries its sheet's entry, as TTS saves a card."""
    entries = {str(first + i): _custom_deck(sheet, url) for i, sheet in enumerate(product["sheets"])}
    placed = [(str(first + i), card) for i, sheet in enumerate(product["sheets"]) for card in sheet["cards"]]
    cards = [_object("Card", card["name"], where, True, f"{_label(product)}/{number}", Hands=True,
                     CardID=int(key) * 100 + card["cell"], SidewaysCard=product["sideways"],
                     CustomDeck={key: entries[key]})
             for number, (key, card) in enumerate(placed, start=1)]
    return _object("DeckCustom", _label(product), where, True, _label(product), product["description"],
                   Hands=False, SidewaysCard=product["sideways"], DeckIDs=[card["CardID"] for card in cards],
                   CustomDeck=entries, ContainedObjects=cards)


def _custom_deck(sheet: dict, url) -> dict:
    return {"FaceURL": url(sheet["face"]), "BackURL": url(sheet["back"]), "NumWidth": sheet["columns"],
            "NumHeight": sheet["rows"], "BackIsHidden": True, "UniqueBack": sheet["unique_back"], "Type": 0}


def _tiles(product: dict, where, url) -> list[dict]:
    """A Custom_Tile a token, face up, in rows of ten beside the decks."""
    return [_object("Custom_Tile", token["name"], (where[0] + n % 10 * SPACING / 2, where[1] + n // 10 * SPACING / 2),
                    False, f"{_label(product)}/{n + 1}", product["description"],
                    CustomImage={"ImageURL": url(token["face"]), "ImageSecondaryURL": url(token["back"]),
                                 "ImageScalar": 1.0, "WidthScale": 0.0,
                                 "CustomTile": {"Type": TILE_SHAPE[product["round"]], "Thickness": THICKNESS,
                                                "Stackable": True, "Stretch": False}})
            for n, token in enumerate(product["tokens"])]


def _object(name: str, nickname: str, where, face_down: bool, key: str, description: str = "", **fields) -> dict:
    """An ObjectState: where it lies (x, z; face down is turned 180 degrees about z, as TTS saves a
    deck), TTS's default toggles, and its own `fields`."""
    return {"GUID": hashlib.sha256(key.encode("utf-8")).hexdigest()[:6], "Name": name,
            "Transform": {"posX": where[0], "posY": 1.0, "posZ": where[1], "rotX": 0.0, "rotY": 180.0,
                          "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
            "Nickname": nickname, "Description": description, "ColorDiffuse": {"r": TINT, "g": TINT, "b": TINT},
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "GridProjection": False, **fields, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}
