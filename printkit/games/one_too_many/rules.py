"""The one-page rules reference, set from the template with the rules model's numbers."""

from __future__ import annotations

from printkit.render.rules_page import render_rules_page

from .model import computed


def render(kit) -> tuple[bytes, int]:
    # 11 pt is as large as a one-page reference of this length gets; trying larger sizes first is wasted work
    return render_rules_page(kit, kit.words("rules", **computed(kit.data["game"])), largest=11.0)
