"""One scenario on paper: its blocks (intro, setup steps, layout, deal, deck map, story, effect
example), each drawn into a box, and the two arrangements of those boxes: one A4/Letter setup
sheet, and a two-page spread for the booklet's half-size pages."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.geometry import Rect
from printkit.render.pdf import PdfFile
from printkit.render.text import draw_blocks, fit, height_of, paragraphs, parse_blocks
from printkit.rules.cross_sums import Setup, apply, derive

from . import diagrams
from .model import campaign_of, scenario_of

GAP = 3.5
MAP_HEIGHT = 44.0


@dataclass(frozen=True)
class ScenarioView:
    """A scenario with its derived setup and its words: all a page needs to draw it."""

    kit: object
    index: int
    setup: Setup
    words: object

    @property
    def number(self) -> int:
        return self.setup.scenario.number

    def where(self, *path):
        return self.kit.where("scenarios.yaml", ("scenarios", self.index) + path)


def views(kit, numbers=None) -> list[ScenarioView]:
    campaign = campaign_of(kit.data["campaign"])
    found = []
    for index, data in enumerate(kit.data["scenarios"]["scenarios"]):
        if numbers is None or data["number"] in numbers:
            setup = derive(campaign, scenario_of(data))
            words = kit.words("setup", scenario=data, deal=deal_of(kit.data["campaign"], setup))
            found.append(ScenarioView(kit, index, setup, words))
    return found


def deal_of(campaign: dict, setup: Setup) -> dict:
    """The deal's numbers for the words: every count from the rules model."""
    scenario = setup.scenario
    targets = len(setup.targets)
    return {"number_suits": campaign["number_suits"][:scenario.copies], "action_suits": campaign["action_suits"],
            "cards": setup.play_cards, "numbers": len(setup.number_cards), "actions": len(setup.action_cards),
            "players": campaign["players"], "dealt": setup.deal, "stock": setup.stock, "targets": targets,
            "aside": 52 - setup.play_cards - targets}


# --- the blocks ---------------------------------------------------------------------------------

def draw_intro(pdf: PdfFile, box: Rect, view: ScenarioView) -> None:
    words = view.words
    title, _ = fit(f"<b>{words.markup('heading')}</b>", box.width, 9, 16.0, f"scenario {view.number} title",
                   view.where("title"))
    y = draw_blocks(pdf, title, box.x, box.top, box.width)
    rest = f"<i>{words.markup('tagline')}</i>\n\n{words.markup('for_this')}"
    flowables, _ = fit(rest, box.width, y - box.y, 10.0, f"scenario {view.number} introduction",
                       view.where("tagline"))
    draw_blocks(pdf, flowables, box.x, y - 1.0, box.width)


def steps_text(view: ScenarioView) -> str:
    words = view.words
    return f"# {words.markup('setup_heading')}\n" + "\n\n".join(
        f"<b>{n}.</b> {words.markup(f'step_{n}')}" for n in range(1, 5))


def story_text(view: ScenarioView) -> str:
    return f"{view.words.markup('section')}\n\n{view.words.markup('watch')}"


def draw_steps(pdf: PdfFile, box: Rect, view: ScenarioView) -> None:
    _text(pdf, box, steps_text(view), 9.5, view, "setup steps", view.where("rows"))


def draw_story(pdf: PdfFile, box: Rect, view: ScenarioView) -> None:
    _text(pdf, box, story_text(view), 9.5, view, "section and 'What to watch'", view.where("section", "text"))


def draw_layout(pdf: PdfFile, box: Rect, view: ScenarioView) -> None:
    area = _titled(pdf, box, view.words, ("layout_heading", 5.5), ("layout_note", 9, "layout note"))
    diagrams.draw_layout(pdf, area, view.setup, view.kit.data["campaign"]["target_suit"])


def _titled(pdf: PdfFile, box: Rect, words, heading: tuple, note: tuple) -> Rect:
    """A diagram's heading at the top of its box and its note at the foot; returns the room left
    between them. `heading` is (word, room it takes); `note` is (word, largest height, item name)."""
    (title, below), (name, largest, item) = heading, note
    pdf.text(box.x, box.top - 3, words.plain(title), 8.5, font="Sans-Bold")
    flowables, _ = fit(words.markup(name), box.width, largest, 7.5, item, words.where(name))
    note_h = height_of(flowables, box.width)
    draw_blocks(pdf, flowables, box.x, box.y + note_h, box.width)
    return Rect(box.x, box.y + note_h + 1.5, box.width, box.height - note_h - 1.5 - below)


def draw_deal(pdf: PdfFile, box: Rect, view: ScenarioView) -> None:
    words = view.words
    pdf.rect(box, width=0.35, radius=1.5)
    text = "\n\n".join([f"<b>{words.markup('deal_heading')}</b>"]
                        + [words.markup(name) for name in ("deal_numbers", "deal_hands", "deal_market",
                                                           "deal_stock", "deal_aside")])
    _text(pdf, box.inset(2.5), text, 9.0, view, "deal", words.where("deal_numbers"))


def draw_deck_map(pdf: PdfFile, box: Rect, view: ScenarioView) -> None:
    area = _titled(pdf, box, view.words, ("map_heading", 4.5), ("legend", 11, "deck map legend"))
    diagrams.draw_deck_map(pdf, area, view.setup, view.words)


def draw_example(pdf: PdfFile, box: Rect, view: ScenarioView) -> None:
    words = view.words
    example = view.setup.scenario.example
    pdf.text(box.x, box.top - 3.5, words.plain("example_heading"), 10, font="Sans-Bold")
    drawing = Rect(box.x, box.y, box.width, box.height - 6)
    caption_box = diagrams.draw_example(pdf, drawing, example, words, "hearts")
    after, returned = apply(example)
    text = words.markup("example_caption", example_dict(example), after, returned)
    _text(pdf, caption_box, text, 8.5, view, "effect example caption", view.where("effect_example"))


def example_dict(example) -> dict:
    return {"effect": example.effect, "places": example.places, "at": example.at, "hand": example.hand}


def _text(pdf, box: Rect, text: str, largest: float, view: ScenarioView, what: str, where) -> None:
    flowables, _ = fit(text, box.width, box.height, largest, f"scenario {view.number} {what}", where)
    draw_blocks(pdf, flowables, box.x, box.top, box.width)


# --- the arrangements ---------------------------------------------------------------------------

def sheet_boxes(body: Rect, view: ScenarioView) -> dict[str, Rect]:
    """One page, top to bottom: intro, steps, layout beside the deal (and the example), deck map,
    story. The texts get the height they need at full size; the layout takes the rest."""
    has_example = view.setup.scenario.example is not None
    heights = {"intro": 24.0, "steps": needed(steps_text(view), body.width, 9.5) + 1, "middle": 0.0,
               "map": 45.0, "story": needed(story_text(view), body.width, 9.5) + 1}
    heights["middle"] = max(85.0, body.height - sum(heights.values()) - 4 * GAP)
    boxes, top = {}, body.top
    for name, height in heights.items():
        boxes[name] = Rect(body.x, max(body.y, top - height), body.width, min(height, top - body.y))
        top -= height + GAP
    middle = boxes.pop("middle")
    side = 80.0 if has_example else 62.0
    boxes["layout"] = Rect(middle.x, middle.y, middle.width - side - GAP, middle.height)
    column = Rect(middle.right - side, middle.y, side, middle.height)
    boxes["deal"] = Rect(column.x, column.top - 34, column.width, 34)
    if has_example:
        boxes["example"] = Rect(column.x, column.y, column.width, column.height - 34 - 2 * GAP)
    return boxes


def needed(text: str, width: float, size: float) -> float:
    """The height `text` takes at `size` points, `width` mm wide."""
    return height_of(paragraphs(parse_blocks(text), size), width)


def spread_boxes(page: Rect, view: ScenarioView) -> dict[str, Rect]:
    """Two facing booklet pages of the same size: the story on the left, the set-up on the right.
    The deck map goes under the story unless an effect example needs that room, so the layout
    keeps cards large enough to read."""
    has_example = view.setup.scenario.example is not None
    boxes = {"intro": Rect(page.x, page.top - 30, page.width, 30),
             "deal": Rect(page.x, page.top - 30 - GAP - 34, min(page.width, 80), 34)}
    story_top = page.top - 30 - 2 * GAP - 34
    bottom = 78.0 if has_example else MAP_HEIGHT + GAP
    boxes["story"] = Rect(page.x, page.y + bottom, page.width, story_top - page.y - bottom)
    if has_example:
        boxes["example"] = Rect(page.x, page.y, page.width, bottom - GAP)
    steps = min(70.0, needed(steps_text(view), page.width, 9.5) + 2)
    boxes["steps"] = Rect(page.x, page.top - steps, page.width, steps)
    boxes["map"] = Rect(page.x, page.y, page.width, MAP_HEIGHT)
    layout_bottom = page.y + (MAP_HEIGHT + GAP if has_example else 0.0)
    boxes["layout"] = Rect(page.x, layout_bottom, page.width, page.top - steps - GAP - layout_bottom)
    return boxes


def spread_sides(view: ScenarioView) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Which blocks go on the left and on the right page of a scenario's spread."""
    if view.setup.scenario.example is not None:
        return ("intro", "deal", "story", "example"), ("steps", "layout", "map")
    return ("intro", "deal", "story", "map"), ("steps", "layout")


BLOCKS = {"intro": draw_intro, "steps": draw_steps, "layout": draw_layout, "deal": draw_deal,
          "map": draw_deck_map, "story": draw_story, "example": draw_example}


def draw_blocks_in(pdf: PdfFile, boxes: dict[str, Rect], view: ScenarioView, only=None) -> None:
    for name, box in boxes.items():
        if only is None or name in only:
            BLOCKS[name](pdf, box, view)
