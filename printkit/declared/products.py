"""A declared game's products, made of printkit's own product kinds: a deck or tokens are `Cards`
(sheets, duplex backs, cut lines, crop marks) with their faces drawn from the layout, a score
sheet is `Sheets` holding one table (`plan.table`), a rules document is `Rules` (its template's
text flowed over pages). What each prints is read from the game's content when it is planned."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from pathlib import Path

import markupsafe

from printkit.ground.errors import PrintkitError, Problem
from printkit.plan.cards import CardSheet
from printkit.plan.gutterfold import GutterFold
from printkit.plan.flow import Flow
from printkit.plan.fonts import FAMILIES
from printkit.plan.geometry import Rect
from printkit.plan.table import Cell, Column, Row, Table, plan_table
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, SPACE, TYPE
from printkit.products.cards import Cards, card_sheet, scale_bars
from printkit.products.sheets import Rules, Sheets, title_line
from printkit.declared import layout
from printkit.declared.palette import game_palette
from printkit.declared.source import Source

MOST = (99, 99)  # as many cards as fit a page
HEADER_ROW = 10.0
ROW = 9.0
DESCRIBED = {"deck": "cards with backs, to cut out", "tokens": "tokens with backs, to cut out",
             "score-sheet": "a score sheet", "rules": "the rules"}


@dataclass(frozen=True)
class DeclaredCards(Cards):
    """Cards whose size and layouts the game's content gives (so they are read when the deck is
    planned), as many to a sheet as fit with the scale bars beside them (or at most `most`)."""

    source: Source = Source()

    def spec(self, kit) -> dict:
        return kit.data[self.source.stem]["products"][self.name]

    def fonts(self, kit) -> tuple[str, ...]:
        """printkit's fonts and the game's own, each face of a family of its own."""
        return super().fonts(kit) + game_fonts(kit)

    def sheet(self, kit) -> CardSheet | GutterFold:
        """The largest grid (at most `most`) with room beside it for the scale bars."""
        spec = self.spec(kit)
        card = layout.card_size(spec)
        tried, failed = set(), None
        for most in _grids(kit.options.paper, card, tuple(spec.get("most") or MOST)):
            try:
                sheet = card_sheet(kit.options, card, most)
            except ValueError as error:
                failed = error
                continue
            if (sheet.cols, sheet.rows) in tried:  # a grid larger than fits is the one that does
                continue
            tried.add((sheet.cols, sheet.rows))
            if _bars_fit(sheet):
                return sheet
        if not tried and failed is not None:
            raise failed  # no grid fits at all: the card kind says why (a cutter's marks, the paper)
        raise PrintkitError([self.where(kit).with_message(
            f"products.{self.name}: {card[0]:g} x {card[1]:g} mm cards leave no room for the scale bars on "
            f"{kit.options.paper.name} {'gutter-fold ' if kit.options.sheet == 'gutterfold' else ''}sheets; "
            f"give the product `most: [columns, rows]` to print fewer a sheet")])

    def where(self, kit) -> Problem:
        return kit.where(self.source.file, ("products", self.name))

    def shop_deck(self, kit, bleed: float) -> tuple[CardSheet, list]:
        """A print shop's deck at the size the content gives (a product's `size` is poker's)."""
        size = layout.card_size(self.spec(kit))
        return Cards.shop_deck(replace(self, size=size), kit, bleed)

    def card_size(self, kit) -> str:
        width, height = self.trim(kit)
        return f"{width:g} x {height:g}"

    def trim(self, kit) -> tuple[float, float]:
        return layout.card_size(self.spec(kit))

    def round(self, kit) -> bool:
        spec = self.spec(kit)
        return spec["kind"] == "tokens" and spec.get("shape") == "round"

    def tokens(self, kit) -> bool:
        return self.spec(kit)["kind"] == "tokens"


def _grids(paper, card: tuple[float, float], most: tuple[int, int]) -> list[tuple[int, int]]:
    """The grids a sheet may have, at most `most`, the most cards first (the page either way up)."""
    side = max(paper.width, paper.height)
    cols = min(most[0], int(side // min(card)))
    rows = min(most[1], int(side // min(card)))
    grids = [(c, r) for c in range(cols, 0, -1) for r in range(rows, 0, -1)]
    return sorted(grids, key=lambda grid: (-grid[0] * grid[1], -grid[1]))


def _bars_fit(sheet: CardSheet | GutterFold) -> bool:
    try:
        scale_bars(sheet)  # as the card kind places them
    except ValueError:
        return False
    return True


def product(name: str, spec: dict, folder: Path):
    """The product `spec` declares (the kind and landscape keys of game.yaml, before it is checked):
    a card product, a score sheet or a rules document."""
    kind = spec.get("kind")
    about = spec.get("about") if isinstance(spec.get("about"), str) else DESCRIBED.get(kind)
    if kind in ("deck", "tokens"):
        return card_product(name, about, folder)
    if kind == "score-sheet":
        return Sheets(name, about, pages=functools.partial(score_sheet, product=name),
                      landscape=spec.get("landscape") is True)
    if kind == "rules":
        template = spec.get("template") if isinstance(spec.get("template"), str) else name
        shown = spec.get("title") if isinstance(spec.get("title"), str) else None
        return Rules(name, about, shown=shown, template=template, font=game_font, palette=game_palette)
    return None


def game_fonts(kit) -> tuple[str, ...]:
    """Every font the game declares, as it is registered: each face of a family."""
    found = []
    for name in ((kit.data.get("game") or {}).get("assets") or {}).get("fonts", {}).values():
        found += sorted(set(FAMILIES[name].values())) if name in FAMILIES else [name]
    return tuple(dict.fromkeys(found))


def game_font(kit) -> str | None:
    """The font game.yaml's `font` names (the game's own), as it is registered; None when the game
    has none: its sheets are printkit's DejaVu Sans."""
    game = kit.data["game"]
    return game["assets"]["fonts"].get(game["font"]) if game.get("font") else None


def card_product(name: str, about: str, folder: Path, source: Source = Source()) -> DeclaredCards:
    """A deck or tokens declared in `source` (game.yaml's products, or a game's cards.yaml)."""
    return DeclaredCards(name, about, deck=functools.partial(_deck, product=name, folder=folder, source=source),
                         source=source)


def _deck(kit, sheet, **product):
    """The cards, planned (printkit/declared/faces.py, imported when a deck is first planned)."""
    from printkit.declared import faces

    return faces.deck(kit, sheet, **product)


def score_sheet(kit, body: Rect, product: str) -> list[list]:
    """The title, a note under it if there is one, and the table: a header row of the columns'
    headings, then a row for each label (in the first column) or as many blank rows as asked; all
    in the game's font when it has one (the title, headings and labels in its bold face)."""
    spec = kit.data["game"]["products"][product]

    def where(*path):
        return kit.where("game.yaml", ("products", product) + path)

    font, palette = game_font(kit), game_palette(kit)
    marks, rest = title_line(body, spec["title"], where("title"), font=font, palette=palette)
    flow = Flow(rest, marks)
    if spec["note"]:
        flow.text(str(markupsafe.escape(spec["note"])), Style(TYPE.body, font=font, palette=palette), f"{product} note",
                  where("note"))
        flow.space()
    headings = [column if isinstance(column, str) else column["heading"] for column in spec["columns"]]
    columns = tuple(Column(f"column {n + 1}", width=None if isinstance(c, str) else c["width"])
                    for n, c in enumerate(spec["columns"]))
    header = Row(tuple(Cell(str(markupsafe.escape(h)), bold=True, wrap=True, where=where("columns", n))
                       for n, h in enumerate(headings)), HEADER_ROW, shade=GREY.shade)
    labels = spec["rows"] if isinstance(spec["rows"], list) else [""] * spec["rows"]
    height = spec["row_height"] or ROW
    rows = [Row((Cell(label, bold=True, where=where("rows", n)),) + (Cell(),) * (len(columns) - 1), height)
            for n, label in enumerate(labels)]
    needed = HEADER_ROW + height * len(rows)
    if needed > flow.rest.height + 1e-6:
        fits = int((flow.rest.height - HEADER_ROW) // height)
        raise PrintkitError([where("rows").with_message(
            f"products.{product}.rows: {len(rows)} rows of {height:g} mm do not fit on one "
            f"{kit.options.paper.name} page ({fits} do)")])
    table = plan_table(Table(columns, item=product, font=font, palette=palette), flow.take(needed + SPACE / 2),
                       [header] + rows,
                       where("columns"))
    return [flow.marks + list(table.marks)]
