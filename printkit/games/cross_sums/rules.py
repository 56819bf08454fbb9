"""The basic rules, with the picture they speak of: the table of the first scenario (its target
clubs round the empty grid, the stock, the market and the discards), drawn where the template's
`[[table]]` line stands, or at the top of the next page when the rest of the page is too short
for it (the text then goes on filling that page first). The rules sheet and the booklet share it."""

from __future__ import annotations

from dataclasses import replace

from printkit.plan.geometry import Rect
from printkit.plan.marks import Box
from printkit.plan.fitting import fit
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, LINE, SPACE, TYPE
from printkit.products.sheets import Item

from . import diagrams
from printkit.plan.pageflow import PageFlow
from .scenario_page import view

CARD = 13.0  # mm: the picture's cards, at most
CAPTION = 14.0  # mm, at most


PROSE = ("tagline", "section", "watch")  # a scenario's prose: the rules print what their words read of it


def items(kit) -> list[Item]:
    """One file, drawn again when the campaign, the first scenario's facts, what the rules' words
    and their picture's read of it (its tagline, where a designer's rules.j2 prints it), or the
    templates change."""
    first = kit.data["scenarios"]["scenarios"][0]
    facts = {key: value for key, value in first.items() if key not in PROSE}
    words = [rules_words(kit).fingerprint, picture_words(view(kit, 0)).fingerprint]
    return [Item("rules.pdf", {"campaign": kit.data["campaign"], "first scenario": facts, "its words": words},
                 "Rules", f"Rules for {kit.title}", None)]


def sheet_pages(kit, body: Rect, _=None) -> list[list]:
    return rules_pages(kit, body, TYPE.body)


def rules_pages(kit, body: Rect, size: float) -> list[list]:
    """The rules' pages' marks: text set at `size`, and the picture."""
    flow = rules_flow(kit, body, size)
    return flow.pages


def rules_words(kit):
    return kit.words("rules", first=kit.data["scenarios"]["scenarios"][0], stages=kit.model.hand_stages())


def rules_flow(kit, body: Rect, size: float) -> PageFlow:
    """The rules laid out from the top of the first page; the flow goes on where they end."""
    words = rules_words(kit)
    flow = PageFlow(body, size, words.where())
    flow.text_and_figures(words.body, {"table": lambda: table_figure(kit, body.width, words)}, "basic rules")
    return flow


def table_figure(kit, width: float, words) -> tuple[list, float]:
    """The first scenario's table in a light frame, its caption under it: the marks (from the
    frame's bottom-left corner) and their height."""
    first = view(kit, 0)
    first_words = picture_words(first)
    inner = width - 4 * SPACE
    card = _card(inner, first, first_words)
    rows, _ = first.setup.grid
    pitch_y = card + diagrams.LABEL + 1.5
    picture = max((rows + 1) * pitch_y, diagrams.strip_height(card, first.setup.market))
    caption = fit(words.markup("figure_caption"), Rect(2 * SPACE, 0, inner, CAPTION), Style(TYPE.small),
                  "rules picture caption", words.where("figure_caption"))
    height = 2 * SPACE + picture + SPACE + caption.height + 2 * SPACE
    drawing = diagrams.table(Rect(2 * SPACE, height - 2 * SPACE - picture, inner, picture), first.setup,
                             kit.model.campaign.target_suit, card, first_words, centred=True)
    caption = replace(caption, top=2 * SPACE + caption.height)
    frame = Box(Rect(0, 0, width, height), width=LINE.thin, level=GREY.guide, radius=SPACE)
    return [frame] + drawing + [caption], height


def picture_words(first):
    """The first scenario's words the picture prints (its strip's labels), and no other: what is
    kept of the rules is kept under their fingerprint, which the scenario's tagline is no part of."""
    return first.words.only(diagrams.STRIP_WORDS)


def _card(width: float, first, words) -> float:
    """The picture's card: CARD, or smaller if the grid and the strip would not fit the width."""
    rows, columns = first.setup.grid
    card = CARD
    while card > 8 and not diagrams.table_fits(Rect(0, 0, width, 1000), card, rows, columns, first.setup.market,
                                               diagrams.strip_width(card, words, first.setup)):
        card -= 0.5
    return card
