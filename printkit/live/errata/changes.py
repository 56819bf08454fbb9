"""What changed since a game's cards were printed: each card whose fingerprint is not the one
recorded, each card that is new, each card recorded that the game no longer has; and for a
changed card, the words it said and says now, the texts that differ."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from printkit.live.errata.record import PrintedCard, Printing


@dataclass(frozen=True)
class Change:
    product: str
    name: str
    ordinal: int
    kind: str  # changed | new | removed
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()

    @property
    def printed(self) -> bool:
        """A card to print again (a removed one is only listed)."""
        return self.kind != "removed"


def changes(printing: Printing, now: list[PrintedCard]) -> list[Change]:
    """The game's changes in deck order, then the cards removed, in the record's order."""
    before = {card.key: card for card in printing.cards}
    after = {card.key for card in now}
    found = [Change(*card.key, "new", (), card.words) if card.key not in before else
             Change(*card.key, "changed", before[card.key].words, card.words)
             for card in now if card.key not in before or before[card.key].fingerprint != card.fingerprint]
    return found + [Change(*card.key, "removed", card.words) for card in printing.cards if card.key not in after]


def differences(before: tuple[str, ...], after: tuple[str, ...]) -> list[tuple[str, str]]:
    """The texts that differ, each stretch as (what it said, what it says), either maybe empty."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return [(" ".join(before[i1:i2]), " ".join(after[j1:j2]))
            for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def runs(found: list[Change]) -> list[list[Change]]:
    """Changes side by side that are the same change to cards of one product (a word every card
    shows, a token's twenty copies): listed as one line."""
    grouped: list[list[Change]] = []
    for change in found:
        if grouped and _alike(grouped[-1][-1], change):
            grouped[-1].append(change)
        else:
            grouped.append([change])
    return grouped


def copies(run: list[Change]) -> list[tuple[str, int, int]]:
    """The cards of a run as (name, first ordinal, last ordinal): copies of a card side by side, once."""
    found: list[tuple[str, int, int]] = []
    for change in run:
        if found and found[-1][0] == change.name and found[-1][2] == change.ordinal - 1:
            found[-1] = (change.name, found[-1][1], change.ordinal)
        else:
            found.append((change.name, change.ordinal, change.ordinal))
    return found


def _alike(one: Change, other: Change) -> bool:
    if (one.product, one.kind) != (other.product, other.kind):
        return False
    return one.kind != "changed" or differences(one.before, one.after) == differences(other.before, other.after)
