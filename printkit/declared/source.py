"""Where a card product is declared: game.yaml's `products` (a game with no Python), or the
layouts.yaml of a game of printkit's own. Light on purpose: printkit's games name it when they are
imported, before any card is planned."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    """A content file that declares card products, by its stem (its data's key) and its name."""

    stem: str = "game"
    file: str = "game.yaml"
