"""`printkit export --for tts` read back: each game's saved object checked field by field against
Tabletop Simulator's documented format, and its sheets by their grid arithmetic, for every deck
and token of the four bundled kits and of a declared game. Every figure comes from TTS's own
knowledge base (kb.tabletopsimulator.com; its source is github.com/Berserk-Games/
Tabletop-Simulator-Knowledge-Base), not from printkit's profile:

- a card sheet is at most 10 x 7 cards, "69 cards plus the hidden back card in the 70th slot",
  and "4096 or less" px (the deck tutorial; asset-creation: "4096x(whatever height fits)");
- the saved object (save-file-format): ObjectState's Name, Transform, Nickname, CardID, DeckIDs,
  CustomDeck ("Key matches the hundreth place of the id (ex. id = 354, index = 3)"),
  CustomDeckState's FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden, UniqueBack;
  CustomImageState's ImageURL, ImageSecondaryURL, CustomTile (Type "0 = Box, 1 = Hex, 2 =
  Circle, 3 = Rounded").

Each card's cell is compared with the card as another export renders it from its own PDF (MB Print's
one card side a page, 3 mm bleed), read here with pypdfium2 and pypdf.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote, urlparse

import pypdf
import pypdfium2
import pytest
import yaml
from PIL import Image, ImageChops, ImageStat

from conftest import CONTENT
from printkit.cli.main import main
from printkit.targets.profiles import profiles

MOST = (10, 7)  # columns, rows: the most a sheet holds
LARGEST = 4096  # px, either way
POINTS_PER_MM = 72 / 25.4
POKER = (63.5, 88.9)
POKER_PX = (409, 573)  # 4096 px / 10 cards = 409 px across; 409 x 88.9 / 63.5 = 572.6 down
SAVE_KEYS = {"SaveName", "ObjectStates"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
CUSTOM_DECK = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}
KITS = ("ascending-row-overflow", "cross-sums", "numbered-cards", "one-too-many")


def redo_tokens() -> int:
    return yaml.safe_load((CONTENT / "one-too-many" / "game.yaml").read_text())["redo_tokens"]


# What each kit's content makes, read from its own files: a deck's cards by name, in order.
DECKS = {
    "ascending-row-overflow": {"Deck": [str(n) for n in range(1, 25)]},  # id: the card's number, 1-24
    "cross-sums": {},  # no cards: sheets, booklets and a guide
    "numbered-cards": {"Ability cards": [f"card {n}" for n in range(1, 19)]},  # id: "card {{ number }}"
    "one-too-many": {},
}
TOKENS = {"one-too-many": {"Redo tokens": (["Redo"] * redo_tokens(), "square", (40.0, 40.0))}}


@contextmanager
def in_srgb(shop: str):
    """A PDF shop's files drawn in sRGB, as the table's images are: its one-card-a-page pages are
    then the reference, pixel for pixel (its own files are CMYK, which PDFium renders as ink on
    paper would look: black ink alone as (35, 31, 32), not black), and at any card size (the
    reference is the table's own cards, which a shop need not sell)."""
    shops = profiles()
    kept = shops[shop]
    shops[shop] = replace(kept, pdfx=None, cards=())
    try:
        yield
    finally:
        shops[shop] = kept


@pytest.fixture(scope="session")
def kits(tmp_path_factory) -> tuple[Path, Path]:
    """The four kits exported for TTS, and for MB Print (its one-card-a-page PDFs, in sRGB: the reference)."""
    tts, reference = tmp_path_factory.mktemp("tts"), tmp_path_factory.mktemp("mbprint")
    assert main(["export", "--for", "tts", "--content", str(CONTENT), "--out", str(tts)]) == 0
    with in_srgb("mbprint"):
        assert main(["export", "--for", "mbprint", "--content", str(CONTENT), "--out", str(reference)]) == 0
    return tts, reference


def game_yaml(cards: int) -> str:
    """A declared game: more cards than a sheet holds, a back naming each card's suit (so the
    backs differ), and round tokens of two kinds."""
    listed = "\n".join(f"      - {{number: {n}, suit: {('Sun', 'Moon', 'Star')[n % 3]}}}" for n in range(1, cards + 1))
    return (f"title: Table Test\nproducts:\n  deck:\n    kind: deck\n    size: poker\n    cards:\n{listed}\n"
            "    id: '{{ suit }} {{ number }}'\n"
            "    face:\n      layers:\n"
            "        number: {kind: number, field: number, x: 8, y: 25, width: 47.5, height: 30}\n"
            "    back:\n      layers:\n"
            "        suit: {kind: text, field: suit, x: 6, y: 40, width: 51.5, height: 10, size: 16}\n"
            "  chips:\n    kind: tokens\n    shape: round\n    size: 30\n    id: value\n"
            "    tokens:\n      - {value: '+1', copies: 2}\n      - {value: '+2'}\n"
            "    face:\n      layers:\n"
            "        value: {kind: text, field: value, x: 5, y: 10, width: 20, height: 10, size: 14}\n"
            "  rules:\n    kind: rules\n")


DECLARED_CARDS = 75  # 69 on the first sheet, 6 on the second
SUITS = ("Sun", "Moon", "Star")


@pytest.fixture(scope="session")
def declared(tmp_path_factory) -> tuple[Path, Path]:
    from declared import SLUG, game_project

    project = game_project(tmp_path_factory.mktemp("declared"), game_yaml(DECLARED_CARDS))
    tts, reference = project / "tts", project / "mbprint"
    assert main(["export", SLUG, "--for", "tts", "--content", str(project / "content"), "--out", str(tts)]) == 0
    with in_srgb("mbprint"):
        assert main(["export", SLUG, "--for", "mbprint", "--content", str(project / "content"),
                     "--out", str(reference)]) == 0
    return tts, reference


def saved(folder: Path, game: str) -> dict:
    return json.loads((folder / f"{game}.json").read_text(encoding="utf-8"))


def file_of(url: str, folder: Path) -> Path:
    """The file a file:/// URL names, which must lie in the export's folder."""
    parsed = urlparse(url)
    assert parsed.scheme == "file" and parsed.netloc == "", url
    path = Path(unquote(parsed.path))
    assert path.is_file() and path.resolve().is_relative_to(folder.resolve()), url
    return path


# --- the saved object, field by field ---------------------------------------------------------------

def check_save(save: dict, decks: dict, tokens: dict, folder: Path) -> None:
    assert SAVE_KEYS <= set(save) and isinstance(save["ObjectStates"], list)
    objects = save["ObjectStates"]
    found = [o for o in objects if o["Name"] == "DeckCustom"]
    assert [o["Nickname"] for o in found] == list(decks)
    ids = [key for deck in found for key in deck["CustomDeck"]]
    assert len(ids) == len(set(ids)), "a CustomDeck id is one sheet's in the whole save"
    for deck in found:
        check_deck(deck, decks[deck["Nickname"]], folder)
    tiles = [o for o in objects if o["Name"] == "Custom_Tile"]
    assert [o["Nickname"] for o in tiles] == [name for names, _, _ in tokens.values() for name in names]
    for tile, shape in zip(tiles, [shape for names, shape, _ in tokens.values() for _ in names]):
        check_tile(tile, shape, folder)
    assert len(objects) == len(found) + len(tiles)
    guids = [o["GUID"] for o in objects] + [c["GUID"] for o in found for c in o["ContainedObjects"]]
    assert all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids) and len(set(guids)) == len(guids)


def check_object(state: dict, name: str) -> None:
    assert state["Name"] == name
    assert set(state["Transform"]) == TRANSFORM and all(isinstance(v, float) for v in state["Transform"].values())
    assert set(state["ColorDiffuse"]) == {"r", "g", "b"}
    assert isinstance(state["Nickname"], str) and isinstance(state["Description"], str)


def check_deck(deck: dict, names: list[str], folder: Path) -> None:
    """CustomDeck entries keyed by id; a card's CardID is its sheet's id x 100 + its cell, never
    the hidden (last) one; DeckIDs are the cards' CardIDs in order; each card carries its sheet's
    entry; the cards named from the content, in its order; the deck face down (rotZ 180)."""
    check_object(deck, "DeckCustom")
    assert deck["Transform"]["rotZ"] == 180.0
    entries = deck["CustomDeck"]
    sheets = expected_sheets(len(names))
    assert len(entries) == len(sheets)
    for key, entry in entries.items():
        assert key.isdigit() and int(key) >= 1
        assert set(entry) == CUSTOM_DECK
        assert (entry["NumWidth"], entry["NumHeight"]) == sheets[list(entries).index(key)]
        assert entry["NumWidth"] <= MOST[0] and entry["NumHeight"] <= MOST[1]
        assert entry["BackIsHidden"] is True and entry["Type"] == 0 and isinstance(entry["UniqueBack"], bool)
        file_of(entry["FaceURL"], folder), file_of(entry["BackURL"], folder)
    cards = deck["ContainedObjects"]
    assert [card["Nickname"] for card in cards] == names
    assert deck["DeckIDs"] == [card["CardID"] for card in cards]
    expected = [(int(key) * 100 + cell) for key, (columns, rows) in zip(entries, sheets)
                for cell in range(min(columns * rows - 1, len(names) - 69 * list(entries).index(key)))]
    assert deck["DeckIDs"] == expected
    for card in cards:
        check_object(card, "Card")
        key = str(card["CardID"] // 100)
        assert card["CustomDeck"] == {key: entries[key]}
        assert card["SidewaysCard"] is False and card["Hands"] is True


def expected_sheets(count: int) -> list[tuple[int, int]]:
    """69 cards a full 10 x 7 sheet; the rest and the hidden card in rows of 10 (fewer columns
    when they fill less than a row)."""
    shapes = []
    while count > 0:
        held = min(count, MOST[0] * MOST[1] - 1)
        columns = min(MOST[0], held + 1)
        shapes.append((columns, -(-(held + 1) // columns)))
        count -= held
    return shapes


def check_tile(tile: dict, shape: str, folder: Path) -> None:
    check_object(tile, "Custom_Tile")
    image = tile["CustomImage"]
    assert {"ImageURL", "ImageSecondaryURL", "CustomTile"} <= set(image)
    assert image["CustomTile"]["Type"] == {"square": 0, "round": 2}[shape]  # Box, Circle
    assert image["CustomTile"]["Stackable"] is True and image["CustomTile"]["Thickness"] > 0
    file_of(image["ImageURL"], folder), file_of(image["ImageSecondaryURL"], folder)


@pytest.mark.parametrize("kit", KITS)
def test_a_kits_saved_object_is_tts_format_field_by_field(kits, kit):
    folder = kits[0]
    if not DECKS[kit] and kit not in TOKENS:
        assert not (folder / f"{kit}.json").exists() and not (folder / kit).exists()
        return
    check_save(saved(folder, kit), DECKS[kit], TOKENS.get(kit, {}), folder)


def test_a_declared_games_saved_object_is_tts_format_with_two_sheets_and_unique_backs(declared):
    from declared import SLUG

    folder = declared[0]
    names = [f"{SUITS[n % 3]} {n}" for n in range(1, DECLARED_CARDS + 1)]
    save = saved(folder, SLUG)
    check_save(save, {"Deck": names}, {"Chips": (["+1", "+1", "+2"], "round", (30.0, 30.0))}, folder)
    (deck,) = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert [e["UniqueBack"] for e in deck["CustomDeck"].values()] == [True, True]
    assert deck["DeckIDs"][68:70] == [168, 200]  # the 69th card in cell 68 of sheet 1; the 70th first on sheet 2


# --- the sheets, by their grid arithmetic ---------------------------------------------------------

def reference_cards(pdf: Path, card: tuple[int, int]) -> list[tuple[Image.Image, Image.Image]]:
    """(front, back) of each card of an MB Print PDF (front then back, card by card): each page
    cut to its TrimBox (read with pypdf) and rendered at `card` px across it."""
    boxes = [page.trimbox for page in pypdf.PdfReader(pdf).pages]
    document = pypdfium2.PdfDocument(pdf)
    images = []
    for page, trim in zip(document, boxes):
        page.set_cropbox(*(float(v) for v in (trim.left, trim.bottom, trim.right, trim.top)))
        image = page.render(scale=card[0] / float(trim.width)).to_pil().convert("RGB")
        images.append(image.crop((0, 0) + card))
    return list(zip(images[0::2], images[1::2]))


def difference(a: Image.Image, b: Image.Image) -> float:
    """The mean difference of two images' pixels, in grey levels."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def thumb(image: Image.Image) -> Image.Image:
    """An eighth of the size: what a card looks like, whatever PDFium's glyphs do at a pixel."""
    return image.reduce(8)


def check_sheets(deck: dict, folder: Path, reference: Path, card: tuple[int, int]) -> None:
    """Each sheet NumWidth x NumHeight cards of `card` px, at most 4096 px either way; card n of a
    sheet at column n mod NumWidth, row n div NumWidth: its centre pixel the reference card's (a
    grey level or two for the bleed's sub-pixel offset) and its cell nearer its own card than
    any other; the hidden cell and the back image the deck's back."""
    cards = [(front, back, thumb(front), thumb(back), front.tobytes(), back.tobytes())
             for front, back in reference_cards(reference, card)]
    start = 0
    for key, entry in deck["CustomDeck"].items():
        columns, rows = entry["NumWidth"], entry["NumHeight"]
        face = Image.open(file_of(entry["FaceURL"], folder)).convert("RGB")
        assert face.size == (columns * card[0], rows * card[1])
        assert max(face.size) <= LARGEST
        held = [c["CardID"] % 100 for c in deck["ContainedObjects"] if c["CardID"] // 100 == int(key)]
        assert held == list(range(len(held)))
        back = Image.open(file_of(entry["BackURL"], folder)).convert("RGB")
        for n in held:
            check_cell(cell(face, n, columns, card), cards, start + n, 0)
            if entry["UniqueBack"]:
                check_cell(cell(back, n, columns, card), cards, start + n, 1)
        hidden = cell(face, columns * rows - 1, columns, card)
        assert difference(hidden, cards[start][1]) < 0.5  # the back of the sheet's first card
        if not entry["UniqueBack"]:
            assert back.size == card and all(difference(back, c[1]) < 0.5 for c in cards)
        start += len(held)
    assert start == len(cards)


def cell(sheet: Image.Image, n: int, columns: int, card: tuple[int, int]) -> Image.Image:
    x, y = n % columns * card[0], n // columns * card[1]
    return sheet.crop((x, y, x + card[0], y + card[1]))


def check_cell(image: Image.Image, cards: list, index: int, side: int) -> None:
    """The cell is the card `index` rendered from its PDF (`cards`: each card's sides, and their
    thumbs): its centre pixel, and all its pixels on the mean; and it looks like no other card of
    the deck (one that differs) as much."""
    own, own_thumb = cards[index][side], cards[index][side + 2]
    centre = (image.width // 2, image.height // 2)
    assert all(abs(a - b) <= 1 for a, b in zip(image.getpixel(centre), own.getpixel(centre))), index
    assert difference(image, own) < 0.5, index
    small = thumb(image)
    near = difference(small, own_thumb)
    assert all(difference(small, c[side + 2]) > near for i, c in enumerate(cards)
               if i != index and c[side + 4] != cards[index][side + 4]), index


@pytest.mark.parametrize("kit", KITS)
def test_a_kits_sheets_hold_each_card_in_its_cell(kits, kit):
    folder, reference = kits
    if not DECKS[kit]:
        assert not list((folder / kit).glob("*/faces-*.png")) if (folder / kit).exists() else True
    save = saved(folder, kit) if (folder / f"{kit}.json").exists() else {"ObjectStates": []}
    for deck in [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]:
        product = {"Deck": "deck", "Ability cards": "ability-cards"}[deck["Nickname"]]
        check_sheets(deck, folder, reference / kit / f"{product}.pdf", POKER_PX)


def test_a_declared_games_two_sheets_and_back_sheets_hold_each_card_in_its_cell(declared):
    from declared import SLUG

    folder, reference = declared
    (deck,) = [o for o in saved(folder, SLUG)["ObjectStates"] if o["Name"] == "DeckCustom"]
    check_sheets(deck, folder, reference / SLUG / "deck.pdf", POKER_PX)


def test_a_tokens_tile_images_are_its_face_and_back_at_300_dpi(kits):
    """40 mm at 300 dpi: 472 px square; the face and back are the reference's."""
    folder, reference = kits
    tiles = [o for o in saved(folder, "one-too-many")["ObjectStates"] if o["Name"] == "Custom_Tile"]
    side = int(40 / 25.4 * 300)
    (front, back), *_ = reference_cards(reference / "one-too-many" / "redo-tokens.pdf", (side, side))
    for tile in tiles:
        face = Image.open(file_of(tile["CustomImage"]["ImageURL"], folder)).convert("RGB")
        under = Image.open(file_of(tile["CustomImage"]["ImageSecondaryURL"], folder)).convert("RGB")
        assert face.size == under.size == (side, side)
        # PDFium places a glyph on a whole pixel of its own rendering, and the reference's page
        # starts 3 mm (35.4 px) out: its text may stand a pixel off, so they are compared as thumbs
        assert difference(thumb(face), thumb(front)) < 6 < difference(thumb(face), thumb(back))
        assert difference(thumb(under), thumb(back)) < 6 < difference(thumb(under), thumb(front))


# --- hosting, a second export, preflight ------------------------------------------------------------

def test_base_url_names_every_image_where_the_folder_will_be_hosted(tmp_path):
    """For a multiplayer table: the images under the URL the export folder is uploaded to."""
    assert main(["export", "one-too-many", "--for", "tts", "--content", str(CONTENT), "--out", str(tmp_path),
                 "--base-url", "https://example.org/playtest/"]) == 0
    text = (tmp_path / "one-too-many.json").read_text(encoding="utf-8")
    urls = re.findall(r'"Image(?:Secondary)?URL": "([^"]+)"', text)
    assert len(urls) == 2 * redo_tokens() and "file:" not in text
    for url in urls:
        assert url.startswith("https://example.org/playtest/one-too-many/redo-tokens/token-01")
        assert (tmp_path / url.removeprefix("https://example.org/playtest/")).is_file()


def test_an_edited_card_is_a_sheet_of_a_new_name_and_the_old_one_is_removed(tmp_path):
    """TTS keeps an image under its URL: a changed sheet must be found at a new one."""
    from declared import SLUG, deck_yaml, game_project

    project = game_project(tmp_path, deck_yaml())
    argv = ["export", SLUG, "--for", "tts", "--content", str(project / "content"), "--out", str(tmp_path / "out")]
    assert main(argv) == 0
    (first,) = (tmp_path / "out" / SLUG / "deck").glob("faces-1-*.png")
    game = project / "content" / SLUG / "game.yaml"
    game.write_text(game.read_text().replace("name: Card 2", "name: Card Two"))
    assert main(argv) == 0
    (second,) = (tmp_path / "out" / SLUG / "deck").glob("faces-1-*.png")
    assert second != first and not first.exists()
    assert second.as_uri() in (tmp_path / "out" / f"{SLUG}.json").read_text()


def test_preflight_fails_a_sheet_larger_than_tts_takes(kits, tmp_path, capsys):
    import shutil

    folder = tmp_path / "tts"
    shutil.copytree(kits[0], folder)
    (sheet,) = (folder / "numbered-cards/ability-cards").glob("faces-1-*.png")
    Image.new("RGB", (4097, 1146), "white").save(sheet)
    capsys.readouterr()
    assert main(["preflight", str(folder)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{folder}/{sheet.relative_to(folder).as_posix()}: 4097 x 1146 px; Tabletop Simulator takes at most "
        f"4096 x 4096 px", f"{folder}/{sheet.relative_to(folder).as_posix()}: no sRGB colour profile (found: none)"]
