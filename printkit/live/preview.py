"""Stage 6, preview (after write): a PNG of every page of every built PDF and of every card of a
card product (its trim and, with --bleed, the bleed round it), under `<out>/preview/<game>/`, and
`<out>/index.html`, a page that shows each product with a thumbnail, its page count, a link to the
PDF and how to print it, and each card under its name, with trim, bleed and safe-zone guides to
show over it. A game printed in several languages is one game there, with a switch to show each
language's pages and cards (printkit/live/languages.py).

The page works from the file system: relative links only, no outside assets, and no script but
printkit's own beside it, preview/page.js (Escape, focus and a card's FILE:LINE copied, for the
keyboard; the guides remembered): the page works without it. Its words are the project's
`templates/preview/index.html.j2`, filled with autoescaping on, so text from content is always shown
as text. PNGs are rendered with pdfium and written only when their PDF (or the resolution) changed
since the last preview, which a stamp beside them records.

With `--proof SHOP` (a shop that prints CMYK), a soft proof instead: the same pictures as that
shop's press will print them (`Proof`), under `<out>/preview/_proof-<shop>/<game>/` with their own
page, `<out>/proof-<shop>.html`; the ordinary preview's files are left as they are.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from urllib.parse import quote

import pypdfium2
import pypdfium2.raw as pdfium

from printkit.pipeline import nothing_changed
from printkit.ground.bundled import PACKAGE
from printkit.declared.lint import SAFE
from printkit.ground.errors import one_line
from printkit.declared.flagged import outlines
from printkit.games import Game, Kit, all_games
from printkit.load.options import Options
from printkit.live import own_page
from printkit.live.page_digests import page_digests
from printkit.live.languages import game_of, shown_games
from printkit.live.pictures import (CUT, PDFIUM, STAMP, drawn, remove_stale, sizes,  # noqa: F401
                               stamp_line, stamp_text, stamped, unchanged_pages, write_pictures, write_pngs)
from printkit.products import Product
from printkit.products.cards import Cards
from printkit.render.colour import proofed
from printkit.pipeline.build import build
from printkit.pipeline.kits import load_all, templates_for
from printkit.plan.deck import DeckLayout
from printkit.plan.gutterfold import GutterFold
from printkit.plan.geometry import MM_PER_INCH, Rect
from printkit.load.project import refuse_links
from printkit.pipeline.write import Output, write_outputs

DPI = 100  # enough to read every word on screen; a page is ~50 kB
FOLDER = "preview"
PAGE_SCRIPT = "page.js"  # what the page's keyboard needs (printkit/live/serve/page.js), written beside its pictures
INDEX = "index.html"
TEMPLATE = "preview/index.html.j2"
DUPLEX = {pdfium.DuplexFlipLongEdge: "long", pdfium.DuplexFlipShortEdge: "short"}


@dataclass(frozen=True)
class Guides:
    """The lines the index can draw over a card's PNG, from the card's size in mm and the PNG's
    dpi: the trim (where the card is cut), the bleed edge (the PNG's own edge, when the build has
    bleed) and the safe zone, SAFE inside the trim, as the layout lint measures it. Each is a
    rectangle in the PNG's pixels from its top-left corner (the card is symmetric, so a Rect's
    bottom-up y reads the same top down); a round card's lines are the circles in them."""

    card: tuple[float, float]  # the trim, mm
    bleed: float  # mm round the trim, in the PNG
    dpi: int
    round: bool = False
    corners: float = 0.0  # the trim's corner radius, mm (--corners)

    def px(self, mm: float) -> float:
        return mm * self.dpi / MM_PER_INCH

    @property
    def size(self) -> tuple[float, float]:
        """The PNG's size in mm: the trim and the bleed round it."""
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def edge(self) -> Rect:
        return self._rect(Rect(0, 0, *self.size))

    @property
    def trim(self) -> Rect:
        return self._rect(Rect(0, 0, *self.size).inset(self.bleed))

    @property
    def safe(self) -> Rect:
        return self._rect(Rect(0, 0, *self.size).inset(self.bleed + SAFE))

    def _rect(self, mm: Rect) -> Rect:
        return Rect(self.px(mm.x), self.px(mm.y), self.px(mm.width), self.px(mm.height))


@dataclass(frozen=True)
class Proof:
    """A soft proof: the pictures as a shop's press will print them (`look`: an sRGB picture as
    printed, printkit/render/colour.py `proofed`), in a folder and page of their own beside the
    ordinary preview's, which it never writes."""

    shop: str  # the shop's slug (shops.yaml)
    name: str  # the shop's name
    condition: str  # its printing condition
    key: str  # what `look` depends on (the profile, the ink limit), in the stamp
    look: Callable
    rich_black: str = ""  # the shop's rich black for large solids ("C60 M40 Y40 K100"), if it has one

    @property
    def folder(self) -> str:
        return f"{FOLDER}/_proof-{self.shop}"  # "_": no game or product is named so

    @property
    def index(self) -> str:
        return f"proof-{self.shop}.html"


def proof_for(profile) -> Proof:
    """The soft proof of a shop's profile (printkit/targets/profiles.py) that prints CMYK (`icc`)."""
    rich = " ".join(f"{ink}{part:g}" for ink, part in zip("CMYK", profile.rich_black or ()))
    return Proof(profile.slug, profile.name, profile.condition, f"{profile.icc} {profile.ink_limit:g}%",
                 functools.partial(proofed, icc=profile.icc, ink_limit=profile.ink_limit), rich)


@dataclass
class Shown:
    """One built PDF as the index shows it; paths are relative to the output folder."""

    pdf: str
    pages: int
    duplex: str | None  # the flip the PDF asks printers for, None if one-sided
    images: list[str]
    cards: list[str]
    rendered: bool  # False: the PNGs from an earlier preview were still current
    folded: bool = False  # gutter-fold cards: each back beside its front, to fold and glue
    names: list[str] = field(default_factory=list)  # each card's name (its id), as `cards`
    sources: list[str] = field(default_factory=list)  # where each card is written (FILE:LINE), or ""
    fields: list[dict] = field(default_factory=list)  # each card's fields as its data gives them
    guides: Guides | None = None  # the lines over each card's PNG (all of a PDF's cards are one size)
    # each PNG's width and height in pixels: the page keeps a picture's room before it has loaded it,
    # so a link to a product far down lands on it and stays there
    sizes: dict[str, tuple[int, int]] = field(default_factory=dict)
    flags: list[list[dict]] = field(default_factory=list)  # what the lint found on each card (printkit/declared/flagged.py)
    layout: DeckLayout | None = field(default=None, repr=False)  # where its cards are: to draw them later


@dataclass
class Entry:
    """A product of a game and its PDFs (several for a product of one file per scenario)."""

    product: Product
    files: list[Shown] = field(default_factory=list)


def preview(games: list[Game], content: Path, out: Path, options: Options, dpi: int = DPI, force: bool = False,
            other_papers: bool = True, earlier: dict[str, Shown] | None = None, rendered=None,
            proof: Proof | None = None, draw: bool = True, written=None, kits: dict | None = None):
    """Build as `printkit build` does, then the PNGs and the index. Returns (build results, shown).
    `earlier`: the PDFs shown by the last preview of this process (`printkit serve`), by path; a PDF
    the build did not change keeps their PNGs without a look at its stamp. `rendered(shown)` hears of
    every picture as soon as the changed PDFs' are written, before the index is. `proof`: the
    pictures and the page of a soft proof instead of the ordinary preview's. `draw` False: the pictures
    are listed, not drawn (`printkit serve` draws them as they are asked for). `written()` hears of
    each batch of a PDF's pictures written, and of each changed PDF's once all are. `kits`: the kits
    this process's last preview loaded (serve keeps them), by game: those whose sources and options
    are as they were are not loaded and planned again."""
    refuse_links([out / (proof.folder if proof else FOLDER), out / (proof.index if proof else INDEX)], out)
    sources = _sources(games, content) if kits is not None else None  # before anything is read, as build's
    built: dict = {}  # the kits the build loaded, planned as it planned them: not loaded and planned again
    results = build(games, content, out, options, force=force, other_papers=other_papers, sources=sources,
                    loaded=lambda loaded: built.update((kit.game.slug, kit) for kit in loaded))
    kits = _kits(games, content, options, kits, sources, built)
    entries = {slug: {p.name: Entry(p) for p in kit.game.products} for slug, kit in kits.items()}
    # the PDFs (a cut file has nothing to show)
    pdfs = [(output, changed) for output, changed in results if output.path.suffix == ".pdf"]
    placed = {}
    for output, changed in sorted(pdfs, key=lambda pdf: not pdf[1]):  # the changed first: they are awaited
        slug, name = game_of(output.path.relative_to(out).as_posix(), kits)
        entry = _entry_of(entries[slug], name)
        layout = entry.product.layout(kits[slug])
        known = (earlier or {}).get(output.path.relative_to(out).as_posix())
        pictures = functools.partial(render_pngs, written=written, sized=known.sizes if known else None) \
            if draw else listed_pngs
        shown = replace(known, rendered=False) if known and not changed and not force else \
            pictures(out, output.path, layout, dpi, options.drawing["scale"], proof)
        if written and changed and draw:  # its pictures all drawn: shown before the next changed PDF's
            written()
        if layout:
            shown.names, shown.sources, shown.fields, flagged = card_details(entry.product, kits[slug], layout)
            shown.guides = Guides(layout.sheet.card, layout.sheet.bleed, dpi, _round(entry.product, kits[slug]),
                                  options.corners)
            shown.flags = [outlines(flags, shown.guides) for flags in flagged]
        placed[output.path] = (entry, shown)
    for output, _ in pdfs:  # in the build's order
        entry, shown = placed[output.path]
        entry.files.append(shown)
    every = [shown for found in entries.values() for e in found.values() for shown in e.files]
    if rendered:
        rendered(every)
    write_index(out, content, [(kits[slug], list(found.values())) for slug, found in entries.items()], options,
                proof)
    return results, every


def _sources(games: list[Game], content: Path) -> dict[str, str] | None:
    """The digest of each game's sources (printkit/pipeline/nothing_changed.py), or None where a plug-in's game is
    installed (its code is its own: every kit is loaded again)."""
    if any(game.origin != "printkit" for game in all_games().values()):
        return None
    return nothing_changed.files(content, [game.slug for game in games])


def _kits(games: list[Game], content: Path, options: Options, kept: dict | None, sources: dict | None,
          built: dict) -> dict:
    """Each game's kit: the build's (`built`, by game), or the one in `kept` (slug: (digest, kit))
    loaded from the same sources with the same options, its plans with it, or loaded; `kept` then
    holds those returned."""
    if kept is None or sources is None:
        return {game.slug: kit for game, kit in zip(games, _loaded(games, content, options, built))}
    digests = nothing_changed.keyed(sources, asdict(options))
    again = [game for game in games if game.slug not in digests or kept.get(game.slug, (None,))[0] != digests[game.slug]]
    kept.update({game.slug: (digests.get(game.slug), kit)
                 for game, kit in zip(again, _loaded(again, content, options, built))})
    return {game.slug: kept[game.slug][1] for game in games}


def _loaded(games: list[Game], content: Path, options: Options, built: dict) -> list[Kit]:
    """The games' kits, in their order: the build's, and the others (as their last build left them) loaded."""
    rest = iter(load_all([game for game in games if game.slug not in built], content, options))
    return [built[game.slug] if game.slug in built else next(rest) for game in games]


def card_details(product: Product, kit: Kit, layout: DeckLayout) -> tuple[list[str], list[str], list[dict], list]:
    """Each card's name (its id when the deck gives it one), where it is written (FILE:LINE, "" if
    unknown), its fields and what the layout lint found on it, in print order, as the PNGs are
    numbered."""
    if isinstance(product, Cards):
        cards = product.planned(kit)[1]
        return ([card.name for card in cards], [_located(card.where) for card in cards], [card.fields for card in cards],
                [card.flagged for card in cards])
    count = layout.cards
    return [f"card {n}" for n in range(1, count + 1)], [""] * count, [{}] * count, [()] * count


def _located(where) -> str:
    if where is None:
        return ""
    return one_line(where.file) + (f":{where.line}" if where.line is not None else "")


def _round(product: Product, kit: Kit) -> bool:
    return isinstance(product, Cards) and product.round(kit)


def _entry_of(entries: dict[str, Entry], name: str) -> Entry:
    """`deck.pdf` belongs to the product `deck`, `setup/scenario-01.pdf` to `setup`."""
    for entry in entries.values():
        if name == f"{entry.product.name}.pdf" or name.startswith(f"{entry.product.name}/"):
            return entry
    stem = name.removesuffix(".pdf")
    return entries.setdefault(stem, Entry(Product(stem, "")))


# --- PNGs -------------------------------------------------------------------------------------------

def render_pngs(out: Path, pdf_path: Path, layout: DeckLayout | None, dpi: int,
                scale: tuple[float, float] = (1.0, 1.0), proof: Proof | None = None, written=None,
                sized: dict[str, tuple[int, int]] | None = None) -> Shown:
    """The page PNGs (and card PNGs) of one PDF, rendered unless the stamp says they are current;
    `scale`: the pages' scale correction, which the cards' trims are drawn with; `proof`: as a
    shop's press prints them, in the proof's folder. `sized`: each picture's size as this process
    last showed it (serve), kept for those whose pixels are as they were, not read from its file."""
    folder = out / (proof.folder if proof else FOLDER) / pdf_path.relative_to(out).with_suffix("")
    refuse_links([pdf_path, folder], out)  # its PNGs are read, replaced and removed: never through a link
    data = pdf_path.read_bytes()
    with PDFIUM:
        document = pypdfium2.PdfDocument(data)
        pages = len(document)
    try:
        names = _png_names(pages, len(layout.faces()) if layout else 0)
        stamp, (before, pixels, drawn_from) = stamp_line(data, layout, dpi, proof), stamped(folder / STAMP)
        current = before == stamp and all(drawn(folder / n) for n in names)
        same = set(names) if current else set()  # the pictures whose pixels are as they were
        if not current:
            digests = page_digests(data)
            kept = unchanged_pages(before, stamp, drawn_from, digests)
            # the pages drawn before that changed first, then those never drawn (serve's, at start)
            pixels, earlier = write_pngs(document, folder, layout, dpi, names, scale, pixels, proof, kept, written,
                                         first=set(drawn_from)), pixels
            same = {name for name in names if earlier.get(name) == pixels[name]}
            remove_stale(folder, names)
            write_pictures([Output(folder / STAMP, stamp_text(stamp, pixels, digests).encode(), 0)], folder)
        with PDFIUM:
            duplex = DUPLEX.get(pdfium.FPDF_VIEWERREF_GetDuplex(document.raw))
    finally:
        with PDFIUM:
            document.close()
    shown = [(folder / n).relative_to(out).as_posix() for n in names]
    return Shown(pdf_path.relative_to(out).as_posix(), pages, duplex, shown[:pages], shown[pages:],
                 not current, bool(layout and isinstance(layout.sheet, GutterFold)),
                 sizes=_sizes(out, shown, {shown[n] for n, name in enumerate(names) if name in same}, sized or {}),
                 layout=layout)


def listed_pngs(out: Path, pdf_path: Path, layout: DeckLayout | None, dpi: int,
                scale: tuple[float, float] = (1.0, 1.0), proof: Proof | None = None) -> Shown:
    """A PDF's pictures as render_pngs names them, each with the size it is drawn at, none drawn."""
    folder = out / (proof.folder if proof else FOLDER) / pdf_path.relative_to(out).with_suffix("")
    refuse_links([pdf_path, folder], out)
    with PDFIUM:
        document = pypdfium2.PdfDocument(pdf_path.read_bytes())
        try:
            pages, duplex = len(document), DUPLEX.get(pdfium.FPDF_VIEWERREF_GetDuplex(document.raw))
            measured = sizes(document, layout, dpi, scale)
        finally:
            document.close()
    names = [(folder / n).relative_to(out).as_posix() for n in _png_names(pages, len(measured) - pages)]
    return Shown(pdf_path.relative_to(out).as_posix(), pages, duplex, names[:pages], names[pages:], False,
                 bool(layout and isinstance(layout.sheet, GutterFold)), sizes=dict(zip(names, measured)), layout=layout)


def _sizes(out: Path, pictures: list[str], same: set[str], sized: dict) -> dict[str, tuple[int, int]]:
    """Each picture's size: as shown before if its pixels are as they were (their digest holds
    the size), else from its file."""
    return {path: sized[path] if path in same and path in sized else _png_size(out / path) for path in pictures}


def _png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header (IHDR: bytes 16 to 24), as printkit wrote it."""
    with open(path, "rb") as file:
        header = file.read(24)
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def _png_names(pages: int, cards: int) -> list[str]:
    """page-01.png ..., then card-01.png ...: zero-padded so a folder listing is in order."""
    width = max(2, len(str(max(pages, cards))))
    return ([f"page-{n:0{width}d}.png" for n in range(1, pages + 1)]
            + [f"card-{n:0{width}d}.png" for n in range(1, cards + 1)])


# --- the index page -----------------------------------------------------------------------------------

def write_index(out: Path, content: Path, games: list[tuple[Kit, list[Entry]]], options: Options,
                proof: Proof | None = None) -> Path:
    shown = shown_games([(kit, _products(entries)) for kit, entries in games])
    html, template = templates_for(content).page(
        TEMPLATE, games=shown, languages=any(game["languages"] for game in shown),
        cards=any(file.cards for _, entries in games for entry in entries for file in entry.files),
        paper=options.paper.name, bleed=options.bleed, safe=SAFE, url=_url, anchor=_anchor, number=_number,
        proof=proof)
    path, data = out / (proof.index if proof else INDEX), html.encode("utf-8")
    script = Output(out / FOLDER / PAGE_SCRIPT, (PACKAGE / "live" / "serve" / PAGE_SCRIPT).read_bytes(), 0)  # printkit's own
    own_page.written(data, template)  # (serve sends a page printkit's own template wrote without cleaning it)
    write_outputs([Output(path, data, 1), script])
    return path


def _products(entries: list[Entry]) -> list[dict]:
    return [{"name": e.product.name, "description": e.product.description, "printing": e.product.printing,
             "cards": any(f.cards for f in e.files), "files": e.files} for e in entries if e.files]


def _anchor(path: str) -> str:
    """An element id for a picture's full-size view, from its path: letters, digits and dashes."""
    return "view-" + re.sub(r"[^A-Za-z0-9]+", "-", path.removesuffix(".png")).strip("-")


def _number(value: float) -> str:
    """A length for the page's SVG and CSS: two decimals at most (a hundredth of a pixel)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _url(path: str) -> str:
    """A relative URL for a path under the output folder (spaces and the like percent-encoded)."""
    return quote(path)
