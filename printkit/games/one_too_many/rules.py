"""The one-page rules reference, set from the template with the rules model's numbers."""

from __future__ import annotations

from printkit.render.rules_page import render_rules_page

from .model import computed


def render(kit) -> tuple[bytes, int]:
    return render_rules_page(kit, kit.words("rules", **computed(kit.data["game"])))
