"""Issue 39, point 7's matrix, the cells tests/test_preflight_truth.py and test_preflight_reads.py
leave open, over every target: a correct design (art to the bleed, a background, a lattice to the
trim, a frame outside the strictest safe zone, 4 mm) exports with no line at all, fault or
warning; an RGB image planted in a CMYK file and a font left unembedded are each caught at the
layer's FILE:LINE on every PDF target (and cannot arise in an image shop's sRGB PNGs); a frame a
fit brings just inside the safe zone is said to the hundredth, not "4.0 mm within 4.0 mm". The
files are read back with pypdf and Pillow; each planted fault is seen in the file first."""

from __future__ import annotations

import io

import pypdf
import pytest
from PIL import Image

from declared import SLUG, game_project, line_of
from test_export import run

ALL = ("tgc", "mpc", "dtc", "mbprint", "meinspiel", "pdfx", "cricut", "tts")
PDF = ("dtc", "mbprint", "meinspiel", "pdfx")  # CMYK PDF/X: fonts and colour spaces are the file's own
PNG = ("tgc", "mpc", "cricut", "tts")  # sRGB images: nothing in them to be RGB in CMYK or a font
X1A = ("dtc", "mbprint")
FRAME = 4.25  # mm in: outside 4 mm (MB Print's, MeinSpiel's), the strictest safe zone a shop names

GAME = """\
title: Matrix
colours: {sea: "#1f4e8c", sand: "#f3e6c4", ink: "#2b2118"}
products:
  deck:
    kind: deck
    size: poker
    cards:
      - {name: Harbour}
    face:
      frame: false
      layers:
        art: {kind: image, file: art.png, x: 0, y: 0, width: 63.5, height: 88.9, fit: cover, bleed: true}
        border: {kind: rect, stroke: ink, stroke_width: 0.3, x: %(inset)s, y: %(inset)s, width: %(w)s, height: %(h)s}
        name: {kind: text, text: Harbour, x: 10, y: 40, width: 43.5, height: 10, size: 12}
    back:
      frame: false
      background: sea
      layers:
        lattice: {kind: lattice, cells: [6, 8], stroke: sand, stroke_width: 0.4}
"""


def game(inset: float = FRAME) -> str:
    return GAME % {"inset": inset, "w": 63.5 - 2 * inset, "h": 88.9 - 2 * inset}


def art() -> bytes:
    image = Image.new("RGB", (900, 1200), (40, 110, 160))
    for x in range(0, 900, 30):  # stripes to the bleed's edge
        image.paste((200, 180, 90), (x, 0, x + 10, 1200))
    data = io.BytesIO()
    image.save(data, "PNG")
    return data.getvalue()


def exported(tmp_path, monkeypatch, capsys, shop: str, inset: float = FRAME):
    folder = game_project(tmp_path, game(inset), {"art.png": art()})
    monkeypatch.chdir(folder)
    code, out, err = run(["export", SLUG, "--for", shop, "--out", "out"], capsys)
    return folder, code, out, err


def layer_line(folder, name: str) -> int:
    return line_of(folder / "content" / SLUG / "game.yaml", f"{name}: {{kind:")


def front_file(folder, shop: str) -> tuple[pypdf.PdfReader, str, int]:
    """The PDF holding card 1's front, as the export names it, and its page (0-based)."""
    name = f"{SLUG}/deck-front.pdf" if shop == "meinspiel" else f"{SLUG}/deck.pdf"
    page = 1 if shop == "dtc" else 0  # DTC takes each card's back first
    return pypdf.PdfReader(folder / "out" / name), name, page


def rewritten(path, change) -> None:
    writer = pypdf.PdfWriter(clone_from=path)
    change(writer)
    with path.open("wb") as handle:
        writer.write(handle)


def preflight_faults(capsys) -> tuple[int, list[str]]:
    code, _, err = run(["preflight", "out"], capsys)
    return code, [line for line in err.splitlines() if ": warning: " not in line]


# --- a correct design: no line at all, on every target ----------------------------------------------

@pytest.mark.parametrize("shop", ALL)
def test_a_correct_design_exports_with_no_line_at_all(tmp_path, monkeypatch, capsys, any_size, shop):
    folder, code, out, err = exported(tmp_path, monkeypatch, capsys, shop)
    assert (code, err) == (0, ""), err  # no fault, no warning: the frame stands outside every safe zone
    assert out.splitlines()[-1].endswith("as the shop takes them, no problems"), out


def test_the_correct_design_really_runs_to_the_bleed_and_holds_its_frame(tmp_path, monkeypatch, capsys, any_size):
    """Read back (pypdfium2's pixels of the pdfx page): the art's stripes at the bleed's edge, the
    dark frame at 4.25 mm inside the trim; the clean pass is not a design that avoids the edges."""
    import pypdfium2

    folder, code, _, err = exported(tmp_path, monkeypatch, capsys, "pdfx")
    assert code == 0, err
    document = pypdfium2.PdfDocument(str(folder / "out" / SLUG / "deck.pdf"))
    image = document[0].render(scale=12).to_pil().convert("RGB")
    document.close()
    px = image.width / (63.5 + 6.0)  # 3 mm bleed a side
    edge = {image.getpixel((x, 1)) for x in range(0, image.width, 7)}
    assert len(edge) > 2  # stripes, not one flat colour, at the bleed's very edge
    row = image.height // 3
    frame = sum(image.getpixel((round((3.0 + FRAME) * px), row)))
    beside = [sum(image.getpixel((round((3.0 + FRAME + d) * px), row))) for d in (-0.6, 0.6)]
    assert frame < min(beside) - 60, (frame, beside)


# --- faults planted in the files: caught at the layer's line, on every PDF target -------------------

@pytest.mark.parametrize("shop", PDF)
def test_an_rgb_image_in_a_cmyk_file_is_caught_at_its_layer(tmp_path, monkeypatch, capsys, any_size, shop):
    folder, code, _, err = exported(tmp_path, monkeypatch, capsys, shop)
    assert (code, err) == (0, ""), err
    reader, name, page = front_file(folder, shop)

    def change(writer):
        for ref in writer.pages[page]["/Resources"]["/XObject"].values():
            image = ref.get_object()
            if image.get("/Subtype") == "/Image":
                image[pypdf.generic.NameObject("/ColorSpace")] = pypdf.generic.NameObject("/DeviceRGB")

    rewritten(folder / "out" / name, change)
    spaces = [ref.get_object().get("/ColorSpace") for ref in
              pypdf.PdfReader(folder / "out" / name).pages[page]["/Resources"]["/XObject"].values()]
    assert "/DeviceRGB" in spaces  # the fault is in the file
    code, lines = preflight_faults(capsys)
    wanted = f"{SLUG}/game.yaml:{layer_line(folder, 'art')}: {SLUG}/deck: card 1: image art.png is DeviceRGB "
    assert code == 1 and len(lines) == 1 and lines[0].startswith(wanted), lines
    assert f"(out/{name}, page {page + 1})" in lines[0] and ("PDF/X-1a:2003" if shop in X1A else "PDF/X-4") in lines[0]


@pytest.mark.parametrize("shop", PDF)
def test_a_font_left_unembedded_is_caught_at_its_layer(tmp_path, monkeypatch, capsys, any_size, shop):
    folder, code, _, err = exported(tmp_path, monkeypatch, capsys, shop)
    assert (code, err) == (0, ""), err
    reader, name, page = front_file(folder, shop)

    def change(writer):
        for ref in writer.pages[page]["/Resources"]["/Font"].values():
            font = ref.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descendant["/FontDescriptor"].get_object().pop("/FontFile2", None)

    rewritten(folder / "out" / name, change)
    fonts = list(pypdf.PdfReader(folder / "out" / name).pages[page]["/Resources"]["/Font"].values())
    assert fonts and not any("/FontFile2" in _descriptor(ref) for ref in fonts)  # unembedded in the file
    font = str(_font(fonts[0])["/BaseFont"]).lstrip("/")
    code, lines = preflight_faults(capsys)
    game = f"{SLUG}/game.yaml"
    front = (f"{game}:{layer_line(folder, 'name')}: {SLUG}/deck: card 1: font {font} is not embedded "
             f"(out/{name}, page {page + 1})")  # at the one layer that sets words on the front
    assert code == 1 and front in lines, lines
    # the back sets no words but shares the page resources naming the font: said at the card's row
    row = line_of(folder / "content" / SLUG / "game.yaml", "- {name: Harbour}")
    back = [] if shop == "meinspiel" else [f"{game}:{row}: {SLUG}/deck: card 1 back: font {font} is not embedded "
                                           f"(out/{name}, page {2 - page})"]
    assert sorted(lines) == sorted([front] + back), lines


def _font(ref) -> dict:
    return ref.get_object()


def _descriptor(ref) -> dict:
    font = ref.get_object()
    descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
    return descendant["/FontDescriptor"].get_object()


@pytest.mark.parametrize("shop", PNG)
def test_an_image_shops_files_are_srgb_pngs_with_no_fonts_to_embed(tmp_path, monkeypatch, capsys, any_size, shop):
    """Where the two faults above cannot arise: every file an image shop gets is an 8-bit RGB(A) PNG."""
    folder, code, _, err = exported(tmp_path, monkeypatch, capsys, shop)
    assert code == 0, err
    images = sorted((folder / "out").rglob("*.png"))
    assert images and all(Image.open(path).mode in ("RGB", "RGBA") for path in images)
    assert not list((folder / "out").rglob("*.pdf"))


# --- a frame a fit brings just inside the safe zone -------------------------------------------------

def test_a_frame_fitted_just_inside_the_safe_zone_is_said_to_the_hundredth(tmp_path, monkeypatch, capsys):
    """A 4 mm frame on a U.S. poker card fitted to MB Print's 63 x 88 mm (its real sizes, not the
    any-size shops): at 98.99 % it stops 4 x 88 / 88.9 = 3.96 mm in, said so, not "4.0 within 4.0"."""
    from printkit.targets import profiles as shops

    monkeypatch.setitem(shops.profiles(), "mbprint", shops.profiles.__wrapped__()["mbprint"])  # the sizes it sells
    folder, code, _, err = exported(tmp_path, monkeypatch, capsys, "mbprint", inset=4.0)
    assert code == 0, err
    inside = 4.0 * min(63 / 63.5, 88 / 88.9)  # the top edge: no gap down the card, the scale its height's
    assert f"{inside:.2f}" == "3.96"
    assert f"{SLUG}/game.yaml:{layer_line(folder, 'border')}: warning: {SLUG}/deck: border on card 1 stops " \
           f"{inside:.2f} mm inside the trim, within the 4.0 mm safe zone: a cut that drifts shows it unevenly" \
           in err.splitlines(), err
