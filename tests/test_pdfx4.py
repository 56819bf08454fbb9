"""PDF/X-4 for a press (issue 24, item 2): the `pdfx` target (any offset printer, one card side a
page) and MeinSpiel (its fronts and its backs in files of their own, card N on page N of each),
read back with pypdf, pdfplumber, qpdf and Ghostscript's ink coverage. Every expected figure is
computed here, not taken from printkit: the trims from the cards' sizes (poker 63.5 x 88.9 mm,
One Too Many's 40 mm tokens) and the shops' 3 mm bleed; a colour as littleCMS (Pillow's ImageCms)
converts it through the profile's file; an ICC profile's class and colour space from its header's
bytes (ICC.1:2010, 7.2.5 and 7.2.6). No PDF/X validator runs here (veraPDF checks PDF/A and PDF/UA,
not PDF/X; none is installed): these tests read the clauses of ISO 15930-7 they name."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pdfplumber
import pypdf
import pytest
import yaml
from PIL import Image, ImageCms

from conftest import CONTENT, ROOT, mm
from declared import SLUG, game_project, starter_project
from printkit.cli.main import main
from test_export_colour import grey_as_printed

SHOPS = ("pdfx", "meinspiel")
ICC = ROOT / "printkit" / "icc" / "FOGRA39-300.icc"
LIMIT = 300  # % total ink: FOGRA39's ISO Coated v2 300% figure, and MeinSpiel's "Farbdeckung maximal 300%"
BLEED = 3.0  # mm a side: "mindestens 3 mm Beschnittzugabe" (an offset printer), "umlaufend 3 mm Beschnitt" (MeinSpiel)
POKER, TOKEN = (63.5, 88.9), (40.0, 40.0)
REDO = yaml.safe_load((CONTENT / "one-too-many" / "game.yaml").read_text())["redo_tokens"]
PRODUCTS = {"numbered-cards/ability-cards": (POKER, 18), "one-too-many/redo-tokens": (TOKEN, REDO)}
TOL = 0.05
BLACK, WHITE = (0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 0.0)
COLOURS = {b"g", b"G", b"rg", b"RG", b"k", b"K", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}
SKIES = {"sun": (0xb2, 0x3a, 0x1e), "moon": (0x1f, 0x4e, 0x8c), "star": (0x8a, 0x6a, 0x00)}  # the starter game's
RED = (0xc8, 0x32, 0x28)

pytestmark = pytest.mark.usefixtures("any_size")  # a poker deck to every press: what is tested is the file


def export(shop: str, out: Path, *args: str) -> Path:
    assert main(["export", "--for", shop, "--out", str(out), *args]) == 0  # and its preflight passed
    return out


@pytest.fixture(scope="module")
def bundled(tmp_path_factory) -> dict[str, Path]:
    """The bundled games exported for both shops, once."""
    return {shop: export(shop, tmp_path_factory.mktemp(shop), "--content", str(CONTENT)) for shop in SHOPS}


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> dict[str, Path]:
    """The starter game (Three Skies: #b23a1e, #1f4e8c, #8a6a00) exported for both shops, once."""
    project = starter_project(tmp_path_factory.mktemp("starter"))
    return {shop: export(shop, project / "out" / shop, "--content", str(project / "content")) for shop in SHOPS}


SIDES = """\
title: Sides
colours: {sun: "#b23a1e"}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {name: Alpha, face: front, back: back}
      - {name: Bravo, face: front, back: back}
      - {name: Charlie, face: front, back: back}
      - {name: Delta, face: front, back: back}
    layouts:
      front:
        background: sun
        layers:
          title: {kind: text, text: "Front {{ name }}", x: 10, y: 8, width: 43.5, height: 10}
          half: {kind: image, file: half.png, x: 10, y: 30, width: 40, height: 20}
          grey: {kind: image, file: grey.png, x: 10, y: 55, width: 40, height: 20}
      back:
        layers:
          title: {kind: text, text: "Back {{ name }}", x: 10, y: 40, width: 43.5, height: 10}
    face: {field: face}
    back: {field: back}
  rules: {kind: rules}
"""
NAMES = ("Alpha", "Bravo", "Charlie", "Delta")


def png(image: Image.Image) -> bytes:
    data = io.BytesIO()
    image.save(data, "PNG")
    return data.getvalue()


@pytest.fixture(scope="module")
def sides(tmp_path_factory) -> dict[str, Path]:
    """A deck whose every card's front and back name it, on a coloured ground, with a red picture
    whose right half is transparent and an opaque grey one (each 381 dpi as placed)."""
    half = Image.new("RGBA", (600, 300), RED + (255,))
    half.paste((0, 0, 0, 0), (300, 0, 600, 300))
    files = {"half.png": png(half), "grey.png": png(Image.new("L", (600, 300), 96))}
    project = game_project(tmp_path_factory.mktemp("sides"), SIDES, files)
    return {shop: export(shop, project / "out" / shop, SLUG, "--project", str(project)) for shop in SHOPS}


def pdfs(folder: Path) -> list[Path]:
    found = sorted(folder.rglob("*.pdf"))
    assert found
    return found


def in_cmyk(rgb: tuple[int, int, int]) -> tuple[float, ...]:
    """An sRGB colour through FOGRA39-300.icc, relative colorimetric with black point compensation."""
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(str(ICC)),
                                        "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return tuple(v / 255 for v in ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform).getpixel((0, 0)))


def near(a, b, within: float = 1 / 255 + 1e-6) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= within for x, y in zip(a, b))


def colour_operators(path: Path) -> list[tuple[str, tuple]]:
    """Every colour operator of every page's content and of the forms it places, with its operands."""
    reader, found = pypdf.PdfReader(path), []

    def read(stream, resources, seen):
        found.extend((op.decode(), tuple(operands)) for operands, op in
                     pypdf.generic.ContentStream(stream, reader).operations if op in COLOURS)
        for ref in (resources.get("/XObject") or {}).values():
            if ref.get_object().get("/Subtype") == "/Form" and ref.idnum not in seen:
                seen.add(ref.idnum)
                read(ref.get_object(), ref.get_object().get("/Resources") or {}, seen)
    for page in reader.pages:
        read(page.get_contents(), page.get("/Resources") or {}, set())
    return found


# --- the file as a whole: PDF/X-4, an output intent of a printer's CMYK profile -----------------------

@pytest.mark.parametrize("shop", SHOPS)
def test_every_file_is_pdfx_4_with_an_output_intent_of_a_printers_cmyk_profile_for_fogra39(bundled, shop):
    for path in pdfs(bundled[shop]):
        reader = pypdf.PdfReader(path)
        assert reader.pdf_header == "%PDF-1.6", path
        assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-4"
        xmp = ElementTree.fromstring(reader.trailer["/Root"]["/Metadata"].get_object().get_data())
        assert [e.text for e in xmp.iter("{http://www.npes.org/pdfx/ns/id/}GTS_PDFXVersion")] == ["PDF/X-4"]
        (intent,) = [i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"]]
        assert (intent["/S"], intent["/OutputConditionIdentifier"]) == ("/GTS_PDFX", "FOGRA39")
        assert intent["/RegistryName"] == "http://www.color.org"
        profile = intent["/DestOutputProfile"].get_object()
        header = profile.get_data()[:128]
        assert (header[12:16], header[16:20]) == (b"prtr", b"CMYK"), path  # an output device's, CMYK
        assert profile["/N"] == 4
        assert "FOGRA39" in ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(profile.get_data())))


# --- colours: CMYK or grey, never RGB; black text and greys in black ink alone --------------------------

@pytest.mark.parametrize("shop", SHOPS)
def test_no_colour_is_rgb_in_any_content_stream_or_resource(bundled, starter, sides, shop):
    for path in pdfs(bundled[shop]) + pdfs(starter[shop]) + pdfs(sides[shop]):
        used = {op for op, _ in colour_operators(path)}
        assert used and used <= {"k", "K", "g", "G"}, (path, used)
        if shutil.which("qpdf"):  # every object uncompressed, read as bytes: no RGB colour space anywhere
            text = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(path), "-"],
                                  capture_output=True, check=True).stdout
            assert b"/DeviceRGB" not in text and b"/CalRGB" not in text, path


@pytest.mark.parametrize("shop", SHOPS)
def test_black_text_is_0_0_0_1_k_and_greys_are_black_ink_alone(bundled, shop):
    for product in PRODUCTS:
        for path in sorted(bundled[shop].glob(f"{product}*.pdf")):
            used = colour_operators(path)
            assert ("k", BLACK) in used
            assert all(not any(operands[:3]) for _, operands in used), path  # C = M = Y = 0 everywhere
            with pdfplumber.open(path) as pdf:
                chars = [c for page in pdf.pages for c in page.chars]
            found = {tuple(c["non_stroking_color"]) for c in chars}
            assert BLACK in found and found <= {BLACK, WHITE}, (path, found)  # black, or white (no ink) on a black band


@pytest.mark.skipif(not shutil.which("gs"), reason="Ghostscript is not installed")
def test_ghostscript_finds_black_ink_alone_on_a_grey_game_and_every_ink_on_a_coloured_one(bundled, starter):
    """Ghostscript's ink coverage (its own reading of the pages, C M Y K a page)."""
    def coverage(path: Path) -> list[tuple[float, ...]]:
        out = subprocess.run(["gs", "-q", "-o", "-", "-sDEVICE=inkcov", str(path)],
                             capture_output=True, text=True, check=True).stdout
        return [tuple(float(v) for v in line.split()[:4]) for line in out.splitlines() if line.strip()]

    grey = coverage(bundled["pdfx"] / "numbered-cards/ability-cards.pdf")
    assert len(grey) == 36 and all(c == m == y == 0 and k > 0 for c, m, y, k in grey)
    coloured = coverage(starter["meinspiel"] / "three-skies/deck-front.pdf")
    assert len(coloured) == 12 and all(c + m + y > 0 and k > 0 for c, m, y, k in coloured)  # a sky and black text
    assert all(max(ink) > 0 for ink in list(zip(*coloured))[:3])  # the red sun has no cyan; the moon and star do


@pytest.mark.parametrize("shop", SHOPS)
def test_the_coloured_games_colours_are_cmyk_through_fogra39_under_its_ink_limit(starter, shop):
    used = [operands for path in pdfs(starter[shop]) for _, operands in colour_operators(path)]
    coloured = {tuple(float(v) for v in operands) for operands in used if any(operands[:3])}
    expected = [in_cmyk(rgb) for rgb in SKIES.values()]
    assert all(any(near(found, cmyk) for found in coloured) for cmyk in expected), coloured
    assert all(any(near(found, cmyk) for cmyk in expected) for found in coloured), coloured
    assert BLACK in {tuple(float(v) for v in operands) for operands in used}
    assert max(sum(float(v) for v in operands) for operands in used) * 100 <= LIMIT + 1e-6


@pytest.mark.parametrize("shop", SHOPS)
def test_an_image_is_cmyk_through_fogra39_and_keeps_its_transparency_as_a_soft_mask(sides, shop):
    """PDF/X-4 allows transparency: the red picture's transparent half stays transparent over the
    coloured ground (a mask of 0 there), not flattened onto a white box; the grey picture is
    DeviceGray (black ink alone) and opaque, with no mask."""
    found = {}
    for path in pdfs(sides[shop]):
        for page in pypdf.PdfReader(path).pages:
            for ref in (page["/Resources"].get("/XObject") or {}).values():
                if ref.get_object().get("/Subtype") == "/Image":
                    image = ref.get_object()
                    found[(image["/Width"], image["/Height"], image["/ColorSpace"])] = image
    assert set(found) == {(600, 300, "/DeviceCMYK"), (600, 300, "/DeviceGray")}
    red, grey = found[(600, 300, "/DeviceCMYK")], found[(600, 300, "/DeviceGray")]
    cmyk, mask = red.get_data(), red["/SMask"].get_object()
    assert mask["/ColorSpace"] == "/DeviceGray" and (mask["/Width"], mask["/Height"]) == (600, 300)
    alpha = mask.get_data()
    assert (alpha[150 * 600 + 100], alpha[150 * 600 + 450]) == (255, 0)
    pixel = tuple(v / 255 for v in cmyk[(150 * 600 + 100) * 4:(150 * 600 + 100) * 4 + 4])
    assert near(pixel, in_cmyk(RED))
    assert max(sum(cmyk[i:i + 4]) for i in range(0, len(cmyk), 4)) / 255 * 100 <= LIMIT + 1e-6
    (printed,) = set(grey.get_data())  # black ink alone, the tone at its own lightness
    assert "/SMask" not in grey and abs(printed - grey_as_printed(96, "FOGRA39-300.icc")) <= 1


# --- boxes: a TrimBox a card --------------------------------------------------------------------------

@pytest.mark.parametrize("shop", SHOPS)
def test_every_page_is_one_card_its_trimbox_the_card_and_its_bleedbox_3_mm_round(bundled, shop):
    for product, ((width, height), _) in PRODUCTS.items():
        for path in sorted(bundled[shop].glob(f"{product}*.pdf")):
            for page in pypdf.PdfReader(path).pages:
                boxes = {name: [mm(float(v)) for v in getattr(page, name)]
                         for name in ("mediabox", "bleedbox", "trimbox")}
                trim = [BLEED, BLEED, width + BLEED, height + BLEED]
                whole = [0, 0, width + 2 * BLEED, height + 2 * BLEED]
                assert all(abs(a - b) <= TOL for a, b in zip(boxes["trimbox"], trim)), (path, boxes)
                assert all(abs(a - b) <= TOL for a, b in zip(boxes["bleedbox"], whole)), (path, boxes)
                assert all(abs(a - b) <= TOL for a, b in zip(boxes["mediabox"], whole)), (path, boxes)


# --- page order: one file in order, or fronts and backs apart -----------------------------------------

def texts(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [" ".join(page.extract_text().split()) for page in pdf.pages]


def test_meinspiels_front_file_page_n_and_back_file_page_n_are_card_n(sides):
    folder = sides["meinspiel"] / SLUG
    assert sorted(p.name for p in folder.iterdir()) == ["deck-back.pdf", "deck-front.pdf"]
    assert texts(folder / "deck-front.pdf") == [f"Front {name}" for name in NAMES]
    assert texts(folder / "deck-back.pdf") == [f"Back {name}" for name in NAMES]


def test_the_offset_printers_one_file_is_each_cards_front_then_its_back(sides):
    expected = [f"{side} {name}" for name in NAMES for side in ("Front", "Back")]
    assert texts(sides["pdfx"] / SLUG / "deck.pdf") == expected


def test_meinspiels_front_and_back_files_of_the_bundled_games_hold_every_card_once(bundled):
    for product, (_, cards) in PRODUCTS.items():
        fronts, backs = (pypdf.PdfReader(bundled["meinspiel"] / f"{product}-{side}.pdf") for side in ("front", "back"))
        assert len(fronts.pages) == len(backs.pages) == cards
        assert not (bundled["meinspiel"] / f"{product}.pdf").exists()


def test_preflight_finds_a_monitors_output_intent_and_rgb_planted_in_a_pdfx_4_file(tmp_path, capsys):
    """The output intent's profile swapped for the sRGB one (a monitor's, RGB: what the PDF/X-4
    sheets had before), and an RGB fill added to page 1, as another tool might leave them."""
    from test_export import run
    from test_hostile_state import near_the_cut  # the pdfx target's safe zone is 1/8 in too

    out = export("pdfx", tmp_path / "out", "numbered-cards", "--content", str(CONTENT))
    path = out / "numbered-cards" / "ability-cards.pdf"
    writer = pypdf.PdfWriter(clone_from=path)
    (intent,) = [i.get_object() for i in writer._root_object["/OutputIntents"]]
    intent["/DestOutputProfile"].get_object().set_data((ROOT / "printkit" / "icc" / "sRGB.icc").read_bytes())
    page = writer.pages[0]
    page.merge_page(page)  # flattens its content into one stream, to which the fill is added
    content = page.get_contents()
    content.set_data(b"1 0 0 rg 0 0 5 5 re f\n" + content.get_data())
    page.replace_contents(content)
    with path.open("wb") as handle:
        writer.write(handle)
    code, stdout, err = run(["preflight", out], capsys)
    shown = f"{out}/numbered-cards/ability-cards.pdf"
    assert (code, stdout) == (1, "")
    assert err.splitlines() == near_the_cut() + [  # the design's own warnings, then each planted fault once
        f"{shown}: page 1: RGB colour (rg); PDF/X-4 for FOGRA39 takes grey and CMYK",
        f"{shown}: the output intent's profile is RGB (mntr class); a press's is CMYK, an output device's (prtr)"]
