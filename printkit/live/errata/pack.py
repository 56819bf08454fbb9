"""An errata pack, `<game>/errata.pdf`: a sheet page (or more) listing what changed, as a table,
then the changed cards of each card product on the product's own card sheets, exactly as its deck
prints them (the same page function: `Cards.pages`), backs and all. Its words are printkit's
template `errata.j2`, which a project may copy into its templates/ to change."""

from __future__ import annotations

from printkit.declared.palette import game_palette
from printkit.live.errata.changes import Change, copies, differences, runs
from printkit.live.errata.icons import as_printed
from printkit.live.errata.record import Printing, card_products, numbered
from printkit.plan.marks import Document, Page
from printkit.plan.page import SheetFrame, plan_sheet
from printkit.plan.pageflow import PageFlow
from printkit.plan.table import PAD, Cell, Column, Row, Table, column_widths
from printkit.plan.fitting import fit, measure
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products.sheets import sheet_document, title_line

FILE = "errata.pdf"
TEMPLATE = "errata.j2"
COLUMNS = (Column("product", width=36, align="left"), Column("card", width=36, align="left"),
           Column("change", align="left"))
HEADER = 7.0  # mm
ROW = 8.0  # mm, the least a row is: a line of small type and room round it


def document(kit, printing: Printing, found: list[Change]) -> Document:
    """The pack: what changed, then the cards to print again."""
    words = kit.templates.render(TEMPLATE, title=kit.title, date=printing.date, printing=_printing(kit))
    frame = plan_sheet(kit.options.paper)
    bodies = listing(kit, words, frame, found)
    cards, duplex = card_pages(kit, found)
    if cards and duplex and len(bodies) % 2:  # the cards begin on a sheet's front
        bodies.append(blank(words, frame))
    shown = words.plain("shown")
    pages = sheet_document(kit, shown, words.plain("subject"), frame, bodies).pages + tuple(cards)
    return Document(kit.file_title(shown), words.plain("subject"), pages, duplex=duplex)


def card_names(kit, found: list[Change]) -> dict[tuple[str, str], str]:
    """How the listing names each card still in the game: by the name its data gives it, with the
    id it is known by when that differs ("Ember (fire-1)"), as a player finds it in the box; a
    card no longer in the game, by its id."""
    named = {}
    for product in card_products(kit.game):
        ids = {change.name for change in found if change.product == product.name and change.printed}
        for _, card in _numbered(kit, product) if ids else ():
            label = str(card.fields.get("name") or card.fields.get("title") or "").strip()
            if card.name in ids and label and label != card.name:
                named[(product.name, card.name)] = f"{label} ({card.name})"
    return named


def _numbered(kit, product) -> list:
    """A product's cards as its deck prints them, each with its ordinal among those of its name:
    planned once for the listing and the cards' pages."""
    return kit.memo(("errata cards", product.name), lambda: numbered(product.deck(kit, product.sheet(kit))))


def card_pages(kit, found: list[Change]) -> tuple[list[Page], str | None]:
    """Each card product's changed cards, in deck order, on its pages as the options print them
    (`Cards.pages`, as its deck), and the flip they are printed with (None: one-sided)."""
    pages, duplex = [], None
    for product in card_products(kit.game):
        wanted = {(change.name, change.ordinal) for change in found if change.product == product.name and change.printed}
        if wanted:
            sheet = product.sheet(kit)
            cards = [card for ordinal, card in _numbered(kit, product) if (card.name, ordinal) in wanted]
            pages += product.pages(kit, sheet, cards)
            duplex = duplex or product.duplex(kit)
    return pages, duplex


def listing(kit, words, frame: SheetFrame, found: list[Change]) -> list[list]:
    """The title, what to do, and a row for each change (the same change to several cards: one row)."""
    title, rest = title_line(frame.body, words.plain("heading"), words.where("heading"))
    flow = PageFlow(rest, TYPE.body, words.where())
    counts = [sum(change.kind == kind for change in found) for kind in ("changed", "new", "removed")]
    flow.text(words.markup("intro", *counts), "errata introduction", words.where("intro"))
    flow.space(2)
    header = [Row(tuple(Cell(words.plain(f"col_{column.name}"), bold=True) for column in COLUMNS), HEADER,
                  shade=GREY.shade)]
    widths = [width - 2 * PAD for width in column_widths(COLUMNS, rest.width)]
    labels = {product.name: product.label for product in kit.game.products}
    repeated = {(change.product, change.name) for change in found if change.ordinal > 1}
    named, palette = card_names(kit, found), _palette(kit)
    icons = [name for name, _ in palette.icons] if palette else None
    rows = [_row(run, words, labels.get(run[0].product, run[0].product), repeated, widths, named, icons)
            for run in runs(found)]
    flow.table(Table(COLUMNS, item="errata", palette=palette), header, rows, words.where(), fewest=1)
    return [title + flow.pages[0]] + flow.pages[1:]


def _row(run: list[Change], words, label: str, repeated: set, widths: list[float], named: dict,
         icons: list | None = None) -> Row:
    product = run[0].product
    names = [words.markup("card", named.get((product, name), name), first, last, (product, name) in repeated)
             for name, first, last in copies(run)]
    texts = [words.markup("cards", names), what_changed(run[0], words, icons)]
    height = max(measure(text, width, TYPE.small) for text, width in zip(texts, widths[1:]))
    return Row((Cell(label),) + tuple(Cell(text, wrap=True, align="left") for text in texts),
               max(ROW, height + 2 * PAD + SPACE / 2) if height < float("inf") else ROW)


def what_changed(change: Change, words, icons: list | None = None) -> str:
    """The markup of a change: the words before and after, or new, or gone. A declared game's
    (`icons`: the names of its icons) with its icons drawn, as the card draws them."""
    if change.kind != "changed":
        return words.markup("new_card" if change.kind == "new" else "removed")
    found = differences(change.before, change.after)
    if not found:
        return words.markup("drawing")
    if icons is not None:
        found = [(as_printed(before, icons), as_printed(after, icons)) for before, after in found]
    return "; ".join(words.markup("changed", before, after) for before, after in found)


def blank(words, frame: SheetFrame) -> list:
    """The back of the last listing page, left blank but for a line saying why."""
    box = frame.body.inset(4 * SPACE)
    return [fit(words.markup("blank"), box, Style(TYPE.body, align="centre", valign="middle", level=GREY.note),
                "errata blank side", words.where("blank"))]


def _palette(kit):
    """A declared game's colours and icons, for the list to draw its cards' icons; None for a game
    of printkit's own."""
    data = kit.data if isinstance(kit.data, dict) else {}
    return game_palette(kit) if isinstance(data.get("game"), dict) and "icons" in data["game"] else None


def _printing(kit) -> dict:
    return {"duplex": kit.options.duplex, "paper": kit.options.paper.name}

