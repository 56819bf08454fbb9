"""A scenario's setup sheet: its blocks arranged on one A4 or Letter page, sized to that page.

Full width, top to bottom: the introduction, the setup steps, the table's layout beside a column
of texts, the deck map and the story. Which texts stand in the column (the deal and the effect
example; the deal and the story; the steps and the deal; and perhaps the layout's note) and how
wide it is are chosen for the page: the arrangement whose layout draws the largest cards, then
the one leaving the least white beside the shorter of layout and column; the layout is as wide
as its drawing, the column takes the rest. Height left over goes to the deck map's cells, then
to the gaps between the blocks, so that no band of the page is left empty."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import PrintkitError
from printkit.plan.flow import LINE_PITCH, Flow
from printkit.plan.geometry import Rect
from printkit.plan.fitting import measure
from printkit.plan.text import PT_PER_MM
from printkit.plan.type import SPACE, TYPE

from . import diagrams
from .model import apply
from .scenario_page import (GAP, ScenarioView, deal, deal_height, intro, intro_height, legend, note_height, set_text,
                            steps, steps_text, story, story_text, text_height, titled, titled_height, view)

BLOCK_GAP = 1.5 * SPACE  # between the blocks one above another across the page, at the least
COLUMN_GAP = 2 * GAP  # between the texts one above another in the column
CARD_MOST = 30.0  # mm: the layout's cards, at most
SIDE_LEAST, SIDE_MOST = 50.0, 110.0  # mm: the column's width
MAP_CELL, MAP_CELL_MOST = 6.25, 9.0  # mm: the deck map's cells, at least (a target's name above its value) and at most
MAP_HEAD = 2.5 * SPACE  # the deck map's row of ranks
# what the column may hold (the layout's note at its foot, or under the layout)
COLUMNS = (("deal", "example"), ("deal", "story"), ("steps", "deal"), ("deal", "story", "note"),
           ("steps", "deal", "note"))
EXAMPLE_CARD = 12.0  # mm: an effect example's cards, at least (their corner index crowds their rank below it)
EXAMPLE_SIDE = 80.0  # mm: a column with an example is at least this wide: the example's cards stand in a row


def sheet(kit, body: Rect, index: int) -> list:
    """A scenario's sheet: planned once a build for its own file and the file of every sheet, and
    kept between builds under its words and setup (as its booklet spread is: spread.py), so that
    an edit of one scenario plans its sheet again, not the other 49."""
    shown = view(kit, index)
    inputs = [shown.words.fingerprint, shown.setup, kit.model.campaign]
    return list(kit.kept_marks(("setup sheet", shown.number, body), inputs, lambda: _sheet(shown, body),
                               shape=(list,)))


def _sheet(shown: ScenarioView, body: Rect) -> list[list]:
    boxes, chosen = sheet_boxes(body, shown)
    return [[mark for name, box in boxes.items() for mark in block(name, box, shown, chosen)]]


def every_sheet(kit, body: Rect) -> list[list]:
    """Every scenario's sheet, a page each in the campaign's order: all of them in one print job."""
    return [page for index in range(len(kit.model.scenarios)) for page in sheet(kit, body, index)]


# --- the sheet's own blocks: its layout, its deck map and its effect example ------------------------

def layout(box: Rect, view_: ScenarioView, card: float, noted: bool = True) -> list:
    """The layout under its heading, and its note at the foot of its box (`noted`) or not (the
    note stands in the column beside it)."""
    if noted:
        flow = titled(box, view_.words, "layout_heading", "layout_note")
    else:
        flow = Flow(box)
        flow.line(view_.words.plain("layout_heading"), TYPE.heading, bold=True, item="layout heading",
                  where=view_.words.where("layout_heading"))
    return flow.marks + diagrams.layout(flow.rest, view_.setup, view_.kit.model.campaign.target_suit, card)


def layout_height(view_: ScenarioView, width: float, card: float, noted: bool = True) -> float:
    rows, _ = view_.setup.grid
    return _around(view_, width, noted) + (rows + 1) * (card + diagrams.LABEL + 1.5)


def layout_card(view_: ScenarioView, width: float, height: float, noted: bool = True) -> float:
    """The largest card (at most CARD_MOST) the layout draws in a box this wide and tall."""
    rows, columns = view_.setup.grid
    room = height - _around(view_, width, noted)
    return min(CARD_MOST, width / (columns + 1) - 2.0, room / (rows + 1) - diagrams.LABEL - 1.5)


def _around(view_: ScenarioView, width: float, noted: bool) -> float:
    """What the layout's heading (and its note, when `noted`) take of its box."""
    return titled_height(view_.words, "layout_note", width) if noted else TYPE.heading / PT_PER_MM * LINE_PITCH


def note(box: Rect, view_: ScenarioView) -> list:
    """The layout's note, in the column beside it."""
    return [set_text(box, view_.words.markup("layout_note"), view_, "layout note", view_.words.where("layout_note"),
                     largest=TYPE.small)]


def deck_map(box: Rect, view_: ScenarioView) -> list:
    flow = titled(box, view_.words, "map_heading", legend(box))
    return flow.marks + diagrams.deck_map(flow.rest, view_.setup, view_.words)


def map_height(view_: ScenarioView, width: float, cell: float) -> float:
    return titled_height(view_.words, legend(Rect(0, 0, width, 1)), width) + MAP_HEAD + 4 * cell


def example(box: Rect, view_: ScenarioView) -> list:
    """The effect example in its box: its cards as large as the box lets them (at most the
    examples' own largest), its caption at its size below them."""
    words, flow, shown = view_.words, Flow(box), view_.setup.scenario.example
    flow.line(words.plain("example_heading"), TYPE.heading, bold=True, item="effect example heading",
              where=words.where("example_heading"))
    caption = measure(example_caption(view_), box.width, TYPE.small) + 1
    card = min(example_card(view_, box.width), (flow.rest.height - SPACE - caption) / (2 * diagrams.ROW))
    drawn, room = diagrams.example(flow.rest, shown, words, "hearts", card)
    return flow.marks + drawn + [set_text(room, example_caption(view_), view_, "effect example caption",
                                          view_.where("effect_example"), largest=TYPE.small)]


def example_card(view_: ScenarioView, width: float) -> float:
    return diagrams.example_card(Rect(0, 0, width, 1e6), view_.setup.scenario.example)


def example_caption(view_: ScenarioView) -> str:
    shown = view_.setup.scenario.example
    after, returned = apply(shown)
    return view_.words.markup("example_caption", {"effect": shown.effect, "places": shown.places, "at": shown.at,
                                                  "hand": shown.hand}, after, returned)


def example_height(view_: ScenarioView, width: float) -> float:
    """The least the example needs, `width` mm wide: the heading, the before and after rows of
    cards EXAMPLE_CARD tall, and the caption at its size."""
    drawing = 2 * diagrams.ROW * EXAMPLE_CARD + SPACE
    return TYPE.heading / PT_PER_MM * LINE_PITCH + drawing + measure(example_caption(view_), width, TYPE.small) + 1


def block(name: str, box: Rect, view_: ScenarioView, chosen: "Arrangement") -> list:
    if name == "layout":
        return layout(box, view_, chosen.card, "note" not in chosen.column)
    return {"intro": intro, "steps": steps, "deal": deal, "map": deck_map, "story": story, "example": example,
            "note": note}[name](box, view_)


def height(name: str, view_: ScenarioView, width: float) -> float:
    """A text block's height, `width` mm wide, at its size."""
    if name == "deal":
        return deal_height(width, view_)
    if name == "example":
        return example_height(view_, width)
    if name == "note":
        return note_height(view_.words, "layout_note", width)
    return text_height(steps_text(view_) if name == "steps" else story_text(view_), width)


# --- the arrangement ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Arrangement:
    column: tuple[str, ...]  # the texts in the column beside the layout, top to bottom
    side: float  # the column's width, mm
    card: float  # the layout's cards, mm tall
    middle: float  # the height of the band holding the layout and the column
    spare: float  # what the page has left over below them
    white: float  # mm2 left white beside the shorter of the layout and the column


def sheet_boxes(body: Rect, view_: ScenarioView) -> tuple[dict[str, Rect], Arrangement]:
    """Every block's box on the page, and the arrangement chosen."""
    chosen = best(body, view_)
    cell = min(MAP_CELL_MOST, MAP_CELL + chosen.spare / 4)
    full = [name for name in ("intro", "steps", "middle", "map", "story") if name not in chosen.column]
    heights = {"intro": intro_height(view_, body.width), "middle": chosen.middle,
               "map": map_height(view_, body.width, cell)} | {name: height(name, view_, body.width)
                                                               for name in full if name in ("steps", "story")}
    gap = BLOCK_GAP + (chosen.spare - 4 * (cell - MAP_CELL)) / (len(full) - 1)  # what the map leaves, between them
    boxes, rest = {}, body
    for name in full:
        boxes[name], rest = rest.cut_top(heights[name], gap)
    column, boxes["layout"] = boxes.pop("middle").cut_right(chosen.side, GAP)
    for name in chosen.column:  # the example, a drawing, takes what the texts leave of the column
        tall = column.height if name == "example" else height(name, view_, chosen.side)
        boxes[name], column = column.cut_top(tall, COLUMN_GAP)
    return boxes, chosen


def best(body: Rect, view_: ScenarioView) -> Arrangement:
    """Of the arrangements the scenario can have, the one with the largest cards (to half a
    millimetre), then the least white."""
    found = [a for column in COLUMNS if ("example" in column) == bool(view_.setup.scenario.example)
             if (a := arranged(body, view_, column)) is not None]
    if not found:
        raise PrintkitError([view_.where("section", "text").with_message(
            f"scenario {view_.number}: its setup sheet's texts do not fit the page; shorten the setup, the story or "
            f"the effect example's caption")])
    return min(found, key=lambda a: (-int(a.card * 2), a.white))


def arranged(body: Rect, view_: ScenarioView, column: tuple[str, ...]) -> Arrangement | None:
    """The arrangement with `column` beside the layout: the column as narrow as its texts allow,
    or wider where the layout's cards would not grow with the width; None if it does not fit."""
    full = [name for name in ("intro", "steps", "story") if name not in column]  # and the middle, and the map
    texts = sum(intro_height(view_, body.width) if name == "intro" else height(name, view_, body.width)
                for name in full)
    room = body.height - texts - map_height(view_, body.width, MAP_CELL) - BLOCK_GAP * (len(full) + 1)
    least = narrowest(view_, column, room)
    if least is None:
        return None
    noted = "note" not in column
    card = layout_card(view_, body.width - GAP - least, room, noted)
    _, columns = view_.setup.grid
    side = min(SIDE_MOST, max(least, body.width - GAP - (columns + 1) * (card + 2.0)))
    card = min(card, layout_card(view_, body.width - GAP - side, room, noted))
    return measured(view_, column, body.width, side, card, room)


def narrowest(view_: ScenarioView, column: tuple[str, ...], room: float) -> float | None:
    """The narrowest column (to half a millimetre) whose texts fit `room` mm one above another."""
    def fits(width: float) -> bool:
        return column_height(view_, column, width) <= room + 1e-6

    low, high = (EXAMPLE_SIDE if "example" in column else SIDE_LEAST), SIDE_MOST
    if not fits(high):
        return None
    if fits(low):
        return low
    while high - low > 0.5:
        middle = (low + high) / 2
        low, high = (low, middle) if fits(middle) else (middle, high)
    return high


def column_height(view_: ScenarioView, column: tuple[str, ...], width: float) -> float:
    return sum(height(name, view_, width) for name in column) + COLUMN_GAP * (len(column) - 1)


def measured(view_: ScenarioView, column: tuple[str, ...], width: float, side: float, card: float,
             room: float) -> Arrangement:
    """The arrangement's middle band as tall as the taller of its layout and its column."""
    drawing = layout_height(view_, width - GAP - side, card, "note" not in column)
    texts = column_height(view_, column, side)
    middle = max(drawing, texts)
    white = (middle - drawing) * (width - GAP - side) + (middle - texts) * side
    return Arrangement(column, side, card, middle, room - middle, white)
