"""`printkit preflight DIR`: an export read back and checked against its shop's profile before it
goes out, one problem a line (`FILE: message`):

- every file the export's record names is there, and no other card image beside them;
- page and box sizes to 0.05 mm, boxes nested (MediaBox >= BleedBox >= TrimBox); what each page
  paints, read from its content and its forms' (printkit/targets/painted.py): every font embedded (one
  an SVG's form brought in named by that SVG), every image at the shop's dpi as placed (named by
  its file), the highest total ink of any point against the shop's limit; the PDF/X version's
  keys, output intent, colours and images' colour spaces and masks;
- PNGs: pixel size (and the shop's published size), sRGB, dpi, how many; a cutting machine's
  images (kind cutout) also transparent outside the card's outline and opaque inside it, as many
  cards as each one's name says, and HOW-TO-CUT.txt (printkit/targets/outlines.py); a virtual
  table's (kind tts) RGB and no larger than it takes;
- the page order the shop wants, and every front with its back;
- no text nearer the trim than the safe zone, judged where its ink lands: a card PDF's glyph
  boxes (PDFium), a card image's pixels (printkit/targets/landing.py); on press targets no line under
  0.25 pt, and for the shops sent images no picture under their dpi, from the plan
  (printkit/targets/planned.py); each named by product, card and the designer's layer, at the
  FILE:LINE it is written at, as are a page's fonts, images and ink (printkit/targets/located.py).

Faults only fail it; frames, borders and shapes stopping inside the safe zone short of the trim
are warnings, and art a layer takes to the trim or into the bleed is no finding at all.
"""

from __future__ import annotations

from pathlib import Path

from printkit.ground import signatures
from printkit.pipeline.cores import each_on_every_core
from printkit.ground.errors import Problem, PrintkitError, warn
from printkit.pipeline.manifest import within
from printkit.targets.export import RECORD, RECORD_BYTES
from printkit.targets.outlines import copies_problems, how_to_problems, outline_problems
from printkit.targets.pdfx import X1A
from printkit.targets.profiles import Profile, profiles
from printkit.targets.readback import Box, read_pdf, read_png, text_boxes
from printkit.targets.planned import near_cut_warnings
from printkit.targets.languages import said_once
from printkit.targets.safelines import image_problems, planned_problems, text_problems
from printkit.targets.located import page_problems, sides

WITHIN = 0.05  # mm: how near a size or a box must be to its figure
LARGEST = 1189.0  # mm: the long side of A0, far beyond any card
SIDE_BY_SIDE = 2 * 2**20  # bytes of files to read back beyond which forking workers saves time


def preflight(folder: Path, shown: str) -> tuple[int, list[Problem]]:
    """(files checked, problems) of the export in `folder`; `shown` is how messages name it. Its
    warnings (frames and borders inside the safe zone) are said, one line each, on stderr."""
    checked, problems, warnings = findings(folder, shown)
    for warning in warnings:
        warn(warning)
    return checked, problems


def findings(folder: Path, shown: str) -> tuple[int, list[Problem], list[Problem]]:
    """(files checked, faults, warnings) of the export in `folder`; a finding the same in several
    languages of a product, one line naming them (printkit/targets/languages.py)."""
    record, profile = _record(folder, shown)
    problems, warnings, checked = [], [], 0
    try:
        read = _files_read(folder, shown, record["products"], profile)
        for product in record["products"]:
            trim = tuple(product["trim"])
            problems += planned_problems(product, trim, profile) + _order(product, profile)
            warnings += near_cut_warnings(product, trim, profile)
            files = sorted({page["file"] for page in product["pages"]})
            for name in files:
                problems += read[id(product), name]
            checked += len(files)
            if profile.kind in ("png", "cutout", "tts"):
                problems += _strays(folder, shown, files)
            if profile.kind == "cutout":
                problems += copies_problems(product, shown)
        if profile.kind == "cutout":
            problems += how_to_problems(folder, shown, record["products"])
        warnings = sorted(set(warnings), key=lambda w: (w.file, w.line or 0, w.message))
        return checked, said_once(problems, record["products"]), said_once(warnings, record["products"])
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise _unreadable(shown, error) from None


def _files_read(folder: Path, shown: str, products: list[dict], profile: Profile) -> dict:
    """Each product's files read back, {(id(product), name): problems}: side by side on the
    machine's cores where they weigh more than SIDE_BY_SIDE bytes together (a deck's images)."""
    jobs = [(product, name) for product in products for name in sorted({page["file"] for page in product["pages"]})]

    def weight(job) -> int:
        try:
            return (folder / job[1]).stat().st_size
        except (OSError, ValueError, TypeError):
            return 0

    def read(job) -> list[Problem]:
        product, name = job
        return _file(folder, f"{shown}/{name}", name, product, tuple(product["trim"]), profile)
    found = each_on_every_core(read, jobs, weight=weight, least=SIDE_BY_SIDE)
    return {(id(product), name): problems for (product, name), problems in zip(jobs, found)}


def _record(folder: Path, shown: str) -> tuple[dict, Profile]:
    try:
        record = signatures.read_json(folder / RECORD, RECORD_BYTES)
        if record is None:
            raise FileNotFoundError(RECORD)
        if record["shop"] not in profiles():
            raise ValueError(f"shop {record['shop']!r} is not one printkit knows ({', '.join(profiles())})")
        profile = profiles()[record["shop"]]
        missing = [key for product in record["products"] for key in ("product", "trim", "pages", "cards")
                   if key not in product]
        if missing:
            raise KeyError(missing[0])
        if not all(_a_card(product["trim"]) for product in record["products"]):
            raise ValueError("a trim that is no card's size")
    except FileNotFoundError:
        raise PrintkitError([Problem(shown, None, f"no export here (no {RECORD}); "
                                                  f"`printkit export --for SHOP` writes one")]) from None
    except (OSError, ValueError, KeyError, TypeError) as error:  # signatures.Unreadable is a ValueError
        raise _unreadable(shown, error) from None
    return record, profile


def _a_card(trim) -> bool:
    """Two sizes in millimetres, each of a card (no more than a sheet of A0: never 1e308)."""
    return isinstance(trim, list) and len(trim) == 2 and all(
        isinstance(side, (int, float)) and not isinstance(side, bool) and 0 < side <= LARGEST for side in trim)


def _unreadable(shown: str, error: Exception) -> PrintkitError:
    reason = str(error) if isinstance(error, ValueError) else f"{type(error).__name__}: {error}"
    return PrintkitError([Problem(f"{shown}/{RECORD}", None, f"not an export record printkit can read ({reason})")])


# --- what the record says ------------------------------------------------------------------------

def _order(product: dict, profile: Profile) -> list[Problem]:
    """One card side a page (or an image) in the shop's order, every front with its back."""
    if profile.kind == "sheets":
        return []
    placed = [(page["card"], page["side"]) for page in product["pages"]]
    cards = len(product["cards"])
    pairs = (("front", "back"), ("back", "front")) if len(profile.sides()) == 2 else ()
    problems = [Problem(product["product"], None, f"card {n}: its {side} has no {other}")
                for n in range(1, cards + 1) for side, other in pairs
                if (n, side) in placed and (n, other) not in placed]
    expected = [(n, side) for n in range(1, cards + 1) for side in profile.sides()]
    if not problems and placed != expected:
        first = next((i for i, (a, b) in enumerate(zip(placed, expected)) if a != b), min(len(placed), len(expected)))
        if first == len(expected):  # every card side in its place, then more: a page given twice
            return [Problem(product["product"], None, f"{len(placed)} pages for {len(expected)} card sides: "
                                                      f"page {first + 1} is not one of them")]
        card, side = expected[first]
        problems.append(Problem(product["product"], None, f"page {first + 1} is not card {card}'s {side}: "
                                                          f"{profile.name} takes {profile.order}, card by card"))
    return problems


def _strays(folder: Path, shown: str, files: list[str]) -> list[Problem]:
    """Card images in a product's folder that the export did not write: they would be uploaded too."""
    folders = {Path(name).parent for name in files if within(folder, name)}  # none the record names elsewhere
    known = set(files)
    return [Problem(f"{shown}/{path.relative_to(folder).as_posix()}", None, "not part of this export; remove it")
            for parent in sorted(folders) for path in sorted((folder / parent).glob("*.png"))
            if path.relative_to(folder).as_posix() not in known]


# --- what the files say --------------------------------------------------------------------------

def _file(folder: Path, shown: str, name: str, product: dict, trim, profile: Profile) -> list[Problem]:
    if not (folder / name).resolve().is_relative_to(folder.resolve()):
        return [Problem(shown, None, "is outside the export's folder; the record is not printkit's")]
    try:
        data = (folder / name).read_bytes()
    except OSError as error:
        return [Problem(shown, None, f"missing: {error.strerror or error}")]
    try:
        if profile.kind == "png":
            png = read_png(data)
            return [Problem(shown, None, m) for m in _png(png, trim, profile)] + \
                image_problems(product, name, png, trim, profile)
        if profile.kind == "tts":
            return [Problem(shown, None, m) for m in _table_png(read_png(data), profile)]
        if profile.kind == "cutout":
            png = read_png(data)
            return [Problem(shown, None, m)
                    for m in _png(png, trim, profile) + outline_problems(png.alpha, product["outline"], profile.dpi)]
        pages = [p for p in product["pages"] if p["file"] == name]
        pdf = read_pdf(data)
        found = _pdf(pdf, trim, profile, pages, product, shown)
        if profile.kind == "pdf":
            found += text_problems(product, name, pdf, text_boxes(data), profile)
        return found
    except ValueError as error:
        return [Problem(shown, None, str(error))]


def _png(png, trim, profile: Profile) -> list[str]:
    problems = []
    size, published = profile.pixels(trim), profile.published(trim)
    if png.size != size:
        problems.append(f"{_px(png.size)}; {profile.name} takes {_px(size)} for a {_mm(trim)} card "
                        f"({f'{profile.bleed:g} mm bleed' if profile.bleed else 'the trim, no bleed,'} at {profile.dpi} dpi)")
    if published and published != size:
        problems.append(f"the profile's bleed gives {_px(size)} but {profile.name} publishes {_px(published)}")
    mode = "RGBA" if profile.kind == "cutout" else "RGB"
    if png.mode != mode:
        problems.append(f"colour mode {png.mode}; {profile.name} takes {mode}")
    if png.colour is None or "srgb" not in png.colour.lower():
        problems.append(f"no sRGB colour profile (found: {png.colour or 'none'})")
    if png.dpi is None or min(png.dpi) < profile.dpi - 0.5:
        problems.append(f"{_dpi(png.dpi)}; {profile.name} takes {profile.dpi} dpi")
    return problems


def _table_png(png, profile: Profile) -> list[str]:
    """A virtual table's image: RGB, sRGB, at most `largest` px either way."""
    problems = [] if max(png.size) <= profile.largest else [
        f"{_px(png.size)}; {profile.name} takes at most {profile.largest} x {profile.largest} px"]
    if png.mode != "RGB":
        problems.append(f"colour mode {png.mode}; {profile.name} takes RGB")
    if png.colour is None or "srgb" not in png.colour.lower():
        problems.append(f"no sRGB colour profile (found: {png.colour or 'none'})")
    return problems


def _pdf(pdf, trim, profile: Profile, pages: list[dict], product: dict | None, shown: str) -> list[Problem]:
    """The file's pages, boxes and PDF/X keys (said at the file), and what each page paints (at
    the layer that planned it: printkit/targets/located.py)."""
    placed = sides(product, pages)
    expected = pages[0].get("pages", len(pages))
    problems = [] if len(pdf.pages) == expected else [f"{len(pdf.pages)} pages; the export wrote {expected}"]
    located = []
    for number, page in enumerate(pdf.pages, start=1):
        problems += [f"page {number}: {m}" for m in _boxes(page, trim, profile)]
        located += page_problems(number, page, profile, placed.get(number), shown, bool(profile.pdfx))
    if profile.pdfx:
        problems += _pdfx(pdf, profile)
    return [Problem(shown, None, m) for m in problems] + located


def _boxes(page, trim, profile: Profile) -> list[str]:
    if page.trim is None:
        return ["no TrimBox"]
    bleed = page.bleed or page.media
    problems = [] if page.media.holds(bleed) and bleed.holds(page.trim) else [
        f"boxes do not nest (MediaBox {_box(page.media)}, BleedBox {_box(bleed)}, TrimBox {_box(page.trim)})"]
    margins = bleed.margins(page.trim)
    if profile.kind == "sheets":
        short = [m for m in margins if m < profile.bleed - WITHIN]
        return problems + ([f"BleedBox {min(margins):.2f} mm round the TrimBox; {profile.name} takes "
                            f"{profile.bleed:g} mm"] if short else [])
    if not _near(page.trim.size, trim):
        problems.append(f"TrimBox {_mm(page.trim.size)}; the card is {_mm(trim)}")
    whole = (trim[0] + 2 * profile.bleed, trim[1] + 2 * profile.bleed)
    if not _near(page.media.size, whole):
        problems.append(f"page {_mm(page.media.size)}; {profile.name} takes {_mm(whole)} "
                        f"(the card and {profile.bleed:g} mm bleed a side)")
    if page.bleed is None or not _near(page.bleed.size, whole):
        problems.append(f"BleedBox {_mm(page.bleed.size) if page.bleed else 'missing'}; it should be {_mm(whole)}")
    elif any(abs(m - profile.bleed) > WITHIN for m in margins):
        problems.append(f"the TrimBox is not centred in the bleed ({', '.join(f'{m:.2f}' for m in margins)} mm)")
    return problems


def _pdfx(pdf, profile: Profile) -> list[str]:
    """What PDF/X-4 and PDF/X-1a:2003 ask of the file as a whole, and of its colours."""
    version, x1a = profile.pdfx, profile.pdfx == X1A
    problems = []
    if pdf.info.get("/GTS_PDFXVersion") != version:
        problems.append(f"GTS_PDFXVersion is {pdf.info.get('/GTS_PDFXVersion') or 'missing'}; {version} expected")
    if f"GTS_PDFXVersion>{version}<" not in pdf.xmp:
        problems.append(f"the XMP metadata does not give pdfxid:GTS_PDFXVersion {version}")
    if pdf.info.get("/Trapped") not in ("/True", "/False"):
        problems.append("no /Trapped key (True or False) in the document information")
    if pdf.header[-3:] > ("1.4" if x1a else "1.6"):
        problems.append(f"header {pdf.header}; {version} is PDF {'1.4' if x1a else '1.6'} at the most")
    intents = [i for i in pdf.intents if i["S"] == "/GTS_PDFX"]
    if len(intents) != 1:
        return problems + [f"{len(intents)} GTS_PDFX output intents; {version} takes one"]
    if intents[0]["condition"] != profile.condition:
        problems.append(f"output intent for {intents[0]['condition'] or 'no condition'}; {profile.name} prints "
                        f"{profile.condition}")
    if (intents[0]["profile"], intents[0]["device"]) != ("CMYK", "prtr"):
        problems.append(f"the output intent's profile is {intents[0]['profile'] or 'missing'} "
                        f"({intents[0]['device'] or 'no'} class); a press's is CMYK, an output device's (prtr)")
    if x1a:
        problems += [f"page {n}: RGB or ICC-based colour ({', '.join(sorted(rgb))}); {version} takes grey and CMYK"
                     for n, page in enumerate(pdf.pages, start=1) if (rgb := page.colours - {"g", "G", "k", "K"})]
        problems += [f"page {n}: transparency ({'; '.join(page.transparent)}); {version} takes none"
                     for n, page in enumerate(pdf.pages, start=1) if page.transparent]
        problems += _x1a_images(pdf, version)
    else:  # PDF/X-4 for a CMYK press: no device RGB, which has no condition to print by
        problems += [f"page {n}: RGB colour ({', '.join(sorted(rgb))}); {version} for {profile.condition} takes "
                     f"grey and CMYK" for n, page in enumerate(pdf.pages, start=1)
                     if (rgb := page.colours & {"rg", "RG"})]  # its RGB images: at their layers (located.py)
    return problems


def _x1a_images(pdf, version: str) -> list[str]:
    """Every image PDF/X-1a holds in DeviceCMYK or DeviceGray, with no soft mask (no transparency);
    an image placed on many pages is named on the first."""
    problems, seen = [], set()
    for number, page in enumerate(pdf.pages, start=1):
        for picture in page.pictures:
            if picture in seen:
                continue
            seen.add(picture)
            painted = picture.space == "DeviceRGB" and picture.name in {i.name for i in page.painted.images}
            if picture.space not in ("DeviceCMYK", "DeviceGray") and not painted:  # painted: at its layer
                problems.append(f"page {number}: image {picture.name} is {picture.space}; {version} takes "
                                f"DeviceCMYK or DeviceGray images")
            if picture.soft_mask:
                problems.append(f"page {number}: image {picture.name} has a soft mask (transparency); "
                                f"{version} takes none")
    return problems


def _near(a, b) -> bool:
    return all(abs(x - y) <= WITHIN for x, y in zip(a, b))


def _mm(size) -> str:
    return f"{size[0]:.2f} x {size[1]:.2f} mm"


def _px(size) -> str:
    return f"{size[0]} x {size[1]} px"


def _dpi(dpi) -> str:
    return f"{min(dpi):.0f} dpi" if dpi else "no dpi recorded"


def _box(box: Box) -> str:
    return "[" + " ".join(f"{v:.2f}" for v in (box.x0, box.y0, box.x1, box.y1)) + "]"
