"""`printkit preflight DIR`: an export read back and checked against its shop's profile before it
goes out, one problem a line (`FILE: message`):

- every file the export's record names is there, and no other card image beside them;
- page and box sizes to 0.05 mm, boxes nested (MediaBox >= BleedBox >= TrimBox), every font
  embedded, no image below the shop's dpi at its printed size; the PDF/X version's keys, output
  intent and colours;
- PNGs: pixel size (and the shop's published size), sRGB, dpi, how many; a cutting machine's
  images (kind cutout) also transparent outside the card's outline and opaque inside it, as many
  cards as each one's name says, and HOW-TO-CUT.txt (printkit/shop/outlines.py); a virtual
  table's (kind tts) RGB and no larger than it takes;
- the page order the shop wants, and every front with its back;
- no text or meaningful mark nearer the trim than the safe zone, named by card and content.
"""

from __future__ import annotations

from pathlib import Path

from printkit import keyed
from printkit.errors import Problem, PrintkitError
from printkit.manifest import within
from printkit.shop.export import RECORD
from printkit.shop.outlines import copies_problems, how_to_problems, outline_problems
from printkit.shop.pdfx import X1A
from printkit.shop.profiles import Profile, profiles
from printkit.shop.readback import Box, read_pdf, read_png, text_boxes
from printkit.shop.landing import Card, nearest_ink, unplanned_ink
from printkit.shop.safezone import Item, intrusions
from printkit.plan.geometry import Rect

WITHIN = 0.05  # mm: how near a size or a box must be to its figure
LARGEST = 1189.0  # mm: the long side of A0, far beyond any card


def preflight(folder: Path, shown: str) -> tuple[int, list[Problem]]:
    """(files checked, problems) of the export in `folder`; `shown` is how messages name it."""
    record, profile = _record(folder, shown)
    problems, checked = [], 0
    try:
        for product in record["products"]:
            trim = tuple(product["trim"])
            problems += _safe_zone(product, trim, profile) + _order(product, profile)
            files = sorted({page["file"] for page in product["pages"]})
            for name in files:
                problems += _file(folder, f"{shown}/{name}", name, product, trim, profile)
            checked += len(files)
            if profile.kind in ("png", "cutout", "tts"):
                problems += _strays(folder, shown, files)
            if profile.kind == "cutout":
                problems += copies_problems(product, shown)
        if profile.kind == "cutout":
            problems += how_to_problems(folder, shown, record["products"])
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise _unreadable(shown, error) from None
    return checked, problems


def _record(folder: Path, shown: str) -> tuple[dict, Profile]:
    try:
        record = keyed.read_json(folder / RECORD)
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
    except (OSError, ValueError, KeyError, TypeError) as error:  # keyed.Unreadable is a ValueError
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

def _safe_zone(product: dict, trim, profile: Profile) -> list[Problem]:
    """The planned text and marks against the safe zone, where the files cannot be read for it
    (sheets of many cards, cut-outs at the trim with no bleed to tell art from ink); a card PDF's
    marks (its text: `_text_in_file`, where PDFium reads its glyphs). A card image's are read from
    its pixels (`_ink_in_image`)."""
    if profile.kind == "png":
        return []
    worst = {}
    for card in product["cards"]:
        for side in profile.sides():
            for item, inside in intrusions(_planned(card[side], profile.kind == "pdf"), trim, profile.safe):
                _note(worst, (card["card"], side, item.name), (inside, item.where or card.get("where")))
    return _intrusions(product, worst, profile)


def _planned(entries: list, marks_only: bool = False) -> list[Item]:
    """The record's items of a card side (name, x0, y0, x1, y1, kind, where, a picture's digest)."""
    found = [Item(name, Rect(x0, y0, x1 - x0, y1 - y0), rest[:1] == ["text"], (rest[1:2] or [None])[0] or None,
                  rest[2] if rest[:1] == ["image"] and len(rest) > 2 else None,
                  rest[2] if rest[:1] == ["art"] and len(rest) > 3 else None,
                  float(rest[3]) if rest[:1] == ["art"] and len(rest) > 3 else 0.0)
             for name, x0, y0, x1, y1, *rest in entries]
    return [item for item in found if not (marks_only and item.text)]


def _ink_in_image(product: dict, name: str, png, trim, profile: Profile) -> list[Problem]:
    """A card image's text and meaningful marks where their ink lands (printkit/shop/landing.py):
    each item the plan lets come nearer the trim than the safe zone, read from the pixels."""
    cards = {card["card"]: card for card in product["cards"]}
    image = Card(png.image, profile.dpi, tuple(trim))
    worst = {}
    for page in (p for p in product["pages"] if p["file"] == name):
        card = cards.get(page["card"], {})
        for item, _ in intrusions(_planned(card.get(page["side"], [])), trim, profile.safe):
            inside = nearest_ink(image, item.rect, profile.safe)
            if inside is not None:
                _note(worst, (page["card"], page["side"], item.name), (inside, item.where or card.get("where")))
        for inside, (x, y) in unplanned_ink(image, _planned(card.get(page["side"], [])), profile.safe):
            _note(worst, (page["card"], page["side"], f"ink no planned text or mark explains, at ({x:.1f}, {y:.1f}) mm,"),
                  (inside, card.get("where")))
    return _intrusions(product, worst, profile)


def _text_in_file(product: dict, name: str, pdf, boxes, profile: Profile) -> list[Problem]:
    """Every character a card PDF prints, where PDFium reads its glyph's box, against the safe
    zone; named by what the record says was planned there (the designer's layer, and where it is
    written), else by the character. A page whose TrimBox is not the card's is reported for that
    alone. (PDFium, not pdfplumber: printkit reads its own files with what it already ships.)"""
    placed = {p["page"]: p for p in product["pages"] if p["file"] == name}
    cards = {card["card"]: card for card in product["cards"]}
    worst = {}
    for number, (page, chars) in enumerate(zip(pdf.pages, boxes), start=1):
        if number not in placed or page.trim is None or not _near(page.trim.size, product["trim"]):
            continue
        card, side = placed[number]["card"], placed[number]["side"]
        planned = [item for item in _planned(cards.get(card, {}).get(side, [])) if item.text]
        for char, box in chars:
            inside = min(page.trim.margins(box))
            if inside < profile.safe - 1e-6:
                item = _what(planned, box, page.trim)
                where = (item.where if item else None) or cards.get(card, {}).get("where")
                _note(worst, (card, side, item.name if item else f"text '{char}'"), (inside, where))
    return _intrusions(product, worst, profile)


def _what(planned: list[Item], box: Box, trim: Box) -> Item | None:
    x, y = (box.x0 + box.x1) / 2 - trim.x0, (box.y0 + box.y1) / 2 - trim.y0
    found = [item for item in planned
             if item.rect.x - 0.5 <= x <= item.rect.right + 0.5 and item.rect.y - 0.5 <= y <= item.rect.top + 0.5]
    return found[0] if found else None


def _note(worst: dict, key, found: tuple[float, str | None]) -> None:
    if key not in worst or found[0] < worst[key][0]:
        worst[key] = found


def _intrusions(product: dict, worst: dict, profile: Profile) -> list[Problem]:
    """A line an item, naming the product, the card and side, and the item as the designer named
    it: at FILE:LINE it is written at (its layer's, else its card's row) when the record has one."""
    found = []
    for (card, side, name), (inside, where) in sorted(worst.items()):
        said = (f"card {card}{' back' if side == 'back' else ''}: {name} {abs(inside):.1f} mm "
                f"{'inside' if inside >= 0 else 'outside'} the trim; the safe zone is {profile.safe:.1f} mm")
        at = _at(where)
        found.append(Problem(*at, f"{product['product']}: {said}") if at else Problem(product["product"], None, said))
    return found


def _at(where: str | None) -> tuple[str, int] | None:
    """A record's FILE:LINE as a problem's file and line, when it has one."""
    if where and ":" in where and where.rsplit(":", 1)[1].isdigit():
        file, line = where.rsplit(":", 1)
        return file, int(line)
    return None


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
                _ink_in_image(product, name, png, trim, profile)
        if profile.kind == "tts":
            return [Problem(shown, None, m) for m in _table_png(read_png(data), profile)]
        if profile.kind == "cutout":
            png = read_png(data)
            return [Problem(shown, None, m)
                    for m in _png(png, trim, profile) + outline_problems(png.alpha, product["outline"], profile.dpi)]
        pages = [p for p in product["pages"] if p["file"] == name]
        pdf = read_pdf(data)
        found = [Problem(shown, None, m) for m in _pdf(pdf, trim, profile, pages, product)]
        if profile.kind == "pdf":
            found += _text_in_file(product, name, pdf, text_boxes(data), profile)
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


def _pdf(pdf, trim, profile: Profile, pages: list[dict], product: dict | None = None) -> list[str]:
    pictures = _pictures(product, pages)
    expected = pages[0].get("pages", len(pages))
    problems = [] if len(pdf.pages) == expected else [f"{len(pdf.pages)} pages; the export wrote {expected}"]
    for number, page in enumerate(pdf.pages, start=1):
        problems += [f"page {number}: {m}" for m in _boxes(page, trim, profile)]
        problems += _painted(number, page, profile, pictures)
    if profile.pdfx:
        problems += _pdfx(pdf, profile)
    return problems


def _pictures(product: dict | None, pages: list[dict]) -> dict[int, tuple[str, list[Item]]]:
    """Each page's card side ("card 3, front") and the pictures the record says it places."""
    cards = {card["card"]: card for card in (product or {}).get("cards", [])}
    return {page["page"]: (f"card {page['card']}, {page['side']}",
                           [i for i in _planned(cards.get(page["card"], {}).get(page["side"], [])) if i.picture])
            for page in pages if "card" in page and "page" in page}


def _painted(number: int, page, profile: Profile, pictures: dict) -> list[str]:
    """What the page paints, read from its content: every font embedded (one a form brought in
    named by the image it draws), every image at the shop's dpi, its highest total ink."""
    side, placed = pictures.get(number, (None, []))
    painted = page.painted
    problems = [f"page {number}: font {font} is not embedded{_brought(form, placed)}"
                for font, ok, form in dict.fromkeys(painted.fonts) if not ok]
    problems += [f"page {number}: image {_image(image, placed, page)} is {image.dpi:.0f} dpi as printed; "
                 f"{profile.name} takes at least {profile.dpi} dpi"
                 for image in painted.images if image.dpi < profile.dpi - 0.5]
    if profile.ink_limit and painted.ink > profile.ink_limit + 0.5:
        x, y = painted.at
        problems.append(f"page {number}{f' ({side})' if side else ''}: total ink {painted.ink:.0f} % at "
                        f"({x:.1f}, {y:.1f}) mm, above the shop's {profile.ink_limit:.0f} %")
    return problems


def _brought(form: str | None, placed: list[Item]) -> str:
    """Who brought a font in: the SVG whose form holds it (its form is named by the file's digest)."""
    if form is None:
        return ""
    key = form.split(".")[-1].removeprefix("svg")
    svg = next((item for item in placed if item.picture and item.picture.startswith(key)), None)
    return f" (brought in by {svg.name}{f', {svg.where}' if svg and svg.where else ''})" if svg else f" (in form {form})"


def _image(image, placed: list[Item], page) -> str:
    """An image by the file the record places where it lies, else by its name in the PDF."""
    if page.trim is None or not placed:
        return image.name
    x, y = image.at[0] - page.trim.x0, image.at[1] - page.trim.y0

    def off(item: Item) -> float:  # how far the picture's placed middle and size are from the record's
        r = item.rect
        return (abs(r.x + r.width / 2 - x) + abs(r.y + r.height / 2 - y) + abs(r.width - image.size[0])
                + abs(r.height - image.size[1]))

    nearest = min(placed, key=off)
    return nearest.name if off(nearest) < 1.0 else image.name


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
    if not x1a and intents[0]["profile"] not in ("RGB", "CMYK", "GRAY"):
        problems.append(f"the output intent has no readable ICC profile ({intents[0]['profile']})")
    if x1a:
        problems += [f"page {n}: RGB or ICC-based colour ({', '.join(sorted(rgb))}); {version} takes grey and CMYK"
                     for n, page in enumerate(pdf.pages, start=1) if (rgb := page.colours - {"g", "G", "k", "K"})]
        problems += _x1a_images(pdf, version)
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
            if picture.space not in ("DeviceCMYK", "DeviceGray"):
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
