"""One scenario on paper: its blocks (intro, setup steps, deal, story, the diagrams' headings and
notes), each planned into a box it is given, with the height each needs at a width. The setup
sheet (setup_sheet.py) and the booklet's two-page spread (spread.py) arrange them."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.geometry import Rect
from printkit.plan.marks import Box
from printkit.plan.flow import LINE_PITCH, Flow
from printkit.plan.fitting import fit, measure
from printkit.plan.text import PT_PER_MM
from printkit.plan.typeset import Style
from printkit.plan.type import SPACE
from printkit.plan.type import TYPE
from printkit.products.sheets import Item

from . import diagrams

GAP = 3.5
TITLE = 8.0  # a scenario's title line
DEAL_PAD = 1.25 * SPACE  # the deal's words inside its frame


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


# --- the blocks ---------------------------------------------------------------------------------

def intro(box: Rect, view: ScenarioView) -> list:
    words, flow = view.words, Flow(box)
    flow.text(f"<b>{words.markup('heading')}</b>", Style(TYPE.title, TYPE.heading), f"scenario {view.number} title",
              view.where("title"), height=TITLE)
    flow.space(0.5)
    flow.text(intro_text(view), Style(TYPE.body), f"scenario {view.number} introduction", view.where("tagline"))
    return flow.marks


def intro_height(view: ScenarioView, width: float) -> float:
    """The title and the introduction, `width` mm wide, at their sizes (a title too long for one
    line at its size is set smaller, on one line TITLE tall at most)."""
    title = measure(f"<b>{view.words.markup('heading')}</b>", width, TYPE.title)
    return min(title, TITLE) + SPACE / 2 + measure(intro_text(view), width, TYPE.body) + 0.5


def intro_text(view: ScenarioView) -> str:
    return f"<i>{view.words.markup('tagline')}</i>\n\n{view.words.markup('for_this')}"


def steps_text(view: ScenarioView) -> str:
    words = view.words
    return f"# {words.markup('setup_heading')}\n" + "\n\n".join(
        f"<b>{n}.</b> {words.markup(f'step_{n}')}" for n in range(1, 5))


def text_height(text: str, width: float) -> float:
    """A block of running text (the steps, the story), `width` mm wide, at body size (and half a
    millimetre to spare: fit sets it exactly as tall as measure says)."""
    return measure(text, width, TYPE.body) + 0.5


def story_text(view: ScenarioView) -> str:
    return f"{view.words.markup('section')}\n\n{view.words.markup('watch')}"


def steps(box: Rect, view: ScenarioView) -> list:
    return [set_text(box, steps_text(view), view, "setup steps", view.where("rows"))]


def story(box: Rect, view: ScenarioView) -> list:
    return [set_text(box, story_text(view), view, "section and 'What to watch'", view.where("section", "text"))]


def legend(box: Rect) -> str:
    """The deck map's legend for a map as wide as `box`: explaining the words its cells use."""
    return "legend_short" if diagrams.short_roles(box.width) else "legend"


def titled(box: Rect, words, heading: str, note: str, most: float | None = None, right: tuple | None = None) -> Flow:
    """A diagram's heading at the top of its box and its note (at most `most` mm tall; by default
    as tall as it is at its size) at the foot; the flow's rest is the room between them."""
    most = note_height(words, note, box.width) if most is None else most
    flow = Flow(box)
    flow.line(words.plain(heading), TYPE.heading, bold=True, item=heading.replace("_", " "),
              where=words.where(heading), right=right)
    flow.space(0.25)
    flow.foot(words.markup(note), Style(TYPE.small), note.replace("_", " "), words.where(note), most)
    return flow


def titled_height(words, note: str, width: float) -> float:
    """What `titled` takes of its box, `width` mm wide: the heading above and the note below."""
    return TYPE.heading / PT_PER_MM * LINE_PITCH + SPACE / 4 + note_height(words, note, width) + SPACE / 2


def note_height(words, note: str, width: float) -> float:
    return measure(words.markup(note), width, TYPE.small) + 0.5


def deal_text(view: ScenarioView) -> str:
    words = view.words
    return f"# {words.markup('deal_heading')}\n" + "\n\n".join(
        words.markup(name) for name in ("deal_numbers", "deal_hands", "deal_market", "deal_stock", "deal_aside"))


def deal_height(width: float, view: ScenarioView) -> float:
    """The deal's box, `width` mm wide: as tall as its words at body size, on every sheet."""
    return measure(deal_text(view), width - 2 * DEAL_PAD, TYPE.body) + 2 * DEAL_PAD + 0.5


def deal(box: Rect, view: ScenarioView) -> list:
    return [Box(box, width=0.35, radius=1.5), set_text(box.inset(DEAL_PAD), deal_text(view), view, "deal",
                                                    view.words.where("deal_numbers"), largest=TYPE.body)]


def set_text(box: Rect, text: str, view: ScenarioView, what: str, where, largest: float = TYPE.body):
    """A scenario's text in its box, at `largest` (set smaller only where a box is too small: an error
    the plan avoids by measuring first)."""
    return fit(text, box, Style(largest), f"scenario {view.number} {what}", where)
