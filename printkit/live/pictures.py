"""The pictures of a built PDF (for preview and serve): each page's PNG and each card's, cut from
its page, drawn with pdfium, and the stamp beside them that says what they were drawn from. Only the
pages whose content changed since the stamp are drawn again: each page's digest is taken from the
PDF itself (its content, resources, fonts and images, everything the page reaches:
printkit/live/page_digests.py), so a one-card
edit of a deck of 1,000 draws the page it is on and the back behind it, not 224 pages.
"""

from __future__ import annotations

import hashlib
import io
import math
import os
import threading
from pathlib import Path

from printkit.ground.errors import PrintkitError, Problem
from printkit.ground.reading import read_bounded
from printkit.plan.deck import DeckLayout
from printkit.plan.geometry import MM_PER_INCH, Rect
from printkit.load.project import refuse_links
from printkit.pipeline.write import Output

WRITTEN_TOGETHER = 64  # PNGs in a batch: a big deck's are not all in memory at once
TOLD_EVERY = 8  # pages drawn: serve tells the page of the pictures written by then, however few
STAMP = ".stamp"  # beside a PDF's PNGs: what they were rendered from
STAMP_LIMIT = 2**22  # bytes: a stamp is a line, a line per page and one per PNG
CUT = "cards cut at their bleed"  # how card PNGs are cut, in the stamp: PNGs cut otherwise are rendered again
COMPRESSION = 3  # zlib's level for PNGs: a third faster to write than Pillow's 6, some 10 % larger
PAGE = "@"  # a stamp's line "@<page index> <digest>": what that page's pictures were drawn from
# pdfium is not made for threads: `printkit serve`'s pictures drawn as they are asked for and those an
# edit draws take turns, a page at a time
PDFIUM = threading.RLock()


# --- the stamp ----------------------------------------------------------------------------------------------

def stamp_line(data: bytes, layout: DeckLayout | None, dpi: int, proof=None) -> str:
    """The stamp's first line: the PDF's digest, then what every picture of it depends on besides."""
    return f"{hashlib.sha256(data).hexdigest()} {drawn_as(layout, dpi, proof)}\n"


def drawn_as(layout: DeckLayout | None, dpi: int, proof=None) -> str:
    return (f"{dpi} dpi {hashlib.sha256(repr(layout).encode()).hexdigest()} {CUT}"
            f"{f' proof {proof.key}' if proof else ''}")


def stamped(path: Path) -> tuple[str | None, dict[str, str], dict[int, str]]:
    """The stamp beside a PDF's PNGs: what they were rendered from (its first line), each PNG's
    pixels' digest (a page or card that looks as it did is not encoded and written again) and each
    page's digest (a page that is as it was is not drawn again)."""
    try:
        text = read_bounded(path, STAMP_LIMIT).decode("utf-8")
    except (ValueError, UnicodeDecodeError):  # missing, or not as printkit wrote it: rendered again
        return None, {}, {}
    first, _, rest = text.partition("\n")
    lines = [line.split(" ") for line in rest.splitlines() if line.count(" ") == 1]
    pages = {int(name[1:]): digest for name, digest in lines if name[:1] == PAGE and name[1:].isdigit()}
    return first + "\n", {name: digest for name, digest in lines if name[:1] != PAGE}, pages


def stamp_text(first: str, pixels: dict[str, str], pages: list[str] | dict[int, str] | None) -> str:
    """A stamp: `pages`, each page's digest (by index, or a list in page order: those drawn)."""
    pages = dict(enumerate(pages)) if isinstance(pages, list) else pages or {}
    return (first + "".join(f"{PAGE}{n} {digest}\n" for n, digest in sorted(pages.items()))
            + "".join(f"{name} {digest}\n" for name, digest in pixels.items()))


def unchanged_pages(before_first: str | None, first: str, before: dict[int, str], now: list[str] | None) -> set[int]:
    """The pages whose pictures stand as they are: drawn, by the stamp, from a page with the same
    digest, with the same resolution, card layout and look."""
    if before_first is None or now is None or before_first.split(" ", 1)[1:] != first.split(" ", 1)[1:]:
        return set()
    return {n for n, digest in enumerate(now) if before.get(n) == digest}


# --- drawing ---------------------------------------------------------------------------------------------

def cards_by_page(layout: DeckLayout | None, pages: int) -> dict[int, list[tuple[int, Rect]]]:
    """A page's cards: (their PNG's index among the PDF's pictures, trim)."""
    found: dict[int, list] = {}
    for number, (page, trim) in enumerate(layout.faces() if layout else ()):
        found.setdefault(page, []).append((pages + number, trim))
    return found


def write_pngs(document, folder: Path, layout: DeckLayout | None, dpi: int, names: list[str], scale,
               before: dict[str, str], proof=None, kept: set[int] = frozenset(), written=None,
               first: set[int] = frozenset()) -> dict[str, str]:
    """The PNGs whose pixels changed since `before` (each PNG's pixels' digest) or that are missing,
    of every page but those `kept` (their pictures stand); returns the digests now. A page at a
    time, its cards cut from it, written WRITTEN_TOGETHER at a time: a deck of 10,000 cards has
    2,224 pages, some 9 GB as images all at once. `written()` hears of each batch written (serve
    shows them while the rest are drawn), and of the pages `first` once they are (drawn before the
    others: an edit's changed pages, before those serve had not drawn yet when it came). Of a page
    drawn first, its cards' pictures are written and told before the page's own: the card edited
    is what the designer looks for, and a sheet's picture takes longer to write than its nine cards'."""
    with PDFIUM:
        pages = len(document)
    cards_on = cards_by_page(layout, pages)
    pixels, waiting, since = {}, [], 0
    first = sorted(n for n in first if n not in kept and n < pages)
    early = set(first) if written else set()  # pages whose cards are told before the page itself
    for index in first + sorted(set(range(pages)) - set(first)):
        made = [index] + [n for n, _ in cards_on.get(index, ())]
        if index in kept and all(names[n] in before and drawn(folder / names[n]) for n in made):
            pixels.update({names[n]: before[names[n]] for n in made})
            continue
        page, *cards = drawn_page(document, index, layout, dpi, scale, proof, cards_on)
        for n, picture in [*cards, page] if index in early else [page, *cards]:
            if n == index and waiting and index in early:  # its cards told before the page is written
                write_pictures(waiting, folder)
                waiting = []
                written()
            name = names[n]
            pixels[name] = pixel_digest(picture)
            if before.get(name) != pixels[name] or not drawn(folder / name):
                waiting.append(Output(folder / name, png(picture), 1))
        since += 1
        # the pictures so far, told: a batch is full, pages were drawn that mostly looked as they did,
        # or the pages drawn first are
        if len(waiting) >= WRITTEN_TOGETHER or (waiting and written and (since >= TOLD_EVERY or
                                                                         first and index == first[-1])):
            write_pictures(waiting, folder)
            waiting, since = [], 0
            if written:
                written()
    write_pictures(waiting, folder)
    return {name: pixels[name] for name in names}


def drawn_page(document, index: int, layout: DeckLayout | None, dpi: int, scale, proof, cards_on: dict) -> list:
    """(picture's index, image) of a page and of each card cut from it."""
    bleed = layout.sheet.bleed if layout else 0.0  # the card's art runs into it: the PNG shows it round the trim
    with PDFIUM:
        page = document[index]
        try:
            image, size = page.render(scale=dpi / 72).to_pil(), page.get_size()
        finally:
            page.close()
    if proof:
        image = proof.look(image)  # the cards are cut from the proofed pages
    return [(index, image)] + [(n, image.crop(_box(image.width, size, trim.inset(-bleed), scale)))
                               for n, trim in cards_on.get(index, ())]


def sizes(document, layout: DeckLayout | None, dpi: int, scale) -> list[tuple[int, int]]:
    """Each picture's width and height in pixels, pages then cards, as drawing them gives them
    (pdfium makes a page ceil(points x dpi / 72) pixels), without drawing one."""
    with PDFIUM:
        pages = [document.get_page_size(index) for index in range(len(document))]
    cards_on = cards_by_page(layout, len(pages))
    bleed = layout.sheet.bleed if layout else 0.0
    found = {index: (math.ceil(w * dpi / 72), math.ceil(h * dpi / 72)) for index, (w, h) in enumerate(pages)}
    for index, (w, h) in enumerate(pages):
        for n, trim in cards_on.get(index, ()):
            box = _box(found[index][0], (w, h), trim.inset(-bleed), scale)
            found[n] = (box[2] - box[0], box[3] - box[1])
    return [found[n] for n in sorted(found)]


def pixel_digest(image) -> str:
    return hashlib.sha256(f"{image.mode} {image.size}".encode() + image.tobytes()).hexdigest()[:32]


def _box(pixels_across: int, size_pt: tuple[float, float], card: Rect, scale=(1.0, 1.0)) -> tuple[int, ...]:
    """A card's rectangle (its trim or bleed box, mm from the page's bottom left, as planned) in
    the pixels of its page's picture, `pixels_across` wide, from its top left."""
    width, height = size_pt[0] / 72 * MM_PER_INCH, size_pt[1] / 72 * MM_PER_INCH
    per_mm = pixels_across / width
    card = card.scaled((width / 2, height / 2), scale)
    box = (card.x, height - card.top, card.right, height - card.y)
    return tuple(round(v * per_mm) for v in box)


def png(image) -> bytes:
    """PNG bytes; Pillow writes no time or other varying chunk, so the same page gives the same file.
    A page with no colour is stored as grey levels: the same pixels in a third of the space."""
    if _grey(image):
        image = image.convert("L")
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=COMPRESSION)
    return buffer.getvalue()


def _grey(image) -> bool:
    """Whether every pixel is a grey (its grey level, made a colour again, is the pixel itself). For
    an RGB picture, whether its three channels are the same, compared by Pillow at machine speed:
    a page of 100 dpi in 1-4 ms, where converting it to grey and back, and comparing the bytes, took
    8-16 (a grey level of r = g = b is that value, so the two say the same, pixel by pixel)."""
    if image.mode == "RGB":
        from PIL import ImageChops

        red, green, blue = image.split()
        return ImageChops.difference(red, green).getbbox() is None and \
            ImageChops.difference(green, blue).getbbox() is None
    return image.convert("L").convert("RGB").tobytes() == image.tobytes()


def drawn(path: Path) -> bool:
    """Whether a picture is there, whole enough to have its header (one cut short by a crash is drawn again)."""
    try:
        return path.stat().st_size >= 24
    except OSError:
        return False


def write_pictures(outputs: list[Output], within: Path) -> None:
    """Pictures and their stamps, each replaced whole (a hidden temporary file beside it, renamed
    over it), never through a link. Not flushed to the disk one by one as a build's outputs are
    (a tenth of a second an edit): a picture is a copy of its PDF's page, drawn again whenever its
    stamp or its file says so."""
    refuse_links([output.path for output in outputs], within)
    for output in outputs:
        temporary = output.path.with_name(f".{output.path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
        try:
            output.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(output.data)
            os.replace(temporary, output.path)
        except OSError as error:
            temporary.unlink(missing_ok=True)
            raise PrintkitError([Problem(str(output.path), None, f"cannot write: {error.strerror or error}")]) \
                from None


def remove_stale(folder: Path, names: list[str]) -> None:
    """PNGs of pages or cards the PDF no longer has (fewer scenarios, fewer cards)."""
    kept = set(names)  # a deck of 1,000's 1,224 names, looked up once for each of its 1,224 files
    for path in folder.glob("*.png"):
        if path.name not in kept:
            path.unlink()
