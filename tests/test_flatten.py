"""Transparency in a press's PDF/X-1a file, which may hold none, flattened as a prepress flattener
does: a layer at an `opacity` and a PNG with see-through parts, both over a coloured ground,
become opaque CMYK pictures of what the page shows there. Read back independently: the file has
no transparency left (no ExtGState alpha, no soft mask); Ghostscript's separations show the
half-opaque blue panel over the red ground in the CMYK littleCMS makes of the two blended (the
blend and its conversion computed here), the white disc's see-through corners in the ground's
own CMYK (no white box), black beneath or over them still black ink alone; the home PDF
keeps its transparency; an image over white paper keeps its own pixels (nothing to flatten)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageDraw

from declared import SLUG, game_project, line_of
from printkit.cli.main import main
from test_export_colour import PRESSES, SKIES, in_cmyk

GS = shutil.which("gs")
needs_gs = pytest.mark.skipif(not GS and os.environ.get("PRINTKIT_GHOSTSCRIPT_TEST") != "required",
                              reason="no Ghostscript (apt-get install ghostscript)")
BLEED = 3.175  # DTC's, mm a side
DTC_SAFE = 3.175  # mm, DTC's safe zone (1/8 in)
FRAME = 3.0  # mm inside the trim: the frame printkit draws on a card face unless `frame: false`
DPI = 100

GAME = """\
title: Flat
colours: {sun: "#b23a1e", moon: "#1f4e8c"}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {number: 1, name: One}
    face:
      background: sun
      layers:
        panel: {kind: rect, x: 12, y: 20, width: 40, height: 30, fill: moon, opacity: 0.5}
        words: {kind: rect, x: 20, y: 30, width: 10, height: 10, fill: black}
        under: {kind: rect, x: 8, y: 53, width: 4, height: 4, fill: black}
        dot: {kind: image, file: dot.png, x: 10, y: 55, width: 20, height: 20}
    back:
      background: moon
"""

pytestmark = pytest.mark.usefixtures("any_size")  # a poker deck to every press: what is tested is the file


def dot() -> bytes:
    """A white disc on a transparent square, 300 dpi as placed."""
    image = Image.new("RGBA", (236, 236), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse((0, 0, 235, 235), fill=(255, 255, 255, 255))
    data = io.BytesIO()
    image.save(data, "PNG")
    return data.getvalue()


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("flat")
    project = game_project(folder, GAME, {"dot.png": dot()})
    content, found = str(project / "content"), {}
    for shop in PRESSES:
        assert main(["export", SLUG, "--for", shop, "--content", content, "--out", str(project / shop)]) == 0
        found[shop] = project / shop / SLUG / "deck.pdf"
    assert main(["build", SLUG, "--content", content, "--out", str(project / "home")]) == 0
    found["home"] = project / "home" / SLUG / "deck.pdf"
    return found


def alphas(path: Path) -> list[float]:
    """Every constant alpha (ca, CA) of every ExtGState a page or its forms name."""
    found = []

    def read(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for state in (resources.get("/ExtGState") or {}).values():
            state = state.get_object()
            found.extend(float(state[key]) for key in ("/ca", "/CA") if key in state)
            assert "/SMask" not in state or state["/SMask"] == "/None"
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            found.extend([0.0] if "/SMask" in xobject else [])
            if xobject.get("/Subtype") == "/Form":
                read(xobject.get("/Resources"))

    for page in pypdf.PdfReader(path).pages:
        read(page.get("/Resources"))
    return found


@pytest.mark.parametrize("shop", PRESSES)
def test_nothing_transparent_is_left_in_a_pdfx_1a_file(exported, shop):
    assert all(alpha == 1.0 for alpha in alphas(exported[shop]))
    assert 0.5 in alphas(exported["home"])  # the home PDF keeps its transparency


def separated(path: Path, page: int) -> Image.Image:
    """A page as Ghostscript separates it: CMYK, each channel the ink laid (0 none, 255 full)."""
    out = path.parent / f"sep-{page}"
    out.mkdir(exist_ok=True)
    subprocess.run([GS, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiffsep", f"-r{DPI}", f"-dFirstPage={page}",
                    f"-dLastPage={page}", f"-sOutputFile={out}/page.tif", str(path)], check=True)
    return Image.open(out / "page.tif").convert("CMYK")


def at(image: Image.Image, x: float, y: float) -> tuple[int, ...]:
    """The ink at (x, y) mm from the card's top-left corner (the page has the bleed round it)."""
    return image.getpixel((round((x + BLEED) / 25.4 * DPI), round((y + BLEED) / 25.4 * DPI)))


def bytes_of(cmyk) -> tuple[int, ...]:
    return tuple(round(v * 255) for v in cmyk)


def close(found, wanted, within: int = 3) -> bool:
    return all(abs(a - b) <= within for a, b in zip(found, wanted))


@needs_gs
@pytest.mark.parametrize("shop", PRESSES)
def test_the_flattened_areas_print_as_the_page_shows_them(exported, shop):
    icc = PRESSES[shop][0]
    face = separated(exported[shop], 2 if shop == "dtc" else 1)  # DTC: back then front
    sun, moon = SKIES["sun"], SKIES["moon"]
    blend = tuple(round(0.5 * a + 0.5 * b) for a, b in zip(moon, sun))  # moon at 0.5 over sun, in sRGB
    assert close(at(face, 15, 45), bytes_of(in_cmyk(blend, icc)))  # the panel, where only the ground is beneath
    assert close(at(face, 5, 45), bytes_of(in_cmyk(sun, icc)))  # the ground beside it, unchanged
    assert at(face, 25, 35) == (0, 0, 0, 255)  # the black square drawn over the panel: black ink alone
    assert at(face, 20, 65) == (0, 0, 0, 0)  # the white disc: no ink
    assert close(at(face, 29.3, 55.7), bytes_of(in_cmyk(sun, icc)))  # its see-through corner: the ground, no white box
    assert at(face, 11, 56) == (0, 0, 0, 255)  # a black square beneath its other corner, flattened: black ink alone


def test_preflight_finds_transparency_planted_in_a_pdfx_1a_file(tmp_path, monkeypatch, capsys):
    """A graphics state at half opacity, one with a blend mode and one with a soft mask, added to
    card 1's face (DTC's page 2) as another tool might leave them."""
    from test_export import run

    project = game_project(tmp_path, GAME, {"dot.png": dot()})
    monkeypatch.chdir(project)
    assert run(["export", SLUG, "--for", "dtc", "--out", "out"], capsys)[0] == 0
    path = project / "out" / SLUG / "deck.pdf"
    writer = pypdf.PdfWriter(clone_from=path)
    name = pypdf.generic.NameObject
    states = pypdf.generic.DictionaryObject({
        name("/Half"): pypdf.generic.DictionaryObject({name("/ca"): pypdf.generic.FloatObject(0.5)}),
        name("/Mix"): pypdf.generic.DictionaryObject({name("/BM"): name("/Multiply")}),
        name("/Masked"): pypdf.generic.DictionaryObject({name("/SMask"): pypdf.generic.DictionaryObject()})})
    writer.pages[1]["/Resources"][name("/ExtGState")] = states
    with path.open("wb") as handle:
        writer.write(handle)
    code, out, err = run(["preflight", "out"], capsys)
    assert (code, out) == (1, "")
    border = (f"{SLUG}/game.yaml:{line_of(project / 'content' / SLUG / 'game.yaml', '- {number: 1')}: warning: "
              f"{SLUG}/deck: border on card 1 stops {FRAME:.1f} mm inside the trim, within the {DTC_SAFE:.1f} mm "
              f"safe zone: a cut that drifts shows it unevenly")  # printkit's own frame: no layer, so the card's row
    assert err.splitlines() == [border, f"out/{SLUG}/deck.pdf: page 2: transparency (/Half: ca 0.5; /Mix: blend mode "
                                        "Multiply; /Masked: a soft mask); PDF/X-1a:2003 takes none"]


def test_a_page_of_many_transparent_marks_is_one_picture_of_the_page(tmp_path, monkeypatch, capsys):
    """30 layers at an opacity on one card (a stranger's kit): not 60 renders of the page, one; the
    page is then a single opaque image the size of the page, with nothing transparent left."""
    from test_export import run

    layers = "".join(f"        p{i}: {{kind: rect, x: {2 + i * 2}, y: 20, width: 8, height: 8, fill: moon, opacity: 0.5}}\n"
                     for i in range(30))
    game = GAME.split("        panel:")[0] + layers + "    back:\n      background: moon\n"
    monkeypatch.chdir(game_project(tmp_path, game))
    assert run(["export", SLUG, "--for", "dtc", "--out", "out"], capsys)[0] == 0
    path = tmp_path / "out" / SLUG / "deck.pdf"
    assert all(alpha == 1.0 for alpha in alphas(path))
    face = pypdf.PdfReader(path).pages[1]
    images = [ref.get_object() for ref in face["/Resources"]["/XObject"].values()]
    (image,) = images
    assert image["/ColorSpace"] == "/DeviceCMYK"
    assert abs(image["/Width"] - float(face.mediabox.width) / 72 * 600) <= 1  # pdfium's pixels: the page at 600 dpi
    assert abs(image["/Height"] - float(face.mediabox.height) / 72 * 600) <= 1
