"""The player aid: a half page for each player, what a turn asks of them (its three steps, how to
win) and what covering and each face card do, with a small card beside each."""

from __future__ import annotations

from printkit.plan.flow import Flow
from printkit.plan.geometry import Rect
from printkit.plan.marks import Box
from printkit.plan.minicard import MiniCard, card_width, mini_card
from printkit.plan.fitting import fit, measure
from printkit.plan.typeset import Style
from printkit.plan.type import LINE, SPACE, TYPE
from printkit.products.sheets import title_line

from .model import ACTION_RANKS, RANK_NAMES

CARD = 16.0  # mm: the small card beside each face card's words
FACES = ("jack", "queen", "king")


def aid(kit, box: Rect) -> list:
    words = kit.words("player-aid", stages=kit.model.hand_stages())
    head, rest = title_line(box.inset(2 * SPACE), words.plain("heading"), words.where("heading"),
                            right=words.plain("goal"))
    left, right = rest.cut_left(rest.width * 0.52, 3 * SPACE)
    turn = Flow(left)
    turn.text(words.markup("turn"), Style(TYPE.body), "player aid turn", words.where("turn"))
    return [Box(box, width=LINE.heavy, radius=SPACE)] + head + turn.marks + face_cards(right, kit, words)


def face_cards(box: Rect, kit, words) -> list:
    """Covering, then each face card the campaign has, a small card beside its words."""
    flow = Flow(box)
    flow.line(words.plain("cards_heading"), TYPE.heading, bold=True, item="player aid heading",
              where=words.where("cards_heading"))
    flow.space(0.5)
    flow.text(words.markup("cover"), Style(TYPE.body), "player aid covering", words.where("cover"))
    marks = []
    suit = kit.model.campaign.action_suits[0]
    for name in (face for face in FACES if face in kit.model.campaign.actions):
        flow.space()
        indent = card_width(CARD) + 2 * SPACE
        strip = flow.take(max(CARD, measure(words.markup(name), box.width - indent, TYPE.body) + 1))
        marks.append(mini_card(MiniCard(RANK_NAMES[ACTION_RANKS[name]], suit), strip.x + card_width(CARD) / 2,
                               strip.top - CARD / 2, CARD))
        marks.append(fit(words.markup(name), strip.cut_left(indent)[1], Style(TYPE.body), f"player aid {name}",
                         words.where(name)))
    flow.space()
    flow.text(words.markup("after_use"), Style(TYPE.body), "player aid face cards", words.where("after_use"))
    return flow.marks + marks
