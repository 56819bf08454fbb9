"""The print guide: a kit's first page, for whoever prints it. Every other file of the game, its
pages, how to print it (one side or both, which edge to flip, fold and staple; gutter-fold
cards: one side, fold, glue, cut through both layers), on what paper, how
many copies; then how to cut, and which files are for the host alone. It is planned from the
game's own product declarations and the build's options, so it is never out of date.

Words: printkit's `templates/print-guide.j2`; a game's `templates/<game>/print-guide.j2` may add
`copies` (product name -> how many), `pieces` (what its cards are called: "tokens"), and paragraphs
of its own: `before` (first under the table: a choice to make before printing), `reading` (where
the seed is silent, what the kit chose: printed after printkit's "The kit's reading.") and `notes`
(last)."""

from __future__ import annotations

from dataclasses import dataclass

import markupsafe

from printkit.ground.errors import PrintkitError
from printkit.plan.cutter import figures
from printkit.plan.flow import Flow
from printkit.plan.marks import Document
from printkit.plan.table import Cell, Column, Row, Table, plan_table
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, TYPE
from printkit.products import FilePlan, Product
from printkit.products.booklet import Booklet
from printkit.products.cards import Cards
from printkit.products.sheets import Aids, Sheets, sheet_document, title_line

COLUMNS = (Column("file", 4.0, align="left"), Column("pages", 0.9), Column("sides", 3.4, align="left"),
           Column("paper", 2.1, align="left"), Column("copies", 2.4, align="left"), Column("done", 1.0))
ROW = 11.0  # mm: two lines of a cell's words
HEADER = 7.0


@dataclass(frozen=True)
class PrintGuide(Sheets):
    subject: str | None = "which files to print, how, on what, how many, and how to cut"
    summary: bool = True  # it counts the pages of the game's other files
    templates: tuple[str, ...] | None = ("print-guide.j2", "../print-guide.j2")  # the game's words, and printkit's

    def files(self, kit) -> list[FilePlan]:
        """Drawn again when the other files' pages change (the pipeline adds them), or the game's
        own content file (its title, what it needs), not for every scenario edited."""
        first = next(iter(kit.data))
        return [FilePlan(f"{self.name}.pdf", {first: kit.data[first]}, lambda: self.document(kit), self)]

    def document(self, kit) -> Document:
        frame = self.frame(kit)
        words = kit.templates.render("print-guide.j2", title=kit.title)
        own = _own_words(kit)
        marks, rest = title_line(frame.body, words.plain("heading", kit.title), words.where("heading"))
        flow = Flow(rest, marks)
        cards = any(_kind(product) == "cards" for product in kit.game.products)
        flow.text(words.markup("intro", cards, kit.options.sheet, _pieces(own)), Style(TYPE.body), "print guide intro",
                  words.where("intro"))
        flow.space()
        rows = [_row(kit, product, words, own) for product in kit.game.products if product is not self]
        header = Row(tuple(Cell(words.plain(f"col_{c.name}"), bold=True, where=words.where(f"col_{c.name}"))
                           for c in COLUMNS), HEADER, shade=GREY.shade)
        table = flow.take(HEADER + ROW * len(rows))
        marks += plan_table(Table(COLUMNS, item="print guide"), table, [header] + rows, words.where()).marks
        flow.space(1.5)
        reading = [f"{words.markup('reading_label')} {text}" for text in _own(own, "reading")]
        paragraphs = _own(own, "before") + _after_the_table(kit, words, own) + reading + _own(own, "notes")
        flow.text("\n\n".join(paragraphs), Style(TYPE.body), "print guide notes", words.where("cutting"))
        return sheet_document(kit, self.label, self.subject, frame, [marks])


def _after_the_table(kit, words, own) -> list[str]:
    """The paragraphs under the table: printing both sides, cutting, a cutting machine, the
    booklets, the host's files."""
    products = [product for product in kit.game.products if not isinstance(product, PrintGuide)]
    kinds = {_kind(product) for product in products}
    options, pieces = kit.options, _pieces(own)
    cards = [product for product in products if _kind(product) == "cards"]
    after = []
    if cards and options.sheet == "duplex" and options.duplex != "none":
        after.append(words.markup("both_sides", pieces, options.duplex))
    if kinds & {"cards", "aids"}:
        marked = marked_cuts([product.sheet(kit) for product in cards]) if cards else "all"
        after.append(words.markup("cutting", bool(cards), "aids" in kinds, options.sheet, marked, pieces,
                                  options.paper.name))
    after += _cutter(kit, words, cards)
    booklets = [_pdfs(kit, product) for product in products if _kind(product) == "booklet"]
    after += [words.markup("booklet", files[0], [-(-kit.pages[name] // 2) for name in files]) for files in booklets]
    host = [name for product in products if _kind(product) == "host-key" for name in _pdfs(kit, product)]
    return after + ([words.markup("host", host)] if host else [])


def marked_cuts(sheets) -> str:
    """Which cuts of every card sheet have a crop mark at both ends, to line a trimmer up with:
    "all", "rows" (the cuts across: marks at both sides), "columns" (marks at the top and the
    bottom) or "none". Letter's top and bottom margins leave no room for a mark beside a 3 x 3
    grid of poker cards; a gutter-fold sheet has marks on one side of the fold only."""
    found = {"rows", "columns"}
    for sheet in sheets:
        grid = getattr(sheet, "fronts", sheet)  # a gutter-fold sheet: cut from its fronts' side
        box, marks = grid.trim_box, grid.marks
        across = [m for m in marks if m.y1 == m.y2]
        down = [m for m in marks if m.x1 == m.x2]
        if not (any(max(m.x1, m.x2) <= box.x for m in across) and any(min(m.x1, m.x2) >= box.right for m in across)):
            found.discard("rows")
        if not (any(max(m.y1, m.y2) <= box.y for m in down) and any(min(m.y1, m.y2) >= box.top for m in down)):
            found.discard("columns")
    return "all" if len(found) == 2 else (found.pop() if found else "none")


def _own(own, name: str) -> list[str]:
    """A paragraph of the game's own words (`before` the others, or `notes` after them), if it has one."""
    text = str(getattr(own.module, name, "") or "").strip() if own else ""
    return [text] if text else []


def _pieces(own) -> str:
    """What the kit's cut pieces are called ("cards", "tokens"): the game's words may say."""
    return str(getattr(own.module, "pieces", "") or "cards").strip() if own else "cards"


def _pdfs(kit, product: Product) -> list[str]:
    return [file.name for file in product.files(kit) if file.name.endswith(".pdf")]


def _cutter(kit, words, cards: list) -> list[str]:
    """How a cutting machine (--cutter) cuts the cards, if one does (and the words say how); the
    machine's figures carry the cut files the build writes (`files`: a product's one, or its
    first and last, one a sheet), as the table names the PDFs."""
    if not cards or kit.options.cutter == "none" or not hasattr(words.module, "cutter"):
        return []
    machine = figures(kit.options.cutter) | {"files": [shown for product in cards for shown in _cut_files(kit, product)]}
    return [words.markup("cutter", kit.options.cutter, machine)]


def cut_files(kit, product: Product, kind: str) -> list[str]:
    """The names of a card product's cut files of `kind` (svg, dxf), one a sheet, as it writes them."""
    return [file.name for file in product.files(kit) if file.name.endswith(f".{kind}")]


def _cut_files(kit, product: Product) -> list[str]:
    """`deck-cut.dxf`, or `deck-cut-1.dxf … deck-cut-3.dxf`: a product's DXF cut files."""
    names = cut_files(kit, product, "dxf")
    return names if len(names) < 2 else [f"{names[0]} … {names[-1]}"]


def _own_words(kit):
    """The game's own print-guide words, if it has a template for them."""
    words = kit.words("print-guide")
    try:
        words.module  # noqa: B018 - run now: a game without such a template has none
        return words
    except PrintkitError as error:
        if all(problem.message == "template is missing" for problem in error.problems):
            return None
        raise


def _row(kit, product: Product, words, own) -> Row:
    files = [file for file in product.files(kit) if file.name.endswith(".pdf")]  # not a cut file
    counts = [kit.pages[file.name] for file in files]
    shown = files[0].name if len(files) == 1 else f"{files[0].name} … {files[-1].name.rsplit('/', 1)[-1]}"
    name = markupsafe.escape(shown)
    pages = str(counts[0]) if len(set(counts)) == 1 and len(files) == 1 else \
        words.markup("pages_each", counts[0]) if len(set(counts)) == 1 else str(sum(counts))
    copies = (getattr(own.module, "copies", {}) or {}).get(product.name) if own else None
    kind = _kind(product)
    sides = words.markup("sides", kind, kit.options.duplex, kit.options.sheet)
    cells = (_cell(name, bold=True), _cell(pages), _cell(sides),
             _cell(words.markup("paper", kind, kit.options.sheet)), _cell(markupsafe.escape(copies) if copies else words.markup("copies", kind)),
             Cell(tick=True))
    return Row(cells, ROW)


def _cell(markup, bold: bool = False) -> Cell:
    return Cell(str(markup), bold=bold, size=TYPE.small, wrap=True)


def _kind(product: Product) -> str:
    """What a file is, for how it is printed: cards | aids | booklet | reading | host-key | sheets."""
    if product.printing in ("booklet", "reading", "host-key"):
        return product.printing
    if isinstance(product, Cards):
        return "cards"
    if isinstance(product, Aids):
        return "aids"
    if isinstance(product, Booklet):
        return "reading"
    return "sheets"
