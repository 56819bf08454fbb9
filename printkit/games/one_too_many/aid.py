"""The player aid (the Aids kind): a half page per player, two to a page with a cut line between them. The rules
in short on the left; on the right the bust length for each player count and example centres,
each judged by the run check."""

from __future__ import annotations

from printkit.ground.errors import PrintkitError
from printkit.plan.flow import Flow
from printkit.plan.fonts import DESCENT
from printkit.plan.geometry import Rect, Segment
from printkit.plan.marks import Box, Line
from printkit.plan.minicard import MiniCard, card_row
from printkit.plan.fitting import fit
from printkit.plan.text import PT_PER_MM
from printkit.plan.typeset import Style
from printkit.plan.type import SPACE, TYPE

from .model import bust_length

SIDE = 64.0  # the right-hand column: bust lengths and examples (seven small Diamonds across)
MINI = (8.0, 10.0)  # a Diamond drawn small, width by height


def aid(kit, box: Rect) -> list:
    """One player's aid in `box`, half a page: the Aids kind prints one for each player."""
    return _aid(box, kit, kit.words("player-aid", **kit.model.computed()))


def _aid(box: Rect, kit, words) -> list:
    head = Flow(box.inset(2 * SPACE))
    head.line(words.plain("heading"), TYPE.title, bold=True, item="aid heading", where=words.where("heading"),
              right=(words.plain("goal"), TYPE.heading))
    head.space()
    rest = head.rest
    steps = Flow(Rect(rest.x, rest.y, rest.width - SIDE - 2.5 * SPACE, rest.height))
    steps.text(words.markup("steps"), Style(TYPE.body, TYPE.small), "player aid", words.where("steps"))
    side = Flow(Rect(rest.right - SIDE, rest.y, SIDE, rest.height))
    _check_examples(kit)
    if _side(side, kit.model, words) < side.box.y:
        raise PrintkitError([kit.where("game.yaml", ("run_examples",)).with_message(
            f"run_examples: the examples do not fit beside the rules on a {kit.options.paper.name} player aid; "
            "give fewer")])
    x = side.box.x - 1.25 * SPACE
    return [Box(box, width=0.4, radius=SPACE)] + head.marks + steps.marks + side.marks + \
        [Line(Segment(x, rest.y, x, rest.top), width=0.2, level=0.5)]


def _check_examples(kit) -> None:
    """Each example centre is one row of small Diamonds: it must fit across the side column."""
    most = int((SIDE + 1) // (MINI[0] + 1))
    wide = [(i, diamonds) for i, (diamonds, _) in enumerate(kit.model.examples) if len(diamonds) > most]
    if wide:
        raise PrintkitError([kit.where("game.yaml", ("run_examples", i, "diamonds")).with_message(
            f"run_examples: example {i + 1} shows {len(diamonds)} Diamonds; the player aid has room for {most} "
            "in a row") for i, diamonds in wide])


def _side(side: Flow, rules, words) -> float:
    """The bust length for each player count; the Ace examples; the content's example centres,
    each judged by the run check (a card of the longest run stands out). Returns how low its
    ink goes."""
    side.line(words.plain("bust_title"), TYPE.heading, bold=True, item="bust title", where=words.where("bust_title"))
    side.space(0.25)
    for count in rules.player_counts:
        side.line(words.plain("bust_line", count, bust_length(count)), indent=SPACE, item="bust line",
                  where=words.where("bust_line"))
    side.space()
    for which, cards, is_run in rules.ace_runs():
        strip = _cards(side, cards, set(cards) if is_run else set())
        verdict = words.markup("ace_verdict", is_run, words.plain(which) if is_run else "")
        x = strip.x + len(cards) * (MINI[0] + 1) + SPACE
        side.marks.append(fit(verdict, Rect(x, strip.y, strip.right - x, strip.height),
                              Style(TYPE.small, valign="middle"), "Ace example", words.where("ace_verdict")))
    side.space()
    side.line(words.plain("examples_title"), TYPE.heading, bold=True, item="examples title",
              where=words.where("examples_title"))
    side.space(0.5)
    for verdict in rules.verdicts():
        _cards(side, verdict.diamonds, set(verdict.run))
        last = side.line(words.plain("verdict", verdict.players, list(verdict.run), verdict.busts), TYPE.small,
                         item="example verdict", where=words.where("verdict"))
        side.space(0.5)
    return last.y - DESCENT * TYPE.small / PT_PER_MM


def _cards(side: Flow, ranks, in_run: set) -> Rect:
    """A row of small Diamonds at the top of what is left; a card of the run stands out, so the
    run reads in black-and-white print."""
    strip = side.take(MINI[1])
    side.space(0.75)
    cards = [MiniCard(rank, "diamonds", index=False, look="strong" if rank in in_run else "plain") for rank in ranks]
    side.marks += card_row(cards, strip.x, strip.y, MINI[1], MINI[0])
    return strip
