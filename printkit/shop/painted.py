"""What a PDF page paints, read from its content and its forms' (pypdf): the most ink (C+M+Y+K) of
any point, every image placed (colour space, soft mask, resolution as printed) and every font,
each with the form that brought it in (an SVG is drawn as a form).

Total ink is computed from the content exactly, not rendered: a page of a shop's PDF/X-1a file is
opaque (no transparency, no overprint), so each point shows the last colour painted there: a
fill's, a stroke's, a text's, a shading's, or an image's pixel; the highest total among them is
the highest total of any point of the page, and is found where it is painted. Rendering would need
a CMYK renderer (PDFium renders RGB only; Ghostscript's tiffsep does CMYK, but it is no Python
package and printkit must run without it). A colour set but never painted is not counted; an
image's pixels off the page are not, and those under a clipping path are (the walk follows no
clip: a bound). Read against Ghostscript's tiffsep separations of a coloured game's DTC page
(pictures, an SVG, coloured text): the same highest total, 203.5 %, at the same corner."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import numpy
from PIL import Image
from pypdf.generic import ContentStream

from printkit.plan.geometry import MM_PER_INCH

MM_PER_PT = MM_PER_INCH / 72
PAINT = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"S", b"s"}
STROKES = {b"S", b"s"}
SHOW = {b"Tj", b"TJ", b"'", b'"'}
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass
class Placed:
    """An image as a page places it: its name, colour space, whether it has a soft mask, its lower
    resolution as printed (dpi), the form it is in (None: the page's own content), its middle (mm)."""

    name: str
    space: str
    soft_mask: bool
    dpi: float
    form: str | None
    at: tuple[float, float]
    size: tuple[float, float] = (0.0, 0.0)  # mm, as placed (unturned)


@dataclass
class Painted:
    ink: float = 0.0  # the highest C+M+Y+K, % (CMYK and grey painting only)
    at: tuple[float, float] = (0.0, 0.0)  # where, mm from the page's bottom-left corner
    images: list[Placed] = field(default_factory=list)
    fonts: list[tuple[str, bool, str | None]] = field(default_factory=list)  # name, embedded, its form
    page: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)  # its MediaBox, pt: what of an image is on the page

    def more(self, total: float, at: tuple[float, float]) -> None:
        if total > self.ink + 1e-9:
            self.ink, self.at = total, at


def painted(page, embedded) -> Painted:
    """What `page` (a pypdf page) paints; `embedded(font)` says whether a font's program is in the file."""
    found = Painted(page=tuple(float(v) for v in page.get("/MediaBox", (0, 0, 0, 0))))
    contents = page.get_contents()
    if contents is not None:
        _walk(contents, page.get("/Resources") or {}, IDENTITY, None, found, embedded, set())
    return found


def _walk(stream, resources, ctm, form, found: Painted, embedded, forms: set) -> None:
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        found.fonts.append((str(font.get("/BaseFont", "(unnamed)")).lstrip("/"), embedded(font), form))
    state = _State(ctm)
    for operands, operator in ContentStream(stream, None).operations:
        state.step(operands, operator, resources, found, embedded, form, forms)


class _State:
    """The graphics state the walk needs: the CTM, the fill and stroke colours (CMYK totals, None
    for RGB or another space), the path's first point, the text matrix."""

    def __init__(self, ctm):
        self.ctm, self.stack = ctm, []
        self.fill = self.stroke = 100.0  # black, the PDF's initial colour: 100 % K
        self.fill_space = self.stroke_space = "DeviceGray"
        self.point, self.text = None, IDENTITY

    def step(self, operands, op, resources, found: Painted, embedded, form, forms: set) -> None:
        if op == b"q":
            self.stack.append((self.ctm, self.fill, self.stroke, self.fill_space, self.stroke_space))
        elif op == b"Q" and self.stack:
            self.ctm, self.fill, self.stroke, self.fill_space, self.stroke_space = self.stack.pop()
        elif op == b"cm":
            self.ctm = _times([float(v) for v in operands], self.ctm)
        elif op in (b"k", b"K", b"g", b"G", b"rg", b"RG", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"):
            self._colour(operands, op)
        elif op in (b"m", b"re") and self.point is None:
            self.point = (float(operands[0]), float(operands[1]))
        elif op in PAINT or op == b"n":
            if op != b"n" and self.point is not None:
                self._paint(self.stroke if op in STROKES else self.fill, self.point, found)
                if op in (b"B", b"B*", b"b", b"b*"):
                    self._paint(self.stroke, self.point, found)
            self.point = None
        elif op == b"BT":
            self.text = IDENTITY
        elif op == b"Tm":
            self.text = tuple(float(v) for v in operands)
        elif op in SHOW:
            self._paint(self.fill, self.text[4:6], found)
        elif op == b"sh":
            self._shading(resources, operands[0], found)
        elif op == b"Do":
            self._placed(resources, operands[0], found, embedded, form, forms)

    def _colour(self, operands, op) -> None:
        stroke = op.isupper()
        if op in (b"cs", b"CS"):  # a space's initial colour is black: 100 % K in grey and CMYK
            space = str(operands[0]).lstrip("/")
            self._set(stroke, space, 100.0 if space in ("DeviceGray", "DeviceCMYK") else None)
            return
        values = [float(v) for v in operands if _number(v)]
        space = {b"k": "DeviceCMYK", b"g": "DeviceGray", b"rg": "DeviceRGB"}.get(op.lower()) or \
            (self.stroke_space if stroke else self.fill_space)
        if space == "DeviceCMYK" and len(values) == 4:
            self._set(stroke, space, 100 * sum(values))
        elif space == "DeviceGray" and len(values) == 1:
            self._set(stroke, space, 100 * (1 - values[0]))
        else:
            self._set(stroke, space, None)  # RGB, ICC-based: no ink of its own (X-1a allows none)

    def _set(self, stroke: bool, space: str, total) -> None:
        if stroke:
            self.stroke_space, self.stroke = space, total
        else:
            self.fill_space, self.fill = space, total

    def _paint(self, total, point, found: Painted) -> None:
        if total is not None:
            found.more(total, _mm(_apply(self.ctm, point)))

    def _shading(self, resources, name, found: Painted) -> None:
        shading = ((resources.get("/Shading") or {}).get(name) or {})
        shading = shading.get_object() if shading else {}
        if str(shading.get("/ColorSpace", "")).lstrip("/") != "DeviceCMYK":
            return
        for colour in _function_colours(shading.get("/Function")):
            self._paint(100 * sum(colour), _start(shading), found)

    def _placed(self, resources, name, found: Painted, embedded, form, forms: set) -> None:
        ref = (resources.get("/XObject") or {}).get(name)
        if ref is None:
            return
        xobject = ref.get_object()
        label = str(name).lstrip("/")
        if xobject.get("/Subtype") == "/Image":
            found.images.append(Placed(label, _space(xobject.get("/ColorSpace")), "/SMask" in xobject,
                                       _dpi(xobject, self.ctm), form, _mm(_apply(self.ctm, (0.5, 0.5))),
                                       _mm(((self.ctm[0] ** 2 + self.ctm[1] ** 2) ** 0.5,
                                            (self.ctm[2] ** 2 + self.ctm[3] ** 2) ** 0.5))))
            _image_ink(xobject, self.ctm, found)
        elif xobject.get("/Subtype") == "/Form":
            key = getattr(ref, "idnum", None) or id(ref)
            matrix = [float(v) for v in xobject.get("/Matrix", IDENTITY)]
            if (key, self.ctm) in forms:
                return
            forms.add((key, self.ctm))
            _walk(xobject, xobject.get("/Resources") or {}, _times(matrix, self.ctm), form or label, found,
                  embedded, forms)


def _number(value) -> bool:
    try:
        float(value)
        return True
    except (TypeError, ValueError):
        return False


def _function_colours(function) -> list[list[float]]:
    """The colours a shading's function runs between: type 2's C0 and C1, a stitching's parts'."""
    if function is None:
        return []
    function = function.get_object()
    if isinstance(function, list):
        return [c for f in function for c in _function_colours(f)]
    if function.get("/FunctionType") == 3:
        return [c for f in function.get("/Functions", []) for c in _function_colours(f)]
    return [[float(v) for v in function.get(key, default)] for key, default in (("/C0", [0.0]), ("/C1", [1.0]))]


def _start(shading) -> tuple[float, float]:
    coords = [float(v) for v in shading.get("/Coords", [0, 0])]
    return coords[0], coords[1]


def _image_ink(image, ctm, found: Painted) -> None:
    """The highest total of a CMYK image's pixels on the page (its /Decode applied), and where."""
    if _space(image.get("/ColorSpace")) != "DeviceCMYK":
        return
    pixels = _cmyk(image)
    if pixels is None:
        return
    left, top, right, bottom = _on_the_page(ctm, pixels.size, found.page)
    if right <= left or bottom <= top:
        return
    raw = numpy.asarray(pixels.crop((left, top, right, bottom)), dtype=numpy.uint16)  # C, M, Y, K a pixel
    decode = [float(v) for v in image.get("/Decode", [])]
    inverted = len(decode) >= 2 and decode[0] > decode[1]  # 1 0 1 0 ...: each channel read as 255 - value
    totals = raw.reshape(-1, 4).sum(axis=1)  # numpy: a deck's pictures are millions of pixels
    index = int(totals.argmin() if inverted else totals.argmax())
    best = 4 * 255 - int(totals[index]) if inverted else int(totals[index])
    x, y = left + index % (right - left), top + index // (right - left)
    point = ((x + 0.5) / pixels.width, 1 - (y + 0.5) / pixels.height)
    found.more(100 * best / 255, _mm(_apply(ctm, point)))


def _on_the_page(ctm, size, page) -> tuple[int, int, int, int]:
    """The pixels of an image placed upright that fall on the page (all of them when it is turned:
    then the total is a bound, as it is under a clipping path, which is not followed)."""
    a, b, c, d, e, f = ctm
    width, height = size
    if b or c or not a or not d or len(page) != 4:
        return 0, 0, width, height
    x0, y0, x1, y1 = page
    columns = sorted(((x0 - e) / a * width, (x1 - e) / a * width))
    rows = sorted(((1 - (y0 - f) / d) * height, (1 - (y1 - f) / d) * height))
    return (max(0, int(columns[0])), max(0, int(rows[0])), min(width, int(columns[1]) + 1),
            min(height, int(rows[1]) + 1))


def _cmyk(image) -> Image.Image | None:
    width, height = int(image["/Width"]), int(image["/Height"])
    filters = image.get("/Filter")
    filters = [str(f) for f in (filters if isinstance(filters, list) else [filters] if filters else [])]
    data = image.get_data()
    if "/DCTDecode" in filters:
        return Image.open(io.BytesIO(data)).convert("CMYK")
    if int(image.get("/BitsPerComponent", 8)) != 8 or len(data) < width * height * 4:
        return None
    return Image.frombytes("CMYK", (width, height), data[:width * height * 4])


def _space(space) -> str:
    """A colour space's name: /DeviceCMYK, or an array's family (/ICCBased, /Indexed); none: a mask."""
    if space is None:
        return "none"
    space = space.get_object()
    return str(space[0].get_object() if isinstance(space, list) and space else space).lstrip("/")


def _dpi(image, ctm) -> float:
    a, b, c, d, _, _ = ctm
    width_in, height_in = (a * a + b * b) ** 0.5 / 72, (c * c + d * d) ** 0.5 / 72
    if not width_in or not height_in:
        return float("inf")
    return min(float(image["/Width"]) / width_in, float(image["/Height"]) / height_in)


def _times(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(ctm, point) -> tuple[float, float]:
    a, b, c, d, e, f = ctm
    x, y = point
    return a * x + c * y + e, b * x + d * y + f


def _mm(point) -> tuple[float, float]:
    return point[0] * MM_PER_PT, point[1] * MM_PER_PT
