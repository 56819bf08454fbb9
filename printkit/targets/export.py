"""`printkit export --for SHOP`: every card and token product of the chosen games as the shop takes
it (profiles in printkit/shops.yaml), from the same planned cards as the home sheets:

- png: sRGB images, trim + bleed in whole pixels at the shop's dpi: a deck whose cards share one
  back as the shop takes it, that back once and each distinct face once with how many cards show
  it (`<game>/<product>/back.png`, `face-01.png`, `face-02-x3.png`, ...); a deck whose backs
  differ, one image a card side named in upload order (`001-front-card-01.png`,
  `002-back-card-01.png`, ...);
- pdf: one PDF a product (`<game>/<product>.pdf`), one card side a page in the shop's order, each
  page the trim plus the bleed with its TrimBox and BleedBox, no marks (PDF/X-1a or PDF/X-4 where
  the shop asks for it); or, where the shop takes them apart, one PDF of the fronts and one of the
  backs (`<product>-front.pdf`, `<product>-back.pdf`), card N on page N of each;
- sheets: the duplex print sheets with the shop's bleed, crop marks and mirrored backs, as PDF/X;
- cutout: one RGBA image a distinct card face, at the trim exactly, transparent outside the card's
  outline, for a cutting machine's print-then-cut (printkit/targets/cutout.py), and `HOW-TO-CUT.txt`;
- tts: a deck's card sheets and a token's images for Tabletop Simulator, and a saved object a game
  (`<game>.json`) that lays them on the table (printkit/targets/tts.py).

A shop a designer uploads to (png, pdf) gets `PRINT-GUIDE.txt` too: each product's files, the size
to order it as, its turn or fit onto that size, what was left out (printkit/targets/guides.py).
Every file and the export's record (`.printkit-export.json`: the shop, each file, each page's card
and side, each card's text and marks as planned) are written in one batch, all or nothing; files
an earlier export there made and this one does not are removed. Preflight then reads it all back.
"""

from __future__ import annotations

import io
import json
import os
import stat
from dataclasses import dataclass, replace
from pathlib import Path

import pypdfium2
from PIL import Image

from printkit import __version__
from printkit.ground import signatures
from printkit.load import project
from printkit.pipeline.cores import each_on_every_core
from printkit.ground.errors import SAID, PrintkitError, UsageError
from printkit.products.kit import Kit
from printkit.pipeline.manifest import within
from printkit.load.options import Options
from printkit.load.fonts import register_fonts
from printkit.plan.marks import Document
from printkit.pipeline.kits import load_all
from printkit.products.cards import Cards, card_page, check_corners, check_radius
from printkit.render.colour import press, transparent_press
from printkit.render.srgb import SRGB
from printkit.render.draw import render
from printkit.targets import cutout, dielines, fitting, guides, languages, tts
from printkit.targets.pdfx import X1A, X4, as_pdfx, icc_profile
from printkit.targets.profiles import Profile
from printkit.targets.safezone import items
from printkit.pipeline.write import Output, write_outputs

RECORD = ".printkit-export.json"
RECORD_BYTES = 128 * 2**20  # the record of a deck of 10,000 cards is some 21 MB (each card's layers)
EXPORTED = {".pdf": b"%PDF-", ".png": b"\x89PNG\r\n\x1a\n"}  # what an export writes, by its first bytes


@dataclass(frozen=True)
class Job:
    """One card product to export: its kit and product, and where its files go."""

    kit: Kit
    product: Cards
    profile: Profile
    out: Path
    corners: float = 0.0  # mm: a cutout's corner radius
    fit: fitting.Fit | None = None  # how the shop takes the card: turned, fitted to its size, or as it is

    @property
    def label(self) -> str:
        return f"{self.kit.game.slug}/{self.product.name}"


def export(games, content: Path, out: Path, options: Options, profile: Profile,
           corners: float | None = None, base_url: str | None = None) -> list[Output]:
    """Write the export of every card product of `games` under `out`; returns its files. A
    cutout's corners: `corners` (--corners, 0 for square ones), else printkit.yaml's, else the
    profile's. A virtual table's images are found at `base_url` (where they are hosted), else as
    the files written. A card the shop sells turned or within 1.5 % is turned or fitted to it
    (printkit/targets/fitting.py), with a line that says so; a product whose size or shape the shop
    does not sell is left out, with a warning line at its declaration; when the shop sells none of
    them, those lines are the errors and nothing is written."""
    shop = replace(options, bleed=profile.bleed, back_offset=(0.0, 0.0), ink_saver=False, sheet="duplex",
                   corners=0.0, cutter="none")  # a shop cuts to its own die and prints both sides: no marks, no cut file
    kits = load_all(games, content, shop)
    corners = corners if corners is not None else options.corners or profile.corners
    jobs = [Job(kit, product, profile, out, corners) for kit in kits for product in kit.game.products
            if isinstance(product, Cards)]
    if not jobs:
        raise UsageError(f"no card or token products in {', '.join(game.slug for game in games)}")
    SAID.append(set())  # a product in several languages is fitted alike: said once, not once a language
    try:
        left_out, jobs = fitting.left_out(jobs, profile), fitting.sold(jobs, profile)
    finally:
        SAID.pop()
    register_fonts()  # once, before the workers are forked
    done = each_on_every_core(_exported_or_problems, jobs)
    problems = [problem for outcome in done if isinstance(outcome, list) for problem in outcome]
    if problems:
        raise PrintkitError(problems)
    outputs = [output for files, _ in done for output in files]
    record = {"printkit": __version__, "shop": profile.slug, "products": [entry for _, entry in done]}
    earlier = _earlier_files(out)
    outputs += _saved_objects(kits, record["products"], out, base_url) if profile.kind == "tts" else []
    data = json.dumps(record, indent=1).encode("utf-8")
    outputs += [guides.how_to_cut(kits[0], record["products"], out, profile)] if profile.kind == "cutout" else []
    outputs += guides.print_guide(kits[0], jobs, record["products"], left_out, out, profile)
    write_outputs(outputs + [Output(out / RECORD, data, 0)])
    _remove(earlier - {output.path.relative_to(out).as_posix() for output in outputs}, out)
    return outputs


def _exported_or_problems(job: Job):
    """What `_exported` gives, or the problems of planning the product (a text too long for its
    card): returned, not raised, from a worker."""
    try:
        return _exported(job)
    except PrintkitError as error:
        return error.problems


def _exported(job: Job) -> tuple[list[Output], dict]:
    """A product's files and its entry in the record."""
    profile = job.profile
    if profile.kind == "sheets":
        return _sheets(job)
    if profile.kind == "cutout":
        return _cutouts(job)
    if profile.kind == "tts":
        return _tabletop(job)
    fit = _fit(job)
    sheet, cards = dielines.shop_deck(job.product, job.kit, fit.bleed(_bleed(job)))
    sides = [(number, side) for number in range(1, len(cards) + 1) for side in profile.sides()]
    marks = [getattr(cards[number - 1], "face" if side == "front" else "back") for number, side in sides]
    if profile.separate:
        files, placed = _side_files(job, sheet, sides, marks)
    else:
        files_of = _pdf_file if profile.kind == "pdf" else _png_files
        files, placed = files_of(job, _card_pdf(job, sheet, marks, [side for _, side in sides]), sides, sheet, marks)
    pages = [{"file": _rel(file, job), "page": page, "card": number, "side": side}
             for (file, page), (number, side) in zip(placed, sides)]
    return files, _entry(job, fit.trim, cards, pages) | ({"fit": fit.recorded()} if fit.changes else {})


def _fit(job: Job) -> fitting.Fit:
    return job.fit or fitting.Fit(job.product.size, job.product.size)


def _bleed(job: Job) -> float:
    """The shop's bleed round the card it prints (for images, a whole number of pixels across)."""
    return job.profile.image_bleed(_fit(job).trim) if job.profile.kind == "png" else job.profile.bleed


def _card_pdf(job: Job, sheet, marks: list, named: list[str] | None = None) -> bytes:
    """One card side a page (each the side `named`, front or back), as the shop's PDF/X where it
    takes one; a card the shop takes turned or fitted, on the shop's page (printkit/targets/fitting.py)."""
    profile, fit = job.profile, _fit(job)
    title = f"{job.kit.file_title(job.product.label)} - {profile.name}"
    drawn = [fit.page(side, name, _bleed(job)) for side, name in zip(marks, named)] if fit.changes and named \
        else [card_page(sheet, side) for side in marks]
    document = Document(title, job.product.subject or job.product.description,
                        tuple(dielines.press_page(page, profile, job.product.round(job.kit)) for page in drawn))
    data, _ = render(document, colour=_colours(profile), scale=(fit.scale, fit.scale))
    return as_pdfx(data, profile.pdfx, profile.condition, profile.icc) if profile.pdfx else data


def _colours(profile: Profile):
    """What the shop's files print colours in: a PDF/X shop's CMYK condition (PDF/X-4 keeps an
    image's transparency, PDF/X-1a flattens it), else sRGB."""
    if profile.pdfx == X4:
        return transparent_press(profile.icc, profile.ink_limit, profile.rich_black)
    return press(profile.icc, profile.ink_limit, profile.rich_black) if profile.pdfx == X1A else SRGB()


def _pdf_file(job: Job, data: bytes, sides, sheet, marks):
    """The product's one PDF, and (file, page) for each card side."""
    output = Output((job.out / job.kit.game.slug / job.product.name).with_suffix(".pdf"), data, len(sides))
    return [output], [(output, page) for page in range(1, len(sides) + 1)]


def _side_files(job: Job, sheet, sides, marks):
    """One PDF of the product's fronts and one of its backs, card N on page N of each (a shop that
    prints each side from its own file), and (file, page) for each card side."""
    name = job.product.name
    files = {}
    for side in ("front", "back"):
        drawn = [mark for (_, placed), mark in zip(sides, marks) if placed == side]
        path = job.out / job.kit.game.slug / f"{name}-{side}.pdf"
        files[side] = Output(path, _card_pdf(job, sheet, drawn, [side] * len(drawn)), len(drawn))
    return list(files.values()), [(files[side], number) for number, side in sides]


def _png_files(job: Job, data: bytes, sides, sheet, marks):
    """A PNG for each card side, named in upload order, and (file, 1) for each; a deck whose
    cards share one back, as the shop takes it: that back once and each distinct face once."""
    folder = job.out / job.kit.game.slug / job.product.name
    pngs = _pngs(data, job.profile, _fit(job).trim, [id(side) for side in marks])
    fitting.check_pixels(pngs, job.profile, _fit(job).trim, job.product.where(job.kit).with_message(job.product.name))
    backs = {png for png, (_, side) in zip(pngs, sides) if side == "back"}
    if len(backs) == 1:
        return _shared_back(folder, pngs, sides)
    names = [f"{i:03d}-{side}-card-{number:02d}.png" for i, (number, side) in enumerate(sides, start=1)]
    files = [Output(folder / name, png, 1) for name, png in zip(names, pngs)]
    return files, [(file, 1) for file in files]


def _shared_back(folder: Path, pngs: list[bytes], sides):
    """`back.png`, the deck's one back, and `face-01.png`, ... each distinct face once in deck
    order, its name saying how many cards show it (`face-02-x3.png`): a TGC deck's back and its
    faces with their quantities, an MPC project's "same image" back and its fronts."""
    faces = [png for png, (_, side) in zip(pngs, sides) if side == "front"]
    back = Output(folder / "back.png", next(png for png, (_, side) in zip(pngs, sides) if side == "back"), 1)
    groups = cutout.grouped(faces)
    files = [back] + [Output(folder / name, faces[numbers[0] - 1], 1)
                      for name, numbers in zip(cutout.names(groups, "face"), groups)]
    face_of = {number: file for file, numbers in zip(files[1:], groups) for number in numbers}
    return files, [(face_of[number] if side == "front" else back, 1) for number, side in sides]


def _sheets(job: Job) -> tuple[list[Output], dict]:
    """The home print sheets, with the shop's bleed, as the shop's PDF/X."""
    document = job.product.document(job.kit)
    data, pages = render(document, colour=_colours(job.profile))
    data = as_pdfx(data, job.profile.pdfx, job.profile.condition, job.profile.icc)
    output = Output((job.out / job.kit.game.slug / job.product.name).with_suffix(".pdf"), data, pages)
    sheet, cards = job.product.shop_deck(job.kit, job.profile.bleed)
    return [output], _entry(job, sheet.card, cards, [{"file": _rel(output, job), "pages": pages}])


def _cutouts(job: Job) -> tuple[list[Output], dict]:
    """An image a distinct card face, opaque inside the card's outline and transparent outside;
    each card of the record points at its face's image."""
    product, where = job.product, job.product.where(job.kit)
    sheet, cards = dielines.shop_deck(product, job.kit, 0.0)
    round_ = product.round(job.kit)
    radius = 0.0 if round_ else job.corners
    check_radius(sheet.card, radius, where)
    check_corners(cards, sheet.card, radius, where)
    _fits(sheet.card, job.profile, where)
    faces = [card.face for card in cards]
    shape = cutout.outline(job.profile.pixels(sheet.card), radius, job.profile.dpi, round_)
    images = _pngs(_card_pdf(job, sheet, faces), job.profile, sheet.card, [id(face) for face in faces], shape)
    groups = cutout.grouped(images)
    folder = job.out / job.kit.game.slug / product.name
    files = [Output(folder / name, images[numbers[0] - 1], 1) for name, numbers in zip(cutout.names(groups), groups)]
    file_of = {number: file for file, numbers in zip(files, groups) for number in numbers}
    pages = [{"file": _rel(file_of[n], job), "page": 1, "card": n, "side": "front"} for n in range(1, len(cards) + 1)]
    return files, {**_entry(job, sheet.card, cards, pages), "outline": {"radius": radius, "round": round_}}


def _tabletop(job: Job) -> tuple[list[Output], dict]:
    """A deck's card sheets, or a token's images, for Tabletop Simulator; the record's pages name
    each card side's sheet and cell, and its entry says what the saved object lays out."""
    product, kit, profile = job.product, job.kit, job.profile
    sheet, cards = dielines.shop_deck(product, kit, 0.0)
    trim, count, tokens = sheet.card, len(cards), product.tokens(kit)
    plans = [] if tokens else tts.grids(count, trim, profile.dpi, profile.grid, profile.largest)
    size = tts.pixels(trim, profile.dpi, profile.largest) if tokens else plans[0].card
    marks = [card.face for card in cards] + [card.back for card in cards]
    images = tts.rendered(_card_pdf(job, sheet, marks), size, [id(side) for side in marks])
    folder, names = job.out / kit.game.slug / product.name, [card.name for card in cards]
    described = {"game": kit.game.slug, "language": kit.game.language if kit.game.languages else None,
                 "label": product.label, "description": kit.title}
    if tokens:
        files, placed = tts.token_files(folder, names, images[:count], images[count:])
        pages = [{"file": _rel_path(token[tts.IMAGE[side]], job), "page": 1, "card": n, "side": side}
                 for n, token in enumerate(placed, start=1) for side in ("front", "back")]
        described.update(kind="tokens", round=product.round(kit), tokens=placed)
    else:
        files, sheets = tts.deck_files(folder, names, images[:count], images[count:], plans)
        pages = [{"file": _rel_path(held[tts.IMAGE[side]], job), "page": 1, "card": n, "side": side, "cell": cell}
                 for n, (held, cell) in enumerate(((s, c["cell"]) for s in sheets for c in s["cards"]), start=1)
                 for side in ("front", "back")]
        described.update(kind="deck", sideways=trim[0] > trim[1], sheets=sheets)
    return files, {**_entry(job, trim, cards, pages), "tts": described}


def _saved_objects(kits: list[Kit], products: list[dict], out: Path, base_url: str | None) -> list[Output]:
    """`<game>.json` a game, TTS's saved object of its decks and tokens (taken from the record's
    entries, which keep only what the other shops' do); a game in several languages, one a language,
    `<game>-<lang>.json` (printkit/targets/tts.py: saved_name)."""
    def url(path: str) -> str:
        if base_url:
            return base_url.rstrip("/") + "/" + Path(path).relative_to(out).as_posix()
        return Path(path).resolve().as_uri()

    described = [product.pop("tts") for product in products]
    objects = []
    for kit in kits:  # each game's own products: a game's other languages are games of their own
        own = [product for product in described if product["game"] == kit.game.slug]
        if own:
            note = f"{kit.title}, exported by printkit {__version__}"
            name, title = tts.saved_name(kit.game.folder, own[0]["language"], kit.title)
            objects.append(Output(out / name, tts.saved_object(title, note, own, url), 0))
    return objects


def _rel_path(path: str, job: Job) -> str:
    return Path(path).relative_to(job.out).as_posix()


def _fits(trim, profile: Profile, where) -> None:
    """A card no larger than the largest image the machine prints and cuts."""
    if profile.area and (trim[0] > profile.area[0] + 1e-9 or trim[1] > profile.area[1] + 1e-9):
        raise PrintkitError([where.with_message(
            f"a {trim[0]:g} x {trim[1]:g} mm card is larger than the {profile.area[0]:g} x {profile.area[1]:g} mm "
            f"{profile.name} prints and cuts")])


def _entry(job: Job, trim, cards, placed: list[dict]) -> dict:
    """What the record says of a product: its cards as planned (where the shop's file has them:
    turned or fitted as it takes them), its files and pages."""
    front, back = _fit(job).frame("front"), _fit(job).frame("back")
    return {"product": job.label, **languages.recorded(job.kit, job.product), "trim": list(trim), "pages": placed,
            "cards": [{"card": number, "name": card.name, "where": _where(card),
                       "front": [i.recorded() for i in items(card.face, front)],
                       "back": [i.recorded() for i in items(card.back, back)]}
                      for number, card in enumerate(cards, start=1)]}


def _where(card) -> str:
    """FILE:LINE the card is written at (its row), for preflight's lines; empty when unknown."""
    where = getattr(card, "where", None)
    return f"{where.file}:{where.line}" if where is not None and where.line is not None else ""


def _rel(output: Output, job: Job) -> str:
    return output.path.relative_to(job.out).as_posix()


def _pngs(data: bytes, profile: Profile, trim, sides: list, shape: cutout.Outline | None = None) -> list[bytes]:
    """Every page as an sRGB PNG of exactly the profile's pixel size, tagged with its dpi (with a
    `shape`, transparent outside it); a page drawn from the same marks as an earlier one (a deck's
    identical backs) is that one's PNG."""
    size = profile.pixels(trim)
    document = pypdfium2.PdfDocument(data)
    icc = icc_profile()
    found, made = [], {}
    for index, side in enumerate(sides):
        if side in made:
            found.append(made[side])
            continue
        image = document[index].render(scale=profile.dpi / 72).to_pil().convert("RGB")
        if image.size != size:  # a page not a whole number of pixels down: at most one off
            image = image.resize(size, Image.Resampling.LANCZOS)
        if shape:
            image = cutout.cut_out(image, shape)
        buffer = io.BytesIO()
        image.save(buffer, "PNG", dpi=(profile.dpi, profile.dpi), icc_profile=icc)
        made[side] = buffer.getvalue()
        found.append(made[side])
    return found


def _earlier_files(out: Path) -> set[str]:
    """The files the export's record names: a hint, read with bounds (printkit/ground/signatures.py); a
    record that cannot be read is set aside with one warning line, and nothing is removed."""
    try:
        record = signatures.read_json(out / RECORD, RECORD_BYTES)
        if record is None:
            return set()
        return {page["file"] for product in record["products"] for page in product["pages"]
                if isinstance(page["file"], str)}
    except (signatures.Unreadable, KeyError, TypeError) as error:
        reason = str(error) if isinstance(error, signatures.Unreadable) else "not an export record printkit wrote"
        signatures.set_aside(project.shown(out / RECORD), reason, "the files an earlier export made are not removed")
        return set()


def _remove(names: set[str], out: Path) -> None:
    """Files an earlier export made that this one does not (a shop's images, a smaller deck):
    only where the record names a file as an export names them, in `out` through no link, and
    still a PDF or a PNG (whatever else the record names is not printkit's to remove)."""
    for name in names:
        path = out / name
        if within(out, name) and path.suffix in EXPORTED and _is_a(path, EXPORTED[path.suffix]):
            path.unlink()


def _is_a(path: Path, magic: bytes) -> bool:
    """A regular file (not a link) starting with `magic`."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
        with path.open("rb") as handle:
            return handle.read(len(magic)) == magic
    except OSError:
        return False
