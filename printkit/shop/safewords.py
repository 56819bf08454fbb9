"""Words inside a shop's safe zone: for a build they are the layout lint's warning (the designer
looks and decides), for an export to that shop they are an error, judged by the shop's own safe
zone (MB Print's 4 mm, The Game Crafter's 1/8 in): the shop's cut may take them, and the shop is
the one who cuts. Read from the export's record of what was planned, as preflight reads it."""

from __future__ import annotations

from printkit.errors import Problem
from printkit.shop.profiles import Profile
from printkit.shop.safelines import planned
from printkit.shop.safezone import intrusions


def words_inside(entry: dict, profile: Profile) -> list[Problem]:
    """One line for each layer whose words come nearer the trim than the shop's safe zone, at the
    line its first card's words are written at (its layer's, else the card's row), with that card
    and how many more show it."""
    found: dict = {}
    for card in entry.get("cards", []) if entry.get("trim") else ():  # (every kind's record has them)
        for side in profile.sides():
            texts = [item for item in planned(card.get(side, [])) if item.text]
            for item, inside in intrusions(texts, entry["trim"], profile.safe):
                first = found.setdefault(_layer(item.name, card), [item.where or card.get("where") or "", card, side,
                                                                   inside, 0])
                first[3], first[4] = min(first[3], inside), first[4] + 1
    return [_said(entry, profile, name, *seen) for name, seen in found.items()]


def _said(entry: dict, profile: Profile, name: str, where: str, card: dict, side: str, inside: float,
          count: int) -> Problem:
    more = f" and {count - 1} more" if count > 1 else ""
    shown = f"card {card['card']}"  # its place in the export, as preflight names it
    message = (f"{entry['product']}: {name}: its words come {inside:.1f} mm from the trim, inside the {profile.safe:g} mm "
               f"safe zone of {profile.name}, which its cut may take; move them in for this shop ({shown}"
               f"{' back' if side == 'back' else ''}{more})")
    file, _, line = where.rpartition(":")
    return Problem(file, int(line), message) if file and line.isdigit() else Problem(entry["product"], None, message)


def _layer(name: str, card: dict) -> str:
    """A declared layer's item without the card it is on ("card 3 title": title)."""
    for prefix in (f"card {card['card']} ", f"card {card.get('name')} ", f"{card.get('name')} "):
        if name.startswith(prefix) and len(name) > len(prefix):
            return name[len(prefix):]
    return name
