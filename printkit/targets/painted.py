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
(pictures, an SVG, coloured text): the same highest total, 203.5 %, at the same corner.

A file is read once: each content stream parsed once (a page's, a form's however many pages place
it), and each image's pixels summed once for the part of it that lies on a page (a deck's picture
placed on sixty cards): `Reading`, kept for the file's pages."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import numpy
from PIL import Image

from printkit.plan.geometry import MM_PER_INCH
from printkit.targets.streams import decoded, operations as parsed

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
class Reading:
    """What reading a file keeps from page to page: each form's operations, by its object's number,
    and each image's highest total ink over the pixels a page shows of it."""

    operations: dict = field(default_factory=dict)
    inks: dict = field(default_factory=dict)

    def of(self, key, stream) -> list:
        """A form's operations, parsed the first time it is asked for."""
        if key not in self.operations:
            self.operations[key] = parsed(stream, None) or []
        return self.operations[key]


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


def painted(page, embedded, operations: list | None = None, reading: Reading | None = None) -> Painted:
    """What `page` (a pypdf page) paints; `embedded(font)` says whether a font's program is in the
    file; `operations`, its content's, when they are parsed already; `reading`, what the file's
    other pages have read (its forms and images)."""
    found = Painted(page=tuple(float(v) for v in page.get("/MediaBox", (0, 0, 0, 0))))
    if operations is None and page.get("/Contents") is not None:
        operations = parsed(page["/Contents"], None)
    if operations is not None:
        _walk(operations, page.get("/Resources") or {}, IDENTITY, None, found, embedded, set(), reading or Reading())
    return found


def _walk(operations, resources, ctm, form, found: Painted, embedded, forms: set, reading: Reading) -> None:
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        found.fonts.append((str(font.get("/BaseFont", "(unnamed)")).lstrip("/"), embedded(font), form))
    state = _State(ctm, reading)
    for operands, operator in operations:
        state.step(operands, operator, resources, found, embedded, form, forms)


class _State:
    """The graphics state the walk needs: the CTM, the fill and stroke colours (CMYK totals, None
    for RGB or another space), the path's first point, the text matrix."""

    def __init__(self, ctm, reading: Reading):
        self.ctm, self.stack, self.reading = ctm, [], reading
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
            _image_ink(xobject, _key(ref), self.ctm, found, self.reading)
        elif xobject.get("/Subtype") == "/Form":
            key = _key(ref)
            matrix = [float(v) for v in xobject.get("/Matrix", IDENTITY)]
            if (key, self.ctm) in forms:
                return
            forms.add((key, self.ctm))
            _walk(self.reading.of(key, xobject), xobject.get("/Resources") or {}, _times(matrix, self.ctm),
                  form or label, found, embedded, forms, self.reading)


def _key(ref):
    """An object's number in its file (an object written in place: its identity)."""
    return getattr(ref, "idnum", None) or id(ref)


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


def _image_ink(image, key, ctm, found: Painted, reading: Reading) -> None:
    """The highest total of a CMYK image's pixels on the page (its /Decode applied), and where; an
    image placed again with the same pixels on the page (a deck's picture) is summed once."""
    if _space(image.get("/ColorSpace")) != "DeviceCMYK":
        return
    size = int(image["/Width"]), int(image["/Height"])
    bounds = _on_the_page(ctm, size, found.page)
    if (key, bounds) not in reading.inks:
        reading.inks[key, bounds] = _most_ink(image, size, bounds, ctm, found.page)
    most = reading.inks[key, bounds]
    if most is not None:
        best, point = most
        found.more(100 * best / 255, _mm(_apply(ctm, point)))


def _most_ink(image, size, bounds, ctm, page) -> tuple[int, tuple[float, float]] | None:
    """(the highest C+M+Y+K of the pixels within `bounds`, of 4 x 255; that pixel's middle, in the
    image's unit square) of a CMYK image."""
    if bounds[2] <= bounds[0] or bounds[3] <= bounds[1]:
        return None
    pixels = _cmyk(image)
    if pixels is None:
        return None
    height, width = pixels.shape[:2]
    if (width, height) != size:  # a JPEG's own size, not its dictionary's
        bounds = _on_the_page(ctm, (width, height), page)
    left, top, right, bottom = bounds
    if right <= left or bottom <= top:
        return None
    raw = pixels[top:bottom, left:right]
    totals = raw[..., 0].astype(numpy.uint16)  # a plane a channel, added whole: millions of pixels
    for channel in (1, 2, 3):
        totals += raw[..., channel]
    decode = [float(v) for v in image.get("/Decode", [])]
    inverted = len(decode) >= 2 and decode[0] > decode[1]  # 1 0 1 0 ...: each channel read as 255 - value
    index = int(totals.argmin() if inverted else totals.argmax())
    y, x = divmod(index, right - left)
    total = int(totals[y, x])
    return (4 * 255 - total if inverted else total), ((left + x + 0.5) / width, 1 - (top + y + 0.5) / height)


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


def _cmyk(image) -> numpy.ndarray | None:
    """A CMYK image's pixels, rows of (C, M, Y, K) bytes: height x width x 4."""
    width, height = int(image["/Width"]), int(image["/Height"])
    filters = image.get("/Filter")
    filters = [str(f) for f in (filters if isinstance(filters, list) else [filters] if filters else [])]
    data = decoded(image)
    if "/DCTDecode" in filters:
        return numpy.asarray(Image.open(io.BytesIO(data)).convert("CMYK"))
    if int(image.get("/BitsPerComponent", 8)) != 8 or len(data) < width * height * 4:
        return None
    return numpy.frombuffer(data, dtype=numpy.uint8, count=width * height * 4).reshape(height, width, 4)


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
