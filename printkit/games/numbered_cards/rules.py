"""The one-page rules reference; the winning count is the rules model's."""

from __future__ import annotations

from printkit.render.rules_page import render_rules_page
from printkit.rules.numbered_cards import scored_to_win


def render(kit) -> tuple[bytes, int]:
    words = kit.words("rules", win_at=scored_to_win(len(kit.data["game"]["cards"])))
    return render_rules_page(kit, words)
