"""A scenario's two facing pages in the booklet, arranged alike for every scenario: on the left
what is new (the introduction, the scenario's own section, its effect example or room for notes)
and the deck map at the foot; on the right the setup steps and the table, its cards one size in
every spread of the booklet, whatever the grid."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.ground.errors import PrintkitError
from printkit.plan.flow import Flow
from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Line
from printkit.plan.fitting import measure
from printkit.plan.typeset import Style
from printkit.plan.type import GREY, LINE, SPACE, TYPE

from . import diagrams
from .model import apply
from .scenario_page import GAP, TITLE, ScenarioView, legend, titled, intro, intro_text, steps, steps_text, story, \
    story_text, view

MAP = 54.0  # the deck map block at the foot of the left page: heading, map, counts and legend
MAP_NOTE = 14.0  # at most, under the map
TABLE_NOTE = 9.0
LARGEST_CARD = 20.0  # mm: the table's cards, at most
SMALLEST_CARD = 12.0  # mm: below this a card's corner index crowds its rank
CAPTION = 12.0  # the effect example's caption, at most
NOTE_PITCH = 7.0  # mm between the lines to write notes on


@dataclass(frozen=True)
class SpreadPlan:
    """What every spread of a booklet shares: where the table starts, and its cards' size."""

    steps: float  # the height of the setup steps on the right page
    card: float  # the table's cards, mm tall
    example_card: float  # the effect examples' cards


def spread_pages(view_: ScenarioView, page: Rect) -> tuple[tuple, tuple]:
    """The left and the right page's marks: planned once for the booklet and its volumes, and
    kept between builds, so that an edit plans again only the spreads of the scenarios it changes
    (and digests only theirs: printkit.pipeline.cache.Marks)."""
    kit = view_.kit
    inputs = [view_.words.fingerprint, view_.setup, kit.model.campaign.target_suit, spread_plan(kit, page)]
    return kit.kept_marks(("spread pages", view_.number, page), inputs, lambda: _spread_pages(view_, page),
                          shape=(list, list))


def _spread_pages(view_: ScenarioView, page: Rect) -> tuple[list, list]:
    plan = spread_plan(view_.kit, page)
    boxes = left_boxes(view_, page)
    left = intro(boxes["intro"], view_) + story(boxes["story"], view_) + deck_map(boxes["map"], view_)
    left += example(boxes["slot"], view_, plan.example_card) if view_.setup.scenario.example else \
        notes(boxes["slot"], view_)
    top, bottom = page.cut_top(plan.steps, GAP)
    return left, steps(top, view_) + table(bottom, view_, plan.card)


def left_boxes(view_: ScenarioView, page: Rect) -> dict[str, Rect]:
    """Intro and story from the top, each as tall as its words; the deck map at the foot; the
    slot for the example (or the notes) between them."""
    intro_box, rest = page.cut_top(TITLE + SPACE / 2 + measure(intro_text(view_), page.width, TYPE.body) + 1, GAP)
    story_box, rest = rest.cut_top(measure(story_text(view_), page.width, TYPE.body) + 1, GAP)
    map_box, slot = rest.cut_bottom(MAP, GAP)
    return {"intro": intro_box, "story": story_box, "map": map_box, "slot": slot}


def spread_plan(kit, page: Rect) -> SpreadPlan:
    """Planned once per booklet from every scenario of the campaign, so that a chosen set looks
    like the whole booklet. It is kept between builds under every scenario's words and setup, and
    so is what it takes from each scenario, under that scenario's: an edit measures again the
    scenario it changes, not the other 49 (whose words are then never even set)."""
    def make() -> SpreadPlan:
        views = [view(kit, index) for index in range(len(kit.model.scenarios))]
        inputs = [[v.words.fingerprint, v.setup] for v in views]  # found whole: one look, not one a scenario
        return SpreadPlan(*kit.kept(("spread plan", page), inputs, lambda: _measured(views, page),
                                    shape=(float, float, float)))
    return kit.memo(("spread", page), make)


def _measured(views: list[ScenarioView], page: Rect) -> tuple[float, float, float]:
    """The plan from what it takes from each scenario, each kept on its own."""
    kit = views[0].kit
    tallest = max(_measure(v, "steps", page, lambda v=v: measure(steps_text(v), page.width, TYPE.body))
                  for v in views) + 1
    area = kit.kept(("table area", page), [views[0].words.fingerprint, tallest],
                    lambda: _table_area(page.cut_top(tallest, GAP)[1], views[0]), shape=Rect)
    cards = [_measure(v, "table card", page, lambda v=v: _largest_table_card(area, v), area) for v in views]
    if min(cards) < SMALLEST_CARD:
        _too_large(views)
    examples = [v for v in views if v.setup.scenario.example]
    example_card = min((_measure(v, "example card", page, lambda v=v: _example_card(v, page)) for v in examples),
                       default=0.0)
    return tallest, min(cards), example_card


def _measure(view_: ScenarioView, what: str, page: Rect, make, *inputs) -> float:
    """A measure of one scenario's spread, kept under its words and setup (and `inputs`)."""
    return view_.kit.kept((what, view_.number, page), [view_.words.fingerprint, view_.setup, *inputs], make,
                          shape=float)


def _largest_table_card(area: Rect, view_: ScenarioView) -> float:
    """The largest card, in half millimetres, at which the scenario's table fits the area (0: none
    from LARGEST_CARD down to SMALLEST_CARD). A table that fits with a card fits with any smaller
    one (table_fits grows with the card), so the booklet's card is the least of its scenarios'."""
    card = LARGEST_CARD
    while card >= SMALLEST_CARD:
        if diagrams.table_fits(area, card, *view_.setup.grid, view_.setup.market,
                               diagrams.strip_width(card, view_.words, view_.setup)):
            return card
        card -= 0.5
    return 0.0


def _too_large(views: list[ScenarioView]) -> None:
    largest = max(views, key=lambda v: v.setup.grid[0] * v.setup.grid[1])
    rows, columns = largest.setup.grid
    raise PrintkitError([largest.where("rows").with_message(
        f"scenario {largest.number}: its {rows} x {columns} table does not fit the booklet's page with cards of "
        f"at least {SMALLEST_CARD:g} mm; shorten the setup steps or the layout note")])


# --- the blocks -----------------------------------------------------------------------------------

def table(box: Rect, view_: ScenarioView, card: float) -> list:
    flow = _table_flow(box, view_)
    return flow.marks + diagrams.table(flow.rest, view_.setup, view_.kit.model.campaign.target_suit, card,
                                       view_.words)


def _table_flow(box: Rect, view_: ScenarioView) -> Flow:
    words = view_.words
    right = (words.plain("hands"), TYPE.small, False)
    return titled(box, words, "table_heading", "layout_note", TABLE_NOTE, right=right)


def _table_area(box: Rect, view_: ScenarioView) -> Rect:
    return _table_flow(box, view_).rest


def deck_map(box: Rect, view_: ScenarioView) -> list:
    words = view_.words
    flow = Flow(box)
    flow.line(words.plain("map_heading"), TYPE.heading, bold=True, item="map heading", where=words.where("map_heading"))
    flow.space(0.25)
    flow.foot(f"{words.markup('map_counts')}\n\n{words.markup(legend(box))}", Style(TYPE.small), "deck map counts",
              words.where("map_counts"), MAP_NOTE)
    return flow.marks + diagrams.deck_map(flow.rest, view_.setup, words)


def example(box: Rect, view_: ScenarioView, card: float) -> list:
    flow = _example_flow(box, view_)
    drawn, _ = diagrams.example(flow.rest, view_.setup.scenario.example, view_.words, "hearts", card)
    return flow.marks + drawn


def _example_card(view_: ScenarioView, page: Rect) -> float:
    """The largest card the scenario's example could have in its slot."""
    room = _example_flow(left_boxes(view_, page)["slot"], view_).rest
    return diagrams.example_card(room, view_.setup.scenario.example, caption=0.0)


def _example_flow(box: Rect, view_: ScenarioView) -> Flow:
    """The example's heading at the top of its slot and its caption at the foot; the drawing goes
    between them."""
    words, shown = view_.words, view_.setup.scenario.example
    flow = Flow(box)
    flow.line(words.plain("example_heading"), TYPE.heading, bold=True, item="effect example heading",
              where=words.where("example_heading"))
    flow.space(0.5)
    after, returned = apply(shown)
    caption = words.markup("example_caption", {"effect": shown.effect, "places": shown.places, "at": shown.at,
                                               "hand": shown.hand}, after, returned)
    flow.foot(caption, Style(TYPE.small), f"scenario {view_.number} effect example caption",
              view_.where("effect_example"), CAPTION)
    return flow


def notes(box: Rect, view_: ScenarioView) -> list:
    """Where the scenario has no effect example: lines to write notes on."""
    return notes_lines(box, view_.words)


def notes_lines(box: Rect, words) -> list:
    """The heading `notes_heading` of `words`, and under it ruled lines to the foot of the box."""
    flow = Flow(box)
    flow.line(words.plain("notes_heading"), TYPE.heading, bold=True, item="notes heading",
              where=words.where("notes_heading"))
    rest = flow.rest
    count = int((rest.height - SPACE) // NOTE_PITCH)
    return flow.marks + [Line(Segment(rest.x, y, rest.right, y), width=LINE.hairline, level=GREY.guide)
                         for y in (rest.top - (k + 1) * NOTE_PITCH for k in range(count))]
