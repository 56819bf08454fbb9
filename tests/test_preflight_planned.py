"""Preflight of an export reads what printkit planned and no pixel twice (issue 41, point 5): a
deck's one picture, placed on every card, is read once for the file; a copy of it with ink over
the shop's limit, put on one card in the file alone, is still found there, and the picture itself
overinked is found on every card it is on, with or without the record's plan. A card image's
pixels are decoded only where the plan calls for them, but its every chunk is checked: a damaged
image is one line, and one whose pixels do not decode is found where they are read. The streams
printkit decodes at C speed decode as pypdf decodes them."""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import struct
import zlib
from pathlib import Path

import numpy
import pypdf
import pytest
from PIL import Image
from pypdf.generic import ArrayObject, DecodedStreamObject, EncodedStreamObject, NameObject

from declared import SLUG, game_project, line_of
from test_export import run

GAME = """\
title: Shared
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {name: One}
      - {name: Two}
      - {name: Three}
      - {name: Four}
    face:
      background: "#f4ecdc"
      frame: false
      layers:
        art: {kind: image, file: art.png, x: 10, y: 10, width: 40, height: 30}
        name: {kind: text, field: name, x: 10, y: 60, width: 40, height: 10, size: 12}
    back:
      words: Shared
"""
ART = (600, 450)  # px over 40 x 30 mm: 381 dpi
BLOCK = (200, 100)  # the planted square's top-left pixel: 10 x 10 px of 100 % of each ink
AT = "(23.4, 72.2)"  # mm from the trim's bottom-left: 10 + 200.5 / 600 x 40, 88.9 - 10 - 100.5 / 450 x 30

@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> dict[str, Path]:
    """The game's project exported for pdfx and tgc once; each test works on a copy."""
    folder = tmp_path_factory.mktemp("shared")
    picture = io.BytesIO()
    Image.new("RGB", ART, (120, 160, 200)).save(picture, "PNG")
    project = game_project(folder, GAME, {"art.png": picture.getvalue()})
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(project)
        for shop in ("pdfx", "tgc"):
            code, _, err = run_quietly(["export", SLUG, "--for", shop, "--out", f"out-{shop}"])
            assert code == 0, err
    return {shop: project / f"out-{shop}" for shop in ("pdfx", "tgc")}


def run_quietly(argv: list[str]) -> tuple[int, str, str]:
    from printkit.cli.main import main
    from contextlib import redirect_stderr, redirect_stdout

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit:
            code = exit.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def copied(exports, tmp_path, monkeypatch):
    """A copy of the project and its exports, the current folder: `out-pdfx`, `out-tgc`."""
    project = exports["pdfx"].parent
    shutil.copytree(project, tmp_path / "project")
    monkeypatch.chdir(tmp_path / "project")
    return tmp_path / "project"


def faults(folder: str, capsys) -> list[str]:
    code, out, err = run(["preflight", folder], capsys)
    assert code == 1 and out == "", out
    return [line for line in err.splitlines() if ": warning: " not in line]


def overinked(image) -> DecodedStreamObject:
    """A copy of a CMYK image XObject with the planted square (100 % of each ink: 400 %)."""
    width, height = int(image["/Width"]), int(image["/Height"])
    assert (width, height) == ART and image["/ColorSpace"] == "/DeviceCMYK"
    pixels = numpy.frombuffer(image.get_data(), dtype=numpy.uint8)[:width * height * 4].reshape(height, width, 4).copy()
    assert int(pixels.astype(int).sum(axis=2).max()) < 3 * 255  # the picture itself is under 300 %
    x, y = BLOCK
    pixels[y:y + 10, x:x + 10] = 255
    copy = DecodedStreamObject()
    copy.set_data(pixels.tobytes())
    for key, value in image.items():
        if key not in ("/Filter", "/DecodeParms", "/Length"):
            copy[NameObject(key)] = value
    return copy


def pictures(page) -> dict:
    return {name: ref for name, ref in (page["/Resources"].get("/XObject") or {}).items()
            if ref.get_object().get("/Subtype") == "/Image"}


def rewritten(path: Path, change) -> None:
    writer = pypdf.PdfWriter(clone_from=path)
    change(writer)
    with path.open("wb") as handle:
        writer.write(handle)


def fronts(path: Path) -> list:
    """The image objects each front places (pdfx: front, back, card by card)."""
    reader = pypdf.PdfReader(path)
    return [sorted(ref.idnum for ref in pictures(page).values()) for page in reader.pages[::2]]


def test_one_cards_copy_of_the_shared_picture_overinked_is_found_on_that_card(copied, capsys):
    path = copied / f"out-pdfx/{SLUG}/deck.pdf"
    (shared,), *others = fronts(path)
    assert all(ids == [shared] for ids in others)  # one picture object for the four cards: read once

    def change(writer):
        page = writer.pages[4]  # card 3's front
        ((name, ref),) = pictures(page).items()
        page["/Resources"]["/XObject"][NameObject(name)] = writer._add_object(overinked(ref.get_object()))

    rewritten(path, change)
    line = line_of(copied / "content" / SLUG / "game.yaml", "art: {kind: image")
    assert faults("out-pdfx", capsys) == [
        f"{SLUG}/game.yaml:{line}: {SLUG}/deck: card 3: art.png: total ink 400 % at {AT} mm "
        f"(out-pdfx/{SLUG}/deck.pdf, page 5), above the shop's 300 %"]


def overink_the_shared_picture(path: Path) -> None:
    def change(writer):
        ((name, ref),) = pictures(writer.pages[0]).items()
        writer._replace_object(ref, overinked(ref.get_object()).flate_encode())  # every card that places it

    rewritten(path, change)


def test_the_shared_picture_overinked_is_found_on_every_card_it_is_on(copied, capsys):
    overink_the_shared_picture(copied / f"out-pdfx/{SLUG}/deck.pdf")
    line = line_of(copied / "content" / SLUG / "game.yaml", "art: {kind: image")
    assert faults("out-pdfx", capsys) == [
        f"{SLUG}/game.yaml:{line}: {SLUG}/deck: card {card}: art.png: total ink 400 % at {AT} mm "
        f"(out-pdfx/{SLUG}/deck.pdf, page {2 * card - 1}), above the shop's 300 %" for card in range(1, 5)]


def unplanned(folder: Path) -> None:
    """The record's plan of every card side emptied: files preflight has no plan for."""
    record = folder / ".printkit-export.json"
    data = json.loads(record.read_text())
    for product in data["products"]:
        for card in product["cards"]:
            card["front"] = card["back"] = []
    record.write_text(json.dumps(data))


def test_with_no_plan_the_file_is_read_for_its_ink_all_the_same(copied, capsys):
    """`printkit preflight` of files whose record plans nothing: the ink is the file's, said at each
    card's row."""
    overink_the_shared_picture(copied / f"out-pdfx/{SLUG}/deck.pdf")
    unplanned(copied / "out-pdfx")
    game = copied / "content" / SLUG / "game.yaml"
    rows = {card: line_of(game, f"{{name: {name}}}") for card, name in enumerate(("One", "Two", "Three", "Four"), 1)}
    assert faults("out-pdfx", capsys) == [
        f"{SLUG}/game.yaml:{rows[card]}: {SLUG}/deck: card {card}: total ink 400 % at {AT} mm "
        f"(out-pdfx/{SLUG}/deck.pdf, page {2 * card - 1}), above the shop's 300 %" for card in range(1, 5)]


def chunks(data: bytes) -> list[tuple[int, bytes, bytes]]:
    """A PNG's chunks: (where its data starts, its type, its data)."""
    found, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        found.append((at + 8, data[at + 4:at + 8], data[at + 8:at + 8 + length]))
        at += 12 + length
    return found


def test_a_card_image_damaged_in_its_pixel_data_is_one_line(copied, capsys):
    """One byte of face-03.png's pixel data changed: its chunk's checksum says so, though no
    planned text or mark comes near the trim to have its pixels read."""
    path = copied / f"out-tgc/{SLUG}/deck/face-03.png"
    data = bytearray(path.read_bytes())
    start, kind, chunk = next(c for c in chunks(bytes(data)) if c[1] == b"IDAT")
    data[start + len(chunk) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    (line,) = faults("out-tgc", capsys)
    assert line.startswith(f"out-tgc/{SLUG}/deck/face-03.png: not a PNG that can be read: ") and "IDAT" in line, line


def test_a_card_image_whose_pixels_do_not_decode_is_found_where_the_pixels_are_read(copied, capsys):
    """face-02.png's compressed pixels garbled from halfway (0xff bytes), its checksum made right
    again: read where the record plans nothing on its side (its pixels are then what preflight
    has to read)."""
    unplanned(copied / "out-tgc")
    path = copied / f"out-tgc/{SLUG}/deck/face-02.png"
    data = path.read_bytes()
    ((start, _, chunk),) = [c for c in chunks(data) if c[1] == b"IDAT"]
    broken = chunk[:len(chunk) // 2] + b"\xff" * (len(chunk) - len(chunk) // 2)
    crc = struct.pack(">I", zlib.crc32(b"IDAT" + broken))
    path.write_bytes(data[:start] + broken + crc + data[start + len(chunk) + 4:])
    (line,) = faults("out-tgc", capsys)
    assert line.startswith(f"out-tgc/{SLUG}/deck/face-02.png: not a PNG that can be read: "), line


# --- the streams read at C speed -----------------------------------------------------------------

def encoded(raw: bytes, filters: list[str]) -> EncodedStreamObject:
    stream = EncodedStreamObject()
    stream._data = raw
    stream[NameObject("/Filter")] = ArrayObject([NameObject(name) for name in filters])
    return stream


@pytest.mark.parametrize("length", [0, 1, 2, 3, 4, 5, 8, 9, 4097])
@pytest.mark.parametrize("zeros", [False, True])
def test_ascii85_and_flate_decode_as_pypdf_decodes_them(length, zeros):
    from printkit.targets.streams import decoded

    data = bytes(length) if zeros else os.urandom(length)  # zeros: ASCII85's z groups
    once = base64.a85encode(data, adobe=True, wrapcol=72)
    twice = base64.a85encode(zlib.compress(data), adobe=True)
    assert decoded(encoded(once, ["/ASCII85Decode"])) == encoded(once, ["/ASCII85Decode"]).get_data() == data
    both = ["/ASCII85Decode", "/FlateDecode"]
    assert decoded(encoded(twice, both)) == encoded(twice, both).get_data() == data


@pytest.mark.parametrize("raw", [b"<~9jqo^BlbD-BleB1DJ+*+F(f,q~>", b"9jqo^zBlbD-~>", b"9jzqo^~>", b"9jq\xffo^~>",
                                 b"s8W-\"s8W-\"~>", b"9jqo^", b"<~9~>"])
def test_ascii85_printkit_does_not_decode_plainly_is_pypdfs_to_decode(raw):
    """A z inside a group, a byte outside ASCII85, a group over 2^32, no end, one lone digit:
    decoded (or refused) exactly as pypdf does."""
    from printkit.targets.streams import decoded

    try:
        expected = encoded(raw, ["/ASCII85Decode"]).get_data()
    except Exception as error:  # pypdf's refusal: printkit's is the same
        with pytest.raises(type(error)):
            decoded(encoded(raw, ["/ASCII85Decode"]))
    else:
        assert decoded(encoded(raw, ["/ASCII85Decode"])) == expected
