"""Cut lines as the trade takes them: a shop's cards carry none of the home sheets' cut guides,
and a press file's page of a shaped piece (a round token) carries its die line apart from the
art, as a spot colour no plate prints (`DieLine`, drawn in CutContour by printkit/render/inks.py).

A home sheet's round token has a light grey circle on its trim to guide scissors; sent to a shop it
would print, and show wherever the die strays from it by a fraction of a millimetre. A press cuts a
rectangle by the page's TrimBox, but a circle only by a die line it is given: the shops that take a
PDF (`kind: pdf`) are given one on every page of a round product, front and back (the same circle,
either way the sheet is fed); images (PNG) and cutting machines' cut-outs carry none, the machine
cutting round the image's own transparent outline."""

from __future__ import annotations

from dataclasses import replace

from printkit.plan.items import CUT_GUIDE
from printkit.plan.marks import Circle, DieLine, Group, Page


def shop_deck(product, kit, bleed: float) -> tuple:
    """The product's deck for a shop (`Cards.shop_deck`), its cards without cut guides."""
    sheet, cards = product.shop_deck(kit, bleed)
    return sheet, shop_cards(cards)


def shop_cards(cards: list) -> list:
    """The cards with no cut guide on either side. A side several cards share stays one object
    (an export draws a shared side once, known by its identity)."""
    done: dict[int, tuple] = {}

    def side(marks: tuple) -> tuple:
        if id(marks) not in done:
            done[id(marks)] = without_cut_guides(marks)
        return done[id(marks)]

    return [replace(card, face=side(card.face), back=side(card.back)) for card in cards]


def without_cut_guides(marks: tuple) -> tuple:
    """`marks` without the cut guides among them, in groups too; the same tuple where it has none."""
    kept = []
    for mark in marks:
        if getattr(mark, "item", None) == CUT_GUIDE:
            continue
        kept.append(replace(mark, marks=without_cut_guides(mark.marks)) if isinstance(mark, Group) else mark)
    changed = len(kept) != len(marks) or any(a is not b for a, b in zip(kept, marks))
    return tuple(kept) if changed else marks


def takes_die_line(profile) -> bool:
    """Whether the shop's files are press PDFs, which carry a shaped piece's die line."""
    return profile.kind == "pdf"


def press_page(page: Page, profile, round_: bool) -> Page:
    """A shop's page of one card side (`card_page`), with the die line of a round piece on its
    trim where the shop takes one."""
    if not (round_ and takes_die_line(profile)):
        return page
    trim = page.trim
    circle = Circle(trim.x + trim.width / 2, trim.y + trim.height / 2, trim.width / 2, level=None)
    return replace(page, marks=tuple(page.marks) + (DieLine(circle),))
