"""Where a card product's cards lie in its PDF, as data: which page and which slot each card's
face and back is on, for a sheet of cards (each front page followed by its back page) or a
gutter-fold sheet (each back on its front's page). Previews crop each card from this."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.plan.cards import CardSheet
from printkit.plan.geometry import Rect
from printkit.plan.gutterfold import GutterFold


@dataclass(frozen=True)
class DeckLayout:
    """Where a card product's cards lie in its PDF: `cards` cards on `sheet`, each front page
    followed by its back page unless duplex is "none" or the sheet is a gutter fold (each back on
    its front's page). Previews crop each card from this."""

    sheet: CardSheet | GutterFold
    cards: int
    duplex: str

    @property
    def one_sided(self) -> bool:
        return self.duplex == "none" or isinstance(self.sheet, GutterFold)

    @property
    def pages(self) -> int:
        sheets = -(-self.cards // self.sheet.per_sheet)
        return sheets * (1 if self.one_sided else 2)

    def faces(self) -> list[tuple[int, Rect]]:
        """(page index, trim) of every card's face, in deck order."""
        step = 1 if self.one_sided else 2
        per = self.sheet.per_sheet
        return [(card // per * step, self.sheet.slots[card % per].trim) for card in range(self.cards)]

    def backs(self) -> list[tuple[int, Rect]]:
        """(page index, trim) of every card's back, in deck order (none when duplex is "none")."""
        if self.duplex == "none" and not isinstance(self.sheet, GutterFold):
            return []
        step, behind = (1, 0) if self.one_sided else (2, 1)
        per = self.sheet.per_sheet
        return [(card // per * step + behind, self.sheet.back_slot(self.sheet.slots[card % per], self.duplex).trim)
                for card in range(self.cards)]
