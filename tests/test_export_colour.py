"""Coloured declared games exported to every shop and read back with pypdf and Pillow: round tokens
on a coloured ground pass every shop's preflight (their ground is art, as a rectangular one is) and
a mark in the safe zone is still found; in the PDF/X-1a shops' files (DTC, MB Print) the starter
game's colours and images are CMYK as littleCMS converts them here through the shop's profile,
black and greys in black ink alone, under the shop's total ink, images without transparency; the
PNG shops and the home PDFs keep sRGB; preflight finds an RGB image, a soft mask and RGB in
a form planted in a PDF/X-1a file. Colour, not card sizes, is what these files test: every shop
here takes any card size (the sizes each shop sells: tests/test_shop_sizes.py)."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageCms

from conftest import ROOT
from declared import SLUG, deck_yaml, game_project, line_of, starter_project
from printkit.cli.main import main
from test_export import run

SHOPS = ("tgc", "mpc", "dtc", "mbprint", "pdfx", "cricut", "tts")

CHIPS = """\
title: Chips
colours: {sun: "#b23a1e", moon: "#1f4e8c"}
products:
  chips:
    kind: tokens
    shape: round
    size: 30
    tokens:
      - {value: '+1', sky: sun}
      - {value: '-1', sky: moon}
    face:
      background: {field: sky}
      layers:
        value: {kind: text, field: value, x: 7, y: 10, width: 16, height: 10, size: 14, colour: white}
%s    back:
      background: moon
"""


pytestmark = pytest.mark.usefixtures("any_size")


def export(tmp_path, monkeypatch, capsys, game: str, shop: str) -> tuple[int, str, str]:
    monkeypatch.chdir(game_project(tmp_path, game))
    return run(["export", SLUG, "--for", shop, "--out", "out"], capsys)


@pytest.mark.parametrize("shop", SHOPS)
def test_round_tokens_on_a_coloured_ground_pass_every_shops_preflight(tmp_path, monkeypatch, capsys, shop):
    code, out, err = export(tmp_path, monkeypatch, capsys, CHIPS % "", shop)
    assert code == 0 and all(": warning: " in line for line in err.splitlines()), err  # frames near the cut: warnings
    assert out.splitlines()[-1].endswith("as the shop takes them, no problems")


def test_a_coloured_disc_in_a_round_tokens_safe_zone_is_still_found(tmp_path, monkeypatch, capsys):
    """A disc 1 mm in from the trim's left edge, on the coloured ground: a shape, not words, so a
    warning at its layer's line (issue 39: only text in the safe zone is a fault)."""
    disc = "        dot: {kind: ellipse, x: 1, y: 12, width: 6, height: 6, fill: sun}\n"
    code, out, err = export(tmp_path, monkeypatch, capsys, CHIPS % disc, "dtc")
    assert code == 0
    assert err.splitlines() == [f"{SLUG}/game.yaml:{line}: warning: {SLUG}/chips: {what} on cards 1-2 stops {mm} mm "
                                f"inside the trim, within the 3.2 mm safe zone: a cut that drifts shows it unevenly"
                                for line, what, mm in ((9, "frame", "3.0"), (15, "dot", "1.0"))]  # the frame: the row's


# --- a press's CMYK (PDF/X-1a): DriveThruCards and MB Print ------------------------------------------

ICC = ROOT / "printkit" / "icc"
PRESSES = {"dtc": ("SWOP-TR003-240.icc", 240, "CGATS TR 003"), "mbprint": ("FOGRA39-300.icc", 300, "FOGRA39")}
SKIES = {"sun": (0xb2, 0x3a, 0x1e), "moon": (0x1f, 0x4e, 0x8c), "star": (0x8a, 0x6a, 0x00)}  # the starter's colours
STEP = 1 / 255 + 1e-6  # the converted colours are 8-bit


def grey_as_printed(value: int, icc: str) -> int:
    """The DeviceGray value (black ink 1 - g) a press file holds for the 8-bit sRGB grey `value`:
    the black ink whose lightness through the profile is the grey's own L* scaled from sRGB's
    black-to-white onto the press's (black ink alone at 100% to the paper), found here among the
    256 steps of black ink by littleCMS."""
    steps = Image.new("CMYK", (256, 1))
    steps.putdata([(0, 0, 0, k) for k in range(256)])
    to_lab = ImageCms.buildTransform(ImageCms.getOpenProfile(str(ICC / icc)), ImageCms.createProfile("LAB"),
                                     "CMYK", "LAB", ImageCms.Intent.RELATIVE_COLORIMETRIC)
    lightness = [v * 100 / 255 for v in ImageCms.applyTransform(steps, to_lab).getchannel("L").tobytes()]
    y = value / 255 / 12.92 if value / 255 <= 0.04045 else ((value / 255 + 0.055) / 1.055) ** 2.4
    wanted = lightness[255] + (lightness[0] - lightness[255]) * (116 * y ** (1 / 3) - 16) / 100
    return 255 - min(range(256), key=lambda k: abs(lightness[k] - wanted))


def in_cmyk(rgb: tuple[int, int, int], icc: str) -> tuple[float, ...]:
    """What littleCMS makes of an sRGB colour through a CMYK profile, relative colorimetric with
    black point compensation (as shops.yaml says), computed here from the profile's file."""
    transform = ImageCms.buildTransform(ImageCms.getOpenProfile(str(ICC / "sRGB.icc")),
                                        ImageCms.getOpenProfile(str(ICC / icc)), "RGB", "CMYK",
                                        ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return tuple(v / 255 for v in ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform).getpixel((0, 0)))


def colour_operators(path: Path) -> list[tuple[str, tuple[float, ...]]]:
    """Every colour operator of every page and of the forms they place, with its operands, read by pypdf."""
    reader, found = pypdf.PdfReader(path), []

    def read(stream, resources, seen):
        found.extend((op.decode(), tuple(float(v) for v in operands))
                     for operands, op in pypdf.generic.ContentStream(stream, reader).operations
                     if op in (b"k", b"K", b"g", b"G", b"rg", b"RG", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"))
        for ref in (resources.get("/XObject") or {}).values():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and ref.idnum not in seen:
                seen.add(ref.idnum)
                read(form, form.get("/Resources") or {}, seen)
    for page in reader.pages:
        read(page.get_contents(), page.get("/Resources") or {}, set())
    return found


def near(a, b, within: float = STEP) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= within for x, y in zip(a, b))


@pytest.fixture(scope="module")
def starter_exports(tmp_path_factory) -> dict[str, Path]:
    """The starter game (Three Skies) exported for every shop, once; each passed its preflight."""
    project = starter_project(tmp_path_factory.mktemp("starter"))
    folders = {}
    for shop in SHOPS:
        folders[shop] = project / "out" / shop
        assert main(["export", "--for", shop, "--content", str(project / "content"), "--out", str(folders[shop])]) == 0
    return folders


@pytest.mark.parametrize("shop", PRESSES)
def test_the_starter_games_colours_are_cmyk_through_the_shops_profile_and_black_is_black_ink(starter_exports, shop):
    icc, limit, _ = PRESSES[shop]
    used = colour_operators(starter_exports[shop] / "three-skies" / "deck.pdf")
    assert used and {op for op, _ in used} <= {"k", "K"}  # no grey, RGB or other colour space: CMYK only
    coloured = {operands for _, operands in used if any(operands[:3])}
    expected = {sky: in_cmyk(rgb, icc) for sky, rgb in SKIES.items()}
    for sky, cmyk in expected.items():  # each sky in its own colour, as the profile prints it
        assert any(near(found, cmyk) for found in coloured), (sky, cmyk, coloured)
    assert all(any(near(found, cmyk) for cmyk in expected.values()) for found in coloured), coloured
    assert len({tuple(round(v, 2) for v in found) for found in coloured}) == 3
    assert ("k", (0.0, 0.0, 0.0, 1.0)) in used  # the numbers and words: black ink alone
    greys = [operands for _, operands in used if not any(operands[:3])]
    assert greys and all(0 <= k <= 1 for *_, k in greys)  # every other colour: black ink alone (K = 1 - grey)
    assert max(sum(operands) for _, operands in used) * 100 <= limit + 1e-6


@pytest.mark.parametrize("shop", PRESSES)
def test_the_output_intent_names_the_condition_and_embeds_its_cmyk_profile(starter_exports, shop):
    icc, _, condition = PRESSES[shop]
    reader = pypdf.PdfReader(starter_exports[shop] / "three-skies" / "deck.pdf")
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    assert intent["/OutputConditionIdentifier"] == condition and intent["/S"] == "/GTS_PDFX"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4 and profile.get_data() == (ICC / icc).read_bytes()


@pytest.mark.parametrize("shop", SHOPS)
def test_the_starter_game_passes_every_shops_preflight(starter_exports, shop, capsys):
    code, out, err = run(["preflight", starter_exports[shop]], capsys)
    assert out.endswith("no problems\n")
    assert code == 0 and all(": warning: " in line for line in err.splitlines()), err  # frames near the cut: warnings


def test_the_png_shops_keep_the_starter_games_colours_in_srgb(starter_exports):
    """The sun's number on card 1's face, read from TGC's PNG: #b23a1e as written."""
    image = Image.open(starter_exports["tgc"] / "three-skies/deck/face-01.png").convert("RGB")
    assert SKIES["sun"] in {colour for _, colour in image.getcolors(1 << 20)}


# --- images in a PDF/X-1a file ------------------------------------------------------------------------

RED = (0xc8, 0x32, 0x28)
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
       '<rect x="0" y="0" width="100" height="50" fill="#1f4e8c"/></svg>\n')
ART = ("        half: {kind: image, file: half.png, x: 10, y: 8, width: 40, height: 20}\n"
       "        grey: {kind: image, file: grey.png, x: 10, y: 32, width: 40, height: 20}")
MOON = "        moon: {kind: image, file: moon.svg, x: 10, y: 56, width: 40, height: 20}"


def png(image: Image.Image) -> bytes:
    data = io.BytesIO()
    image.save(data, "PNG")
    return data.getvalue()


def art_files() -> dict[str, bytes | str]:
    """A red picture whose right half is transparent, a grey one (each 381 dpi as placed), a blue SVG."""
    half = Image.new("RGBA", (600, 300), RED + (255,))
    half.paste((0, 0, 0, 0), (300, 0, 600, 300))
    return {"half.png": png(half), "grey.png": png(Image.new("L", (600, 300), 96)), "moon.svg": SVG}


def exported_art(tmp_path, monkeypatch, capsys, shop: str = "dtc", face: str = ART) -> tuple[Path, str]:
    """The art game's export, and what its preflight said of it."""
    monkeypatch.chdir(game_project(tmp_path, deck_yaml(face=face), art_files()))
    code, out, err = run(["export", SLUG, "--for", shop, "--out", "out"], capsys)
    faults = "".join(line for line in err.splitlines(True) if ": warning: " not in line)  # frames near the cut
    assert code == (1 if faults else 0)
    return tmp_path / "out", faults


def images(path: Path) -> dict[tuple, pypdf.generic.StreamObject]:
    """The file's image XObjects by (width, height, colour space)."""
    found = {}
    for page in pypdf.PdfReader(path).pages:
        for ref in (page["/Resources"].get("/XObject") or {}).values():
            image = ref.get_object()
            if image.get("/Subtype") == "/Image":
                found[(image["/Width"], image["/Height"], image["/ColorSpace"])] = image
    return found


@pytest.mark.parametrize("shop", PRESSES)
def test_an_image_in_a_pdfx_1a_file_is_cmyk_flattened_onto_white_and_a_grey_one_black_ink(tmp_path, monkeypatch,
                                                                                         capsys, shop):
    icc, limit, _ = PRESSES[shop]
    out, problems = exported_art(tmp_path, monkeypatch, capsys, shop)
    assert problems == ""
    found = images(out / SLUG / "deck.pdf")
    assert set(found) == {(600, 300, "/DeviceCMYK"), (600, 300, "/DeviceGray")}
    assert not any("/SMask" in image or "/Mask" in image for image in found.values())
    cmyk, grey = found[(600, 300, "/DeviceCMYK")].get_data(), found[(600, 300, "/DeviceGray")].get_data()
    assert len(cmyk) == 600 * 300 * 4 and len(grey) == 600 * 300

    def pixel(x: int, y: int) -> tuple[float, ...]:
        return tuple(v / 255 for v in cmyk[(y * 600 + x) * 4:(y * 600 + x) * 4 + 4])
    assert near(pixel(100, 150), in_cmyk(RED, icc))  # the red, as the profile prints it
    assert pixel(450, 150) == (0, 0, 0, 0)  # the transparent half: the paper's white, no ink
    assert max(sum(cmyk[i:i + 4]) for i in range(0, len(cmyk), 4)) / 255 * 100 <= limit + 1e-6
    (printed,) = set(grey)  # DeviceGray prints in black ink alone, each tone at its own lightness
    assert abs(printed - grey_as_printed(96, icc)) <= 1 and printed != 96


@pytest.mark.parametrize("shop", PRESSES)
def test_a_grey_fill_prints_in_black_ink_alone_at_its_own_lightness(tmp_path, monkeypatch, capsys, shop):
    """A mid grey (#808080) and a light one (#d0d0d0): black ink alone, as much as prints each at
    its own L* on the press (a press's dot gain makes K = 1 - g print lighter or darker)."""
    face = ("        mid: {kind: rect, x: 10, y: 20, width: 20, height: 10, fill: '#808080'}\n"
            "        light: {kind: rect, x: 10, y: 40, width: 20, height: 10, fill: '#d0d0d0'}")
    monkeypatch.chdir(game_project(tmp_path, deck_yaml(face=face)))
    assert run(["export", SLUG, "--for", shop, "--out", "out"], capsys)[0] == 0
    fills = {operands for op, operands in colour_operators(tmp_path / "out" / SLUG / "deck.pdf") if op == "k"}
    for value in (0x80, 0xd0):
        black = (255 - grey_as_printed(value, PRESSES[shop][0])) / 255
        assert any(found[:3] == (0, 0, 0) and abs(found[3] - black) <= 1 / 255 + 1e-6 for found in fills), \
            (value, black, fills)
    assert not any(near(found, (0, 0, 0, 1 - 0x80 / 255)) for found in fills)  # not 1 - g: the press is not a screen


def test_an_svg_images_colours_in_a_pdfx_1a_file_are_cmyk_through_the_profile(tmp_path, monkeypatch, capsys):
    """Its fill as littleCMS prints #1f4e8c; nothing RGB; and no problem for preflight (ReportLab's
    drawing of an SVG named Helvetica without embedding it, before issue 24's item 7)."""
    out, problems = exported_art(tmp_path, monkeypatch, capsys, "dtc", ART + "\n" + MOON)
    assert problems == ""
    used = colour_operators(out / SLUG / "deck.pdf")
    svg = [operands for op, operands in used if op == "k" and any(operands[:3])]
    assert svg and all(near(operands, in_cmyk(SKIES["moon"], "SWOP-TR003-240.icc")) for operands in svg)
    assert {op for op, _ in used} <= {"k", "K"}


def test_the_home_pdf_keeps_an_image_in_srgb_with_its_transparency(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(game_project(tmp_path, deck_yaml(face=ART), art_files()))
    assert run(["build", SLUG, "--out", "home"], capsys)[0] == 0
    found = images(tmp_path / "home" / SLUG / "deck.pdf")
    assert set(found) == {(600, 300, "/DeviceRGB"), (600, 300, "/DeviceGray")}
    assert "/SMask" in found[(600, 300, "/DeviceRGB")]


# --- preflight of a PDF/X-1a file: what is really there -------------------------------------------------

def rewritten(path: Path, change) -> None:
    """The PDF at `path` changed by `change(writer)`, as another tool might leave it."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(path))
    change(writer)
    writer.write(path)


def xobjects(writer, subtype: str) -> dict[str, pypdf.generic.StreamObject]:
    return {str(name).lstrip("/"): ref.get_object() for page in writer.pages
            for name, ref in (page["/Resources"].get("/XObject") or {}).items()
            if ref.get_object().get("/Subtype") == subtype}


def test_preflight_finds_an_rgb_image_and_a_soft_mask_in_a_pdfx_1a_file(tmp_path, monkeypatch, capsys):
    out, _ = exported_art(tmp_path, monkeypatch, capsys)
    path, shown, names = out / SLUG / "deck.pdf", f"out/{SLUG}/deck.pdf", {}

    def change(writer):  # the red picture made RGB again, the grey one given the red one as its mask
        found = xobjects(writer, "/Image")
        red = next(name for name, image in found.items() if image["/ColorSpace"] == "/DeviceCMYK")
        grey = next(name for name in found if name != red)
        found[red][pypdf.generic.NameObject("/ColorSpace")] = pypdf.generic.NameObject("/DeviceRGB")
        found[grey][pypdf.generic.NameObject("/SMask")] = writer._add_object(found[red])
        names.update(red=red, grey=grey)

    rewritten(path, change)
    code, stdout, err = run(["preflight", out], capsys)
    err = "".join(line for line in err.splitlines(True) if ": warning: " not in line)  # frames near the cut
    assert (code, stdout) == (1, "")
    line = line_of(Path("content") / SLUG / "game.yaml", "half: {kind: image")
    shown_on = [n for n, page in enumerate(pypdf.PdfReader(path).pages, start=1)  # each page painting the red one
                if "/" + names["red"] in (page["/Resources"].get("/XObject") or {})]
    assert shown_on and all(n % 2 == 0 for n in shown_on)  # fronts only: DTC takes each card's back first
    assert sorted(err.splitlines()) == sorted([  # a painted RGB picture at its layer, a card a line
        f"{SLUG}/game.yaml:{line}: {SLUG}/deck: card {n // 2}: image half.png is DeviceRGB ({shown}, page {n}); "
        f"PDF/X-1a:2003 for CGATS TR 003 takes DeviceCMYK or DeviceGray images" for n in shown_on] + [
        f"{shown}: page 2: image {names['grey']} has a soft mask (transparency); PDF/X-1a:2003 takes none"])


def test_preflight_finds_rgb_inside_a_form_a_pdfx_1a_page_places(tmp_path, monkeypatch, capsys):
    """The SVG's form drawn in RGB, as a tool that drew it before printkit converted colours would."""
    out, _ = exported_art(tmp_path, monkeypatch, capsys, "dtc", ART + "\n" + MOON)
    path = out / SLUG / "deck.pdf"

    def change(writer):
        (form,) = xobjects(writer, "/Form").values()
        del form["/Filter"]
        form._data = b"0 0 1 rg 0 0 10 10 re f"

    rewritten(path, change)
    code, stdout, err = run(["preflight", out], capsys)
    err = "".join(line for line in err.splitlines(True) if ": warning: " not in line)  # frames near the cut
    assert (code, stdout) == (1, "")
    assert err.splitlines() == [
        f"out/{SLUG}/deck.pdf: page {n}: RGB or ICC-based colour (rg); PDF/X-1a:2003 takes grey and CMYK"
        for n in (2, 4, 6)]


# --- an SVG's text (issue 24, item 7) ---------------------------------------------------------------------

WORDS = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
         '<text x="5" y="20" font-family="Arial" font-size="12">Night sky</text>'
         '<text x="5" y="40" font-family="Comic Sans MS, cursive" font-weight="bold" font-size="12">Full moon</text>'
         '</svg>\n')


def fonts_of(path: Path) -> dict[str, bool]:
    """Every font a PDF's pages and forms use: its BaseFont, and whether its program is embedded."""
    found = {}

    def read(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            found[str(font["/BaseFont"]).lstrip("/")] = bool(
                descriptor and any(k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")))
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.get_object().get("/Subtype") == "/Form":
                read(xobject.get_object().get("/Resources"))

    for page in pypdf.PdfReader(path).pages:
        read(page.get("/Resources"))
    return found


def test_an_svgs_text_is_set_in_printkits_embedded_fonts_whatever_font_it_names(tmp_path, monkeypatch, capsys):
    """Arial and Comic Sans, which printkit has not, set in DejaVu Sans and its bold (embedded);
    no Helvetica, no font of this machine's; the words still read; DTC's preflight content."""
    files = {**art_files(), "moon.svg": WORDS}
    monkeypatch.chdir(game_project(tmp_path, deck_yaml(face=MOON), files))
    assert run(["build", SLUG, "--out", "home"], capsys)[0] == 0
    code, out, err = run(["export", SLUG, "--for", "dtc", "--out", "dtc"], capsys)
    err = "".join(line for line in err.splitlines(True) if "a cut that drifts" not in line)  # preflight's frames
    assert (code, err) == (0, f"{SLUG}/game.yaml:12: warning: products.deck.face.layers.moon.file: 'moon.svg' sets its "
                              "text in 'Arial' and 'Comic Sans MS', which printkit does not have: it prints in DejaVu "
                              "Sans (to keep a font, turn the text into paths in the drawing program)\n")
    for path in (tmp_path / "home" / SLUG / "deck.pdf", tmp_path / "dtc" / SLUG / "deck.pdf"):
        fonts = fonts_of(path)
        assert fonts and all(fonts.values()), fonts  # every font embedded
        faces = {name.split("+", 1)[-1] for name in fonts}
        assert {"DejaVuSans", "DejaVuSans-Bold"} <= faces and not any("Helvetica" in face for face in faces)
        text = " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)
        assert "Night sky" in text and "Full moon" in text
