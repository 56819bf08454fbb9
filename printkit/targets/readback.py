"""Written export files read back, with readers of their own (pypdf for PDFs, Pillow for PNGs):
what preflight compares with the shop's profile. Nothing here knows how printkit drew them.

What is read costs what it is asked: a PDF's content streams are parsed once each (a form once
however many pages place it), a PNG's header and its chunks' checksums are read and its pixels
decoded only when something asks for them (preflight, where the export's plan calls for them)."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import cached_property

import pypdfium2
from PIL import Image, ImageCms
from pypdf import PdfReader
from pypdf.errors import PyPdfError

from printkit.plan.geometry import MM_PER_INCH
from printkit.targets.painted import Painted, Reading, painted
from printkit.targets.streams import operations as parsed

MM_PER_PT = MM_PER_INCH / 72


@dataclass(frozen=True)
class Box:
    """A page box in mm: left, bottom, right, top."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def size(self) -> tuple[float, float]:
        return self.x1 - self.x0, self.y1 - self.y0

    def holds(self, other: "Box", within: float = 0.05) -> bool:
        return (other.x0 >= self.x0 - within and other.y0 >= self.y0 - within
                and other.x1 <= self.x1 + within and other.y1 <= self.y1 + within)

    def margins(self, inner: "Box") -> tuple[float, float, float, float]:
        """How far `inner` stands inside this box on each side: left, bottom, right, top."""
        return inner.x0 - self.x0, inner.y0 - self.y0, self.x1 - inner.x1, self.y1 - inner.y1


@dataclass
class PdfPage:
    media: Box
    trim: Box | None
    bleed: Box | None
    fonts: dict[str, bool]  # font name -> embedded
    images: list[tuple[str, float]]  # (image name, its lower resolution as placed, dpi)
    colours: set[str]  # the colour operators its content and its forms' use: g, rg, k, cs, ...
    pictures: list["Picture"] = field(default_factory=list)  # every image it or its forms place
    painted: Painted | None = None  # what its content and its forms paint (printkit/targets/painted.py)
    transparent: list[str] = field(default_factory=list)  # its graphics states that paint with transparency


@dataclass(frozen=True)
class Picture:
    """An image XObject as the file holds it: its name, its colour space (a name, or an array's
    first name: ICCBased, Indexed), whether it has a soft mask (transparency)."""

    name: str
    space: str
    soft_mask: bool


@dataclass
class PdfFile:
    pages: list[PdfPage]
    header: str
    info: dict
    xmp: str
    intents: list[dict] = field(default_factory=list)  # /S, /OutputConditionIdentifier, profile's colour space


@dataclass(frozen=True)
class PngFile:
    size: tuple[int, int]
    mode: str
    dpi: tuple[float, float] | None
    colour: str | None  # the embedded ICC profile's description, None without one
    data: bytes = field(default=b"", repr=False, compare=False)  # the file, its pixels decoded when asked for

    @cached_property
    def alpha(self) -> Image.Image | None:
        """Its alpha channel (mode L), None without one."""
        return self._pixels.getchannel("A") if self.mode == "RGBA" else None

    @cached_property
    def image(self) -> Image.Image:
        """Its pixels as RGB (where its ink lands)."""
        return self._pixels.convert("RGB")

    @cached_property
    def _pixels(self) -> Image.Image:
        """Raises ValueError when its pixels cannot be decoded (checksums right, data not)."""
        try:
            image = Image.open(io.BytesIO(self.data))
            image.load()
            return image
        except (OSError, SyntaxError, ValueError) as error:
            raise ValueError(f"not a PNG that can be read: {error}") from None


def read_pdf(data: bytes) -> PdfFile:
    """Raises ValueError when the bytes are not a PDF pypdf can read."""
    try:
        reader = PdfReader(io.BytesIO(data))
        reading = Reading()  # the file's forms and images, read once for all its pages
        pages = [_page(page, reading) for page in reader.pages]
        root = reader.trailer["/Root"]
        metadata = root.get("/Metadata")
        xmp = metadata.get_object().get_data().decode("utf-8", "replace") if metadata else ""
        intents = [_intent(i.get_object()) for i in root.get("/OutputIntents", [])]
        info = {k: str(v) for k, v in (reader.metadata or {}).items()}
        return PdfFile(pages, reader.pdf_header, info, xmp, intents)
    except (PyPdfError, KeyError, TypeError, AttributeError, OSError) as error:
        raise ValueError(f"not a PDF that can be read: {error}") from None


def text_boxes(data: bytes) -> list[list[tuple[str, Box]]]:
    """Every printed character of every page with the box its glyph covers (mm), read by PDFium."""
    document = pypdfium2.PdfDocument(data)
    pages = []
    for index in range(len(document)):
        text = document[index].get_textpage()
        found = []
        for i in range(text.count_chars()):
            char = text.get_text_range(i, 1)
            left, bottom, right, top = (v * MM_PER_PT for v in text.get_charbox(i))
            if char.strip() and right > left and top > bottom:
                found.append((char, Box(left, bottom, right, top)))
        pages.append(found)
    return pages


def read_png(data: bytes) -> PngFile:
    """Its header and chunks, every chunk's checksum verified to the end (a file cut short or
    damaged is found without decoding its pixels, which cost what drawing them did)."""
    try:
        image = Image.open(io.BytesIO(data))
        if image.format != "PNG":
            raise ValueError(f"a {image.format} image, not a PNG")
        icc = image.info.get("icc_profile")
        colour = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(icc))).strip() if icc else None
        found = PngFile(image.size, image.mode, image.info.get("dpi"), colour, data)
        image.verify()  # every chunk's CRC, up to IEND
        return found
    except (OSError, SyntaxError, ImageCms.PyCMSError) as error:
        raise ValueError(f"not a PNG that can be read: {error}") from None


def _box(page, name: str) -> Box | None:
    if name not in page:
        return None
    x0, y0, x1, y1 = (float(v) * MM_PER_PT for v in page[name])
    return Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _page(page, reading: Reading) -> PdfPage:
    resources = page.get("/Resources") or {}
    contents = page.get("/Contents")
    operations = parsed(contents, page.pdf) if contents is not None else None  # parsed once, for both readings
    images, colours = _content(operations, resources)
    pictures, more = _placed(resources, set(), reading)
    return PdfPage(_box(page, "/MediaBox"), _box(page, "/TrimBox"), _box(page, "/BleedBox"),
                   _fonts(resources), images, colours | more, pictures,
                   painted(page, _embedded, operations, reading), _transparent(resources, set()))


def _transparent(resources, seen: set) -> list[str]:
    """The graphics states (ExtGState) a page or the forms it places name that paint with
    transparency: a constant alpha below 1 (/ca, /CA), a soft mask, a blend mode other than
    Normal; each as `/Name: ca 0.5`."""
    found = []
    for name, state in (resources.get("/ExtGState") or {}).items():
        state, said = state.get_object(), []
        for key in ("/ca", "/CA"):
            if key in state and float(state[key]) < 1:
                said.append(f"{key[1:]} {float(state[key]):g}")
        if state.get("/SMask", "/None") != "/None":
            said.append("a soft mask")
        if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
            said.append(f"blend mode {str(state['/BM']).lstrip('/')}")
        found += [f"{name}: {', '.join(said)}"] if said else []
    for ref in (resources.get("/XObject") or {}).values():
        key = getattr(ref, "idnum", None) or id(ref)
        if key not in seen and ref.get_object().get("/Subtype") == "/Form":
            seen.add(key)
            found += _transparent(ref.get_object().get("/Resources") or {}, seen)
    return found


def _placed(resources, seen: set, reading: Reading) -> tuple[list[Picture], set[str]]:
    """The images of a page's (or a form's) resources, and those of the forms it places with
    the colour operators their content uses; each form read once."""
    pictures, colours = [], set()
    for name, ref in (resources.get("/XObject") or {}).items():
        key = getattr(ref, "idnum", None) or id(ref)
        if key in seen:
            continue
        seen.add(key)
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Image":
            pictures.append(Picture(str(name).lstrip("/"), _space(xobject.get("/ColorSpace")), "/SMask" in xobject))
        elif xobject.get("/Subtype") == "/Form":
            colours |= {op.decode() for _, op in reading.of(key, xobject) if op in COLOURS}
            found, more = _placed(xobject.get("/Resources") or {}, seen, reading)
            pictures, colours = pictures + found, colours | more
    return pictures, colours


def _space(space) -> str:
    """A colour space's name: /DeviceCMYK, or an array's family (/ICCBased, /Indexed); none: a mask."""
    if space is None:
        return "none"
    space = space.get_object()
    return str(space[0].get_object() if isinstance(space, list) and space else space).lstrip("/")


def _fonts(resources, seen=None) -> dict[str, bool]:
    """Every font of the page and of the forms it places, and whether its program is embedded."""
    seen = set() if seen is None else seen
    found = {}
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        found[str(font.get("/BaseFont", "(unnamed)")).lstrip("/")] = _embedded(font)
    for ref in (resources.get("/XObject") or {}).values():
        key = getattr(ref, "idnum", id(ref))
        if key in seen:
            continue
        seen.add(key)
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Form":
            found.update(_fonts(xobject.get("/Resources") or {}, seen))
    return found


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # drawn by the file's own procedures
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return bool(descriptor) and any(key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3"))


COLOURS = {b"g", b"G", b"rg", b"RG", b"k", b"K", b"cs", b"CS", b"sc", b"SC", b"scn", b"SCN"}
SPOT = {b"cs", b"CS", b"sc", b"SC", b"scn", b"SCN"}  # what sets a colour in a named colour space


def _content(operations, resources) -> tuple[list[tuple[str, float]], set[str]]:
    """Each image the page's content (its `operations`) places, with its resolution as printed
    (its pixels over the size the current transformation gives it, the lower of its two
    directions), and the colour operators it uses."""
    xobjects = resources.get("/XObject") or {}
    if operations is None:
        return [], set()
    found, colours, stack, ctm = [], set(), [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    spots, spot = _cmyk_separations(resources), {}
    for operands, operator in operations:
        if operator in (b"cs", b"CS"):  # a spot colour over CMYK (a die line's CutContour) is CMYK ink
            spot[operator.isupper()] = bool(operands) and operands[0] in spots
        elif operator in COLOURS - SPOT:  # a device colour: the space is a device's again
            spot[operator.isupper()] = False
        elif operator == b"Q":  # the space before the q: not followed, so taken as no spot
            spot = {}
        if operator in COLOURS and not (operator in SPOT and spot.get(operator.isupper())):
            colours.add(operator.decode())
        elif operator == b"q":
            stack.append(ctm)
        elif operator == b"Q" and stack:
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _times([float(v) for v in operands], ctm)
        elif operator == b"Do" and operands[0] in xobjects:
            image = xobjects[operands[0]].get_object()
            if image.get("/Subtype") == "/Image":
                found.append((str(operands[0]).lstrip("/"), _dpi(image, ctm)))
    return found, colours


def _cmyk_separations(resources) -> set:
    """The names of the Separation colour spaces (spot colours) whose alternate is DeviceCMYK."""
    found = set()
    for name, space in (resources.get("/ColorSpace") or {}).items():
        space = space.get_object()
        if isinstance(space, list) and len(space) == 4 and space[0] == "/Separation" and space[2] == "/DeviceCMYK":
            found.add(name)
    return found


def _times(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _dpi(image, ctm) -> float:
    a, b, c, d, _, _ = ctm
    width_in = (a * a + b * b) ** 0.5 / 72
    height_in = (c * c + d * d) ** 0.5 / 72
    if not width_in or not height_in:
        return float("inf")
    return min(float(image["/Width"]) / width_in, float(image["/Height"]) / height_in)


def _intent(intent) -> dict:
    profile = intent.get("/DestOutputProfile")
    colour = device = None
    if profile is not None:
        try:
            icc = ImageCms.ImageCmsProfile(io.BytesIO(profile.get_object().get_data()))
            colour, device = icc.profile.xcolor_space.strip(), icc.profile.device_class.strip()
        except (OSError, ImageCms.PyCMSError, PyPdfError):
            colour = device = "unreadable"
    return {"S": str(intent.get("/S", "")), "condition": str(intent.get("/OutputConditionIdentifier", "")),
            "profile": colour, "device": device}
