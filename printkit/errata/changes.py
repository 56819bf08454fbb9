"""What changed since a game's cards were printed: each card whose fingerprint is not the one
recorded, each card that is new, each card recorded that the game no longer has; and for a
changed card, the words it said and says now, the texts that differ."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from printkit.errata.record import PrintedCard, Printing


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
    """Changes side by side that are one change to copies of one card (a token's twenty copies):
    listed as one line."""
    grouped: list[list[Change]] = []
    for change in found:
        last = grouped[-1][-1] if grouped else None
        if last and (last.product, last.name, last.kind, last.before, last.after) == \
                (change.product, change.name, change.kind, change.before, change.after) \
                and change.ordinal == last.ordinal + 1:
            grouped[-1].append(change)
        else:
            grouped.append([change])
    return grouped
