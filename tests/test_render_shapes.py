"""The drawing layer's shapes and effects (printkit/render/draw.py, and render/pdf.py's parts
shapes.py and resources.py): ellipses, dashed outlines, open polylines, linear gradients, a group's
opacity and clip, read back from the PDF (pdfplumber and pypdf for the geometry and the
dictionaries, pypdfium2 for the pixels at 300 dpi).
Expected numbers come from the marks' millimetres (1 pt = 25.4/72 mm), never from the renderer."""

from __future__ import annotations

import math
import re
import zlib
from itertools import count
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2
import pytest
from PIL import Image, ImageCms

from conftest import ROOT
from printkit.pipeline import cache
from printkit.plan.geometry import Paper, Rect, Segment
from printkit.plan.marks import (Box, Circle, Document, Ellipse, Form, Gradient, Group, Line, Page, Picture, Polygon,
                                 UseForm)
from printkit.plan.label import line_at
from printkit.plan.text import characters
from printkit.render.colour import press
from printkit.render.draw import render

PAPER = Paper("test", 100.0, 80.0)
MM = 25.4 / 72  # millimetres per point
DPI = 300
TOL = 0.05  # mm
WHITE, BLACK, RED, BLUE = 1.0, 0.0, (1.0, 0.0, 0.0), (0.0, 0.0, 1.0)
_names = count()


def drawn(tmp_path: Path, *marks, **options) -> Path:
    """One page of `marks`, rendered to a file of its own."""
    return written(tmp_path, Document("shapes", "test", (Page(PAPER, tuple(marks)),)), **options)


def written(tmp_path: Path, document: Document, **options) -> Path:
    data, _ = render(document, **options)
    path = tmp_path / f"shapes{next(_names)}.pdf"
    path.write_bytes(data)
    return path


def pixels(path: Path) -> Image.Image:
    page = pypdfium2.PdfDocument(path)[0]
    return page.render(scale=DPI / 72).to_pil().convert("RGB")


def at(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The pixel at (x, y) mm, y up from the page's foot."""
    return image.getpixel((round(x / 25.4 * DPI), round((PAPER.height - y) / 25.4 * DPI)))


def grey(pixel) -> float:
    return sum(pixel) / 3


def plumbed(path: Path) -> list[dict]:
    """Every painted path on the page (pdfplumber's rects, lines and curves)."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        return list(page.rects + page.lines + page.curves)


def bounds(obj) -> tuple[float, ...]:
    return obj["x0"] * MM, obj["y0"] * MM, obj["x1"] * MM, obj["y1"] * MM


def near(found, expected, tol: float = TOL) -> bool:
    return len(found) == len(expected) and all(abs(a - b) <= tol for a, b in zip(found, expected))


def resources(path: Path):
    return pypdf.PdfReader(path).pages[0]["/Resources"]


def shadings(path: Path) -> list:
    return [ref.get_object() for ref in (resources(path).get("/Shading") or {}).values()]


def operators(path: Path) -> list[str]:
    """The page's content stream, and every form's, as tokens."""
    reader = pypdf.PdfReader(path)
    streams = [page.get_contents().get_data() for page in reader.pages]
    for ref in (reader.pages[0]["/Resources"].get("/XObject") or {}).values():
        streams.append(ref.get_object().get_data())
    return b" ".join(streams).decode("latin-1").split()


# --- ellipses, dashes, open polylines ---------------------------------------------------------

def test_an_ellipse_is_the_one_inscribed_in_its_rect(tmp_path):
    path = drawn(tmp_path, Ellipse(Rect(12.5, 20.0, 50.0, 24.0), width=0.5, fill=0.5))
    (shape,) = plumbed(path)
    assert near(bounds(shape), (12.5, 20.0, 62.5, 44.0)) and shape["stroke"] and shape["fill"]
    image = pixels(path)
    assert abs(grey(at(image, 37.5, 32.0)) - 127.5) < 4  # the centre, filled half grey
    assert abs(grey(at(image, 14.0, 32.0)) - 127.5) < 4 and abs(grey(at(image, 37.5, 42.5)) - 127.5) < 4
    for corner in ((13.5, 21.0), (61.5, 21.0), (13.5, 43.0), (61.5, 43.0)):  # the rect's, outside the ellipse
        assert at(image, *corner) == (255, 255, 255)


@pytest.mark.parametrize("mark", [
    Box(Rect(10, 10, 40, 30), dash=(2.0, 1.0)),
    Polygon(((10, 10), (50, 10), (30, 40)), dash=(2.0, 1.0)),
    Polygon(((10, 10), (50, 10), (30, 40)), dash=(2.0, 1.0), closed=False),
    Circle(40, 40, 20, dash=(2.0, 1.0)),
    Ellipse(Rect(10, 10, 60, 30), dash=(2.0, 1.0)),
    Ellipse(Rect(10, 10, 60, 30), fill=Gradient((10, 0), (70, 0), (BLACK, WHITE)), dash=(2.0, 1.0)),
], ids=["box", "polygon", "polyline", "circle", "ellipse", "gradient ellipse"])
def test_any_outline_may_be_dashed(tmp_path, mark):
    (shape,) = plumbed(drawn(tmp_path, mark))
    pattern, phase = shape["dash"]
    assert near([d * MM for d in pattern], (2.0, 1.0)) and phase == 0 and shape["stroke"]


@pytest.mark.parametrize("mark", [Polygon(((10, 10), (50, 10), (30, 40))), Circle(40, 40, 20),
                                  Ellipse(Rect(10, 10, 60, 30))], ids=["polygon", "circle", "ellipse"])
def test_an_outline_is_solid_unless_dashed(tmp_path, mark):
    (shape,) = plumbed(drawn(tmp_path, mark))
    assert not shape["dash"] or not any(shape["dash"][0])


def test_an_open_polyline_is_stroked_and_never_filled(tmp_path):
    points = ((10.0, 10.0), (50.0, 60.0), (90.0, 10.0))
    opened, closed = (drawn(tmp_path, Polygon(points, width=1.0, fill=BLACK, closed=shut)) for shut in (False, True))
    (shape,) = plumbed(opened)
    assert shape["stroke"] and not shape["fill"]
    image = pixels(opened)
    assert grey(at(image, 30.0, 35.0)) < 60  # on its first leg
    assert at(image, 50.0, 25.0) == (255, 255, 255)  # inside: not filled
    assert at(image, 50.0, 10.0) == (255, 255, 255)  # where the closing edge would be: not drawn
    image = pixels(closed)  # the same points closed: both filled and closed
    assert grey(at(image, 50.0, 25.0)) < 60 and grey(at(image, 50.0, 10.0)) < 60


# --- gradients ---------------------------------------------------------------------------------

def test_a_gradient_fill_is_an_axial_shading_along_its_axis(tmp_path):
    path = drawn(tmp_path, Box(Rect(10, 20, 60, 30), level=None, fill=Gradient((10.0, 25.0), (70.0, 25.0), (RED, BLUE))))
    (shading,) = shadings(path)
    assert shading["/ShadingType"] == 2 and shading["/ColorSpace"] == "/DeviceRGB"
    assert near([float(v) * MM for v in shading["/Coords"]], (10.0, 25.0, 70.0, 25.0))
    assert list(shading["/Extend"]) == [True, True]
    function = shading["/Function"].get_object()
    assert list(function["/C0"]) == [1, 0, 0] and list(function["/C1"]) == [0, 0, 1]
    assert not plumbed(path)  # no outline, and the fill is the shading's


def test_a_gradient_of_three_colours_stops_where_it_says(tmp_path):
    gradient = Gradient((0.0, 0.0), (0.0, 40.0), (BLACK, (0.0, 1.0, 0.0), WHITE), stops=(0.0, 0.25, 1.0))
    (shading,) = shadings(drawn(tmp_path, Circle(50, 40, 20, fill=gradient)))
    assert near([float(v) * MM for v in shading["/Coords"]], (0.0, 0.0, 0.0, 40.0))
    function = shading["/Function"].get_object()
    assert function["/FunctionType"] == 3 and [float(b) for b in function["/Bounds"]] == [0.25]
    first, last = (part.get_object() for part in function["/Functions"])
    assert list(first["/C0"]) == [0, 0, 0] and list(first["/C1"]) == [0, 1, 0] and list(last["/C1"]) == [1, 1, 1]


def test_a_gradient_paints_its_shape_only_from_its_first_colour_to_its_last(tmp_path):
    box = Box(Rect(10, 20, 60, 30), level=None, fill=Gradient((10.0, 0.0), (70.0, 0.0), (RED, BLUE)))
    ring = Circle(85, 60, 10, width=1.0, level=BLACK, fill=Gradient((75.0, 0.0), (95.0, 0.0), (WHITE, WHITE)))
    image = pixels(drawn(tmp_path, box, ring))
    left, middle, right = at(image, 11.0, 35.0), at(image, 40.0, 35.0), at(image, 69.0, 35.0)
    assert left[0] > 230 and left[2] < 25 and right[2] > 230 and right[0] < 25
    assert 100 < middle[0] < 155 and 100 < middle[2] < 155 and middle[1] < 10
    for outside in ((5.0, 35.0), (75.0, 35.0), (40.0, 52.0), (40.0, 18.0)):  # the axis carries on; the shape does not
        assert at(image, *outside) == (255, 255, 255)
    assert grey(at(image, 95.0, 60.0)) < 60 and at(image, 85.0, 60.0) == (255, 255, 255)  # outlined over its fill


def test_the_ink_saver_lightens_a_large_gradient_and_outlines_it(tmp_path):
    colours = (BLACK, (0.2, 0.4, 0.6))
    large = Box(Rect(10, 10, 60, 40), level=None, fill=Gradient((10.0, 0.0), (70.0, 0.0), colours))
    small = Box(Rect(80, 10, 4, 4), level=None, fill=Gradient((80.0, 0.0), (84.0, 0.0), colours))  # 16 mm2: a pip
    plain, saved = drawn(tmp_path, large, small), drawn(tmp_path, large, small, ink_saver=True)
    by_start = {round(float(s["/Coords"][0]) * MM): s["/Function"].get_object() for s in shadings(saved)}
    big, pip = by_start[10], by_start[80]
    # a quarter of the ink: 1 - (1 - c) / 4
    assert near([float(c) for c in big["/C0"]], (0.75, 0.75, 0.75), 1e-4)
    assert near([float(c) for c in big["/C1"]], (0.8, 0.85, 0.9), 1e-4)
    assert near([float(c) for c in pip["/C0"]], (0, 0, 0), 1e-4)
    assert [bounds(s) for s in plumbed(saved) if s["stroke"]] and not plumbed(plain)  # outlined where it was dark
    assert grey(at(pixels(saved), 12.0, 30.0)) > grey(at(pixels(plain), 12.0, 30.0)) + 150


def test_for_a_press_a_gradient_is_device_cmyk_through_its_profile_and_nothing_is_rgb(tmp_path):
    """Each end's colour as littleCMS converts it here, from sRGB through the shop's CMYK profile
    (relative colorimetric, black point compensation); the outline's too."""
    gradient = Gradient((10.0, 0.0), (70.0, 0.0), (RED, (0.0, 1.0, 1.0)))
    path = drawn(tmp_path, Box(Rect(10, 10, 60, 40), level=(0.2, 0.4, 0.6), fill=gradient),
                 Group((Ellipse(Rect(0, 0, 20, 10), fill=gradient),), 70, 60, opacity=0.5),
                 colour=press("SWOP-TR003-240.icc", 240))
    tokens = operators(path)
    assert "sh" in tokens and not {"rg", "RG", "g", "G", "scn", "SCN", "cs", "CS"} & set(tokens)
    (shading,) = shadings(path)  # the same colours and axis, in the group's frame too: one shading
    assert shading["/ColorSpace"] == "/DeviceCMYK"
    function = shading["/Function"].get_object()
    assert near([float(c) for c in function["/C0"]], in_cmyk(RED), 1e-4)
    assert near([float(c) for c in function["/C1"]], in_cmyk((0.0, 1.0, 1.0)), 1e-4)
    assert near([float(v) for v in operands(path, "K")[0]], in_cmyk((0.2, 0.4, 0.6)), 1e-4)
    assert b"DeviceRGB" not in path.read_bytes()


ICC = ROOT / "printkit" / "icc"


def in_cmyk(rgb) -> tuple:
    transform = ImageCms.buildTransform(ImageCms.getOpenProfile(str(ICC / "sRGB.icc")),
                                        ImageCms.getOpenProfile(str(ICC / "SWOP-TR003-240.icc")), "RGB", "CMYK",
                                        ImageCms.Intent.RELATIVE_COLORIMETRIC, flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb)), transform)
    return tuple(v / 255 for v in pixel.getpixel((0, 0)))


def operands(path: Path, operator: str) -> list:
    page = pypdf.PdfReader(path).pages[0]
    return [ops for ops, op in pypdf.generic.ContentStream(page.get_contents(), None).operations
            if op == operator.encode()]


# --- opacity -----------------------------------------------------------------------------------

def test_an_opacity_group_sets_fill_and_stroke_alpha_in_one_ext_g_state(tmp_path):
    path = drawn(tmp_path, Group((Box(Rect(0, 0, 40, 30), fill=BLACK),), 10, 10, opacity=0.5))
    (state,) = resources(path)["/ExtGState"].values()
    assert float(state["/ca"]) == 0.5 and float(state["/CA"]) == 0.5
    assert operators(path).count("gs") == 1


def test_half_opaque_black_over_white_reads_mid_grey(tmp_path):
    png = tmp_path / "black.png"
    Image.new("RGB", (40, 40), (0, 0, 0)).save(png)
    half = (Box(Rect(0, 0, 30, 20), level=None, fill=BLACK), Line(Segment(0, 30, 30, 30), width=3.0),
            Picture(str(png), Rect(40, 0, 20, 20), "black"), line_at("HHH", 40, 30, 40.0))
    quarter = Group((Group((Box(Rect(0, 0, 10, 10), level=None, fill=BLACK),), opacity=0.5),), opacity=0.5)
    image = pixels(drawn(tmp_path, Group(half, 10, 10, opacity=0.5), Group((quarter,), 80, 60),
                         Box(Rect(80, 10, 10, 10), level=None, fill=BLACK)))
    assert abs(grey(at(image, 25.0, 20.0)) - 127.5) < 4  # the fill
    assert abs(grey(at(image, 25.0, 40.0)) - 127.5) < 4  # the outline
    assert abs(grey(at(image, 60.0, 20.0)) - 127.5) < 4  # the image
    text = image.crop((round(50 / 25.4 * DPI), round((PAPER.height - 55) / 25.4 * DPI),
                       round(75 / 25.4 * DPI), round((PAPER.height - 40) / 25.4 * DPI)))
    assert abs(text.convert("L").getextrema()[0] - 127.5) < 6  # the type, never darker than half
    assert abs(grey(at(image, 85.0, 65.0)) - 191.25) < 4  # a half inside a half: a quarter
    assert grey(at(image, 85.0, 15.0)) < 5  # and outside every group, black


# --- clipping ----------------------------------------------------------------------------------

def test_a_rectangle_clipped_to_an_ellipse_is_the_ellipse(tmp_path):
    rect = Rect(10, 10, 60, 40)
    image = pixels(drawn(tmp_path, Group((Box(rect, level=None, fill=BLACK),), clip=Ellipse(rect))))
    assert grey(at(image, 40.0, 30.0)) < 5 and grey(at(image, 11.0, 30.0)) < 5 and grey(at(image, 40.0, 49.0)) < 5
    for corner in ((11.0, 11.0), (69.0, 11.0), (11.0, 49.0), (69.0, 49.0)):
        assert at(image, *corner) == (255, 255, 255)


def test_an_image_in_a_group_clipped_to_an_ellipse_is_clipped(tmp_path):
    png = tmp_path / "red.png"
    Image.new("RGB", (60, 40), (255, 0, 0)).save(png)
    rect = Rect(0, 0, 60, 40)
    image = pixels(drawn(tmp_path, Group((Picture(str(png), rect, "red"),), 10, 10, clip=Ellipse(rect))))
    centre = at(image, 40.0, 30.0)
    assert centre[0] > 240 and centre[1] < 15 and centre[2] < 15
    for corner in ((11.0, 11.0), (69.0, 11.0), (11.0, 49.0), (69.0, 49.0)):
        assert at(image, *corner) == (255, 255, 255)


@pytest.mark.parametrize("clip", [Box(Rect(0, 0, 40, 10)), Polygon(((0, 0), (40, 0), (40, 10), (0, 10)))],
                         ids=["box", "polygon"])
def test_a_turned_group_clips_in_its_own_frame(tmp_path, clip):
    turn = math.radians(30)

    def placed(u, v):  # a point of the group's frame on the page: turned 30 degrees about (50, 20)
        return 50 + u * math.cos(turn) - v * math.sin(turn), 20 + u * math.sin(turn) + v * math.cos(turn)
    image = pixels(drawn(tmp_path, Group((Box(Rect(-50, -50, 100, 100), level=None, fill=BLACK),), 50, 20, 30,
                                         clip=clip)))
    for u, v in ((2, 5), (20, 5), (38, 5), (20, 1), (20, 9)):
        assert grey(at(image, *placed(u, v))) < 5
    for u, v in ((20, -2), (20, 12), (-2, 5), (42, 5)):
        assert at(image, *placed(u, v)) == (255, 255, 255)
    assert at(image, 85.0, 25.0) == (255, 255, 255)  # where the clip would lie unturned


def test_a_circle_clips_and_fades_together(tmp_path):
    image = pixels(drawn(tmp_path, Group((Box(Rect(0, 0, 40, 40), level=None, fill=BLACK),), 30, 20, opacity=0.5,
                                         clip=Circle(20, 20, 20))))
    assert abs(grey(at(image, 50.0, 40.0)) - 127.5) < 4 and at(image, 31.0, 21.0) == (255, 255, 255)


def test_a_plain_group_writes_what_it_always_wrote(tmp_path):
    """No opacity and no clip: no ExtGState, no clipping path, the operators printkit wrote before."""
    path = drawn(tmp_path, Group((Box(Rect(0, 0, 10, 5)),), 5.0, 6.0, 90.0))
    assert "/ExtGState" not in resources(path)
    assert " ".join(operators(path)) == ("1 0 0 1 0 0 cm q 0 1 -1 0 14.17323 17.00787 cm q .708661 w 0 0 0 RG n 0 0 28.34646 14.17323 re S Q Q")


# --- kept pages and forms ----------------------------------------------------------------------

GRADIENT = Gradient((0.0, 0.0), (60.0, 0.0), (RED, BLUE), stops=(0.0, 1.0))
NEW_MARKS = [Ellipse(Rect(1, 2, 3, 4), 0.5, (0.1, 0.2, 0.3), GRADIENT, (1.0, 0.5), "badge"),
             Polygon(((0.0, 0.0), (1.0, 0.5), (0.0, 1.0)), dash=(0.5, 0.5), closed=False),
             Circle(1.0, 2.0, 3.0, fill=GRADIENT, dash=(1.0, 1.0)),
             Group((Box(Rect(0, 0, 1, 1), fill=GRADIENT),), 1.0, 2.0, 3.0, 0.25, Ellipse(Rect(0, 0, 1, 1)))]


def test_the_new_marks_are_kept_and_read_back_as_they_were(tmp_path):
    store = cache.PageCache(tmp_path / "cache")
    store.kept(["page"], lambda: NEW_MARKS)
    store.flush()
    found = cache.PageCache(store.folder).kept(["page"], lambda: None)
    assert found == NEW_MARKS and found is not NEW_MARKS


def test_a_form_drawn_again_from_the_store_names_its_gradients_and_opacities(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "STORE", cache.PageCache(tmp_path / "cache"))
    marks = (Box(Rect(10, 10, 60, 20), level=None, fill=Gradient((10.0, 0.0), (70.0, 0.0), (RED, BLUE))),
             Group((Box(Rect(0, 0, 20, 20), level=None, fill=BLACK),), 10, 50, opacity=0.5))

    def document() -> Document:  # made anew, as a second file of a build plans it
        return Document("form", "test", (Page(PAPER, (UseForm("page1"),)),), forms=(Form("page1", PAPER, marks),))
    first, again = (written(tmp_path, document(), keeper=cache.KEPT) for _ in range(2))
    assert cache.STORE.made == 1 and cache.STORE.found == 1
    assert again.read_bytes() == first.read_bytes()
    (form,) = pypdf.PdfReader(again).pages[0]["/Resources"]["/XObject"].values()
    assert "/Shading" in form.get_object()["/Resources"] and "/ExtGState" in form.get_object()["/Resources"]
    image = pixels(again)
    assert at(image, 11.0, 20.0)[0] > 230 and at(image, 69.0, 20.0)[2] > 230
    assert abs(grey(at(image, 20.0, 60.0)) - 127.5) < 4


def test_the_characters_of_a_clipped_translucent_group_are_found():
    words = line_at("Fade", 0, 0, 10.0)
    assert characters((Group((Group((words,), opacity=0.5),), clip=Circle(0, 0, 5)),)) == {"Sans": set("Fade")}
