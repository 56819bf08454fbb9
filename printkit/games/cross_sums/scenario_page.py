"""One scenario on paper: its blocks (intro, setup steps, layout, deal, deck map, story, effect
example), each planned into a box, and their arrangement on one A4/Letter setup sheet. The
booklet's two-page spread (spread.py) shares the blocks."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.geometry import Rect
from printkit.plan.marks import Box
from printkit.plan.flow import Flow
from printkit.plan.text import Style, fit, measure
from printkit.plan.type import SPACE
from printkit.plan.type import TYPE
from printkit.products.sheets import Item

from . import diagrams
from .model import apply

GAP = 3.5
TITLE = 8.0  # a scenario's title line
INTRO = 24.0
MAP_HEIGHT = 44.0
DEAL_PAD = 1.25 * SPACE  # the deal's words inside its frame
SIDE = 80.0  # the deal's column beside the layout


@dataclass(frozen=True)
class ScenarioView:
    """A scenario with its derived setup and its words: all a page needs to plan it."""

    kit: object
    index: int
    setup: object
    words: object

    @property
    def number(self) -> int:
        return self.setup.scenario.number

    def where(self, *path):
        return self.kit.where("scenarios.yaml", ("scenarios", self.index) + path)


def view(kit, index: int) -> ScenarioView:
    """Planned once per build: a scenario's sheet and its booklet spread share it."""
    def make():
        setup = kit.model.setup(index)
        data = kit.data["scenarios"]["scenarios"][index]
        return ScenarioView(kit, index, setup, kit.words("setup", scenario=data, deal=kit.model.deal(setup)))
    return kit.memo(("scenario", index), make)


def items(kit) -> list[Item]:
    """The setup sheets: one file per scenario, drawn again only when it or the campaign changes."""
    return [Item(f"setup/scenario-{data['number']:02}.pdf", {"campaign": kit.data["campaign"], "scenario": data},
                 f"Setup sheet {data['number']}", f"scenario {data['number']}: {data['title']}", index)
            for index, data in enumerate(kit.data["scenarios"]["scenarios"])]


def sheet(kit, body: Rect, index: int) -> list[list]:
    shown = view(kit, index)
    return [plan_blocks(sheet_boxes(body, shown), shown)]


# --- the blocks ---------------------------------------------------------------------------------

def intro(box: Rect, view: ScenarioView) -> list:
    words, flow = view.words, Flow(box)
    flow.text(f"<b>{words.markup('heading')}</b>", Style(TYPE.title, TYPE.heading), f"scenario {view.number} title",
              view.where("title"), height=TITLE)
    flow.space(0.5)
    flow.text(intro_text(view), Style(TYPE.body), f"scenario {view.number} introduction", view.where("tagline"))
    return flow.marks


def intro_text(view: ScenarioView) -> str:
    return f"<i>{view.words.markup('tagline')}</i>\n\n{view.words.markup('for_this')}"


def steps_text(view: ScenarioView) -> str:
    words = view.words
    return f"# {words.markup('setup_heading')}\n" + "\n\n".join(
        f"<b>{n}.</b> {words.markup(f'step_{n}')}" for n in range(1, 5))


def story_text(view: ScenarioView) -> str:
    return f"{view.words.markup('section')}\n\n{view.words.markup('watch')}"


def steps(box: Rect, view: ScenarioView) -> list:
    return [_text(box, steps_text(view), view, "setup steps", view.where("rows"))]


def story(box: Rect, view: ScenarioView) -> list:
    return [_text(box, story_text(view), view, "section and 'What to watch'", view.where("section", "text"))]


def layout(box: Rect, view: ScenarioView) -> list:
    flow = titled(box, view.words, "layout_heading", "layout_note", 9)
    return flow.marks + diagrams.layout(flow.rest, view.setup, view.kit.model.campaign.target_suit)


def deck_map(box: Rect, view: ScenarioView) -> list:
    flow = titled(box, view.words, "map_heading", legend(box), 11)
    return flow.marks + diagrams.deck_map(flow.rest, view.setup, view.words)


def legend(box: Rect) -> str:
    """The deck map's legend for a map as wide as `box`: explaining the words its cells use."""
    return "legend_short" if diagrams.short_roles(box.width) else "legend"


def titled(box: Rect, words, heading: str, note: str, most: float, right: tuple | None = None) -> Flow:
    """A diagram's heading at the top of its box and its note (at most `most` mm tall) at the foot;
    the flow's rest is the room between them."""
    flow = Flow(box)
    flow.line(words.plain(heading), TYPE.heading, bold=True, item=heading.replace("_", " "),
              where=words.where(heading), right=right)
    flow.space(0.25)
    flow.foot(words.markup(note), Style(TYPE.small), note.replace("_", " "), words.where(note), most)
    return flow


def deal_text(view: ScenarioView) -> str:
    words = view.words
    return f"# {words.markup('deal_heading')}\n" + "\n\n".join(
        words.markup(name) for name in ("deal_numbers", "deal_hands", "deal_market", "deal_stock", "deal_aside"))


def deal_height(width: float, view: ScenarioView) -> float:
    """The deal's box, `width` mm wide: as tall as its words at body size, on every sheet."""
    return measure(deal_text(view), width - 2 * DEAL_PAD, TYPE.body) + 2 * DEAL_PAD + 0.5


def deal(box: Rect, view: ScenarioView) -> list:
    return [Box(box, width=0.35, radius=1.5), _text(box.inset(DEAL_PAD), deal_text(view), view, "deal",
                                                    view.words.where("deal_numbers"), largest=TYPE.body)]


def example(box: Rect, view: ScenarioView) -> list:
    words, flow = view.words, Flow(box)
    shown = view.setup.scenario.example
    flow.line(words.plain("example_heading"), TYPE.heading, bold=True, item="effect example heading",
              where=words.where("example_heading"))
    drawn, caption = diagrams.example(flow.rest, shown, words, "hearts")
    after, returned = apply(shown)
    text = words.markup("example_caption", {"effect": shown.effect, "places": shown.places, "at": shown.at,
                                            "hand": shown.hand}, after, returned)
    return flow.marks + drawn + [_text(caption, text, view, "effect example caption", view.where("effect_example"),
                                       largest=TYPE.small)]


def _text(box: Rect, text: str, view: ScenarioView, what: str, where, largest: float = TYPE.body):
    return fit(text, box, Style(largest), f"scenario {view.number} {what}", where)


BLOCKS = {"intro": intro, "steps": steps, "layout": layout, "deal": deal, "map": deck_map, "story": story,
          "example": example}


def plan_blocks(boxes: dict[str, Rect], view: ScenarioView, only=None) -> list:
    return [mark for name, box in boxes.items() if only is None or name in only for mark in BLOCKS[name](box, view)]


# --- the arrangements ---------------------------------------------------------------------------

def sheet_boxes(body: Rect, view: ScenarioView) -> dict[str, Rect]:
    """One page, top to bottom: intro, steps, layout beside the deal (and the example), deck map,
    story. The texts get the height they need at full size; the layout takes the rest."""
    intro, rest = body.cut_top(INTRO, GAP)
    steps, rest = rest.cut_top(measure(steps_text(view), body.width, TYPE.body) + 1, GAP)
    story, rest = rest.cut_bottom(measure(story_text(view), body.width, TYPE.body) + 1, GAP)
    deck_map, middle = rest.cut_bottom(MAP_HEIGHT + 1, GAP)
    column, layout = middle.cut_right(SIDE if view.setup.scenario.example else SIDE - 18, GAP)
    deal, example = column.cut_top(deal_height(column.width, view), 2 * GAP)
    boxes = {"intro": intro, "steps": steps, "layout": layout, "deal": deal, "map": deck_map, "story": story}
    return boxes | ({"example": example} if view.setup.scenario.example else {})
